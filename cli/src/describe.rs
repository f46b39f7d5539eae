//! `fairyforge describe GAME [--json]`: the rules of a game as the engine understands them;
//! `fairyforge snapshot FILE...`: the same text kept beside each file as `FILE.snap`, and
//! with `--check` compared with it, naming what changed.

use std::path::PathBuf;

use fairyforge::describe::{Description, diff};

use crate::error::Result;
use crate::game::{GameArgs, load};

#[derive(clap::Args)]
pub struct DescribeArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The same as data (JSON) instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
pub struct SnapshotArgs {
    /// Variant files (or built-in games: their snapshot is `NAME.snap` here).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<String>,
    /// Compare with the snapshots instead of writing them: say what changed, and fail
    /// when anything did.
    #[arg(long)]
    check: bool,
    /// Turn an optional rule on (`NAME`, `NAME=on`) or off (`NAME=off`) in every file.
    #[arg(long = "option", value_name = "NAME")]
    options: Vec<String>,
}

pub fn describe(a: DescribeArgs) -> Result {
    let v = a.game.load()?;
    let d = Description::of(&v);
    if a.json {
        let json = serde_json::to_string_pretty(&d).map_err(|e| e.to_string())?;
        say!("{json}");
    } else {
        say_raw!("{}", d.text());
    }
    Ok(())
}

/// Where the snapshot of a game is kept: beside its file, or here for a built-in game.
fn snap_path(spec: &str) -> PathBuf {
    PathBuf::from(format!("{spec}.snap"))
}

pub fn snapshot(a: SnapshotArgs) -> Result {
    let mut failed = 0;
    for f in &a.files {
        let v = match load(f, &a.options) {
            Ok(v) => v,
            Err(e) => {
                failed += 1;
                say!("{e}");
                continue;
            }
        };
        let text = Description::of(&v).text();
        let path = snap_path(f);
        let shown = path.display();
        if !a.check {
            crate::files::write_text(&path, crate::files::SNAPSHOT, &text)?;
            say!("wrote {shown}");
            continue;
        }
        if let Err(e) = path.symlink_metadata() {
            failed += 1;
            say!("{f}: cannot read {shown} ({e}): write it first with `fairyforge snapshot {f}`");
            continue;
        }
        let old = match crate::files::read_text(&path, crate::files::SNAPSHOT) {
            Ok(t) => t.replace("\r\n", "\n"),
            Err(e) => {
                failed += 1;
                say!("{f}: {e}");
                continue;
            }
        };
        let changes = diff(&old, &text);
        if changes.is_empty() && old == text {
            say!("{f}: the rules are as in {shown}");
            continue;
        }
        failed += 1;
        say!("{f}: the rules differ from {shown}:");
        for c in &changes {
            say!("  {c}");
        }
        if changes.is_empty() {
            say!("  (only the layout of the text differs)");
        }
    }
    if failed > 0 {
        let what = if a.check {
            format!(
                "{failed} of {} files differ from their snapshots; when the new rules are right, accept them with `fairyforge snapshot FILE`",
                a.files.len()
            )
        } else {
            format!("{failed} of {} files have errors", a.files.len())
        };
        return Err(what.into());
    }
    Ok(())
}
