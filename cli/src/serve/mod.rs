//! `fairyforge serve`: the studio, a local web page to design, see and play variants, and
//! the JSON API behind it (docs/api.md).
//!
//! The server keeps nothing a user would lose: the page's address holds the game, its
//! options and moves, or the edited file's text. What it keeps is a cache of compiled
//! variants and the thinking pool. It reads nothing else from its disk than the one file
//! of `fairyforge serve FILE` (file.rs): the page is built into the binary, and edited
//! files may import only the built-in library and games.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};

mod api;
pub(crate) mod assets;
mod conn;
mod error;
mod file;
mod guard;
mod nets;
mod pictures;
mod pool;
#[cfg(test)]
mod tests;

pub use api::{AppState, Config};

/// Every limit the studio sets on what a request may ask (docs/api.md lists them): the
/// library's studio's, and the server's own.
pub mod limits {
    pub use fairyforge::service::limits::*;
    /// Jobs waiting for the thinking pool beyond those running.
    pub const QUEUE: usize = 32;
    /// Jobs of one client (one address) waiting for the thinking pool.
    pub const QUEUE_PER_CLIENT: usize = 8;
    /// Connections open at once (well under the usual limit of 1024 open files).
    pub const CONNECTIONS: usize = 256;
    /// Seconds for a request's headers to arrive (and the longest idle time of a
    /// connection between requests).
    pub const HEADER_SECS: u64 = 10;
    /// Seconds for a request's body to arrive.
    pub const BODY_SECS: u64 = 10;
}

#[derive(clap::Args)]
pub struct ServeArgs {
    /// A variant file to edit in the Design pane: the studio opens it, saves back to it and
    /// reloads it when it changes on disk. It reads and writes no other file.
    #[arg(value_name = "FILE")]
    file: Option<std::path::PathBuf>,
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 7700)]
    port: u16,
    /// The address to listen on. The default serves this machine only; `0.0.0.0` serves
    /// the network too.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Open the page in the default browser.
    #[arg(long)]
    open: bool,
    /// Threads that think for the computer (default: one per core).
    #[arg(long, value_name = "N")]
    workers: Option<usize>,
    /// Replayed games to keep (0: replay every request's game from its start; for
    /// measuring).
    #[arg(long, value_name = "N", default_value_t = limits::CACHED_GAMES, hide = true)]
    cached_games: usize,
    /// A network file for the computer to evaluate with in the game it was made for
    /// (docs/engine.md, "The learned evaluation"); give `--net` once per game.
    #[arg(long = "net", value_name = "FILE")]
    nets: Vec<std::path::PathBuf>,
}

/// The whole application: the page, its files and the API.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/static/{*path}", get(assets::file))
        .route("/api/games", get(api::catalog))
        .route("/api/source", get(api::source))
        .route("/api/status", get(api::status))
        .route("/api/variant", post(api::variant_info))
        .route("/api/validate", post(api::validate))
        .route("/api/position", post(api::position))
        .route("/api/play", post(api::play))
        .route("/api/moves", post(api::moves))
        .route("/api/think", post(api::think))
        .route("/api/analyse", post(api::analyse))
        .route("/api/perft", post(api::perft))
        .route("/api/piece", post(api::piece))
        .route("/api/file", get(file::get).put(file::put))
        .route("/api/pictures", post(pictures::pictures))
        .fallback(api::not_found)
        .layer(DefaultBodyLimit::max(limits::BODY_BYTES))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            guard::body,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            guard::host,
        ))
        .layer(axum::middleware::map_response(assets::security_headers))
        .with_state(state)
}

fn cores() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}

/// Runs the server until Ctrl-C.
pub fn run(a: ServeArgs) -> crate::error::Result {
    let workers = a.workers.unwrap_or_else(cores);
    if workers == 0 || workers > 256 {
        return Err(format!("--workers {workers}: give 1 to 256").into());
    }
    let file = match &a.file {
        Some(p) => Some(file::Served::open(p)?),
        None => None,
    };
    let (networks, said) = nets::Networks::open(&a.nets)?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("serve")
        .build()
        .map_err(|e| format!("cannot start the server's threads: {e}"))?;
    rt.block_on(async move {
        let addr = format!("{}:{}", a.host, a.port);
        let listener = tokio::net::TcpListener::bind(&addr)
            .await
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let local: SocketAddr = listener
            .local_addr()
            .map_err(|e| format!("cannot read the listening address: {e}"))?;
        let url = format!("http://{local}/");
        match &file {
            Some(f) => println!(
                "fairyforge studio: open {url} (Ctrl-C stops it); editing {} (saved back to it)",
                f.name()
            ),
            None => println!("fairyforge studio: open {url} (Ctrl-C stops it)"),
        }
        for line in &said {
            println!("{line}");
        }
        if a.open {
            open_browser(&url);
        }
        let config = Config {
            cached_games: a.cached_games,
            ..Config::with_workers(workers)
        };
        let served = guard::Served::new(&a.host, local.port());
        let mut state = AppState::new(config)
            .serving(served)
            .with_networks(networks);
        if let Some(f) = file {
            state = state.with_file(f);
        }
        let app = router(Arc::new(state));
        conn::serve(listener, app, config.connections, async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await;
        Ok::<(), crate::error::Error>(())
    })
}

/// Asks the desktop to open `url`; says so when it cannot.
fn open_browser(url: &str) {
    let program = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(program)
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        eprintln!("could not open a browser ({program}: {e}); open {url} yourself");
    }
}
