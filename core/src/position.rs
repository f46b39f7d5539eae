//! A position of a game: board, side to move, castling rights, en-passant targets,
//! reserves and counters; make and unmake with an incremental hash.

use std::sync::Arc;

use crate::setup::{self, MAX_COUNTER, Setup, SetupData, SetupError};
use crate::sqset::SquareSet;
use crate::types::{Color, Kind, MAX_KINDS, Move, MoveKind, Piece, Square};
use crate::variant::Variant;

#[derive(Clone, Debug)]
struct Undo {
    mv: Move,
    moved: Piece,
    captured: Piece,
    captured_aux: Piece,
    castling: u8,
    ep_from: Square,
    ep_to: Square,
    ep_steps: u8,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    ended: bool,
}

/// A position. Cloning copies the board and history; moves are made in place.
#[derive(Clone)]
pub struct Position {
    pub(crate) variant: Arc<Variant>,
    pub(crate) board: Vec<Piece>,
    pub(crate) side: Color,
    pub(crate) castling: u8,
    /// The last move's en-passant line (R14): from, to and steps; targets lie between.
    pub(crate) ep_from: Square,
    pub(crate) ep_to: Square,
    pub(crate) ep_steps: u8,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) reserves: [[u8; MAX_KINDS]; 2],
    pub(crate) king: [Square; 2],
    lists: [Vec<Square>; 2],
    index: Vec<u16>,
    pub(crate) hash: u64,
    /// The last move ended the game by Capture the Scepter (R25).
    pub(crate) ended: bool,
    history: Vec<Undo>,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

impl PartialEq for Position {
    /// Same game state: board, side, rights, en passant, reserves and counters.
    fn eq(&self, o: &Position) -> bool {
        self.board == o.board
            && self.side == o.side
            && self.castling == o.castling
            && self.ep_from == o.ep_from
            && self.ep_to == o.ep_to
            && self.ep_steps == o.ep_steps
            && self.halfmove == o.halfmove
            && self.fullmove == o.fullmove
            && self.reserves == o.reserves
            && self.king == o.king
            && self.hash == o.hash
            && self.ended == o.ended
    }
}

impl Position {
    /// The start position of a variant.
    pub fn start(variant: &Arc<Variant>) -> Position {
        Position::from_setup(Setup::start(variant))
    }

    /// Reads an R28 position string (or, for orthodox chess, a FEN with `KQkq`).
    pub fn from_fen(variant: &Arc<Variant>, s: &str) -> Result<Position, SetupError> {
        Setup::parse(variant, s).map(Position::from_setup)
    }

    /// The parts a position string gives.
    pub(crate) fn setup_data(&self) -> SetupData {
        SetupData {
            board: self.board.clone(),
            side: self.side,
            castling: self.castling,
            ep_from: self.ep_from,
            ep_to: self.ep_to,
            ep_steps: self.ep_steps,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            reserves: self.reserves,
        }
    }

    pub(crate) fn from_parsed(variant: Arc<Variant>, p: SetupData) -> Position {
        let n = variant.num_squares();
        let mut pos = Position {
            board: vec![Piece::EMPTY; n],
            side: p.side,
            castling: p.castling,
            ep_from: p.ep_from,
            ep_to: p.ep_to,
            ep_steps: p.ep_steps,
            halfmove: p.halfmove,
            fullmove: p.fullmove,
            reserves: p.reserves,
            king: [Square::NONE; 2],
            lists: [Vec::with_capacity(n), Vec::with_capacity(n)],
            index: vec![0; n],
            hash: 0,
            ended: false,
            history: Vec::with_capacity(256),
            variant,
        };
        for (i, piece) in p.board.iter().enumerate() {
            if piece.is_some() {
                pos.put(Square(i as u16), *piece);
            }
        }
        pos.hash = pos.compute_hash();
        pos
    }

    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }

    pub fn piece_at(&self, sq: Square) -> Option<(Kind, Color)> {
        let p = self.board[sq.index()];
        if p.is_empty() {
            None
        } else {
            Some((p.kind(), p.color()))
        }
    }

    pub fn reserve(&self, color: Color, kind: Kind) -> u8 {
        self.reserves[color as usize][kind as usize]
    }

    pub fn king_square(&self, color: Color) -> Option<Square> {
        let k = self.king[color as usize];
        if k.is_none() { None } else { Some(k) }
    }

    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The incremental hash of the position (board, side, castling, en passant, reserves).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Castling rights as bits (`color * 4 + rook index`).
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// The en-passant target squares, in the order the pawn passed them (R14, R28).
    pub fn ep_targets(&self) -> Vec<Square> {
        setup::ep_line(&self.variant, self.ep_from, self.ep_to, self.ep_steps)
    }

    /// The square of the piece that en passant would capture.
    pub fn ep_victim(&self) -> Option<Square> {
        if self.ep_to.is_none() {
            None
        } else {
            Some(self.ep_to)
        }
    }

    #[inline]
    pub(crate) fn is_ep_target(&self, t: Square) -> bool {
        if self.ep_to.is_none() {
            return false;
        }
        let g = &self.variant.geometry;
        let (f0, r0) = g.coords(self.ep_from);
        let (f1, r1) = g.coords(self.ep_to);
        let (ft, rt) = g.coords(t);
        let s = self.ep_steps as i32;
        let (dx, dy) = ((f1 as i32 - f0 as i32) / s, (r1 as i32 - r0 as i32) / s);
        let (ox, oy) = (ft as i32 - f0 as i32, rt as i32 - r0 as i32);
        let i = if dx != 0 { ox / dx } else { oy / dy };
        i > 0 && i < s && ox == dx * i && oy == dy * i
    }

    /// Squares holding pieces of a colour (in no particular order).
    pub fn pieces_of(&self, color: Color) -> &[Square] {
        &self.lists[color as usize]
    }

    /// Occupied squares.
    pub fn occupied(&self) -> SquareSet {
        self.lists[0]
            .iter()
            .chain(self.lists[1].iter())
            .copied()
            .collect()
    }

    /// The position string (R28).
    pub fn fen(&self) -> String {
        setup::write_data(&self.variant, &self.setup_data())
    }

    /// Number of moves made since the position was created (undo depth).
    pub fn ply_count(&self) -> usize {
        self.history.len()
    }

    /// The moves made since the position was created.
    pub fn moves_played(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|u| u.mv)
    }

    /// Hashes of the positions before each move made, oldest first.
    pub fn hash_history(&self) -> impl Iterator<Item = u64> + '_ {
        self.history.iter().map(|u| u.hash)
    }

    #[inline]
    fn put(&mut self, sq: Square, p: Piece) {
        let n = self.board.len();
        self.board[sq.index()] = p;
        self.hash ^= self.variant.zobrist.piece(p.0, sq.index(), n);
        let c = p.color() as usize;
        self.index[sq.index()] = self.lists[c].len() as u16;
        self.lists[c].push(sq);
        if self.variant.royal == Some(p.kind()) {
            self.king[c] = sq;
        }
    }

    #[inline]
    fn remove(&mut self, sq: Square) -> Piece {
        let n = self.board.len();
        let p = self.board[sq.index()];
        self.board[sq.index()] = Piece::EMPTY;
        self.hash ^= self.variant.zobrist.piece(p.0, sq.index(), n);
        let c = p.color() as usize;
        let i = self.index[sq.index()] as usize;
        let last = self.lists[c]
            .pop()
            .expect("a piece is in its colour's list");
        if last != sq {
            self.lists[c][i] = last;
            self.index[last.index()] = i as u16;
        }
        if self.variant.royal == Some(p.kind()) && self.king[c] == sq {
            self.king[c] = Square::NONE;
        }
        p
    }

    fn ep_key(&self) -> u64 {
        if self.ep_to.is_none() {
            0
        } else {
            let n = self.board.len();
            let z = &self.variant.zobrist;
            z.ep[self.ep_from.index()] ^ z.ep[n + self.ep_to.index()]
        }
    }

    fn set_reserve(&mut self, c: Color, k: Kind, count: u8) {
        let z = &self.variant.zobrist;
        let old = self.reserves[c as usize][k as usize];
        self.hash ^=
            z.reserve(c as usize, k as usize, old) ^ z.reserve(c as usize, k as usize, count);
        self.reserves[c as usize][k as usize] = count;
    }

    /// The hash computed from scratch; equals [`Position::hash`] at all times.
    pub fn compute_hash(&self) -> u64 {
        let n = self.board.len();
        let z = &self.variant.zobrist;
        let mut h = 0;
        for (i, p) in self.board.iter().enumerate() {
            if p.is_some() {
                h ^= z.piece(p.0, i, n);
            }
        }
        if self.side == Color::Black {
            h ^= z.side;
        }
        h ^= z.castling[self.castling as usize];
        h ^= self.ep_key();
        for c in 0..2 {
            for k in 0..MAX_KINDS {
                h ^= z.reserve(c, k, self.reserves[c][k]);
            }
        }
        h
    }

    /// Plays a move, which must be legal (or at least pseudo-legal) in this position.
    pub fn make(&mut self, m: Move) {
        let us = self.side;
        let z_side = self.variant.zobrist.side;
        let mut undo = Undo {
            mv: m,
            moved: Piece::EMPTY,
            captured: Piece::EMPTY,
            captured_aux: Piece::EMPTY,
            castling: self.castling,
            ep_from: self.ep_from,
            ep_to: self.ep_to,
            ep_steps: self.ep_steps,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hash: self.hash,
            ended: self.ended,
        };
        self.hash ^= self.ep_key();
        self.ep_from = Square::NONE;
        self.ep_to = Square::NONE;
        self.ep_steps = 0;
        let mut rights = self.castling;
        let mut reset = false;
        match m.kind {
            MoveKind::Drop => {
                let k = m.piece;
                let count = self.reserves[us as usize][k as usize];
                self.set_reserve(us, k, count - 1);
                self.put(m.to, Piece::new(k, us));
                reset = true;
            }
            MoveKind::Castle => {
                let king = self.remove(m.from);
                let rook = self.remove(m.aux);
                undo.moved = king;
                self.put(m.to, king);
                self.put(m.aux2, rook);
                let clear = &self.variant.castle_clear;
                rights &= !(clear[m.from.index()] | clear[m.aux.index()]);
            }
            _ => {
                let moved = self.remove(m.from);
                undo.moved = moved;
                if m.aux.is_some() {
                    let cap = self.board[m.aux.index()];
                    if cap.is_some() {
                        undo.captured_aux = self.remove(m.aux);
                        reset = true;
                    }
                }
                let cap = self.board[m.to.index()];
                if cap.is_some() {
                    undo.captured = self.remove(m.to);
                    reset = true;
                }
                let placed = match m.promotion() {
                    Some(k) => Piece::new(k, us),
                    None => moved,
                };
                self.put(m.to, placed);
                if self.variant.pieces[moved.kind() as usize].pawn {
                    reset = true;
                }
                let clear = &self.variant.castle_clear;
                let mut c = clear[m.from.index()] | clear[m.to.index()];
                if m.aux.is_some() {
                    c |= clear[m.aux.index()];
                }
                rights &= !c;
                if m.kind == MoveKind::DoubleStep {
                    let g = &self.variant.geometry;
                    let (f0, r0) = g.coords(m.from);
                    let (f1, r1) = g.coords(m.to);
                    let steps = gcd(
                        (f1 as i32 - f0 as i32).unsigned_abs(),
                        (r1 as i32 - r0 as i32).unsigned_abs(),
                    );
                    if steps >= 2 {
                        self.ep_from = m.from;
                        self.ep_to = m.to;
                        self.ep_steps = steps as u8;
                        self.hash ^= self.ep_key();
                    }
                }
            }
        }
        // R25 Capture the Scepter: a king that ends its move on a scepter square.
        if let Some((zones, _)) = &self.variant.scepter
            && m.kind != MoveKind::Drop
            && zones[us as usize].contains(m.to)
            && self.variant.royal == Some(self.board[m.to.index()].kind())
        {
            self.ended = true;
        }
        if rights != self.castling {
            let z = &self.variant.zobrist;
            self.hash ^= z.castling[self.castling as usize] ^ z.castling[rights as usize];
            self.castling = rights;
        }
        // The counters stop at the largest a position string may give (no wrap).
        self.halfmove = if reset {
            0
        } else {
            (self.halfmove + 1).min(MAX_COUNTER)
        };
        if us == Color::Black {
            self.fullmove = (self.fullmove + 1).min(MAX_COUNTER);
        }
        self.side = !us;
        self.hash ^= z_side;
        self.history.push(undo);
    }

    /// Takes back the last move made. Returns it, or `None` when there is none.
    pub fn unmake(&mut self) -> Option<Move> {
        let u = self.history.pop()?;
        let m = u.mv;
        let us = !self.side;
        self.side = us;
        self.fullmove = u.fullmove;
        match m.kind {
            MoveKind::Drop => {
                self.remove(m.to);
                let count = self.reserves[us as usize][m.piece as usize];
                self.set_reserve(us, m.piece, count + 1);
            }
            MoveKind::Castle => {
                let king = self.remove(m.to);
                let rook = self.remove(m.aux2);
                self.put(m.from, king);
                self.put(m.aux, rook);
            }
            _ => {
                self.remove(m.to);
                if u.captured.is_some() {
                    self.put(m.to, u.captured);
                }
                if u.captured_aux.is_some() {
                    self.put(m.aux, u.captured_aux);
                }
                self.put(m.from, u.moved);
            }
        }
        self.castling = u.castling;
        self.ep_from = u.ep_from;
        self.ep_to = u.ep_to;
        self.ep_steps = u.ep_steps;
        self.halfmove = u.halfmove;
        self.hash = u.hash;
        self.ended = u.ended;
        Some(m)
    }

    /// The pieces a move captures, with their squares.
    pub fn captures_of(&self, m: &Move) -> Vec<(Square, Kind, Color)> {
        let mut out = Vec::new();
        if matches!(m.kind, MoveKind::Drop | MoveKind::Castle) {
            return out;
        }
        // The mover's colour, not the side to move: also right for the pseudo-legal moves
        // of either side's pieces (`piece_moves`).
        let mover = self.board[m.from.index()];
        let us = if mover.is_some() {
            mover.color()
        } else {
            self.side
        };
        for sq in [m.to, m.aux] {
            if sq.is_some() {
                let p = self.board[sq.index()];
                if p.is_enemy_of(us) {
                    out.push((sq, p.kind(), p.color()));
                }
            }
        }
        out
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}
