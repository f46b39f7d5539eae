//! The readable move texts: in random games of every built-in game, every legal move's
//! text reads back (as a player would type it) to that move and no other.

use fairyforge::{Position, Variant};

use super::super::adapter;

/// A small deterministic generator (xorshift), so that failures repeat.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn every_readable_text_names_its_move_alone() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0;
    let mut short = 0;
    for name in fairyforge::builtin::game_names() {
        let v = Variant::builtin(name).unwrap();
        for _game in 0..3 {
            let mut pos = Position::start(&v);
            for _ply in 0..60 {
                let legal = pos.legal_moves();
                if legal.is_empty() || pos.outcome().is_some() {
                    break;
                }
                let infos = adapter::move_infos(&pos, &legal);
                for (m, info) in legal.iter().zip(&infos) {
                    let text = adapter::readable(&pos, m, &legal);
                    // Worked out among the moves that end on the same square: the same.
                    assert_eq!(info.san, text);
                    let back = pos.parse_input(&text);
                    assert_eq!(back, Ok(*m), "{name} {}: `{text}`", pos.fen());
                    checked += 1;
                    short += (text != pos.move_text(m)) as usize;
                }
                pos.play_unchecked(&legal[rng.below(legal.len())]);
            }
        }
    }
    assert!(checked > 50_000, "{checked}");
    // Nearly every move gets a short form; the long form is the exception.
    assert!(short * 100 > checked * 95, "{short} of {checked}");
}

#[test]
fn readable_texts_of_the_start_of_birds_and_ninjas() {
    let v = Variant::builtin("birds-and-ninjas").unwrap();
    let mut pos = Position::start(&v);
    pos.play_text(&["e2e5", "e9e6"]).unwrap();
    let legal = pos.legal_moves();
    let mut texts: Vec<String> = legal
        .iter()
        .map(|m| adapter::readable(&pos, m, &legal))
        .collect();
    texts.sort();
    assert_eq!(
        texts.join(" "),
        "Be2 Bf3 Bg4 Bh5 Bi6 Bj7 Fe2 Gc3 Gh3 J@e2 J@e3 J@e4 Ke2 Nb3 Nd3 Ne2 Ng3 Ni3 Qe2 Qe3 Qe4 a3 a4 a5 b3 b4 b5 c3 c4 c5 d3 d4 d5 f3 f4 f5 g3 g4 g5 h3 h4 h5 i3 i4 i5 j3 j4 j5"
    );
}
