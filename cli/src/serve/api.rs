//! The handlers of the JSON API (docs/api.md). Each reads its request, gets the compiled
//! variant from the cache, and asks the adapter; long jobs go to the thinking pool.

use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::extract::{FromRequest, Query, State};
use axum::http::StatusCode;
use tokio::sync::Semaphore;

use super::adapter::{self, Compiled, Stopped};
use super::cache::{Games, Key, Variants};
use super::error::ApiError;
use super::limits;
use super::model::*;
use super::pool::Pool;

/// How a server is set up (tests use small values to reach the limits quickly).
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Threads of the thinking pool.
    pub workers: usize,
    /// Jobs that may wait for a worker.
    pub queue: usize,
    /// Time budget of one perft count.
    pub perft_ms: u64,
    /// Replayed games kept (0: none, every request replays its game from the start).
    pub cached_games: usize,
}

impl Config {
    pub fn with_workers(workers: usize) -> Config {
        Config {
            workers,
            queue: limits::QUEUE,
            perft_ms: limits::PERFT_MS,
            cached_games: limits::CACHED_GAMES,
        }
    }
}

/// What every handler shares: compiled variants and the thinking pool.
pub struct AppState {
    pub config: Config,
    pub cache: Variants,
    /// Games replayed lately, so that the next click replays only its new moves.
    pub games: Games,
    pub pool: Pool,
    /// Compiling an edited file runs off the request threads, a few at a time.
    pub compiles: Semaphore,
    /// The file of `fairyforge serve FILE`, the only one the studio reads and writes.
    pub file: Option<super::file::Served>,
}

impl AppState {
    pub fn new(config: Config) -> AppState {
        AppState {
            config,
            cache: Variants::new(limits::CACHED_VARIANTS),
            games: Games::new(config.cached_games),
            pool: Pool::new(config.workers, config.queue),
            compiles: Semaphore::new(config.workers.max(1)),
            file: None,
        }
    }

    /// The same, serving one variant file (`fairyforge serve FILE`).
    pub fn with_file(self, file: super::file::Served) -> AppState {
        AppState {
            file: Some(file),
            ..self
        }
    }
}

type St = State<Arc<AppState>>;

/// A JSON request body whose problems (not JSON, too large, a missing field) are answered
/// as API errors.
#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct Body<T>(pub T);

/// The file name used in messages about an edited file: short, printable.
fn file_name(name: Option<&str>) -> String {
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

fn check_text(text: &str) -> Result<(), ApiError> {
    if text.len() > limits::TEXT_BYTES {
        return Err(ApiError::too_large(format!(
            "the variant file is {} bytes; the studio takes files up to {} bytes",
            text.len(),
            limits::TEXT_BYTES
        )));
    }
    Ok(())
}

fn check_options(options: &[String]) -> Result<(), ApiError> {
    if options.len() > limits::OPTIONS || options.iter().any(|o| o.len() > 64) {
        return Err(ApiError::too_large(format!(
            "at most {} options of up to 64 characters",
            limits::OPTIONS
        )));
    }
    Ok(())
}

/// The compiled variant a request names, from the cache or compiled now.
pub async fn variant(st: &AppState, r: &VariantRef) -> Result<Compiled, ApiError> {
    check_options(&r.options)?;
    let key = match (&r.game, &r.text) {
        (Some(g), None) => Key::Game(g.clone(), r.options.clone()),
        (None, Some(t)) => {
            check_text(t)?;
            Key::Text(file_name(r.name.as_deref()), t.clone(), r.options.clone())
        }
        (Some(_), Some(_)) => {
            return Err(ApiError::invalid(
                "bad-request",
                "give either `game` or `text` in `variant`, not both",
            ));
        }
        (None, None) => {
            return Err(ApiError::invalid(
                "bad-request",
                "`variant` needs `game` (a built-in game) or `text` (a variant file)",
            ));
        }
    };
    if let Some(v) = st.cache.get(&key) {
        return Ok(v);
    }
    let k = key.clone();
    let compiled = match k {
        Key::Game(name, options) => adapter::compile_builtin(&name, &options)?,
        Key::Text(name, text, options) => {
            let _permit = st
                .compiles
                .acquire()
                .await
                .map_err(|_| ApiError::internal("the server is stopping"))?;
            tokio::task::spawn_blocking(move || adapter::compile_text(&name, &text, &options))
                .await
                .map_err(|_| ApiError::internal("compiling the file failed (a bug)"))??
        }
    };
    st.cache.insert(key, compiled.clone());
    Ok(compiled)
}

/// The game a request names: replayed from the closest game replayed lately (the same
/// moves, or all but the last one or two), else from its start.
async fn game(st: &AppState, at: &PositionRef) -> Result<adapter::Game, ApiError> {
    let v = variant(st, &at.variant).await?;
    adapter::check_moves(&at.moves)?;
    let fen = at.fen.as_deref().map(str::trim).filter(|f| !f.is_empty());
    let n = at.moves.len();
    let cache = st.config.cached_games > 0;
    let cached = (n.saturating_sub(2)..=n)
        .rev()
        .filter(|_| cache)
        .find_map(|k| st.games.get(&v, fen, &at.moves[..k]).map(|g| (k, g)));
    let hit = cached.is_some();
    let (known, mut game) = match cached {
        Some((k, g)) => (k, g),
        None => (0, adapter::Game::start(&v, fen)?),
    };
    game.replay(&at.moves[known..], known)?;
    if cache && !(hit && known == n) {
        st.games.insert(&v, fen, &at.moves, game.clone());
    }
    Ok(game)
}

/// The text a variant is compiled from: the edited file, or the built-in game's.
fn source_text(r: &VariantRef) -> Option<&str> {
    r.text
        .as_deref()
        .or_else(|| r.game.as_deref().and_then(adapter::game_text))
}

/// The games, examples and limits: the same for the life of the server.
pub async fn catalog() -> Json<&'static Catalog> {
    static CATALOG: std::sync::OnceLock<Catalog> = std::sync::OnceLock::new();
    Json(CATALOG.get_or_init(make_catalog))
}

fn make_catalog() -> Catalog {
    let games = adapter::game_names()
        .into_iter()
        .filter_map(|n| {
            let v = adapter::compile_builtin(n, &[]).ok()?;
            Some(GameInfo {
                id: n.to_string(),
                name: v.name().to_string(),
                description: v.description().to_string(),
                options: adapter::options(&v),
            })
        })
        .collect();
    let examples = super::assets::EXAMPLES
        .iter()
        .map(|(id, text)| {
            let (name, description) = adapter::description_of(text);
            SourceInfo {
                id: format!("examples/{id}"),
                name,
                description,
            }
        })
        .collect();
    let libraries = adapter::library_names()
        .into_iter()
        .map(|n| {
            let (_, description) = adapter::description_of(adapter::library_text(n).unwrap_or(""));
            SourceInfo {
                id: n.to_string(),
                name: format!("{n}.toml"),
                description,
            }
        })
        .collect();
    Catalog {
        version: env!("CARGO_PKG_VERSION"),
        games,
        examples,
        libraries,
        limits: Limits {
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
/// piece library (`pieces`).
pub async fn source(
    q: Result<Query<SourceQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Source>, ApiError> {
    let Query(q) = q?;
    let name = q.name.as_str();
    let found = if let Some(id) = name.strip_prefix("examples/") {
        super::assets::EXAMPLES
            .iter()
            .find(|(n, _)| *n == id)
            .map(|(n, t)| (format!("{n}.toml"), *t))
    } else if let Some(t) = adapter::game_text(name) {
        Some((format!("{name}.toml"), t))
    } else {
        adapter::library_text(name).map(|t| (format!("{name}.toml"), t))
    };
    match found {
        Some((file, text)) => Ok(Json(Source {
            id: name.to_string(),
            file,
            text: text.to_string(),
        })),
        None => {
            let mut e = adapter::unknown_game(name);
            e.status = StatusCode::NOT_FOUND;
            e.kind = "not-found";
            let examples: Vec<String> = super::assets::EXAMPLES
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

pub async fn variant_info(
    st: St,
    Body(r): Body<VariantRequest>,
) -> Result<Json<VariantInfo>, ApiError> {
    let v = variant(&st, &r.variant).await?;
    Ok(Json(adapter::variant_info(&v, source_text(&r.variant))))
}

/// Checks an edited file: 200 with `ok` and every problem (a bad file is an answer here,
/// not an error).
pub async fn validate(
    st: St,
    Body(r): Body<ValidateRequest>,
) -> Result<Json<Validation>, ApiError> {
    check_text(&r.text)?;
    let name = file_name(r.name.as_deref());
    let _permit = st
        .compiles
        .acquire()
        .await
        .map_err(|_| ApiError::internal("the server is stopping"))?;
    let v = tokio::task::spawn_blocking(move || adapter::validate(&name, &r.text))
        .await
        .map_err(|_| ApiError::internal("validating the file failed (a bug)"))?;
    Ok(Json(v))
}

pub async fn position(
    st: St,
    Body(r): Body<PositionRef>,
) -> Result<Json<super::model::State>, ApiError> {
    let g = game(&st, &r).await?;
    Ok(Json(adapter::state(&g)))
}

pub async fn play(st: St, Body(r): Body<PlayRequest>) -> Result<Json<Played>, ApiError> {
    let mut g = game(&st, &r.at).await?;
    if let Some(o) = g.outcome() {
        return Err(ApiError::invalid(
            "game-over",
            format!("the game is over: {o}"),
        ));
    }
    let played = g
        .play_text(&r.mv)
        .map_err(|why| ApiError::invalid("bad-move", format!("`{}`: {why}", r.mv.trim())))?;
    // The next click most likely starts here.
    if st.config.cached_games > 0 {
        let mut moves = r.at.moves.clone();
        moves.push(played.text.clone());
        let fen = r.at.fen.as_deref().map(str::trim).filter(|f| !f.is_empty());
        let v = g.pos.variant().clone();
        st.games.insert(&v, fen, &moves, g.clone());
    }
    Ok(Json(Played {
        played,
        state: adapter::state(&g),
    }))
}

pub async fn moves(st: St, Body(r): Body<MovesRequest>) -> Result<Json<MoveList>, ApiError> {
    let g = game(&st, &r.at).await?;
    Ok(Json(MoveList {
        moves: adapter::moves_from(&g.pos, r.from.as_deref())?,
    }))
}

fn think_limits(r: &ThinkRequest) -> Result<adapter::ThinkLimits, ApiError> {
    let ms = r.time_ms.unwrap_or(limits::DEFAULT_THINK_MS);
    if ms == 0 || ms > limits::THINK_MS {
        return Err(ApiError::invalid(
            "bad-limit",
            format!(
                "`time_ms` {ms}: give 1 to {} milliseconds",
                limits::THINK_MS
            ),
        ));
    }
    if r.depth
        .is_some_and(|d| d == 0 || d > fairyforge::search::MAX_DEPTH)
    {
        return Err(ApiError::invalid(
            "bad-limit",
            format!("`depth`: give 1 to {}", fairyforge::search::MAX_DEPTH),
        ));
    }
    if r.nodes == Some(0) {
        return Err(ApiError::invalid("bad-limit", "`nodes`: give at least 1"));
    }
    Ok(adapter::ThinkLimits {
        time: Duration::from_millis(ms),
        depth: r.depth,
        nodes: r.nodes,
    })
}

/// Runs a search on the pool: every finished depth, best last.
async fn search(
    st: &AppState,
    r: &ThinkRequest,
) -> Result<(fairyforge::Position, Vec<Line>), ApiError> {
    let lim = think_limits(r)?;
    let g = game(st, &r.at).await?;
    if let Some(o) = g.outcome() {
        return Err(ApiError::invalid(
            "game-over",
            format!("the game is over: {o}"),
        ));
    }
    let pos = g.pos;
    let mut p = pos.clone();
    let lines = st
        .pool
        .run(move |w, cancel| adapter::think(&mut w.searcher, &mut p, lim, cancel))
        .await?;
    match lines {
        Ok(lines) if !lines.is_empty() => Ok((pos, lines)),
        Ok(_) => Err(ApiError::internal("the search found no move")),
        Err(_) => Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "cancelled",
            "the search was stopped",
        )),
    }
}

pub async fn think(st: St, Body(r): Body<ThinkRequest>) -> Result<Json<Thought>, ApiError> {
    let (pos, mut lines) = search(&st, &r).await?;
    let line = lines.pop().expect("at least one line");
    let best = adapter::best_move(&pos, &line)
        .ok_or_else(|| ApiError::internal("the search's move is not legal (a bug)"))?;
    Ok(Json(Thought { best, line }))
}

pub async fn analyse(st: St, Body(r): Body<ThinkRequest>) -> Result<Json<Analysis>, ApiError> {
    let (_, lines) = search(&st, &r).await?;
    Ok(Json(Analysis { lines }))
}

pub async fn perft(st: St, Body(r): Body<PerftRequest>) -> Result<Json<Perft>, ApiError> {
    if r.depth > limits::PERFT_DEPTH {
        return Err(ApiError::invalid(
            "bad-limit",
            format!(
                "perft depth {}: the studio counts to depth {} (the command line `fairyforge perft` has no limit)",
                r.depth,
                limits::PERFT_DEPTH
            ),
        ));
    }
    let g = game(&st, &r.at).await?;
    let mut pos = g.pos;
    let (depth, divide) = (r.depth, r.divide);
    let budget = Duration::from_millis(st.config.perft_ms);
    let counted = st
        .pool
        .run(move |_, cancel| adapter::perft(&mut pos, depth, divide, cancel, budget))
        .await?;
    match counted {
        Ok(p) => Ok(Json(p)),
        Err(Stopped::Timeout) => Err(ApiError::invalid(
            "too-long",
            format!(
                "perft {depth} takes longer than the studio's {} s here: try a smaller depth, or `fairyforge perft` on the command line",
                st.config.perft_ms as f64 / 1000.0
            ),
        )),
        Err(Stopped::Cancelled) => Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "cancelled",
            "the count was stopped",
        )),
    }
}

pub async fn piece(st: St, Body(r): Body<PieceRequest>) -> Result<Json<Explorer>, ApiError> {
    let v = variant(&st, &r.variant).await?;
    Ok(Json(adapter::explore(&v, source_text(&r.variant), &r)?))
}

pub async fn status(st: St) -> Json<Status> {
    Json(Status {
        version: env!("CARGO_PKG_VERSION"),
        workers: st.pool.workers(),
        running: st.pool.running(),
        queued: st.pool.queued(),
        cancelled: st.pool.cancelled(),
        cached_variants: st.cache.len(),
        cached_games: st.games.len(),
    })
}

pub async fn not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "not-found",
        "no such endpoint: see docs/api.md for the API",
    )
}
