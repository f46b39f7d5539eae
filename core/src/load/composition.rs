//! `extends` and `import`: the files of one game read and merged into one table.
//!
//! A child's table is merged over its parent's (tables key by key, other values replace);
//! `import` lists add up and `reserve` replaces whole. Each file is read once, found by its
//! resolved path: a library imported twice (a diamond) is read once, a file that imports
//! or extends itself through any spelling of its path is a loop, reported with its chain.
//! The depth of `extends` and of `import` and the number of files are bounded.

use std::collections::{HashMap, HashSet};

use crate::builtin;
use crate::code::Code;
use crate::def::{Named, PieceDef};
use crate::limits::{MAX_COMPOSITION_DEPTH, MAX_GAME_FILES};
use crate::source::{Ctx, Sources, Span, one_of, suggest};

use super::files::{self, Origin, Policy, ReadError, Target};
use super::piece::pieces_of;
use super::reader::{Node, Table, Value, parse_toml};
use super::schema;

/// A file read and parsed.
pub(crate) struct Parsed {
    pub table: Table,
    /// The start of the file, for messages about the whole file.
    pub span: Span,
}

/// The state of one load: the files read, where they came from, what was found wrong.
pub(crate) struct Session {
    pub sources: Sources,
    /// Where each file of `sources` came from, by file id.
    origins: Vec<Origin>,
    pub cx: Ctx,
    /// Pieces of the imported libraries, in reading order.
    pub library: Vec<PieceDef>,
    /// The place of each of `library` by id.
    library_ids: HashMap<String, usize>,
    /// Files read, by identity (resolved path, or `builtin:` and the name).
    loaded: HashSet<String>,
    /// The files being read, outermost first: the game and its parents, then the
    /// libraries importing each other (identity, name in messages).
    importing: Vec<(String, String)>,
    /// How many of `importing` are the game and its parents.
    games: usize,
    /// Set once the file limit is reported.
    too_many: bool,
    /// Set when a library could not be read (reported): the pieces it may define are
    /// unknown, and names of them are no further mistakes.
    pub lost_library: bool,
    /// The `extends` value of the file loaded, if any.
    top_extends: Option<Span>,
    policy: Policy,
}

/// Which kind of name is being followed.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Link {
    Extends,
    Import,
}

impl Session {
    pub fn new(policy: Policy) -> Session {
        Session {
            sources: Sources::default(),
            origins: Vec::new(),
            cx: Ctx::default(),
            library: Vec::new(),
            library_ids: HashMap::new(),
            loaded: HashSet::new(),
            importing: Vec::new(),
            games: 0,
            too_many: false,
            lost_library: false,
            top_extends: None,
            policy,
        }
    }

    /// Adds a text to the load and parses it; `None` when it is not valid TOML (reported).
    pub fn add(&mut self, name: String, text: String, origin: Origin) -> Option<Parsed> {
        let builtin = matches!(origin, Origin::Builtin);
        let id = self.sources.add(name, text, builtin);
        if let Some(key) = identity(&origin, "") {
            self.loaded.insert(key);
        }
        self.origins.push(origin);
        let text = &self.sources.files[id as usize].text;
        let span = Span {
            file: id,
            start: 0,
            end: text.len().min(1),
        };
        let table = parse_toml(id, text, &mut self.cx)?;
        Some(Parsed { table, span })
    }

    /// Marks the files read so far (the game and its parents) as being read, so that a
    /// library importing one of them is a loop.
    pub fn enter_games(&mut self) {
        for (origin, file) in self.origins.iter().zip(&self.sources.files) {
            if let Some(key) = identity(origin, "") {
                self.importing.push((key, file.name.clone()));
            }
        }
        self.games = self.importing.len();
    }

    /// Resolves `extends`: the parent game (a path relative to this file, or a built-in
    /// game) is read and this file's keys are merged over it.
    pub fn extend(&mut self, parsed: Parsed, depth: usize) -> Option<Parsed> {
        let Some(n) = parsed.table.get("extends") else {
            return Some(parsed);
        };
        let Value::Str(want) = &n.value else {
            let expected = "a string: a built-in game or a path";
            self.cx.type_err(n, "extends", expected);
            return Some(parsed);
        };
        let want = Named {
            name: want.clone(),
            span: n.span,
        };
        if depth == 0 {
            self.top_extends = Some(n.span);
        }
        if depth >= MAX_COMPOSITION_DEPTH {
            self.cx.err(
                Code::TooDeep,
                want.span,
                format!("`extends` goes more than {MAX_COMPOSITION_DEPTH} files deep"),
                "a file may not extend itself, directly or not",
            );
            return None;
        }
        let parent = self.open(&want, Link::Extends, depth)?;
        let parent = self.extend(parent, depth + 1)?;
        Some(Parsed {
            table: over_parent(parent.table, parsed.table),
            span: parsed.span,
        })
    }

    /// The parts the game's keys are read with: the problems, the files, the libraries'
    /// pieces.
    pub fn parts(&mut self) -> (&mut Ctx, &Sources, &[PieceDef]) {
        (&mut self.cx, &self.sources, &self.library)
    }

    /// Where the user's file caused what goes wrong in a built-in file it builds on: its
    /// `pieces` list when it wrote one, else its `extends`. `None` when the game loaded is
    /// itself built in.
    pub fn blame(&self, def: &crate::def::VariantDef) -> Option<Span> {
        let builtin = |s: Span| self.sources.file(s).is_none_or(|f| f.builtin);
        if builtin(def.span) {
            return None;
        }
        if def.pieces_span != def.span && !builtin(def.pieces_span) {
            return Some(def.pieces_span);
        }
        self.top_extends
    }

    /// Reads the libraries a table imports (and theirs), adding their pieces to `library`.
    pub fn imports(&mut self, t: &Table) {
        let Some(names) = self.cx.names(t, "import") else {
            return;
        };
        for n in names {
            self.import(&n);
        }
    }

    fn import(&mut self, what: &Named) {
        let depth = self.importing.len() - self.games;
        if depth >= MAX_COMPOSITION_DEPTH {
            self.cx.err(
                Code::TooDeep,
                what.span,
                format!("`import` goes more than {MAX_COMPOSITION_DEPTH} files deep"),
                "a library may import others, but not without end",
            );
            self.lost_library = true;
            return;
        }
        let before = self.cx.diags.len();
        let Some(parsed) = self.open(what, Link::Import, depth) else {
            // Not read, and not because it is read already (or being read, in a loop).
            self.lost_library |= self.cx.diags[before..]
                .iter()
                .any(|d| d.code != Code::CompositionLoop);
            return;
        };
        let file = parsed.span.file as usize;
        let key = identity(&self.origins[file], &what.name).unwrap_or_default();
        self.importing
            .push((key, self.sources.files[file].name.clone()));
        self.cx
            .check_keys(&parsed.table, &schema::LIBRARY.names(), "a piece library");
        self.imports(&parsed.table);
        self.importing.pop();
        let text = &self.sources.files[file].text;
        for p in pieces_of(&mut self.cx, &parsed.table, text) {
            self.add_library_piece(p);
        }
    }

    /// A library piece; an id defined twice across the libraries is an error.
    pub fn add_library_piece(&mut self, p: PieceDef) {
        match self.library_ids.get(&p.id) {
            Some(&i) => {
                let prev = self.library[i].span;
                let (line, _) = self.sources.line_col(prev);
                let file = self.sources.files[prev.file as usize].name.clone();
                self.cx.err(
                    Code::DuplicatePiece,
                    p.span,
                    format!("piece `{}` is defined twice", p.id),
                    format!("it is already defined at {file}:{line}; rename one of them"),
                );
            }
            None => {
                self.library_ids.insert(p.id.clone(), self.library.len());
                self.library.push(p);
            }
        }
    }

    /// Follows a name of `import` or `extends` to its file and reads it; `None` when it
    /// cannot be read (reported), or for an import already read.
    fn open(&mut self, want: &Named, link: Link, depth: usize) -> Option<Parsed> {
        let from = &self.origins[want.span.file as usize];
        let target = self.policy.resolve(from, &want.name);
        let origin = match target {
            Target::File(origin) => origin,
            Target::Builtin(stem) => return self.open_builtin(want, &stem, link),
            Target::Missing => {
                self.not_found(want, link);
                return None;
            }
            Target::Refused(reason) => {
                self.refused(want, &reason);
                return None;
            }
        };
        let key = identity(&origin, "").unwrap_or_default();
        if self.is_loop(want, link, &key, depth)
            || (link == Link::Import && self.loaded.contains(&key))
        {
            return None;
        }
        if !self.room_for_one_more(want) {
            return None;
        }
        let Origin::Disk { shown, real } = &origin else {
            return None;
        };
        match files::read_text(real) {
            Ok(text) => self.add(shown.display().to_string(), text, origin),
            Err(ReadError::Io(e)) => {
                let message = format!("cannot read `{}`: {e}", want.name);
                self.cx
                    .err(Code::CannotRead, want.span, message, "check the path");
                None
            }
            Err(e) => {
                self.refused(want, &e.to_string());
                None
            }
        }
    }

    fn open_builtin(&mut self, want: &Named, stem: &str, link: Link) -> Option<Parsed> {
        let key = format!("builtin:{stem}");
        let text = match link {
            Link::Extends => builtin::game(stem),
            Link::Import => builtin::library(stem),
        };
        let Some(text) = text else {
            self.not_found(want, link);
            return None;
        };
        if link == Link::Import && self.loaded.contains(&key) {
            return None;
        }
        if !self.room_for_one_more(want) {
            return None;
        }
        self.loaded.insert(key);
        let name = format!("<built-in {stem}.toml>");
        self.add(name, text.to_string(), Origin::Builtin)
    }

    fn not_found(&mut self, want: &Named, link: Link) {
        match link {
            Link::Extends => {
                let names = builtin::game_names();
                let hint = suggest(&want.name, names.iter().copied());
                self.cx.err(
                    Code::UnknownGame,
                    want.span,
                    format!("cannot find the game `{}` to extend{hint}", want.name),
                    format!(
                        "give a path relative to this file or a built-in game: {}",
                        names.join(", ")
                    ),
                );
            }
            Link::Import => {
                let names: Vec<&str> = builtin::LIBRARIES.iter().map(|(n, _)| *n).collect();
                self.cx.err(
                    Code::UnknownLibrary,
                    want.span,
                    format!("cannot find the piece library `{}`", want.name),
                    format!(
                        "give a path relative to this file, or a built-in library: {}",
                        one_of(&names)
                    ),
                );
            }
        }
    }

    /// A file that may not be read: named, with the reason, never with its content.
    fn refused(&mut self, want: &Named, reason: &str) {
        self.cx.err(Code::CannotRead,
            want.span,
            format!("cannot use `{}`: {reason}", want.name),
            "a game may use files of its own directory and below, and the built-in games and library",
        );
    }

    /// Whether the file `key` is already being read in this chain (reported).
    fn is_loop(&mut self, want: &Named, link: Link, key: &str, depth: usize) -> bool {
        match link {
            Link::Extends => {
                // The files of the `extends` chain are the first `depth + 1` read.
                let chain: Vec<usize> = (0..=depth.min(self.origins.len() - 1)).collect();
                let Some(at) = chain
                    .iter()
                    .position(|&i| identity(&self.origins[i], "").as_deref() == Some(key))
                else {
                    return false;
                };
                let names: Vec<String> = chain[at..]
                    .iter()
                    .map(|&i| format!("`{}`", self.sources.files[i].name))
                    .collect();
                let label = if names.len() == 1 {
                    "a game may not extend itself, directly or through other files".to_string()
                } else {
                    format!("{} extends {}", names.join(" extends "), names[0])
                };
                let message = format!(
                    "`extends` makes a loop: `{}` is already being read",
                    want.name
                );
                self.cx
                    .err(Code::CompositionLoop, want.span, message, label);
                true
            }
            Link::Import => {
                let Some(at) = self.importing.iter().position(|(k, _)| k == key) else {
                    return false;
                };
                let names: Vec<String> = self.importing[at..]
                    .iter()
                    .map(|(_, n)| format!("`{n}`"))
                    .collect();
                let message = format!(
                    "`import` makes a loop: `{}` is already being read",
                    want.name
                );
                let label = format!("{} imports {}", names.join(" imports "), names[0]);
                self.cx
                    .err(Code::CompositionLoop, want.span, message, label);
                true
            }
        }
    }

    /// Whether one more file may be read (the first refusal is reported).
    fn room_for_one_more(&mut self, want: &Named) -> bool {
        if self.sources.files.len() < MAX_GAME_FILES {
            return true;
        }
        if !std::mem::replace(&mut self.too_many, true) {
            self.cx.err(
                Code::TooManyFiles,
                want.span,
                format!("the game reads more than {MAX_GAME_FILES} files"),
                "import fewer libraries",
            );
        }
        false
    }
}

/// The identity of a file: its resolved path, or `builtin:` and the stem of `name`.
fn identity(origin: &Origin, name: &str) -> Option<String> {
    match origin {
        Origin::Disk { real, .. } => Some(real.display().to_string()),
        Origin::Builtin if !name.is_empty() => {
            let stem = std::path::Path::new(name)
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or(name);
            Some(format!("builtin:{stem}"))
        }
        _ => None,
    }
}

/// A child's table over its parent's: `import` lists add up, the child's `reserve`
/// replaces the parent's whole, everything else merges (see [`merge`]).
fn over_parent(parent: Table, child: Table) -> Table {
    let mut child = child;
    child.entries.shift_remove("extends");
    let mut base = parent;
    if child.entries.contains_key("reserve") {
        base.entries.shift_remove("reserve");
    }
    if let Some((ks, ci)) = child.entries.get("import").cloned()
        && let Some((_, pi)) = base.entries.shift_remove("import")
    {
        let items = |n: Node| match n.value {
            Value::Array(a) => a,
            _ => vec![n],
        };
        let span = ci.span;
        let mut all = items(pi);
        all.extend(items(ci));
        let node = Node {
            value: Value::Array(all),
            span,
        };
        child.entries.insert("import".to_string(), (ks, node));
    }
    merge(base, child)
}

/// Merges a child file's table over its parent's: tables merge key by key (recursively),
/// any other value of the child replaces the parent's.
fn merge(parent: Table, child: Table) -> Table {
    let mut out = parent;
    for (k, (kspan, node)) in child.entries {
        let merged = match (out.entries.shift_remove(&k), node) {
            (
                Some((
                    _,
                    Node {
                        value: Value::Table(pt),
                        ..
                    },
                )),
                Node {
                    value: Value::Table(ct),
                    span,
                },
            ) => Node {
                value: Value::Table(merge(pt, ct)),
                span,
            },
            (_, node) => node,
        };
        out.entries.insert(k, (kspan, merged));
    }
    out
}
