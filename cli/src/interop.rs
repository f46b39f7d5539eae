//! `import` and `export`: Fairy-Stockfish's variants.ini in and out (docs/interop.md). Core
//! translates; this prints the result, what was left out, and whether it is whole.

use clap::{Args, ValueEnum};
use fairyforge::{Diagnostic, Variant, ini};

use crate::error::{Error, Result};

#[derive(Args)]
pub struct ImportArgs {
    /// A variants.ini file (Fairy-Stockfish's format).
    #[arg(value_name = "FILE.ini")]
    file: String,
    /// The section to translate; needed when the file has several.
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,
    /// Write the game file here instead of to standard output.
    #[arg(long, short, value_name = "FILE.toml")]
    output: Option<String>,
    /// Fail (exit status 1) when something could not be translated.
    #[arg(long)]
    strict: bool,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum Target {
    /// A section of Fairy-Stockfish's variants.ini, as PyChess's "upload new variant" takes.
    Fsf,
}

#[derive(Args)]
pub struct ExportArgs {
    /// A built-in game (`chess`) or a variant file.
    #[arg(value_name = "GAME|FILE")]
    game: String,
    /// The format to write.
    #[arg(long, value_enum)]
    to: Target,
    /// The section's name (default: the game's name in lower-case letters and digits).
    #[arg(long, value_name = "NAME")]
    name: Option<String>,
    /// Write the section here instead of to standard output.
    #[arg(long, short, value_name = "FILE.ini")]
    output: Option<String>,
    /// Fail (exit status 1) when something could not be exported.
    #[arg(long)]
    strict: bool,
}

fn emit(text: &str, output: &Option<String>) -> Result {
    match output {
        Some(path) => std::fs::write(path, text).map_err(|source| Error::Write {
            path: path.clone(),
            source,
        }),
        None => {
            say_raw!("{text}");
            Ok(())
        }
    }
}

fn report(diags: &[Diagnostic]) {
    for d in diags {
        note!("{d}");
    }
}

/// `import`: a section into a game file; what could not be translated on standard error.
pub fn import(args: ImportArgs) -> Result {
    let meta = std::fs::metadata(&args.file)
        .map_err(|e| Error::Message(format!("{}: cannot read the file: {e}", args.file)))?;
    if !meta.is_file() || meta.len() > fairyforge::limits::MAX_FILE_BYTES {
        return Err(format!(
            "{}: cannot read the file: not a regular file of at most {} bytes",
            args.file,
            fairyforge::limits::MAX_FILE_BYTES
        )
        .into());
    }
    let bytes = std::fs::read(&args.file)
        .map_err(|e| Error::Message(format!("{}: cannot read the file: {e}", args.file)))?;
    let text = String::from_utf8(bytes).map_err(|_| {
        Error::Message(format!(
            "{}: cannot read the file: not UTF-8 text",
            args.file
        ))
    })?;
    let names = ini::sections(&text);
    if args.variant.is_none() && names.len() > 1 {
        return Err(format!(
            "{} has {} sections: name one with --variant ({})",
            args.file,
            names.len(),
            names.join(", ")
        )
        .into());
    }
    let t = ini::import(&args.file, &text, args.variant.as_deref())?;
    emit(t.toml(), &args.output)?;
    report(t.diagnostics());
    let n = t.diagnostics().len();
    if t.is_complete() {
        note!("{} [{}]: translated completely", args.file, t.name());
        return Ok(());
    }
    let what = format!(
        "{} [{}]: translated in part: {n} {} left out (listed above)",
        args.file,
        t.name(),
        if n == 1 { "thing" } else { "things" }
    );
    if args.strict {
        return Err(what.into());
    }
    note!("{what}");
    Ok(())
}

/// `export --to fsf`: a game as a variants.ini section; what cannot be said there on
/// standard error.
pub fn export(args: ExportArgs) -> Result {
    let Target::Fsf = args.to;
    let v = Variant::loader().resolve(&args.game)?;
    let name = args.name.unwrap_or_else(|| {
        v.name()
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect()
    });
    let e = ini::export(&v, &name);
    emit(e.section(), &args.output)?;
    report(e.diagnostics());
    let n = e.diagnostics().len();
    if e.is_complete() {
        note!("{}: exported completely", args.game);
        return Ok(());
    }
    let what = format!(
        "{}: exported in part: {n} {} cannot be said in a variants.ini section (listed above)",
        args.game,
        if n == 1 { "thing" } else { "things" }
    );
    if args.strict {
        return Err(what.into());
    }
    note!("{what}");
    Ok(())
}
