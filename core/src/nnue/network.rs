//! The network: features -> hidden units (an `i16` accumulator each) -> clipped ReLU ->
//! one output for each side to move, in integers.
//!
//! Quantization: the float network computes `x = b1 + sum of W1[f]` over the features
//! on, `h = clamp(x, 0, 1)`, `y = b2[stm] + W2[stm] . h` and scores `y * scale`
//! centipawns for the side to move. Its integers are `x` and `b1`, `W1` times [`QA`],
//! `W2` times [`QB`] and `b2` times `QA * QB`, so the score is
//! `(b2 + sum of clamp(acc, 0, QA) * W2) * scale / (QA * QB)`, exact in integers.

use std::sync::Arc;

use crate::position::Position;
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
    /// `2 x hidden`: the output weights when White is to move, then when Black is.
    pub(super) out: Vec<i16>,
    pub(super) out_bias: [i32; 2],
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
    /// `2 x hidden` output weights: White to move, then Black to move.
    pub out: Vec<i16>,
    /// The output's bias, White to move and Black to move.
    pub out_bias: [i32; 2],
}

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
        // can be on at once, each at the largest weight of the unit.
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
        let stm = pos.side_to_move().index();
        let out = &self.out[stm * self.hidden..(stm + 1) * self.hidden];
        let mut sum = self.out_bias[stm] as i64;
        for (&a, &w) in acc.values().iter().zip(out) {
            sum += (a as i32).clamp(0, QA) as i64 * w as i64;
        }
        let cp = sum * self.scale as i64 / (QA * QB) as i64;
        cp.clamp(-30_000, 30_000) as i32
    }

    /// The score of a position, from the side to move, from scratch.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.evaluate_with(&Accumulator::refresh(self, pos), pos)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::testrng::Rng;
    use crate::types::Color;

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
            out_bias: [w(1000), w(1000)],
        };
        Network::from_parts(v, parts).unwrap()
    }

    #[test]
    fn the_output_is_the_quantized_formula() {
        let v = Variant::builtin("chess").unwrap();
        let l = Layout::new(&v);
        let n = 2;
        let mut weights = vec![0i16; l.features() * n];
        // Unit 0 counts White's pieces at 0.2 each, unit 1 Black's at 0.5 each (its
        // bias -4 keeps it off until the ninth).
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
        let net = Network::from_parts(
            &v,
            Parts {
                hidden: n,
                scale: 100,
                bias: vec![0, -4 * 254],
                weights,
                out: vec![64, -64, 32, 32],
                out_bias: [QA * QB, 0],
            },
        )
        .unwrap();
        let p = Position::start(&v);
        // White to move: 1 + 1.0 (16 x 0.2 clipped at 1) - (16 x 0.5 - 4 = 4, clipped at 1).
        assert_eq!(net.evaluate(&p), 100);
        let p = Position::from_fen(&v, "4k3/8/8/8/8/8/8/R3K3 b - - 0 1").unwrap();
        // Black to move: 0.5 x 0.4 + 0.5 x 0 = 0.2, at 100 centipawns: 20.
        assert_eq!(net.evaluate(&p), 20);
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
