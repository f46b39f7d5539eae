//! `fairyforge serve FILE`: the one variant file the studio may read and write, so that
//! the Design pane and `fairyforge validate/snapshot/test` work on the same file.
//!
//! Nothing else of the disk is reachable: the endpoints take no path, only the file named
//! on the command line. Each access checks again that it is a regular file (not a
//! symbolic link: the last part of the path is opened without following links, and a
//! save replaces the file by a rename, never writes through a link) and no larger than
//! the studio's limit on variant files.

use std::fs;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::Json;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use super::api::{AppState, Body};
use super::error::ApiError;
use super::limits;

/// The file named on the command line.
#[derive(Debug)]
pub struct Served {
    /// Where it is: its folder made absolute at start, and its own name.
    path: PathBuf,
    /// Its name as messages show it.
    name: String,
    /// One save at a time, so that two saves cannot interleave their checks and rename.
    lock: tokio::sync::Mutex<()>,
}

/// The file's text and a version that changes whenever its bytes do.
struct Contents {
    text: String,
    version: String,
}

impl Served {
    /// Checks the file named on the command line: it must exist, be a regular file (not a
    /// link) and be readable as a variant file of the studio's size.
    pub fn open(path: &Path) -> Result<Served, String> {
        let shown = path.display().to_string();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .filter(|n| !n.is_empty())
            .ok_or_else(|| format!("{shown}: give the path of a variant file"))?
            .to_string();
        let folder = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let folder = fs::canonicalize(&folder)
            .map_err(|e| format!("{shown}: cannot find its folder: {e}"))?;
        let served = Served {
            path: folder.join(&name),
            name,
            lock: tokio::sync::Mutex::new(()),
        };
        served
            .read()
            .map_err(|e| format!("{shown}: {}", e.0.error))?;
        Ok(served)
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The file now, checked again (it may have been replaced since).
    fn read(&self) -> Result<Contents, ApiError> {
        let mut f = open_no_follow(&self.path).map_err(|e| self.io_error("cannot open", e))?;
        let meta = f.metadata().map_err(|e| self.io_error("cannot read", e))?;
        if !meta.is_file() {
            return Err(bad_file(format!(
                "{} is not a regular file; the studio reads only a regular file",
                self.name
            )));
        }
        if meta.len() > limits::TEXT_BYTES as u64 {
            return Err(too_big(&self.name, meta.len()));
        }
        let mut bytes = Vec::with_capacity(meta.len() as usize);
        (&mut f)
            .take(limits::TEXT_BYTES as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| self.io_error("cannot read", e))?;
        if bytes.len() > limits::TEXT_BYTES {
            return Err(too_big(&self.name, bytes.len() as u64));
        }
        let text = String::from_utf8(bytes).map_err(|e| {
            bad_file(format!(
                "{} is not UTF-8 text (byte {} is not)",
                self.name,
                e.utf8_error().valid_up_to() + 1
            ))
        })?;
        let version = version_of(&text);
        Ok(Contents { text, version })
    }

    /// Replaces the file with `text`: written beside it, then renamed over it, so that a
    /// reader never sees half a file and a link put in its place is replaced, not followed.
    fn write(&self, text: &str) -> Result<(), ApiError> {
        let meta = fs::symlink_metadata(&self.path).map_err(|e| self.io_error("cannot save", e))?;
        if !meta.is_file() {
            return Err(bad_file(format!(
                "{} is not a regular file; the studio saves only over a regular file",
                self.name
            )));
        }
        let temp = self
            .path
            .with_file_name(format!(".{}.fairyforge-save", self.name));
        let result = (|| {
            let mut f = fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&temp)?;
            f.write_all(text.as_bytes())?;
            f.set_permissions(meta.permissions())?;
            f.sync_all()?;
            fs::rename(&temp, &self.path)
        })();
        if let Err(e) = result {
            let _ = fs::remove_file(&temp);
            return Err(self.io_error("cannot save", e));
        }
        Ok(())
    }

    fn io_error(&self, what: &str, e: std::io::Error) -> ApiError {
        #[cfg(unix)]
        if e.raw_os_error() == Some(libc::ELOOP) {
            return bad_file(format!(
                "{} is a symbolic link; the studio reads and saves only a regular file",
                self.name
            ));
        }
        if e.kind() == std::io::ErrorKind::NotFound {
            return ApiError::new(
                StatusCode::NOT_FOUND,
                "file-missing",
                format!("{what} {}: it is not there any more", self.name),
            );
        }
        bad_file(format!("{what} {}: {e}", self.name))
    }
}

fn bad_file(error: String) -> ApiError {
    ApiError::invalid("bad-file", error)
}

fn too_big(name: &str, len: u64) -> ApiError {
    ApiError::too_large(format!(
        "{name} is {len} bytes; the studio takes files up to {} bytes",
        limits::TEXT_BYTES
    ))
}

/// Opens the file for reading without following a symbolic link at its last part.
fn open_no_follow(path: &Path) -> std::io::Result<fs::File> {
    let mut o = fs::OpenOptions::new();
    o.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    #[cfg(not(unix))]
    if fs::symlink_metadata(path)?.file_type().is_symlink() {
        return Err(std::io::Error::other("it is a symbolic link"));
    }
    o.open(path)
}

/// A short text that changes whenever the file's bytes do.
fn version_of(text: &str) -> String {
    let mut h = DefaultHasher::new();
    text.hash(&mut h);
    format!("{:016x}-{}", h.finish(), text.len())
}

type St = State<Arc<AppState>>;

fn the_file(st: &AppState) -> Result<&Served, ApiError> {
    st.file.as_ref().ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "no-file",
            "the studio was started without a file: `fairyforge serve FILE` opens one",
        )
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileQuery {
    /// The version the page has: when the file is still at it, its text is left out.
    known: Option<String>,
}

#[derive(Serialize)]
pub struct FileAnswer {
    /// The file's name (its last part): diagnostics name it so.
    name: String,
    version: String,
    /// False when the file is still at the `known` version (then `text` is left out).
    changed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<String>,
}

/// `GET /api/file[?known=VERSION]`: the served file, or only whether it changed.
pub async fn get(
    State(st): St,
    q: Result<Query<FileQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<FileAnswer>, ApiError> {
    let Query(q) = q?;
    let served = the_file(&st)?;
    let c = read(&st).await?;
    let changed = q.known.as_deref() != Some(c.version.as_str());
    Ok(Json(FileAnswer {
        name: served.name.clone(),
        version: c.version,
        changed,
        text: changed.then_some(c.text),
    }))
}

async fn read(st: &Arc<AppState>) -> Result<Contents, ApiError> {
    let st = st.clone();
    tokio::task::spawn_blocking(move || the_file(&st)?.read())
        .await
        .map_err(|_| ApiError::internal("reading the file failed (a bug)"))?
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveRequest {
    text: String,
    /// The version the text was edited from; when the file on disk is no longer at it the
    /// save is refused (409) rather than overwrite what changed there. `null` saves anyway.
    base: Option<String>,
}

/// `PUT /api/file`: saves the text to the served file.
pub async fn put(
    State(st): St,
    Body(req): Body<SaveRequest>,
) -> Result<Json<FileAnswer>, ApiError> {
    let served = the_file(&st)?;
    if req.text.len() > limits::TEXT_BYTES {
        return Err(too_big(&served.name, req.text.len() as u64));
    }
    let _one = served.lock.lock().await;
    let st2 = st.clone();
    let version = tokio::task::spawn_blocking(move || {
        let served = the_file(&st2)?;
        if let Some(base) = &req.base {
            let now = served.read()?;
            if &now.version != base {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    "changed-on-disk",
                    format!(
                        "{} changed on disk since it was loaded; reload it, or save again to overwrite it",
                        served.name
                    ),
                ));
            }
        }
        served.write(&req.text)?;
        Ok(version_of(&req.text))
    })
    .await
    .map_err(|_| ApiError::internal("saving the file failed (a bug)"))??;
    Ok(Json(FileAnswer {
        name: served.name.clone(),
        version,
        changed: true,
        text: None,
    }))
}
