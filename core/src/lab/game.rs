//! One game of a match, played to its end by the game's own rules: the opening of its
//! pair, then each side's moves within its budget, then the record (result, kind of end,
//! length, PGN).

use std::sync::Arc;
use std::time::Duration;

use web_time::Instant;

use crate::contract::{GameRecord, GameScore, Side};
use crate::search::Score;
use crate::{Color, Move, Position, Variant};

use super::control::Control;
use super::openings::Openings;
use super::pgn;
use super::player::{Player, Turn};

/// Everything the games of a match share.
pub struct Match {
    /// The game.
    pub variant: Arc<Variant>,
    /// The game's name in the records' `Variant` tag.
    pub game: String,
    /// Where every game starts (before its opening).
    pub start: Position,
    /// The start as a position string, when it is not the game's setup.
    pub start_fen: Option<String>,
    /// The names of side A and side B in the records.
    pub names: [String; 2],
    /// The budget of side A and of side B.
    pub controls: [Control; 2],
    /// How games open.
    pub openings: Openings,
    /// The seed of the random openings.
    pub seed: u64,
    /// A game still going after this many plies is a draw.
    pub max_plies: usize,
    /// How far a side may overstep its clock before it loses on time.
    pub margin: Duration,
    /// The records' `Event` tag.
    pub event: String,
}

/// Plays game `index`: A is White in even games; the opening is that of pair `index / 2`.
/// `players` are side A's and side B's.
pub fn play_game(m: &Match, players: &mut [Box<dyn Player>], index: u64) -> GameRecord {
    play_game_seen(m, players, index, |_, _, _| {})
}

/// Plays game `index` as [`play_game`] does, and shows `seen` each position a player
/// moved in (after the opening), the move it chose and the score it gave it.
pub fn play_game_seen(
    m: &Match,
    players: &mut [Box<dyn Player>],
    index: u64,
    mut seen: impl FnMut(&Position, &Move, Option<Score>),
) -> GameRecord {
    let a_white = index.is_multiple_of(2);
    let opening = m.openings.moves(&m.start, m.seed, index / 2);
    let mut pos = m.start.clone();
    // The moves as engines read them, and as the record writes them (readable text).
    let mut texts = Vec::new();
    let mut record_moves = Vec::new();
    for mv in &opening {
        texts.push(pos.gui_text(mv));
        record_moves.push(pos.readable_text_marked(mv));
        pos.play_unchecked(mv);
    }
    // A side whose engine cannot start the game loses it.
    let mut forfeit = None;
    for (side, p) in players.iter_mut().enumerate() {
        if let Err(e) = p.new_game() {
            forfeit = Some((side, e));
            break;
        }
    }
    let side_of = |c: Color| if (c == Color::White) == a_white { 0 } else { 1 };
    // Each colour's time control: that of the side playing it.
    let tc_of = |c: Color| match m.controls[side_of(c)] {
        Control::Clock(tc) => Some(tc),
        _ => None,
    };
    let tcs = [tc_of(Color::White), tc_of(Color::Black)];
    let mut clocks = match tcs {
        [Some(w), Some(b)] => Some([w.start(), b.start()]),
        _ => None,
    };
    let colour_of = |side: usize| {
        if (side == 0) == a_white {
            Color::White
        } else {
            Color::Black
        }
    };
    let (winner, reason) = loop {
        if let Some((side, e)) = forfeit.take() {
            let loser = colour_of(side);
            break (Some(!loser), format!("{} loses: {e}", loser.name()));
        }
        if let Some(o) = pos.outcome() {
            break (o.winner, o.to_string());
        }
        if pos.ply_count() >= m.max_plies {
            break (None, format!("draw by the ply limit ({})", m.max_plies));
        }
        let mover = pos.side_to_move();
        let who = side_of(mover);
        let turn = Turn {
            pos: &pos,
            start_fen: m.start_fen.as_deref(),
            moves: &texts,
            control: m.controls[who],
            mine: clocks.map(|c| c[mover.index()]),
            theirs: clocks.map(|c| c[(!mover).index()]),
        };
        let t0 = Instant::now();
        let mv = match players[who].think(&turn) {
            Ok(mv) => mv,
            Err(e) => break (Some(!mover), format!("{} loses: {e}", mover.name())),
        };
        let used = t0.elapsed();
        seen(&pos, &mv, players[who].last_score());
        if let (Some(tc), Some(c)) = (tcs[mover.index()], clocks.as_mut())
            && !tc.charge(&mut c[mover.index()], used, m.margin)
        {
            break (Some(!mover), format!("{} loses on time", mover.name()));
        }
        texts.push(pos.gui_text(&mv));
        record_moves.push(pos.readable_text_marked(&mv));
        pos.play_unchecked(&mv);
    };
    let score = match winner {
        None => GameScore::Draw,
        Some(c) if side_of(c) == 0 => GameScore::Win,
        Some(_) => GameScore::Loss,
    };
    let (white, black) = if a_white {
        (&m.names[0], &m.names[1])
    } else {
        (&m.names[1], &m.names[0])
    };
    let pgn_result = match winner {
        None => "1/2-1/2",
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
    };
    let record = pgn::Record {
        event: &m.event,
        round: index as usize + 1,
        white,
        black,
        variant: &m.game,
        fen: m.start_fen.as_deref(),
        moves: &record_moves,
        opening: opening.len(),
        result: pgn_result,
        termination: &reason,
    };
    GameRecord {
        index,
        opening: index / 2,
        a_white,
        score,
        winner: winner.map(Side::from),
        reason: short_reason(&reason),
        plies: pos.ply_count() as u32,
        pgn: record.write(),
        termination: reason,
        samples: Vec::new(),
    }
}

/// The kind of a game end, without who won: `checkmate`, `repetition`, ...
fn short_reason(r: &str) -> String {
    for (key, short) in [
        ("checkmate", "checkmate"),
        ("stalemate", "stalemate"),
        ("threefold repetition", "repetition"),
        ("100 plies", "100-ply rule"),
        ("Capture the Scepter", "scepter"),
        ("ply limit", "ply limit"),
        ("on time", "time forfeit"),
        ("resigns", "resignation"),
    ] {
        if r.contains(key) {
            return short.into();
        }
    }
    "engine failure".into()
}
