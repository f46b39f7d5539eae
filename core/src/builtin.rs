//! The game files of `variants/`, built into the library so that `chess` or
//! `birds-and-ninjas` work without a path: plain texts, which the loader reads like files.

/// Built-in games: (name, file text). The name is the file stem.
pub const GAMES: &[(&str, &str)] = &[
    ("chess", include_str!("../../variants/chess.toml")),
    ("capablanca", include_str!("../../variants/capablanca.toml")),
    (
        "birds-and-ninjas",
        include_str!("../../variants/birds-and-ninjas.toml"),
    ),
    (
        "stealth-ninja",
        include_str!("../../variants/stealth-ninja.toml"),
    ),
    (
        "stealth-ninja-alternate-start",
        include_str!("../../variants/stealth-ninja-alternate-start.toml"),
    ),
    (
        "stealth-ninja-alternative-setup",
        include_str!("../../variants/stealth-ninja-alternative-setup.toml"),
    ),
    (
        "stealth-ninja-alternative-reinforcements",
        include_str!("../../variants/stealth-ninja-alternative-reinforcements.toml"),
    ),
    (
        "flying-bombers-grand",
        include_str!("../../variants/flying-bombers-grand.toml"),
    ),
    (
        "insane-ninja",
        include_str!("../../variants/insane-ninja.toml"),
    ),
    (
        "pick-the-piece",
        include_str!("../../variants/pick-the-piece.toml"),
    ),
    (
        "air-and-trench-warfare",
        include_str!("../../variants/air-and-trench-warfare.toml"),
    ),
    // Fairy-Stockfish's games (docs/games.md, "Fairy-Stockfish's games").
    ("nocastle", include_str!("../../variants/nocastle.toml")),
    ("almost", include_str!("../../variants/almost.toml")),
    ("amazon", include_str!("../../variants/amazon.toml")),
    ("nightrider", include_str!("../../variants/nightrider.toml")),
    ("knightmate", include_str!("../../variants/knightmate.toml")),
    ("gothic", include_str!("../../variants/gothic.toml")),
    ("embassy", include_str!("../../variants/embassy.toml")),
    ("janus", include_str!("../../variants/janus.toml")),
    ("centaur", include_str!("../../variants/centaur.toml")),
    ("modern", include_str!("../../variants/modern.toml")),
    ("chancellor", include_str!("../../variants/chancellor.toml")),
    (
        "hoppelpoppel",
        include_str!("../../variants/hoppelpoppel.toml"),
    ),
    ("newzealand", include_str!("../../variants/newzealand.toml")),
    ("shako", include_str!("../../variants/shako.toml")),
    (
        "pocketknight",
        include_str!("../../variants/pocketknight.toml"),
    ),
    ("gardner", include_str!("../../variants/gardner.toml")),
    ("losalamos", include_str!("../../variants/losalamos.toml")),
    ("torpedo", include_str!("../../variants/torpedo.toml")),
    ("pawnback", include_str!("../../variants/pawnback.toml")),
    ("shatranj", include_str!("../../variants/shatranj.toml")),
    ("chaturanga", include_str!("../../variants/chaturanga.toml")),
    ("courier", include_str!("../../variants/courier.toml")),
    (
        "kingofthehill",
        include_str!("../../variants/kingofthehill.toml"),
    ),
    ("3check", include_str!("../../variants/3check.toml")),
    ("5check", include_str!("../../variants/5check.toml")),
    ("xiangqi", include_str!("../../variants/xiangqi.toml")),
    (
        "minixiangqi",
        include_str!("../../variants/minixiangqi.toml"),
    ),
    ("chigorin", include_str!("../../variants/chigorin.toml")),
    (
        "sortofalmost",
        include_str!("../../variants/sortofalmost.toml"),
    ),
    ("paradigm", include_str!("../../variants/paradigm.toml")),
    ("tencubed", include_str!("../../variants/tencubed.toml")),
    ("raazuvaa", include_str!("../../variants/raazuvaa.toml")),
    ("georgian", include_str!("../../variants/georgian.toml")),
    ("gustav3", include_str!("../../variants/gustav3.toml")),
    ("omicron", include_str!("../../variants/omicron.toml")),
    (
        "grasshopper",
        include_str!("../../variants/grasshopper.toml"),
    ),
    ("crazyhouse", include_str!("../../variants/crazyhouse.toml")),
    ("minishogi", include_str!("../../variants/minishogi.toml")),
    ("shogi", include_str!("../../variants/shogi.toml")),
    ("seirawan", include_str!("../../variants/seirawan.toml")),
    ("grand", include_str!("../../variants/grand.toml")),
    ("opulent", include_str!("../../variants/opulent.toml")),
    ("misere", include_str!("../../variants/misere.toml")),
    ("armageddon", include_str!("../../variants/armageddon.toml")),
    ("capahouse", include_str!("../../variants/capahouse.toml")),
    ("troitzky", include_str!("../../variants/troitzky.toml")),
    ("manchu", include_str!("../../variants/manchu.toml")),
    ("loop", include_str!("../../variants/loop.toml")),
    ("chessgi", include_str!("../../variants/chessgi.toml")),
];

macro_rules! networks {
    ($($game:literal),* $(,)?) => {
        /// The built-in games that ship a network (docs/engine.md § The learned
        /// evaluation), by file name: `variants/nets/<game>.nnue`. Such a game evaluates
        /// with its network by default (`nnue::builtin`).
        pub const NET_GAMES: &[&str] = &[$($game),*];

        /// The networks' files, in the order of [`NET_GAMES`] (one list writes both),
        /// when the library is built with the `builtin-nets` feature (the default).
        /// Without it (the WebAssembly module, which a page loads whole) the library
        /// carries none: a front end hands it the network of the game it plays
        /// (`nnue::supply`).
        #[cfg(feature = "builtin-nets")]
        pub const NETS: &[&[u8]] =
            &[$(include_bytes!(concat!("../../variants/nets/", $game, ".nnue"))),*];
        /// None: this library was built without the `builtin-nets` feature.
        #[cfg(not(feature = "builtin-nets"))]
        pub const NETS: &[&[u8]] = &[];
    };
}

networks![
    "capablanca",
    "birds-and-ninjas",
    "stealth-ninja",
    "flying-bombers-grand",
    "insane-ninja",
    "pick-the-piece",
];

/// Built-in piece libraries: (name, file text).
pub const LIBRARIES: &[(&str, &str)] = &[("pieces", include_str!("../../variants/pieces.toml"))];

/// The documentation's example variant files (`docs/examples/`): (id, file text). The
/// studio offers them as starting points; `bad` shows what errors look like.
pub const EXAMPLES: &[(&str, &str)] = &[
    (
        "dive-bombers",
        include_str!("../../docs/examples/dive-bombers.toml"),
    ),
    (
        "cannon-corners",
        include_str!("../../docs/examples/cannon-corners.toml"),
    ),
    (
        "stealth-slots",
        include_str!("../../docs/examples/stealth-slots.toml"),
    ),
    ("zoo", include_str!("../../docs/examples/zoo.toml")),
    ("bad", include_str!("../../docs/examples/bad.toml")),
];

/// The text of an example file, by id (`dive-bombers`).
pub fn example(id: &str) -> Option<&'static str> {
    EXAMPLES.iter().find(|(n, _)| *n == id).map(|(_, t)| *t)
}

/// The text of a built-in game, by name.
pub fn game(name: &str) -> Option<&'static str> {
    GAMES.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The text of a built-in piece library, by name (`pieces`).
pub fn library(name: &str) -> Option<&'static str> {
    LIBRARIES.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// Names of the built-in games.
pub fn game_names() -> Vec<&'static str> {
    GAMES.iter().map(|(n, _)| *n).collect()
}
