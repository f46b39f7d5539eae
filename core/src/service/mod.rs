//! The studio's requests answered without a server: [`Studio`] compiles the variants a
//! request names (keeping the latest in a small cache), replays its game, and answers
//! with the data of [`crate::contract`]. One typed method per endpoint of docs/api.md,
//! and [`Studio::call`], which takes the endpoint's path and JSON body and gives exactly
//! the HTTP API's answer (status and JSON), errors included.
//!
//! The studio server (`fairyforge serve`) wraps the typed methods, adding its thinking
//! pool and its request threads; the WebAssembly API exposes [`Studio::call`]. Searches
//! and perft counts run in the caller's thread, within their limits, and stop early when
//! another thread calls [`Studio::stop`].
//!
//! - `variants`: compiling built-in games and edited files, validation, the catalogue;
//! - `game`: a game replayed from its start, its state, moves as data;
//! - `engine`: perft with a budget, searches as lines;
//! - `explorer`: a piece alone on a board;
//! - `call`: the endpoints by path, with the server's error bodies;
//! - `cache`: the compiled variants and games kept.

mod cache;
mod call;
pub mod engine;
pub mod explorer;
pub mod game;
#[cfg(test)]
mod tests;
pub mod variants;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use crate::contract::{self, ApiError};
use crate::search::{Searcher, Settings};
use crate::{Position, Variant};

use cache::{Games, Key, Lru};
pub use call::{Reply, decode, not_found};
pub use engine::{Stopped, ThinkLimits};
pub use game::Game;

/// A compiled variant, shared by every request that uses it.
pub type Compiled = Arc<Variant>;

/// Every limit the studio sets on what a request may ask (docs/api.md lists them).
pub mod limits {
    /// Largest variant file text.
    pub const TEXT_BYTES: usize = 64 * 1024;
    /// Largest request body.
    pub const BODY_BYTES: usize = 256 * 1024;
    /// Most moves replayed from a start position in one request.
    pub const MOVES: usize = 1000;
    /// Longest position string.
    pub const FEN_BYTES: usize = 2048;
    /// Longest move text.
    pub const MOVE_TEXT_BYTES: usize = 64;
    /// Most options named in one request.
    pub const OPTIONS: usize = 16;
    /// Longest thinking time.
    pub const THINK_MS: u64 = 30_000;
    /// Default thinking time.
    pub const DEFAULT_THINK_MS: u64 = 1_000;
    /// Deepest perft.
    pub const PERFT_DEPTH: u32 = 8;
    /// A perft count's time budget.
    pub const PERFT_MS: u64 = 10_000;
    /// Most blockers in the piece explorer.
    pub const BLOCKERS: usize = 64;
    /// Compiled variants kept.
    pub const CACHED_VARIANTS: usize = 64;
    /// Replayed games kept.
    pub const CACHED_GAMES: usize = 128;
}

/// How a studio is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Compiled variants kept.
    pub cached_variants: usize,
    /// Replayed games kept (0: none, every request replays its game from the start).
    pub cached_games: usize,
    /// Time budget of one perft count, in milliseconds.
    pub perft_ms: u64,
    /// Transposition table of the studio's own searcher, in megabytes.
    pub tt_mb: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            cached_variants: limits::CACHED_VARIANTS,
            cached_games: limits::CACHED_GAMES,
            perft_ms: limits::PERFT_MS,
            tt_mb: 16,
        }
    }
}

/// The studio's requests, answered in the caller's thread. `Sync`: threads may share one.
pub struct Studio {
    config: Config,
    variants: Lru<Key, Compiled>,
    games: Games,
    catalog: OnceLock<contract::Catalog>,
    /// Made at the first search; its stop flag is `stop`.
    searcher: Mutex<Option<Searcher>>,
    /// Raised to stop the running search (the searcher lowers it as it returns) or
    /// perft count.
    stop: Arc<AtomicBool>,
    /// Raised with `stop`, lowered by the call it stopped: how that call knows.
    stopped: AtomicBool,
}

impl Default for Studio {
    fn default() -> Studio {
        Studio::new(Config::default())
    }
}

impl Studio {
    /// A studio with these cache sizes and budgets.
    pub fn new(config: Config) -> Studio {
        Studio {
            config,
            variants: Lru::new(config.cached_variants),
            games: Games::new(config.cached_games),
            catalog: OnceLock::new(),
            searcher: Mutex::new(None),
            stop: Arc::new(AtomicBool::new(false)),
            stopped: AtomicBool::new(false),
        }
    }

    /// How it is set up.
    pub fn config(&self) -> Config {
        self.config
    }

    /// Stops the running search or perft count of [`Studio::think`], [`Studio::analyse`]
    /// or [`Studio::perft`] (from another thread), or else the next one: it then answers
    /// 503 `cancelled`.
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::Relaxed);
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether a stop came for the call that ends now; lowers the flags.
    fn was_stopped(&self) -> bool {
        self.stop.store(false, Ordering::Relaxed);
        self.stopped.swap(false, Ordering::Relaxed)
    }

    // -----------------------------------------------------------------------------------
    // Compiled variants and games

    /// What a request's variant is compiled from, checked against the limits.
    fn key(r: &contract::VariantRef) -> Result<Key, ApiError> {
        variants::check_options(&r.options)?;
        match (&r.game, &r.text) {
            (Some(g), None) => Ok(Key::Game(g.clone(), r.options.clone())),
            (None, Some(t)) => {
                variants::check_text(t)?;
                Ok(Key::Text(
                    variants::file_name(r.name.as_deref()),
                    t.clone(),
                    r.options.clone(),
                ))
            }
            (Some(_), Some(_)) => Err(ApiError::invalid(
                "bad-request",
                "give either `game` or `text` in `variant`, not both",
            )),
            (None, None) => Err(ApiError::invalid(
                "bad-request",
                "`variant` needs `game` (a built-in game) or `text` (a variant file)",
            )),
        }
    }

    /// Whether the variant a request names is compiled already (then [`Studio::compiled`]
    /// is quick). A request that names it wrongly is not.
    pub fn is_cached(&self, r: &contract::VariantRef) -> bool {
        Studio::key(r).is_ok_and(|k| self.variants.get(&k).is_some())
    }

    /// The compiled variant a request names, from the cache or compiled now.
    pub fn compiled(&self, r: &contract::VariantRef) -> Result<Compiled, ApiError> {
        let key = Studio::key(r)?;
        if let Some(v) = self.variants.get(&key) {
            return Ok(v);
        }
        let compiled = match &key {
            Key::Game(name, options) => variants::compile_builtin(name, options)?,
            Key::Text(name, text, options) => variants::compile_text(name, text, options)?,
        };
        self.variants.insert(key, compiled.clone());
        Ok(compiled)
    }

    /// The game a request names: replayed from the closest game replayed lately (the same
    /// moves, or all but the last one or two), else from its start.
    pub fn game(&self, at: &contract::PositionRef) -> Result<Game, ApiError> {
        let v = self.compiled(&at.variant)?;
        game::check_moves(&at.moves)?;
        let fen = at.fen.as_deref().map(str::trim).filter(|f| !f.is_empty());
        let n = at.moves.len();
        let cache = self.config.cached_games > 0;
        let cached = (n.saturating_sub(2)..=n)
            .rev()
            .filter(|_| cache)
            .find_map(|k| self.games.get(&v, fen, &at.moves[..k]).map(|g| (k, g)));
        let hit = cached.is_some();
        let (known, mut game) = match cached {
            Some((k, g)) => (k, g),
            None => (0, Game::start(&v, fen)?),
        };
        game.replay(&at.moves[known..], known)?;
        if cache && !(hit && known == n) {
            self.games.insert(&v, fen, &at.moves, game.clone());
        }
        Ok(game)
    }

    /// Compiled variants kept now.
    pub fn cached_variants(&self) -> usize {
        self.variants.len()
    }

    /// Replayed games kept now.
    pub fn cached_games(&self) -> usize {
        self.games.len()
    }

    // -----------------------------------------------------------------------------------
    // The endpoints

    /// `GET /api/games`: the built-in games with their options, the examples, the limits.
    pub fn games(&self) -> &contract::Catalog {
        self.catalog.get_or_init(variants::catalog)
    }

    /// `GET /api/source?name=NAME`: the text of a built-in game, example or library.
    pub fn source(&self, name: &str) -> Result<contract::Source, ApiError> {
        variants::source(name)
    }

    /// `POST /api/validate`: every problem of a file, with line and column (a bad file is
    /// an answer here, not an error).
    pub fn validate(
        &self,
        r: &contract::ValidateRequest,
    ) -> Result<contract::Validation, ApiError> {
        variants::check_text(&r.text)?;
        Ok(variants::validate(
            &variants::file_name(r.name.as_deref()),
            &r.text,
        ))
    }

    /// `POST /api/variant`: a game's board, pieces, options and setup.
    pub fn variant(&self, r: &contract::VariantRequest) -> Result<contract::VariantInfo, ApiError> {
        Ok(variants::variant_info(&self.compiled(&r.variant)?))
    }

    /// `POST /api/pictures`: the pictures of a game's pieces, White's and Black's.
    pub fn pictures(&self, r: &contract::VariantRequest) -> Result<contract::Pictures, ApiError> {
        let v = self.compiled(&r.variant)?;
        let pieces = v
            .kinds()
            .map(|k| contract::PiecePictures {
                letter: v.piece(k).letter(),
                white: crate::picture::piece_svg(&v, k, crate::types::Color::White),
                black: crate::picture::piece_svg(&v, k, crate::types::Color::Black),
            })
            .collect();
        let library = crate::picture::library_pictures()
            .into_iter()
            .map(|(p, pic)| contract::LibraryPictures {
                id: p.id().to_string(),
                letter: p.letter(),
                white: pic.svg(crate::types::Color::White, &format!("White {}", p.name())),
                black: pic.svg(crate::types::Color::Black, &format!("Black {}", p.name())),
            })
            .collect();
        Ok(contract::Pictures { pieces, library })
    }

    /// `POST /api/position`: the state of a game.
    pub fn position(&self, r: &contract::PositionRef) -> Result<contract::State, ApiError> {
        Ok(self.game(r)?.state())
    }

    /// `POST /api/play`: one more move; the move and the new state.
    pub fn play(&self, r: &contract::PlayRequest) -> Result<contract::Played, ApiError> {
        let mut g = self.game(&r.at)?;
        game_not_over(&g)?;
        let played = g
            .play_text(&r.mv)
            .map_err(|why| ApiError::invalid("bad-move", format!("`{}`: {why}", r.mv.trim())))?;
        // The next request most likely starts here.
        if self.config.cached_games > 0 {
            let mut moves = r.at.moves.clone();
            moves.push(played.text.clone());
            let fen = r.at.fen.as_deref().map(str::trim).filter(|f| !f.is_empty());
            let v = g.pos.variant().clone();
            self.games.insert(&v, fen, &moves, g.clone());
        }
        Ok(contract::Played {
            played,
            state: g.state(),
        })
    }

    /// `POST /api/moves`: the legal moves, all or of one square.
    pub fn moves(&self, r: &contract::MovesRequest) -> Result<contract::MoveList, ApiError> {
        let g = self.game(&r.at)?;
        Ok(contract::MoveList {
            moves: game::moves_from(&g.pos, r.from.as_deref())?,
        })
    }

    /// What a search request is about, checked: the position (a game not over) and the
    /// limits. The server runs the search itself, on its thinking pool.
    pub fn search_job(
        &self,
        r: &contract::ThinkRequest,
    ) -> Result<(Position, ThinkLimits), ApiError> {
        let lim = ThinkLimits::of(r)?;
        let g = self.game(&r.at)?;
        game_not_over(&g)?;
        Ok((g.pos, lim))
    }

    /// Runs a search job in this thread with the studio's searcher.
    fn search(
        &self,
        r: &contract::ThinkRequest,
    ) -> Result<(Position, Vec<contract::Line>), ApiError> {
        let (pos, lim) = self.search_job(r)?;
        let mut slot = self.searcher.lock().unwrap_or_else(|e| e.into_inner());
        let searcher = slot.get_or_insert_with(|| {
            Searcher::with_stop_flag(Settings::default(), self.config.tt_mb, self.stop.clone())
        });
        // A stop raised before the search is for it: the search stops at once.
        let lines = engine::think(searcher, &pos, lim);
        if self.was_stopped() {
            // A search stopped half-way may leave odd entries in its tables.
            searcher.clear();
            return Err(ApiError::cancelled("the search was stopped"));
        }
        Ok((pos, lines))
    }

    /// `POST /api/think`: the computer's move, searched in this thread.
    pub fn think(&self, r: &contract::ThinkRequest) -> Result<contract::Thought, ApiError> {
        let (pos, lines) = self.search(r)?;
        thought(&pos, lines)
    }

    /// `POST /api/analyse`: the search's line at every depth, searched in this thread.
    pub fn analyse(&self, r: &contract::ThinkRequest) -> Result<contract::Analysis, ApiError> {
        let (_, lines) = self.search(r)?;
        analysis(lines)
    }

    /// What a perft request is about, checked: the position and the depth.
    pub fn perft_job(&self, r: &contract::PerftRequest) -> Result<Position, ApiError> {
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
        Ok(self.game(&r.at)?.pos)
    }

    /// The time budget of a perft count.
    pub fn perft_budget(&self) -> Duration {
        Duration::from_millis(self.config.perft_ms)
    }

    /// `POST /api/perft`: move paths counted to a depth, in this thread.
    pub fn perft(&self, r: &contract::PerftRequest) -> Result<contract::Perft, ApiError> {
        let mut pos = self.perft_job(r)?;
        let budget = self.perft_budget();
        let counted = engine::perft(&mut pos, r.depth, r.divide, &self.stop, budget);
        let stopped = self.was_stopped();
        match counted {
            Ok(p) if !stopped => Ok(p),
            Ok(_) => Err(engine::perft_stopped(Stopped::Cancelled, r.depth, budget)),
            Err(why) => Err(engine::perft_stopped(why, r.depth, budget)),
        }
    }

    /// `POST /api/piece`: a piece alone on an empty board of the game, with blockers.
    pub fn piece(&self, r: &contract::PieceRequest) -> Result<contract::Explorer, ApiError> {
        explorer::explore(&self.compiled(&r.variant)?, r)
    }

    /// `GET /api/status`: the caches (no thinking pool: searches run in the caller's
    /// thread).
    pub fn status(&self) -> contract::Status {
        contract::Status {
            version: env!("CARGO_PKG_VERSION").to_string(),
            workers: 0,
            running: 0,
            queued: 0,
            cancelled: 0,
            cached_variants: self.cached_variants(),
            cached_games: self.cached_games(),
        }
    }
}

/// A 422 `game-over` when the game has ended.
fn game_not_over(g: &Game) -> Result<(), ApiError> {
    match g.outcome() {
        Some(o) => Err(ApiError::invalid(
            "game-over",
            format!("the game is over: {o}"),
        )),
        None => Ok(()),
    }
}

/// `/api/think`'s answer from a search's lines: the last line's move and the line.
pub fn thought(
    pos: &Position,
    mut lines: Vec<contract::Line>,
) -> Result<contract::Thought, ApiError> {
    let line = lines
        .pop()
        .ok_or_else(|| ApiError::internal("the search found no move"))?;
    let best = engine::best_move(pos, &line)
        .ok_or_else(|| ApiError::internal("the search's move is not legal (a bug)"))?;
    Ok(contract::Thought { best, line })
}

/// `/api/analyse`'s answer from a search's lines.
pub fn analysis(lines: Vec<contract::Line>) -> Result<contract::Analysis, ApiError> {
    if lines.is_empty() {
        return Err(ApiError::internal("the search found no move"));
    }
    Ok(contract::Analysis { lines })
}
