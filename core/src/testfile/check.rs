//! Running one test: its position, then each expectation against the engine.

use std::sync::Arc;

use crate::code::Code;
use crate::notation::InputError;
use crate::notation::MoveError;
use crate::position::Position;
use crate::source::{Problem, Span};
use crate::variant::Variant;

use super::read::{Sp, Test};

/// Where a test's failures go: each names the test, says what was expected (the message)
/// and what the engine says (the note under the expectation).
struct Failures<'a> {
    test: &'a str,
    out: &'a mut Vec<Problem>,
}

impl Failures<'_> {
    fn fail(&mut self, span: Span, what: impl AsRef<str>, engine: impl Into<String>) {
        self.out.push(Problem::new(
            Code::TestFailed,
            span,
            format!("{}: {}", self.test, what.as_ref()),
            engine,
        ));
    }
}

/// The position a test starts from: `fen` or the setup, then `moves`.
fn position(game: &Arc<Variant>, t: &Test, f: &mut Failures) -> Option<Position> {
    let mut pos = match &t.fen {
        Some(fen) => match Position::from_fen(game, &fen.v) {
            Ok(p) => p,
            Err(e) => {
                f.fail(
                    fen.span,
                    "the position string is not one of this game",
                    e.to_string(),
                );
                return None;
            }
        },
        None => Position::start(game),
    };
    for m in &t.moves {
        match pos.parse_input(&m.v) {
            Ok(mv) => pos.play_unchecked(&mv),
            Err(e) => {
                let side = pos.side_to_move().name();
                f.fail(
                    m.span,
                    format!("the move `{}` cannot be played ({side} to move)", m.v),
                    e.to_string(),
                );
                return None;
            }
        }
    }
    Some(pos)
}

/// Runs a test; its failures are added to `out`.
pub(super) fn run(game: &Arc<Variant>, t: &Test, out: &mut Vec<Problem>) {
    let mut f = Failures { test: &t.name, out };
    let Some(mut pos) = position(game, t, &mut f) else {
        return;
    };
    let mut legal: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_text(m)).collect();
    legal.sort();
    if let Some(want) = &t.legal {
        legal_set(&pos, &legal, want, &mut f);
    }
    if let Some(n) = &t.count
        && n.v != legal.len() as u64
    {
        f.fail(
            n.span,
            format!("expected {}", legal_moves(n.v as usize)),
            format!("the engine has {}", legal.len()),
        );
    }
    for m in &t.includes {
        if let Err(e) = find(&pos, &legal, &m.v) {
            let why = format!("the engine says: {e}");
            f.fail(m.span, format!("`{}` is not a legal move", m.v), why);
        }
    }
    for m in &t.excludes {
        excluded(&pos, &legal, m, &mut f);
    }
    for m in &t.illegal {
        illegal(&pos, m, t.because.as_ref(), &mut f);
    }
    if let Some(p) = &t.position
        && p.v.trim() != pos.fen()
    {
        f.fail(
            p.span,
            "the position string is not the engine's",
            format!("the engine has {}", pos.fen()),
        );
    }
    if let Some(r) = &t.result {
        result(&pos, r, &mut f);
    }
    for (i, n) in t.perft.iter().enumerate() {
        let depth = i as u32 + 1;
        let got = crate::perft(&mut pos, depth);
        if got != n.v {
            f.fail(
                n.span,
                format!("perft at depth {depth}: expected {}", n.v),
                format!("the engine counts {got}"),
            );
            // Deeper counts differ too.
            break;
        }
    }
}

/// The legal move a test names, as the engine writes it: the text itself when it is the
/// engine's, else the move a shorter form that players type stands for (`Nd3`, `e4`).
fn find(pos: &Position, legal: &[String], text: &str) -> Result<String, InputError> {
    if legal.iter().any(|l| l == text) {
        return Ok(text.to_string());
    }
    pos.parse_input(text).map(|mv| pos.move_text(&mv))
}

/// `excludes`: the text is no legal move. A text in the shape of move text is compared
/// as it is (`J@e3` is excluded where the drop is written `J@e2e3`); a shorter form that
/// players type (`Nf3`) is read as the move it stands for.
fn excluded(pos: &Position, legal: &[String], m: &Sp<String>, f: &mut Failures) {
    let short = matches!(pos.parse_move(&m.v), Err(MoveError::Malformed { .. }));
    if legal.contains(&m.v) {
        f.fail(
            m.span,
            format!("`{}` is a legal move", m.v),
            "the test expects it not to be",
        );
    } else if short {
        match pos.parse_input(&m.v) {
            Ok(mv) => f.fail(
                m.span,
                format!("`{}` is a legal move", m.v),
                format!(
                    "the engine writes it `{}`; the test expects it not to be",
                    pos.move_text(&mv)
                ),
            ),
            Err(e @ InputError::Ambiguous(_)) => f.fail(
                m.span,
                format!("`{}` fits legal moves", m.v),
                format!("the engine says: {e}; the test expects none"),
            ),
            Err(_) => {}
        }
    }
}

/// `1 legal move`, `2 legal moves`.
fn legal_moves(n: usize) -> String {
    match n {
        1 => "1 legal move".to_string(),
        n => format!("{n} legal moves"),
    }
}

/// `legal`: exactly these moves (in any form [`find`] reads).
fn legal_set(pos: &Position, legal: &[String], want: &Sp<Vec<Sp<String>>>, f: &mut Failures) {
    let texts: Vec<String> = want
        .v
        .iter()
        .map(|s| find(pos, legal, &s.v).unwrap_or_else(|_| s.v.clone()))
        .collect();
    let wanted: Vec<&str> = texts.iter().map(String::as_str).collect();
    let missing: Vec<&str> = legal
        .iter()
        .map(|s| s.as_str())
        .filter(|m| !wanted.contains(m))
        .collect();
    let extra: Vec<&str> = wanted
        .iter()
        .copied()
        .filter(|m| !legal.iter().any(|l| l == m))
        .collect();
    if missing.is_empty() && extra.is_empty() {
        return;
    }
    let mut engine = Vec::new();
    if !missing.is_empty() {
        engine.push(format!("the engine also has {}", missing.join(" ")));
    }
    if !extra.is_empty() {
        engine.push(format!("the engine does not have {}", extra.join(" ")));
    }
    let what = if wanted.len() == legal.len() {
        "the legal moves are not the expected ones".to_string()
    } else {
        format!(
            "expected {}, the engine has {}",
            legal_moves(wanted.len()),
            legal.len()
        )
    };
    f.fail(want.span, what, engine.join("; "));
}

/// `illegal` (with `because`): the move is not legal, for that reason.
fn illegal(pos: &Position, m: &Sp<String>, because: Option<&Sp<String>>, f: &mut Failures) {
    match pos.parse_input(&m.v) {
        Ok(mv) => f.fail(
            m.span,
            format!("`{}` is legal here", m.v),
            format!(
                "the engine plays it as {}; the test expects it to be illegal",
                pos.move_text(&mv)
            ),
        ),
        Err(e) => {
            let why = e.to_string();
            if let Some(b) = because
                && !why.to_lowercase().contains(&b.v.to_lowercase())
            {
                f.fail(
                    b.span,
                    format!("`{}` is illegal, but not because \"{}\"", m.v, b.v),
                    format!("the engine says: {why}"),
                );
            }
        }
    }
}

/// `result`: how the game stands, as `none` or as the engine says it (`White wins by
/// checkmate`), or only the reason (`checkmate`), or only who (`Black wins`, `draw`).
fn result(pos: &Position, r: &Sp<String>, f: &mut Failures) {
    let want = r.v.trim().to_lowercase();
    let outcome = pos.outcome();
    let ok = match &outcome {
        None => matches!(want.as_str(), "none" | "ongoing" | "the game goes on"),
        Some(o) => {
            let said = o.to_string().to_lowercase();
            let (who, why) = said.split_once(" by ").unwrap_or((said.as_str(), ""));
            want == said || want == why || want == who
        }
    };
    if !ok {
        let engine = match outcome {
            None => format!(
                "the game goes on ({})",
                legal_moves(pos.legal_moves().len())
            ),
            Some(o) => format!("the engine says: {o}"),
        };
        f.fail(r.span, format!("expected the result `{}`", r.v), engine);
    }
}
