//! `fairyforge tune PGN...`: fits the evaluation's weights to the results of played games
//! (a Texel-style fit, see docs/engine.md). The games are `fairyforge match` PGN files;
//! each game's quiet positions (not in check, not in the middle of an exchange, past the
//! opening) are labelled with its result, and the weights are moved one step at a time
//! while that makes the evaluation predict the results better. Prints the weights found
//! as engine settings (`eval.NAME=VALUE,...`) to try in a match, and as the lines of the
//! default table.

use fairyforge::search::{Dataset, Settings};
use fairyforge::{Position, Variant};

#[derive(clap::Args)]
pub struct TuneArgs {
    /// PGN files written by `fairyforge match`.
    #[arg(required = true)]
    pgn: Vec<String>,
    /// Rounds of the local search over all weights.
    #[arg(long, default_value_t = 20)]
    passes: usize,
    /// Plies of each game left out at its start (the random opening and the first moves).
    #[arg(long, default_value_t = 12)]
    skip: usize,
    /// Start from these engine settings' weights (default: the built-in ones).
    #[arg(long, default_value = "modern")]
    from: String,
}

/// One game of a PGN file: its variant name, result for White and moves.
struct Game {
    variant: String,
    result: f64,
    moves: Vec<String>,
}

fn read_games(text: &str) -> Vec<Game> {
    let mut games = Vec::new();
    let mut variant = String::from("chess");
    let mut result = None;
    let mut moves: Vec<String> = Vec::new();
    let mut in_moves = false;
    let finish =
        |variant: &str, result: Option<f64>, moves: &mut Vec<String>, games: &mut Vec<Game>| {
            if let Some(r) = result
                && !moves.is_empty()
            {
                games.push(Game {
                    variant: variant.to_string(),
                    result: r,
                    moves: std::mem::take(moves),
                });
            }
            moves.clear();
        };
    for line in text.lines() {
        let l = line.trim();
        if let Some(tag) = l.strip_prefix('[') {
            if in_moves {
                finish(&variant, result, &mut moves, &mut games);
                in_moves = false;
                result = None;
            }
            let (name, value) = tag
                .trim_end_matches(']')
                .split_once(' ')
                .unwrap_or((tag, ""));
            let value = value.trim_matches('"');
            match name {
                "Variant" => variant = value.to_string(),
                "Result" => {
                    result = match value {
                        "1-0" => Some(1.0),
                        "0-1" => Some(0.0),
                        "1/2-1/2" => Some(0.5),
                        _ => None,
                    }
                }
                _ => {}
            }
            continue;
        }
        if l.is_empty() {
            continue;
        }
        in_moves = true;
        let mut in_comment = false;
        for w in l.split_whitespace() {
            if w.starts_with('{') {
                in_comment = true;
            }
            if in_comment {
                if w.ends_with('}') {
                    in_comment = false;
                }
                continue;
            }
            if w.ends_with('.') || ["1-0", "0-1", "1/2-1/2", "*"].contains(&w) {
                continue;
            }
            moves.push(w.to_string());
        }
    }
    finish(&variant, result, &mut moves, &mut games);
    games
}

pub fn run(a: TuneArgs) -> crate::error::Result {
    let start = Settings::parse(&a.from).map_err(|e| e.to_string())?.weights;
    let mut data = Dataset::new();
    let mut games = 0;
    for path in &a.pgn {
        let text = crate::files::read_text(std::path::Path::new(path), crate::files::PGN)?;
        for g in read_games(&text) {
            let v = Variant::builtin(&g.variant)
                .ok_or_else(|| format!("{path}: no built-in game `{}`", g.variant))?;
            let mut p = Position::start(&v);
            let mut quiet_before = true;
            for (i, t) in g.moves.iter().enumerate() {
                let m = p
                    .parse_input(t)
                    .map_err(|e| format!("{path}: move {} `{t}`: {e}", i + 1))?;
                let capture = !p.captures_of(&m).is_empty();
                if i >= a.skip && quiet_before && !capture && !p.is_check() {
                    data.add(&p, games, g.result);
                }
                quiet_before = !capture;
                p.play_unchecked(&m);
            }
            games += 1;
        }
    }
    if data.is_empty() {
        return Err("no positions to tune on".into());
    }
    println!("{games} games, {} positions", data.len());
    if data.held_out() == 0 {
        println!(
            "none held out (every fifth game is, to stop the fit before it learns the games): the fit runs until it no longer improves"
        );
    }
    let k = data.fit_k(&start);
    println!("scale k = {k:.3}");
    let tuned = data.tune(&start, k, a.passes, |pass, (fit, held), _| {
        println!("pass {pass}: error {fit:.6} (held-out games: {held:.6})");
    });
    let changed: Vec<String> = tuned
        .iter()
        .zip(start.iter())
        .filter(|(t, s)| t.1 != s.1)
        .map(|((name, v), _)| format!("eval.{name}={v}"))
        .collect();
    println!(
        "settings: {}",
        if changed.is_empty() {
            "(unchanged)".to_string()
        } else {
            changed.join(",")
        }
    );
    for (name, v) in tuned.iter() {
        println!("{name} = {v}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairyforge::lab::pgn::Record;

    /// Games of every built-in game written as `match` writes them (readable text) read
    /// back, move by move, to the same moves.
    #[test]
    fn match_pgn_round_trips_through_the_readable_text() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for name in fairyforge::builtin::game_names() {
            let v = Variant::builtin(name).unwrap();
            let mut pos = Position::start(&v);
            let (mut played, mut texts) = (Vec::new(), Vec::new());
            while played.len() < 80 && pos.outcome().is_none() {
                let legal = pos.legal_moves();
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let m = legal[(seed % legal.len() as u64) as usize];
                texts.push(pos.readable_text_marked(&m));
                played.push(m);
                pos.play_unchecked(&m);
            }
            let record = Record {
                event: "test",
                round: 1,
                white: "a",
                black: "b",
                variant: name,
                fen: None,
                moves: &texts,
                opening: 4,
                result: "1/2-1/2",
                termination: "test",
            };
            let games = read_games(&record.write());
            assert_eq!(games.len(), 1, "{name}");
            assert_eq!(games[0].moves, texts, "{name}");
            let mut back = Position::start(&v);
            for (t, m) in games[0].moves.iter().zip(&played) {
                assert_eq!(
                    back.parse_input(t),
                    Ok(*m),
                    "{name}: `{t}` at {}",
                    back.fen()
                );
                back.play_unchecked(m);
            }
        }
    }

    #[test]
    fn games_are_read_from_match_pgn() {
        let text = "[Event \"x\"]\n[Result \"1-0\"]\n[Variant \"capablanca\"]\n\n1. e2e4 e7e5 {end of the random opening} 2. f1c4\n1-0\n\n[Event \"y\"]\n[Result \"1/2-1/2\"]\n[Variant \"chess\"]\n\n1. d2d4 1/2-1/2\n\n";
        let g = read_games(text);
        assert_eq!(g.len(), 2);
        assert_eq!((g[0].variant.as_str(), g[0].result), ("capablanca", 1.0));
        assert_eq!(g[0].moves, ["e2e4", "e7e5", "f1c4"]);
        assert_eq!(
            (g[1].variant.as_str(), g[1].result, g[1].moves.len()),
            ("chess", 0.5, 1)
        );
    }
}
