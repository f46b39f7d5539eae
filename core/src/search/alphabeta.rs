//! The node search of the modern engine: negamax alpha-beta with principal variation
//! search, over the exact legal moves of any variant.
//!
//! Before the moves: game ends (the scepter, repetitions, the 100-ply rule, mate distance),
//! the transposition table's cut-off, razoring, reverse futility pruning, null-move pruning
//! (never with only pawn-like pieces: zugzwang) and internal iterative reduction. In the
//! move loop: late-move, futility and exchange-losing pruning near the leaves, a check
//! extension, late-move reductions guided by the history, and the killer, counter-move and
//! history updates of a cut-off.

use crate::moves::Move;
use crate::position::Position;

use super::correction::Correction;
use super::modern::Modern;
use super::moves::{self, NO_MOVE};
use super::ordering::{self, ORDER_COUNTER, ORDER_KILLER, ORDER_TT, Played};
use super::score::{self, INF, MATE_BOUND, MAX_PLY, mated_in};
use super::tt::{Bound, Entry, NO_EVAL};

/// Reverse futility margin per ply of depth.
const RFP_MARGIN: i32 = 90;
/// Razoring margins by depth.
const RAZOR: [i32; 3] = [0, 300, 550];
/// Futility margin: base and per ply.
const FUTILITY_BASE: i32 = 120;
const FUTILITY_PER_PLY: i32 = 110;

/// A node's moves with their ordering keys (see `ordering::pick`).
struct Keyed<'a> {
    moves: &'a mut Vec<Move>,
    keys: &'a mut Vec<i32>,
    unsure: &'a mut Vec<bool>,
}

/// What the node search learnt about a move before playing it.
struct Candidate {
    mv: Move,
    key: i32,
    quiet: bool,
}

impl Modern {
    /// The score of the position for the side to move, searched `depth` plies deep in
    /// the window `(alpha, beta)`. `cut`: a node expected to fail high.
    ///
    /// Long, as alpha-beta nodes are: the order of its steps is the algorithm, and each
    /// step is a few lines guarded by its feature switch.
    pub(super) fn negamax(
        &mut self,
        pos: &mut Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        cut: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.stack[ply].pv.clear();
        if self.tick() {
            return 0;
        }
        self.sel_depth = self.sel_depth.max(ply);
        let after_null = *self.nulls.last().unwrap_or(&false);
        if let Some(o) = pos.immediate_outcome() {
            return Self::terminal(o.winner, pos.side_to_move(), ply);
        }
        if self.repeated(pos) {
            return Self::terminal(pos.draw_winner(), pos.side_to_move(), ply);
        }
        if ply >= MAX_PLY - 1 {
            return self.static_eval(pos);
        }
        // Mate distance pruning: no score here can beat a mate found nearer the root.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(score::mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        let in_check = self.in_check(pos, ply);
        let fifty = pos.draw_plies_reached();
        if fifty {
            // The 100-ply rule: a draw, unless this very move checkmated.
            let mut moves = std::mem::take(&mut self.stack[ply].moves);
            pos.generate_legal(&mut moves);
            let mated = moves.is_empty() && in_check;
            self.stack[ply].moves = moves;
            let winner = if mated {
                pos.checkmate_winner()
            } else {
                pos.draw_winner()
            };
            return Self::terminal(winner, pos.side_to_move(), ply);
        }
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply, 0);
        }
        let f = self.settings.features;

        // The transposition table.
        let entry = self.tt.probe(pos.hash());
        let tt_move = entry.and_then(|e| e.best());
        if let Some(e) = entry {
            let s = score::from_tt(e.score, ply);
            if !pv_node
                && e.depth as i32 >= depth
                && match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                }
            {
                return s;
            }
        }

        // The static evaluation.
        let eval = self.node_eval(pos, entry, in_check, f.correction, ply);
        let improving = !in_check
            && ply >= 2
            && self.stack[ply - 2].eval != NO_EVAL
            && eval > self.stack[ply - 2].eval;

        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            // Razoring: hopeless even with a capture or two.
            if f.razoring && depth <= 2 && eval + RAZOR[depth as usize] < alpha {
                let v = self.qsearch(pos, alpha - 1, alpha, ply, 0);
                if v < alpha {
                    return v;
                }
            }
            // Reverse futility: far above beta, the opponent will not let it happen.
            let margin = RFP_MARGIN * (depth - improving as i32);
            if f.reverse_futility && depth <= 7 && eval - margin >= beta {
                return (eval + beta) / 2;
            }
            // Null-move pruning.
            if f.null_move && !after_null && depth >= 2 && eval >= beta && self.has_pieces(pos) {
                let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
                let undo = pos.play_null();
                self.hashes.push(pos.hash());
                self.nulls.push(true);
                self.stack[ply].played = None;
                let s = -self.negamax(pos, depth - r, -beta, -beta + 1, ply + 1, !cut);
                self.hashes.pop();
                self.nulls.pop();
                pos.undo_null(undo);
                if self.aborted {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }
        // Internal iterative reduction: without a stored move the ordering is poor.
        if f.iir && depth >= 4 && tt_move.is_none() && (pv_node || cut) {
            depth -= 1;
        }

        let mut moves = std::mem::take(&mut self.stack[ply].moves);
        let mut keys = std::mem::take(&mut self.stack[ply].keys);
        let mut unsure = std::mem::take(&mut self.stack[ply].unsure);
        pos.generate_legal(&mut moves);
        let result = if moves.is_empty() {
            let winner = if in_check {
                pos.checkmate_winner()
            } else {
                pos.stalemate_winner()
            };
            Self::terminal(winner, pos.side_to_move(), ply)
        } else {
            self.order(pos, &mut moves, &mut keys, &mut unsure, tt_move, ply);
            let mut list = Keyed {
                moves: &mut moves,
                keys: &mut keys,
                unsure: &mut unsure,
            };
            self.search_moves(
                pos, &mut list, depth, alpha, beta, ply, cut, eval, improving, in_check,
            )
        };
        self.stack[ply].moves = moves;
        self.stack[ply].keys = keys;
        self.stack[ply].unsure = unsure;
        result
    }

    /// Keys the moves for ordering (see `ordering`). A capture's exchange evaluation waits
    /// until the capture could be picked (`unsure`, see [`ordering::pick`]).
    fn order(
        &mut self,
        pos: &Position,
        moves: &mut [Move],
        keys: &mut Vec<i32>,
        unsure: &mut Vec<bool>,
        tt_move: Option<Move>,
        ply: usize,
    ) {
        let f = &self.settings.features;
        let (use_killers, use_counter, use_history) = (f.killers, f.counter_moves, f.history);
        let use_cont = f.cont_history;
        let killers = self.stack[ply].killers;
        let earlier = self.earlier(ply);
        let prev = earlier[0];
        let counter = if use_counter {
            self.history.counter(prev)
        } else {
            NO_MOVE
        };
        let us = pos.side_to_move();
        keys.clear();
        unsure.clear();
        for m in moves.iter() {
            let mut later = false;
            let k = if Some(*m) == tt_move {
                ORDER_TT
            } else if let Some((t, u)) = self.tactical_key_unsure(pos, m) {
                later = u;
                t
            } else if use_killers && *m == killers[0] {
                ORDER_KILLER
            } else if use_killers && *m == killers[1] {
                ORDER_KILLER - 1
            } else if *m == counter {
                ORDER_COUNTER
            } else if use_history {
                let cur = (moves::moved_kind(pos, m), us, moves::dest(m));
                let mut h = self.history.quiet(cur.0, us, cur.2);
                if use_cont {
                    h += self.history.continuation(earlier, cur);
                }
                h
            } else {
                0
            };
            keys.push(k);
            unsure.push(later);
        }
    }

    /// The move loop of a node.
    ///
    /// Long, as `negamax`: per move, the pruning, reduction and extension decisions in
    /// the order the algorithm takes them, each a few lines behind its feature switch.
    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        pos: &mut Position,
        list: &mut Keyed,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        cut: bool,
        eval: i32,
        improving: bool,
        in_check: bool,
    ) -> i32 {
        let f = self.settings.features;
        let pv_node = beta - alpha > 1;
        let alpha0 = alpha;
        let us = pos.side_to_move();
        let mut best = -INF;
        let mut best_move = list.moves[0];
        let mut count = 0usize;
        let mut skip_quiets = false;
        self.stack[ply].quiets.clear();
        let lmp_limit = (3 + depth * depth) as usize / (2 - improving as usize);
        for i in 0..list.moves.len() {
            ordering::pick(list.moves, list.keys, list.unsure, i, false, |m, k| {
                Some(self.settle_key(pos, m, k))
            });
            let (mv, key) = (list.moves[i], list.keys[i]);
            // The key tells a quiet move, but for the table's move.
            let quiet = if key == ORDER_TT {
                self.gain(pos, &mv).is_none()
            } else {
                ordering::is_quiet_key(key)
            };
            debug_assert_eq!(quiet, self.gain(pos, &mv).is_none());
            let c = Candidate { mv, key, quiet };
            let m = c.mv;
            let special = c.key >= ORDER_COUNTER;
            let r_base = self.lmr[(depth as usize).min(63)][(count + 1).min(63)] as i32;
            // Pruning near the leaves, once some move has been searched and no mate is at
            // stake.
            let prunable = !pv_node && !in_check && best > -MATE_BOUND && count > 0;
            // Quiet moves past the late-move count are skipped unless they give check.
            let mut prune = c.quiet && skip_quiets;
            if prunable && !prune {
                let lmr_depth = (depth - 1 - r_base).max(0);
                if c.quiet && !special {
                    if f.late_move_pruning && depth <= 8 && count >= lmp_limit {
                        skip_quiets = true;
                        prune = true;
                    } else if f.futility
                        && lmr_depth <= 6
                        && eval + FUTILITY_BASE + FUTILITY_PER_PLY * lmr_depth <= alpha
                    {
                        prune = true;
                    } else if f.see_pruning && lmr_depth <= 8 {
                        let t = &self.eval.as_ref().expect("prepared").t;
                        if !self.see.ge(pos, t, &m, -25 * lmr_depth * lmr_depth) {
                            prune = true;
                        }
                    }
                } else if !c.quiet && f.see_pruning && depth <= 6 {
                    let t = &self.eval.as_ref().expect("prepared").t;
                    if !self.see.ge(pos, t, &m, -100 * depth) {
                        prune = true;
                    }
                }
            }
            let kind = moves::moved_kind(pos, &m);
            self.stack[ply].played = Some((kind, us, moves::dest(&m)));
            self.make(pos, m);
            let gives_check = pos.is_check();
            self.stack[ply + 1].check = Some((pos.hash(), gives_check));
            if prune && !gives_check {
                self.unmake(pos);
                continue;
            }
            count += 1;
            let ext =
                (gives_check && f.check_extension && ply < 2 * self.root_depth as usize) as i32;
            let new_depth = depth - 1 + ext;
            let score = if count == 1 {
                -self.negamax(pos, new_depth, -beta, -alpha, ply + 1, false)
            } else {
                let mut r = 0;
                if f.lmr && depth >= 3 && count > 1 + pv_node as usize && (c.quiet || c.key < 0) {
                    r = r_base;
                    r += (!pv_node) as i32 + cut as i32 + (!improving) as i32;
                    if special {
                        r -= 1;
                    }
                    if c.quiet && !special && f.history {
                        // The history alone, without the continuation's share of the key.
                        let h = if f.cont_history {
                            self.history.quiet(kind, us, moves::dest(&m))
                        } else {
                            c.key
                        };
                        r -= h / 6000;
                    }
                    if gives_check {
                        r -= 1;
                    }
                    r = r.clamp(0, (new_depth - 1).max(0));
                }
                let mut s = -self.negamax(pos, new_depth - r, -alpha - 1, -alpha, ply + 1, true);
                if s > alpha && r > 0 && !self.aborted {
                    s = -self.negamax(pos, new_depth, -alpha - 1, -alpha, ply + 1, !cut);
                }
                if pv_node && s > alpha && s < beta && !self.aborted {
                    s = -self.negamax(pos, new_depth, -beta, -alpha, ply + 1, false);
                }
                s
            };
            self.unmake(pos);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        if c.quiet {
                            self.reward(pos, m, depth, ply);
                        }
                        break;
                    }
                }
            }
            if c.quiet {
                self.stack[ply].quiets.push(m);
            }
        }
        if count == 0 {
            // Every move was pruned: the node is as bad as the bound it was pruned against.
            return alpha;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.finish(pos, best_move, best, bound, depth, ply, f.correction);
        best
    }

    /// The static evaluation of a node (`NO_EVAL` in check), kept in its frame: the
    /// table's stored evaluation or a new one, corrected by the correction history when
    /// `correct`, then bounded by a stored score, which bounds the true one better.
    fn node_eval(
        &mut self,
        pos: &Position,
        entry: Option<Entry>,
        in_check: bool,
        correct: bool,
        ply: usize,
    ) -> i32 {
        let mut raw_eval = NO_EVAL;
        let eval = if in_check {
            NO_EVAL
        } else {
            let stored = entry.map_or(NO_EVAL, |e| e.eval);
            let mut e = if stored != NO_EVAL {
                stored
            } else {
                self.static_eval(pos)
            };
            raw_eval = e;
            if correct && e.abs() < MATE_BOUND {
                let key = Correction::key(pos, &self.evaluator().t.pawn);
                self.stack[ply].corr_key = key;
                e = (e + self.correction.get(pos.side_to_move(), key))
                    .clamp(-MATE_BOUND + 1, MATE_BOUND - 1);
            }
            match entry {
                Some(x) if x.score.abs() < MATE_BOUND && x.depth > 0 => {
                    let s = x.score;
                    match x.bound {
                        Bound::Lower if s > e => s,
                        Bound::Upper if s < e => s,
                        Bound::Exact => s,
                        _ => e,
                    }
                }
                _ => e,
            }
        };
        self.stack[ply].eval = eval;
        self.stack[ply].raw_eval = raw_eval;
        eval
    }

    /// The end of a searched node: with `correct`, what the search found against what
    /// the evaluation said is learnt (when the best move is quiet, a capture's score
    /// being the capture's, and the bound says on which side of the evaluation the true
    /// score lies), and the table keeps the raw evaluation; then the result is stored.
    #[allow(clippy::too_many_arguments)]
    fn finish(
        &mut self,
        pos: &Position,
        best_move: Move,
        best: i32,
        bound: Bound,
        depth: i32,
        ply: usize,
        correct: bool,
    ) {
        let eval = self.stack[ply].eval;
        let raw_eval = self.stack[ply].raw_eval;
        if !correct {
            self.store(pos, Some(best_move), best, eval, depth, bound, ply);
            return;
        }
        let consistent = match bound {
            Bound::Lower => best > eval,
            Bound::Upper => best < eval,
            Bound::Exact => true,
        };
        if raw_eval != NO_EVAL
            && best.abs() < MATE_BOUND
            && consistent
            && self.gain(pos, &best_move).is_none()
        {
            let key = self.stack[ply].corr_key;
            self.correction
                .update(pos.side_to_move(), key, best - raw_eval, depth);
        }
        self.store(pos, Some(best_move), best, raw_eval, depth, bound, ply);
    }

    /// A quiet move cut off: it becomes a killer and the counter-move of the previous
    /// move; its history rises, that of the quiet moves tried before it falls.
    fn reward(&mut self, pos: &Position, m: Move, depth: i32, ply: usize) {
        let us = pos.side_to_move();
        let f = &self.settings.features;
        if f.killers {
            let k = &mut self.stack[ply].killers;
            if k[0] != m {
                k[1] = k[0];
                k[0] = m;
            }
        }
        if f.counter_moves && ply > 0 {
            let prev = self.stack[ply - 1].played;
            self.history.set_counter(prev, m);
        }
        if f.history {
            let b = ordering::bonus(depth);
            let cont = f.cont_history;
            let earlier = self.earlier(ply);
            let mut learn = |pos: &Position, m: &Move, bonus: i32| {
                let cur = (moves::moved_kind(pos, m), us, moves::dest(m));
                self.history.update(cur.0, us, cur.2, bonus);
                if cont {
                    self.history.update_continuation(earlier, cur, bonus);
                }
            };
            learn(pos, &m, b);
            let tried = std::mem::take(&mut self.stack[ply].quiets);
            for q in &tried {
                learn(pos, q, -b);
            }
            self.stack[ply].quiets = tried;
        }
    }

    /// The moves played one and two plies before `ply` (`None` at the root, or for a
    /// null move).
    #[inline]
    fn earlier(&self, ply: usize) -> [Option<Played>; 2] {
        let at = |back: usize| ply.checked_sub(back).and_then(|p| self.stack[p].played);
        [at(1), at(2)]
    }
}
