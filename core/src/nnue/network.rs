//! The network: features -> hidden units (an `i16` accumulator each, in each of two
//! views of the position) -> clipped ReLU -> one output, in integers.
//!
//! The two views share the input weights: White's view sums the weights of the features
//! that are on, Black's those of their mirrors (`Layout::mirrored`). The output reads the
//! view of the side to move ("own") with one set of weights and the other side's view
//! ("other") with another.
//!
//! Quantization: the float network computes, for each view, `x = b1 + sum of W1[f]` over
//! its features, `h = clamp(x, 0, 1)`, and `y = b2 + W2[0] . h_own + W2[1] . h_other`,
//! and scores `y * scale` centipawns for the side to move. Its integers are `x` and `b1`,
//! `W1` times [`QA`], `W2` times [`QB`] and `b2` times `QA * QB`, so the score is
//! `(b2 + sum of clamp(acc, 0, QA) * W2 over both views) * scale / (QA * QB)`, exact in
//! integers.

use std::sync::Arc;

use crate::position::Position;
use crate::types::Color;
use crate::variant::Variant;

use super::accumulator::Accumulator;
use super::file::NetworkError;
use super::layout::Layout;

/// The scale of the accumulator: the activation's 1.0.
pub const QA: i32 = 255;
/// The scale of the output weights.
pub const QB: i32 = 64;
/// The most hidden units a network may have.
pub const MAX_HIDDEN: usize = 2048;

/// A game's network, ready to evaluate (see the module's text for its arithmetic).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    pub(super) game: String,
    pub(super) layout: Layout,
    pub(super) hidden: usize,
    pub(super) scale: i32,
    pub(super) bias: Vec<i16>,
    /// `features x hidden`, feature by feature.
    pub(super) weights: Vec<i16>,
    /// `2 x hidden`: the output weights of the side to move's view, then of the other's.
    pub(super) out: Vec<i16>,
    pub(super) out_bias: i32,
}

/// A network's numbers, for a trainer that builds one ([`Network::from_parts`]); the
/// quantization is the module's.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parts {
    /// Hidden units (1 to [`MAX_HIDDEN`]).
    pub hidden: usize,
    /// Centipawns per unit of output.
    pub scale: i32,
    /// `hidden` biases of the hidden units.
    pub bias: Vec<i16>,
    /// `features x hidden` weights, the first feature's `hidden` first.
    pub weights: Vec<i16>,
    /// `2 x hidden` output weights: of the side to move's view ("own"), then of the other
    /// side's.
    pub out: Vec<i16>,
    /// The output's bias.
    pub out_bias: i32,
}

/// A network's numbers before quantization, as a trainer holds them (the module's float
/// network): [`Network::quantize`] turns them into a [`Network`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FloatParts {
    /// Hidden units (1 to [`MAX_HIDDEN`]).
    pub hidden: usize,
    /// Centipawns per unit of output.
    pub scale: i32,
    /// `hidden` biases of the hidden units.
    pub bias: Vec<f32>,
    /// `features x hidden` weights, the first feature's `hidden` first.
    pub weights: Vec<f32>,
    /// `2 x hidden` output weights: of the side to move's view ("own"), then of the other
    /// side's.
    pub out: Vec<f32>,
    /// The output's bias.
    pub out_bias: f32,
}

/// The largest magnitudes of a float network's numbers that quantize without overflow
/// for a game ([`Network::bounds`]): a trainer clips its weights to them as it learns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    /// A hidden unit's bias.
    pub bias: f32,
    /// An input weight.
    pub weight: f32,
    /// An output weight.
    pub out: f32,
}

/// The bound of a hidden bias, in the activation's units (the unit is saturated far
/// before it).
const BIAS_BOUND: i32 = 8;

impl Network {
    /// A network for the game `v` from its numbers, checked: the sizes must fit the
    /// game's [`Layout`], and no sum of the features that can be on together may leave
    /// the range of `i16` (the trainer keeps its weights small enough).
    pub fn from_parts(v: &Arc<Variant>, parts: Parts) -> Result<Network, NetworkError> {
        let layout = Layout::new(v);
        Network::checked(v.name().to_string(), layout, parts)
    }

    pub(super) fn checked(game: String, layout: Layout, p: Parts) -> Result<Network, NetworkError> {
        let n = p.hidden;
        if n == 0 || n > MAX_HIDDEN {
            return Err(NetworkError::Shape(format!(
                "{n} hidden units; a network has 1 to {MAX_HIDDEN}"
            )));
        }
        let f = layout.features();
        for (what, len, want) in [
            ("hidden biases", p.bias.len(), n),
            ("input weights", p.weights.len(), f * n),
            ("output weights", p.out.len(), 2 * n),
        ] {
            if len != want {
                return Err(NetworkError::Shape(format!(
                    "{len} {what} where the game's {f} features and {n} hidden units need {want}"
                )));
            }
        }
        if p.scale <= 0 || p.scale > 100_000 {
            return Err(NetworkError::Shape(format!(
                "an output scale of {}; it must be 1 to 100000 centipawns",
                p.scale
            )));
        }
        // The largest sum an accumulator can reach: its bias and the most features that
        // can be on at once, each at the largest weight of the unit (in either view: the
        // views share the weights, and as many features are on in each).
        let most = layout.most_active() as i64;
        for j in 0..n {
            let w = (0..f)
                .map(|i| (p.weights[i * n + j] as i64).abs())
                .max()
                .unwrap_or(0);
            let bound = (p.bias[j] as i64).abs() + most * w;
            if bound > i16::MAX as i64 {
                return Err(NetworkError::Range(format!(
                    "hidden unit {j} could reach {bound} (bias {} and up to {most} features \
                     of weight up to {w}), beyond 32767: train with smaller weights",
                    p.bias[j]
                )));
            }
        }
        Ok(Network {
            game,
            layout,
            hidden: n,
            scale: p.scale,
            bias: p.bias,
            weights: p.weights,
            out: p.out,
            out_bias: p.out_bias,
        })
    }

    /// The bounds within which a float network for a game with this layout quantizes
    /// without overflow: every sum of features that can be on together, with the bias,
    /// stays within `i16` once scaled by [`QA`].
    pub fn bounds(layout: &Layout) -> Bounds {
        let bias = BIAS_BOUND * QA;
        let most = layout.most_active().max(1) as i32;
        let weight = (i16::MAX as i32 - bias) / most;
        Bounds {
            bias: BIAS_BOUND as f32,
            weight: weight as f32 / QA as f32,
            out: (i16::MAX as i32 / QB) as f32,
        }
    }

    /// Quantizes a float network for the game `v` (the rules of the module's text):
    /// input weights and hidden biases times [`QA`], output weights times [`QB`], the
    /// output's bias times `QA * QB`, each rounded to the nearest integer. Numbers
    /// beyond [`Network::bounds`] are clipped to them first (a trainer that clips as it
    /// learns loses nothing here); a number that is not finite, or sizes that do not fit
    /// the game, are refused.
    pub fn quantize(v: &Arc<Variant>, f: &FloatParts) -> Result<Network, NetworkError> {
        let layout = Layout::new(v);
        let b = Network::bounds(&layout);
        let all = f
            .bias
            .iter()
            .chain(&f.weights)
            .chain(&f.out)
            .chain(std::iter::once(&f.out_bias));
        if let Some(x) = all.clone().find(|x| !x.is_finite()) {
            return Err(NetworkError::Range(format!(
                "a weight of {x}: the training diverged; train with a smaller learning rate"
            )));
        }
        let q = |xs: &[f32], bound: f32, scale: i32| -> Vec<i16> {
            xs.iter()
                .map(|&x| (x.clamp(-bound, bound) * scale as f32).round() as i16)
                .collect()
        };
        let out_bias = (f.out_bias as f64 * (QA * QB) as f64)
            .round()
            .clamp(i32::MIN as f64, i32::MAX as f64) as i32;
        Network::checked(
            v.name().to_string(),
            layout,
            Parts {
                hidden: f.hidden,
                scale: f.scale,
                bias: q(&f.bias, b.bias, QA),
                weights: q(&f.weights, b.weight, QA),
                out: q(&f.out, b.out, QB),
                out_bias,
            },
        )
    }

    /// The numbers of the network.
    pub fn parts(&self) -> Parts {
        Parts {
            hidden: self.hidden,
            scale: self.scale,
            bias: self.bias.clone(),
            weights: self.weights.clone(),
            out: self.out.clone(),
            out_bias: self.out_bias,
        }
    }

    /// The name of the game the network was made for.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// Its inputs.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Hidden units.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Whether the network reads positions of `v` (the same game, with the same squares
    /// and pieces).
    pub fn fits(&self, v: &Arc<Variant>) -> bool {
        self.game == v.name() && self.layout.fingerprint() == Layout::new(v).fingerprint()
    }

    /// The weights of one feature, one per hidden unit.
    #[inline]
    pub(super) fn row(&self, feature: usize) -> &[i16] {
        &self.weights[feature * self.hidden..(feature + 1) * self.hidden]
    }

    /// The score in centipawns, from the side to move, of a position whose accumulator
    /// is `acc`.
    pub fn evaluate_with(&self, acc: &Accumulator, pos: &Position) -> i32 {
        let (white, black) = acc.views();
        let (own, other) = match pos.side_to_move() {
            Color::White => (white, black),
            Color::Black => (black, white),
        };
        let (w_own, w_other) = self.out.split_at(self.hidden);
        let sum = self.out_bias as i64 + dot(own, w_own) + dot(other, w_other);
        let cp = sum * self.scale as i64 / (QA * QB) as i64;
        cp.clamp(-30_000, 30_000) as i32
    }

    /// The score of a position, from the side to move, from scratch.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.evaluate_with(&Accumulator::refresh(self, pos), pos)
    }
}

/// The sum of `clamp(a, 0, QA) x w` over a view: exact, in `i32` over runs of 256 units
/// (each product is at most 255 x 32767, so 256 of them stay below 2^31), which the
/// compiler turns into vector instructions, and in `i64` over the runs.
#[inline]
fn dot(acc: &[i16], w: &[i16]) -> i64 {
    const RUN: usize = 256;
    let mut sum = 0i64;
    for (a, w) in acc.chunks(RUN).zip(w.chunks(RUN)) {
        let run: i32 = a
            .iter()
            .zip(w)
            .map(|(&a, &w)| a.clamp(0, QA as i16) as i32 * w as i32)
            .sum();
        sum += run as i64;
    }
    sum
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::testrng::Rng;

    /// A network of random weights for a game, small enough for every game's sums.
    pub(crate) fn random(v: &Arc<Variant>, hidden: usize, seed: u64) -> Network {
        let layout = Layout::new(v);
        let mut r = Rng(seed);
        let most = layout.most_active() as i32;
        let wmax = ((i16::MAX as i32 - 200) / most).min(300) as usize;
        let mut w = |m: usize| r.below(2 * m + 1) as i32 - m as i32;
        let parts = Parts {
            hidden,
            scale: 400,
            bias: (0..hidden).map(|_| w(200) as i16).collect(),
            weights: (0..layout.features() * hidden)
                .map(|_| w(wmax) as i16)
                .collect(),
            out: (0..2 * hidden).map(|_| w(127) as i16).collect(),
            out_bias: w(1000),
        };
        Network::from_parts(v, parts).unwrap()
    }

    #[test]
    fn the_output_is_the_quantized_formula() {
        let v = Variant::builtin("chess").unwrap();
        let l = Layout::new(&v);
        let n = 2;
        let mut weights = vec![0i16; l.features() * n];
        // Unit 0 counts the pieces of the view's own side at 0.2 each (51 / 255), unit 1
        // the other side's at 0.5 each (127 / 255; its bias -4 keeps it off until the
        // ninth). In White's view White's pieces are the own ones, in Black's view (the
        // features mirrored: colours swapped) Black's.
        for (k, c, sq) in (0..v.pieces.len()).flat_map(|k| {
            Color::BOTH
                .into_iter()
                .flat_map(move |c| (0..64).map(move |s| (k, c, s)))
        }) {
            let f = l.board(
                crate::types::Kind::new(k),
                c,
                crate::types::Square(sq as u16),
            );
            weights[f * n + c.index()] = if c == Color::White { 51 } else { 127 };
        }
        // y = 1 + (1.0 x own0 - 1.0 x own1) + (0.5 x other0 + 0.5 x other1).
        let net = Network::from_parts(
            &v,
            Parts {
                hidden: n,
                scale: 100,
                bias: vec![0, -4 * 254],
                weights,
                out: vec![64, -64, 32, 32],
                out_bias: QA * QB,
            },
        )
        .unwrap();
        // The start, either side to move: in both views unit 0 is 16 x 0.2 clipped at 1
        // and unit 1 is 16 x 0.5 - 4 = 4 clipped at 1: 1 + (1 - 1) + (0.5 + 0.5) = 2.
        let p = Position::start(&v);
        assert_eq!(net.evaluate(&p), 200);
        let p = Position::from_fen(&v, &p.fen().replace(" w ", " b ")).unwrap();
        assert_eq!(net.evaluate(&p), 200);
        // White a rook and king, Black a king; every unit 1 is off (2 or 1 pieces x 0.5
        // - 4 < 0). Black to move: own (Black's view) unit 0 = 0.2 (one piece), other
        // (White's view) unit 0 = 0.4: 1 + 0.2 + 0.5 x 0.4 = 1.4. In integers
        // (16320 + 51 x 64 + 102 x 32) x 100 / 16320 = 140.
        let p = Position::from_fen(&v, "4k3/8/8/8/8/8/8/R3K3 b - - 0 1").unwrap();
        assert_eq!(net.evaluate(&p), 140);
        // White to move: own 0.4, other 0.2: 1 + 0.4 + 0.5 x 0.2 = 1.5.
        let p = Position::from_fen(&v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        assert_eq!(net.evaluate(&p), 150);
        // The same position with colours swapped (and the board's ranks flipped), the
        // other side to move: the same score.
        let p = Position::from_fen(&v, "r3k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(net.evaluate(&p), 140);
    }

    #[test]
    fn quantization_rounds_clips_and_keeps_the_output() {
        let v = Variant::builtin("chess").unwrap();
        let l = Layout::new(&v);
        let b = Network::bounds(&l);
        // 64 squares: (32767 - 8 x 255) / 64 = 480 in units of 1/255.
        assert_eq!((b.bias, b.weight * QA as f32, b.out), (8.0, 480.0, 511.0));
        let n = 2;
        let mut f = FloatParts {
            hidden: n,
            scale: 400,
            bias: vec![0.5, -20.0],
            weights: vec![0.0; l.features() * n],
            out: vec![1.0, -0.25, 600.0, 0.5],
            out_bias: 0.125,
        };
        // Every feature at the bound, one above it (clipped).
        f.weights.iter_mut().for_each(|w| *w = b.weight);
        f.weights[1] = 3.0;
        let net = Network::quantize(&v, &f).unwrap();
        let p = net.parts();
        assert_eq!(p.bias, vec![128, -2040]);
        assert_eq!((p.weights[0], p.weights[1]), (480, 480));
        assert_eq!(p.out, vec![64, -16, 32704, 32]);
        assert_eq!(p.out_bias, 2040);
        // The integer network computes what the float one does, to the rounding: at the
        // start, in both views unit 0 is saturated (0.5 + 32 x 1.88), unit 1 at
        // -20 -> -8 + 32 x 1.88 = 52 saturated too; with the other view's first weight
        // 0: 0.125 + (1.0 - 0.25) + (0 + 0.5) = 1.375 x 400.
        f.out[2] = 0.0;
        let net = Network::quantize(&v, &f).unwrap();
        assert_eq!(net.evaluate(&Position::start(&v)), 550);
        f.out[0] = f32::NAN;
        assert_eq!(
            Network::quantize(&v, &f).unwrap_err().to_string(),
            "the network's numbers are out of range: a weight of NaN: the training \
             diverged; train with a smaller learning rate"
        );
    }

    /// The output's sum is exact at its extremes: every unit saturated (or above) and
    /// every weight the largest or the smallest `i16`, for the most hidden units.
    #[test]
    fn the_output_sum_is_exact_at_its_extremes() {
        let naive = |a: &[i16], w: &[i16]| -> i64 {
            a.iter()
                .zip(w)
                .map(|(&a, &w)| (a as i64).clamp(0, QA as i64) * w as i64)
                .sum()
        };
        let mut r = Rng(11);
        for (a, w) in [
            (QA as i16, i16::MAX),
            (i16::MAX, i16::MIN),
            (QA as i16, i16::MIN),
        ] {
            let acc = vec![a; MAX_HIDDEN];
            let ws = vec![w; MAX_HIDDEN];
            assert_eq!(dot(&acc, &ws), naive(&acc, &ws));
            assert_eq!(dot(&acc, &ws), (QA as i64) * w as i64 * MAX_HIDDEN as i64);
        }
        for n in [1, 5, 255, 256, 257, 1000] {
            let acc: Vec<i16> = (0..n).map(|_| r.below(1200) as i16 - 600).collect();
            let ws: Vec<i16> = (0..n).map(|_| r.below(65536) as i32 as i16).collect();
            assert_eq!(dot(&acc, &ws), naive(&acc, &ws), "{n}");
        }
    }

    #[test]
    fn weights_that_could_overflow_are_refused() {
        let v = Variant::builtin("chess").unwrap();
        let mut p = random(&v, 4, 7).parts();
        p.weights[3] = 600;
        p.bias[3] = -17;
        let e = Network::from_parts(&v, p).unwrap_err().to_string();
        assert_eq!(
            e,
            "the network's numbers are out of range: hidden unit 3 could reach 38417 (bias \
             -17 and up to 64 features of weight up to 600), beyond 32767: train with \
             smaller weights"
        );
    }
}
