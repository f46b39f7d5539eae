//! Which files a load may read, and reading them within bounds.
//!
//! The rules (docs/format.md, "Limits" and "Composition"):
//! - the file a caller names is read if it is a regular file whose name ends in `.toml`;
//! - `import` and `extends` name paths relative to the including file, which must stay
//!   inside the game's directory (the directory of the file loaded, or the loader's
//!   `base_dir`), symbolic links resolved; absolute paths are refused;
//! - a bare name (no `/`) that is no file there names a built-in library or game;
//! - a loader made with `builtin_only` reads no file at all;
//! - no file over [`MAX_FILE_BYTES`] is read, and a file is refused from its size before
//!   it is opened.
//!
//! Nothing here shows the content of a refused file: messages name the file and the reason.

use std::io::Read;
use std::path::{Component, Path, PathBuf};

use crate::limits::MAX_FILE_BYTES;

/// Where a loaded text came from.
#[derive(Clone, Debug)]
pub(crate) enum Origin {
    /// A file: `shown` is its path as messages name it, `real` the resolved path.
    Disk { shown: PathBuf, real: PathBuf },
    /// A text handed to the loader; its imports are looked up in `dir` (if any).
    Text { dir: Option<PathBuf> },
    /// A text built into the library.
    Builtin,
}

impl Origin {
    /// The directory relative names are looked up in, as shown and as resolved.
    fn dir(&self) -> Option<(PathBuf, PathBuf)> {
        match self {
            Origin::Disk { shown, real } => Some((
                shown.parent().unwrap_or(Path::new("")).to_path_buf(),
                real.parent().unwrap_or(Path::new("/")).to_path_buf(),
            )),
            Origin::Text { dir: Some(d) } => Some((PathBuf::new(), d.clone())),
            _ => None,
        }
    }
}

/// What the files of one load may be.
#[derive(Clone, Debug, Default)]
pub(crate) struct Policy {
    /// The directory imports and `extends` must stay inside (resolved).
    pub root: Option<PathBuf>,
    /// Read no file at all: only built-in games and libraries.
    pub builtin_only: bool,
}

/// Where a name written in `import` or `extends` leads.
pub(crate) enum Target {
    /// A file to read.
    File(Origin),
    /// No file there and the name is bare: the built-in text with this stem.
    Builtin(String),
    /// No file there, and the name is a path.
    Missing,
    /// A file that may not be read, and why (a whole sentence after the name).
    Refused(String),
}

impl Policy {
    /// Resolves `want`, written in a file of origin `from`.
    pub fn resolve(&self, from: &Origin, want: &str) -> Target {
        let bare = !want.contains('/') && !want.contains('\\');
        let stem = Path::new(want)
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or(want)
            .to_string();
        let Some((shown_dir, real_dir)) = from.dir().filter(|_| !self.builtin_only) else {
            return match (bare, self.builtin_only) {
                (true, _) => Target::Builtin(stem),
                (false, true) => Target::Refused(
                    "only the built-in games and piece libraries can be used here".into(),
                ),
                (false, false) => Target::Missing,
            };
        };
        if Path::new(want).is_absolute() || want.starts_with('/') || want.starts_with('\\') {
            return Target::Refused("it is an absolute path".into());
        }
        let Some(lexical) = normalize(&real_dir, Path::new(want)) else {
            return Target::Refused(self.outside());
        };
        if !self.inside(&lexical) {
            return Target::Refused(self.outside());
        }
        if std::fs::symlink_metadata(&lexical).is_err() {
            // Nothing there: a bare name is a built-in; a path must exist as written.
            return if bare {
                Target::Builtin(stem)
            } else {
                Target::Missing
            };
        }
        let real = match std::fs::canonicalize(&lexical) {
            Ok(r) if self.inside(&r) => r,
            Ok(_) => return Target::Refused(self.outside()),
            Err(e) => return Target::Refused(format!("cannot read the file: {e}")),
        };
        Target::File(Origin::Disk {
            shown: shown_dir.join(want),
            real,
        })
    }

    fn inside(&self, p: &Path) -> bool {
        self.root.as_ref().is_none_or(|r| p.starts_with(r))
    }

    fn outside(&self) -> String {
        match &self.root {
            Some(r) => format!("it is outside the game's directory `{}`", r.display()),
            None => "it is outside the game's directory".into(),
        }
    }
}

/// `base` joined with the relative `rel`, `.` and `..` resolved without the file system;
/// `None` when `..` climbs above the root.
fn normalize(base: &Path, rel: &Path) -> Option<PathBuf> {
    let mut out = base.to_path_buf();
    for c in rel.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::Normal(p) => out.push(p),
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(out)
}

/// Why a file is not read. Its `Display` is the sentence after the file's name.
#[derive(Debug)]
pub(crate) enum ReadError {
    Io(std::io::Error),
    NotRegular,
    NotToml,
    TooLarge(u64),
    NotUtf8,
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "cannot read the file: {e}"),
            ReadError::NotRegular => f.write_str("not a variant file: it is not a regular file"),
            ReadError::NotToml => {
                f.write_str("not a variant file: its name does not end in `.toml`")
            }
            ReadError::TooLarge(n) => write!(
                f,
                "not read: it has {} bytes, more than the {} a variant file may have",
                thousands(*n),
                thousands(MAX_FILE_BYTES)
            ),
            ReadError::NotUtf8 => f.write_str("not a variant file: it is not UTF-8 text"),
        }
    }
}

/// Whether a name ends in `.toml`, as variant files and libraries do.
pub(crate) fn is_toml_name(p: &Path) -> bool {
    p.extension().is_some_and(|e| e == "toml")
}

/// Reads a variant file: a regular file (after links) whose name ends in `.toml`, at most
/// [`MAX_FILE_BYTES`] long, UTF-8 text. The kind of file and its size are checked before
/// it is opened, and the read stops past the limit whatever the size said.
pub(crate) fn read_text(path: &Path) -> Result<String, ReadError> {
    let meta = std::fs::metadata(path).map_err(ReadError::Io)?;
    if !meta.is_file() {
        return Err(ReadError::NotRegular);
    }
    if !is_toml_name(path) {
        return Err(ReadError::NotToml);
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(ReadError::TooLarge(meta.len()));
    }
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(ReadError::TooLarge(bytes.len() as u64));
    }
    String::from_utf8(bytes).map_err(|_| ReadError::NotUtf8)
}

/// A text handed to the loader is held to the same size limit as a file.
pub(crate) fn check_text_size(text: &str) -> Result<(), ReadError> {
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(ReadError::TooLarge(text.len() as u64));
    }
    Ok(())
}

/// A count with thousands separators: `32,933`.
pub(crate) fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_normalised_without_the_file_system() {
        let n = |b: &str, r: &str| normalize(Path::new(b), Path::new(r));
        assert_eq!(n("/a/b", "c.toml"), Some(PathBuf::from("/a/b/c.toml")));
        assert_eq!(n("/a/b", "../b/c.toml"), Some(PathBuf::from("/a/b/c.toml")));
        assert_eq!(
            n("/a/b", "./x/../c.toml"),
            Some(PathBuf::from("/a/b/c.toml"))
        );
        assert_eq!(n("/a", "../../c"), None);
    }

    #[test]
    fn counts_have_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(32933), "32,933");
        assert_eq!(thousands(1048576), "1,048,576");
    }
}
