//! Static exchange evaluation: does a move win at least a threshold of material once both
//! sides have captured back on its square, least valuable piece first? It reads the
//! pieces' own primitives, so it understands every capture the format can express: a
//! double capture counts both victims, a fly-over capture takes its victim without
//! standing on its square (nothing can capture back there), a cannon needs a screen (and
//! a screen taken changes which cannons fire), a drop puts a piece where it may be lost,
//! and a king takes only what is not defended.

use crate::attack::{attacked_on, capture_on};
use crate::limits::MAX_SQUARES;
use crate::moves::Move;
use crate::position::Position;
use crate::types::{Board, Color, Kind, Piece, Square};
use crate::variant::Variant;

use super::moves;
use super::tables::Tables;

/// A reusable scratch board.
pub(crate) struct See {
    board: Box<Board>,
}

impl Default for See {
    fn default() -> See {
        See {
            board: Box::new([Piece::EMPTY; MAX_SQUARES]),
        }
    }
}

impl See {
    /// Does `m` (legal in `pos`) win at least `threshold` centipawns by exchange?
    pub fn ge(&mut self, pos: &Position, t: &Tables, m: &Move, threshold: i32) -> bool {
        if moves::is_castle(m) {
            return threshold <= 0;
        }
        let us = pos.side_to_move();
        let target = moves::dest(m);
        let mover = moves::moved_kind(pos, m);
        let placed = moves::promotion(m).unwrap_or(mover);
        let mut gain = t.value[placed.index()] - t.value[mover.index()];
        moves::for_each_victim(pos, m, us, |k, _| gain += t.value[k.index()]);
        let mut swap = gain - threshold;
        if swap < 0 {
            return false;
        }
        swap = t.value[placed.index()] - swap;
        if swap <= 0 {
            return true;
        }
        let v = pos.variant();
        *self.board = *pos.board();
        if let Some(from) = moves::origin(m) {
            self.board[from.index()] = Piece::EMPTY;
        }
        for sq in moves::capture_squares(m) {
            if sq.is_some() && self.board[sq.index()].is_enemy_of(us) {
                self.board[sq.index()] = Piece::EMPTY;
            }
        }
        self.board[target.index()] = Piece::new(placed, us);
        let mut stm = us;
        let mut res = 1;
        loop {
            stm = !stm;
            if !attacked_on(v, &self.board, target, stm) {
                break;
            }
            let Some((sq, kind, lands)) = self.least_attacker(pos, t, stm, target) else {
                break;
            };
            res ^= 1;
            self.board[sq.index()] = Piece::EMPTY;
            if t.royal == Some(kind) {
                // A king takes only what nothing takes back.
                self.board[target.index()] = Piece::new(kind, stm);
                return if attacked_on(v, &self.board, target, !stm) {
                    res ^ 1 == 1
                } else {
                    res == 1
                };
            }
            if !lands {
                // Taken without standing on the square: nothing can take back there.
                break;
            }
            swap = t.value[kind.index()] - swap;
            if swap < res {
                break;
            }
            self.board[target.index()] = Piece::new(kind, stm);
        }
        res == 1
    }

    /// The least valuable piece of `by` that captures on `target` on the scratch board:
    /// its square, kind, and whether it ends its move there. Kings come last.
    fn least_attacker(
        &self,
        pos: &Position,
        t: &Tables,
        by: Color,
        target: Square,
    ) -> Option<(Square, Kind, bool)> {
        let v = pos.variant();
        let mut best: Option<(i32, Square, Kind, bool)> = None;
        for &sq in pos.pieces_of(by) {
            if sq == target {
                continue;
            }
            let p = self.board[sq.index()];
            if !p.is_color(by) {
                continue;
            }
            let k = p.kind();
            let order = if t.royal == Some(k) {
                i32::MAX
            } else {
                t.value[k.index()]
            };
            if best.is_some_and(|b| b.0 <= order) {
                continue;
            }
            // A piece captures only on the squares its moves could ever capture on.
            if !t.captures[t.idx(k, by, sq)].contains(target) {
                debug_assert_eq!(capture_by(v, &self.board, k, by, sq, target), None);
                continue;
            }
            if let Some(lands) = capture_by(v, &self.board, k, by, sq, target) {
                best = Some((order, sq, k, lands));
            }
        }
        best.map(|(_, sq, k, lands)| (sq, k, lands))
    }
}

/// Does the piece of kind `k` and colour `by` on `from` capture the piece on `target`?
/// `Some(true)` when it then stands on `target`, `Some(false)` when it captures it in
/// passing (flying over it, jumping it, or taking it as a cannon's screen).
fn capture_by(
    v: &Variant,
    board: &Board,
    k: Kind,
    by: Color,
    from: Square,
    target: Square,
) -> Option<bool> {
    let mut passing = None;
    for atom in v.atoms_of(k, by, from) {
        match capture_on(v, board, atom, by, target) {
            Some(true) => return Some(true),
            Some(false) => passing = Some(false),
            None => {}
        }
    }
    passing
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn check(game: &str, fen: &str, text: &str, threshold: i32) -> bool {
        let v: Arc<Variant> = Variant::builtin(game).unwrap();
        let t = Tables::new(&v);
        let p = Position::from_fen(&v, fen).unwrap();
        let m = p.parse_move(text).unwrap();
        See::default().ge(&p, &t, &m, threshold)
    }

    /// `Tables::captures` holds every square a piece may capture on: at every position of
    /// random games in every built-in game (drops, fly-overs, cannons, jumps, bent
    /// sliders, promotions, castling), each capture of each piece on each square, and
    /// each attacked square, is in the set of a piece that could make it. (The exchange
    /// evaluation and king safety pass by the pieces whose set lacks the square.)
    #[test]
    fn pieces_capture_only_where_their_moves_could() {
        let mut rng = crate::testrng::Rng(31);
        for name in crate::builtin::game_names() {
            let v = Variant::builtin(name).unwrap();
            let t = Tables::new(&v);
            for game in 0..3 {
                let mut p = Position::start(&v);
                for ply in 0..60 {
                    let board = p.board();
                    for by in Color::BOTH {
                        for i in 0..t.squares {
                            let target = Square(i as u16);
                            let mut covered = false;
                            for &sq in p.pieces_of(by) {
                                let k = board[sq.index()].kind();
                                let can = t.captures[t.idx(k, by, sq)].contains(target);
                                covered |= can;
                                if sq != target && !can {
                                    assert_eq!(
                                        capture_by(&v, board, k, by, sq, target),
                                        None,
                                        "{name}, game {game} ply {ply}: {} on {sq:?} takes on {target:?}",
                                        p.fen()
                                    );
                                }
                            }
                            assert!(
                                covered || !attacked_on(&v, board, target, by),
                                "{name}, game {game} ply {ply}: {} attacks {target:?}",
                                p.fen()
                            );
                        }
                    }
                    let moves = p.legal_moves();
                    if moves.is_empty() || p.immediate_outcome().is_some() {
                        break;
                    }
                    // Captures first, half the time: pieces leave the board.
                    let us = p.side_to_move();
                    let caps: Vec<&Move> = moves
                        .iter()
                        .filter(|m| {
                            let mut victim = false;
                            moves::for_each_victim(&p, m, us, |_, _| victim = true);
                            victim
                        })
                        .collect();
                    let m = if !caps.is_empty() && rng.below(2) == 0 {
                        *caps[rng.below(caps.len())]
                    } else {
                        moves[rng.below(moves.len())]
                    };
                    p.play_unchecked(&m);
                }
            }
        }
    }

    #[test]
    fn orthodox_exchanges() {
        // Pawn takes a defended knight: +300 - 100 at worst.
        let fen = "4k3/8/2n1p3/3p4/4P3/8/8/4K3 w - - 0 1";
        assert!(check("chess", fen, "e4d5", 0));
        // Rook takes a pawn defended by a pawn: loses the rook.
        let fen = "4k3/4p3/3p4/8/8/8/8/3RK3 w - - 0 1";
        assert!(!check("chess", fen, "d1d6", 0));
        assert!(check("chess", fen, "d1d6", -400));
        assert!(!check("chess", fen, "d1d6", -399));
        // X-ray: queen behind rook recaptures; rook takes a rook defended once.
        let fen = "3rk3/8/8/8/8/8/3R4/3QK3 w - - 0 1";
        assert!(check("chess", fen, "d2d8", 0));
        // A king may not take a defended piece, an undefended one it may.
        let fen = "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1";
        assert!(check("chess", fen, "e1e2", 900));
        // Quiet moves: a knight put where a pawn takes it.
        let fen = "4k3/8/4p3/8/5N2/8/8/4K3 w - - 0 1";
        assert!(!check("chess", fen, "f4d5", 0));
        assert!(check("chess", fen, "f4g6", 0));
    }

    #[test]
    fn a_dropped_piece_that_hangs() {
        // Birds and Ninjas: a ninja pawn dropped on d2 and pushed to d5 stands where
        // Black's pawn on e6 takes it; pushed to d3 it is safe.
        let fen = "2/k9/10/10/10/4p5/10/10/10/10/4K5/2[J] w - - 0 1";
        assert!(!check("birds-and-ninjas", fen, "J@d2d5", 0));
        assert!(check("birds-and-ninjas", fen, "J@d2d5", -150));
        assert!(!check("birds-and-ninjas", fen, "J@d2d5", -149));
        assert!(check("birds-and-ninjas", fen, "J@d2d3", 0));
    }

    #[test]
    fn a_fly_over_capture_takes_back() {
        // The rook takes the knight on e6; Black's Flying Bomber on e9 flies over the
        // rook to e5, taking it: the exchange loses 300.
        let fen = "2/4k5/4f5/10/10/4n5/10/10/10/4R5/K9/2[] w - - 0 1";
        assert!(!check("birds-and-ninjas", fen, "e2e6", 0));
        assert!(check("birds-and-ninjas", fen, "e2e6", -300));
        assert!(!check("birds-and-ninjas", fen, "e2e6", -299));
        // Without the bomber the knight is free.
        let fen = "2/4k5/10/10/10/4n5/10/10/10/4R5/K9/2[] w - - 0 1";
        assert!(check("birds-and-ninjas", fen, "e2e6", 300));
    }
}
