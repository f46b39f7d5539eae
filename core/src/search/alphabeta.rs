//! The node search of the modern engine: negamax alpha-beta with principal variation
//! search, over the exact legal moves of any variant.
//!
//! Before the moves: game ends (the scepter, repetitions, the 100-ply rule, mate distance),
//! the transposition table's cut-off, razoring, reverse futility pruning, null-move pruning
//! (never with only pawn-like pieces: zugzwang), ProbCut and internal iterative reduction.
//! In the move loop: late-move, futility and exchange-losing pruning near the leaves, the
//! singular and check extensions, late-move reductions guided by the history, and the
//! killer, counter-move and history updates of a cut-off.

use crate::movegen::Legality;
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
/// Singular extensions: the least depth, how much shallower than the node the stored
/// result may be, and the margin below the stored score per ply of depth.
const SINGULAR_DEPTH: i32 = 5;
const SINGULAR_TT_SLACK: i32 = 3;
const SINGULAR_MARGIN: i32 = 2;
/// ProbCut: the least depth, how far above beta a capture must hold, how much shallower
/// its search is, how much shallower than the node its result is stored (a stored result
/// this deep that falls short of the raised beta skips ProbCut), and how many captures
/// are tried.
const PROBCUT_DEPTH: i32 = 5;
const PROBCUT_MARGIN: i32 = 200;
const PROBCUT_REDUCTION: i32 = 4;
const PROBCUT_TT_SLACK: i32 = 3;
const PROBCUT_TRIES: usize = 3;

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

/// What the move loop needs to know of its node besides the window.
struct NodeInfo {
    eval: i32,
    improving: bool,
    in_check: bool,
    /// The stored score of the table's move when it qualifies for the singular
    /// extension's test.
    singular: Option<i32>,
    /// The move left out of this search (`NO_MOVE`: none).
    excluded: Move,
    /// Which of the node's moves are legal: tested as each comes up.
    legality: Legality,
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
        // A search of this node without one move (the singular extension's) neither takes
        // the table's cut-off nor stores its result: the table holds the whole node's.
        let excluded = self.stack[ply].excluded;

        // The transposition table.
        let entry = self.tt.probe(pos.hash());
        let tt_move = entry.and_then(|e| e.best());
        if let Some(e) = entry {
            let s = score::from_tt(e.score, ply);
            if !pv_node
                && excluded == NO_MOVE
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

        // The static evaluation (the node's own, already in its frame, when a move is
        // left out).
        let eval = if excluded == NO_MOVE {
            self.node_eval(pos, entry, in_check, f.correction, ply)
        } else {
            self.stack[ply].eval
        };
        let improving = !in_check
            && ply >= 2
            && self.stack[ply - 2].eval != NO_EVAL
            && eval > self.stack[ply - 2].eval;

        if !pv_node && !in_check && beta.abs() < MATE_BOUND && excluded == NO_MOVE {
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
            if f.null_move
                && !after_null
                && depth >= 2
                && eval >= beta
                && self.has_pieces(pos)
                && let Some(s) = self.null_move(pos, depth, eval, beta, ply, cut)
            {
                return s;
            }
            // ProbCut: a good capture that holds well above beta in a shallower search
            // would hold beta; not when the table already knows the node falls short.
            if f.probcut && depth >= PROBCUT_DEPTH && beta < MATE_BOUND - PROBCUT_MARGIN {
                let raised = beta + PROBCUT_MARGIN;
                let known_short = entry.is_some_and(|e| {
                    e.depth as i32 >= depth - PROBCUT_TT_SLACK
                        && score::from_tt(e.score, ply) < raised
                });
                if !known_short {
                    let s = self.probcut(pos, depth, raised, eval, ply, cut);
                    if self.aborted {
                        return 0;
                    }
                    if let Some(s) = s {
                        return s;
                    }
                }
            }
        }
        // Internal iterative reduction: without a stored move the ordering is poor.
        if f.iir && depth >= 4 && tt_move.is_none() && (pv_node || cut) && excluded == NO_MOVE {
            depth -= 1;
        }
        // Singular extensions: is the table's move's result deep and sure enough to test
        // whether the other moves fall well short of it?
        let singular = match entry {
            Some(e) if f.singular && excluded == NO_MOVE && tt_move.is_some() => {
                Self::singular_score(e, depth, ply)
            }
            _ => None,
        };

        let mut moves = std::mem::take(&mut self.stack[ply].moves);
        let mut keys = std::mem::take(&mut self.stack[ply].keys);
        let mut unsure = std::mem::take(&mut self.stack[ply].unsure);
        // Pseudo-legal moves mixed in, each tested when it comes up: most are never
        // searched (a cut comes first), and their tests are saved.
        let legality = if self.settings.features.lazy_legality {
            pos.generate_for_search(&mut moves, in_check)
        } else {
            pos.generate_legal(&mut moves);
            Legality::all()
        };
        let result = if moves.is_empty() {
            self.no_legal_move(pos, in_check, ply)
        } else {
            self.order(pos, &mut moves, &mut keys, &mut unsure, tt_move, ply);
            let mut list = Keyed {
                moves: &mut moves,
                keys: &mut keys,
                unsure: &mut unsure,
            };
            let node = NodeInfo {
                eval,
                improving,
                in_check,
                singular,
                excluded,
                legality,
            };
            self.search_moves(pos, &mut list, depth, alpha, beta, ply, cut, &node)
        };
        self.stack[ply].moves = moves;
        self.stack[ply].keys = keys;
        self.stack[ply].unsure = unsure;
        result
    }

    /// The score of a position whose side to move has no legal move: checkmate or
    /// stalemate, as the game scores them.
    fn no_legal_move(&self, pos: &Position, in_check: bool, ply: usize) -> i32 {
        let winner = if in_check {
            pos.checkmate_winner()
        } else {
            pos.stalemate_winner()
        };
        Self::terminal(winner, pos.side_to_move(), ply)
    }

    /// Null-move pruning: the side to move passes, and a reduced search that still
    /// reaches beta says the node would too. `Some` of the node's score when it is cut
    /// off (or the search was stopped), `None` to go on.
    fn null_move(
        &mut self,
        pos: &mut Position,
        depth: i32,
        eval: i32,
        beta: i32,
        ply: usize,
        cut: bool,
    ) -> Option<i32> {
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
            return Some(0);
        }
        (s >= beta).then_some(if s >= MATE_BOUND { beta } else { s })
    }

    /// The stored score the singular extension tests the table's move against, when the
    /// table's result is deep and sure enough (a lower bound or exact, at most
    /// `SINGULAR_TT_SLACK` plies shallower, not a mate).
    fn singular_score(e: Entry, depth: i32, ply: usize) -> Option<i32> {
        if depth < SINGULAR_DEPTH
            || e.bound == Bound::Upper
            || (e.depth as i32) < depth - SINGULAR_TT_SLACK
        {
            return None;
        }
        let s = score::from_tt(e.score, ply);
        (s.abs() < MATE_BOUND).then_some(s)
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
        node: &NodeInfo,
    ) -> i32 {
        let (eval, improving, in_check) = (node.eval, node.improving, node.in_check);
        let f = self.settings.features;
        let pv_node = beta - alpha > 1;
        let alpha0 = alpha;
        let us = pos.side_to_move();
        let mut best = -INF;
        let mut best_move = list.moves[0];
        let mut count = 0usize;
        let mut legal = 0usize;
        let mut skip_quiets = false;
        self.stack[ply].quiets.clear();
        let lmp_limit = (3 + depth * depth) as usize / (2 - improving as usize);
        for i in 0..list.moves.len() {
            ordering::pick(list.moves, list.keys, list.unsure, i, false, |m, k| {
                Some(self.settle_key(pos, m, k))
            });
            let (mv, key) = (list.moves[i], list.keys[i]);
            if mv == node.excluded || !node.legality.allows(pos, &mv) {
                continue;
            }
            legal += 1;
            // The key tells a quiet move, but for the table's move.
            let quiet = if key == ORDER_TT {
                self.gain(pos, &mv).is_none()
            } else {
                ordering::is_quiet_key(key)
            };
            debug_assert_eq!(quiet, self.gain(pos, &mv).is_none());
            let c = Candidate { mv, key, quiet };
            let m = c.mv;
            // The singular extension's test of the table's move (searched first): the
            // other moves, searched shallower without it, against a bound below its score.
            let mut singular_ext = false;
            if let Some(tt_score) = node.singular
                && c.key == ORDER_TT
            {
                let s_beta = tt_score - SINGULAR_MARGIN * depth;
                let s = self.search_without(pos, m, (depth - 1) / 2, s_beta, ply, cut);
                if self.aborted {
                    return 0;
                }
                if s < s_beta {
                    singular_ext = true;
                } else if s >= beta && s.abs() < MATE_BOUND {
                    // Multi-cut: another move reaches beta too, even searched shallower.
                    return s;
                }
            }
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
            let ext = (((gives_check && f.check_extension) || singular_ext)
                && ply < 2 * self.root_depth as usize) as i32;
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
        if legal == 0 && node.excluded == NO_MOVE {
            // No legal move: the game has ended here.
            return self.no_legal_move(pos, in_check, ply);
        }
        if count == 0 {
            // Every move was pruned (or left out): the node is as bad as the bound it was
            // pruned against.
            return alpha;
        }
        if node.excluded != NO_MOVE {
            // Without one of its moves, the result is not the node's.
            return best;
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

    /// The node searched `depth` plies deep without the move `left_out`, with the null
    /// window below `beta`: the singular extension's test. The node's move lists are in
    /// use by its own loop, so this search takes the frame's spare ones; the quiet moves
    /// it tried are forgotten (the node's loop has tried none yet).
    fn search_without(
        &mut self,
        pos: &mut Position,
        left_out: Move,
        depth: i32,
        beta: i32,
        ply: usize,
        cut: bool,
    ) -> i32 {
        let frame = &mut self.stack[ply];
        debug_assert!(frame.excluded == NO_MOVE && frame.quiets.is_empty());
        frame.excluded = left_out;
        std::mem::swap(&mut frame.moves, &mut frame.spare_moves);
        std::mem::swap(&mut frame.keys, &mut frame.spare_keys);
        std::mem::swap(&mut frame.unsure, &mut frame.spare_unsure);
        let s = self.negamax(pos, depth, beta - 1, beta, ply, cut);
        let frame = &mut self.stack[ply];
        std::mem::swap(&mut frame.moves, &mut frame.spare_moves);
        std::mem::swap(&mut frame.keys, &mut frame.spare_keys);
        std::mem::swap(&mut frame.unsure, &mut frame.spare_unsure);
        frame.excluded = NO_MOVE;
        frame.quiets.clear();
        s
    }

    /// ProbCut: the captures that win at least `raised - eval` by exchange, best first (a
    /// few of them), each searched in the null window at `raised`, by the quiescence
    /// search and then, if it holds, `PROBCUT_REDUCTION` plies shallower than the node.
    /// The first that holds gives the node's result (stored as a lower bound).
    fn probcut(
        &mut self,
        pos: &mut Position,
        depth: i32,
        raised: i32,
        eval: i32,
        ply: usize,
        cut: bool,
    ) -> Option<i32> {
        let mut moves = std::mem::take(&mut self.stack[ply].moves);
        let mut keys = std::mem::take(&mut self.stack[ply].keys);
        let mut unsure = std::mem::take(&mut self.stack[ply].unsure);
        pos.generate_legal(&mut moves);
        keys.clear();
        unsure.clear();
        let mut n = 0;
        for i in 0..moves.len() {
            let m = moves[i];
            if let Some((key, _)) = self.tactical_key_unsure(pos, &m) {
                moves[n] = m;
                keys.push(key);
                unsure.push(false);
                n += 1;
            }
        }
        moves.truncate(n);
        let us = pos.side_to_move();
        let threshold = raised - eval;
        let mut result = None;
        let mut tried = 0;
        for i in 0..moves.len() {
            if tried >= PROBCUT_TRIES {
                break;
            }
            ordering::pick(&mut moves, &mut keys, &mut unsure, i, false, |_, k| Some(k));
            let m = moves[i];
            let t = &self.eval.as_ref().expect("prepared").t;
            if !self.see.ge(pos, t, &m, threshold) {
                continue;
            }
            tried += 1;
            let kind = moves::moved_kind(pos, &m);
            self.stack[ply].played = Some((kind, us, moves::dest(&m)));
            self.make(pos, m);
            self.stack[ply + 1].check = Some((pos.hash(), pos.is_check()));
            let mut s = -self.negamax(pos, 0, -raised, -raised + 1, ply + 1, !cut);
            if s >= raised && !self.aborted {
                let d = depth - PROBCUT_REDUCTION;
                s = -self.negamax(pos, d, -raised, -raised + 1, ply + 1, !cut);
            }
            self.unmake(pos);
            if self.aborted {
                break;
            }
            if s >= raised {
                let stored_eval = if self.settings.features.correction {
                    self.stack[ply].raw_eval
                } else {
                    self.stack[ply].eval
                };
                let d = depth - PROBCUT_TT_SLACK;
                self.store(pos, Some(m), s, stored_eval, d, Bound::Lower, ply);
                result = Some(s);
                break;
            }
        }
        self.stack[ply].moves = moves;
        self.stack[ply].keys = keys;
        self.stack[ply].unsure = unsure;
        result
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::Variant;
    use crate::search::limits::{Limits, Stop};
    use crate::search::settings::Settings;
    use crate::search::{Score, Searcher};

    /// A modern searcher prepared for `pos` by a one-ply search, its table emptied.
    fn prepared(settings: &str, pos: &mut Position) -> Modern {
        let stop = Stop::new(Arc::new(AtomicBool::new(false)));
        let mut m = Modern::new(Settings::parse(settings).unwrap(), 1, stop);
        m.search(pos, &Limits::depth(1), &mut |_: &crate::search::Report| {});
        m.tt.clear();
        m.root_depth = 6;
        m
    }

    fn find(pos: &Position, text: &str) -> Move {
        let moves = pos.legal_moves();
        *moves.iter().find(|m| pos.move_text(m) == text).unwrap()
    }

    #[test]
    fn a_node_searched_without_a_move_never_plays_it_nor_stores_its_result() {
        // Ra8 is the only mate; without it White is only better.
        let v = Variant::builtin("chess").unwrap();
        let mut p = Position::from_fen(&v, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        let mut m = prepared("singular=on,probcut=on", &mut p);
        let mate = find(&p, "a1a8");
        m.stack[0].excluded = mate;
        let s = m.negamax(&mut p, 4, -INF, INF, 0, false);
        m.stack[0].excluded = NO_MOVE;
        assert!(s.abs() < MATE_BOUND && s > 0, "{s}");
        let pv = m.stack[0].pv.clone();
        assert!(!pv.is_empty() && pv[0] != mate);
        assert!(m.tt.probe(p.hash()).is_none(), "stored without a move");
        // The whole node: the mate (the bound of mate distance pruning, so a lower
        // bound), stored with its move.
        let s = m.negamax(&mut p, 4, -INF, INF, 0, false);
        assert_eq!(s, score::mate_in(1));
        assert_eq!(m.stack[0].pv[0], mate);
        let e = m.tt.probe(p.hash()).unwrap();
        assert_eq!(e.best(), Some(mate));
        assert_ne!(e.bound, Bound::Upper);
    }

    #[test]
    fn the_search_without_the_table_move_gives_its_frame_back() {
        let v = Variant::builtin("capablanca").unwrap();
        let mut p = Position::start(&v);
        let mut m = prepared("singular=on", &mut p);
        let first = p.legal_moves()[0];
        let s = m.search_without(&mut p, first, 3, 0, 0, false);
        assert!(s.abs() < MATE_BOUND);
        let f = &m.stack[0];
        assert_eq!(f.excluded, NO_MOVE);
        assert!(f.moves.is_empty() && f.quiets.is_empty());
        assert!(f.spare_moves.capacity() >= 128 && f.spare_keys.capacity() >= 128);
        assert!(m.tt.probe(p.hash()).is_none(), "stored without a move");
    }

    #[test]
    fn probcut_takes_a_won_queen_and_stores_a_lower_bound_shallower() {
        // The rook takes the queen for nothing.
        let v = Variant::builtin("chess").unwrap();
        let mut p = Position::from_fen(&v, "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1").unwrap();
        let mut m = prepared("probcut=on", &mut p);
        let eval = m.node_eval(&p, None, false, false, 0);
        let beta = eval + 100;
        let raised = beta + PROBCUT_MARGIN;
        let s = m.probcut(&mut p, 6, raised, eval, 0, true).unwrap();
        assert!(s >= raised, "{s} {raised}");
        let e = m.tt.probe(p.hash()).unwrap();
        assert_eq!(e.best(), Some(find(&p, "d2d5")));
        assert_eq!(
            (e.bound, e.depth as i32),
            (Bound::Lower, 6 - PROBCUT_TT_SLACK)
        );
        // Far above what a capture wins: nothing is tried, nothing stored.
        m.tt.clear();
        assert_eq!(m.probcut(&mut p, 6, eval + 5_000, eval, 0, true), None);
        assert!(m.tt.probe(p.hash()).is_none());
    }

    #[test]
    fn each_new_switch_finds_a_knight_fork_and_plays_a_legal_move() {
        // Nf6+ forks the king and the queen.
        let v = Variant::builtin("chess").unwrap();
        let fen = "4k3/7p/8/3q4/6N1/8/PP6/4K3 w - - 0 1";
        for settings in ["singular=on", "probcut=on", "singular=on,probcut=on"] {
            let mut p = Position::from_fen(&v, fen).unwrap();
            let r = Searcher::with_settings(Settings::parse(settings).unwrap(), 4)
                .search(&mut p, Limits::depth(8), |_| {})
                .unwrap();
            assert!(p.legal_moves().contains(&r.best()), "{settings}");
            assert_eq!(p.move_text(&r.best()), "g4f6", "{settings}");
            assert!(
                matches!(r.score, Score::Cp(c) if c > 150),
                "{settings}: {}",
                r.score
            );
        }
    }

    #[test]
    fn each_new_switch_changes_the_search() {
        let v = Variant::builtin("chess").unwrap();
        let fen = "2kr1bnr/ppp2pp1/2n4p/2q1P3/3pP1bP/PP3N2/1BPPN1P1/R2QKB1R b KQ - 0 10";
        let nodes = |settings: &str| {
            let mut p = Position::from_fen(&v, fen).unwrap();
            let r = Searcher::with_settings(Settings::parse(settings).unwrap(), 4)
                .search(&mut p, Limits::depth(10), |_| {})
                .unwrap();
            assert!(p.legal_moves().contains(&r.best()), "{settings}");
            r.nodes
        };
        let off = nodes("modern");
        assert_ne!(nodes("singular=on"), off);
        assert_ne!(nodes("probcut=on"), off);
    }
}
