//! The static evaluation, from the side to move, in centipawns: material from the file's
//! values, piece-square terms from each piece's own move tables, mobility, king safety
//! (attacks on the king's neighbourhood, shelter, the opponent's reserve), the structure
//! of pawn-like pieces, reserve pieces valued in hand, a tempo, and the endgame helpers
//! that let the engine finish games (a lone king driven to the rim, advantages without
//! pawn-like pieces scaled down, the score fading as the 100-ply rule nears).
//!
//! Middle-game and end-game values are blended by the phase: the non-pawn material left
//! against that of the game's setup.

use std::sync::Arc;

use crate::position::Position;
use crate::types::{Color, Kind, Square};
use crate::variant::Variant;

use super::mobility::Counts;
use super::score::MATE_BOUND;
use super::settings::Features;
use super::tables::{Bits, Tables, slot};
use super::weights::{W, Weights};

/// The most files the pawn-structure tables hold (boards have at most 16).
const FILES: usize = 16;

/// The pawn-like pieces of a side the first pass keeps for the pawn structure's (a side
/// with more is read again from the board).
const PAWNS: usize = 24;

/// What the evaluation reads of a kind, together.
#[derive(Copy, Clone)]
struct KindFacts {
    /// `Tables::value`.
    value: i32,
    pawn: bool,
    royal: bool,
    /// Attack units per square of the enemy king's neighbourhood it reaches: stronger
    /// pieces weigh more, a knight-sized piece about 2.
    weight: i32,
}

/// An evaluation of one variant with one set of weights.
pub(crate) struct Evaluator {
    pub t: Arc<Tables>,
    w: Weights,
    /// Piece-square values per table index (middle game, end game).
    pst: Vec<[i16; 2]>,
    /// Per kind.
    kinds: Vec<KindFacts>,
    /// A piece in reserve, per kind (middle game, end game).
    hand_mg: Vec<i32>,
    hand_eg: Vec<i32>,
    positional: bool,
    mopup: bool,
    lazy: bool,
    exact_king: bool,
}

/// Mobility, king safety and pawn structure together rarely move the score by more than
/// this: see [`Evaluator::evaluate_within`].
const LAZY_MARGIN: i32 = 400;

/// Per side, while evaluating.
#[derive(Clone, Default)]
struct Side {
    mg: i32,
    eg: i32,
    /// Material on the board.
    material: i32,
    /// Non-pawn material on the board and in reserve.
    npm: i32,
    /// Pawn-like pieces on the board and in reserve.
    pawns: i32,
    /// Value of the reserve.
    hand: i32,
    /// Attack units against the enemy king's neighbourhood.
    attack: i32,
    /// Squares of the enemy king's neighbourhood its pieces could reach (ignoring what
    /// stands between).
    reach: Bits,
    /// Squares of the enemy king's neighbourhood some piece of this side could capture
    /// on, on some board (`Tables::captures`): the others are not attacked.
    threat: Bits,
    /// Own pieces in the own king's neighbourhood.
    shield: i32,
    /// Pawn-like pieces per file, and the lowest and highest rank they stand on.
    file_count: [u8; FILES],
    lo: [i8; FILES],
    hi: [i8; FILES],
    /// The first [`PAWNS`] pawn-like pieces on the board (square, table index), and how
    /// many there are.
    pawn_at: [(u16, u32); PAWNS],
    pawns_on_board: usize,
}

impl Evaluator {
    pub fn new(v: &Arc<Variant>, w: &Weights, f: &Features) -> Evaluator {
        Evaluator::with_tables(Arc::new(Tables::new(v)), w, f)
    }

    /// An evaluation over tables already built (tuning evaluates one game with many sets
    /// of weights).
    pub fn with_tables(t: Arc<Tables>, w: &Weights, f: &Features) -> Evaluator {
        let n = t.squares;
        let mut pst = vec![[0i16; 2]; t.kinds * 2 * n];
        for k in 0..t.kinds {
            let royal = t.royal == Some(Kind::new(k));
            let (rm, re) = if royal {
                (w.get(W::KingReachMg), w.get(W::KingReachEg))
            } else {
                (w.get(W::ReachMg), w.get(W::ReachEg))
            };
            let (cm, ce) = if royal {
                (0, w.get(W::CentreEg))
            } else {
                (w.get(W::CentreMg), w.get(W::CentreEg))
            };
            for c in Color::BOTH {
                let s = slot(Kind::new(k), c);
                let mean = t.mean_reach16[s];
                for i in 0..n {
                    let dev16 = t.reach[s * n + i] as i32 * 16 - mean;
                    let centre = t.centre[i];
                    let mut mg = rm * dev16 / 16 + cm * centre;
                    let mut eg = re * dev16 / 16 + ce * centre;
                    if t.pawn[k] {
                        let p = t.progress[s * n + i] as i32;
                        mg += w.get(W::AdvanceMg) * p / 100;
                        eg += w.get(W::AdvanceEg) * p / 100;
                    }
                    pst[s * n + i] = [mg.clamp(-2000, 2000) as i16, eg.clamp(-2000, 2000) as i16];
                }
            }
        }
        let hand_mg = t.value.iter().map(|v| v * w.get(W::HandMg) / 100).collect();
        let hand_eg = t.value.iter().map(|v| v * w.get(W::HandEg) / 100).collect();
        let kinds = (0..t.kinds)
            .map(|k| KindFacts {
                value: t.value[k],
                pawn: t.pawn[k],
                royal: t.royal == Some(Kind::new(k)),
                weight: (t.value[k] / 150).clamp(1, 8),
            })
            .collect();
        Evaluator {
            t,
            w: w.clone(),
            pst,
            kinds,
            hand_mg,
            hand_eg,
            positional: f.positional,
            mopup: f.mopup,
            lazy: f.lazy_eval,
            exact_king: f.exact_king,
        }
    }

    /// The full evaluation from the side to move.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.evaluate_within(pos, i32::MIN, i32::MAX).0
    }

    /// The evaluation from the side to move, and whether it is the full one. When the
    /// cheap part (material, piece-square values, reserves) is already more than
    /// [`LAZY_MARGIN`] outside `(alpha, beta)`, the costly terms (mobility, king safety,
    /// pawn structure) are skipped: they could not bring it back.
    pub fn evaluate_within(&self, pos: &Position, alpha: i32, beta: i32) -> (i32, bool) {
        let mut sides = [Side::default(), Side::default()];
        let kings = [pos.king_square(Color::White), pos.king_square(Color::Black)];
        for c in Color::BOTH {
            self.pieces(pos, c, kings, &mut sides[c.index()]);
        }
        if !self.positional {
            return (self.total(pos, kings, &sides), true);
        }
        if self.lazy {
            let quick = self.total(pos, kings, &sides);
            if quick.saturating_sub(LAZY_MARGIN) >= beta
                || quick.saturating_add(LAZY_MARGIN) <= alpha
            {
                return (quick, false);
            }
        }
        let counts = self.t.mobility.count(pos);
        for c in Color::BOTH {
            let mob = counts.moves[c.index()] as i32;
            let s = &mut sides[c.index()];
            s.mg += self.w.get(W::MobilityMg) * mob;
            s.eg += self.w.get(W::MobilityEg) * mob;
        }
        for c in Color::BOTH {
            self.king_safety(pos, c, kings, &counts, &mut sides);
            self.pawn_structure(pos, c, &mut sides);
        }
        (self.total(pos, kings, &sides), true)
    }

    /// The score from the side to move of the terms gathered in `sides`.
    fn total(&self, pos: &Position, kings: [Option<Square>; 2], sides: &[Side; 2]) -> i32 {
        let t = &self.t;
        let npm = sides[0].npm + sides[1].npm;
        let phase = (npm.min(t.phase_total) * 256 / t.phase_total).clamp(0, 256);
        let (w, b) = (&sides[0], &sides[1]);
        let mut score = ((w.mg - b.mg) * phase + (w.eg - b.eg) * (256 - phase)) / 256
            + (w.material - b.material);
        if self.mopup {
            score += self.endgame(pos, kings, sides, phase);
            score = self.scale(score, sides);
        }
        let us = pos.side_to_move();
        let mut s = if us == Color::White { score } else { -score };
        s += self.w.get(W::Tempo);
        if self.mopup {
            // Progress is due: the score fades as the 100-ply rule nears.
            let hm = pos.halfmove_clock().min(200) as i32;
            s = s * (200 - hm) / 200;
        }
        s.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// Material, piece-square values, reserves, attack units and shelter of one side.
    fn pieces(&self, pos: &Position, c: Color, kings: [Option<Square>; 2], s: &mut Side) {
        let t = &self.t;
        s.lo = [i8::MAX; FILES];
        s.hi = [i8::MIN; FILES];
        let enemy_zone = kings[(!c).index()].map(|k| &t.zone[(!c).index() * t.squares + k.index()]);
        let own_zone = kings[c.index()].map(|k| &t.zone[c.index() * t.squares + k.index()]);
        // The squares to test, unless the mobility's sets find every attack.
        let threats = self.positional && self.exact_king && !t.mobility.sees_all();
        for &sq in pos.pieces_of(c) {
            let Some((k, _)) = pos.piece_at(sq) else {
                continue;
            };
            let kf = self.kinds[k.index()];
            let i = t.idx(k, c, sq);
            s.material += kf.value;
            if self.positional {
                let [mg, eg] = self.pst[i];
                s.mg += mg as i32;
                s.eg += eg as i32;
            }
            if threats && let Some(z) = enemy_zone {
                s.threat.add_common_in(&t.captures[i], z, t.words);
            }
            if kf.pawn {
                // For the pawn structure (a pawn-like royal piece too).
                if s.pawns_on_board < PAWNS {
                    s.pawn_at[s.pawns_on_board] = (sq.0, i as u32);
                }
                s.pawns_on_board += 1;
            }
            if kf.royal {
                continue;
            }
            if kf.pawn {
                s.pawns += 1;
                let f = (t.file[sq.index()] as usize).min(FILES - 1);
                let r = t.rank[sq.index()];
                s.file_count[f] += 1;
                s.lo[f] = s.lo[f].min(r);
                s.hi[f] = s.hi[f].max(r);
            } else {
                s.npm += kf.value;
                if let Some(z) = enemy_zone {
                    let hits = t.targets[i].common_in(z, t.words) as i32;
                    if hits > 0 {
                        s.attack += hits * kf.weight;
                        if !self.exact_king {
                            s.reach.add_common_in(&t.targets[i], z, t.words);
                        }
                    }
                }
            }
            if own_zone.is_some_and(|z| z.contains(sq)) {
                s.shield += 1;
            }
        }
        if pos.variant().has_reserves() {
            for k in 0..t.kinds {
                let n = pos.reserve(c, Kind::new(k)) as i32;
                if n == 0 {
                    continue;
                }
                s.mg += n * self.hand_mg[k];
                s.eg += n * self.hand_eg[k];
                s.hand += n * t.value[k];
                if t.pawn[k] {
                    s.pawns += n;
                } else {
                    s.npm += n * t.value[k];
                }
            }
        }
    }

    /// Attacks on the king's neighbourhood of `c` and its shelter (`counts`: the squares
    /// found attacked with the mobility's sets).
    fn king_safety(
        &self,
        pos: &Position,
        c: Color,
        kings: [Option<Square>; 2],
        counts: &Counts,
        sides: &mut [Side; 2],
    ) {
        let t = &self.t;
        let Some(k) = kings[c.index()] else { return };
        let zone = &t.zone[c.index() * t.squares + k.index()];
        let them = &sides[(!c).index()];
        let units = them.attack + self.w.get(W::HandDanger) * them.hand / 100;
        let attacked = if units == 0 || self.w.get(W::KingAttack) == 0 {
            // No danger whatever is attacked: the attacks need not be counted.
            0
        } else if self.exact_king {
            let found = &counts.attacks[(!c).index()];
            if counts.complete[(!c).index()] {
                // The mobility's sets found every attack.
                debug_assert!(
                    zone.squares()
                        .all(|s| found.contains(s) == pos.is_attacked(s, !c))
                );
                zone.common_in(found, t.words) as i32
            } else {
                // Only the squares some enemy piece could capture on need the test, and
                // not those the sets found attacked.
                debug_assert!(
                    zone.squares()
                        .all(|s| them.threat.contains(s) || !pos.is_attacked(s, !c))
                );
                them.threat
                    .squares()
                    .filter(|s| found.contains(*s) || pos.is_attacked(*s, !c))
                    .count() as i32
            }
        } else {
            them.reach.len() as i32
        };
        let danger = self.w.get(W::KingAttack) * units * attacked / 16;
        let shield = self.w.get(W::KingShield) * sides[c.index()].shield;
        let s = &mut sides[c.index()];
        s.mg += shield - danger;
        s.eg -= danger / 4;
    }

    /// Doubled, isolated, passed and advanced pawn-like pieces of `c`.
    fn pawn_structure(&self, pos: &Position, c: Color, sides: &mut [Side; 2]) {
        let t = &self.t;
        if sides[c.index()].pawns == 0 {
            return;
        }
        let (own, them) = if c == Color::White {
            let (a, b) = sides.split_at_mut(1);
            (&mut a[0], &b[0])
        } else {
            let (a, b) = sides.split_at_mut(1);
            (&mut b[0], &a[0])
        };
        let files = t.files.min(FILES);
        let w = &self.w;
        // The terms of one pawn-like piece on `sq`, of table index `i`.
        let pawn = |own: &mut Side, sq: Square, i: usize| {
            let f = (t.file[sq.index()] as usize).min(FILES - 1);
            let r = t.rank[sq.index()];
            if own.file_count[f] > 1 {
                own.mg += w.get(W::DoubledMg);
                own.eg += w.get(W::DoubledEg);
            }
            // The neighbouring files on the board.
            let left = f.checked_sub(1);
            let right = (f + 1 < files).then_some(f + 1);
            let neighbours = [left, right]
                .into_iter()
                .flatten()
                .any(|x| own.file_count[x] > 0);
            if !neighbours {
                own.mg += w.get(W::IsolatedMg);
                own.eg += w.get(W::IsolatedEg);
            }
            let blocked = [left, Some(f), right].into_iter().flatten().any(|x| {
                them.file_count[x] > 0
                    && match c {
                        Color::White => them.hi[x] > r,
                        Color::Black => them.lo[x] < r,
                    }
            });
            if !blocked {
                let p = t.progress[i] as i32;
                own.mg += w.get(W::PassedMg) * p * p / 10_000;
                own.eg += w.get(W::PassedEg) * p * p / 10_000;
            }
        };
        if own.pawns_on_board <= PAWNS {
            for j in 0..own.pawns_on_board {
                let (sq, i) = own.pawn_at[j];
                pawn(own, Square(sq), i as usize);
            }
            return;
        }
        for &sq in pos.pieces_of(c) {
            let Some((k, _)) = pos.piece_at(sq) else {
                continue;
            };
            if self.kinds[k.index()].pawn {
                pawn(own, sq, t.idx(k, c, sq));
            }
        }
    }

    /// Driving a lone king (or one without pawn-like help) to the rim, kings close: for
    /// the side well ahead, in the endgame. From White's side.
    fn endgame(
        &self,
        pos: &Position,
        kings: [Option<Square>; 2],
        sides: &[Side; 2],
        phase: i32,
    ) -> i32 {
        let _ = pos;
        let t = &self.t;
        let total = |s: &Side| s.material + s.hand;
        let diff = total(&sides[0]) - total(&sides[1]);
        let (strong, weak) = if diff > 0 {
            (Color::White, Color::Black)
        } else {
            (Color::Black, Color::White)
        };
        let w = &sides[weak.index()];
        if diff.abs() < self.w.get(W::DrawishMargin) || w.pawns > 0 {
            return 0;
        }
        let (Some(wk), Some(sk)) = (kings[weak.index()], kings[strong.index()]) else {
            return 0;
        };
        let royal = t.royal.unwrap_or(Kind::new(0));
        let wreach = t.reach[t.idx(royal, weak, wk)] as i32;
        let mean = t.mean_reach16[slot(royal, weak)] / 16;
        let edge = (t.max_centre - t.centre[wk.index()]) + (mean - wreach).max(0);
        let close = (t.squares as i32).min(16) - t.distance(wk, sk);
        let bonus = self.w.get(W::MopupEdge) * edge + self.w.get(W::MopupClose) * close;
        let bonus = bonus * (256 - phase) / 256;
        if strong == Color::White {
            bonus
        } else {
            -bonus
        }
    }

    /// Without pawn-like pieces a small advantage rarely wins: it is scaled down.
    fn scale(&self, score: i32, sides: &[Side; 2]) -> i32 {
        let strong = if score > 0 { &sides[0] } else { &sides[1] };
        let weak = if score > 0 { &sides[1] } else { &sides[0] };
        let lead = strong.material + strong.hand - weak.material - weak.hand;
        if strong.pawns == 0 && lead < self.w.get(W::DrawishMargin) {
            score / 8
        } else {
            score
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(game: &str, fen: &str) -> i32 {
        let v = Variant::builtin(game).unwrap();
        let e = Evaluator::new(&v, &Weights::default(), &Features::default());
        let p = Position::from_fen(&v, fen).unwrap();
        e.evaluate(&p)
    }

    #[test]
    fn the_start_is_about_level_and_symmetric() {
        for game in ["chess", "capablanca", "birds-and-ninjas", "stealth-ninja"] {
            let v = Variant::builtin(game).unwrap();
            let e = Evaluator::new(&v, &Weights::default(), &Features::default());
            let p = Position::start(&v);
            let s = e.evaluate(&p);
            // Only the tempo separates the sides.
            assert_eq!(s, Weights::default().value("tempo").unwrap(), "{game}");
        }
    }

    /// The pawn structure read from the pawn-like pieces kept by the first pass equals the
    /// one read from the board again (as for a side with more than [`PAWNS`] of them), in
    /// positions of random games in every built-in game.
    #[test]
    fn the_kept_pawns_give_the_structure_of_the_board() {
        let mut rng = crate::testrng::Rng(13);
        for name in crate::builtin::game_names() {
            let v = Variant::builtin(name).unwrap();
            let e = Evaluator::new(&v, &Weights::default(), &Features::default());
            let mut p = Position::start(&v);
            for _ in 0..40 {
                let kings = [p.king_square(Color::White), p.king_square(Color::Black)];
                let mut kept = [Side::default(), Side::default()];
                for c in Color::BOTH {
                    e.pieces(&p, c, kings, &mut kept[c.index()]);
                }
                let mut read = kept.clone();
                for s in &mut read {
                    s.pawns_on_board = PAWNS + 1;
                }
                for c in Color::BOTH {
                    e.pawn_structure(&p, c, &mut kept);
                    e.pawn_structure(&p, c, &mut read);
                    let (a, b) = (&kept[c.index()], &read[c.index()]);
                    assert_eq!((a.mg, a.eg), (b.mg, b.eg), "{name}: {}", p.fen());
                }
                if !p.play_random(&mut rng) {
                    break;
                }
            }
        }
    }

    #[test]
    fn colours_mirror() {
        // The same position with colours swapped scores the same for the side to move.
        let a = eval("chess", "4k3/pp3ppp/8/3N4/8/8/PPP2PPP/4K3 w - - 0 1");
        let b = eval("chess", "4k3/ppp2ppp/8/8/3n4/8/PP3PPP/4K3 b - - 0 1");
        assert_eq!(a, b);
        assert!(a > 250, "a knight up: {a}");
    }

    #[test]
    fn a_lone_king_is_better_in_the_corner_for_the_winner() {
        let centre = eval("chess", "8/8/8/4k3/8/8/8/1KQ5 w - - 0 1");
        let corner = eval("chess", "k7/8/8/8/8/8/8/1KQ5 w - - 0 1");
        assert!(corner > centre + 50, "{corner} vs {centre}");
    }

    #[test]
    fn passed_pawns_count_more_the_further_they_are() {
        let far = eval("chess", "4k3/8/8/8/8/8/1P6/4K3 w - - 0 1");
        let near = eval("chess", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        assert!(near > far + 100, "{near} vs {far}");
    }

    #[test]
    fn small_advantages_without_pawns_are_drawish() {
        let bishop = eval("chess", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
        assert!(bishop.abs() < 80, "{bishop}");
        let queen = eval("chess", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        assert!(queen > 800, "{queen}");
    }
}
