//! Training data: positions with the search's score and the game's result, in a plain
//! text format whose reader sits beside its writer.
//!
//! ```text
//! fairyforge-data 1 Chess
//! rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2 | 35 | 0.5
//! ```
//!
//! The first line names the format, its version and the game (its name as the game file
//! gives it). Each further line is one position: its position string, the search's score
//! in centipawns from the side to move's view, and the game's result from the side to
//! move's view (`1` won, `0.5` drawn, `0` lost), separated by ` | `. Empty lines and lines
//! starting with `#` are skipped.

use serde::{Deserialize, Serialize};

const MAGIC: &str = "fairyforge-data";
/// The version of the data format this library writes and reads.
pub const DATA_VERSION: u32 = 1;
/// The largest score a sample may hold, in centipawns (mate scores are not samples).
pub const MAX_SAMPLE_SCORE: i32 = 30_000;

/// How the game ended for the side to move of a sample.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Wdl {
    /// The side to move went on to win.
    Win,
    /// The game was drawn.
    Draw,
    /// The side to move went on to lose.
    Loss,
}

impl Wdl {
    /// 1, 0.5 or 0.
    pub fn value(self) -> f32 {
        match self {
            Wdl::Win => 1.0,
            Wdl::Draw => 0.5,
            Wdl::Loss => 0.0,
        }
    }

    /// The result seen from the other side.
    pub fn flip(self) -> Wdl {
        match self {
            Wdl::Win => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::Loss => Wdl::Win,
        }
    }

    fn text(self) -> &'static str {
        match self {
            Wdl::Win => "1",
            Wdl::Draw => "0.5",
            Wdl::Loss => "0",
        }
    }
}

/// One position to learn from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sample {
    /// The position string.
    pub fen: String,
    /// The search's score in centipawns, for the side to move.
    pub score: i32,
    /// The game's result for the side to move.
    pub result: Wdl,
}

/// The samples of one game, as a file holds them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DataSet {
    /// The game's name (`Variant::name`).
    pub game: String,
    /// The positions.
    pub samples: Vec<Sample>,
}

/// Why a data file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct DataError {
    /// The line (from 1).
    pub line: usize,
    /// What is wrong, and how to fix it.
    pub message: String,
}

impl DataSet {
    /// The file's text.
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity(16 + self.samples.len() * 80);
        s.push_str(&format!("{MAGIC} {DATA_VERSION} {}\n", self.game));
        for x in &self.samples {
            s.push_str(&x.fen);
            s.push_str(" | ");
            s.push_str(&x.score.to_string());
            s.push_str(" | ");
            s.push_str(x.result.text());
            s.push('\n');
        }
        s
    }

    /// Reads a data file's text. The position strings are not checked against a game
    /// here: the trainer reads each for its game and says which line is wrong.
    pub fn read(text: &str) -> Result<DataSet, DataError> {
        let mut lines = text.lines().enumerate();
        let err = |line: usize, message: String| DataError {
            line: line + 1,
            message,
        };
        let header = lines.next().map(|(_, l)| l).unwrap_or("");
        let rest = header.strip_prefix(MAGIC).and_then(|r| r.strip_prefix(' '));
        let Some(rest) = rest else {
            return Err(err(
                0,
                format!("not a fairyforge data file: it does not begin with `{MAGIC}`"),
            ));
        };
        let (version, game) = rest.split_once(' ').unwrap_or((rest, ""));
        if version != DATA_VERSION.to_string() {
            return Err(err(
                0,
                format!(
                    "data format version `{version}`: this fairyforge reads version {DATA_VERSION}"
                ),
            ));
        }
        if game.trim().is_empty() {
            return Err(err(0, "the header names no game".into()));
        }
        let mut samples = Vec::new();
        for (i, line) in lines {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let fields: Vec<&str> = line.split(" | ").collect();
            let [fen, score, result] = fields[..] else {
                return Err(err(
                    i,
                    format!(
                        "{} fields; a position's line is `POSITION | SCORE | RESULT`",
                        fields.len()
                    ),
                ));
            };
            let score = score
                .trim()
                .parse::<i32>()
                .ok()
                .filter(|s| s.abs() <= MAX_SAMPLE_SCORE)
                .ok_or_else(|| {
                    err(
                        i,
                        format!(
                            "score `{}`: give whole centipawns from -{MAX_SAMPLE_SCORE} to {MAX_SAMPLE_SCORE}",
                            score.trim()
                        ),
                    )
                })?;
            let result = match result.trim() {
                "1" => Wdl::Win,
                "0.5" | "1/2" => Wdl::Draw,
                "0" => Wdl::Loss,
                other => {
                    return Err(err(
                        i,
                        format!("result `{other}`: give 1 (won), 0.5 (drawn) or 0 (lost)"),
                    ));
                }
            };
            samples.push(Sample {
                fen: fen.trim().to_string(),
                score,
                result,
            });
        }
        Ok(DataSet {
            game: game.trim().to_string(),
            samples,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_data_set_reads_back_as_written() {
        let d = DataSet {
            game: "Capablanca Chess".into(),
            samples: vec![
                Sample {
                    fen: "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1".into(),
                    score: 812,
                    result: Wdl::Win,
                },
                Sample {
                    fen: "4k3/8/8/8/8/8/8/4K3 b - - 3 40".into(),
                    score: -3,
                    result: Wdl::Draw,
                },
                Sample {
                    fen: "4k3/8/8/8/8/8/8/r3K3 w - - 0 1".into(),
                    score: -30000,
                    result: Wdl::Loss,
                },
            ],
        };
        let text = d.to_text();
        assert!(
            text.starts_with(
                "fairyforge-data 1 Capablanca Chess\n4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 | 812 | 1\n"
            ),
            "{text}"
        );
        assert_eq!(DataSet::read(&text).unwrap(), d);
        // Comments and empty lines are skipped.
        let commented = text.replace(
            "\n4k3/8/8/8/8/8/8/4K3",
            "\n# a comment\n\n4k3/8/8/8/8/8/8/4K3",
        );
        assert_eq!(DataSet::read(&commented).unwrap(), d);
    }

    #[test]
    fn bad_data_says_which_line() {
        let e = |t: &str| DataSet::read(t).unwrap_err().to_string();
        assert_eq!(
            e("rnbqkbnr | 3 | 1\n"),
            "line 1: not a fairyforge data file: it does not begin with `fairyforge-data`"
        );
        assert_eq!(
            e("fairyforge-data 2 Chess\n"),
            "line 1: data format version `2`: this fairyforge reads version 1"
        );
        assert_eq!(e("fairyforge-data 1\n"), "line 1: the header names no game");
        let h = "fairyforge-data 1 Chess\n";
        assert_eq!(
            e(&format!("{h}8/8 w | 3\n")),
            "line 2: 2 fields; a position's line is `POSITION | SCORE | RESULT`"
        );
        assert_eq!(
            e(&format!("{h}\n8/8 w | 3.5 | 1\n")),
            "line 3: score `3.5`: give whole centipawns from -30000 to 30000"
        );
        assert_eq!(
            e(&format!("{h}8/8 w | 31000 | 1\n")),
            "line 2: score `31000`: give whole centipawns from -30000 to 30000"
        );
        assert_eq!(
            e(&format!("{h}8/8 w | 3 | win\n")),
            "line 2: result `win`: give 1 (won), 0.5 (drawn) or 0 (lost)"
        );
    }
}
