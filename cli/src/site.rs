//! `fairyforge site DIR`: the studio as static files (the page, its scripts and styles, and
//! the engine compiled to WebAssembly). Any static file server serves it whole: the page
//! runs the engine itself, in Web Workers, and asks no fairyforge process anything.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::serve::assets;
use crate::wasm;

#[derive(clap::Args)]
pub struct SiteArgs {
    /// The directory to write the site into (made if missing; the site's files in it are
    /// replaced, nothing else is touched).
    #[arg(value_name = "DIR")]
    dir: PathBuf,
}

pub fn run(a: SiteArgs) -> Result {
    let engine = wasm::required("site")?;
    let files = site_files(engine);
    let dir = &a.dir;
    make_dir(&dir.join("static"))?;
    let mut bytes = 0;
    for (path, body) in &files {
        write(&dir.join(path), body)?;
        bytes += body.len();
    }
    say!(
        "wrote the studio to {} ({} files, {} kB): serve that directory with any static file server, e.g. `python3 -m http.server -d {}`",
        dir.display(),
        files.len(),
        bytes / 1000,
        dir.display()
    );
    Ok(())
}

/// Every file of the site: `(path in the site, bytes)`.
pub fn site_files(engine: &wasm::Engine) -> Vec<(String, Vec<u8>)> {
    let mut files = vec![
        (
            "index.html".to_string(),
            assets::index_with_wasm(false).into_bytes(),
        ),
        // GitHub Pages: serve the files as they are.
        (".nojekyll".to_string(), Vec::new()),
        (
            format!("static/{}", wasm::GLUE_FILE),
            engine.glue.as_bytes().to_vec(),
        ),
        (format!("static/{}", wasm::WASM_FILE), engine.wasm.to_vec()),
    ];
    for (name, _, body) in assets::FILES {
        files.push((format!("static/{name}"), body.as_bytes().to_vec()));
    }
    // The built-in games' networks, beside the module: the page loads a game's own when
    // it first searches it.
    for (name, body) in assets::networks() {
        files.push((format!("static/{name}"), body.to_vec()));
    }
    files
}

fn make_dir(dir: &Path) -> Result {
    std::fs::create_dir_all(dir).map_err(|source| Error::Write {
        path: dir.display().to_string(),
        source,
    })
}

fn write(path: &Path, body: &[u8]) -> Result {
    std::fs::write(path, body).map_err(|source| Error::Write {
        path: path.display().to_string(),
        source,
    })
}
