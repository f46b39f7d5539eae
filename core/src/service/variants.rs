//! Games, files and compiling: the built-in texts, edited files loaded from the built-ins
//! only, their problems with lines and columns, and what a compiled game is.

use crate::contract::{self, ApiError};
use crate::{LoadError, Loader, OptionSetting, Variant};

use super::{Compiled, limits};

/// `unknown game` with the built-in names and a suggestion.
pub fn unknown_game(name: &str) -> ApiError {
    let names = crate::builtin::game_names();
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
    if crate::builtin::game(name).is_none() {
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
/// library and games only: nothing is read from a disk.
pub fn compile_text(name: &str, text: &str, options: &[String]) -> Result<Compiled, ApiError> {
    loader(options)?.parse(name, text).map_err(|e| {
        let diags = diagnostics(&e);
        let errors: Vec<&contract::Diag> = diags
            .iter()
            .filter(|d| d.severity == contract::Level::Error)
            .collect();
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

/// The file name used in messages about an edited file: short, printable.
pub fn file_name(name: Option<&str>) -> String {
    let clean: String = name
        .unwrap_or("")
        .chars()
        .filter(|c| !c.is_control())
        .take(64)
        .collect();
    if clean.trim().is_empty() {
        "variant.toml".to_string()
    } else {
        clean
    }
}

/// At most [`limits::TEXT_BYTES`] of file text.
pub fn check_text(text: &str) -> Result<(), ApiError> {
    if text.len() > limits::TEXT_BYTES {
        return Err(ApiError::too_large(format!(
            "the variant file is {} bytes; the studio takes files up to {} bytes",
            text.len(),
            limits::TEXT_BYTES
        )));
    }
    Ok(())
}

/// At most [`limits::OPTIONS`] options of up to 64 characters.
pub fn check_options(options: &[String]) -> Result<(), ApiError> {
    if options.len() > limits::OPTIONS || options.iter().any(|o| o.len() > 64) {
        return Err(ApiError::too_large(format!(
            "at most {} options of up to 64 characters",
            limits::OPTIONS
        )));
    }
    Ok(())
}

/// Checks a variant file's text: ok with its name (and any warnings), or every problem with
/// line and column.
pub fn validate(name: &str, text: &str) -> contract::Validation {
    let loaded = Variant::loader()
        .builtin_only()
        .every_option()
        .parse(name, text);
    match loaded {
        Ok(v) => {
            let warnings: Vec<contract::Diag> = v.warnings().iter().map(diag).collect();
            let rendered = warnings.iter().map(|d| d.rendered.as_str()).collect();
            contract::Validation {
                ok: true,
                name: Some(v.name().to_string()),
                description: Some(v.description().to_string()),
                diagnostics: warnings,
                rendered,
                omitted: 0,
            }
        }
        Err(e) => contract::Validation {
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
fn diagnostics(e: &LoadError) -> Vec<contract::Diag> {
    e.diagnostics().iter().map(diag).collect()
}

/// One problem as data.
pub fn diag(d: &crate::Diagnostic) -> contract::Diag {
    let start = d.start();
    let end = d.end().or(start);
    contract::Diag {
        code: d.code().as_str().to_string(),
        severity: match d.severity() {
            crate::Severity::Error => contract::Level::Error,
            crate::Severity::Warning => contract::Level::Warning,
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

/// A file's `name` and `description` keys, read without compiling it (empty when the
/// file is not TOML or lacks them).
pub fn description_of(text: &str) -> (String, String) {
    let table: toml::Table = text.parse().unwrap_or_default();
    let key = |k: &str| {
        table
            .get(k)
            .and_then(|v| v.as_str())
            .unwrap_or("")
            .to_string()
    };
    (key("name"), key("description"))
}

/// What a game is: its board, pieces, options and setup.
pub fn variant_info(v: &Compiled) -> contract::VariantInfo {
    let g = v.geometry();
    let range = g.rank_range();
    let in_game: Vec<&str> = v.pieces().iter().map(|p| p.id()).collect();
    contract::VariantInfo {
        name: v.name().to_string(),
        description: v.description().to_string(),
        board: contract::BoardInfo {
            files: g.files(),
            ranks: g.ranks(),
            rank_min: *range.start(),
            rank_max: *range.end(),
            squares: g.squares().map(|s| g.name(s)).collect(),
            file_names: (0..g.files())
                .map(|f| crate::geometry::file_char(f).to_string())
                .collect(),
            cells: g
                .squares()
                .map(|s| {
                    let (file, rank) = g.coords(s);
                    contract::Cell {
                        name: g.name(s),
                        file,
                        rank,
                        dark: (file as i32 + rank as i32) % 2 == 1,
                    }
                })
                .collect(),
            centre: g.centre().map(|s| g.name(s)),
            regions: v
                .regions()
                .map(|r| r.iter().map(|s| g.name(*s)).collect())
                .collect(),
        },
        pieces: v.pieces().iter().map(piece_info).collect(),
        library: crate::library_pieces()
            .iter()
            .filter(|p| !in_game.contains(&p.id()))
            .map(piece_info)
            .collect(),
        setup: v.setup().to_string(),
        options: options(v),
        reserves: v.has_reserves(),
    }
}

/// The optional rules of a variant, `on` when on in it.
pub fn options(v: &Compiled) -> Vec<contract::OptionInfo> {
    v.options()
        .into_iter()
        .map(|(name, description, on)| contract::OptionInfo {
            name,
            description,
            on,
        })
        .collect()
}

/// A piece type as data, its primitives as its file writes them.
pub fn piece_info(p: &crate::PieceType) -> contract::PieceInfo {
    contract::PieceInfo {
        id: p.id().to_string(),
        name: p.name().to_string(),
        letter: p.letter(),
        value: p.value() as f64 / 100.0,
        royal: p.is_royal(),
        pawn: p.is_pawn(),
        primitives: p.primitives().to_vec(),
    }
}

/// The games, examples, library and limits: the same for the life of the program.
pub fn catalog() -> contract::Catalog {
    let games = crate::builtin::game_names()
        .into_iter()
        .filter_map(|n| {
            let v = compile_builtin(n, &[]).ok()?;
            Some(contract::GameInfo {
                id: n.to_string(),
                name: v.name().to_string(),
                description: v.description().to_string(),
                options: options(&v),
            })
        })
        .collect();
    let examples = crate::builtin::EXAMPLES
        .iter()
        .map(|(id, text)| {
            let (name, description) = description_of(text);
            contract::SourceInfo {
                id: format!("examples/{id}"),
                name,
                description,
            }
        })
        .collect();
    let libraries = crate::builtin::LIBRARIES
        .iter()
        .map(|(n, text)| contract::SourceInfo {
            id: n.to_string(),
            name: format!("{n}.toml"),
            description: description_of(text).1,
        })
        .collect();
    contract::Catalog {
        version: env!("CARGO_PKG_VERSION").to_string(),
        games,
        examples,
        libraries,
        limits: contract::Limits {
            text_bytes: limits::TEXT_BYTES,
            body_bytes: limits::BODY_BYTES,
            moves: limits::MOVES,
            fen_bytes: limits::FEN_BYTES,
            think_ms: limits::THINK_MS,
            perft_depth: limits::PERFT_DEPTH,
            perft_ms: limits::PERFT_MS,
            blockers: limits::BLOCKERS,
        },
    }
}

/// The text of a built-in game (`chess`), an example (`examples/dive-bombers`) or the
/// piece library (`pieces`); anything else is a 404 naming what it could have been.
pub fn source(name: &str) -> Result<contract::Source, ApiError> {
    let found = if let Some(id) = name.strip_prefix("examples/") {
        crate::builtin::example(id).map(|t| (format!("{id}.toml"), t))
    } else if let Some(t) = crate::builtin::game(name) {
        Some((format!("{name}.toml"), t))
    } else {
        crate::builtin::library(name).map(|t| (format!("{name}.toml"), t))
    };
    match found {
        Some((file, text)) => Ok(contract::Source {
            id: name.to_string(),
            file,
            text: text.to_string(),
        }),
        None => {
            let mut e = unknown_game(name);
            e.status = 404;
            e.kind = "not-found".to_string();
            let examples: Vec<String> = crate::builtin::EXAMPLES
                .iter()
                .map(|(n, _)| format!("examples/{n}"))
                .collect();
            e.error = format!(
                "{} Examples: {}; the piece library: pieces.",
                e.error,
                examples.join(", ")
            );
            Err(e)
        }
    }
}
