//! The pieces: the one royal piece and the zones of their moves checked (their number and
//! letters are the loader's); and finding a piece by the name a rule gives.

use crate::code::Code;
use crate::def::{Named, VariantDef};
use crate::geometry::Geometry;
use crate::source::Ctx;
use crate::types::Kind;

use super::zones::check_zone_squares;

/// Checks the game's pieces; returns the royal kind.
pub(super) fn check(cx: &mut Ctx, def: &VariantDef, g: &Geometry) -> Option<Kind> {
    // At most MAX_KINDS pieces and their letters are checked by the loader.
    let mut royal = None;
    for (i, p) in def.pieces.iter().enumerate() {
        if p.royal {
            if royal.is_some() {
                cx.err(
                    Code::RoyalCount,
                    p.span,
                    format!("piece `{}` is a second royal piece", p.id),
                    "a game has one royal piece (the king)",
                );
            }
            royal = Some(Kind::new(i));
        }
        for m in &p.moves {
            for z in m.from.iter().chain(m.to.iter()) {
                check_zone_squares(cx, g, z);
            }
        }
    }
    if royal.is_none() && !def.pieces.is_empty() {
        cx.err(Code::RoyalCount,
            def.pieces_span,
            "no piece of this game is royal, so check and checkmate cannot happen",
            "list a royal piece such as `king`, or mark one with `royal = true` in its `[piece.<id>]`",
        );
    }
    royal
}

/// The game's pieces, found by the names rules give them.
pub(super) struct Names<'a> {
    pub def: &'a VariantDef,
}

impl Names<'_> {
    /// The place in the piece list of the piece with this id, or this letter.
    pub fn kind_of(&self, name: &str) -> Option<usize> {
        self.def.pieces.iter().position(|p| {
            p.id == name || (name.len() == 1 && p.letter.to_string() == name.to_uppercase())
        })
    }

    /// Reports a name that is no piece of the game; `what` says what the name stands for.
    pub fn unknown(&self, cx: &mut Ctx, n: &Named, what: &str) {
        let ids: Vec<&str> = self.def.pieces.iter().map(|p| p.id.as_str()).collect();
        let hint = crate::source::suggest(&n.name, ids.iter().copied());
        cx.err(
            Code::UnknownPiece,
            n.span,
            format!("{what} `{}` is not a piece of this game{hint}", n.name),
            format!("the game's pieces: {}", ids.join(", ")),
        );
    }
}
