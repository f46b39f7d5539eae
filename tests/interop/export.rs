//! `fairyforge export --to fsf`: the sections of the games a variants.ini section can say
//! whole, and for the others the exact list of what it cannot, at its place in the TOML.

use fairyforge::{Code, Variant, builtin, ini};

use crate::FAIRYFORGE;

/// The built-in games that a section says whole: chess, Capablanca and the games of
/// Fairy-Stockfish's catalogue (docs/games.md) but those of [`PARTIAL`], the end of the
/// game included. Every other built-in game is one of [`SEED`].
pub const WHOLE: &[&str] = &[
    "chess",
    "capablanca",
    "nocastle",
    "almost",
    "amazon",
    "nightrider",
    "knightmate",
    "hoppelpoppel",
    "newzealand",
    "gardner",
    "losalamos",
    "modern",
    "chancellor",
    "gothic",
    "embassy",
    "janus",
    "centaur",
    "pocketknight",
    "kingofthehill",
    "3check",
    "5check",
    "shatranj",
    "chaturanga",
    "courier",
    "chigorin",
    "sortofalmost",
    "paradigm",
    "tencubed",
    "raazuvaa",
    "georgian",
    "gustav3",
    "omicron",
    "shako",
    "grasshopper",
    "crazyhouse",
    "seirawan",
    "grand",
    "opulent",
    "misere",
    "armageddon",
    "capahouse",
    "troitzky",
    "loop",
    "chessgi",
    "minishogi",
    "shogi",
    "xiangqi",
    "minixiangqi",
    "manchu",
];

#[test]
fn whole_games_export_completely() {
    for game in ["chess", "capablanca", "chigorin", "sortofalmost"] {
        let v = Variant::builtin(game).unwrap();
        let e = ini::export(&v, game);
        assert!(e.is_complete(), "{game}: {:?}", e.diagnostics());
        insta::assert_snapshot!(format!("export_{game}"), e.section());
    }
    let (code, out, err) = FAIRYFORGE.run(&["export", "chess", "--to", "fsf"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(err, "chess: exported completely\n");
    assert!(out.contains("\n[chess]\n"), "{out}");
}

/// Charles Daniel's games, whose pieces Fairy-Stockfish cannot all state.
const SEED: &[&str] = &[
    "birds-and-ninjas",
    "stealth-ninja",
    "stealth-ninja-alternate-start",
    "stealth-ninja-alternative-setup",
    "stealth-ninja-alternative-reinforcements",
    "flying-bombers-grand",
    "insane-ninja",
    "pick-the-piece",
    "air-and-trench-warfare",
];

/// Games of Fairy-Stockfish's catalogue whose file states a rule in a way a section
/// cannot (Fairy-Stockfish plays the game by keys the export does not write), each with
/// the things listed, at their places.
const PARTIAL: &[(&str, &[&str])] = &[
    (
        "torpedo",
        &[
            "<built-in torpedo.toml>:18:3: piece `torpedo-pawn`: en-passant targets made by a move that is not an initial move (`from`) have no counterpart in Fairy-Stockfish",
        ],
    ),
    (
        "pawnback",
        &[
            "<built-in pawnback.toml>:19:3: piece `back-pawn`: a move limited to the squares of a zone (`to`) has no counterpart in Fairy-Stockfish",
        ],
    ),
];

/// What an export lists, each as `FILE:LINE:COLUMN: MESSAGE` (every item has a place).
fn placed(e: &ini::Export) -> Vec<String> {
    e.diagnostics()
        .iter()
        .map(|d| {
            format!(
                "{}:{}:{}: {}",
                d.file().unwrap(),
                d.line().unwrap(),
                d.column().unwrap(),
                d.message()
            )
        })
        .collect()
}

/// Each built-in game is in exactly one list: whole, partial with its one thing listed,
/// or one of the seed games.
#[test]
fn every_built_in_game_exports_whole_or_says_what_it_cannot() {
    for game in builtin::game_names() {
        let v = Variant::builtin(game).unwrap();
        let e = ini::export(&v, game);
        let partial = PARTIAL.iter().find(|(g, _)| *g == game);
        assert_eq!(
            e.is_complete(),
            WHOLE.contains(&game),
            "{game}: {:?}",
            e.diagnostics()
        );
        let lists = [
            WHOLE.contains(&game),
            SEED.contains(&game),
            partial.is_some(),
        ];
        assert_eq!(lists.iter().filter(|&&b| b).count(), 1, "{game}");
        if let Some((_, what)) = partial {
            assert_eq!(placed(&e), *what, "{game}");
        }
    }
}

/// The `[end]` table in Fairy-Stockfish's keys: shatranj's stalemate, bare king and 70
/// moves, three-check's counting with the checks left in the start position.
#[test]
fn the_end_of_the_game_is_written_in_fairy_stockfish_keys() {
    for game in ["shatranj", "3check", "courier", "kingofthehill"] {
        let v = Variant::builtin(game).unwrap();
        let e = ini::export(&v, game);
        insta::assert_snapshot!(format!("export_{game}"), e.section());
    }
    let shatranj = ini::export(&Variant::builtin("shatranj").unwrap(), "s");
    for line in [
        "stalemateValue = loss",
        "extinctionValue = loss",
        "extinctionClaim = true",
        "extinctionPieceTypes = *",
        "extinctionPieceCount = 1",
        "extinctionOpponentPieceCount = 2",
        "nMoveRule = 70",
    ] {
        assert!(
            shatranj.section().lines().any(|l| l == line),
            "{line} in {}",
            shatranj.section()
        );
    }
    let chaturanga = ini::export(&Variant::builtin("chaturanga").unwrap(), "c");
    assert!(!chaturanga.section().contains("extinction"));
    let check = ini::export(&Variant::builtin("5check").unwrap(), "c");
    assert!(
        check.section().lines().any(|l| l == "checkCounting = true")
            && check.section().contains(" w KQkq - 5+5 0 1\n"),
        "{}",
        check.section()
    );
    // Chess's rules are Fairy-Stockfish's defaults: nothing is written for them.
    let chess = ini::export(&Variant::builtin("chess").unwrap(), "c");
    for key in ["stalemateValue", "extinction", "nMoveRule", "checkCounting"] {
        assert!(!chess.section().contains(key), "{key}");
    }
}

/// What has no key is listed at its place: an odd count of plies (Fairy-Stockfish counts
/// moves) and more than 9 checks (one digit a side in its position strings).
#[test]
fn end_rules_without_a_key_are_listed_at_their_place() {
    let text = "extends = \"chess\"\nname = \"Twelve checks\"\n\n[end]\ndraw-plies = 75\nchecks = 12\nstalemate = \"win\"\n";
    let v = Variant::parse("twelve.toml", text).unwrap();
    let e = ini::export(&v, "twelve");
    assert!(!e.is_complete());
    let found = placed(&e);
    assert_eq!(
        found,
        [
            "twelve.toml:5:14: `draw-plies = 75`: Fairy-Stockfish counts whole moves (`nMoveRule`), so an odd number of plies has no counterpart",
            "twelve.toml:6:10: `checks = 12`: Fairy-Stockfish reads the checks left in a position string as one digit a side (at most 9)",
        ]
    );
    // The rest is written: the stalemate's result has its key.
    assert!(e.section().lines().any(|l| l == "stalemateValue = win"));
}

/// A promotion that leaves the count of plies running has no key: Fairy-Stockfish resets
/// the count at every promotion.
#[test]
fn a_promotion_that_leaves_the_count_running_is_listed_at_its_place() {
    let text = "extends = \"chess\"\nname = \"Quiet promotions\"\n\n[promotion]\npieces = [\"chess-pawn\"]\nchoices = [\"queen\", \"knight\"]\nresets-count = false\n";
    let v = Variant::parse("quiet.toml", text).unwrap();
    let e = ini::export(&v, "quiet");
    assert!(!e.is_complete());
    assert_eq!(
        placed(&e),
        [
            "quiet.toml:4:1: a promotion that leaves the count of plies running (`resets-count = false`): Fairy-Stockfish resets it at every promotion"
        ]
    );
}

#[test]
fn what_the_seed_games_cannot_export_is_listed_at_its_place() {
    let mut report = String::new();
    for game in builtin::game_names() {
        if !SEED.contains(&game) {
            continue;
        }
        let v = Variant::builtin(game).unwrap();
        let e = ini::export(&v, "x");
        assert!(!e.is_complete(), "{game}");
        report.push_str(&format!("## {game}\n"));
        for d in e.diagnostics() {
            assert_eq!(d.code(), Code::NotExportable);
            report.push_str(&format!(
                "{}:{}:{}: {}\n",
                d.file().unwrap(),
                d.line().unwrap(),
                d.column().unwrap(),
                d.message()
            ));
        }
    }
    insta::assert_snapshot!("export_seed_games", report);
    let (code, _, err) = FAIRYFORGE.run(&["export", "birds-and-ninjas", "--to", "fsf"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("export_birds_and_ninjas_report", err);
}

/// Shogi's rules in Fairy-Stockfish's keys: each piece's promoted form
/// (`promotedPieceType`), forced where the piece could never move again
/// (`immobilityIllegal`), no second pawn on a file (`dropNoDoubled`) and no mate by a
/// dropped pawn (`shogiPawnDropMateIllegal`); the shogi knight in Fairy-Stockfish's Betza.
#[test]
fn shogi_games_are_written_in_fairy_stockfish_keys() {
    for game in ["minishogi", "shogi"] {
        let e = ini::export(&Variant::builtin(game).unwrap(), game);
        assert!(e.is_complete(), "{game}: {:?}", e.diagnostics());
        insta::assert_snapshot!(format!("export_{game}"), e.section());
    }
}

/// Shogi-style promotions and drop rules that those keys cannot say are listed at their
/// place: a `plus` promotion without `from-zone`, promotions some forced and some
/// not, `one-per-file` for a second piece, `no-mate` for a piece that is not the shogi
/// pawn; the rest is still written.
#[test]
fn shogi_rules_without_a_key_are_listed_at_their_place() {
    let text =
        std::fs::read_to_string(fairyforge_tests::root().join("variants/minishogi.toml")).unwrap();
    let edits = [
        (
            "choices = [\"promoted-silver\"]\nmandatory = false\nfrom-zone = true\nplus = true\n",
            "choices = [\"promoted-silver\"]\nmandatory = false\nplus = true\n",
        ),
        (
            "choices = [\"dragon\"]\nmandatory = false\n",
            "choices = [\"dragon\"]\n",
        ),
        (
            "[drops.silver]\nzone = \"all\"\n",
            "[drops.silver]\nzone = \"all\"\none-per-file = true\n",
        ),
        (
            "[drops.gold]\nzone = \"all\"\n",
            "[drops.gold]\nzone = \"all\"\nno-mate = true\n",
        ),
    ];
    let mut edited = text.clone();
    for (from, to) in edits {
        assert!(edited.contains(from), "{from}");
        edited = edited.replacen(from, to, 1);
    }
    let v = Variant::parse("mini.toml", &edited).unwrap();
    let e = ini::export(&v, "mini");
    assert_eq!(
        placed(&e),
        [
            "mini.toml:76:1: a promotion written `plus` that a move out of the zone may not make (no `from-zone`): Fairy-Stockfish's promoted pieces (`promotedPieceType`) promote on any move from or into the region",
            "mini.toml:89:1: shogi-style promotions, some forced and some not: Fairy-Stockfish's `mandatoryPiecePromotion` is one for all",
            "mini.toml:96:8: `no-mate` for `gold`, which is not written as Fairy-Stockfish's shogi pawn (`shogiPawn`, moving `fW`): `shogiPawnDropMateIllegal` is for that piece alone",
            "mini.toml:106:8: `one-per-file` for a second piece: Fairy-Stockfish's `dropNoDoubled` is for one piece",
        ]
    );
    for line in [
        "promotedPieceType = p:t b:h",
        "dropNoDoubled = p",
        "shogiPawnDropMateIllegal = true",
        "immobilityIllegal = true",
    ] {
        assert!(
            e.section().lines().any(|l| l == line),
            "{line} in {}",
            e.section()
        );
    }
}

/// Xiangqi's rules in Fairy-Stockfish's keys: a piece all of whose moves land in one zone
/// has it as its mobility region (the general and advisor in the palace, the elephant on
/// its own half), the soldier that steps sideways from the sixth rank on is its `soldier`
/// with `soldierPromotionRank = 6`, and facing on a file is `flyingGeneral` because the
/// generals, each kept to its palace, can never share a rank.
#[test]
fn xiangqi_games_are_written_in_fairy_stockfish_keys() {
    for game in ["xiangqi", "minixiangqi"] {
        let e = ini::export(&Variant::builtin(game).unwrap(), game);
        assert!(e.is_complete(), "{game}: {:?}", e.diagnostics());
        insta::assert_snapshot!(format!("export_{game}"), e.section());
    }
}

/// `royal-facing = "file"` is written as `flyingGeneral` only when proven from the game's
/// data: generals whose palaces share a rank, or a general not kept to a zone, could face
/// each other on a rank, which Fairy-Stockfish's rule forbids and the game's does not.
/// Moves of one piece limited to two different zones are no mobility region.
#[test]
fn facing_on_a_file_is_a_flying_general_only_where_ranks_never_meet() {
    let text = std::fs::read_to_string(fairyforge_tests::root().join("variants/minixiangqi.toml"))
        .unwrap();
    // Palaces of four ranks each on seven: White's c1-e4 and Black's c4-e7 share rank 4.
    let tall = text.replace(
        "to = [\"c1\", \"d1\", \"e1\", \"c2\", \"d2\", \"e2\", \"c3\", \"d3\", \"e3\"]",
        "to = \"ranks 1..4\"",
    );
    assert_ne!(tall, text);
    let e = ini::export(&Variant::parse("tall.toml", &tall).unwrap(), "tall");
    assert_eq!(
        placed(&e),
        [
            "tall.toml:7:16: `royal-facing = \"file\"`: Fairy-Stockfish's flyingGeneral forbids the royal pieces to face each other on ranks too (`royal-facing = \"orthogonal\"`), and these may share a rank"
        ]
    );
    assert!(
        e.section()
            .contains("mobilityRegionWhiteKing = *1 *2 *3 *4\n")
    );
    assert!(!e.section().contains("flyingGeneral"));
    // A general free to go anywhere.
    let free = text.replace(
        ", to = [\"c1\", \"d1\", \"e1\", \"c2\", \"d2\", \"e2\", \"c3\", \"d3\", \"e3\"]",
        "",
    );
    let e = ini::export(&Variant::parse("free.toml", &free).unwrap(), "free");
    assert_eq!(placed(&e).len(), 1, "{:?}", placed(&e));
    assert!(!e.section().contains("mobilityRegion"));
    // Two moves of the general with different zones.
    let split = text.replace(
        "moves = [{ leap = \"orthogonal\", to = [\"c1\", \"d1\", \"e1\", \"c2\", \"d2\", \"e2\", \"c3\", \"d3\", \"e3\"] }]",
        "moves = [{ leap = \"forward\", to = \"ranks 1..3\" }, { leap = [\"backward\", \"sideways\"], to = \"ranks 1..2\" }]",
    );
    assert_ne!(split, text);
    let e = ini::export(&Variant::parse("split.toml", &split).unwrap(), "split");
    let found = placed(&e);
    assert!(
        found.iter().any(|f| f.contains(
            "piece `general`: a move limited to the squares of a zone (`to`) has no counterpart in Fairy-Stockfish"
        )) && found.iter().any(|f| f.contains("royal-facing")),
        "{found:?}"
    );
}
