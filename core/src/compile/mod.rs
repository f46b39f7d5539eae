//! Compiling a [`VariantDef`] into a [`Variant`]: semantic checks, each pointing into the
//! file, then per-square tables for move generation and reverse tables for attacks.
//!
//! One module per step, called in this order by [`compile`]: `options` (the optional rules
//! in force), `board` (the geometry), `pieces` (letters, the royal piece), `promotion`,
//! `drops`, `castling`; then, when the definition is right, `forward` (each primitive
//! into atoms), `reverse` (the attack tables, from the atoms) and `setup` (the start
//! position). `zones` turns a zone of the file into squares for any step.

mod board;
mod castling;
mod drops;
mod forward;
mod gating;
mod options;
mod pieces;
mod promotion;
mod reverse;
mod setup;
mod zones;

use crate::def::VariantDef;
use crate::geometry::Geometry;
use crate::options::OptionSetting;
use crate::source::Ctx;
use crate::sqset::SquareSet;
use crate::types::{ByColor, ByPiece, Color, Kind, MAX_KINDS};
use crate::variant::{END_BARE_KING, END_CHECKS, END_SCEPTER, PieceType, Variant};
use crate::zobrist::Zobrist;

use pieces::Names;
use zones::{check_zone, zone_set};

/// Compiles a definition the loader read (and checked), with optional rules turned on or
/// off: the steps, in order. Returns `None` when a step found the definition wrong (its
/// problems are in `cx`).
pub(crate) fn compile(
    cx: &mut Ctx,
    mut def: VariantDef,
    options: &[OptionSetting],
) -> Option<Variant> {
    let enabled = options::apply(cx, &mut def, options);
    let g = board::geometry(cx, &def);
    let royal = pieces::check(cx, &def, &g);
    let names = Names { def: &def };
    let npieces = def.pieces.len().min(MAX_KINDS);
    let promotions = promotion::compile(cx, &names, &g, npieces);
    let mut rays = Vec::new();
    let drops = drops::compile(cx, &names, &g, npieces, &mut rays);
    let (castling, castle_clear) = castling::compile(cx, &names, &g);
    let gating = gating::compile(cx, &names, &g, npieces);
    let scepter = def.scepter.as_ref().map(|sc| {
        check_zone(cx, &g, &sc.zone, sc.span, "Capture the Scepter");
        (ByColor::from_fn(|c| zone_set(&g, &sc.zone, c)), sc.win)
    });
    if !cx.diags.is_empty() {
        // Do not build tables from a definition already known to be wrong, but still check
        // the setup so that all mistakes are reported at once.
        setup::check_letters(cx, &def);
        return None;
    }
    let regions = regions(&def, &g, npieces);
    let forward = forward::build(&def, &g, npieces, &mut rays);
    // Where a piece could never move (docs/format.md § Reserves and drops, § `[promotion]`):
    // no drop lands there, and a promotion is forced there.
    let mut dead: ByPiece<SquareSet> = ByPiece::new(npieces, SquareSet::EMPTY);
    let mut drops = drops;
    for k in (0..npieces).map(Kind::new) {
        for c in Color::BOTH {
            let mut set = SquareSet::EMPTY;
            for sq in g.squares() {
                let span = *forward.index.get(k, c, sq);
                if span.start == span.end {
                    set.insert(sq);
                }
            }
            drops[(k, c)].squares.retain(|(sq, _)| !set.contains(*sq));
            dead[(k, c)] = set;
        }
    }
    let drop_mate_rule = drops.iter().any(|d| d.no_mate);
    let plus: Vec<bool> = (0..npieces)
        .map(|k| {
            promotions.origin[k].is_some_and(|o| {
                Color::BOTH.into_iter().any(|c| {
                    promotions.of[(o, c)].is_some_and(|r| promotions.rules[r as usize].plus)
                })
            })
        })
        .collect();
    // With `captures-to-hand = "as-is"` a promoted piece returns as it stands: no piece
    // is marked promoted and none is demoted, but a `plus` piece keeps its origin, by
    // which its letter is written (`+P`).
    let mut origin = promotions.origin;
    if def.captures_as_is {
        for (o, &p) in origin.iter_mut().zip(&plus) {
            if !p {
                *o = None;
            }
        }
    }
    let attacks = reverse::build(&g, &forward.atoms, &forward.index, npieces, &mut rays);
    // A game with drop rules shows reserves in its position strings, even empty (rules.md § Position strings).
    let has_drops = drops.iter().any(|d| !d.squares.is_empty())
        || !def.drops.is_empty()
        || def.drop_zone.is_some()
        || def.captures_to_hand.is_some()
        || gating.is_some();
    let end_rules = [
        (scepter.is_some(), END_SCEPTER),
        (def.end.bare_king, END_BARE_KING),
        (def.end.checks > 0, END_CHECKS),
    ]
    .into_iter()
    .filter(|&(on, _)| on)
    .fold(0, |bits, (_, bit)| bits | bit);
    let variant = Variant {
        name: def.name.clone(),
        description: def.description.clone(),
        pieces: def
            .pieces
            .iter()
            .take(npieces)
            .map(PieceType::from_def)
            .collect(),
        setup: def.setup.clone(),
        zobrist: Zobrist::new(g.num_squares()),
        geometry: g,
        royal,
        atoms: forward.atoms,
        leaps: forward.leaps,
        slides: forward.slides,
        atom_index: forward.index,
        rays,
        attacks,
        promo_rules: promotions.rules,
        promo_of: promotions.of,
        castling,
        castle_clear,
        drops,
        has_drops,
        to_hand: def.captures_to_hand.is_some(),
        hand_as_is: def.captures_as_is,
        gating,
        origin,
        plus,
        dead,
        drop_mate_rule,
        facing: def.royal_facing,
        end_rules,
        scepter,
        regions,
        enabled,
        warnings: Vec::new(),
        sources: Default::default(),
        def,
    };
    setup::complete(cx, variant)
}

/// The zones that confine a piece: for each piece all of whose moves have a `to` zone, the
/// union of those zones, for each colour; each set once, the whole board left out.
fn regions(def: &VariantDef, g: &Geometry, npieces: usize) -> Vec<SquareSet> {
    let mut out: Vec<SquareSet> = Vec::new();
    for p in def.pieces.iter().take(npieces) {
        if p.moves.is_empty() || p.moves.iter().any(|m| m.to.is_none()) {
            continue;
        }
        for c in Color::BOTH {
            let mut set = SquareSet::EMPTY;
            for z in p.moves.iter().filter_map(|m| m.to.as_ref()) {
                set = set.union(&zone_set(g, z, c));
            }
            if !set.is_empty() && set != g.all() && !out.contains(&set) {
                out.push(set);
            }
        }
    }
    out
}
