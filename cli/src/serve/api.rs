//! The handlers of the JSON API (docs/api.md): thin wrappers over the library's
//! [`Studio`], which answers every request. The server adds what only a server has:
//! compiling edited files and replaying games off the request threads, a few at a time,
//! the thinking pool for searches and perft counts (a client that goes away stops its
//! job), and the errors of HTTP itself (a body too large, not JSON).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::Json;
use axum::extract::{FromRequest, Query, State};
use fairyforge::Position;
use fairyforge::contract::{self, *};
use fairyforge::search::Searcher;
use fairyforge::service::{self, Stopped, Studio, ThinkLimits, engine};
use tokio::sync::Semaphore;

use super::conn::Client;
use super::error::ApiError;
use super::limits;
use super::pool::{Cancel, Pool};

/// How a server is set up (tests use small values to reach the limits quickly).
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Threads of the thinking pool.
    pub workers: usize,
    /// Jobs that may wait for a worker.
    pub queue: usize,
    /// Jobs of one client that may wait for a worker.
    pub queue_per_client: usize,
    /// Time budget of one perft count.
    pub perft_ms: u64,
    /// Replayed games kept (0: none, every request replays its game from the start).
    pub cached_games: usize,
    /// Time for a request's body to arrive.
    pub body_timeout: Duration,
    /// The connections' limits (used by `conn::serve`).
    pub connections: super::conn::Connections,
}

impl Config {
    pub fn with_workers(workers: usize) -> Config {
        Config {
            workers,
            queue: limits::QUEUE,
            queue_per_client: limits::QUEUE_PER_CLIENT,
            perft_ms: limits::PERFT_MS,
            cached_games: limits::CACHED_GAMES,
            body_timeout: Duration::from_secs(limits::BODY_SECS),
            connections: super::conn::Connections {
                max: limits::CONNECTIONS,
                header_timeout: Duration::from_secs(limits::HEADER_SECS),
            },
        }
    }
}

/// What every handler shares: the studio (compiled variants, replayed games) and the
/// thinking pool.
pub struct AppState {
    pub config: Config,
    pub studio: Arc<Studio>,
    pub pool: Pool,
    /// Compiling an edited file runs off the request threads, a few at a time.
    pub compiles: Semaphore,
    /// The names and port this server answers to.
    pub served: super::guard::Served,
    /// The file of `fairyforge serve FILE`, the only one the studio reads and writes.
    pub file: Option<super::file::Served>,
    /// The networks of `--net`, by game.
    pub networks: super::nets::Networks,
}

impl AppState {
    pub fn new(config: Config) -> AppState {
        AppState {
            config,
            studio: Arc::new(Studio::new(service::Config {
                cached_games: config.cached_games,
                perft_ms: config.perft_ms,
                ..service::Config::default()
            })),
            pool: Pool::new(config.workers, config.queue, config.queue_per_client),
            compiles: Semaphore::new(config.workers.max(1)),
            served: super::guard::Served::default(),
            file: None,
            networks: super::nets::Networks::default(),
        }
    }

    /// The same, serving one variant file (`fairyforge serve FILE`).
    pub fn with_file(self, file: super::file::Served) -> AppState {
        AppState {
            file: Some(file),
            ..self
        }
    }

    /// The same, evaluating with these networks in their games.
    pub fn with_networks(self, networks: super::nets::Networks) -> AppState {
        AppState { networks, ..self }
    }

    /// The same, answering only to these names and port.
    pub fn serving(self, served: super::guard::Served) -> AppState {
        AppState { served, ..self }
    }
}

type St = State<Arc<AppState>>;

/// A JSON request body whose problems (not JSON, too large, a missing field) are answered
/// as API errors.
#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct Body<T>(pub T);

/// Runs `f` with the studio off the request threads, one of a few at a time.
async fn blocking<T: Send + 'static>(
    st: &AppState,
    f: impl FnOnce(&Studio) -> Result<T, contract::ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let _permit = st
        .compiles
        .acquire()
        .await
        .map_err(|_| ApiError::internal("the server is stopping"))?;
    let studio = st.studio.clone();
    Ok(tokio::task::spawn_blocking(move || f(&studio))
        .await
        .map_err(|_| ApiError::internal("compiling the file failed (a bug)"))??)
}

/// Compiles the edited file a request names off the request threads, unless it is
/// compiled already; the studio's answer then finds it in its cache.
pub async fn ready(st: &AppState, r: &VariantRef) -> Result<(), ApiError> {
    if r.text.is_some() && !st.studio.is_cached(r) {
        let r = r.clone();
        blocking(st, move |s| s.compiled(&r).map(|_| ())).await?;
    }
    Ok(())
}

/// The games, examples and limits: the same for the life of the server.
pub async fn catalog(st: St) -> Json<contract::Catalog> {
    Json(st.studio.games().clone())
}

/// The text of a built-in game (`chess`), an example (`examples/dive-bombers`) or the
/// piece library (`pieces`).
pub async fn source(
    st: St,
    q: Result<Query<SourceQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Source>, ApiError> {
    let Query(q) = q?;
    Ok(Json(st.studio.source(&q.name)?))
}

pub async fn variant_info(
    st: St,
    Body(r): Body<VariantRequest>,
) -> Result<Json<VariantInfo>, ApiError> {
    ready(&st, &r.variant).await?;
    Ok(Json(st.studio.variant(&r)?))
}

/// Checks an edited file: 200 with `ok` and every problem (a bad file is an answer here,
/// not an error).
pub async fn validate(
    st: St,
    Body(r): Body<ValidateRequest>,
) -> Result<Json<Validation>, ApiError> {
    Ok(Json(blocking(&st, move |s| s.validate(&r)).await?))
}

pub async fn position(
    st: St,
    Body(r): Body<PositionRef>,
) -> Result<Json<contract::State>, ApiError> {
    ready(&st, &r.variant).await?;
    Ok(Json(st.studio.position(&r)?))
}

pub async fn play(st: St, Body(r): Body<PlayRequest>) -> Result<Json<Played>, ApiError> {
    ready(&st, &r.at.variant).await?;
    Ok(Json(st.studio.play(&r)?))
}

pub async fn moves(st: St, Body(r): Body<MovesRequest>) -> Result<Json<MoveList>, ApiError> {
    ready(&st, &r.at.variant).await?;
    Ok(Json(st.studio.moves(&r)?))
}

/// A search on a worker's searcher, stopped when the job's client goes away.
fn think_on(
    searcher: &mut Searcher,
    pos: &Position,
    lim: ThinkLimits,
    cancel: &Cancel,
) -> Result<Vec<Line>, Stopped> {
    let stop = searcher.stop_flag();
    let link = cancel.link(stop.clone());
    // A cancellation from here on raises the searcher's stop flag, which stops the search
    // even before it starts (the search clears its flag only as it returns).
    if cancel.is_set() {
        drop(link);
        stop.store(false, Ordering::Relaxed);
        return Err(Stopped::Cancelled);
    }
    let lines = engine::think(searcher, pos, lim);
    // A cancellation that came after the search returned must not stop the worker's next
    // search: unlink, then lower the flag.
    drop(link);
    stop.store(false, Ordering::Relaxed);
    if cancel.is_set() {
        return Err(Stopped::Cancelled);
    }
    Ok(lines)
}

/// Runs a search on the pool: every finished depth, best last.
async fn search(
    st: &AppState,
    client: Client,
    r: &ThinkRequest,
) -> Result<(Position, Vec<Line>), ApiError> {
    ready(st, &r.at.variant).await?;
    let (pos, lim) = st.studio.search_job(r)?;
    let p = pos.clone();
    let net = st.networks.for_variant(pos.variant());
    let lines = st
        .pool
        .run(client.0, move |w, cancel| {
            w.searcher.set_network(net);
            think_on(&mut w.searcher, &p, lim, cancel)
        })
        .await?;
    match lines {
        Ok(lines) => Ok((pos, lines)),
        Err(_) => Err(contract::ApiError::cancelled("the search was stopped").into()),
    }
}

pub async fn think(
    st: St,
    client: Client,
    Body(r): Body<ThinkRequest>,
) -> Result<Json<Thought>, ApiError> {
    let (pos, lines) = search(&st, client, &r).await?;
    Ok(Json(service::thought(&pos, lines)?))
}

pub async fn analyse(
    st: St,
    client: Client,
    Body(r): Body<ThinkRequest>,
) -> Result<Json<Analysis>, ApiError> {
    let (_, lines) = search(&st, client, &r).await?;
    Ok(Json(service::analysis(lines)?))
}

pub async fn perft(
    st: St,
    client: Client,
    Body(r): Body<PerftRequest>,
) -> Result<Json<Perft>, ApiError> {
    ready(&st, &r.at.variant).await?;
    let mut pos = st.studio.perft_job(&r)?;
    let (depth, divide) = (r.depth, r.divide);
    let budget = st.studio.perft_budget();
    let counted = st
        .pool
        .run(client.0, move |_, cancel| {
            let stop = Arc::new(AtomicBool::new(false));
            let _link = cancel.link(stop.clone());
            if cancel.is_set() {
                return Err(Stopped::Cancelled);
            }
            engine::perft(&mut pos, depth, divide, &stop, budget)
        })
        .await?;
    Ok(Json(counted.map_err(|why| {
        engine::perft_stopped(why, depth, budget)
    })?))
}

pub async fn piece(st: St, Body(r): Body<PieceRequest>) -> Result<Json<Explorer>, ApiError> {
    ready(&st, &r.variant).await?;
    Ok(Json(st.studio.piece(&r)?))
}

pub async fn status(st: St) -> Json<contract::Status> {
    Json(contract::Status {
        version: env!("CARGO_PKG_VERSION").to_string(),
        workers: st.pool.workers(),
        running: st.pool.running(),
        queued: st.pool.queued(),
        cancelled: st.pool.cancelled(),
        cached_variants: st.studio.cached_variants(),
        cached_games: st.studio.cached_games(),
    })
}

pub async fn not_found() -> ApiError {
    service::not_found().into()
}
