//! Validation of variant files (issue 2, core): the exact messages of `fairyforge validate`
//! for bad files, every shipped file valid, the loader never panicking, and the game-file
//! examples of `docs/format.md` loading.

mod composition;
mod docs;
mod fuzz;
mod messages;
