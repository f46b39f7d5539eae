//! Piece libraries: the built-in one as a list of pieces, and a library file checked on
//! its own (`fairyforge validate pieces.toml`).

use crate::builtin;
use crate::source::Ctx;
use crate::variant::PieceType;

use super::composition::{Parsed, Session};
use super::piece::pieces_of;
use super::reader::{Table, parse_toml};
use super::schema;

/// The pieces of the built-in shared library (`variants/pieces.toml`), in file order, with
/// their values in centipawns.
pub fn library_pieces() -> Vec<PieceType> {
    let Some(text) = builtin::library("pieces") else {
        return Vec::new();
    };
    let mut cx = Ctx::default();
    let Some(table) = parse_toml(0, text, &mut cx) else {
        return Vec::new();
    };
    pieces_of(&mut cx, &table, text)
        .iter()
        .map(PieceType::from_def)
        .collect()
}

/// The built-in piece library's definitions, in its order (the pictures of its pieces are
/// made from them).
pub(crate) fn library_defs() -> Vec<crate::def::PieceDef> {
    let Some(text) = builtin::library("pieces") else {
        return Vec::new();
    };
    let mut cx = Ctx::default();
    let Some(table) = parse_toml(0, text, &mut cx) else {
        return Vec::new();
    };
    pieces_of(&mut cx, &table, text)
}

/// Whether a file's table is a piece library: it defines pieces and has no key that only
/// games have.
pub(crate) fn is_library(t: &Table) -> bool {
    t.get("piece").is_some() && !schema::GAME_ONLY.iter().any(|k| t.get(k).is_some())
}

/// Checks a library file read into `session`: its keys, its imports and its pieces (an id
/// defined twice across it and its imports is an error). The ids of its pieces.
pub(crate) fn check(session: &mut Session, parsed: &Parsed) -> Vec<String> {
    session.enter_games();
    session
        .cx
        .check_keys(&parsed.table, &schema::LIBRARY.names(), "a piece library");
    session.imports(&parsed.table);
    let before = session.library.len();
    let text = &session.sources.files[parsed.span.file as usize].text;
    for p in pieces_of(&mut session.cx, &parsed.table, text) {
        session.add_library_piece(p);
    }
    session.library[before..]
        .iter()
        .map(|p| p.id.clone())
        .collect()
}
