//! Games as PGN: the usual tags, the game's name in a `Variant` tag, `FEN` and `SetUp`
//! when the start is not the game's setup, and the moves in readable text (core's
//! `Position::readable_text_marked`: SAN in chess, `Nf3`, `exd5`, `O-O`, `e8=Q+`, and
//! its extension to every game, `J@e4`, `Gxc3`).

use std::fmt::Write;

/// What a PGN record needs of a game.
pub struct Record<'a> {
    /// The `Event` tag.
    pub event: &'a str,
    /// The `Round` tag: the game's number, from 1.
    pub round: usize,
    /// White's name.
    pub white: &'a str,
    /// Black's name.
    pub black: &'a str,
    /// The game's name, in the `Variant` tag.
    pub variant: &'a str,
    /// The start position when it is not the game's setup.
    pub fen: Option<&'a str>,
    /// Moves in readable text.
    pub moves: &'a [String],
    /// How many of the moves were the random opening.
    pub opening: usize,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'a str,
    /// Why the game ended.
    pub termination: &'a str,
}

/// Escapes a tag value.
fn tag(name: &str, value: &str) -> String {
    let v = value.replace('\\', "\\\\").replace('"', "\\\"");
    format!("[{name} \"{v}\"]\n")
}

impl Record<'_> {
    /// The record as PGN text, ending with an empty line.
    pub fn write(&self) -> String {
        let mut s = String::new();
        s.push_str(&tag("Event", self.event));
        s.push_str(&tag("Site", "fairyforge match"));
        s.push_str(&tag("Round", &self.round.to_string()));
        s.push_str(&tag("White", self.white));
        s.push_str(&tag("Black", self.black));
        s.push_str(&tag("Result", self.result));
        s.push_str(&tag("Variant", self.variant));
        if let Some(f) = self.fen {
            s.push_str(&tag("SetUp", "1"));
            s.push_str(&tag("FEN", f));
        }
        s.push_str(&tag("Termination", self.termination));
        s.push('\n');
        let black_first = self
            .fen
            .and_then(|f| f.split_whitespace().nth(1))
            .is_some_and(|side| side == "b");
        let first_number = self
            .fen
            .and_then(|f| f.split_whitespace().nth(5))
            .and_then(|n| n.parse::<usize>().ok())
            .unwrap_or(1);
        let mut line = String::new();
        let mut words: Vec<String> = Vec::new();
        for (i, m) in self.moves.iter().enumerate() {
            let ply = i + black_first as usize;
            let number = first_number + ply / 2;
            if ply.is_multiple_of(2) {
                words.push(format!("{number}."));
            } else if i == 0 {
                words.push(format!("{number}..."));
            }
            words.push(m.clone());
            if i + 1 == self.opening && self.opening > 0 {
                words.push("{end of the random opening}".to_string());
            }
        }
        words.push(self.result.to_string());
        for w in words {
            if line.len() + w.len() + 1 > 79 {
                let _ = writeln!(s, "{line}");
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&w);
        }
        let _ = writeln!(s, "{line}");
        s.push('\n');
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_in_pgn() {
        let moves: Vec<String> = ["e4", "e5", "Nf3"].iter().map(|s| s.to_string()).collect();
        let r = Record {
            event: "fairyforge match",
            round: 3,
            white: "modern",
            black: "classic",
            variant: "capablanca",
            fen: None,
            moves: &moves,
            opening: 2,
            result: "1-0",
            termination: "White wins by checkmate",
        };
        assert_eq!(
            r.write(),
            "[Event \"fairyforge match\"]\n[Site \"fairyforge match\"]\n[Round \"3\"]\n\
             [White \"modern\"]\n[Black \"classic\"]\n[Result \"1-0\"]\n[Variant \"capablanca\"]\n\
             [Termination \"White wins by checkmate\"]\n\n\
             1. e4 e5 {end of the random opening} 2. Nf3 1-0\n\n"
        );
        let from = Record {
            fen: Some("4k3/8/8/8/8/8/8/4K2R b K - 0 12"),
            opening: 0,
            result: "1/2-1/2",
            ..r
        };
        let text = from.write();
        assert!(
            text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 12\"]\n"),
            "{text}"
        );
        assert!(text.contains("\n12... e4 13. e5 Nf3 1/2-1/2\n"), "{text}");
    }
}
