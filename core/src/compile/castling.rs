//! Castling (rules.md § Castling): the king's and rooks' home squares, the king's destinations, and the
//! castling rights a move touching a square clears.

use crate::code::Code;
use crate::def::{CastlingDef, SquareRef};
use crate::geometry::{Geometry, coord_name};
use crate::source::Ctx;
use crate::types::{ByColor, CastlingRights, Color, Kind, Square};
use crate::variant::{CastleOption, CastleRook, Castling};

use super::pieces::Names;
use super::zones::board_note;

/// The castling table, if the game has one and its king is on the board, and per square
/// the rights a move touching it clears.
pub(super) fn compile(
    cx: &mut Ctx,
    names: &Names,
    g: &Geometry,
) -> (Option<Castling>, Vec<CastlingRights>) {
    let mut clear = vec![CastlingRights::NONE; g.num_squares()];
    let Some(cd) = &names.def.castling else {
        return (None, clear);
    };
    let king = on_board(cx, g, &cd.king);
    let rook_kind = match names.kind_of(&cd.rook_piece.name) {
        Some(k) => Kind::new(k),
        None => {
            names.unknown(cx, &cd.rook_piece, "castling rook piece");
            Kind::new(0)
        }
    };
    if cd.rooks.len() > CastlingRights::MAX_ROOKS {
        cx.err(
            Code::TooMany,
            cd.span,
            "at most four castling rooks per side",
            "remove some rooks",
        );
    }
    let targets: Vec<Square> = cd
        .king_to
        .iter()
        .filter_map(|s| on_board(cx, g, s))
        .collect();
    let Some(king) = king else {
        return (None, clear);
    };
    let king_home = ByColor::new(king, g.mirror(king).unwrap_or(king));
    let rooks = rooks(cx, g, cd, king, &targets, &mut clear);
    for c in Color::BOTH {
        let sq = king_home[c].index();
        clear[sq] = clear[sq].union(CastlingRights::all_of(c));
    }
    let castling = Castling {
        king_home,
        rooks,
        rook_kind,
        fen_kq: cd.fen_kq,
    };
    (Some(castling), clear)
}

/// The castling rooks of both colours, each with the castlings it allows.
fn rooks(
    cx: &mut Ctx,
    g: &Geometry,
    cd: &CastlingDef,
    king: Square,
    targets: &[Square],
    clear: &mut [CastlingRights],
) -> Vec<CastleRook> {
    let mut rooks = Vec::new();
    for (i, rs) in cd.rooks.iter().enumerate().take(CastlingRights::MAX_ROOKS) {
        let Some(rook) = on_board(cx, g, rs) else {
            continue;
        };
        if g.rank(rook) != g.rank(king) || rook == king {
            cx.err(
                Code::BadCastling,
                rs.span,
                format!("castling rook `{}` is not on the king's rank", g.name(rook)),
                "castling rooks stand on the king's rank",
            );
            continue;
        }
        for c in Color::BOTH {
            let m = |s: Square| {
                if c == Color::White {
                    Some(s)
                } else {
                    g.mirror(s)
                }
            };
            let (Some(k0), Some(r0)) = (m(king), m(rook)) else {
                continue;
            };
            let options = targets
                .iter()
                .filter_map(|t| option(g, k0, r0, m(*t)?))
                .collect();
            let right = CastlingRights::rook(c, i);
            clear[r0.index()] = clear[r0.index()].union(right);
            rooks.push(CastleRook {
                color: c,
                right,
                rook_home: r0,
                between: g.between(k0, r0),
                options,
            });
        }
    }
    rooks
}

/// The castling of the king on `k0` with the rook on `r0` to `t`, if the king can get there:
/// on its rank, toward the rook, at most as far as the rook's square. The rook lands on the
/// king's other side.
fn option(g: &Geometry, k0: Square, r0: Square, t: Square) -> Option<CastleOption> {
    let dir = if g.file(r0) > g.file(k0) { 1 } else { -1 };
    if g.rank(t) != g.rank(k0) {
        return None;
    }
    let steps = (g.file(t) as i32 - g.file(k0) as i32) * dir;
    let reach = (g.file(r0) as i32 - g.file(k0) as i32) * dir;
    if steps < 1 || steps > reach {
        return None;
    }
    // rules.md § Castling: the squares passed over, strictly before the destination (which is judged
    // only in the final position).
    let transit: Vec<Square> = (1..steps)
        .filter_map(|s| g.offset(k0, s * dir, 0))
        .collect();
    let rook_to = g.offset(t, -dir, 0).unwrap_or(k0);
    Some(CastleOption {
        king_to: t,
        rook_to,
        transit,
    })
}

/// The square, if it is on the board; else reports it.
fn on_board(cx: &mut Ctx, g: &Geometry, s: &SquareRef) -> Option<Square> {
    let sq = g.square(s.file as i32, s.rank as i32);
    if sq.is_none() {
        cx.err(
            Code::OffBoard,
            s.span,
            format!(
                "square `{}` is not on the board",
                coord_name(s.file, s.rank)
            ),
            board_note(g),
        );
    }
    sq
}
