//! Fuzzing the untrusted surfaces of loading and playing (issue 13): variant files,
//! position strings and move text. Each target runs for a few seconds in CI; a long run
//! sets the time per target and a seed:
//!
//! ```sh
//! FUZZ_SECONDS=1200 nice -n 10 cargo test -p fairyforge-cli --test fuzz -- --test-threads=1 --nocapture
//! ```
//!
//! Each prints what it tried: inputs, accepted, errors, panics, hangs (an input taking
//! more than `FUZZ_TIMEOUT` seconds, default 10).

mod harness;
mod move_text;
mod position_strings;
mod variant_files;
