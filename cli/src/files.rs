//! Files the commands read and write besides variant files (snapshots, PGN), held to the
//! same kind of limits (docs/format.md, "Limits"): regular files only, refused from their
//! size before they are read, and read no further than the limit whatever the size said.
//! A snapshot is never reached through a symbolic link, to read or to write: a link in a
//! cloned repository of variants must not show or overwrite a file elsewhere.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::Path;

/// The largest snapshot (`FILE.snap`) read or written, in bytes (4 MiB; the rules of the
/// largest built-in game take 26 KB).
pub const MAX_SNAPSHOT_BYTES: u64 = 4 << 20;

/// The largest PGN file `tune` reads, in bytes (256 MiB, some 150,000 games).
pub const MAX_PGN_BYTES: u64 = 256 << 20;

/// What kind of file is read, for the limits and the messages.
#[derive(Copy, Clone, Debug)]
pub struct Kind {
    /// `a snapshot`, `a PGN file`.
    pub name: &'static str,
    pub max_bytes: u64,
    /// Whether a symbolic link is followed.
    pub follow_links: bool,
}

pub const SNAPSHOT: Kind = Kind {
    name: "a snapshot",
    max_bytes: MAX_SNAPSHOT_BYTES,
    follow_links: false,
};

pub const PGN: Kind = Kind {
    name: "a PGN file",
    max_bytes: MAX_PGN_BYTES,
    follow_links: true,
};

/// Opens `options` at `path` without blocking on a FIFO and, for a kind that does not
/// follow them, without following a symbolic link; then checks that it is a regular file.
fn open(path: &Path, kind: Kind, options: &mut OpenOptions) -> Result<File, String> {
    let shown = path.display();
    let not_regular = || {
        format!(
            "{shown} is not a regular file: it is not used as {}",
            kind.name
        )
    };
    let linked = || {
        format!(
            "{shown} is a symbolic link: {} is read and written only as a regular file, never through a link",
            kind.name
        )
    };
    // Refused from what the path is before it is opened; the checks on the opened file
    // below close the gap of a file changed in between.
    let before = if kind.follow_links {
        std::fs::metadata(path)
    } else {
        std::fs::symlink_metadata(path)
    };
    if let Ok(m) = before {
        if m.file_type().is_symlink() {
            return Err(linked());
        }
        if !m.is_file() {
            return Err(not_regular());
        }
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        let mut flags = libc::O_NONBLOCK;
        if !kind.follow_links {
            flags |= libc::O_NOFOLLOW;
        }
        options.custom_flags(flags);
    }
    let file = options.open(path).map_err(|e| {
        if !kind.follow_links && e.raw_os_error() == Some(libc_eloop()) {
            linked()
        } else {
            format!("cannot open {shown}: {e}")
        }
    })?;
    let meta = file
        .metadata()
        .map_err(|e| format!("cannot read {shown}: {e}"))?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    Ok(file)
}

/// The error number of opening a link with `O_NOFOLLOW`.
fn libc_eloop() -> i32 {
    #[cfg(unix)]
    {
        libc::ELOOP
    }
    #[cfg(not(unix))]
    {
        -1
    }
}

fn too_large(path: &Path, kind: Kind, n: u64) -> String {
    format!(
        "{} is not read: it has {} bytes, more than the {} {} may have",
        path.display(),
        thousands(n),
        thousands(kind.max_bytes),
        kind.name
    )
}

/// Reads a text file of this kind within its limits.
pub fn read_text(path: &Path, kind: Kind) -> Result<String, String> {
    let file = open(path, kind, OpenOptions::new().read(true))?;
    let len = file.metadata().map(|m| m.len()).unwrap_or(0);
    if len > kind.max_bytes {
        return Err(too_large(path, kind, len));
    }
    let mut bytes = Vec::new();
    file.take(kind.max_bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() as u64 > kind.max_bytes {
        return Err(too_large(path, kind, bytes.len() as u64));
    }
    String::from_utf8(bytes).map_err(|_| format!("{} is not UTF-8 text", path.display()))
}

/// Writes a text file of this kind: a new file, or a regular file replaced (never a
/// link's target, a FIFO or a device).
pub fn write_text(path: &Path, kind: Kind, text: &str) -> Result<(), String> {
    if text.len() as u64 > kind.max_bytes {
        return Err(format!(
            "{} is not written: its text has {} bytes, more than the {} {} may have",
            path.display(),
            thousands(text.len() as u64),
            thousands(kind.max_bytes),
            kind.name
        ));
    }
    let mut file = open(path, kind, OpenOptions::new().write(true).create(true))?;
    file.set_len(0)
        .and_then(|()| file.write_all(text.as_bytes()))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// A count with thousands separators: `4,194,304`.
fn thousands(n: u64) -> String {
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
