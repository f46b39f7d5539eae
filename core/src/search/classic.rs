//! The classic search: the project's first computer opponent, kept unchanged as the
//! baseline that self-play matches measure the modern search against (select it with the
//! `classic` engine setting). Only its limits changed since: like every search it stops
//! within its time and node budget even before its first iteration is over.
//!
//! Iterative deepening alpha-beta (negamax with principal variation search); a
//! transposition table (two-slot buckets); quiescence search on captures and promotions
//! (every evasion in check); MVV-LVA, killer and history ordering; null-move pruning and
//! late-move reductions; a check extension; evaluation: material (reserves at
//! [`HAND_PERCENT`]) and [`MOBILITY_CP`] per pseudo-legal board move.

use std::sync::Arc;
use std::time::Duration;

use web_time::Instant;

use crate::moves::{Move, MoveKind};
use crate::outcome::Outcome;
use crate::position::Position;
use crate::types::{Color, Piece};
use crate::variant::Variant;

use super::Report;
use super::limits::{Limits, Stop};
use super::score::{
    INF, MATE, MATE_BOUND, MAX_PLY, Score, from_tt as score_from_tt, to_tt as score_to_tt,
};
use crate::limits::MAX_SEARCH_DEPTH;

/// Centipawns per pseudo-legal board move of a side (its mobility).
const MOBILITY_CP: i32 = 3;
/// A piece in reserve is worth this percentage of its value on the board.
const HAND_PERCENT: i32 = 95;
/// Mobility rarely moves the evaluation by more than this: beyond it, material decides
/// (in the quiescence search).
const LAZY_MARGIN: i32 = 300;
/// Nodes between two looks at the clock.
const CLOCK_EVERY: u64 = 1024;

// ---------------------------------------------------------------------------------------
// Transposition table

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Bound {
    Upper,
    Lower,
    Exact,
}

#[derive(Copy, Clone, Debug)]
struct Entry {
    key: u64,
    mv: Move,
    score: i32,
    depth: i16,
    bound: Bound,
    generation: u8,
    used: bool,
}

const NO_MOVE: Move = Move::NONE;

const EMPTY_ENTRY: Entry = Entry {
    key: 0,
    mv: NO_MOVE,
    score: 0,
    depth: 0,
    bound: Bound::Upper,
    generation: 0,
    used: false,
};

/// Buckets of two entries: the first keeps the deepest result (of the current search),
/// the second takes whatever else comes.
struct Table {
    entries: Vec<Entry>,
    generation: u8,
}

impl Table {
    fn new(mb: usize) -> Table {
        Table {
            entries: super::tt::allocate(mb, EMPTY_ENTRY),
            generation: 0,
        }
    }

    fn clear(&mut self) {
        self.entries.fill(EMPTY_ENTRY);
    }

    fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 2)
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        self.entries[b..b + 2]
            .iter()
            .find(|e| e.used && e.key == key)
            .copied()
    }

    fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let b = self.bucket(key);
        let generation = self.generation;
        let depth = depth.clamp(-1, i16::MAX as i32) as i16;
        let slot = if let Some(i) =
            (b..b + 2).find(|&i| self.entries[i].used && self.entries[i].key == key)
        {
            i
        } else {
            let first = &self.entries[b];
            if !first.used || first.generation != generation || depth >= first.depth {
                // The deeper old result moves to the always-replace slot.
                self.entries[b + 1] = self.entries[b];
                b
            } else {
                b + 1
            }
        };
        let old = self.entries[slot];
        let mv = match mv {
            Some(m) => m,
            None if old.used && old.key == key => old.mv,
            None => NO_MOVE,
        };
        self.entries[slot] = Entry {
            key,
            mv,
            score,
            depth,
            bound,
            generation,
            used: true,
        };
    }
}

// ---------------------------------------------------------------------------------------
// Null move (the side to move passes), for null-move pruning only.

// (`Position::play_null` and `Position::undo_null`.)

// ---------------------------------------------------------------------------------------
// The searcher

/// Score offsets of move ordering.
const ORDER_TT: i32 = 1 << 30;
const ORDER_TACTICAL: i32 = 1 << 28;
const ORDER_KILLER: i32 = 1 << 27;
const HISTORY_MAX: i32 = 1 << 20;

/// The classic searcher. Keeps its transposition table between searches (of one game;
/// it is cleared when the variant changes).
pub struct Searcher {
    tt: Table,
    pub(super) stop: Stop,
    variant: Option<Arc<Variant>>,
    /// Per kind: value in centipawns on the board (0 for the royal piece) and in hand.
    values: Vec<i32>,
    hand: Vec<i32>,
    // State of the running search.
    nodes: u64,
    start: Instant,
    deadline: Option<Instant>,
    /// Start no iteration after this much time.
    soft: Option<Duration>,
    node_limit: Option<u64>,
    /// Depth of the running iteration.
    root_depth: u32,
    aborted: bool,
    /// Hashes of the game's positions and of the search path, and whether each was
    /// reached by a null move.
    hashes: Vec<u64>,
    nulls: Vec<bool>,
    moves: Vec<Vec<Move>>,
    order: Vec<Vec<i32>>,
    pv: Vec<Vec<Move>>,
    killers: Vec<[Move; 2]>,
    /// Per `piece code * squares + to`.
    history: Vec<i32>,
    lmr: Vec<[u8; 64]>,
}

impl Searcher {
    /// A searcher with a transposition table of about `tt_mb` megabytes, stopped when
    /// `stop` is set.
    pub fn new(tt_mb: usize, stop: Stop) -> Searcher {
        let lmr = (0..64)
            .map(|d| {
                let mut row = [0u8; 64];
                for (i, r) in row.iter_mut().enumerate() {
                    if d > 0 && i > 0 {
                        let x = 0.75 + (d as f64).ln() * (i as f64).ln() / 2.25;
                        *r = x.max(0.0) as u8;
                    }
                }
                row
            })
            .collect();
        Searcher {
            tt: Table::new(tt_mb),
            stop,
            variant: None,
            values: Vec::new(),
            hand: Vec::new(),
            nodes: 0,
            start: Instant::now(),
            deadline: None,
            soft: None,
            node_limit: None,
            root_depth: 0,
            aborted: false,
            hashes: Vec::new(),
            nulls: Vec::new(),
            moves: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(128)).collect(),
            order: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(128)).collect(),
            pv: (0..MAX_PLY + 2)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            killers: vec![[NO_MOVE; 2]; MAX_PLY + 2],
            history: Vec::new(),
            lmr,
        }
    }

    /// Forgets everything learnt (transposition table, history): for a new game.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.fill(0);
    }

    /// The size of the transposition table in bytes.
    pub fn hash_bytes(&self) -> usize {
        self.tt.entries.len() * std::mem::size_of::<Entry>()
    }

    /// Searches the position within the limits and returns the last finished iteration
    /// (`None` when the side to move has no legal move). `on_depth` is called after each
    /// finished iteration. The position is left as it was. A limit that strikes before
    /// the first iteration is over yields the first move in the search's order.
    pub fn search(
        &mut self,
        pos: &mut Position,
        limits: Limits,
        mut on_depth: impl FnMut(&Report),
    ) -> Option<Report> {
        self.prepare(pos, &limits);
        let mut root = Vec::new();
        pos.generate_legal(&mut root);
        if root.is_empty() {
            return None;
        }
        self.order_root(pos, &mut root);
        let max_depth = limits
            .depth
            .unwrap_or(MAX_SEARCH_DEPTH)
            .clamp(1, MAX_SEARCH_DEPTH);
        let mut best: Option<Report> = None;
        for depth in 1..=max_depth {
            self.root_depth = depth;
            let score = self.root(pos, &mut root, depth as i32);
            if self.aborted {
                break;
            }
            let mut pv = self.pv[0].clone();
            if pv.first() != Some(&root[0]) {
                pv = vec![root[0]];
            }
            let report = Report {
                depth,
                sel_depth: depth,
                score: Score::from_internal(score),
                pv,
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
            };
            on_depth(&report);
            best = Some(report);
            if let Some(t) = self.soft {
                // The next iteration would most likely not finish.
                if self.start.elapsed() > t {
                    break;
                }
                if root.len() == 1 && limits.depth.is_none() {
                    break;
                }
            }
            if score.abs() >= MATE_BOUND && (MATE - score.abs()) * 2 <= depth as i32 {
                break;
            }
            if self.stop.asked() {
                break;
            }
            if limits.nodes.is_some_and(|n| self.nodes >= n) {
                break;
            }
        }
        Some(best.unwrap_or_else(|| Report {
            depth: 0,
            sel_depth: 0,
            score: Score::Cp(0),
            pv: vec![root[0]],
            nodes: self.nodes,
            elapsed: self.start.elapsed(),
        }))
    }

    fn prepare(&mut self, pos: &Position, limits: &Limits) {
        let v = pos.variant();
        if !self.variant.as_ref().is_some_and(|old| Arc::ptr_eq(old, v)) {
            self.variant = Some(v.clone());
            self.tt.clear();
            let royal = v.royal_kind();
            self.values = v
                .kinds()
                .map(|k| {
                    if royal == Some(k) {
                        0
                    } else {
                        v.piece(k).value
                    }
                })
                .collect();
            self.hand = self
                .values
                .iter()
                .map(|&x| x * HAND_PERCENT / 100)
                .collect();
            self.history = vec![0; 2 * (crate::types::MAX_KINDS + 1) * v.num_squares()];
        }
        for h in &mut self.history {
            *h /= 8;
        }
        for k in &mut self.killers {
            *k = [NO_MOVE; 2];
        }
        self.tt.new_search();
        self.nodes = 0;
        self.start = Instant::now();
        let plan = super::limits::Plan::new(limits, self.start);
        self.deadline = plan.hard;
        self.soft = plan.soft;
        self.node_limit = limits.nodes;
        self.aborted = false;
        self.hashes.clear();
        self.hashes.extend(pos.hash_history());
        self.hashes.push(pos.hash());
        self.nulls.clear();
        self.nulls.resize(self.hashes.len(), false);
    }

    fn order_root(&mut self, pos: &Position, root: &mut [Move]) {
        let tt_move = self.tt.probe(pos.hash()).map(|e| e.mv);
        let mut keyed: Vec<(i32, Move)> = root
            .iter()
            .map(|m| {
                let s = if Some(*m) == tt_move {
                    ORDER_TT
                } else {
                    self.tactical_order(pos, m).unwrap_or(0)
                };
                (s, *m)
            })
            .collect();
        keyed.sort_by_key(|k| std::cmp::Reverse(k.0));
        for (slot, (_, m)) in root.iter_mut().zip(keyed) {
            *slot = m;
        }
    }

    // -----------------------------------------------------------------------------------
    // Helpers

    /// Counts a node; true when the search must stop now.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.aborted {
            return true;
        }
        self.aborted = self.node_limit.is_some_and(|n| self.nodes >= n)
            || self.nodes.is_multiple_of(CLOCK_EVERY)
                && (self.stop.asked() || self.deadline.is_some_and(|d| Instant::now() >= d));
        self.aborted
    }

    #[inline]
    fn make(&mut self, pos: &mut Position, m: Move) {
        pos.play_unchecked(&m);
        self.hashes.push(pos.hash());
        self.nulls.push(false);
    }

    #[inline]
    fn unmake(&mut self, pos: &mut Position) {
        pos.undo();
        self.hashes.pop();
        self.nulls.pop();
    }

    /// Has the current position occurred before, since the last irreversible move and
    /// not across a null move?
    fn repeated(&self, pos: &Position) -> bool {
        let n = self.hashes.len();
        let h = pos.hash();
        let window = (pos.halfmove_clock() as usize).min(n - 1);
        for k in 1..=window {
            if self.nulls[n - k] {
                return false;
            }
            if k % 2 == 0 && self.hashes[n - 1 - k] == h {
                return true;
            }
        }
        false
    }

    /// Sum of the values of the pieces a move captures (like `captures_of`).
    #[inline]
    fn victims(&self, pos: &Position, m: &Move) -> i32 {
        if matches!(m.kind(), MoveKind::Drop | MoveKind::Castle) {
            return 0;
        }
        let us = pos.side_to_move();
        let mut v = 0;
        let mut any = false;
        for sq in [Some(m.to()), m.extra_capture()].into_iter().flatten() {
            let p = pos.board()[sq.index()];
            if p.is_enemy_of(us) {
                // Every victim counts, even one of value 0 (a royal piece, say).
                v += self.values[p.kind().index()] + 1;
                any = true;
            }
        }
        if any { v } else { 0 }
    }

    #[inline]
    fn promo_gain(&self, pos: &Position, m: &Move) -> i32 {
        match m.promotion() {
            Some(k) => {
                let mover = pos.board()[m.from().index()];
                let before = if mover.is_some() {
                    self.values[mover.kind().index()]
                } else {
                    0
                };
                (self.values[k.index()] - before).max(1)
            }
            None => 0,
        }
    }

    /// The ordering key of a capture or promotion (MVV-LVA), `None` for a quiet move.
    #[inline]
    fn tactical_order(&self, pos: &Position, m: &Move) -> Option<i32> {
        let victims = self.victims(pos, m);
        let gain = self.promo_gain(pos, m);
        if victims == 0 && gain == 0 {
            return None;
        }
        let attacker = if m.is_drop() {
            0
        } else {
            let p = pos.board()[m.from().index()];
            if p.is_some() {
                self.values[p.kind().index()]
            } else {
                0
            }
        };
        Some(ORDER_TACTICAL + (victims + gain).min(1 << 20) * 32 - attacker.min(1 << 14))
    }

    #[inline]
    fn history_index(&self, pos: &Position, m: &Move) -> usize {
        let kind = match m.dropped() {
            Some(k) => k,
            None => pos.board()[m.from().index()].kind(),
        };
        Piece::new(kind, pos.side_to_move()).code() * pos.variant().num_squares() + m.to().index()
    }

    /// Material (board and reserves) of a side.
    fn material(&self, pos: &Position, c: Color) -> i32 {
        let mut s = 0;
        for &sq in pos.pieces_of(c) {
            s += self.values[pos.board()[sq.index()].kind().index()];
        }
        let reserves = pos.reserves_of(c);
        for (k, h) in self.hand.iter().enumerate() {
            s += reserves[k] as i32 * h;
        }
        s
    }

    /// Pseudo-legal board moves of a side (drops excluded).
    fn mobility(&mut self, pos: &Position, c: Color) -> i32 {
        pos.mobility(c) as i32
    }

    /// Material of the side to move minus the opponent's.
    fn material_balance(&self, pos: &Position) -> i32 {
        self.material(pos, pos.side_to_move()) - self.material(pos, !pos.side_to_move())
    }

    /// The static evaluation from the side to move, given its material balance and its
    /// mobility.
    fn evaluate_with(&mut self, pos: &Position, material: i32, mobility_us: i32) -> i32 {
        let mobility_them = self.mobility(pos, !pos.side_to_move());
        let s = material + MOBILITY_CP * (mobility_us - mobility_them);
        s.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    fn evaluate(&mut self, pos: &Position) -> i32 {
        let m = self.mobility(pos, pos.side_to_move());
        let material = self.material_balance(pos);
        self.evaluate_with(pos, material, m)
    }

    /// The score of a finished game for the side to move.
    fn terminal(o: Outcome, side: Color, ply: usize) -> i32 {
        Self::won_by(o.winner, side, ply)
    }

    /// The score for the side to move of a game won by `winner` (a draw for `None`).
    fn won_by(winner: Option<Color>, side: Color, ply: usize) -> i32 {
        match winner {
            None => 0,
            Some(c) if c == side => MATE - ply as i32,
            Some(_) => -MATE + ply as i32,
        }
    }

    /// Does the side to move have something besides pawns and the king (on the board or
    /// in reserve)? Null-move pruning is unsafe without (zugzwang).
    fn has_pieces(&self, pos: &Position) -> bool {
        let v = pos.variant();
        let royal = v.royal_kind();
        pos.pieces_of(pos.side_to_move()).iter().any(|sq| {
            let k = pos.board()[sq.index()].kind();
            Some(k) != royal && !v.piece(k).pawn
        }) || pos.reserves_of(pos.side_to_move()).iter().any(|&n| n > 0)
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    /// Picks the best-keyed remaining move into slot `i`.
    #[inline]
    fn pick(moves: &mut [Move], keys: &mut [i32], i: usize) {
        let mut best = i;
        for j in i + 1..moves.len() {
            if keys[j] > keys[best] {
                best = j;
            }
        }
        moves.swap(i, best);
        keys.swap(i, best);
    }

    // -----------------------------------------------------------------------------------
    // The search proper

    fn root(&mut self, pos: &mut Position, root: &mut [Move], depth: i32) -> i32 {
        self.pv[0].clear();
        let mut alpha = -INF;
        let beta = INF;
        let mut best_i = 0;
        for (i, &m) in root.iter().enumerate() {
            self.make(pos, m);
            let score = if i == 0 {
                -self.negamax(pos, depth - 1, -beta, -alpha, 1)
            } else {
                let s = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, 1);
                if s > alpha && !self.aborted {
                    -self.negamax(pos, depth - 1, -beta, -alpha, 1)
                } else {
                    s
                }
            };
            self.unmake(pos);
            if self.aborted {
                return 0;
            }
            if score > alpha {
                alpha = score;
                best_i = i;
                self.update_pv(0, m);
            }
        }
        // The best move first, the others in their previous order.
        root[..=best_i].rotate_right(1);
        self.tt.store(
            pos.hash(),
            Some(root[0]),
            score_to_tt(alpha, 0),
            depth,
            Bound::Exact,
        );
        alpha
    }

    /// Long on purpose: this is the search as it was before the modern one, kept line for
    /// line so that matches measure the new engine against exactly that (`classic`).
    fn negamax(
        &mut self,
        pos: &mut Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
        self.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        let after_null = *self.nulls.last().unwrap_or(&false);
        if !after_null && let Some(o) = pos.immediate_outcome() {
            return Self::terminal(o, pos.side_to_move(), ply);
        }
        if self.repeated(pos) {
            return Self::won_by(pos.draw_winner(), pos.side_to_move(), ply);
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos);
        }
        // Mate distance pruning: no score here can beat a mate found nearer the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let fifty = pos.draw_plies_reached();
        if depth <= 0 && !fifty {
            return self.qsearch(pos, alpha, beta, ply);
        }
        let pv_node = beta - alpha > 1;
        let key = pos.hash();
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            if e.mv != NO_MOVE {
                tt_move = Some(e.mv);
            }
            let s = score_from_tt(e.score, ply);
            if !pv_node
                && !fifty
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
        let in_check = pos.is_check();

        // Null-move pruning.
        if !pv_node
            && !in_check
            && !after_null
            && !fifty
            && depth >= 3
            && beta.abs() < MATE_BOUND
            && self.has_pieces(pos)
            && self.evaluate(pos) >= beta
        {
            let r = 2 + depth / 4;
            let undo = pos.play_null();
            self.hashes.push(pos.hash());
            self.nulls.push(true);
            let s = -self.negamax(pos, depth - 1 - r, -beta, -beta + 1, ply + 1);
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

        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut keys = std::mem::take(&mut self.order[ply]);
        pos.generate_legal(&mut moves);
        let result = if moves.is_empty() {
            let winner = if in_check {
                pos.checkmate_winner()
            } else {
                pos.stalemate_winner()
            };
            Self::won_by(winner, pos.side_to_move(), ply)
        } else if fifty {
            Self::won_by(pos.draw_winner(), pos.side_to_move(), ply)
        } else {
            // Check extension, within twice the iteration's depth (checks by drops could
            // otherwise go on and on).
            if in_check && ply < 2 * self.root_depth as usize {
                depth += 1;
            }
            self.search_moves(
                pos, &mut moves, &mut keys, tt_move, depth, alpha, beta, ply, in_check, pv_node,
            )
        };
        self.moves[ply] = moves;
        self.order[ply] = keys;
        result
    }

    /// The move loop of a node. Long on purpose, like `negamax`: the pre-modern search
    /// kept unchanged as the baseline of matches.
    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        pos: &mut Position,
        moves: &mut [Move],
        keys: &mut Vec<i32>,
        tt_move: Option<Move>,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
        pv_node: bool,
    ) -> i32 {
        let alpha0 = alpha;
        keys.clear();
        let killers = self.killers[ply];
        for m in moves.iter() {
            let k = if Some(*m) == tt_move {
                ORDER_TT
            } else if let Some(t) = self.tactical_order(pos, m) {
                t
            } else if *m == killers[0] {
                ORDER_KILLER
            } else if *m == killers[1] {
                ORDER_KILLER - 1
            } else {
                self.history[self.history_index(pos, m)]
            };
            keys.push(k);
        }
        let mut best = -INF;
        let mut best_move = moves[0];
        for i in 0..moves.len() {
            Self::pick(moves, keys, i);
            let m = moves[i];
            let tactical = keys[i] >= ORDER_TACTICAL && keys[i] < ORDER_TT
                || self.victims(pos, &m) > 0
                || m.promotion().is_some();
            let quiet = !tactical;
            // Late quiet moves (not the table's move nor a killer) are searched shallower.
            let late = quiet && keys[i] < ORDER_KILLER - 1;
            self.make(pos, m);
            let gives_check = pos.is_check();
            let new_depth = depth - 1;
            let score = if i == 0 {
                -self.negamax(pos, new_depth, -beta, -alpha, ply + 1)
            } else {
                let mut r = 0;
                if depth >= 3 && late && !in_check && !gives_check && i >= 3 {
                    r = self.lmr[(depth as usize).min(63)][i.min(63)] as i32;
                    if pv_node {
                        r -= 1;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                let mut s = -self.negamax(pos, new_depth - r, -alpha - 1, -alpha, ply + 1);
                if s > alpha && r > 0 && !self.aborted {
                    s = -self.negamax(pos, new_depth, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta && !self.aborted {
                    s = -self.negamax(pos, new_depth, -beta, -alpha, ply + 1);
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
                    self.update_pv(ply, m);
                    if score >= beta {
                        if quiet {
                            let k = &mut self.killers[ply];
                            if k[0] != m {
                                k[1] = k[0];
                                k[0] = m;
                            }
                            let h = self.history_index(pos, &m);
                            let e = &mut self.history[h];
                            *e = (*e + depth * depth).min(HISTORY_MAX);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            pos.hash(),
            Some(best_move),
            score_to_tt(best, ply),
            depth,
            bound,
        );
        best
    }

    /// Captures and promotions until the position is quiet; every evasion when in check.
    fn qsearch(&mut self, pos: &mut Position, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos);
        }
        let us = pos.side_to_move();
        let in_check = pos.is_check();
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut keys = std::mem::take(&mut self.order[ply]);
        let result = if in_check {
            pos.generate_legal(&mut moves);
            if moves.is_empty() {
                Self::won_by(pos.checkmate_winner(), us, ply)
            } else {
                keys.clear();
                for m in moves.iter() {
                    keys.push(self.tactical_order(pos, m).unwrap_or(0));
                }
                self.q_moves(pos, &mut moves, &mut keys, -INF, alpha, beta, ply, false)
            }
        } else {
            // Lazy evaluation: far enough from the window, material alone decides.
            let material = self.material_balance(pos);
            moves.clear();
            if material - LAZY_MARGIN >= beta {
                (material - LAZY_MARGIN).min(MATE_BOUND - 1)
            } else {
                pos.gen_pseudo(us, &mut moves);
                let mobility = pos.mobility(us) as i32;
                let stand = if material + LAZY_MARGIN <= alpha {
                    (material + LAZY_MARGIN).max(-MATE_BOUND + 1)
                } else {
                    self.evaluate_with(pos, material, mobility)
                };
                self.quiesce(pos, &mut moves, &mut keys, stand, alpha, beta, ply)
            }
        };
        self.moves[ply] = moves;
        self.order[ply] = keys;
        if self.aborted { 0 } else { result }
    }

    /// The captures and promotions of the quiescence search, after the stand-pat score.
    #[allow(clippy::too_many_arguments)]
    fn quiesce(
        &mut self,
        pos: &mut Position,
        moves: &mut Vec<Move>,
        keys: &mut Vec<i32>,
        stand: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        keys.clear();
        let mut n = 0;
        for i in 0..moves.len() {
            let m = moves[i];
            if let Some(k) = self.tactical_order(pos, &m) {
                // Delta pruning: even winning it all cannot reach alpha.
                let gain = self.victims(pos, &m) + self.promo_gain(pos, &m);
                if stand + gain + 200 < alpha {
                    continue;
                }
                moves[n] = m;
                keys.push(k);
                n += 1;
            }
        }
        moves.truncate(n);
        self.q_moves(pos, moves, keys, stand, alpha, beta, ply, true)
    }

    /// Searches `moves` (ordered by `keys`, best first) in the quiescence search, starting
    /// from the score `best`. `pseudo`: the moves may leave the king attacked (rules.md § Check and legal moves) and
    /// such moves are skipped.
    #[allow(clippy::too_many_arguments)]
    fn q_moves(
        &mut self,
        pos: &mut Position,
        moves: &mut [Move],
        keys: &mut [i32],
        mut best: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pseudo: bool,
    ) -> i32 {
        let us = pos.side_to_move();
        for i in 0..moves.len() {
            Self::pick(moves, keys, i);
            let m = moves[i];
            self.make(pos, m);
            if pseudo && pos.royal_exposed(us) {
                self.unmake(pos);
                continue;
            }
            let s = -self.qnode(pos, -beta, -alpha, ply + 1);
            self.unmake(pos);
            if self.aborted {
                break;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// A quiescence node after a move: the game may have ended by it.
    fn qnode(&mut self, pos: &mut Position, alpha: i32, beta: i32, ply: usize) -> i32 {
        if let Some(o) = pos.immediate_outcome() {
            self.nodes += 1;
            self.pv[ply].clear();
            return Self::terminal(o, pos.side_to_move(), ply);
        }
        self.qsearch(pos, alpha, beta, ply)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(from: u16, to: u16) -> Move {
        super::super::moves::test_move(crate::types::Square(from), crate::types::Square(to))
    }

    fn searcher() -> Searcher {
        Searcher::new(1, Stop::new(Arc::default()))
    }

    #[test]
    fn table_stores_and_finds() {
        let mut t = Table::new(1);
        assert!(t.probe(42).is_none());
        t.store(42, Some(mv(1, 2)), 17, 5, Bound::Exact);
        let e = t.probe(42).unwrap();
        assert_eq!(
            (e.mv, e.score, e.depth, e.bound),
            (mv(1, 2), 17, 5, Bound::Exact)
        );
        // A store without a move keeps the known move.
        t.store(42, None, -3, 6, Bound::Upper);
        let e = t.probe(42).unwrap();
        assert_eq!(
            (e.mv, e.score, e.depth, e.bound),
            (mv(1, 2), -3, 6, Bound::Upper)
        );
        // Another key in the same bucket does not evict the deeper entry.
        let other = 42 + t.entries.len() as u64 * 7;
        assert_eq!(t.bucket(other), t.bucket(42));
        t.store(other, Some(mv(3, 4)), 1, 1, Bound::Lower);
        assert_eq!(t.probe(42).unwrap().depth, 6);
        assert_eq!(t.probe(other).unwrap().mv, mv(3, 4));
        t.clear();
        assert!(t.probe(42).is_none());
    }

    #[test]
    fn table_replaces_old_generations() {
        let mut t = Table::new(1);
        let step = t.entries.len() as u64;
        t.store(5, None, 0, 20, Bound::Exact);
        t.new_search();
        t.store(5 + step, None, 0, 1, Bound::Exact);
        t.store(5 + 2 * step, None, 0, 1, Bound::Exact);
        // The stale deep entry gave way; the two new ones share the bucket.
        assert!(t.probe(5).is_none());
        assert!(t.probe(5 + step).is_some());
        assert!(t.probe(5 + 2 * step).is_some());
    }

    fn chess(fen: &str) -> Position {
        let v = Variant::builtin("chess").unwrap();
        Position::from_fen(&v, fen).unwrap()
    }

    #[test]
    fn mate_at_the_horizon_is_seen_by_the_quiescence_search() {
        // Depth 1: the reply is searched only by the quiescence search, which must see that
        // Black, in check, has no move.
        let mut p = chess("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        let r = searcher().search(&mut p, Limits::depth(1), |_| {}).unwrap();
        assert_eq!(p.move_text(&r.best()), "a1a8");
        assert_eq!(r.score, Score::Mate(1));
    }

    #[test]
    fn getting_mated_is_scored_by_distance() {
        // Black must play Kb8, then Rh8 mates.
        let mut p = chess("k7/8/1K6/8/8/8/8/7R b - - 0 1");
        let r = searcher().search(&mut p, Limits::depth(3), |_| {}).unwrap();
        assert_eq!(r.score, Score::Mate(-1));
        assert_eq!(p.move_text(&r.best()), "a8b8");
    }

    #[test]
    fn stalemate_is_a_draw_and_no_move_is_none() {
        let mut p = chess("k7/8/1QK5/8/8/8/8/8 b - - 0 1");
        assert!(
            searcher()
                .search(&mut p, Limits::depth(3), |_| {})
                .is_none()
        );
        // White must not stalemate: Qb6-b7?? no, any stalemating move scores 0 while
        // mating is available.
        let mut p = chess("k7/8/2K5/1Q6/8/8/8/8 w - - 0 1");
        let r = searcher().search(&mut p, Limits::depth(3), |_| {}).unwrap();
        assert!(matches!(r.score, Score::Mate(n) if n > 0), "{:?}", r.score);
    }

    #[test]
    fn repetitions_count_since_the_last_irreversible_move_and_not_across_null_moves() {
        let v = Variant::builtin("chess").unwrap();
        let mut s = searcher();
        let mut p = Position::start(&v);
        p.play_text(&["g1f3", "g8f6"]).unwrap();
        s.prepare(&p, &Limits::default());
        assert!(!s.repeated(&p));
        p.play_text(&["f3g1", "f6g8"]).unwrap();
        s.prepare(&p, &Limits::default());
        assert!(s.repeated(&p), "back to the start position");
        let mut p = Position::start(&v);
        p.play_text(&["g1f3", "g8f6", "f3g1", "f6g8", "e2e4", "e7e5"])
            .unwrap();
        s.prepare(&p, &Limits::default());
        assert!(!s.repeated(&p));
        // Two null moves lead back to the same position, which is no repetition.
        let mut p = Position::start(&v);
        s.prepare(&p, &Limits::default());
        let fen = p.fen();
        let u1 = p.play_null();
        s.hashes.push(p.hash());
        s.nulls.push(true);
        let u2 = p.play_null();
        s.hashes.push(p.hash());
        s.nulls.push(true);
        assert_eq!(p.hash(), s.hashes[s.hashes.len() - 3]);
        assert!(!s.repeated(&p));
        p.undo_null(u2);
        p.undo_null(u1);
        assert_eq!(p.fen(), fen);
        assert_eq!(p.hash(), p.compute_hash());
    }

    #[test]
    fn a_null_move_clears_en_passant_and_restores_it() {
        let v = Variant::builtin("chess").unwrap();
        let mut p = Position::start(&v);
        p.play_text(&["e2e4"]).unwrap();
        let before = p.clone();
        let u = p.play_null();
        assert_eq!(p.side_to_move(), Color::White);
        assert!(p.ep_targets().is_empty());
        assert_eq!(p.hash(), p.compute_hash());
        p.undo_null(u);
        assert!(p == before);
    }

    #[test]
    fn tiny_budgets_still_return_a_legal_move() {
        let v = Variant::builtin("chess").unwrap();
        let mut p = Position::start(&v);
        let mut s = searcher();
        // The budget strikes before the first iteration is over (issue 13): the first move
        // in the search's order is played.
        let r = s.search(&mut p, Limits::nodes(1), |_| {}).unwrap();
        assert_eq!(r.depth, 0);
        assert!(p.legal_moves().contains(&r.best()));
        let r = s
            .search(&mut p, Limits::time(Duration::ZERO), |_| {})
            .unwrap();
        assert!(p.legal_moves().contains(&r.best()));
    }
}
