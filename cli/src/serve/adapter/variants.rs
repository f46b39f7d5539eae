//! Games, files and compiling: the built-in texts, edited files loaded from the built-ins
//! only, their problems with lines and columns, and what a compiled game is.

use fairyforge::{LoadError, Loader, OptionSetting, Variant};

use super::*;
use crate::serve::error::ApiError;
use crate::serve::model;

/// The built-in games, in the library's order.
pub fn game_names() -> Vec<&'static str> {
    fairyforge::builtin::game_names()
}

/// The text of a built-in game.
pub fn game_text(name: &str) -> Option<&'static str> {
    fairyforge::builtin::game(name)
}

/// The text of a built-in piece library (`pieces`).
pub fn library_text(name: &str) -> Option<&'static str> {
    fairyforge::builtin::library(name)
}

pub fn library_names() -> Vec<&'static str> {
    fairyforge::builtin::LIBRARIES
        .iter()
        .map(|(n, _)| *n)
        .collect()
}

/// `unknown game` with the built-in names and a suggestion.
pub fn unknown_game(name: &str) -> ApiError {
    let names = game_names();
    let hint = match did_you_mean(name, names.iter().copied()) {
        Some(s) => format!(" Did you mean `{s}`?"),
        None => String::new(),
    };
    ApiError::invalid(
        "unknown-game",
        format!(
            "`{name}` is not a built-in game.{hint} Built-in games: {}.",
            names.join(", ")
        ),
    )
}

/// The candidate closest to `word` (by edit distance), if it is close enough to be a slip.
pub fn did_you_mean<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    fn distance(a: &str, b: &str) -> usize {
        let b: Vec<char> = b.chars().collect();
        let mut row: Vec<usize> = (0..=b.len()).collect();
        for (i, ca) in a.chars().enumerate() {
            let mut prev = row[0];
            row[0] = i + 1;
            for (j, cb) in b.iter().enumerate() {
                let cur = row[j + 1];
                row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
                prev = cur;
            }
        }
        row[b.len()]
    }
    if word.len() > 64 {
        return None;
    }
    candidates
        .map(|c| (distance(word, c), c))
        .filter(|(d, c)| *d <= (c.len() / 3).max(1))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// The optional rules of a request, read as the command line reads `--option`.
fn option_settings(options: &[String]) -> Result<Vec<OptionSetting>, ApiError> {
    options
        .iter()
        .map(|o| {
            o.parse::<OptionSetting>()
                .map_err(|e| ApiError::invalid("unknown-option", e.to_string()))
        })
        .collect()
}

/// The loader of the studio: built-in games and library only, never a file.
fn loader(options: &[String]) -> Result<Loader, ApiError> {
    Ok(Variant::loader()
        .builtin_only()
        .options(option_settings(options)?))
}

/// Compiles a built-in game with optional rules.
pub fn compile_builtin(name: &str, options: &[String]) -> Result<Compiled, ApiError> {
    if game_text(name).is_none() {
        return Err(unknown_game(name));
    }
    // A built-in game can only fail to load because of its options.
    loader(options)?.builtin(name).map_err(|e| {
        ApiError::invalid(
            "unknown-option",
            format!("{name}: {}", e.render().trim_end()),
        )
    })
}

/// Compiles the text of a variant file. Its imports and `extends` resolve to the built-in
/// library and games only: the server reads nothing from its disk.
pub fn compile_text(name: &str, text: &str, options: &[String]) -> Result<Compiled, ApiError> {
    loader(options)?.parse(name, text).map_err(|e| {
        let diags = diagnostics(&e);
        let errors: Vec<&model::Diag> = diags.iter().filter(|d| d.severity == "error").collect();
        let first = errors.first().map_or(String::new(), |d| {
            if d.line > 0 {
                format!(
                    "; the first at line {}, column {}: {}",
                    d.line, d.column, d.message
                )
            } else {
                format!("; the first: {}", d.message)
            }
        });
        let n = errors.len() + e.omitted();
        let mut err = ApiError::invalid(
            "bad-variant",
            format!(
                "{name} has {n} error{}{first}",
                if n == 1 { "" } else { "s" }
            ),
        );
        err.diagnostics = diags;
        err
    })
}

/// Checks a variant file's text: ok with its name (and any warnings), or every problem with
/// line and column.
pub fn validate(name: &str, text: &str) -> model::Validation {
    let loaded = Variant::loader()
        .builtin_only()
        .every_option()
        .parse(name, text);
    match loaded {
        Ok(v) => {
            let warnings: Vec<model::Diag> = v.warnings().iter().map(diag).collect();
            let rendered = warnings.iter().map(|d| d.rendered.as_str()).collect();
            model::Validation {
                ok: true,
                name: Some(v.name().to_string()),
                description: Some(v.description().to_string()),
                diagnostics: warnings,
                rendered,
                omitted: 0,
            }
        }
        Err(e) => model::Validation {
            ok: false,
            name: None,
            description: None,
            diagnostics: diagnostics(&e),
            rendered: e.render(),
            omitted: e.omitted(),
        },
    }
}

/// The problems of a load, each with its place (line and column from 1) and its text as
/// `fairyforge validate` prints it.
fn diagnostics(e: &LoadError) -> Vec<model::Diag> {
    e.diagnostics().iter().map(diag).collect()
}

fn diag(d: &fairyforge::Diagnostic) -> model::Diag {
    let start = d.start();
    let end = d.end().or(start);
    model::Diag {
        code: d.code().as_str(),
        severity: match d.severity() {
            fairyforge::Severity::Error => "error",
            fairyforge::Severity::Warning => "warning",
        },
        file: d.file().unwrap_or("").to_string(),
        line: start.map_or(0, |l| l.line),
        column: start.map_or(0, |l| l.column),
        end_line: end.map_or(0, |l| l.line),
        end_column: end.map_or(0, |l| l.column),
        message: d.message().to_string(),
        label: d.label().to_string(),
        rendered: format!("{d}\n"),
    }
}

/// A one-line description of a file from its `description` key, without compiling.
pub fn description_of(text: &str) -> (String, String) {
    let mut name = String::new();
    let mut description = String::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            break;
        }
        if let Some(v) = line.strip_prefix("name = ") {
            name = v.trim_matches('"').to_string();
        }
        if let Some(v) = line.strip_prefix("description = ") {
            description = v.trim_matches('"').to_string();
        }
    }
    (name, description)
}

// ---------------------------------------------------------------------------------------
// What a variant is

/// What a game is: its board, pieces, options and setup. `source` is the text it was
/// compiled from (its pieces' primitives are read there).
pub fn variant_info(v: &Compiled, source: Option<&str>) -> model::VariantInfo {
    let g = v.geometry();
    let range = g.rank_range();
    let in_game: Vec<&str> = v.pieces().iter().map(|p| p.id()).collect();
    model::VariantInfo {
        name: v.name().to_string(),
        description: v.description().to_string(),
        board: model::BoardInfo {
            files: g.files(),
            ranks: g.ranks(),
            rank_min: *range.start(),
            rank_max: *range.end(),
            squares: g.squares().map(|s| g.name(s)).collect(),
        },
        pieces: v.pieces().iter().map(|p| piece_info(p, source)).collect(),
        library: fairyforge::library_pieces()
            .iter()
            .filter(|p| !in_game.contains(&p.id()))
            .map(|p| piece_info(p, None))
            .collect(),
        setup: v.setup().to_string(),
        options: options(v),
        reserves: v.has_reserves(),
    }
}

pub fn options(v: &Compiled) -> Vec<model::OptionInfo> {
    v.options()
        .into_iter()
        .map(|(name, description, on)| model::OptionInfo {
            name,
            description,
            on,
        })
        .collect()
}

pub fn piece_info(p: &fairyforge::PieceType, source: Option<&str>) -> model::PieceInfo {
    model::PieceInfo {
        id: p.id().to_string(),
        name: p.name().to_string(),
        letter: p.letter(),
        value: p.value() as f64 / 100.0,
        royal: p.is_royal(),
        pawn: p.is_pawn(),
        primitives: crate::serve::primitives::of(p.id(), source),
    }
}
