//! The engine protocols: UCI and XBoard (CECP v2), and the move text they share.

pub mod lines;
pub mod moves;
mod setup;
mod thinker;
pub mod uci;
pub mod xboard;
