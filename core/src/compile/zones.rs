//! Zones: the squares a zone of the file names, for each colour, and the check that its
//! ranks and squares exist on the board.

use crate::code::Code;
use crate::def::{ZoneDef, ZoneItem};
use crate::geometry::{Geometry, coord_name};
use crate::source::{Ctx, Span};
use crate::sqset::SquareSet;
use crate::types::Color;

/// The squares of a zone written in White's view, as seen by `color` (rules.md § Black mirrors White).
pub(super) fn zone_set(g: &Geometry, z: &ZoneDef, color: Color) -> SquareSet {
    let ranks = g.ranks() as i8;
    let half = ranks / 2;
    let mut set = SquareSet::EMPTY;
    for sq in g.squares() {
        let (f, r) = g.coords(sq);
        let r = g.relative_rank(r, color);
        let inside = z.items.iter().any(|it| match it {
            ZoneItem::Square(zf, zr, _) => *zf == f && *zr == r,
            ZoneItem::Ranks(a, b, _) => a.is_none_or(|a| r >= a) && b.is_none_or(|b| r <= b),
            ZoneItem::OwnHalf => r <= half,
            ZoneItem::EnemyHalf => r > half,
            ZoneItem::MiddleRank => r == half,
            ZoneItem::FirstRank => r == 1,
            ZoneItem::LastRank => r == ranks,
            ZoneItem::OwnRear => r < 1,
            ZoneItem::EnemyRear => r > ranks,
            ZoneItem::All => true,
        });
        if inside {
            set.insert(sq);
        }
    }
    set
}

/// Reports a zone that has no square on the board for a side, so that the rule it belongs
/// to (`what`, written at `span`) could never apply; its ranks and squares off the board
/// are reported first, each at its place, and then not again as a whole.
pub(super) fn check_zone(cx: &mut Ctx, g: &Geometry, z: &ZoneDef, span: Span, what: &str) {
    let before = cx.diags.len();
    check_zone_squares(cx, g, z);
    if z.unread
        || cx.diags.len() > before
        || Color::BOTH.iter().all(|&c| !zone_set(g, z, c).is_empty())
    {
        return;
    }
    let rear = z.items.iter().find_map(|it| match it {
        ZoneItem::EnemyRear => {
            Some("`enemy-rear` is the extra squares beyond the opponent's last rank")
        }
        ZoneItem::OwnRear => Some("`own-rear` is the extra squares behind a side's first rank"),
        _ => None,
    });
    let label = match rear {
        Some(rear) => format!("{rear}, and this board has none"),
        None => board_note(g),
    };
    cx.err(
        Code::OffBoard,
        span,
        format!("the zone of {what} has no square on this board, so the rule could never apply"),
        label,
    );
}

/// Reports the ranks and squares of a zone that are not on the board.
pub(super) fn check_zone_squares(cx: &mut Ctx, g: &Geometry, z: &ZoneDef) {
    for it in &z.items {
        if let ZoneItem::Ranks(a, b, span) = it
            && !g.squares().any(|sq| {
                let r = g.coords(sq).1;
                a.is_none_or(|a| r >= a) && b.is_none_or(|b| r <= b)
            })
        {
            let (lo, hi) = g.rank_range().into_inner();
            let what = match (a, b) {
                (Some(a), Some(b)) if a == b => format!("rank {a}"),
                _ => format!(
                    "ranks {}..{}",
                    a.map(|a| a.to_string()).unwrap_or_default(),
                    b.map(|b| b.to_string()).unwrap_or_default()
                ),
            };
            cx.err(
                Code::OffBoard,
                *span,
                format!("`{what}` has no square on this board"),
                format!("the board's squares stand on ranks {lo}..{hi}"),
            );
        }
        if let ZoneItem::Square(f, r, span) = it
            && g.square(*f as i32, *r as i32).is_none()
        {
            cx.err(
                Code::OffBoard,
                *span,
                format!("square `{}` is not on the board", coord_name(*f, *r)),
                board_note(g),
            );
        }
    }
}

/// The note under a square that is not on the board.
pub(super) fn board_note(g: &Geometry) -> String {
    let last = (b'a' + g.files() - 1) as char;
    format!("the board has files a..{last} and ranks 1..{}", g.ranks())
}
