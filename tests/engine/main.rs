//! The engine through the library: perft counts, the computer player, and properties of
//! positions and of attack detection on random positions of every game.

mod attack_prop;
mod perft;
mod properties;
mod search;
