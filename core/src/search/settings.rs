//! Engine settings: which search (today's or the first one, `classic`), which of its
//! techniques are on, and the evaluation's weights. Written as text for matches and
//! protocols: `classic`, `lmr=off,nmp=off`, `eval.mobility_mg=4`.

use std::fmt;

use super::weights::Weights;

/// Which search plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Engine {
    /// The search with every technique of [`Features`] and the evaluation of
    /// [`Weights`].
    #[default]
    Modern,
    /// The first search of the project (alpha-beta with mobility evaluation), kept
    /// unchanged as the baseline that matches measure against.
    Classic,
}

macro_rules! features {
    (@default) => { true };
    (@default $on:literal) => { $on };
    ($($(#[$doc:meta])* $field:ident = $text:literal $(, default $on:literal)?;)*) => {
        /// The techniques of the modern search, each of which can be switched on or off
        /// to measure what it brings. Each is on by default unless its entry says
        /// `default false` (a technique that a match did not show to gain).
        #[derive(Copy, Clone, Debug, PartialEq, Eq)]
        pub struct Features {
            $($(#[$doc])* pub $field: bool,)*
        }
        impl Default for Features {
            fn default() -> Features {
                Features { $($field: features!(@default $($on)?),)* }
            }
        }
        impl Features {
            /// The names of the switches, as written in settings.
            pub const NAMES: &'static [&'static str] = &[$($text),*];
            fn switch(&mut self, name: &str) -> Option<&mut bool> {
                match name {
                    $($text => Some(&mut self.$field),)*
                    _ => None,
                }
            }
            fn list(&self) -> Vec<(&'static str, bool)> {
                vec![$(($text, self.$field)),*]
            }
        }
    };
}

features! {
    /// Aspiration windows around the previous iteration's score.
    aspiration = "aspiration";
    /// Null-move pruning (not when the side to move has only pawn-like pieces and its
    /// king: zugzwang). On: an SPRT match at 20,000 nodes a move accepted its gain
    /// (docs/engine.md, § Techniques kept).
    null_move = "nmp";
    /// Late-move reductions.
    lmr = "lmr";
    /// Futility pruning of quiet moves near the leaves. On: an SPRT match at 20,000
    /// nodes a move accepted its gain (docs/engine.md, § Techniques kept).
    futility = "futility";
    /// Reverse futility pruning (static null move).
    reverse_futility = "rfp";
    /// Razoring: a hopeless node near the leaves drops into the quiescence search. Off
    /// by default: an SPRT match did not show it to gain (docs/engine.md, § Techniques
    /// kept).
    razoring = "razoring", default false;
    /// Late-move pruning: at low depth, quiet moves past a count are skipped.
    late_move_pruning = "lmp";
    /// Static exchange evaluation prunes losing moves near the leaves.
    see_pruning = "see_pruning";
    /// The quiescence search skips captures that lose material by exchange.
    qsearch_see = "qsee";
    /// A move that gives check is searched one ply deeper.
    check_extension = "check_ext";
    /// Killer moves (quiet moves that refuted a sibling).
    killers = "killers";
    /// Counter-moves (the quiet reply that refuted the previous move).
    counter_moves = "counter";
    /// History of quiet moves (by piece and square).
    history = "history";
    /// Continuation history: quiet moves are ordered also by how they did after the same
    /// moves one and two plies before (docs/engine.md, § Search). Off by default: an SPRT
    /// match did not show it to gain (docs/engine.md, § Techniques kept).
    cont_history = "cont_history", default false;
    /// Correction history: the static evaluation is corrected by what searches found in
    /// positions with the same pawn-like pieces (docs/engine.md, § Search). Off by
    /// default: an SPRT match did not show it to gain (docs/engine.md, § Techniques kept).
    correction = "correction", default false;
    /// Internal iterative reduction: a node without a stored move is searched shallower.
    iir = "iir";
    /// Singular extensions: the table's move is searched one ply deeper when a shallower
    /// search of the other moves, without it, falls well short of its stored score; when
    /// that search still reaches beta, the node is cut off (several moves do). Off by
    /// default (docs/engine.md, § Techniques kept).
    singular = "singular", default false;
    /// ProbCut: at a node off the principal variation, a capture that a shallower search
    /// holds well above beta cuts the node off. Off by default (docs/engine.md,
    /// § Techniques kept).
    probcut = "probcut", default false;
    /// Legality tested lazily: a node lists its pseudo-legal moves and tests a move
    /// that could leave the king attacked only when it comes up, so that the moves never
    /// searched (after a cut) are never tested (docs/engine.md, § Speed).
    lazy_legality = "lazy_legality";
    /// Mop-up, the drawish scaling and the fading before the 100-ply rule.
    mopup = "mopup";
    /// The static evaluation's positional terms (off: material only).
    positional = "positional";
    /// Lazy evaluation in the quiescence search: far outside the window, the costly terms
    /// are skipped.
    lazy_eval = "lazy";
    /// King safety counts the neighbourhood squares really attacked (slower) instead of
    /// those the enemy pieces' moves reach on an empty board.
    exact_king = "exact_king";
    /// The game's network evaluates: the one the searcher was given for the game, else the
    /// game's built-in one, if any (off: the hand-set evaluation).
    network = "nnue";
}

/// How the computer plays.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Settings {
    /// The search.
    pub engine: Engine,
    /// The modern search's techniques.
    pub features: Features,
    /// The modern search's evaluation weights.
    pub weights: Weights,
}

/// Why settings text was not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("engine setting `{item}`: {why}")]
pub struct SettingsError {
    /// The item as written.
    pub item: String,
    /// What is wrong with it.
    pub why: String,
}

impl Settings {
    /// Today's search, as the project first shipped it.
    pub fn classic() -> Settings {
        Settings {
            engine: Engine::Classic,
            ..Settings::default()
        }
    }

    /// Reads settings: comma-separated items, each `classic`, `modern`, `default`,
    /// `FEATURE=on|off` or `eval.WEIGHT=INTEGER`. Later items override earlier ones.
    pub fn parse(text: &str) -> Result<Settings, SettingsError> {
        let mut s = Settings::default();
        for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            s.apply(item)?;
        }
        Ok(s)
    }

    fn apply(&mut self, item: &str) -> Result<(), SettingsError> {
        let err = |why: String| SettingsError {
            item: item.to_string(),
            why,
        };
        match item {
            "classic" => {
                self.engine = Engine::Classic;
                return Ok(());
            }
            "modern" | "default" => {
                self.engine = Engine::Modern;
                return Ok(());
            }
            _ => {}
        }
        let Some((key, value)) = item.split_once('=') else {
            return Err(err(
                "expected `classic`, `modern`, `FEATURE=on|off` or `eval.WEIGHT=NUMBER`".into(),
            ));
        };
        let (key, value) = (key.trim(), value.trim());
        if key == "engine" {
            self.engine = match value {
                "classic" => Engine::Classic,
                "modern" | "default" => Engine::Modern,
                _ => return Err(err("the engine is `modern` or `classic`".into())),
            };
            return Ok(());
        }
        if let Some(name) = key.strip_prefix("eval.") {
            let v: i32 = value
                .parse()
                .map_err(|_| err(format!("`{value}` is not a whole number")))?;
            if !(-100_000..=100_000).contains(&v) {
                return Err(err("weights lie between -100000 and 100000".into()));
            }
            if !self.weights.set(name, v) {
                return Err(err(format!(
                    "no weight `{name}`; the weights are {}",
                    Weights::NAMES.join(", ")
                )));
            }
            return Ok(());
        }
        let on = match value {
            "on" | "true" | "1" => true,
            "off" | "false" | "0" => false,
            _ => return Err(err(format!("`{value}` is neither `on` nor `off`"))),
        };
        match self.features.switch(key) {
            Some(f) => {
                *f = on;
                Ok(())
            }
            None => Err(err(format!(
                "no feature `{key}`; the features are {}",
                Features::NAMES.join(", ")
            ))),
        }
    }
}

impl fmt::Display for Settings {
    /// The shortest text that [`Settings::parse`] reads back to these settings.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut items: Vec<String> = Vec::new();
        if self.engine == Engine::Classic {
            items.push("classic".into());
        }
        let defaults = Features::default().list();
        for ((name, on), (_, default)) in self.features.list().into_iter().zip(defaults) {
            if on != default {
                items.push(format!("{name}={}", if on { "on" } else { "off" }));
            }
        }
        let weights = Weights::default();
        for ((name, v), (_, d)) in self.weights.iter().zip(weights.iter()) {
            if v != d {
                items.push(format!("eval.{name}={v}"));
            }
        }
        if items.is_empty() {
            f.write_str("modern")
        } else {
            f.write_str(&items.join(","))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_read_and_write_back() {
        let s = Settings::parse("lmr=off, nmp=off,eval.tempo=20").unwrap();
        assert_eq!(s.engine, Engine::Modern);
        assert!(!s.features.lmr && !s.features.null_move && s.features.futility);
        assert!(!s.features.razoring && s.features.check_extension);
        assert_eq!(s.weights.value("tempo"), Some(20));
        assert_eq!(s.to_string(), "nmp=off,lmr=off,eval.tempo=20");
        assert_eq!(Settings::parse(&s.to_string()).unwrap(), s);
        assert_eq!(Settings::parse("classic").unwrap(), Settings::classic());
        assert_eq!(Settings::classic().to_string(), "classic");
        assert_eq!(Settings::parse("").unwrap().to_string(), "modern");
        assert_eq!(
            Settings::parse("engine=classic").unwrap().engine,
            Engine::Classic
        );
    }

    #[test]
    fn singular_extensions_and_probcut_are_switches_off_by_default() {
        let d = Features::default();
        assert!(!d.singular && !d.probcut);
        let s = Settings::parse("singular=on").unwrap();
        assert!(s.features.singular && !s.features.probcut);
        let s = Settings::parse("probcut=on").unwrap();
        assert!(s.features.probcut && !s.features.singular);
        let both = Settings::parse("singular=on, probcut=1").unwrap();
        assert_eq!(both.to_string(), "singular=on,probcut=on");
        assert_eq!(Settings::parse(&both.to_string()).unwrap(), both);
        assert_eq!(
            Settings::parse("singular=on,singular=off").unwrap(),
            Settings::default()
        );
        assert!(Features::NAMES.contains(&"singular") && Features::NAMES.contains(&"probcut"));
    }

    #[test]
    fn every_switch_is_written_only_when_it_differs_from_the_default() {
        let defaults = Features::default().list();
        for (name, default) in defaults {
            for on in [false, true] {
                let text = format!("{name}={}", if on { "on" } else { "off" });
                let s = Settings::parse(&text).unwrap();
                let written = s.to_string();
                if on == default {
                    assert_eq!(written, "modern", "{text}");
                } else {
                    assert_eq!(written, text);
                }
                assert_eq!(Settings::parse(&written).unwrap(), s, "{text}");
            }
        }
    }

    #[test]
    fn bad_settings_say_what_is_wrong() {
        let e = |t: &str| Settings::parse(t).unwrap_err().to_string();
        assert_eq!(
            e("lmr=maybe"),
            "engine setting `lmr=maybe`: `maybe` is neither `on` nor `off`"
        );
        assert!(e("speed=on").starts_with(
            "engine setting `speed=on`: no feature `speed`; the features are aspiration, nmp, lmr,"
        ));
        assert!(e("eval.x=1").contains("no weight `x`; the weights are reach_mg,"));
        assert_eq!(
            e("eval.tempo=1.5"),
            "engine setting `eval.tempo=1.5`: `1.5` is not a whole number"
        );
        assert_eq!(
            e("eval.tempo=99999999"),
            "engine setting `eval.tempo=99999999`: weights lie between -100000 and 100000"
        );
        assert!(e("fast").contains("expected `classic`, `modern`"));
        assert_eq!(
            e("engine=stockfish"),
            "engine setting `engine=stockfish`: the engine is `modern` or `classic`"
        );
    }
}
