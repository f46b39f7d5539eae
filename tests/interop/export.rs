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
/// cannot (Fairy-Stockfish plays the game by keys the export does not write, or by pieces
/// it has built in, as xiangqi's), each with the things listed, at their places.
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
            "<built-in pawnback.toml>:18:3: piece `back-pawn`: a move limited to the squares of a zone (`to`) has no counterpart in Fairy-Stockfish",
        ],
    ),
    (
        "xiangqi",
        &[
            "<built-in xiangqi.toml>:8:16: `royal-facing = \"file\"`: Fairy-Stockfish's flyingGeneral forbids the royal pieces to face each other on ranks too (`royal-facing = \"orthogonal\"`)",
            "<built-in xiangqi.toml>:19:10: piece `general`: a move limited to the squares of a zone (`to`) has no counterpart in Fairy-Stockfish",
            "<built-in xiangqi.toml>:22:8: piece `advisor` has no move that Fairy-Stockfish can read",
            "<built-in xiangqi.toml>:26:10: piece `advisor`: a move limited to the squares of a zone (`to`) has no counterpart in Fairy-Stockfish",
            "<built-in xiangqi.toml>:29:8: piece `elephant` has no move that Fairy-Stockfish can read",
            "<built-in xiangqi.toml>:33:10: piece `elephant`: a move limited to the squares of a zone (`to`) has no counterpart in Fairy-Stockfish",
            "<built-in xiangqi.toml>:61:32: piece `soldier`: a capture limited to a zone (`from`): Fairy-Stockfish's initial moves never capture",
        ],
    ),
    (
        "minixiangqi",
        &[
            "<built-in minixiangqi.toml>:7:16: `royal-facing = \"file\"`: Fairy-Stockfish's flyingGeneral forbids the royal pieces to face each other on ranks too (`royal-facing = \"orthogonal\"`)",
            "<built-in minixiangqi.toml>:18:10: piece `general`: a move limited to the squares of a zone (`to`) has no counterpart in Fairy-Stockfish",
        ],
    ),
    // Manchu's pieces but the banner are xiangqi's, at their places in xiangqi's file.
    (
        "manchu",
        &[
            "<built-in xiangqi.toml>:8:16: `royal-facing = \"file\"`: Fairy-Stockfish's flyingGeneral forbids the royal pieces to face each other on ranks too (`royal-facing = \"orthogonal\"`)",
            "<built-in xiangqi.toml>:19:10: piece `general`: a move limited to the squares of a zone (`to`) has no counterpart in Fairy-Stockfish",
            "<built-in xiangqi.toml>:22:8: piece `advisor` has no move that Fairy-Stockfish can read",
            "<built-in xiangqi.toml>:26:10: piece `advisor`: a move limited to the squares of a zone (`to`) has no counterpart in Fairy-Stockfish",
            "<built-in xiangqi.toml>:29:8: piece `elephant` has no move that Fairy-Stockfish can read",
            "<built-in xiangqi.toml>:33:10: piece `elephant`: a move limited to the squares of a zone (`to`) has no counterpart in Fairy-Stockfish",
            "<built-in xiangqi.toml>:61:32: piece `soldier`: a capture limited to a zone (`from`): Fairy-Stockfish's initial moves never capture",
        ],
    ),
    // The shogi games: the shogi-style promotion and drop rules are not written yet.
    (
        "minishogi",
        &[
            "<built-in minishogi.toml>:69:1: the promotion key `from-zone` is not written yet (Fairy-Stockfish's shogi-style promotions)",
            "<built-in minishogi.toml>:69:1: the promotion key `plus` is not written yet (Fairy-Stockfish's shogi-style promotions)",
            "<built-in minishogi.toml>:76:1: the promotion key `from-zone` is not written yet (Fairy-Stockfish's shogi-style promotions)",
            "<built-in minishogi.toml>:76:1: the promotion key `plus` is not written yet (Fairy-Stockfish's shogi-style promotions)",
            "<built-in minishogi.toml>:76:1: a second promotion rule: Fairy-Stockfish has one set of promoting pieces, zone and choices",
            "<built-in minishogi.toml>:83:1: the promotion key `from-zone` is not written yet (Fairy-Stockfish's shogi-style promotions)",
            "<built-in minishogi.toml>:83:1: the promotion key `plus` is not written yet (Fairy-Stockfish's shogi-style promotions)",
            "<built-in minishogi.toml>:83:1: a second promotion rule: Fairy-Stockfish has one set of promoting pieces, zone and choices",
            "<built-in minishogi.toml>:90:1: the promotion key `from-zone` is not written yet (Fairy-Stockfish's shogi-style promotions)",
            "<built-in minishogi.toml>:90:1: the promotion key `plus` is not written yet (Fairy-Stockfish's shogi-style promotions)",
            "<built-in minishogi.toml>:90:1: a second promotion rule: Fairy-Stockfish has one set of promoting pieces, zone and choices",
            "<built-in minishogi.toml>:102:8: the drop rule `one-per-file` is not written yet (Fairy-Stockfish's `dropNoDoubled`, `shogiPawnDropMateIllegal`)",
            "<built-in minishogi.toml>:102:8: the drop rule `no-mate` is not written yet (Fairy-Stockfish's `dropNoDoubled`, `shogiPawnDropMateIllegal`)",
        ],
    ),
    (
        "shogi",
        &[
            "<built-in shogi.toml>:38:8: piece `shogi-knight` has no move that Fairy-Stockfish can read",
            "<built-in shogi.toml>:42:10: piece `shogi-knight`: the move has no Betza (an offset or a set of directions Betza cannot name)",
            "<built-in shogi.toml>:92:1: the promotion key `from-zone` is not written yet (Fairy-Stockfish's shogi-style promotions)",
            "<built-in shogi.toml>:92:1: the promotion key `plus` is not written yet (Fairy-Stockfish's shogi-style promotions)",
            "<built-in shogi.toml>:100:1: the promotion key `from-zone` is not written yet (Fairy-Stockfish's shogi-style promotions)",
            "<built-in shogi.toml>:100:1: the promotion key `plus` is not written yet (Fairy-Stockfish's shogi-style promotions)",
            "<built-in shogi.toml>:100:1: a second promotion rule: Fairy-Stockfish has one set of promoting pieces, zone and choices",
            "<built-in shogi.toml>:108:1: the promotion key `from-zone` is not written yet (Fairy-Stockfish's shogi-style promotions)",
            "<built-in shogi.toml>:108:1: the promotion key `plus` is not written yet (Fairy-Stockfish's shogi-style promotions)",
            "<built-in shogi.toml>:108:1: a second promotion rule: Fairy-Stockfish has one set of promoting pieces, zone and choices",
            "<built-in shogi.toml>:116:1: the promotion key `from-zone` is not written yet (Fairy-Stockfish's shogi-style promotions)",
            "<built-in shogi.toml>:116:1: the promotion key `plus` is not written yet (Fairy-Stockfish's shogi-style promotions)",
            "<built-in shogi.toml>:116:1: a second promotion rule: Fairy-Stockfish has one set of promoting pieces, zone and choices",
            "<built-in shogi.toml>:124:1: the promotion key `from-zone` is not written yet (Fairy-Stockfish's shogi-style promotions)",
            "<built-in shogi.toml>:124:1: the promotion key `plus` is not written yet (Fairy-Stockfish's shogi-style promotions)",
            "<built-in shogi.toml>:124:1: a second promotion rule: Fairy-Stockfish has one set of promoting pieces, zone and choices",
            "<built-in shogi.toml>:132:1: the promotion key `from-zone` is not written yet (Fairy-Stockfish's shogi-style promotions)",
            "<built-in shogi.toml>:132:1: the promotion key `plus` is not written yet (Fairy-Stockfish's shogi-style promotions)",
            "<built-in shogi.toml>:132:1: a second promotion rule: Fairy-Stockfish has one set of promoting pieces, zone and choices",
            "<built-in shogi.toml>:152:8: the drop rule `one-per-file` is not written yet (Fairy-Stockfish's `dropNoDoubled`, `shogiPawnDropMateIllegal`)",
            "<built-in shogi.toml>:152:8: the drop rule `no-mate` is not written yet (Fairy-Stockfish's `dropNoDoubled`, `shogiPawnDropMateIllegal`)",
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
