//! Fairy-Stockfish's variants.ini, read and written (docs/interop.md): `read` translates a
//! section into a game file of the format, `write` a game into a section; each reports
//! what the other side cannot express, where it is written. The pieces' Betza is read and
//! written by `crate::xbetza`.

mod fsf;
mod read;
mod text;
mod write;

use crate::code::Code;
use crate::diagnostic::Diagnostic;
use crate::load::LoadError;
use crate::source::{Problem, Severity, Sources, Span};
use crate::variant::Variant;

/// A variants.ini section translated into a game file.
#[derive(Clone, Debug)]
pub struct Import {
    name: String,
    toml: String,
    diagnostics: Vec<Diagnostic>,
}

impl Import {
    /// The section's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The game file (TOML), which loads: what could not be translated is left out of it.
    pub fn toml(&self) -> &str {
        &self.toml
    }

    /// What could not be translated (`untranslatable`) and the keys that are not
    /// Fairy-Stockfish's (`unknown-key`), each at its place in the variants.ini file.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Whether the game file says all the section says: no diagnostic.
    pub fn is_complete(&self) -> bool {
        self.diagnostics.is_empty()
    }
}

/// The names of the sections of a variants.ini text, in file order.
pub fn sections(text: &str) -> Vec<String> {
    read::section_names(text)
}

/// Translates the section `section` of a variants.ini text (the last section when `None`)
/// into a game file. `file_name` is how messages call the file. A text that cannot be read
/// (a line that is no section, key or comment, a missing section or parent, a key of the
/// wrong form) is an error; what the format cannot express is listed in
/// [`Import::diagnostics`] and left out of the game file, which loads.
pub fn import(file_name: &str, text: &str, section: Option<&str>) -> Result<Import, LoadError> {
    let mut sources = Sources::default();
    let file = sources.add(file_name, text, false);
    let problem = |f: &read::Found, fatal: bool| {
        let code = if f.untranslatable {
            Code::Untranslatable
        } else if f.message.contains("is not a key of") {
            Code::UnknownKey
        } else {
            Code::BadIni
        };
        let mut p = match &f.at {
            Some(at) => Problem::new(
                code,
                Span {
                    file,
                    start: at.start,
                    end: at.end,
                },
                f.message.clone(),
                f.label.clone(),
            ),
            None => Problem::global(code, f.message.clone()),
        };
        if code != Code::BadIni && !fatal {
            p.severity = Severity::Warning;
        }
        p
    };
    let resolve = |found: &[read::Found], fatal: bool| -> Vec<Diagnostic> {
        let mut problems: Vec<Problem> = found.iter().map(|f| problem(f, fatal)).collect();
        problems.sort_by_key(Problem::place);
        problems
            .iter()
            .map(|p| Diagnostic::resolve(&sources, p))
            .collect()
    };
    let t = read::translate(text, file_name, section)
        .map_err(|found| LoadError::new(resolve(&found, true), 0))?;
    let fatal: Vec<read::Found> = t
        .found
        .iter()
        .filter(|f| !f.untranslatable && !f.message.contains("is not a key of"))
        .cloned()
        .collect();
    if !fatal.is_empty() {
        return Err(LoadError::new(resolve(&fatal, true), 0));
    }
    // The game file must load: what it says comes from the section, checked by the loader.
    if let Err(e) = Variant::loader()
        .builtin_only()
        .parse(&format!("{}.toml", t.name), &t.toml)
    {
        // What was left out explains why: the game file alone would not say it.
        let mut diags = resolve(&t.found, true);
        if diags.is_empty() {
            diags.extend(e.diagnostics().iter().cloned());
        }
        return Err(LoadError::new(diags, e.omitted()));
    }
    Ok(Import {
        name: t.name.clone(),
        diagnostics: resolve(&t.found, false),
        toml: t.toml,
    })
}

/// A game written as a variants.ini section.
#[derive(Clone, Debug)]
pub struct Export {
    section: String,
    diagnostics: Vec<Diagnostic>,
}

impl Export {
    /// The section, ready for Fairy-Stockfish or PyChess: what cannot be expressed there
    /// is left out.
    pub fn section(&self) -> &str {
        &self.section
    }

    /// What a variants.ini section cannot express (`not-exportable`), each at its place
    /// in the game's file.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Whether the section says all the game says.
    pub fn is_complete(&self) -> bool {
        self.diagnostics.is_empty()
    }
}

/// Writes a game as a variants.ini section named `name` (lower-case letters and digits).
pub fn export(v: &std::sync::Arc<Variant>, name: &str) -> Export {
    let (section, found) = write::section(v, name);
    let mut problems: Vec<Problem> = found
        .into_iter()
        .map(|(span, message, label)| {
            let mut p = match span {
                Some(span) => Problem::new(Code::NotExportable, span, message, label),
                None => Problem::global(Code::NotExportable, message),
            };
            p.severity = Severity::Warning;
            p
        })
        .collect();
    problems.sort_by_key(Problem::place);
    let diagnostics = problems
        .iter()
        .map(|p| Diagnostic::resolve(&v.sources, p))
        .collect();
    Export {
        section,
        diagnostics,
    }
}
