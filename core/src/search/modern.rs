//! The modern search's state and its driver: iterative deepening with aspiration windows,
//! the root move list, time management and the reports of each iteration. The node
//! search is in `alphabeta`, the quiescence search in `quiesce`.

use std::sync::Arc;
use web_time::Instant;

use crate::moves::Move;
use crate::nnue::{Accumulator, Network, Touched};
use crate::position::Position;
use crate::types::{Color, Kind};
use crate::variant::Variant;

use super::Report;
use super::correction::Correction;
use super::eval::Evaluator;
use super::limits::{Limits, Plan, Stop};
use super::moves::{self, NO_MOVE};
use super::ordering::{self, History, ORDER_BAD_TACTICAL, ORDER_GOOD_TACTICAL, ORDER_TT};
use super::score::{INF, MATE, MATE_BOUND, MAX_PLY, Score};
use super::see::See;
use super::settings::Settings;
use super::tt::{Bound, Table};

/// Nodes between two looks at the clock and the stop flag: about a millisecond on a busy
/// machine, a tenth of one on an idle one.
const CLOCK_EVERY: u64 = 128;

/// One ply of the search stack.
pub(crate) struct Frame {
    pub moves: Vec<Move>,
    pub keys: Vec<i32>,
    /// Per move: is its key still to be settled by the exchange evaluation (see
    /// `Modern::tactical_key_unsure`)?
    pub unsure: Vec<bool>,
    pub pv: Vec<Move>,
    pub killers: [Move; 2],
    /// Static evaluation here (`NO_EVAL` in check), corrected (see `correction`).
    pub eval: i32,
    /// The evaluation before its correction, as the table keeps it (`NO_EVAL` in check).
    pub raw_eval: i32,
    /// The key of the pawn-like pieces here (for the correction history).
    pub corr_key: u64,
    /// The move played from this ply, by kind, colour and destination (for counter-moves).
    pub played: Option<super::ordering::Played>,
    /// Quiet moves tried here (to punish them when another cuts off).
    pub quiets: Vec<Move>,
    /// Whether the side to move is in check in the position of this hash: the parent
    /// tests it after its move, the node need not test it again (see `Modern::in_check`).
    pub check: Option<(u64, bool)>,
    /// The move left out of this node's search (`NO_MOVE`: none): the singular extension
    /// searches a node without its table move (see `alphabeta`).
    pub excluded: Move,
    /// Move lists for that search of the node without a move, which runs while the
    /// node's own lists are in use.
    pub spare_moves: Vec<Move>,
    pub spare_keys: Vec<i32>,
    pub spare_unsure: Vec<bool>,
}

impl Frame {
    fn new() -> Frame {
        Frame {
            moves: Vec::with_capacity(128),
            keys: Vec::with_capacity(128),
            unsure: Vec::with_capacity(128),
            pv: Vec::with_capacity(MAX_PLY),
            killers: [NO_MOVE; 2],
            eval: 0,
            raw_eval: 0,
            corr_key: 0,
            played: None,
            quiets: Vec::with_capacity(64),
            check: None,
            excluded: NO_MOVE,
            spare_moves: Vec::with_capacity(128),
            spare_keys: Vec::with_capacity(128),
            spare_unsure: Vec::with_capacity(128),
        }
    }
}

/// A root move with what the last iterations learnt of it.
#[derive(Clone, Debug)]
struct RootMove {
    mv: Move,
    /// Nodes its subtree took in the last iteration (orders the moves after the best).
    nodes: u64,
}

/// The modern searcher.
pub(crate) struct Modern {
    pub settings: Settings,
    pub(super) tt: Table,
    pub(super) stop: Stop,
    variant: Option<Arc<Variant>>,
    pub(super) eval: Option<Evaluator>,
    /// The network the searcher was given, if any.
    network: Option<Arc<Network>>,
    /// The network that evaluates the game being searched: the one given, when it was
    /// made for this game; otherwise none, and the hand-set evaluation plays.
    net: Option<Arc<Network>>,
    /// The network's accumulators along the search path (`accs[acc_top]`: the current
    /// position's), kept by `make` and `unmake`.
    accs: Vec<Accumulator>,
    acc_top: usize,
    pub(super) see: See,
    pub(super) history: History,
    pub(super) correction: Correction,
    pub(super) plan: Plan,
    pub(super) nodes: u64,
    pub(super) aborted: bool,
    pub(super) root_depth: i32,
    pub(super) sel_depth: usize,
    /// Nodes when the running quiescence search started (see `quiesce`).
    pub(super) leaf_start: u64,
    /// Hashes of the game's positions and of the search path, and whether each was
    /// reached by a null move.
    pub(super) hashes: Vec<u64>,
    pub(super) nulls: Vec<bool>,
    pub(super) stack: Vec<Frame>,
    /// Late-move reductions by depth and move number.
    pub(super) lmr: Vec<[u8; 64]>,
    root: Vec<RootMove>,
    /// The best move of the running iteration so far, with its score and line.
    iter_best: Option<(i32, Vec<Move>)>,
}

impl Modern {
    pub fn new(settings: Settings, tt_mb: usize, stop: Stop) -> Modern {
        let lmr = (0..64)
            .map(|d| {
                let mut row = [0u8; 64];
                for (i, r) in row.iter_mut().enumerate() {
                    if d > 0 && i > 0 {
                        let x = 0.5 + (d as f64).ln() * (i as f64).ln() / 2.1;
                        *r = x.max(0.0) as u8;
                    }
                }
                row
            })
            .collect();
        Modern {
            settings,
            tt: Table::new(tt_mb),
            stop,
            variant: None,
            eval: None,
            network: None,
            net: None,
            accs: Vec::new(),
            acc_top: 0,
            see: See::default(),
            history: History::new(0, 0),
            correction: Correction::new(),
            plan: Plan::new(&Limits::default(), Instant::now()),
            nodes: 0,
            aborted: false,
            root_depth: 0,
            sel_depth: 0,
            leaf_start: 0,
            hashes: Vec::new(),
            nulls: Vec::new(),
            stack: (0..MAX_PLY + 4).map(|_| Frame::new()).collect(),
            lmr,
            root: Vec::new(),
            iter_best: None,
        }
    }

    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.clear();
        self.correction.clear();
    }

    pub fn hash_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// The network to evaluate with, in the game it was made for (`None`: each game's
    /// built-in network, if it has one).
    pub fn set_network(&mut self, network: Option<Arc<Network>>) {
        let same = match (&self.network, &network) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if same {
            // The same network again (a server gives it before every search): what the
            // table learnt stays.
            return;
        }
        self.network = network;
        // Evaluations stored in the table came from the other evaluation.
        self.variant = None;
    }

    /// Switches networks on or off (the setting `nnue`): off, the hand-set evaluation
    /// plays in every game.
    pub fn set_nnue(&mut self, on: bool) {
        if self.settings.features.network != on {
            self.settings.features.network = on;
            // Evaluations stored in the table came from the other evaluation.
            self.variant = None;
        }
    }

    /// Whether the game being searched is evaluated by a network.
    pub fn uses_network(&self) -> bool {
        self.net.is_some()
    }

    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Searches within the limits; see [`super::Searcher::search`].
    pub fn search(
        &mut self,
        pos: &mut Position,
        limits: &Limits,
        on_iter: &mut dyn FnMut(&Report),
    ) -> Option<Report> {
        let start = Instant::now();
        self.prepare(pos, limits, start);
        let mut legal = Vec::new();
        pos.generate_legal(&mut legal);
        if legal.is_empty() {
            return None;
        }
        self.order_root(pos, &legal);
        let mut best: Option<Report> = None;
        let mut prev = 0;
        let mut stable = 0;
        for depth in 1..=self.plan.depth as i32 {
            self.root_depth = depth;
            self.iter_best = None;
            let score = self.aspiration(pos, depth, prev);
            if self.aborted {
                // A move of the unfinished iteration that beat the finished one's best is
                // searched as deeply: play it.
                if let Some((s, pv)) = self.iter_best.take()
                    && (best.is_none() || best.as_ref().is_some_and(|b| b.pv[0] != pv[0]))
                {
                    best = Some(self.report((depth - 1) as u32, s, pv));
                }
                break;
            }
            let pv = self.root_pv(pos);
            let changed = best.as_ref().is_some_and(|b| b.pv[0] != pv[0]);
            stable = if changed { 0 } else { stable + 1 };
            let report = self.report(depth as u32, score, pv);
            on_iter(&report);
            best = Some(report);
            prev = score;
            if self.should_stop(depth, score, stable) {
                break;
            }
        }
        let mut best = best.unwrap_or_else(|| self.report(0, 0, vec![self.root[0].mv]));
        debug_assert!(legal.contains(&best.pv[0]));
        // The whole search's nodes and time, those of an unfinished iteration included.
        best.nodes = self.nodes;
        best.elapsed = self.plan.elapsed();
        Some(best)
    }

    fn report(&self, depth: u32, score: i32, pv: Vec<Move>) -> Report {
        Report {
            depth,
            sel_depth: self.sel_depth as u32,
            score: Score::from_internal(score),
            pv,
            nodes: self.nodes,
            elapsed: self.plan.elapsed(),
        }
    }

    /// After a finished iteration: is it time to play?
    fn should_stop(&self, depth: i32, score: i32, stable: u32) -> bool {
        let p = &self.plan;
        if self.stop.asked() || p.nodes.is_some_and(|n| self.nodes >= n) {
            return true;
        }
        // A mate found at full width is no longer improved upon.
        if score.abs() >= MATE_BOUND && (MATE - score.abs()) <= depth {
            return true;
        }
        if p.timed && self.root.len() == 1 {
            return true;
        }
        if let Some(soft) = p.soft {
            // A best move that keeps changing deserves more time, a settled one less.
            let scale = match stable {
                0 => 1.6,
                1 => 1.2,
                2..=3 => 1.0,
                _ => 0.7,
            };
            if p.elapsed().as_secs_f64() > soft.as_secs_f64() * scale {
                return true;
            }
        }
        false
    }

    fn prepare(&mut self, pos: &Position, limits: &Limits, start: Instant) {
        let v = pos.variant();
        if !self.variant.as_ref().is_some_and(|old| Arc::ptr_eq(old, v)) {
            self.variant = Some(v.clone());
            self.tt.clear();
            let ev = Evaluator::new(v, &self.settings.weights, &self.settings.features);
            self.history = History::new(ev.t.kinds, ev.t.squares);
            self.correction.clear();
            self.eval = Some(ev);
            // The network given, in the game it was made for; otherwise the game's
            // built-in one; neither when networks are switched off.
            self.net = if self.settings.features.network {
                self.network
                    .clone()
                    .filter(|n| n.fits(v))
                    .or_else(|| crate::nnue::builtin(v))
            } else {
                None
            };
        }
        if let Some(net) = &self.net {
            if self.accs.is_empty() {
                self.accs.resize(MAX_PLY + 8, Accumulator::default());
            }
            self.accs[0].refresh_from(net, pos);
        }
        self.acc_top = 0;
        self.history.age();
        for f in &mut self.stack {
            f.killers = [NO_MOVE; 2];
            f.played = None;
        }
        self.tt.new_search();
        self.plan = Plan::new(limits, start);
        self.nodes = 0;
        self.sel_depth = 0;
        self.aborted = false;
        self.hashes.clear();
        self.hashes.extend(pos.hash_history());
        self.hashes.push(pos.hash());
        self.nulls.clear();
        self.nulls.resize(self.hashes.len(), false);
    }

    /// Root moves in a first order: the table's move, winning captures, quiet moves,
    /// losing captures.
    fn order_root(&mut self, pos: &Position, legal: &[Move]) {
        let tt_move = self.tt.probe(pos.hash()).and_then(|e| e.best());
        let mut keyed: Vec<(i32, Move)> = legal
            .iter()
            .map(|m| {
                let k = if Some(*m) == tt_move {
                    ORDER_TT
                } else {
                    self.tactical_key(pos, m).unwrap_or(0)
                };
                (k, *m)
            })
            .collect();
        keyed.sort_by_key(|k| std::cmp::Reverse(k.0));
        self.root = keyed
            .into_iter()
            .map(|(_, mv)| RootMove { mv, nodes: 0 })
            .collect();
    }

    /// The principal variation of the finished iteration: the best root move and the
    /// line below it.
    fn root_pv(&self, pos: &Position) -> Vec<Move> {
        let _ = pos;
        let pv = &self.stack[0].pv;
        if pv.first() == Some(&self.root[0].mv) {
            pv.clone()
        } else {
            vec![self.root[0].mv]
        }
    }

    /// One iteration, in a window around the previous score that widens until the score
    /// falls inside.
    fn aspiration(&mut self, pos: &mut Position, depth: i32, prev: i32) -> i32 {
        let use_window = self.settings.features.aspiration && depth >= 4 && prev.abs() < 2_000;
        let mut delta = 20;
        let (mut alpha, mut beta) = if use_window {
            (prev - delta, prev + delta)
        } else {
            (-INF, INF)
        };
        loop {
            let score = self.root_search(pos, depth, alpha, beta);
            if self.aborted {
                return 0;
            }
            if score <= alpha && alpha > -INF {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INF);
            } else if score >= beta && beta < INF {
                beta = (score + delta).min(INF);
            } else {
                return score;
            }
            delta += delta / 2 + 10;
            if delta > 1_000 {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    /// Searches every root move in `(alpha, beta)`; the best goes to the front.
    fn root_search(&mut self, pos: &mut Position, depth: i32, mut alpha: i32, beta: i32) -> i32 {
        self.stack[0].pv.clear();
        let mut best = -INF;
        let mut best_i = 0;
        let us = pos.side_to_move();
        for i in 0..self.root.len() {
            let m = self.root[i].mv;
            let before = self.nodes;
            let quiet = self.tactical_key(pos, &m).is_none();
            let kind = moves::moved_kind(pos, &m);
            self.stack[0].played = Some((kind, us, moves::dest(&m)));
            self.make(pos, m);
            let check = pos.is_check();
            self.stack[1].check = Some((pos.hash(), check));
            let new_depth = depth - 1 + (check && self.settings.features.check_extension) as i32;
            let score = if i == 0 {
                -self.negamax(pos, new_depth, -beta, -alpha, 1, false)
            } else {
                let r = if self.settings.features.lmr && depth >= 3 && i >= 4 && quiet && !check {
                    (self.lmr[(depth as usize).min(63)][i.min(63)] as i32 - 1)
                        .clamp(0, new_depth - 1)
                } else {
                    0
                };
                let mut s = -self.negamax(pos, new_depth - r, -alpha - 1, -alpha, 1, true);
                if s > alpha && r > 0 && !self.aborted {
                    s = -self.negamax(pos, new_depth, -alpha - 1, -alpha, 1, true);
                }
                if s > alpha && s < beta && !self.aborted {
                    s = -self.negamax(pos, new_depth, -beta, -alpha, 1, false);
                }
                s
            };
            self.unmake(pos);
            if self.aborted {
                break;
            }
            self.root[i].nodes = self.nodes - before;
            if score > best {
                best = score;
                if score > alpha {
                    best_i = i;
                    alpha = score;
                    self.update_pv(0, m);
                    self.iter_best = Some((score, self.stack[0].pv.clone()));
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if !self.aborted {
            // The best first, the others by the effort their refutation took.
            let bestm = self.root.remove(best_i);
            self.root.sort_by_key(|r| std::cmp::Reverse(r.nodes));
            self.root.insert(0, bestm);
        }
        best
    }

    // -----------------------------------------------------------------------------------
    // Helpers shared by the node searches.

    /// Counts a node; true when the search must stop now.
    #[inline]
    pub(super) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.aborted {
            return true;
        }
        if self.plan.nodes.is_some_and(|n| self.nodes >= n)
            || (self.nodes.is_multiple_of(CLOCK_EVERY)
                && (self.stop.asked() || self.plan.hard.is_some_and(|d| Instant::now() >= d)))
        {
            self.aborted = true;
        }
        self.aborted
    }

    #[inline]
    pub(super) fn make(&mut self, pos: &mut Position, m: Move) {
        if let Some(net) = self.net.as_deref() {
            // The network's accumulator follows the squares the move changes.
            let touched = Touched::before(pos, &m);
            pos.play_unchecked(&m);
            let top = self.acc_top;
            if top + 1 == self.accs.len() {
                self.accs.push(Accumulator::default());
            }
            let (done, next) = self.accs.split_at_mut(top + 1);
            next[0].copy_from(&done[top]);
            touched.update(net, pos, &mut next[0]);
            self.acc_top = top + 1;
        } else {
            pos.play_unchecked(&m);
        }
        self.hashes.push(pos.hash());
        self.nulls.push(false);
    }

    #[inline]
    pub(super) fn unmake(&mut self, pos: &mut Position) {
        pos.undo();
        if self.net.is_some() {
            self.acc_top -= 1;
        }
        self.hashes.pop();
        self.nulls.pop();
    }

    /// The static evaluation from the side to move: the game's network when it has one,
    /// else the hand-set evaluation.
    #[inline]
    pub(super) fn static_eval(&self, pos: &Position) -> i32 {
        self.static_eval_within(pos, i32::MIN, i32::MAX).0
    }

    /// The static evaluation, and whether it is whole (the hand-set one may skip its
    /// costly terms far outside `(alpha, beta)`; see `Evaluator::evaluate_within`).
    #[inline]
    pub(super) fn static_eval_within(&self, pos: &Position, alpha: i32, beta: i32) -> (i32, bool) {
        match self.net.as_deref() {
            // A side down to one piece and nothing in reserve (a lone king): the hand-set
            // evaluation's mop-up drives it to the rim, which a network learns little of
            // from self-play (docs/engine.md § The learned evaluation).
            Some(_) if lone_piece(pos) => self.evaluator().evaluate_within(pos, alpha, beta),
            Some(net) => {
                let acc = &self.accs[self.acc_top];
                debug_assert_eq!(*acc, Accumulator::refresh(net, pos), "{}", pos.fen());
                let s = net.evaluate_with(acc, pos);
                (s.clamp(-MATE_BOUND + 1, MATE_BOUND - 1), true)
            }
            None => self.evaluator().evaluate_within(pos, alpha, beta),
        }
    }

    /// Is the side to move in check? Read from the parent's test after the move that led
    /// here when it is this position's (`Frame::check`), tested otherwise.
    #[inline]
    pub(super) fn in_check(&self, pos: &Position, ply: usize) -> bool {
        match self.stack[ply].check {
            Some((hash, check)) if hash == pos.hash() => {
                debug_assert_eq!(check, pos.is_check(), "{}", pos.fen());
                check
            }
            _ => pos.is_check(),
        }
    }

    /// Has the current position occurred before, since the last irreversible move and
    /// not across a null move? (Once is enough inside the search: a repetition the side
    /// to move wants can be repeated again.)
    pub(super) fn repeated(&self, pos: &Position) -> bool {
        let n = self.hashes.len();
        let h = pos.hash();
        let window = (pos.halfmove_clock() as usize).min(n - 1);
        let mut k = 2;
        while k <= window {
            if self.nulls[n - k] || self.nulls[n - k + 1] {
                return false;
            }
            if self.hashes[n - 1 - k] == h {
                return true;
            }
            k += 2;
        }
        false
    }

    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.stack.split_at_mut(ply + 1);
        let line = &mut head[ply].pv;
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0].pv);
    }

    pub(super) fn evaluator(&self) -> &Evaluator {
        self.eval.as_ref().expect("prepared for the variant")
    }

    /// Sum of the values of the pieces a move captures plus what its promotion gains;
    /// `None` for a quiet move (a promotion that gains nothing is quiet).
    #[inline]
    pub(super) fn gain(&self, pos: &Position, m: &Move) -> Option<i32> {
        let t = &self.evaluator().t;
        let us = pos.side_to_move();
        let mut any = false;
        let mut g = 0;
        moves::for_each_victim(pos, m, us, |k, _| {
            any = true;
            g += t.value[k.index()];
        });
        if let Some(p) = moves::promotion(m) {
            let before = t.value[(moves::moved_kind(pos, m)).index()];
            let d = t.value[p.index()] - before;
            if d > 0 {
                any = true;
                g += d;
            }
        }
        any.then_some(g)
    }

    /// The ordering key of a capture or gaining promotion (winning ones above quiet
    /// moves, losing ones below), `None` for a quiet move.
    #[inline]
    pub(super) fn tactical_key(&mut self, pos: &Position, m: &Move) -> Option<i32> {
        let (key, unsure) = self.tactical_key_unsure(pos, m)?;
        Some(if unsure {
            self.settle_key(pos, m, key)
        } else {
            key
        })
    }

    /// [`Modern::tactical_key`] without the exchange evaluation: the key, and whether it
    /// is only the key the move has if it does not lose material by exchange (a capture
    /// by a piece worth more than what it takes), which [`Modern::settle_key`] decides.
    /// A node that cuts off early never pays for the exchanges of the captures it did not
    /// try.
    #[inline]
    pub(super) fn tactical_key_unsure(&self, pos: &Position, m: &Move) -> Option<(i32, bool)> {
        let g = self.gain(pos, m)?;
        let t = &self.evaluator().t;
        let attacker = t.value[(moves::moved_kind(pos, m)).index()];
        Some((
            ORDER_GOOD_TACTICAL + ordering::mvv_lva(g, attacker),
            g < attacker,
        ))
    }

    /// The key of a tactical move keyed as winning by [`Modern::tactical_key_unsure`]:
    /// the same when it does not lose material by exchange, among the losing captures
    /// otherwise.
    #[inline]
    pub(super) fn settle_key(&mut self, pos: &Position, m: &Move, key: i32) -> i32 {
        let t = &self.eval.as_ref().expect("prepared").t;
        if self.see.ge(pos, t, m, 0) {
            key
        } else {
            key - ORDER_GOOD_TACTICAL + ORDER_BAD_TACTICAL
        }
    }

    /// The score of a finished game for the side to move.
    pub(super) fn terminal(winner: Option<Color>, side: Color, ply: usize) -> i32 {
        match winner {
            None => 0,
            Some(c) if c == side => MATE - ply as i32,
            Some(_) => -MATE + ply as i32,
        }
    }

    /// Does the side to move have something besides pawn-like pieces and the king (on
    /// the board or in reserve)? Null-move pruning is unsafe without (zugzwang).
    pub(super) fn has_pieces(&self, pos: &Position) -> bool {
        let t = &self.evaluator().t;
        let us = pos.side_to_move();
        pos.pieces_of(us).iter().any(|&sq| {
            pos.piece_at(sq)
                .is_some_and(|(k, _)| Some(k) != t.royal && !t.pawn[k.index()])
        }) || (0..t.kinds).any(|k| pos.reserve(us, Kind::new(k)) > 0)
    }

    /// Stores a node's result.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn store(
        &mut self,
        pos: &Position,
        mv: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        ply: usize,
    ) {
        self.tt.store(
            pos.hash(),
            mv,
            super::score::to_tt(score, ply),
            eval,
            depth,
            bound,
        );
    }
}

/// Whether a side has a single piece on the board and none in reserve.
#[inline]
fn lone_piece(pos: &Position) -> bool {
    Color::BOTH
        .iter()
        .any(|&c| pos.pieces_of(c).len() <= 1 && pos.reserves_of(c).iter().all(|&n| n == 0))
}
