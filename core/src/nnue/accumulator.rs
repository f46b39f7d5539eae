//! The hidden layer before its activation, kept up to date move by move.
//!
//! A move changes the features of the few squares it empties and fills (its origin, its
//! landing square, the second square of a double capture, a fly-over or en passant, the
//! rook's squares of a castling) and of one reserve (a drop). [`Touched`] notes what
//! stood on those squares before the move; after it, [`Touched::update`] subtracts the
//! weights of the features turned off and adds those turned on. Reading the squares
//! instead of deciding from the move's kind what it did keeps this exact for every
//! move the format can express: whatever `Position::play_unchecked` did is what the
//! accumulator follows.
//!
//! The accumulator holds the network's two views of the position (docs/engine.md § The
//! learned evaluation): White's, over the features as they are, and Black's, over their
//! mirrors, through the same weights. Each feature turned on or off changes both.

use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::types::{Color, Kind, Piece, Square};

use super::network::Network;

/// One value per hidden unit and view: its bias plus the weights of the features that
/// are on in that view; White's view's `N` values, then Black's.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Accumulator {
    v: Vec<i16>,
}

impl Accumulator {
    /// The accumulator of a position, from scratch.
    pub fn refresh(net: &Network, pos: &Position) -> Accumulator {
        let mut a = Accumulator::default();
        a.refresh_from(net, pos);
        a
    }

    /// Recomputes this accumulator for a position, from scratch.
    pub fn refresh_from(&mut self, net: &Network, pos: &Position) {
        self.v.clear();
        self.v.extend_from_slice(&net.bias);
        self.v.extend_from_slice(&net.bias);
        net.layout.active(pos, |f| self.add(net, f));
    }

    /// The values of the two views, one per hidden unit each: White's, then Black's.
    pub fn views(&self) -> (&[i16], &[i16]) {
        self.v.split_at(self.v.len() / 2)
    }

    /// Becomes a copy of `other` (without allocating when the sizes agree).
    #[inline]
    pub fn copy_from(&mut self, other: &Accumulator) {
        self.v.clear();
        self.v.extend_from_slice(&other.v);
    }

    /// Turns `feature` on: in White's view, and its mirror in Black's. The network's
    /// check of its weights (`Network::checked`) bounds every sum of as many features as
    /// can be on together within `i16`, so neither view overflows (nor in `sub`).
    #[inline]
    fn add(&mut self, net: &Network, feature: usize) {
        let (white, black) = self.v.split_at_mut(net.hidden);
        for (a, w) in white.iter_mut().zip(net.row(feature)) {
            *a += *w;
        }
        for (a, w) in black.iter_mut().zip(net.row(net.layout.mirrored(feature))) {
            *a += *w;
        }
    }

    /// Turns `feature` off, in both views.
    #[inline]
    fn sub(&mut self, net: &Network, feature: usize) {
        let (white, black) = self.v.split_at_mut(net.hidden);
        for (a, w) in white.iter_mut().zip(net.row(feature)) {
            *a -= *w;
        }
        for (a, w) in black.iter_mut().zip(net.row(net.layout.mirrored(feature))) {
            *a -= *w;
        }
    }
}

/// The most squares a move touches: origin, landing, a second capture, a rook's two.
const MOST: usize = 5;

/// What stood, before a move, on the squares it may change, and the reserve it may draw
/// from.
#[derive(Clone, Copy, Debug)]
pub struct Touched {
    n: usize,
    squares: [Square; MOST],
    before: [Piece; MOST],
    /// A drop: the kind, the side and how many it held before.
    reserve: Option<(Kind, Color, u8)>,
    /// A capture in a `captures-to-hand` game (docs/format.md § Reserves and drops): the
    /// kinds the captor's reserve may gain (each captured piece's, and the piece a
    /// promoted one returns as) and how many it held of each before; `held` of them.
    gained: [(Kind, u8); 4],
    held: u8,
}

impl Touched {
    /// Notes the squares `m` may change in `pos`, before it is played.
    #[inline]
    pub fn before(pos: &Position, m: &Move) -> Touched {
        let mut t = Touched {
            n: 0,
            squares: [Square::NONE; MOST],
            before: [Piece::EMPTY; MOST],
            reserve: None,
            gained: [(Kind::new(0), 0); 4],
            held: 0,
        };
        let board = pos.board();
        let mut note = |sq: Square| {
            if sq.is_some() && !t.squares[..t.n].contains(&sq) {
                t.squares[t.n] = sq;
                t.before[t.n] = board[sq.index()];
                t.n += 1;
            }
        };
        note(m.to());
        match m.kind() {
            MoveKind::Drop => {
                let k = m.dropped().expect("a drop drops a piece");
                let us = pos.side_to_move();
                t.reserve = Some((k, us, pos.reserve(us, k)));
            }
            MoveKind::Castle => {
                note(m.from());
                if let Some((a, b)) = m.castling_rook() {
                    note(a);
                    note(b);
                }
            }
            _ => {
                note(m.from());
                note(m.extra_square());
                if pos.variant().captures_to_hand() {
                    t.note_gains(pos, m);
                }
            }
        }
        // Gating (docs/format.md § Gating): the gated piece leaves the reserve for a
        // square noted already (the one the piece or the rook leaves).
        if let Some((k, _)) = m.gate() {
            let us = pos.side_to_move();
            t.reserve = Some((k, us, pos.reserve(us, k)));
        }
        t
    }

    /// The reserve counts a capture may change in a `captures-to-hand` game.
    #[cold]
    fn note_gains(&mut self, pos: &Position, m: &Move) {
        let (v, board, us) = (pos.variant(), pos.board(), pos.side_to_move());
        for sq in [m.to(), m.extra_square()] {
            if sq.is_none() || board[sq.index()].is_empty() {
                continue;
            }
            let k = board[sq.index()].kind();
            for kind in [Some(k), v.promoted_from(k)].into_iter().flatten() {
                let h = self.held as usize;
                if !self.gained[..h].iter().any(|(g, _)| *g == kind) {
                    self.gained[h] = (kind, pos.reserve(us, kind));
                    self.held += 1;
                }
            }
        }
    }

    /// Brings `acc`, the accumulator of the position before the move, to the position
    /// after it (`pos`, with the move played).
    #[inline]
    pub fn update(&self, net: &Network, pos: &Position, acc: &mut Accumulator) {
        let l = &net.layout;
        let board = pos.board();
        // Features turned off first, then those turned on: every partial sum is one of
        // features that can be on together.
        for i in 0..self.n {
            let (b, a) = (self.before[i], board[self.squares[i].index()]);
            if b != a && b.is_some() {
                acc.sub(net, l.board(b.kind(), b.color(), self.squares[i]));
            }
        }
        let held = self
            .reserve
            .map(|(k, c, was)| (k, c, was as usize, pos.reserve(c, k) as usize));
        if let Some((k, c, was, now)) = held {
            for i in now..was {
                if let Some(f) = l.reserve(k, c, i) {
                    acc.sub(net, f);
                }
            }
        }
        for i in 0..self.n {
            let (b, a) = (self.before[i], board[self.squares[i].index()]);
            if b != a && a.is_some() {
                acc.add(net, l.board(a.kind(), a.color(), self.squares[i]));
            }
        }
        if let Some((k, c, was, now)) = held {
            for i in was..now {
                if let Some(f) = l.reserve(k, c, i) {
                    acc.add(net, f);
                }
            }
        }
        // A capture into the reserve only adds pieces to it (the mover's, who is not
        // the side to move now).
        let captor = !pos.side_to_move();
        for &(k, was) in &self.gained[..self.held as usize] {
            for i in was as usize..pos.reserve(captor, k) as usize {
                if let Some(f) = l.reserve(k, captor, i) {
                    acc.add(net, f);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::network::tests::random;
    use crate::testrng::Rng;

    /// Random games in every built-in game: after each move and each take-back, the
    /// accumulator kept move by move equals the one computed from scratch, in both views.
    /// Counts the kinds of moves seen, so that the test is known to have met drops,
    /// double captures (two squares captured), promotions, castling and en passant.
    #[test]
    fn the_incremental_accumulator_equals_a_full_recomputation() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let (mut drops, mut doubles, mut promotions, mut castles, mut ep) = (0, 0, 0, 0, 0);
        for name in crate::builtin::game_names() {
            let v = crate::Variant::builtin(name).unwrap();
            let net = random(&v, 16, rng.below(1 << 30) as u64 + 1);
            let start = Position::start(&v);
            let acc = Accumulator::refresh(&net, &start);
            let (white, black) = acc.views();
            assert_eq!(white.len(), 16);
            // Black's view, summed here from the mirrored features.
            let mut by_hand: Vec<i16> = net.bias.clone();
            net.layout.active(&start, |f| {
                for (a, w) in by_hand.iter_mut().zip(net.row(net.layout.mirrored(f))) {
                    *a += *w;
                }
            });
            assert_eq!(black, &by_hand[..], "{name}");
            // A setup that fits the game's symmetry (the same reserves on both sides) looks
            // the same from both sides.
            let fits = net.layout.symmetry() != crate::nnue::Symmetry::None
                && start.reserves_of(Color::White) == start.reserves_of(Color::Black);
            assert_eq!(white == black, fits, "{name}");
            for game in 0..6 {
                let mut pos = Position::start(&v);
                let mut stack = vec![Accumulator::refresh(&net, &pos)];
                let mut moves = Vec::new();
                for ply in 0..160 {
                    pos.generate_legal(&mut moves);
                    if moves.is_empty() || pos.immediate_outcome().is_some() {
                        break;
                    }
                    // Captures and drops first more often than not, so that the boards
                    // empty and promotions come.
                    let m = moves[rng.below(moves.len())];
                    let victims = pos.captures_of(&m).len();
                    drops += m.is_drop() as u32;
                    castles += m.is_castle() as u32;
                    promotions += m.promotion().is_some() as u32;
                    ep += m.is_en_passant() as u32;
                    doubles += (victims >= 2) as u32;
                    let touched = Touched::before(&pos, &m);
                    pos.play_unchecked(&m);
                    let mut acc = stack.last().unwrap().clone();
                    touched.update(&net, &pos, &mut acc);
                    assert_eq!(
                        acc,
                        Accumulator::refresh(&net, &pos),
                        "{name}, game {game}, ply {ply}: {} after {}",
                        pos.fen(),
                        pos.move_text(&m)
                    );
                    stack.push(acc);
                    // Now and then take a few moves back: the stack's accumulators are
                    // those of the positions again.
                    if rng.below(10) == 0 {
                        for _ in 0..=rng.below(3).min(stack.len() - 2) {
                            pos.undo();
                            stack.pop();
                            assert_eq!(stack.last().unwrap(), &Accumulator::refresh(&net, &pos));
                        }
                    }
                }
            }
        }
        assert!(
            drops > 0 && doubles > 0 && promotions > 0 && castles > 0 && ep > 0,
            "drops {drops}, double captures {doubles}, promotions {promotions}, castles \
             {castles}, en passant {ep}"
        );
    }
}
