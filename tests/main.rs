//! Cross-crate integration and snapshot tests. Each module is one area.

mod perft;
