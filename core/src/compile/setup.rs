//! The setup: the start position string checked as a position of the game, completed by
//! the slot pieces and the `reserve` table (Pick the Piece, rules.md § Promotion); and pointing into it.

use crate::code::Code;
use crate::def::VariantDef;
use crate::geometry::coord_name;
use crate::setup::{Setup, SetupData};
use crate::source::Ctx;
use crate::source::Span;
use crate::types::{ByColor, Color, MAX_KINDS, Piece};
use crate::variant::Variant;

use super::zones::board_note;

/// The variant with its setup checked and completed, or `None` when it is not a valid
/// position of the game.
pub(super) fn complete(cx: &mut Ctx, mut variant: Variant) -> Option<Variant> {
    let setup = variant.setup.trim().to_string();
    match Setup::parse_data(&variant, &setup) {
        Ok(mut parsed) => {
            let ok = fill_slots(cx, &variant, &mut parsed);
            if let Some(list) = &variant.def.reserve {
                parsed.reserves = ByColor::new([0; MAX_KINDS], [0; MAX_KINDS]);
                for (n, count) in list {
                    if let Some(k) = variant.kind_by_id(&n.name) {
                        for c in Color::BOTH {
                            parsed.reserves[c][k.index()] = *count;
                        }
                    }
                }
            }
            if !ok {
                return None;
            }
            variant.setup = crate::setup::write_data(&variant, &parsed);
            Some(variant)
        }
        Err(e) => {
            // `setup` was trimmed: offsets count from its first non-space character.
            let lead = variant.def.setup.len() - variant.def.setup.trim_start().len();
            cx.err(
                Code::BadSetup,
                setup_span(&variant.def, lead + e.offset(), e.len()),
                format!("bad setup: {e}"),
                e.hint(),
            );
            None
        }
    }
}

/// Puts each slot's chosen piece on its squares (White's, and Black's mirrors). Reports
/// slot squares off the board or not empty; returns whether all were right.
fn fill_slots(cx: &mut Ctx, variant: &Variant, parsed: &mut SetupData) -> bool {
    let g = &variant.geometry;
    let mut ok = true;
    for slot in &variant.def.slots {
        let Some(pn) = &slot.piece else { continue };
        let Some(k) = variant.kind_by_id(&pn.name) else {
            continue;
        };
        for sr in &slot.squares {
            let Some(sq) = g.square(sr.file as i32, sr.rank as i32) else {
                cx.err(
                    Code::OffBoard,
                    sr.span,
                    format!(
                        "slot square `{}` is not on the board",
                        coord_name(sr.file, sr.rank)
                    ),
                    board_note(g),
                );
                ok = false;
                continue;
            };
            // One report per slot square (White's, or else Black's mirror), naming what
            // stands there.
            let mut reported = false;
            for c in Color::BOTH {
                let at = if c == Color::White {
                    Some(sq)
                } else {
                    g.mirror(sq)
                };
                let Some(at) = at else { continue };
                let there = parsed.board[at.index()];
                if there.is_empty() {
                    parsed.board[at.index()] = Piece::new(k, c);
                    continue;
                }
                if !reported {
                    cx.err(
                        Code::BadSetup,
                        sr.span,
                        format!(
                            "slot square `{}` is not empty in the setup: it holds a {} {}",
                            g.name(at),
                            there.color().name(),
                            variant.piece(there.kind()).name
                        ),
                        "a slot is an empty square of the setup that the chosen piece fills",
                    );
                    reported = true;
                }
                ok = false;
            }
        }
    }
    ok
}

/// The span of `len` bytes at byte `offset` of the setup string, when the file holds the
/// string as written (no escapes); else the whole string.
pub(super) fn setup_span(def: &VariantDef, offset: usize, len: usize) -> Span {
    let s = def.setup_span;
    if s.end.saturating_sub(s.start) == def.setup.len() && offset < def.setup.len() {
        let start = s.start + offset;
        Span {
            file: s.file,
            start,
            end: (start + len.max(1)).min(s.end),
        }
    } else {
        s
    }
}

/// When the definition has other mistakes the setup cannot be read as a position, but its
/// piece letters can still be checked, so that every mistake is reported at once.
pub(super) fn check_letters(cx: &mut Ctx, def: &VariantDef) {
    if def.pieces.is_empty() {
        // Every letter would be unknown: the reason (no pieces) is reported already.
        return;
    }
    let mut letters: Vec<char> = def.pieces.iter().map(|p| p.letter).collect();
    letters.sort_unstable();
    if letters.windows(2).any(|w| w[0] == w[1]) {
        // Two pieces share a letter (reported): the letter meant for one of them is
        // missing, and the setup's letter for it would be reported as a consequence.
        return;
    }
    let board = def.setup.split(' ').find(|f| !f.is_empty()).unwrap_or("");
    let lead = def.setup.find(board).unwrap_or(0);
    // One report, at the first unknown letter, naming every unknown letter once.
    let mut first = None;
    let mut unknown: Vec<char> = Vec::new();
    for (j, c) in board.char_indices() {
        if !c.is_ascii_alphabetic()
            || unknown.iter().any(|u| u.eq_ignore_ascii_case(&c))
            || def
                .pieces
                .iter()
                .any(|p| p.letter == c.to_ascii_uppercase())
        {
            continue;
        }
        first.get_or_insert(j);
        unknown.push(c);
    }
    let Some(j) = first else { return };
    let message = match unknown.as_slice() {
        [c] => format!("bad setup: no piece of this game has the letter `{c}`"),
        _ => format!(
            "bad setup: no piece of this game has the letters {}",
            unknown
                .iter()
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    cx.err(
        Code::BadSetup,
        setup_span(def, lead + j, 1),
        message,
        crate::setup::letters_hint(def.pieces.iter().map(|p| p.letter)),
    );
}
