//! The pieces: every seed piece from TOML primitives with the seed pages' diagrams and
//! examples (`seed_pieces`), and the diagrams of `fairyforge piece` (`piece_cmd`).

mod piece_cmd;
mod seed_pieces;
