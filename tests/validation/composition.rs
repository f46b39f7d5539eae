//! Composition rules of `extends` and `import` (docs/format.md, "Composition").

use fairyforge::{Position, Variant};
use fairyforge_tests::temp_dir;

#[test]
fn a_childs_import_adds_to_its_parents() {
    let dir = temp_dir("import");
    std::fs::write(
        dir.join("wazir.toml"),
        "[piece.wazir]\nletter = \"W\"\nvalue = 1.5\nmoves = [{ leap = \"orthogonal\" }]\n",
    )
    .unwrap();
    // Chess imports the built-in library; this file adds its own on top.
    let text = "extends = \"chess\"\nname = \"Chess with a wazir\"\nimport = \"wazir.toml\"\n\
                pieces = [\"king\", \"queen\", \"rook\", \"bishop\", \"knight\", \"chess-pawn\", \"wazir\"]\n\
                setup = \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\"\n";
    // The wazir stands on g1 in place of the knight.
    let text = text
        .replace("[] w", " w")
        .replace("RNBQKBNR w", "RNBQKBWR w");
    let v = Variant::loader()
        .base_dir(&dir)
        .parse("wazir-chess.toml", &text)
        .unwrap_or_else(|e| panic!("{}", e.render()));
    assert!(v.kind_by_id("wazir").is_some() && v.kind_by_id("queen").is_some());
    let p = Position::start(&v);
    let mut g1: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| p.move_text(m))
        .filter(|t| t.starts_with("g1"))
        .collect();
    g1.sort();
    assert_eq!(
        g1,
        Vec::<String>::new(),
        "the wazir on g1 is boxed in by its own pieces"
    );
}

#[test]
fn a_mistyped_path_is_not_taken_for_a_built_in_game() {
    let dir = temp_dir("path");
    let text = "extends = \"lib/birds-and-ninjas.toml\"\nname = \"Mine\"\n";
    let e = Variant::loader()
        .base_dir(&dir)
        .parse("mine.toml", text)
        .unwrap_err()
        .render();
    assert!(
        e.contains("cannot find the game `lib/birds-and-ninjas.toml` to extend"),
        "{e}"
    );
    // The bare name is the built-in game.
    let ok = Variant::loader().base_dir(&dir).parse(
        "mine.toml",
        "extends = \"birds-and-ninjas\"\nname = \"Mine\"\n",
    );
    assert!(ok.is_ok());
}

#[test]
fn reserve_choices_also_read_the_setups_brackets() {
    // Pick the Piece's `@reserve` promotion choices (rules.md § Promotion) come from the brackets when the
    // file has no `reserve` table.
    let text = "extends = \"pick-the-piece\"\nname = \"Bracket reserve\"\n\
                pieces = [\"king\", \"queen\", \"rook\", \"bishop\", \"knight\", \"pawn\", \"flying-bomber\"]\n\
                setup = \"1rnbqkbnr1/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1[Ff] w BIbi - 0 1\"\n";
    let v = Variant::parse("bracket.toml", text).unwrap_or_else(|e| panic!("{}", e.render()));
    let p = Position::from_fen(&v, "4k5/P9/10/10/10/10/10/10/10/5K4[Ff] w - - 0 1").unwrap();
    let mut promos: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| p.move_text(m))
        .filter(|t| t.starts_with("a9"))
        .collect();
    promos.sort();
    assert_eq!(promos, ["a9a10b", "a9a10f", "a9a10n", "a9a10q", "a9a10r"]);
}

/// An `import` refused (outside the game's directory) was 1 error and 12 that followed
/// from it: every piece of the game unknown, then every promotion choice and the castling
/// rook "not a piece of this game". Now the refused import is reported alone, beside the
/// mistakes of the file's own (its missing `board` and castling key).
#[test]
fn a_refused_import_is_reported_without_its_consequences() {
    let dir = temp_dir("refused");
    let sub = dir.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(
        dir.join("pieces.toml"),
        "[piece.king]\nletter = \"K\"\nroyal = true\nmoves = [{ leap = \"all\" }]\n",
    )
    .unwrap();
    let game = sub.join("game.toml");
    std::fs::write(
        &game,
        "import = \"../pieces.toml\"\nname = \"Refused\"\n\
         pieces = [\"king\", \"queen\", \"rook\", \"chess-pawn\"]\n\
         setup = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n\
         [promotion]\npieces = [\"chess-pawn\"]\nchoices = [\"queen\", \"rook\"]\n\
         [castling]\nking = \"e1\"\nrooks = [\"a1\", \"h1\"]\n",
    )
    .unwrap();
    let e = Variant::load(&game).unwrap_err();
    let real = sub.canonicalize().unwrap();
    let got: Vec<(String, String)> = e
        .diagnostics()
        .iter()
        .map(|d| {
            let at = format!("{}:{}", d.line().unwrap_or(0), d.column().unwrap_or(0));
            let message = d.message().replace(&real.display().to_string(), "DIR");
            (format!("{at} {}", d.code()), message)
        })
        .collect();
    let want = [
        ("1:1 missing-key", "the variant file has no `board`"),
        (
            "1:10 cannot-read",
            "cannot use `../pieces.toml`: it is outside the game's directory `DIR`",
        ),
        ("8:2 missing-key", "`[castling]` has no `king-to`"),
    ];
    let want: Vec<(String, String)> = want
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(got, want, "{}", e.render());
}

/// A missing library is a root cause too: the pieces it would define are not reported as
/// unknown, but a game importing nothing missing still reports its unknown pieces.
#[test]
fn unknown_pieces_are_reported_when_every_library_was_read() {
    let text = "extends = \"chess\"\nname = \"Mine\"\n\
                pieces = [\"king\", \"queen\", \"rook\", \"bishop\", \"knight\", \"chess-pawn\", \"wazir\"]\n";
    let e = Variant::parse("mine.toml", text).unwrap_err();
    let codes: Vec<String> = e
        .diagnostics()
        .iter()
        .map(|d| d.code().to_string())
        .collect();
    assert_eq!(codes, ["unknown-piece"], "{}", e.render());
    let text = format!("import = \"lib.toml\"\n{text}");
    let e = Variant::parse("mine.toml", &text).unwrap_err();
    let codes: Vec<String> = e
        .diagnostics()
        .iter()
        .map(|d| d.code().to_string())
        .collect();
    assert_eq!(codes, ["unknown-library"], "{}", e.render());
}
