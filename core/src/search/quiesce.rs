//! The quiescence search: at the horizon, only captures and promotions that gain material
//! are searched until the position is quiet, so that the evaluation never scores a
//! position in the middle of an exchange. In check every evasion is searched (a mate at
//! the horizon is seen). Captures that lose material by exchange are skipped, as are those
//! that cannot lift the score to alpha even winning their victims whole. Every capture
//! removes a piece and a promotion that gains nothing is not searched here, so the
//! quiescence search always ends.

use crate::moves::Move;
use crate::position::Position;

use super::modern::Modern;
use super::moves;
use super::ordering;
use super::score::{self, INF, MAX_PLY};
use super::tt::{Bound, NO_EVAL};

/// Delta pruning: a capture must be able to bring the score this close to alpha.
const DELTA_MARGIN: i32 = 200;
/// Plies of quiescence search in which a check is answered with every evasion; deeper, a
/// side in check stands on its evaluation like any other (a board full of queens gives
/// check after check).
const EVASION_PLIES: u32 = 4;
/// Plies of quiescence search in which a capture that gives check is always searched.
const CHECK_PLIES: u32 = 2;
/// The deepest quiescence ply: beyond, the evaluation stands.
const MAX_QPLY: u32 = 16;
/// Captures searched at a node besides recaptures and checks (the best-ordered ones).
const QS_MOVES: usize = 3;
/// The most nodes one quiescence search (from a leaf of the main search) may visit before
/// the evaluation stands everywhere in it: boards crowded with pieces that capture each
/// other could otherwise keep it going for hours.
const LEAF_BUDGET: u64 = 4_096;

impl Modern {
    /// The quiescence search: captures (and checks near the leaf) until the position is
    /// quiet, within the leaf's node budget.
    ///
    /// Long, as `negamax`: stand-pat, the budget, move selection and the SEE and delta
    /// pruning of each capture are steps of one loop, each a few lines.
    pub(super) fn qsearch(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
        self.stack[ply].pv.clear();
        if self.tick() {
            return 0;
        }
        self.sel_depth = self.sel_depth.max(ply);
        if qply == 0 {
            self.leaf_start = self.nodes;
        }
        if ply >= MAX_PLY - 1 || qply >= MAX_QPLY || self.nodes - self.leaf_start > LEAF_BUDGET {
            return self.static_eval(pos);
        }
        let pv_node = beta - alpha > 1;
        let alpha0 = alpha;
        let entry = self.tt.probe(pos.hash());
        if let Some(e) = entry {
            let s = score::from_tt(e.score, ply);
            if !pv_node
                && match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                }
            {
                return s;
            }
        }
        let tt_move = entry.and_then(|e| e.best());
        let in_check = qply < EVASION_PLIES && self.in_check(pos, ply);
        let mut moves = std::mem::take(&mut self.stack[ply].moves);
        let mut keys = std::mem::take(&mut self.stack[ply].keys);
        let mut unsure = std::mem::take(&mut self.stack[ply].unsure);
        let (mut best, eval) = if in_check {
            pos.generate_legal(&mut moves);
            if moves.is_empty() {
                self.stack[ply].moves = moves;
                self.stack[ply].keys = keys;
                self.stack[ply].unsure = unsure;
                return Self::terminal(pos.checkmate_winner(), pos.side_to_move(), ply);
            }
            keys.clear();
            unsure.clear();
            unsure.resize(moves.len(), false);
            for m in moves.iter() {
                let k = if Some(*m) == tt_move {
                    ordering::ORDER_TT
                } else {
                    self.tactical_key(pos, m).unwrap_or(0)
                };
                keys.push(k);
            }
            (-INF, NO_EVAL)
        } else {
            let stored = entry.map_or(NO_EVAL, |e| e.eval);
            let (stand, full) = if stored != NO_EVAL {
                (stored, true)
            } else {
                self.static_eval_within(pos, alpha, beta)
            };
            if stand >= beta {
                self.stack[ply].moves = moves;
                self.stack[ply].keys = keys;
                self.stack[ply].unsure = unsure;
                if entry.is_none() {
                    let eval = if full { stand } else { NO_EVAL };
                    self.store(pos, None, stand, eval, 0, Bound::Lower, ply);
                }
                return stand;
            }
            alpha = alpha.max(stand);
            self.tactical_moves(pos, &mut moves, &mut keys, &mut unsure, stand, alpha);
            (stand, if full { stand } else { NO_EVAL })
        };
        let us = pos.side_to_move();
        let mut best_move = None;
        // The square the opponent just moved to: captures there (recaptures) are always
        // searched; others only as the first few moves or with check.
        let prev = if ply > 0 {
            self.stack[ply - 1].played.map(|(_, _, sq)| sq)
        } else {
            None
        };
        let mut searched = 0;
        let mut i = 0;
        loop {
            // A capture whose exchange is still to be judged is judged once it comes out
            // on top, and dropped when it loses.
            let (see, t) = (&mut self.see, &self.eval.as_ref().expect("prepared").t);
            let picked = ordering::pick(&mut moves, &mut keys, &mut unsure, i, true, |m, k| {
                see.ge(pos, t, m, 0).then_some(k)
            });
            if !picked {
                break;
            }
            let m = moves[i];
            i += 1;
            let late = !in_check && searched >= QS_MOVES && Some(moves::dest(&m)) != prev;
            self.stack[ply].played = Some((moves::moved_kind(pos, &m), us, moves::dest(&m)));
            self.make(pos, m);
            // Pseudo-legal captures outside check: skip those that leave the king attacked.
            if !in_check && pos.royal_exposed(us) {
                self.unmake(pos);
                continue;
            }
            if late && (qply >= CHECK_PLIES || !pos.is_check()) {
                self.unmake(pos);
                continue;
            }
            searched += 1;
            let s = -self.qnode(pos, -beta, -alpha, ply + 1, qply + 1);
            self.unmake(pos);
            if self.aborted {
                break;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    best_move = Some(m);
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        self.stack[ply].moves = moves;
        self.stack[ply].keys = keys;
        self.stack[ply].unsure = unsure;
        if self.aborted {
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.store(pos, best_move, best, eval, 0, bound, ply);
        best
    }

    /// The captures and gaining promotions worth searching, keyed for ordering; `unsure`
    /// marks those that are searched only if they do not lose material by exchange (the
    /// exchange is judged when the move comes up: a node that cuts off early never pays
    /// for it).
    fn tactical_moves(
        &mut self,
        pos: &Position,
        moves: &mut Vec<Move>,
        keys: &mut Vec<i32>,
        unsure: &mut Vec<bool>,
        stand: i32,
        alpha: i32,
    ) {
        moves.clear();
        keys.clear();
        unsure.clear();
        pos.gen_pseudo(pos.side_to_move(), moves);
        let qsee = self.settings.features.qsearch_see;
        let mut n = 0;
        for i in 0..moves.len() {
            let m = moves[i];
            let Some(gain) = self.gain(pos, &m) else {
                continue;
            };
            if stand + gain + DELTA_MARGIN < alpha {
                continue;
            }
            let t = &self.evaluator().t;
            let attacker = t.value[(moves::moved_kind(pos, &m)).index()];
            moves[n] = m;
            keys.push(ordering::mvv_lva(gain, attacker));
            unsure.push(qsee);
            n += 1;
        }
        moves.truncate(n);
    }

    /// A quiescence node after a move: the game may have ended by it.
    fn qnode(&mut self, pos: &mut Position, alpha: i32, beta: i32, ply: usize, qply: u32) -> i32 {
        if let Some(o) = pos.immediate_outcome() {
            self.nodes += 1;
            self.stack[ply].pv.clear();
            return Self::terminal(o.winner, pos.side_to_move(), ply);
        }
        self.qsearch(pos, alpha, beta, ply, qply)
    }
}
