//! The board: its extra squares and holes checked, the geometry built, its size and its
//! symmetry between the sides (rules.md § The board, § Black mirrors White) checked.

use crate::code::Code;
use crate::def::VariantDef;
use crate::geometry::{Geometry, coord_name};
use crate::source::Ctx;
use crate::sqset::MAX_SQUARES;

/// The board of the game, with its mistakes reported.
pub(super) fn geometry(cx: &mut Ctx, def: &VariantDef) -> Geometry {
    check_extra_and_holes(cx, def);
    let extra: Vec<(u8, i8)> = def
        .extra
        .iter()
        .map(|s| (s.file, s.rank))
        .filter(|(f, _)| *f < def.files)
        .collect();
    let holes: Vec<(u8, i8)> = def.holes.iter().map(|s| (s.file, s.rank)).collect();
    let g = Geometry::new(def.files, def.ranks, &extra, &holes);
    if g.num_squares() > MAX_SQUARES {
        cx.err(
            Code::BadBoard,
            def.board_span,
            format!("the board has more than {MAX_SQUARES} squares"),
            "make it smaller",
        );
    }
    check_symmetry(cx, def, &g);
    g
}

/// Extra squares stand beside the board; holes are squares of the main board.
fn check_extra_and_holes(cx: &mut Ctx, def: &VariantDef) {
    for s in &def.extra {
        let ok_rank = s.rank == 0 || s.rank == def.ranks as i8 + 1;
        if !ok_rank || s.file >= def.files {
            cx.err(
                Code::BadBoard,
                s.span,
                format!(
                    "extra square `{}` is not beside the board",
                    coord_name(s.file, s.rank)
                ),
                format!(
                    "extra squares stand on rank 0 or rank {} within files a..{}",
                    def.ranks + 1,
                    (b'a' + def.files - 1) as char
                ),
            );
        }
    }
    for s in &def.holes {
        if s.rank < 1 || s.rank > def.ranks as i8 || s.file >= def.files {
            cx.err(
                Code::OffBoard,
                s.span,
                format!("hole `{}` is not on the board", coord_name(s.file, s.rank)),
                "holes remove squares of the main board",
            );
        }
    }
}

/// Reports the first square without a mirror square, pointing at the extra square itself
/// or at the hole that removed its mirror.
fn check_symmetry(cx: &mut Ctx, def: &VariantDef, g: &Geometry) {
    let Some(sq) = g.squares().find(|sq| g.mirror(*sq).is_none()) else {
        return;
    };
    let (f, r) = g.coords(sq);
    let mirror = (f, def.ranks as i8 + 1 - r);
    let extra = def.extra.iter().find(|s| (s.file, s.rank) == (f, r));
    let hole = def.holes.iter().find(|s| (s.file, s.rank) == mirror);
    let (span, note) = match (extra, hole) {
        (Some(e), _) => (
            e.span,
            format!(
                "Black's side mirrors White's: add `{}` too",
                coord_name(mirror.0, mirror.1)
            ),
        ),
        (None, Some(h)) => (
            h.span,
            format!(
                "Black's side mirrors White's: make `{}` a hole too",
                g.name(sq)
            ),
        ),
        (None, None) => (def.board_span, "Black's side mirrors White's".to_string()),
    };
    cx.err(
        Code::BadBoard,
        span,
        format!(
            "the board is not symmetric: `{}` has no mirror square",
            g.name(sq)
        ),
        note,
    );
}
