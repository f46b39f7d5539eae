//! A move: a compact private layout read through accessors. Squares are indices of the
//! variant's board; text conversion lives in `notation`.

use crate::types::{Kind, Square};

/// What a move does besides moving a piece from one square to another.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// A piece moves, capturing what stands on its destination and, for some primitives,
    /// one more piece ([`Move::extra_capture`]).
    Normal,
    /// A move that makes the squares it passed en-passant targets (rules.md § En passant).
    DoubleStep,
    /// An en-passant capture: the victim stands on [`Move::extra_capture`] (rules.md § En passant).
    EnPassant,
    /// A piece from the reserve is put on a square, and maybe pushed on (rules.md § Reserves and drops).
    Drop,
    /// Castling: the king moves and the rook [`Move::castling_rook`] jumps it (rules.md § Castling).
    Castle,
}

/// The bit of a castling move's `piece` saying that it gates on the rook's square (else
/// on the king's).
const GATE_ON_ROOK: u8 = 0x80;

/// A move of a position.
///
/// Made by move generation only: get moves from [`crate::Position::legal_moves`] or by
/// parsing text ([`crate::Position::parse_move`]). Small and `Copy`: generation pushes
/// millions of them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    to: Square,
    /// Castling: the rook's origin. Otherwise a second captured square (jumped-over
    /// piece, enemy screen, en-passant victim), or none.
    extra: Square,
    /// Castling: the rook's destination (a square's index). A board move: the kind put on
    /// the square it leaves (gating, docs/format.md § Gating) plus one, or 0.
    aux: u16,
    kind: MoveKind,
    /// A drop: the dropped kind. Castling: the gated kind plus one, or 0, with
    /// [`GATE_ON_ROOK`] when the gate is the rook's square. Otherwise the promoted-to
    /// kind plus one, or 0.
    piece: u8,
}

impl Move {
    /// No move: a placeholder that no position generates.
    pub(crate) const NONE: Move = Move {
        from: Square::NONE,
        to: Square::NONE,
        extra: Square::NONE,
        aux: 0,
        kind: MoveKind::Normal,
        piece: 0,
    };

    /// A board move of kind `kind` (normal, double step or en passant) capturing also on
    /// `extra` (or [`Square::NONE`]).
    #[inline]
    pub(crate) fn board(from: Square, to: Square, extra: Square, kind: MoveKind) -> Move {
        Move {
            from,
            to,
            extra,
            aux: 0,
            kind,
            piece: 0,
        }
    }

    /// The same board move, promoting to `kind`.
    #[inline]
    pub(crate) fn promoting(self, kind: Kind) -> Move {
        Move {
            piece: kind.index() as u8 + 1,
            ..self
        }
    }

    /// A drop of `kind` on `at`, pushed to `to` (equal to `at` without a push).
    #[inline]
    pub(crate) fn drop(kind: Kind, at: Square, to: Square) -> Move {
        Move {
            from: at,
            to,
            extra: Square::NONE,
            aux: 0,
            kind: MoveKind::Drop,
            piece: kind.index() as u8,
        }
    }

    /// The same board move or castling, putting a reserve piece of `kind` on the square
    /// the piece leaves (gating, docs/format.md § Gating): for castling, the rook's square
    /// when `on_rook`, else the king's.
    #[inline]
    pub(crate) fn gating(self, kind: Kind, on_rook: bool) -> Move {
        let k = kind.index() as u8 + 1;
        if self.kind == MoveKind::Castle {
            Move {
                piece: if on_rook { k | GATE_ON_ROOK } else { k },
                ..self
            }
        } else {
            Move {
                aux: k as u16,
                ..self
            }
        }
    }

    /// The same move without its gate (docs/format.md § Gating).
    #[inline]
    pub(crate) fn without_gate(self) -> Move {
        if self.kind == MoveKind::Castle {
            Move { piece: 0, ..self }
        } else if self.kind == MoveKind::Drop {
            self
        } else {
            Move { aux: 0, ..self }
        }
    }

    /// Castling: the king from `king_from` to `king_to`, the rook from `rook_from` to
    /// `rook_to`.
    #[inline]
    pub(crate) fn castle(
        king_from: Square,
        king_to: Square,
        rook_from: Square,
        rook_to: Square,
    ) -> Move {
        Move {
            from: king_from,
            to: king_to,
            extra: rook_from,
            aux: rook_to.0,
            kind: MoveKind::Castle,
            piece: 0,
        }
    }

    /// Where the moving piece starts; for a drop, the square the piece is put on; for
    /// castling, the king's square.
    #[inline]
    pub fn from(&self) -> Square {
        self.from
    }

    /// Where the moving piece ends; for a drop, after its push; for castling, the king's
    /// destination.
    #[inline]
    pub fn to(&self) -> Square {
        self.to
    }

    /// What kind of move this is.
    #[inline]
    pub fn kind(&self) -> MoveKind {
        self.kind
    }

    /// A capture besides the destination's: the jumped-over piece, the enemy screen or
    /// the en-passant victim. (Whether the destination holds a piece to capture depends
    /// on the position: see [`crate::Position::captures_of`].)
    #[inline]
    pub fn extra_capture(&self) -> Option<Square> {
        if self.kind == MoveKind::Castle {
            None
        } else {
            self.extra.some()
        }
    }

    /// The kind the moving piece becomes, for a promotion.
    #[inline]
    pub fn promotion(&self) -> Option<Kind> {
        // Drops and castling (whose `piece` is a gate) are the kinds from `Drop` on.
        if self.piece == 0 || self.kind >= MoveKind::Drop {
            None
        } else {
            Some(Kind::new(self.piece as usize - 1))
        }
    }

    /// The dropped kind, for a drop.
    #[inline]
    pub fn dropped(&self) -> Option<Kind> {
        if self.kind == MoveKind::Drop {
            Some(Kind::new(self.piece as usize))
        } else {
            None
        }
    }

    /// The reserve piece this move puts on a square it empties, and that square (gating,
    /// docs/format.md § Gating): the square the piece leaves, or for castling the king's
    /// or the rook's.
    #[inline]
    pub fn gate(&self) -> Option<(Kind, Square)> {
        match self.kind {
            MoveKind::Drop => None,
            MoveKind::Castle if self.piece == 0 => None,
            MoveKind::Castle => {
                let k = Kind::new((self.piece & !GATE_ON_ROOK) as usize - 1);
                let sq = if self.piece & GATE_ON_ROOK != 0 {
                    self.extra
                } else {
                    self.from
                };
                Some((k, sq))
            }
            _ if self.aux == 0 => None,
            _ => Some((Kind::new(self.aux as usize - 1), self.from)),
        }
    }

    /// The castling rook's origin and destination, for castling.
    #[inline]
    pub fn castling_rook(&self) -> Option<(Square, Square)> {
        if self.kind == MoveKind::Castle {
            Some((self.extra, Square(self.aux)))
        } else {
            None
        }
    }

    /// Is this a drop?
    #[inline]
    pub fn is_drop(&self) -> bool {
        self.kind == MoveKind::Drop
    }

    /// Is this castling?
    #[inline]
    pub fn is_castle(&self) -> bool {
        self.kind == MoveKind::Castle
    }

    /// Is this an en-passant capture?
    #[inline]
    pub fn is_en_passant(&self) -> bool {
        self.kind == MoveKind::EnPassant
    }

    /// The raw second square: the extra capture or the castling rook's origin.
    #[inline]
    pub(crate) fn extra_square(&self) -> Square {
        self.extra
    }
}
