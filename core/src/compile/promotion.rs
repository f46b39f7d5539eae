//! Promotion rules (rules.md § Pawns to § Promotion): who promotes, where, to what; checked and compiled.

use crate::code::Code;
use crate::def::{PromotionDef, VariantDef};
use crate::geometry::Geometry;
use crate::source::Ctx;
use crate::types::{ByColor, ByPiece, Color, Kind};
use crate::variant::PromoRule;

use super::pieces::Names;
use super::zones::{check_zone, zone_set};

/// The game's promotion rules, and for each piece kind and colour its rule's index.
pub(super) struct Promotions {
    pub rules: Vec<PromoRule>,
    pub of: ByPiece<Option<u8>>,
    /// Per kind, the piece a promotion made it from (the first rule naming it as a choice).
    pub origin: Vec<Option<Kind>>,
}

/// Compiles the promotion rules of the game (and of the options in force).
pub(super) fn compile(cx: &mut Ctx, names: &Names, g: &Geometry, npieces: usize) -> Promotions {
    let def = names.def;
    let mut rules = Vec::new();
    let mut of: ByPiece<Option<u8>> = ByPiece::new(npieces, None);
    let mut origin: Vec<Option<Kind>> = vec![None; npieces];
    for pr in &def.promotions {
        check_zone(cx, g, &pr.zone, pr.span, "a promotion rule");
        let choices = choices(cx, names, pr);
        if !pr.suffix && (choices.len() > 1 || !pr.mandatory) {
            // rules.md § Move text: without a suffix the move text cannot say which piece, or whether.
            cx.err(Code::BadPromotion,
                pr.span,
                "a promotion with `suffix = false` must have one choice and be mandatory",
                "without a suffix the move text cannot tell the choices apart: keep one choice and `mandatory = true`, or drop `suffix = false`",
            );
        }
        if pr.choices.is_empty() {
            cx.err(
                Code::BadPromotion,
                pr.span,
                "a promotion rule with no choices",
                "list the pieces it may promote to in `choices`",
            );
        }
        if pr.plus && choices.len() != 1 {
            cx.err(
                Code::BadPromotion,
                pr.span,
                "a promotion with `plus = true` must have one choice",
                "`+` in the move text and in position strings names the one piece it promotes to: keep one choice, with a rule per piece",
            );
        }
        let idx = rules.len() as u8;
        for p in &pr.pieces {
            match names.kind_of(&p.name) {
                Some(k) if k < npieces => {
                    origins(cx, def, &mut origin, Kind::new(k), &choices, p.span);
                    let sides = Color::BOTH
                        .into_iter()
                        .filter(|c| pr.side.is_none_or(|s| s == *c));
                    // Once for the piece, not once per colour.
                    let mut twice = false;
                    for c in sides {
                        twice |= of[(Kind::new(k), c)].is_some();
                        of[(Kind::new(k), c)] = Some(idx);
                    }
                    if twice {
                        cx.err(
                            Code::TwoPromotions,
                            p.span,
                            format!("piece `{}` is in two promotion rules", p.name),
                            "a piece has one promotion rule per side (`side = \"white\"` or `\"black\"` for a rule of one side)",
                        );
                    }
                }
                Some(_) => {}
                // A library piece this game does not use (a family's shared rule): skip.
                None if def.known.contains(&p.name) => {}
                None => names.unknown(cx, p, "promoting piece"),
            }
        }
        let limits = limits(cx, names, pr, &choices);
        rules.push(PromoRule {
            zone: ByColor::from_fn(|c| zone_set(g, &pr.zone, c)),
            choices,
            limits,
            mandatory: pr.mandatory,
            suffix: pr.suffix,
            resets_count: pr.resets_count,
            leaving: pr.leaving,
            plus: pr.plus,
        });
    }
    Promotions { rules, of, origin }
}

/// With `captures-to-hand`, a promoted piece returns to the reserve as the piece it was
/// (docs/format.md § Reserves and drops): each choice of `from`'s rule records `from`,
/// and a choice that two pieces promote to is an error (which would it return as?),
/// unless promoted pieces return as they stand (`"as-is"`).
fn origins(
    cx: &mut Ctx,
    def: &VariantDef,
    origin: &mut [Option<Kind>],
    from: Kind,
    choices: &[Kind],
    at: crate::source::Span,
) {
    for &c in choices {
        match origin[c.index()] {
            None => origin[c.index()] = Some(from),
            Some(o) if o == from => {}
            Some(o) if def.captures_to_hand.is_some() && !def.captures_as_is => {
                let (a, b, c) = (
                    &def.pieces[o.index()].id,
                    &def.pieces[from.index()].id,
                    &def.pieces[c.index()].id,
                );
                cx.err(
                    Code::BadPromotion,
                    at,
                    format!("both `{a}` and `{b}` promote to `{c}`, so with `captures-to-hand` a captured promoted `{c}` has no one piece to return as"),
                    "give each piece of a game with `captures-to-hand` its own promotion choices",
                );
            }
            Some(_) => {}
        }
    }
}

/// The rule's `limits`, one per choice in the order of the choices (0 for none), or
/// empty when the rule has none. A limit must name one of the rule's choices.
fn limits(cx: &mut Ctx, names: &Names, pr: &PromotionDef, choices: &[Kind]) -> Vec<u8> {
    if pr.limits.is_empty() {
        return Vec::new();
    }
    let mut out = vec![0u8; choices.len()];
    for (p, n) in &pr.limits {
        match names.kind_of(&p.name) {
            Some(k) => match choices.iter().position(|c| c.index() == k) {
                Some(i) => out[i] = *n,
                None => cx.err(
                    Code::BadPromotion,
                    p.span,
                    format!(
                        "a promotion limit for `{}`, which is not a choice of this rule",
                        p.name
                    ),
                    "give limits only to pieces listed in `choices`",
                ),
            },
            None => names.unknown(cx, p, "limited promotion choice"),
        }
    }
    out
}

/// The kinds a rule promotes to, in order, each once.
fn choices(cx: &mut Ctx, names: &Names, pr: &PromotionDef) -> Vec<Kind> {
    let def = names.def;
    let mut choices: Vec<Kind> = Vec::new();
    for c in &pr.choices {
        if let Some(chosen) = chosen(def, &c.name) {
            for n in chosen {
                if let Some(k) = names.kind_of(&n)
                    && !def.pieces[k].pawn
                    && !def.pieces[k].royal
                    && !choices.contains(&Kind::new(k))
                {
                    choices.push(Kind::new(k));
                }
            }
            continue;
        }
        match names.kind_of(&c.name) {
            Some(k) if def.pieces[k].royal => {
                cx.err(
                    Code::RoyalRule,
                    c.span,
                    format!("promotion choice `{}` is royal", c.name),
                    "a piece cannot promote to the king",
                );
            }
            Some(k) if !choices.contains(&Kind::new(k)) => choices.push(Kind::new(k)),
            Some(_) => {}
            None => names.unknown(cx, c, "promotion choice"),
        }
    }
    choices
}

/// `@slots` and `@reserve` stand for the pieces a player chose (Pick the Piece, rules.md § Promotion): the
/// slot pieces, and the reserve pieces (the `reserve` table, or else the reserve written
/// in the setup's brackets). `None` for a plain piece name.
fn chosen(def: &VariantDef, name: &str) -> Option<Vec<String>> {
    match name {
        "@slots" => Some(
            def.slots
                .iter()
                .filter_map(|s| s.piece.as_ref())
                .map(|n| n.name.clone())
                .collect(),
        ),
        "@reserve" => Some(match &def.reserve {
            Some(list) => list
                .iter()
                .filter(|(_, n)| *n > 0)
                .map(|(p, _)| p.name.clone())
                .collect(),
            None => def
                .setup
                .split_once('[')
                .map(|(_, r)| r.chars().take_while(|c| *c != ']').collect::<String>())
                .unwrap_or_default()
                .chars()
                .filter_map(|l| {
                    def.pieces
                        .iter()
                        .find(|p| p.letter == l.to_ascii_uppercase())
                })
                .map(|p| p.id.clone())
                .collect(),
        }),
        _ => None,
    }
}
