//! Gating (docs/format.md § Gating): which reserve pieces may gate, and the squares that
//! may hold a gate, at most one per file for each side (a position string names a gate by
//! its file).

use crate::code::Code;
use crate::geometry::Geometry;
use crate::source::Ctx;
use crate::types::{ByColor, Color};
use crate::variant::Gating;

use super::pieces::Names;
use super::zones::{check_zone, zone_set};

/// The gating rule of the game, if it has one.
pub(super) fn compile(cx: &mut Ctx, names: &Names, g: &Geometry, npieces: usize) -> Option<Gating> {
    let def = names.def;
    let gd = def.gating.as_ref()?;
    let mut pieces = 0u32;
    for n in &gd.pieces {
        match names.kind_of(&n.name) {
            Some(k) if k < npieces && def.pieces[k].royal => cx.err(
                Code::RoyalRule,
                n.span,
                format!("the royal piece `{}` cannot gate", n.name),
                "a royal piece is never in a reserve",
            ),
            Some(k) if k < npieces => pieces |= 1 << k,
            Some(_) => {}
            None => names.unknown(cx, n, "gating piece"),
        }
    }
    check_zone(cx, g, &gd.zone, gd.span, "gating");
    let zone = ByColor::from_fn(|c| zone_set(g, &gd.zone, c));
    for c in Color::BOTH {
        let mut files = 0u32;
        for sq in zone[c].iter() {
            let bit = 1 << g.file(sq);
            if files & bit != 0 {
                cx.err(
                    Code::ConflictingKeys,
                    gd.span,
                    format!(
                        "the gating zone has two squares on the {} file for {c}",
                        crate::geometry::file_char(g.file(sq))
                    ),
                    "a position string names a gate by its file: give at most one square per file, like `zone = \"first-rank\"`",
                );
                break;
            }
            files |= bit;
        }
    }
    Some(Gating { pieces, zone })
}
