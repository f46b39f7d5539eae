//! Self-play for training data: a shard's games played as a match's are, each position a
//! side searched kept with the search's score and, once the game is over, its result
//! (docs/engine.md § Training a network).
//!
//! Not kept, as trainers usually skip them: the opening's random plies (not searched)
//! and the first [`SKIP_PLIES`] plies of the game, positions in check, positions whose
//! chosen move captures (their score is the capture's, which a static evaluation cannot
//! see), and mate scores (and scores beyond [`MAX_SAMPLE_SCORE`]).

use crate::contract::{GameRecord, Side};
use crate::nnue::data::MAX_SAMPLE_SCORE;
use crate::nnue::{Sample, Wdl};
use crate::search::Score;
use crate::{Color, Move, Position};

use super::game::{Match, play_game_seen};
use super::player::Player;

/// The plies at a game's start whose positions are not kept.
pub const SKIP_PLIES: usize = 8;

/// Whether a position searched to `score`, where `chosen` was played, is kept.
fn kept(pos: &Position, chosen: &Move, score: Option<Score>) -> Option<i32> {
    let Some(Score::Cp(cp)) = score else {
        return None;
    };
    (pos.ply_count() >= SKIP_PLIES
        && cp.abs() <= MAX_SAMPLE_SCORE
        && !pos.is_check()
        && pos.captures_of(chosen).is_empty())
    .then_some(cp)
}

/// Plays game `index` and returns its record with its samples.
pub fn play_selfplay_game(m: &Match, players: &mut [Box<dyn Player>], index: u64) -> GameRecord {
    let mut seen: Vec<(String, Color, i32)> = Vec::new();
    let mut record = play_game_seen(m, players, index, |pos, chosen, score| {
        if let Some(cp) = kept(pos, chosen, score) {
            seen.push((pos.fen(), pos.side_to_move(), cp));
        }
    });
    let winner = record.winner.map(|s| match s {
        Side::White => Color::White,
        Side::Black => Color::Black,
    });
    record.samples = seen
        .into_iter()
        .map(|(fen, mover, score)| Sample {
            fen,
            score,
            result: match winner {
                None => Wdl::Draw,
                Some(c) if c == mover => Wdl::Win,
                Some(_) => Wdl::Loss,
            },
        })
        .collect();
    record
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use crate::contract::{ShardKind, ShardResult, ShardSpec};
    use crate::lab::{merge, play_shard, run_local};
    use crate::nnue::DataSet;
    use crate::{Position, Variant};

    use super::*;

    fn spec(id: u64, first: u64, count: u64) -> ShardSpec {
        let mut s: ShardSpec = serde_json::from_value(serde_json::json!({
            "id": id, "game": "chess", "openings": "random-plies:4", "seed": 5,
            "first": first, "count": count, "limit": {"nodes": 200}, "max_plies": 60,
            "hash_mb": 1, "kind": "selfplay",
        }))
        .unwrap();
        assert_eq!(s.kind, ShardKind::Selfplay);
        s.event = "fairyforge selfplay".into();
        s
    }

    #[test]
    fn self_play_records_scored_positions_deterministically() {
        let whole = play_shard(&spec(0, 0, 4)).unwrap();
        assert_eq!(whole, play_shard(&spec(0, 0, 4)).unwrap());
        let v = Variant::builtin("chess").unwrap();
        let mut total = 0;
        for g in &whole.games {
            assert!(!g.samples.is_empty(), "{}", g.pgn);
            total += g.samples.len();
            for s in &g.samples {
                let p = Position::from_fen(&v, &s.fen).unwrap();
                // Ply 8 or later: move 5 or later.
                let fullmove: u32 = s.fen.rsplit(' ').next().unwrap().parse().unwrap();
                assert!(fullmove > SKIP_PLIES as u32 / 2, "{}", s.fen);
                assert!(!p.is_check(), "{}", s.fen);
                assert!(s.score.abs() <= MAX_SAMPLE_SCORE);
                // The result is the game's, from the side to move.
                let want = match g.winner {
                    None => Wdl::Draw,
                    Some(w) if (w == Side::White) == (p.side_to_move() == Color::White) => Wdl::Win,
                    Some(_) => Wdl::Loss,
                };
                assert_eq!(s.result, want, "{}", s.fen);
            }
        }
        // Fewer samples than searched plies: the first plies, checks and captures are
        // left out.
        let searched: u32 = whole.games.iter().map(|g| g.plies - 4).sum();
        assert!(total < searched as usize, "{total} of {searched}");
        // Cut in shards and played on two threads: the same samples in the same order.
        let specs: Vec<ShardSpec> = (0..2).map(|i| spec(i, 2 * i, 2)).collect();
        let mut got: Vec<ShardResult> = Vec::new();
        run_local(&specs, 2, |r| {
            got.push(r);
            ControlFlow::Continue(())
        })
        .unwrap();
        let merged = merge(got);
        let samples = |games: &[GameRecord]| -> Vec<Sample> {
            games.iter().flat_map(|g| g.samples.clone()).collect()
        };
        assert_eq!(samples(&merged[""].games), samples(&whole.games));
        // Through the data format and back.
        let d = DataSet {
            game: v.name().into(),
            samples: samples(&whole.games),
        };
        assert_eq!(DataSet::read(&d.to_text()).unwrap(), d);
        // A match shard records nothing.
        let mut m = spec(0, 0, 2);
        m.kind = ShardKind::Match;
        assert!(
            play_shard(&m)
                .unwrap()
                .games
                .iter()
                .all(|g| g.samples.is_empty())
        );
    }
}
