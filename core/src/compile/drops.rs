//! Drops (rules.md § Reserves and drops): where each reserve piece may be dropped, and how far it is pushed.

use crate::atom::{Ray, RayStep};
use crate::code::Code;
use crate::def::{DropDef, VariantDef};
use crate::geometry::Geometry;
use crate::source::Ctx;
use crate::source::Span;
use crate::types::{ByPiece, Color, Kind};
use crate::variant::DropTable;

use super::pieces::Names;
use super::setup::setup_span;
use super::zones::{check_zone_squares, zone_set};

/// The drop table of each piece kind and colour; push lines go to the ray pool `rays`.
pub(super) fn compile(
    cx: &mut Ctx,
    names: &Names,
    g: &Geometry,
    npieces: usize,
    rays: &mut Vec<RayStep>,
) -> ByPiece<DropTable> {
    let def = names.def;
    let mut drops: ByPiece<DropTable> = ByPiece::new(npieces, DropTable::default());
    for d in &def.drops {
        check_zone_squares(cx, g, &d.zone);
        match names.kind_of(&d.piece.name) {
            Some(k) if k < npieces => {
                for c in Color::BOTH {
                    let mut t = table(g, d, c, rays);
                    t.one_per_file = d.one_per_file;
                    t.no_mate = d.no_mate;
                    drops[(Kind::new(k), c)] = t;
                }
            }
            Some(_) => {}
            None if def.known.contains(&d.piece.name) => {}
            None => names.unknown(cx, &d.piece, "drop piece"),
        }
    }
    // Reserve pieces without a drop rule use `drop-zone` (rules.md § Reserves and drops), or are an error.
    let gates = |k: usize| {
        def.gating
            .iter()
            .flat_map(|g| g.pieces.iter())
            .any(|n| names.kind_of(&n.name) == Some(k))
    };
    for (k, span) in in_reserve(names) {
        // A piece that gates needs no drop rule (docs/format.md § Gating), unless it
        // comes to the reserve by capture too.
        if k >= npieces
            || (gates(k) && def.captures_to_hand != Some(span))
            || !drops[(Kind::new(k), Color::White)].squares.is_empty()
            || def
                .drops
                .iter()
                .any(|d| names.kind_of(&d.piece.name) == Some(k))
        {
            continue;
        }
        match &def.drop_zone {
            Some(zone) => {
                check_zone_squares(cx, g, zone);
                for c in Color::BOTH {
                    let at = Ray {
                        start: rays.len() as u32,
                        len: 0,
                    };
                    let squares = zone_set(g, zone, c).iter().map(|sq| (sq, at)).collect();
                    drops[(Kind::new(k), c)] = DropTable {
                        squares,
                        ..DropTable::default()
                    };
                }
            }
            None => {
                let id = &def.pieces[k].id;
                cx.err(
                    Code::NoDropZone,
                    span,
                    if Some(span) == def.captures_to_hand {
                        format!("`{id}` goes to a reserve when captured (`captures-to-hand`) but has no drop zone")
                    } else {
                        format!("`{id}` is in a reserve but has no drop zone")
                    },
                    format!("add `[drops.{id}]` with a `zone`, or a game-wide `drop-zone`"),
                );
            }
        }
    }
    drops
}

/// The drop table of one `[drops.<piece>]` rule for one colour: each square of the zone
/// with its push line (toward the colour's forward direction, `push` squares at most).
fn table(g: &Geometry, d: &DropDef, c: Color, rays: &mut Vec<RayStep>) -> DropTable {
    let fwd = if c == Color::White { 1 } else { -1 };
    let mut table = DropTable::default();
    for sq in zone_set(g, &d.zone, c).iter() {
        let start = rays.len() as u32;
        let mut cur = sq;
        for _ in 0..d.push {
            match g.offset(cur, 0, fwd) {
                Some(n) => {
                    rays.push(RayStep::new(n, true));
                    cur = n;
                }
                None => break,
            }
        }
        let len = (rays.len() as u32 - start) as u16;
        table.squares.push((sq, Ray { start, len }));
    }
    table
}

/// The pieces in a reserve (the `reserve` table, or else the setup's brackets), each once,
/// at its first mention.
fn in_reserve(names: &Names) -> Vec<(usize, Span)> {
    let def: &VariantDef = names.def;
    let mut in_reserve: Vec<(usize, Span)> = Vec::new();
    // With `captures-to-hand` every piece but the royal one may come to a reserve.
    if let Some(span) = def.captures_to_hand {
        // A piece written shogi's way (`plus`) always returns as the piece it was.
        let plus: Vec<&str> = def
            .promotions
            .iter()
            .filter(|r| r.plus)
            .flat_map(|r| r.choices.iter().map(|c| c.name.as_str()))
            .collect();
        for (k, p) in def.pieces.iter().enumerate() {
            if !p.royal && !plus.contains(&p.id.as_str()) {
                in_reserve.push((k, span));
            }
        }
    }
    if let Some(list) = &def.reserve {
        for (n, count) in list {
            if let Some(k) = names.kind_of(&n.name).filter(|_| *count > 0) {
                in_reserve.push((k, n.span));
            }
        }
    } else if let Some(i) = def.setup.find('[') {
        for (j, ch) in def.setup[i + 1..]
            .char_indices()
            .take_while(|(_, c)| *c != ']')
        {
            if let Some(k) = def
                .pieces
                .iter()
                .position(|p| p.letter == ch.to_ascii_uppercase())
            {
                in_reserve.push((k, setup_span(def, i + 1 + j, 1)));
            }
        }
    }
    let mut seen_kinds = Vec::new();
    in_reserve.retain(|(k, _)| {
        let new = !seen_kinds.contains(k);
        seen_kinds.push(*k);
        new
    });
    in_reserve
}
