//! The computer opponent, for every game the format can express.
//!
//! [`Searcher`] searches a position within [`Limits`] (time, game clock, depth, nodes, a
//! stop flag) and reports each finished iteration (depth, score, nodes, principal
//! variation). Two engines are behind it, chosen by [`Settings`]:
//!
//! - the modern search (the default): iterative deepening with aspiration windows;
//!   principal variation search with a transposition table (depth-preferred replacement,
//!   mate scores adjusted by ply), late-move reductions and pruning, a check extension,
//!   static exchange evaluation that understands fly-over captures, double captures,
//!   cannon screens and drops, killer, counter-move and history ordering; an evaluation
//!   derived from the game's data (see `eval`); null-move pruning with a zugzwang guard,
//!   futility pruning, and razoring, off by default (see [`Features`]);
//! - the classic search, the project's first (kept unchanged as the baseline that
//!   matches measure the modern one against).
//!
//! Game ends follow the rules (rules.md § The end of the game, § Optional rules): no legal move is checkmate (scored by distance
//! to mate) or stalemate (a draw); Capture the Scepter ends the game at once; a position
//! repeated in the game or the search path is a draw, as are 100 plies without a capture,
//! pawn move or drop. Mate scores also stand for other forced wins (the scepter).
//!
//! Nothing here knows a piece or a game: everything comes from the variant's tables.
//!
//! ```
//! use fairyforge::{Position, Variant};
//! use fairyforge::search::{Limits, Searcher};
//! let chess = Variant::builtin("chess").unwrap();
//! let mut pos = Position::from_fen(&chess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
//! let mut searcher = Searcher::new(16);
//! let report = searcher.search(&mut pos, Limits::depth(3), |_| {}).unwrap();
//! assert_eq!(pos.move_text(&report.pv[0]), "a1a8");
//! assert_eq!(report.score, fairyforge::search::Score::Mate(1));
//! ```

mod alphabeta;
mod classic;
mod correction;
mod eval;
mod limits;
mod mobility;
mod modern;
mod moves;
mod ordering;
mod quiesce;
mod score;
mod see;
mod settings;
mod tables;
mod tt;
mod tune;
mod weights;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::moves::Move;
use crate::nnue::Network;
use crate::position::Position;

pub use limits::{Clock, Limits, StopProbe};
pub use score::Score;
pub use settings::{Engine, Features, Settings, SettingsError};
pub use tune::Dataset;
pub use weights::Weights;

/// The result of one finished iteration (or, when a limit stopped the search before its
/// first iteration finished, of the moves searched so far: `depth` 0).
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The depth of the last finished iteration, in plies (0: none finished).
    pub depth: u32,
    /// The deepest ply reached (quiescence search included).
    pub sel_depth: u32,
    /// The score of the best move, from the side to move.
    pub score: Score,
    /// The principal variation; never empty, `pv[0]` is the best move.
    pub pv: Vec<Move>,
    /// Nodes searched so far (all iterations; in the report a search returns, all its
    /// nodes, those of an iteration a limit stopped included).
    pub nodes: u64,
    /// Time since the search started (in the report a search returns, the whole search's).
    pub elapsed: Duration,
}

impl Report {
    /// Whether `other` gives the same line: depth, score and moves (its nodes and time
    /// may be later ones, as in the report a search returns).
    pub fn same_line(&self, other: &Report) -> bool {
        self.depth == other.depth
            && self.sel_depth == other.sel_depth
            && self.score == other.score
            && self.pv == other.pv
    }

    /// The best move (`pv[0]`).
    pub fn best(&self) -> Move {
        self.pv[0]
    }

    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-6)) as u64
    }
}

enum Inner {
    Modern(Box<modern::Modern>),
    Classic(Box<classic::Searcher>),
}

/// The computer opponent. Keeps what it learnt (transposition table, move statistics)
/// between the searches of one game; forgets it when the variant changes. `Send`: it may
/// search on another thread, stopped through [`Searcher::stop_flag`].
pub struct Searcher {
    inner: Inner,
    stop: Arc<AtomicBool>,
    settings: Settings,
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new(16)
    }
}

impl Searcher {
    /// The default engine with a transposition table of about `tt_mb` megabytes (less
    /// when the machine cannot hold that much).
    pub fn new(tt_mb: usize) -> Searcher {
        Searcher::with_settings(Settings::default(), tt_mb)
    }

    /// An engine configured by `settings`.
    pub fn with_settings(settings: Settings, tt_mb: usize) -> Searcher {
        Searcher::with_stop_flag(settings, tt_mb, Arc::new(AtomicBool::new(false)))
    }

    /// An engine configured by `settings` whose stop flag ([`Searcher::stop_flag`]) is
    /// `stop`: a caller that owns the flag can stop it, and other work, with one flag.
    pub fn with_stop_flag(settings: Settings, tt_mb: usize, stop: Arc<AtomicBool>) -> Searcher {
        let inner = match settings.engine {
            Engine::Modern => Inner::Modern(Box::new(modern::Modern::new(
                settings.clone(),
                tt_mb,
                limits::Stop::new(stop.clone()),
            ))),
            Engine::Classic => Inner::Classic(Box::new(classic::Searcher::new(
                tt_mb,
                limits::Stop::new(stop.clone()),
            ))),
        };
        Searcher {
            inner,
            stop,
            settings,
        }
    }

    /// The settings this searcher plays with.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The size of the transposition table in bytes (it may be smaller than asked when
    /// the machine could not hold it).
    pub fn hash_bytes(&self) -> usize {
        match &self.inner {
            Inner::Modern(m) => m.hash_bytes(),
            Inner::Classic(c) => c.hash_bytes(),
        }
    }

    /// How full the transposition table is, in permille (of a sample).
    pub fn hashfull(&self) -> u32 {
        match &self.inner {
            Inner::Modern(m) => m.hashfull(),
            Inner::Classic(_) => 0,
        }
    }

    /// Gives the searcher a network to evaluate with, in the game it was read for (see
    /// [`Network::read`]). Every other game, and every game after `None`, evaluates with
    /// its built-in network ([`crate::nnue::builtin`]) if it has one, else with the
    /// hand-set evaluation. The classic search, and the setting `nnue=off`
    /// ([`Searcher::set_nnue`]), always keep the hand-set evaluation.
    pub fn set_network(&mut self, network: Option<Arc<Network>>) {
        if let Inner::Modern(m) = &mut self.inner {
            m.set_network(network);
        }
    }

    /// Switches networks on or off, as the setting `nnue` does: off, every game is
    /// evaluated by hand, whatever network was given or built in (a protocol's
    /// `Use NNUE`).
    pub fn set_nnue(&mut self, on: bool) {
        self.settings.features.network = on;
        if let Inner::Modern(m) = &mut self.inner {
            m.set_nnue(on);
        }
    }

    /// Whether the last search evaluated with a network.
    pub fn used_network(&self) -> bool {
        match &self.inner {
            Inner::Modern(m) => m.uses_network(),
            Inner::Classic(_) => false,
        }
    }

    /// Forgets everything learnt (transposition table, history): for a new game.
    pub fn clear(&mut self) {
        match &mut self.inner {
            Inner::Modern(m) => m.clear(),
            Inner::Classic(c) => c.clear(),
        }
    }

    /// A flag that stops the running search (from another thread) when set, or the next
    /// one when none is running. A search clears it when it returns, so each stop ends one
    /// search.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Adds a question the search asks whenever it looks at its stop flag (every few
    /// hundred nodes, and after each iteration): `true` stops it as the flag does (`None`
    /// takes it away). It stays for the searches that follow.
    pub fn set_stop_probe(&mut self, probe: Option<StopProbe>) {
        match &mut self.inner {
            Inner::Modern(m) => m.stop.probe = probe,
            Inner::Classic(c) => c.stop.probe = probe,
        }
    }

    /// Searches the position within the limits and returns the best move found with the
    /// last finished iteration's score and line (`None` when the side to move has no
    /// legal move, or the game has ended). `on_iter` is called after each finished
    /// iteration. The position is left as it was.
    pub fn search(
        &mut self,
        pos: &mut Position,
        limits: Limits,
        mut on_iter: impl FnMut(&Report),
    ) -> Option<Report> {
        #[cfg(debug_assertions)]
        let before = pos.clone();
        let r = match &mut self.inner {
            Inner::Modern(m) => m.search(pos, &limits, &mut on_iter),
            Inner::Classic(c) => c.search(pos, limits, on_iter),
        };
        self.stop.store(false, std::sync::atomic::Ordering::Relaxed);
        #[cfg(debug_assertions)]
        debug_assert!(*pos == before, "the search changed the position");
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    fn assert_send<T: Send>() {}

    #[test]
    fn a_searcher_can_move_to_another_thread() {
        assert_send::<Searcher>();
    }

    /// The middle of a few runs: one run may be stalled by a busy machine.
    fn median(mut xs: Vec<Duration>) -> Duration {
        xs.sort();
        xs[xs.len() / 2]
    }

    #[test]
    fn a_fixed_move_time_is_used_and_never_overstepped() {
        // Timed with the caller's clock, around the whole call, as a GUI sees it.
        let asked = Duration::from_millis(300);
        for game in ["chess", "capablanca"] {
            let v = Variant::builtin(game).unwrap();
            let mut searcher = Searcher::new(16);
            let used: Vec<Duration> = (0..5)
                .map(|_| {
                    let mut p = Position::start(&v);
                    let t = web_time::Instant::now();
                    let r = searcher.search(&mut p, Limits::time(asked), |_| {});
                    let e = t.elapsed();
                    assert!(r.is_some_and(|r| r.depth >= 1), "{game}");
                    e
                })
                .collect();
            let m = median(used.clone());
            assert!(m >= asked * 9 / 10, "{game}: {used:?} leave time unused");
            assert!(
                m <= asked + Duration::from_millis(20),
                "{game}: {used:?} overstep the time"
            );
        }
    }

    #[test]
    fn a_single_legal_move_is_played_at_once_even_with_time() {
        // Black's king on a8 has one move, to a7 (the rook on b2 holds the b-file).
        let v = Variant::builtin("chess").unwrap();
        let mut p = Position::from_fen(&v, "k7/8/8/8/8/8/1R6/6K1 b - - 0 1").unwrap();
        assert_eq!(p.legal_moves().len(), 1);
        let t = web_time::Instant::now();
        let r = Searcher::new(1)
            .search(&mut p, Limits::time(Duration::from_secs(20)), |_| {})
            .unwrap();
        assert_eq!(r.depth, 1);
        assert!(t.elapsed() < Duration::from_secs(10));
    }

    fn static_eval(s: &Searcher, p: &Position) -> i32 {
        match &s.inner {
            Inner::Modern(m) => m.static_eval(p),
            Inner::Classic(_) => unreachable!("the modern search"),
        }
    }

    fn hand_eval(v: &Arc<Variant>, p: &Position) -> i32 {
        let s = Settings::default();
        eval::Evaluator::new(v, &s.weights, &s.features).evaluate(p)
    }

    const CAPA_FEN: &str = "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq - 0 1";

    #[test]
    fn the_hand_set_evaluation_plays_a_game_without_a_network() {
        use crate::nnue::random;
        let chess = Variant::builtin("chess").unwrap();
        let capa = Variant::builtin("capablanca").unwrap();
        let net = Arc::new(random(&chess, 16, 11));
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        // Chess ships no network: the hand-set evaluation plays.
        let mut p = Position::from_fen(&chess, fen).unwrap();
        let mut plain = Searcher::new(1);
        plain.search(&mut p, Limits::depth(2), |_| {}).unwrap();
        assert!(!plain.used_network());
        assert_eq!(static_eval(&plain, &p), hand_eval(&chess, &p));
        // A network given for chess evaluates chess.
        let mut with = Searcher::new(1);
        with.set_network(Some(net.clone()));
        with.search(&mut p, Limits::depth(2), |_| {}).unwrap();
        assert!(with.used_network());
        assert_eq!(static_eval(&with, &p), net.evaluate(&p));
        assert_ne!(net.evaluate(&p), hand_eval(&chess, &p));
        // Switched off, neither the given network nor a built-in one plays.
        let off = Settings::parse("nnue=off").unwrap();
        let mut switched_off = Searcher::with_settings(off, 1);
        switched_off.set_network(Some(net.clone()));
        for (v, fen) in [(&chess, fen), (&capa, CAPA_FEN)] {
            let mut p = Position::from_fen(v, fen).unwrap();
            switched_off.search(&mut p, Limits::depth(2), |_| {});
            assert!(!switched_off.used_network(), "{}", v.name());
            assert_eq!(static_eval(&switched_off, &p), hand_eval(v, &p));
        }
    }

    #[test]
    fn a_built_in_game_with_a_network_plays_with_it_by_default() {
        use crate::nnue::random;
        let capa = Variant::builtin("capablanca").unwrap();
        let shipped = crate::nnue::builtin(&capa).expect("Capablanca ships a network");
        let mut p = Position::from_fen(&capa, CAPA_FEN).unwrap();
        let mut s = Searcher::new(1);
        s.search(&mut p, Limits::depth(2), |_| {}).unwrap();
        assert!(s.used_network());
        assert_eq!(static_eval(&s, &p), shipped.evaluate(&p));
        // A network given for the game is preferred; `None` brings the built-in one back.
        let mine = Arc::new(random(&capa, 16, 3));
        s.set_network(Some(mine.clone()));
        s.search(&mut p, Limits::depth(2), |_| {}).unwrap();
        assert_eq!(static_eval(&s, &p), mine.evaluate(&p));
        s.set_network(None);
        s.search(&mut p, Limits::depth(2), |_| {}).unwrap();
        assert_eq!(static_eval(&s, &p), shipped.evaluate(&p));
        // A network for another game leaves the built-in one in play.
        let chess = Variant::builtin("chess").unwrap();
        s.set_network(Some(Arc::new(random(&chess, 16, 11))));
        s.search(&mut p, Limits::depth(2), |_| {}).unwrap();
        assert_eq!(static_eval(&s, &p), shipped.evaluate(&p));
        // The classic search keeps the hand-set evaluation.
        let mut classic = Searcher::with_settings(Settings::classic(), 1);
        classic.search(&mut p, Limits::depth(2), |_| {}).unwrap();
        assert!(!classic.used_network());
    }

    /// `nnue=off`, or switching networks off later, searches as a searcher without a
    /// network: the same score, line and nodes as the hand-set evaluation gives.
    #[test]
    fn switched_off_the_built_in_network_gives_the_hand_set_search() {
        let capa = Variant::builtin("capablanca").unwrap();
        let search = |s: &mut Searcher| {
            // A position of its own: a search leaves the piece lists in another order,
            // and the next one would generate its moves in another order.
            let mut p = Position::from_fen(&capa, CAPA_FEN).unwrap();
            let r = s.search(&mut p, Limits::depth(5), |_| {}).unwrap();
            (r.score, r.pv, r.nodes, s.used_network())
        };
        let off = Settings::parse("nnue=off").unwrap();
        let hand = search(&mut Searcher::with_settings(off, 1));
        assert!(!hand.3);
        let mut later = Searcher::new(1);
        let net = search(&mut later);
        assert!(net.3);
        later.set_nnue(false);
        later.clear();
        assert_eq!(search(&mut later), hand);
        assert!(!later.settings().features.network);
        later.set_nnue(true);
        assert!(search(&mut later).3);
    }

    /// A game that extends a built-in one and changes its pieces, under the same name,
    /// is not the game the built-in network was trained for: it is evaluated by hand.
    #[test]
    fn a_changed_game_does_not_get_the_built_in_network() {
        let text = "extends = \"capablanca\"\npieces = [\"king\", \"queen\", \"rook\", \"bishop\", \"knight\", \"archbishop\", \"chancellor\", \"chess-pawn\", \"hopper\"]\n\n[piece.hopper]\nletter = \"H\"\nmoves = [{ leap = [2, 2] }]\n";
        let mine = Variant::parse("mine.toml", text).unwrap();
        assert_eq!(mine.name(), Variant::builtin("capablanca").unwrap().name());
        assert!(crate::nnue::builtin(&mine).is_none());
        let renamed = Variant::parse(
            "renamed.toml",
            "extends = \"capablanca\"\nname = \"Mine\"\n",
        )
        .unwrap();
        for v in [&mine, &renamed] {
            assert!(crate::nnue::builtin(v).is_none(), "{}", v.name());
            let mut p = Position::from_fen(v, CAPA_FEN).unwrap();
            let mut s = Searcher::new(1);
            s.search(&mut p, Limits::depth(2), |_| {}).unwrap();
            assert!(!s.used_network(), "{}", v.name());
            assert_eq!(static_eval(&s, &p), hand_eval(v, &p));
        }
    }

    /// The same network given again keeps what the table learnt (the studio gives it
    /// before every search); another network starts afresh.
    #[test]
    fn the_same_network_again_keeps_the_table() {
        use crate::nnue::random;
        let chess = Variant::builtin("chess").unwrap();
        let net = Arc::new(random(&chess, 16, 11));
        let nodes = |s: &mut Searcher| {
            let mut p = Position::start(&chess);
            s.search(&mut p, Limits::depth(5), |_| {}).unwrap().nodes
        };
        let mut fresh = Searcher::new(4);
        fresh.set_network(Some(net.clone()));
        let cold = nodes(&mut fresh);
        let mut warm = Searcher::new(4);
        warm.set_network(Some(net.clone()));
        nodes(&mut warm);
        warm.set_network(Some(net.clone()));
        let again = nodes(&mut warm);
        assert!(
            again < cold,
            "{again} nodes with the table kept, {cold} from scratch"
        );
        // The same weights in another network: the table starts afresh.
        warm.set_network(Some(Arc::new(random(&chess, 16, 11))));
        assert_eq!(nodes(&mut warm), cold);
    }

    /// Searches with a network in every built-in game, from positions a few random
    /// moves in: each evaluation checks (in test builds) that the accumulator kept along
    /// the search path equals the one computed from scratch.
    #[test]
    fn the_search_keeps_the_network_accumulator_in_every_game() {
        use crate::nnue::random;
        let mut rng = crate::testrng::Rng(77);
        for name in crate::builtin::game_names() {
            let v = Variant::builtin(name).unwrap();
            let mut s = Searcher::new(1);
            s.set_network(Some(Arc::new(random(&v, 8, 5))));
            let mut p = Position::start(&v);
            for _ in 0..12 {
                if !p.play_random(&mut rng) {
                    break;
                }
            }
            if p.legal_moves().is_empty() || p.immediate_outcome().is_some() {
                continue;
            }
            let r = s.search(&mut p, Limits::nodes(4_000), |_| {});
            assert!(r.is_some(), "{name}");
            assert!(s.used_network(), "{name}");
        }
    }

    #[test]
    fn both_engines_find_the_mate_in_one() {
        let v = Variant::builtin("chess").unwrap();
        for s in [Settings::default(), Settings::classic()] {
            let mut p = Position::from_fen(&v, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
            let r = Searcher::with_settings(s, 1)
                .search(&mut p, Limits::depth(2), |_| {})
                .unwrap();
            assert_eq!(p.move_text(&r.best()), "a1a8");
            assert_eq!(r.score, Score::Mate(1));
        }
    }
}
