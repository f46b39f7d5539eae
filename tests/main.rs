//! Cross-crate integration and snapshot tests. Each module is one area.

mod attack_prop;
mod limits;
mod matches;
mod perft;
mod piece_cmd;
mod protocols;
mod search;
mod seed_pieces;
