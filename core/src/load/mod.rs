//! Loading a game: a variant file (and the files it extends and imports) read into a
//! definition, checked, and compiled into a [`Variant`]; every mistake reported at its
//! line and column ([`LoadError`]).
//!
//! The steps, each a module: [`files`] (which files may be read, and within what size),
//! [`reader`] (TOML text to a spanned tree, typed reads), [`composition`] (`extends` and
//! `import`), [`game`], [`piece`] and [`zone`] (the tree to the definition, with the keys
//! of [`schema`]), [`check`] (what a definition may be), then `compile`.

mod check;
mod composition;
mod error;
mod files;
mod game;
mod library;
mod piece;
pub(crate) mod reader;
mod schema;
mod zone;

use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use error::LoadError;
pub(crate) use library::library_defs;
pub use library::library_pieces;

use crate::builtin;
use crate::code::Code;
use crate::def::VariantDef;
use crate::diagnostic::Diagnostic;
use crate::limits::MAX_DIAGNOSTICS;
use crate::options::OptionSetting;
use crate::source::{self, Ctx, Severity, Sources, Span};
use crate::variant::Variant;
use composition::{Parsed, Session};
use files::{Origin, Policy};

/// How games are loaded: which optional rules are on, where a text's files are looked
/// up, whether files may be read at all.
///
/// ```
/// use fairyforge::Variant;
/// let v = Variant::loader()
///     .option("capture-the-scepter", true)
///     .resolve("birds-and-ninjas")
///     .unwrap();
/// assert!(v.options().iter().any(|(name, _, on)| name == "capture-the-scepter" && *on));
///
/// // A game written by a user, which may use only the built-in games and library.
/// let text = "extends = \"chess\"\nname = \"Mine\"\n";
/// let mine = Variant::loader().builtin_only().parse("mine.toml", text).unwrap();
/// assert_eq!(mine.name(), "Mine");
/// ```
#[derive(Clone, Debug, Default)]
pub struct Loader {
    options: Vec<OptionSetting>,
    base_dir: Option<PathBuf>,
    builtin_only: bool,
    every_option: bool,
}

/// What [`Loader::validate`] found a file to be.
#[derive(Debug)]
pub enum Checked {
    /// A game, loaded.
    Game(Arc<Variant>),
    /// A piece library: the ids of its pieces, in file order.
    Library(Vec<String>),
}

impl Variant {
    /// A loader, to set options before loading.
    pub fn loader() -> Loader {
        Loader::default()
    }

    /// Loads a variant file (see [`Loader::load`]).
    pub fn load(path: impl AsRef<Path>) -> Result<Arc<Variant>, LoadError> {
        Loader::default().load(path)
    }

    /// Loads a variant from its text (see [`Loader::parse`]).
    pub fn parse(name: &str, text: &str) -> Result<Arc<Variant>, LoadError> {
        Loader::default().parse(name, text)
    }

    /// A game built into the library, by the name of its file in `variants/`
    /// (`chess`, `birds-and-ninjas`); `None` for another name.
    pub fn builtin(name: &str) -> Option<Arc<Variant>> {
        builtin::game(name)?;
        Some(
            Loader::default()
                .builtin(name)
                .expect("the built-in games are valid"),
        )
    }
}

impl Loader {
    /// A loader with no options, reading files relative to each game's directory.
    pub fn new() -> Loader {
        Loader::default()
    }

    /// Turns an optional rule of the game on or off (the last word for a name wins).
    pub fn option(mut self, name: impl Into<String>, on: bool) -> Loader {
        self.options.push(OptionSetting::new(name, on));
        self
    }

    /// Turns optional rules on or off, in order.
    pub fn options(mut self, settings: impl IntoIterator<Item = OptionSetting>) -> Loader {
        self.options.extend(settings);
        self
    }

    /// The directory in which the imports of a text given to [`Loader::parse`] are looked
    /// up; for every load, the directory that files may not leave.
    pub fn base_dir(mut self, dir: impl Into<PathBuf>) -> Loader {
        self.base_dir = Some(dir.into());
        self
    }

    /// Also checks the game with each of its optional rules turned on, one at a time (those
    /// that are off): a problem found only then is an error of the load too, its message
    /// naming the option. `fairyforge validate` checks games so.
    ///
    /// ```
    /// use fairyforge::Variant;
    /// let text = "extends = \"chess\"\nname = \"Mine\"\n\n[options.again]\npromotion = { pieces = [\"chess-pawn\"], choices = [\"queen\"] }\n";
    /// assert!(Variant::parse("mine.toml", text).is_ok());
    /// let err = Variant::loader().every_option().parse("mine.toml", text).unwrap_err();
    /// assert_eq!(
    ///     err.diagnostics()[0].message(),
    ///     "with the option `again` on: piece `chess-pawn` is in two promotion rules"
    /// );
    /// ```
    pub fn every_option(mut self) -> Loader {
        self.every_option = true;
        self
    }

    /// Reads no file: a game may then extend and import only the built-in games and
    /// library, and [`Loader::load`] refuses every path.
    pub fn builtin_only(mut self) -> Loader {
        self.builtin_only = true;
        self
    }

    /// Loads a variant file: a regular file whose name ends in `.toml`, at most
    /// [`MAX_FILE_BYTES`](crate::limits::MAX_FILE_BYTES) long. What it imports and extends
    /// is looked up relative to it, inside its directory (or [`Loader::base_dir`]), or
    /// among the built-ins.
    pub fn load(&self, path: impl AsRef<Path>) -> Result<Arc<Variant>, LoadError> {
        let (name, text, origin, policy) = self.open(path.as_ref())?;
        self.run(name, text, origin, policy)
    }

    /// Loads a variant from its text; `name` is how messages call it. Its imports and
    /// `extends` are looked up in [`Loader::base_dir`] if it is set, else among the
    /// built-ins only.
    pub fn parse(&self, name: &str, text: &str) -> Result<Arc<Variant>, LoadError> {
        files::check_text_size(text)
            .map_err(|e| LoadError::global(Code::CannotRead, format!("{name}: {e}")))?;
        let dir = self
            .base_dir
            .as_ref()
            .filter(|_| !self.builtin_only)
            .map(|d| d.canonicalize().unwrap_or_else(|_| d.clone()));
        let policy = Policy {
            root: dir.clone(),
            builtin_only: self.builtin_only,
        };
        let origin = Origin::Text { dir };
        self.run(name.to_string(), text.to_string(), origin, policy)
    }

    /// A built-in game, with this loader's options.
    pub fn builtin(&self, name: &str) -> Result<Arc<Variant>, LoadError> {
        let Some(text) = builtin::game(name) else {
            return Err(unknown_game(name, false));
        };
        let policy = Policy {
            root: None,
            builtin_only: true,
        };
        let shown = format!("<built-in {name}.toml>");
        self.run(shown, text.to_string(), Origin::Builtin, policy)
    }

    /// A built-in game by name, or else a variant file by path.
    pub fn resolve(&self, spec: &str) -> Result<Arc<Variant>, LoadError> {
        if builtin::game(spec).is_some() {
            return self.builtin(spec);
        }
        if self.builtin_only || !Path::new(spec).exists() {
            return Err(unknown_game(spec, !self.builtin_only));
        }
        self.load(spec)
    }

    /// Checks a file as `fairyforge validate` does: a piece library on its own (its keys,
    /// imports and pieces), anything else as a game, with each of its options on in turn
    /// ([`Loader::every_option`]).
    pub fn validate(&self, path: impl AsRef<Path>) -> Result<Checked, LoadError> {
        let (name, text, origin, policy) = self.open(path.as_ref())?;
        let mut probe = Ctx::default();
        let is_library =
            reader::parse_toml(0, &text, &mut probe).is_some_and(|t| library::is_library(&t));
        if !is_library {
            let loader = self.clone().every_option();
            return loader.run(name, text, origin, policy).map(Checked::Game);
        }
        let mut session = Session::new(policy);
        let ids = match session.add(name, text, origin) {
            Some(parsed) => library::check(&mut session, &parsed),
            None => Vec::new(),
        };
        let Session {
            sources, mut cx, ..
        } = session;
        cx.diags.sort_by_key(source::Problem::place);
        if cx.has_errors() {
            return Err(error_of(&sources, cx.diags));
        }
        Ok(Checked::Library(ids))
    }

    /// Reads a file given by the caller: its name in messages, its text, where it lives
    /// and what it may read.
    fn open(&self, path: &Path) -> Result<(String, String, Origin, Policy), LoadError> {
        let shown = path.display().to_string();
        if self.builtin_only {
            let reason = "cannot read the file: only built-in games can be loaded here";
            return Err(LoadError::global(
                Code::CannotRead,
                format!("{shown}: {reason}"),
            ));
        }
        let text = files::read_text(path)
            .map_err(|e| LoadError::global(Code::CannotRead, format!("{shown}: {e}")))?;
        let real = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        let root = match &self.base_dir {
            Some(d) => d.canonicalize().unwrap_or_else(|_| d.clone()),
            None => real.parent().unwrap_or(Path::new("/")).to_path_buf(),
        };
        let policy = Policy {
            root: Some(root),
            builtin_only: false,
        };
        let origin = Origin::Disk {
            shown: path.to_path_buf(),
            real,
        };
        Ok((shown, text, origin, policy))
    }

    /// Reads, checks and compiles one game.
    fn run(
        &self,
        name: String,
        text: String,
        origin: Origin,
        policy: Policy,
    ) -> Result<Arc<Variant>, LoadError> {
        let mut s = Session::new(policy);
        let def = s
            .add(name, text, origin)
            .and_then(|p| s.extend(p, 0))
            .map(|p| read_game(&mut s, p));
        let blame = def.as_ref().and_then(|d| s.blame(d));
        let Session { sources, cx, .. } = s;
        finish(&sources, cx, def, self, blame)
    }
}

/// The game of a composed file: its libraries read, then its keys.
fn read_game(s: &mut Session, parsed: Parsed) -> VariantDef {
    s.enter_games();
    s.imports(&parsed.table);
    let text = &s.sources.files[parsed.span.file as usize].text;
    let local = piece::pieces_of(&mut s.cx, &parsed.table, text);
    let lost = s.lost_library;
    let (cx, sources, library) = s.parts();
    game::read(
        cx,
        sources,
        &parsed.table,
        parsed.span,
        local,
        library,
        lost,
    )
}

/// Checks and compiles a definition and turns what was found into the result. Problems of
/// reading (syntax, keys, types) come first, then those of meaning (unknown names, the
/// board, the setup), each group in reading order: file by file, top to bottom, problems
/// without a place last. So a problem is reported before what follows from it.
fn finish(
    sources: &Sources,
    mut cx: Ctx,
    def: Option<VariantDef>,
    loader: &Loader,
    blame: Option<Span>,
) -> Result<Arc<Variant>, LoadError> {
    let options = &loader.options;
    cx.diags.sort_by_key(source::Problem::place);
    let read_problems = cx.diags.len();
    let mut warnings = Ctx::default();
    let variant = def.and_then(|def| {
        if !check::definition(&mut cx, sources, &def) {
            return None;
        }
        check::warnings(&mut warnings, &def);
        // The options are checked on a definition read without mistakes: compiling it
        // anew must not build tables from what is known to be wrong.
        let unchanged = (loader.every_option && !cx.has_errors()).then(|| def.clone());
        // Compiling sees the reading problems: it then checks what it can without building
        // tables from a definition already known to be wrong.
        let variant = compile(&mut cx, def, options);
        if let Some(def) = unchanged {
            with_each_option(&mut cx, &def, options);
        }
        variant
    });
    let mut diags = cx.diags;
    // Warnings are for a game that loads: beside errors they would only add noise.
    if !diags.iter().any(|d| d.severity == Severity::Error) {
        diags.extend(warnings.diags);
    }
    diags[read_problems..].sort_by_key(source::Problem::place);
    if let Some(span) = blame {
        let (reading, meaning) = diags.split_at_mut(read_problems);
        check::blame_builtin(sources, reading, span);
        check::blame_builtin(sources, meaning, span);
    }
    // Each message once.
    let mut seen = std::collections::HashSet::new();
    diags.retain(|d| seen.insert((d.place(), d.span.map(|s| s.end), d.message.clone())));
    let errors = diags.iter().any(|d| d.severity == Severity::Error);
    match variant {
        Some(mut v) if !errors => {
            v.sources = sources.clone();
            v.warnings = diags
                .iter()
                .map(|d| Diagnostic::resolve(sources, d))
                .collect();
            Ok(Arc::new(v))
        }
        _ => {
            if !errors {
                diags.push(source::Problem::global(
                    Code::NotLoaded,
                    "the game could not be read",
                ));
            }
            Err(error_of(sources, diags))
        }
    }
}

/// Compiles a checked definition and checks its start position.
fn compile(cx: &mut Ctx, def: VariantDef, options: &[OptionSetting]) -> Option<Variant> {
    let variant = crate::compile::compile(cx, def, options)?;
    if !cx.has_errors() {
        check::start(cx, &variant);
    }
    Some(variant)
}

/// Compiles the game with each of its options that `options` leave off turned on, one at a
/// time: the errors found only then are added to `cx`, their messages naming the option.
fn with_each_option(cx: &mut Ctx, def: &VariantDef, options: &[OptionSetting]) {
    for o in &def.options {
        let on = options
            .iter()
            .rev()
            .find(|s| s.name() == o.name)
            .map_or(o.default, |s| s.is_on());
        if on {
            continue;
        }
        let mut settings = options.to_vec();
        settings.push(OptionSetting::new(o.name.clone(), true));
        let mut with = Ctx::default();
        compile(&mut with, def.clone(), &settings);
        for mut d in with.diags {
            if d.severity == Severity::Error && !cx.diags.contains(&d) {
                d.message = format!("with the option `{}` on: {}", o.name, d.message);
                cx.diags.push(d);
            }
        }
    }
}

/// The error of a failed load: the first [`MAX_DIAGNOSTICS`] problems, the rest counted.
fn error_of(sources: &Sources, diags: Vec<source::Problem>) -> LoadError {
    let omitted = diags.len().saturating_sub(MAX_DIAGNOSTICS);
    let kept = diags
        .iter()
        .take(MAX_DIAGNOSTICS)
        .map(|d| Diagnostic::resolve(sources, d))
        .collect();
    LoadError::new(kept, omitted)
}

/// A name that is no built-in game (and, when `files` may be read, no file either).
fn unknown_game(spec: &str, files: bool) -> LoadError {
    let names = builtin::game_names();
    let hint = match source::did_you_mean(spec, names.iter().copied()) {
        Some(s) => format!(" Did you mean `{s}`?"),
        None => String::new(),
    };
    let what = if files {
        "neither a built-in game nor a file"
    } else {
        "not a built-in game"
    };
    LoadError::global(
        Code::UnknownGame,
        format!(
            "`{spec}` is {what}.{hint} Built-in games: {} (`fairyforge list` describes them).",
            names.join(", ")
        ),
    )
}
