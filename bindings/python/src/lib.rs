//! `fairyforge._native`: the library's API for Python, a thin translation. Every fact comes
//! from core: moves, their texts and the squares they empty from the data contract
//! (`fairyforge::contract`, filled by `fairyforge::service`), descriptions, diagnostics and
//! search reports likewise, turned into Python objects through their JSON. Errors carry the
//! command line's messages.
//!
//! No global state: a `Variant` holds its compiled game (shared, immutable), a `Position`
//! its own position behind a lock held only for short steps; perft, searches and loading
//! run on a copy with the GIL released.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use fairyforge::contract::{self, MoveInfo};
use fairyforge::search::Searcher;
use fairyforge::service::{self, ThinkLimits};
use fairyforge::{LoadError, OptionSetting};
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::PyList;

create_exception!(
    fairyforge,
    FairyforgeError,
    PyException,
    "The base of every error of fairyforge."
);
create_exception!(
    fairyforge,
    VariantError,
    FairyforgeError,
    "A game that does not load: an unknown game or option, a file with mistakes (its `diagnostics`)."
);
create_exception!(
    fairyforge,
    PositionError,
    FairyforgeError,
    "A position string that is not a position of the game."
);
create_exception!(
    fairyforge,
    MoveError,
    FairyforgeError,
    "A move that is not legal or cannot be read in the position."
);
create_exception!(
    fairyforge,
    NetworkError,
    FairyforgeError,
    "A network file that cannot be used: unreadable, not a network, or made for another game."
);
create_exception!(
    fairyforge,
    LimitError,
    FairyforgeError,
    "A search or count asked with limits out of range, or in a finished game."
);

/// A value of the contract as Python data (dicts, lists, strings, numbers), through JSON.
fn to_py<T: serde::Serialize>(py: Python<'_>, value: &T) -> PyResult<PyObject> {
    let text = serde_json::to_string(value)
        .map_err(|e| FairyforgeError::new_err(format!("internal error: {e}")))?;
    let json = py.import("json")?;
    Ok(json.call_method1("loads", (text,))?.unbind())
}

/// A failed load as a `VariantError`: the command line's message, and every problem as a
/// diagnostic of the contract in `diagnostics`.
fn load_error(py: Python<'_>, e: &LoadError) -> PyErr {
    let err = VariantError::new_err(e.to_string());
    let diags: Vec<contract::Diag> = e
        .diagnostics()
        .iter()
        .map(service::variants::diag)
        .collect();
    if let Ok(list) = to_py(py, &diags) {
        let _ = err.value(py).setattr("diagnostics", list);
    }
    err
}

fn option_settings(options: Option<Vec<String>>) -> PyResult<Vec<OptionSetting>> {
    options
        .unwrap_or_default()
        .iter()
        .map(|o| {
            o.parse::<OptionSetting>()
                .map_err(|e| VariantError::new_err(e.to_string()))
        })
        .collect()
}

fn loaded(py: Python<'_>, r: Result<Arc<fairyforge::Variant>, LoadError>) -> PyResult<Variant> {
    r.map(|inner| Variant { inner })
        .map_err(|e| load_error(py, &e))
}

/// A game: compiled once, shared by its positions, usable from any thread.
#[pyclass(module = "fairyforge._native", frozen)]
struct Variant {
    inner: Arc<fairyforge::Variant>,
}

#[pymethods]
impl Variant {
    /// A built-in game by name, with optional rules (`NAME`, `NAME=on`, `NAME=off`).
    #[staticmethod]
    #[pyo3(signature = (name, options=None))]
    fn builtin(py: Python<'_>, name: &str, options: Option<Vec<String>>) -> PyResult<Variant> {
        let settings = option_settings(options)?;
        let r = py.allow_threads(|| {
            fairyforge::Variant::loader()
                .options(settings)
                .builtin(name)
        });
        loaded(py, r)
    }

    /// A game from the text of a variant file; `name` is how messages call it. Imports and
    /// `extends` resolve to the built-in games and library.
    #[staticmethod]
    #[pyo3(signature = (text, name=None, options=None))]
    fn from_text(
        py: Python<'_>,
        text: &str,
        name: Option<&str>,
        options: Option<Vec<String>>,
    ) -> PyResult<Variant> {
        let settings = option_settings(options)?;
        let name = name.unwrap_or("variant.toml");
        let r = py.allow_threads(|| {
            fairyforge::Variant::loader()
                .options(settings)
                .parse(name, text)
        });
        loaded(py, r)
    }

    /// A game from a variant file (imports resolve beside it).
    #[staticmethod]
    #[pyo3(signature = (path, options=None))]
    fn from_file(
        py: Python<'_>,
        path: std::path::PathBuf,
        options: Option<Vec<String>>,
    ) -> PyResult<Variant> {
        let settings = option_settings(options)?;
        let r = py.allow_threads(|| fairyforge::Variant::loader().options(settings).load(&path));
        loaded(py, r)
    }

    /// The built-in games' names.
    #[staticmethod]
    fn builtin_names() -> Vec<&'static str> {
        fairyforge::builtin::game_names()
    }

    /// The game's name.
    #[getter]
    fn name(&self) -> String {
        self.inner.name().to_string()
    }

    /// Its one-line description.
    #[getter]
    fn description(&self) -> String {
        self.inner.description().to_string()
    }

    /// The position string of its setup.
    #[getter]
    fn start_fen(&self) -> String {
        fairyforge::Position::start(&self.inner).fen()
    }

    /// The warnings of its file, as diagnostics.
    fn warnings(&self, py: Python<'_>) -> PyResult<PyObject> {
        let w: Vec<contract::Diag> = self
            .inner
            .warnings()
            .iter()
            .map(service::variants::diag)
            .collect();
        to_py(py, &w)
    }

    /// Its rules as data: `fairyforge describe --json`.
    fn describe(&self, py: Python<'_>) -> PyResult<PyObject> {
        to_py(py, &fairyforge::describe::Description::of(&self.inner))
    }

    /// Its board, pieces, options and setup (the studio's `/api/variant`).
    fn info(&self, py: Python<'_>) -> PyResult<PyObject> {
        to_py(py, &service::variants::variant_info(&self.inner))
    }

    fn __repr__(&self) -> String {
        format!("Variant({:?})", self.inner.name())
    }
}

/// A legal move as data (the contract's `MoveInfo`).
#[pyclass(module = "fairyforge._native", frozen, name = "Move")]
struct PyMove {
    info: MoveInfo,
}

#[pymethods]
impl PyMove {
    /// The move text (docs/rules.md): what `push` takes back.
    #[getter]
    fn text(&self) -> &str {
        &self.info.text
    }
    /// The readable short form (`e5`, `Fxf8`, `J@e4`).
    #[getter]
    fn san(&self) -> &str {
        &self.info.san
    }
    /// The square the piece leaves, or for a drop the square it is dropped on.
    #[getter(from_square)]
    fn leaves(&self) -> &str {
        &self.info.from
    }
    /// Where the piece ends.
    #[getter]
    fn to_square(&self) -> &str {
        &self.info.to
    }
    /// `normal`, `double-step`, `en-passant`, `drop` or `castle`.
    #[getter]
    fn kind(&self, py: Python<'_>) -> PyResult<PyObject> {
        to_py(py, &self.info.kind)
    }
    /// The squares whose pieces it captures.
    #[getter]
    fn captures(&self) -> Vec<String> {
        self.info.captures.clone()
    }
    /// Every square it leaves empty.
    #[getter]
    fn empties(&self) -> Vec<String> {
        self.info.empties.clone()
    }
    /// The letter of the piece a promotion makes.
    #[getter]
    fn promotion(&self) -> Option<char> {
        self.info.promotion
    }
    /// The dropped piece's letter.
    #[getter]
    fn drop(&self) -> Option<char> {
        self.info.drop
    }
    /// A castling's rook: from, to.
    #[getter]
    fn rook(&self) -> Option<(String, String)> {
        self.info.rook.clone().map(|[a, b]| (a, b))
    }
    /// The contract's dict (`move`, `san`, `from`, `to`, `kind`, `captures`, `empties`, ...).
    fn to_dict(&self, py: Python<'_>) -> PyResult<PyObject> {
        to_py(py, &self.info)
    }
    fn __str__(&self) -> &str {
        &self.info.text
    }
    fn __repr__(&self) -> String {
        format!("Move({:?}, san={:?})", self.info.text, self.info.san)
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.downcast::<PyMove>() {
            Ok(o) => o.get().info == self.info,
            Err(_) => other.extract::<String>().is_ok_and(|s| s == self.info.text),
        }
    }
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.info.text.hash(&mut h);
        h.finish()
    }
}

fn moves_py(py: Python<'_>, infos: Vec<MoveInfo>) -> PyResult<Bound<'_, PyList>> {
    let objs = infos
        .into_iter()
        .map(|info| Py::new(py, PyMove { info }))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, objs)
}

/// A position of a game, with the moves played to reach it.
#[pyclass(module = "fairyforge._native", frozen)]
struct Position {
    inner: Mutex<fairyforge::Position>,
}

impl Position {
    fn lock(&self) -> MutexGuard<'_, fairyforge::Position> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
    fn copy(&self) -> fairyforge::Position {
        self.lock().clone()
    }
}

/// Reads a position string as the command line does, with its error.
fn read_fen(v: &Arc<fairyforge::Variant>, fen: Option<&str>) -> PyResult<fairyforge::Position> {
    match fen {
        None => Ok(fairyforge::Position::start(v)),
        Some(f) => fairyforge::Position::from_fen(v, f)
            .map_err(|e| PositionError::new_err(format!("bad position string: {}", e.render(f)))),
    }
}

/// Plays a move given as text (move text or a readable form); the move, check and mate
/// marked, or a `MoveError` with the command line's words.
fn push_text(pos: &mut fairyforge::Position, text: &str) -> PyResult<MoveInfo> {
    match service::game::parse_move(pos, text) {
        Ok(m) => Ok(service::game::play(pos, m)),
        Err(why) => Err(MoveError::new_err(format!(
            "`{text}` ({} to move): {why}",
            pos.side_to_move().name()
        ))),
    }
}

#[pymethods]
impl Position {
    /// The game's setup, or the position string `fen`.
    #[new]
    #[pyo3(signature = (variant, fen=None))]
    fn new(variant: &Variant, fen: Option<&str>) -> PyResult<Position> {
        Ok(Position {
            inner: Mutex::new(read_fen(&variant.inner, fen)?),
        })
    }

    /// The game.
    #[getter]
    fn variant(&self) -> Variant {
        Variant {
            inner: self.lock().variant().clone(),
        }
    }

    /// Its position string.
    #[getter]
    fn fen(&self) -> String {
        self.lock().fen()
    }

    /// `white` or `black`: the side to move.
    #[getter]
    fn turn(&self) -> &'static str {
        match self.lock().side_to_move() {
            fairyforge::Color::White => "white",
            fairyforge::Color::Black => "black",
        }
    }

    /// Moves played since the position was made.
    #[getter]
    fn ply(&self) -> usize {
        self.lock().ply_count()
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.lock().is_check()
    }

    /// The end of the game (`winner`, `reason`, `text`), or None while it goes on.
    fn outcome(&self, py: Python<'_>) -> PyResult<PyObject> {
        let o = self.lock().outcome().map(contract::Outcome::from);
        to_py(py, &o)
    }

    /// The legal moves, as move objects.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let infos = {
            let pos = self.lock();
            let legal = pos.legal_moves();
            service::game::move_infos(&pos, &legal)
        };
        moves_py(py, infos)
    }

    /// The legal moves' texts only (quicker than `legal_moves`).
    fn legal_move_texts(&self) -> Vec<String> {
        let pos = self.lock();
        pos.legal_moves().iter().map(|m| pos.move_text(m)).collect()
    }

    /// Plays a move (move text or a readable form such as `Nc3`, `J@e4`, `O-O`).
    fn push(&self, text: &str) -> PyResult<PyMove> {
        let mut pos = self.lock();
        push_text(&mut pos, text).map(|info| PyMove { info })
    }

    /// Plays moves in turn; on a bad one raises `MoveError` naming it (those before it stay
    /// played).
    fn push_all(&self, moves: Vec<String>) -> PyResult<()> {
        let mut pos = self.lock();
        for (i, t) in moves.iter().enumerate() {
            if let Err(why) = service::game::parse_move(&pos, t).map(|m| pos.play_unchecked(&m)) {
                return Err(MoveError::new_err(format!(
                    "move {} of moves, `{t}` ({} to move): {why}",
                    i + 1,
                    pos.side_to_move().name()
                )));
            }
        }
        Ok(())
    }

    /// Takes back the last move played; the move, or None when none was.
    fn pop(&self) -> Option<PyMove> {
        let mut pos = self.lock();
        let m = pos.undo()?;
        let info = service::game::move_infos(&pos, &[m]).pop()?;
        Some(PyMove { info })
    }

    /// Move paths to `depth` (perft), counted with the GIL released.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let mut pos = self.copy();
        py.allow_threads(move || fairyforge::perft(&mut pos, depth))
    }

    /// Perft per root move: `(move text, count)` pairs.
    fn divide(&self, py: Python<'_>, depth: u32) -> Vec<(String, u64)> {
        let mut pos = self.copy();
        py.allow_threads(move || fairyforge::divide(&mut pos, depth))
    }

    /// Lets the computer think (GIL released) within `time` seconds (default 1 when no
    /// `depth` or `nodes` is given), to `depth`, or for `nodes`: the contract's search
    /// report, a dict with `move`, `score`, `pv`, `pv_san`, `depth`, `nodes`, `time_ms`.
    /// `network`: a network to evaluate with (none: the game's built-in one, if any);
    /// `nnue=False`: the hand-set evaluation, whatever network there is.
    #[pyo3(signature = (time=None, depth=None, nodes=None, hash_mb=16, network=None, nnue=true))]
    // Python's keyword arguments, one each.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        py: Python<'_>,
        time: Option<f64>,
        depth: Option<u32>,
        nodes: Option<u64>,
        hash_mb: usize,
        network: Option<PyRef<'_, Network>>,
        nnue: bool,
    ) -> PyResult<PyObject> {
        let network = network.map(|n| n.inner.clone());
        let time = match time {
            Some(t) if !(t > 0.0 && t <= 86_400.0) => {
                return Err(LimitError::new_err(format!(
                    "time {t}: give more than 0 and at most 86400 seconds"
                )));
            }
            Some(t) => Duration::from_secs_f64(t),
            None if depth.is_some() || nodes.is_some() => Duration::from_secs(86_400),
            None => Duration::from_secs(1),
        };
        if depth.is_some_and(|d| d == 0 || d > fairyforge::limits::MAX_SEARCH_DEPTH) {
            return Err(LimitError::new_err(format!(
                "depth: give 1 to {}",
                fairyforge::limits::MAX_SEARCH_DEPTH
            )));
        }
        if nodes == Some(0) {
            return Err(LimitError::new_err("nodes: give at least 1"));
        }
        if !(1..=4096).contains(&hash_mb) {
            return Err(LimitError::new_err("hash_mb: give 1 to 4096"));
        }
        let pos = self.copy();
        if let Some(o) = pos.outcome() {
            return Err(LimitError::new_err(format!("the game is over: {o}")));
        }
        let limits = ThinkLimits { time, depth, nodes };
        let thought = py.allow_threads(move || {
            let mut searcher = Searcher::new(hash_mb);
            searcher.set_network(network);
            searcher.set_nnue(nnue);
            let lines = service::engine::think(&mut searcher, &pos, limits);
            service::thought(&pos, lines)
        });
        match thought {
            Ok(t) => to_py(py, &t),
            Err(e) => Err(FairyforgeError::new_err(e.error)),
        }
    }

    /// An independent copy.
    fn copy_position(&self) -> Position {
        Position {
            inner: Mutex::new(self.copy()),
        }
    }

    fn __repr__(&self) -> String {
        let pos = self.lock();
        format!("Position({:?}, {:?})", pos.variant().name(), pos.fen())
    }
}

/// A network for a game's evaluation (docs/engine.md, "The learned evaluation"), read
/// once and given to searches (`Position.search(network=...)`); it evaluates in the game
/// it was made for.
#[pyclass(module = "fairyforge._native", frozen)]
struct Network {
    inner: Arc<fairyforge::nnue::Network>,
}

#[pymethods]
impl Network {
    /// A network file's bytes read for `variant`: raises `NetworkError` with core's
    /// reason when they are not a network of this game.
    #[staticmethod]
    fn read(variant: &Variant, data: &[u8]) -> PyResult<Network> {
        service::engine::network(data, &variant.inner)
            .map(|inner| Network { inner })
            .map_err(|e| NetworkError::new_err(e.error))
    }

    /// The network file at `path` read for `variant`: raises `NetworkError` naming the
    /// file when it cannot be read or is not a network of this game.
    #[staticmethod]
    fn from_file(variant: &Variant, path: std::path::PathBuf) -> PyResult<Network> {
        fairyforge::nnue::Network::load(&path, &variant.inner)
            .map(|n| Network { inner: Arc::new(n) })
            .map_err(|e| NetworkError::new_err(e.to_string()))
    }

    /// The name of the game it was made for.
    #[getter]
    fn game(&self) -> String {
        self.inner.game().to_string()
    }

    /// Its hidden units.
    #[getter]
    fn hidden(&self) -> usize {
        self.inner.hidden()
    }

    fn __repr__(&self) -> String {
        format!(
            "Network({:?}, hidden={})",
            self.inner.game(),
            self.inner.hidden()
        )
    }
}

/// Every problem of a variant file's text, as the contract's diagnostics (an empty list
/// when it loads without warnings). Imports resolve to the built-ins only; a user's
/// mistake is an answer, not an exception.
#[pyfunction]
#[pyo3(signature = (text, name=None))]
fn validate(py: Python<'_>, text: &str, name: Option<&str>) -> PyResult<PyObject> {
    let name = service::variants::file_name(name);
    let v = py.allow_threads(|| service::variants::validate(&name, text));
    to_py(py, &v)
}

/// The position of `fen` (None: the setup) after `moves`, for the pyffish-shaped layer.
#[pyfunction]
fn position_after(variant: &Variant, fen: Option<&str>, moves: Vec<String>) -> PyResult<Position> {
    let p = Position::new(variant, fen.filter(|f| !f.trim().is_empty()))?;
    p.push_all(moves)?;
    Ok(p)
}

/// A JSON text of the contract read into `T`, or a `FairyforgeError` that says where.
fn from_json<T: serde::de::DeserializeOwned>(what: &str, text: &str) -> PyResult<T> {
    serde_json::from_str(text).map_err(|e| FairyforgeError::new_err(format!("{what}: {e}")))
}

/// Plays one shard of the balance lab (core's `lab::play_shard`, GIL released): `spec`
/// is a shard spec of the contract as JSON text, the result a shard result as JSON text
/// (`fairyforge.lab` turns them into dicts).
#[pyfunction]
fn play_shard_json(py: Python<'_>, spec: &str) -> PyResult<String> {
    let spec: contract::ShardSpec = from_json("a shard spec", spec)?;
    let r = py
        .allow_threads(|| fairyforge::lab::play_shard(&spec))
        .map_err(|e| FairyforgeError::new_err(e.to_string()))?;
    serde_json::to_string(&r).map_err(|e| FairyforgeError::new_err(format!("internal error: {e}")))
}

/// Plays shards on `jobs` threads of this process (core's `lab::run_local`, GIL
/// released): a JSON list of specs in, a JSON list of results out (in no fixed order).
#[pyfunction]
fn run_local_json(py: Python<'_>, specs: &str, jobs: usize) -> PyResult<String> {
    let specs: Vec<contract::ShardSpec> = from_json("shard specs", specs)?;
    let results = py
        .allow_threads(|| {
            let mut out = Vec::new();
            fairyforge::lab::run_local(&specs, jobs, |r| {
                out.push(r);
                std::ops::ControlFlow::Continue(())
            })
            .map(|()| out)
        })
        .map_err(|e| FairyforgeError::new_err(e.to_string()))?;
    serde_json::to_string(&results)
        .map_err(|e| FairyforgeError::new_err(format!("internal error: {e}")))
}

/// Merges shard results (core's `lab::merge`: each shard id once, games in order): a JSON
/// list of results in; out, for each match label, its games and its tally (`wins`,
/// `draws`, `losses` for side A, `pairs` the pentanomial counts, `white_wins`,
/// `white_losses`).
#[pyfunction]
fn merge_json(results: &str) -> PyResult<String> {
    let results: Vec<contract::ShardResult> = from_json("shard results", results)?;
    let merged = fairyforge::lab::merge(results);
    let out: serde_json::Map<String, serde_json::Value> = merged
        .into_iter()
        .map(|(label, m)| {
            let t = &m.tally;
            let v = serde_json::json!({
                "wins": t.wins, "draws": t.draws, "losses": t.losses,
                "white_wins": t.white_wins, "white_losses": t.white_losses,
                "pairs": t.pairs, "games": m.games,
            });
            (label, v)
        })
        .collect();
    serde_json::to_string(&out)
        .map_err(|e| FairyforgeError::new_err(format!("internal error: {e}")))
}

/// The extension module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("FairyforgeError", py.get_type::<FairyforgeError>())?;
    m.add("VariantError", py.get_type::<VariantError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add("LimitError", py.get_type::<LimitError>())?;
    m.add("NetworkError", py.get_type::<NetworkError>())?;
    m.add_class::<Network>()?;
    m.add_class::<Variant>()?;
    m.add_class::<Position>()?;
    m.add_class::<PyMove>()?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(position_after, m)?)?;
    m.add_function(wrap_pyfunction!(play_shard_json, m)?)?;
    m.add_function(wrap_pyfunction!(run_local_json, m)?)?;
    m.add_function(wrap_pyfunction!(merge_json, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
