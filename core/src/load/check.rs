//! Checks of a whole definition before it is compiled, and of the compiled game after:
//! what the pieces of a game may be, and that the game can be played.
//!
//! Royal pieces (docs/format.md, "Royal pieces"): one per game, on the board from the
//! start. A royal piece cannot be a pawn, promote, be a promotion choice, be dropped, stand
//! in a reserve (the `reserve` table or the setup's brackets) or fill a slot.

use std::collections::HashMap;

use crate::code::Code;
use crate::def::{Named, PieceDef, VariantDef};
use crate::limits::{MAX_DIRECTIONS, MAX_OPTIONS, MAX_PROMOTIONS};
use crate::source::{Ctx, Problem, Sources, Span};
use crate::types::MAX_KINDS;
use crate::variant::Variant;

use super::files::thousands;

/// Checks the definition; `false` when it cannot be compiled at all.
pub(crate) fn definition(cx: &mut Ctx, sources: &Sources, def: &VariantDef) -> bool {
    if def.pieces_unread {
        // Every rule naming a piece would be reported as unknown: one mistake, many
        // messages. The `pieces` error alone says what to fix first.
        return false;
    }
    if def.pieces.len() > MAX_KINDS {
        cx.err(
            Code::TooMany,
            def.span,
            format!("a game may use at most {MAX_KINDS} piece types"),
            "use fewer pieces",
        );
        return false;
    }
    if !directions(cx, def) || !counts(cx, def) {
        return false;
    }
    letters(cx, sources, def);
    royal(cx, def);
    true
}

/// At most [`MAX_DIRECTIONS`] in all; the piece past the limit is named.
fn directions(cx: &mut Ctx, def: &VariantDef) -> bool {
    let mut total = 0;
    for p in &def.pieces {
        let own: usize = p
            .moves
            .iter()
            .map(|m| m.dirs.len() * m.then.len().max(1))
            .sum();
        total += own;
        if total > MAX_DIRECTIONS {
            cx.err(Code::TooMany,
                p.named_at,
                format!(
                    "the pieces of this game move in more than {} directions in all (`{}` has {})",
                    thousands(MAX_DIRECTIONS as u64),
                    p.id,
                    thousands(own as u64)
                ),
                "each direction of each entry of `moves` counts (for `bent`, each pair with a `then` direction): use fewer entries or directions",
            );
            return false;
        }
    }
    true
}

/// At most [`MAX_OPTIONS`] options and [`MAX_PROMOTIONS`] promotion rules; the first past
/// a limit is reported.
fn counts(cx: &mut Ctx, def: &VariantDef) -> bool {
    if let Some(o) = def.options.get(MAX_OPTIONS) {
        cx.err(
            Code::TooMany,
            o.span,
            format!("a game may have at most {MAX_OPTIONS} options"),
            "remove this option and those after it",
        );
        return false;
    }
    let rules = def
        .promotions
        .iter()
        .chain(def.options.iter().flat_map(|o| o.promotions.iter()));
    if let Some(r) = rules.clone().nth(MAX_PROMOTIONS) {
        cx.err(
            Code::TooMany,
            r.span,
            format!(
                "a game may have at most {MAX_PROMOTIONS} promotion rules, its options' included"
            ),
            "a piece has one promotion rule: merge the rules that share their zone and choices",
        );
        return false;
    }
    true
}

/// The index of the piece a rule names: by id, or by its letter for a one-letter name.
fn kind_of(def: &VariantDef, name: &str) -> Option<usize> {
    def.pieces.iter().position(|p| {
        p.id == name || (name.len() == 1 && p.letter.to_string() == name.to_uppercase())
    })
}

/// Two pieces of a game may not share a letter. When the letters were written in a
/// built-in file (two library pieces), the error points where the user chose the piece.
fn letters(cx: &mut Ctx, sources: &Sources, def: &VariantDef) {
    let builtin = |s: Span| sources.file(s).is_some_and(|f| f.builtin);
    let mut first: HashMap<char, &PieceDef> = HashMap::new();
    for p in &def.pieces {
        if p.letter == '?' {
            continue;
        }
        let Some(q) = first.get(&p.letter).copied() else {
            first.insert(p.letter, p);
            continue;
        };
        let message = format!(
            "two pieces of this game have the letter `{}`: `{}` and `{}`",
            p.letter, q.id, p.id
        );
        let user = [p.named_at, q.named_at].into_iter().find(|s| !builtin(*s));
        match user.filter(|_| builtin(p.letter_span)) {
            Some(span) => cx.err(Code::DuplicateLetter,
                span,
                message,
                format!(
                    "both are library pieces with the letter `{}`: choose another piece, or define your own with another letter",
                    p.letter
                ),
            ),
            None => cx.err(Code::DuplicateLetter, p.letter_span, message, "give each piece its own letter"),
        }
    }
}

/// What a royal piece may not be (see the module documentation).
fn royal(cx: &mut Ctx, def: &VariantDef) {
    let is_royal = |name: &str| kind_of(def, name).is_some_and(|k| def.pieces[k].royal);
    for p in def.pieces.iter().filter(|p| p.royal && p.pawn) {
        cx.err(
            Code::RoyalRule,
            p.named_at,
            format!("piece `{}` is royal and a pawn", p.id),
            "a royal piece cannot be a pawn: remove `pawn = true` or `royal = true`",
        );
    }
    let promoting = def
        .promotions
        .iter()
        .chain(def.options.iter().flat_map(|o| o.promotions.iter()))
        .flat_map(|r| r.pieces.iter());
    for n in promoting.filter(|n| is_royal(&n.name)) {
        cx.err(
            Code::RoyalRule,
            n.span,
            format!("promoting piece `{}` is royal", n.name),
            "a royal piece cannot promote",
        );
    }
    for d in def.drops.iter().filter(|d| is_royal(&d.piece.name)) {
        cx.err(
            Code::RoyalRule,
            d.span,
            format!("`{}` is royal and cannot be dropped", d.piece.name),
            "a royal piece is never in a reserve: remove this drop rule",
        );
    }
    for s in &def.slots {
        if let Some(n) = s.piece.as_ref().filter(|n| is_royal(&n.name)) {
            cx.err(
                Code::RoyalRule,
                n.span,
                format!("slot `{}` holds `{}`, a royal piece", s.name, n.name),
                "a royal piece cannot fill a slot: the setup places it",
            );
        }
    }
    let reserve = def.reserve.iter().flatten();
    for (n, _) in reserve.filter(|(n, count)| *count > 0 && is_royal(&n.name)) {
        reserve_royal(cx, n);
    }
}

fn reserve_royal(cx: &mut Ctx, n: &Named) {
    cx.err(
        Code::RoyalRule,
        n.span,
        format!("`{}` is royal and cannot be in a reserve", n.name),
        "a royal piece is never dropped: the setup places it",
    );
}

/// Warnings about a game that loads: a pawn that no promotion rule names. Call it once
/// [`definition`] has passed (at most [`MAX_KINDS`] pieces).
pub(crate) fn warnings(cx: &mut Ctx, def: &VariantDef) {
    let promoted: Vec<usize> = def
        .promotions
        .iter()
        .chain(def.options.iter().flat_map(|o| o.promotions.iter()))
        .flat_map(|r| r.pieces.iter())
        .filter_map(|n| kind_of(def, &n.name))
        .collect();
    for (k, p) in def.pieces.iter().enumerate() {
        if p.pawn && !p.royal && !promoted.contains(&k) {
            cx.warn(Code::PawnWithoutPromotion,
                p.named_at,
                format!("`{}` is a pawn (`pawn = true`) that no promotion rule names", p.id),
                format!(
                    "it stays a pawn on the last rank: add it to the `pieces` of a `[promotion]`, like `pieces = [\"{}\"]`",
                    p.id
                ),
            );
        }
    }
}

/// A problem found in a built-in file that the user's file builds on is the user's doing
/// (the built-in files are valid): it is reported at `blame`, the user's `pieces` list or
/// `extends`, naming the line of the built-in file. `diags` are sorted by place.
pub(crate) fn blame_builtin(sources: &Sources, diags: &mut [Problem], blame: Span) {
    for d in diags.iter_mut() {
        let Some(s) = d
            .span
            .filter(|s| sources.file(*s).is_some_and(|f| f.builtin))
        else {
            continue;
        };
        let (line, _) = sources.line_col(s);
        let file = &sources.files[s.file as usize].name;
        d.label = format!("from line {line} of {file}: {}", d.label);
        d.span = Some(blame);
    }
    diags.sort_by_key(Problem::place);
}

/// The compiled game's start position is a position of the game, as every command that
/// plays it assumes (the slots and the reserve filled in included).
pub(crate) fn start(cx: &mut Ctx, v: &Variant) {
    if let Err(e) = crate::setup::Setup::check(v, &v.setup) {
        cx.err(
            Code::BadSetup,
            v.def.setup_span,
            format!("bad setup once the slots and the reserve are filled: {e}"),
            format!("the start position would be `{}`", v.setup),
        );
    }
}
