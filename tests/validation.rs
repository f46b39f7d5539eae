//! Validation of variant files (issue 2, core): the exact messages of `fairyforge validate`
//! for bad files, every shipped file valid, the loader never panicking, and the game-file
//! examples of `docs/format.md` loading; hostile files and position strings (issue 13) and
//! what a game's pieces may be (issue 12).

mod validation {
    mod composition;
    mod docs;
    mod fuzz;
    mod limits;
    mod messages;
    mod pieces;
    mod position_strings;
}
