//! The exact report of `fairyforge validate` for bad files (tests/data/bad): every message
//! names the file, line and column, shows the line with a caret under the mistake, and says
//! what was expected. The exit code is 1.

use fairyforge_tests::root;

use crate::FAIRYFORGE;

/// What a user sees: the command, its exit code, its output and its error output.
fn validate(paths: &[&str]) -> String {
    let mut args = vec!["validate"];
    args.extend_from_slice(paths);
    let (code, out, err) = FAIRYFORGE.run(&args);
    format!(
        "$ fairyforge {}\nexit code: {code}\n--- stdout\n{out}--- stderr\n{err}",
        args.join(" ")
    )
}

macro_rules! bad_files {
    ($($name:ident => $file:literal,)*) => {
        $(
            #[test]
            fn $name() {
                let path = concat!("tests/data/bad/", $file, ".toml");
                let report = validate(&[path]);
                assert!(report.contains("exit code: 1\n"), "{report}");
                insta::assert_snapshot!(stringify!($name), report);
            }
        )*
        /// Every file of tests/data/bad, each with its test above.
        const BAD_FILES: &[&str] = &[$($file),*];
    };
}

bad_files! {
    syntax_error => "syntax-error",
    unknown_key => "unknown-key",
    unknown_primitive => "unknown-primitive",
    bad_offset => "bad-offset",
    unknown_setup_letter => "unknown-setup-letter",
    square_off_board => "square-off-board",
    bad_square_name => "bad-square-name",
    duplicate_letter => "duplicate-letter",
    unknown_promotion_choice => "unknown-promotion-choice",
    missing_royal => "missing-royal",
    two_royals => "two-royals",
    wrong_type => "wrong-type",
    bad_zone => "bad-zone",
    bad_castling_square => "bad-castling-square",
    bad_castling_rights => "bad-castling-rights",
    bad_extends => "bad-extends",
    extends_bad_override => "extends-bad-override",
    unknown_option_key => "unknown-option-key",
    several_mistakes => "several-mistakes",
    bad_setup_string => "bad-setup-string",
    empty_file => "empty-file",
    unknown_import => "unknown-import",
    unknown_direction => "unknown-direction",
    min_above_max => "min-above-max",
    reserve_without_drop_zone => "reserve-without-drop-zone",
    reserve_count => "reserve-count",
    two_primitives => "two-primitives",
    bad_letter => "bad-letter",
    extra_square_not_beside => "extra-square-not-beside",
    ep_on_leap => "ep-on-leap",
    scepter_result => "scepter-result",
    unicode_line => "unicode-line",
    bad_library => "bad-library",
    promotion_without_suffix => "promotion-without-suffix",
    extends_itself => "extends-itself",
    zone_rank_off_board => "zone-rank-off-board",
    option_breaks_game => "option-breaks-game",
    scepter_without_rear => "scepter-without-rear",
    duplicate_letter_setup => "duplicate-letter-setup",
    unclosed_string => "unclosed-string",
    unclosed_array => "unclosed-array",
    key_after_table => "key-after-table",
    captures_to_hand_value => "captures-to-hand-value",
}

#[test]
fn every_bad_file_has_a_test() {
    let mut on_disk: Vec<String> = std::fs::read_dir(root().join("tests/data/bad"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    on_disk.sort();
    let mut tested: Vec<String> = BAD_FILES.iter().map(|s| s.to_string()).collect();
    tested.sort();
    assert_eq!(on_disk, tested);
}

/// Every shipped file, games and the piece library, validates: exit 0, one `ok` line each.
#[test]
fn every_shipped_file_validates() {
    let mut files: Vec<String> = std::fs::read_dir(root().join("variants"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| format!("variants/{}", p.file_name().unwrap().to_string_lossy()))
        .collect();
    files.sort();
    assert!(files.len() >= 12, "{files:?}");
    let args: Vec<&str> = files.iter().map(|s| s.as_str()).collect();
    let report = validate(&args);
    assert!(report.contains("exit code: 0\n"), "{report}");
    for f in &files {
        assert!(
            report.contains(&format!("{f}: ok (")),
            "{f} not ok:\n{report}"
        );
    }
    assert!(
        report.contains("variants/pieces.toml: ok (piece library, "),
        "{report}"
    );
    assert!(report.ends_with("--- stderr\n"), "{report}");
}

/// The good test files validate too (tests/data/good).
#[test]
fn good_test_files_validate() {
    let report = validate(&["tests/data/good/every-key.toml"]);
    insta::assert_snapshot!("good_every_key", report);
}

/// Several files at once: the good ones are listed, the bad ones reported, and the summary
/// on the error output counts the bad ones.
#[test]
fn several_files_at_once() {
    let report = validate(&[
        "variants/chess.toml",
        "tests/data/bad/wrong-type.toml",
        "tests/data/bad/missing-royal.toml",
    ]);
    insta::assert_snapshot!("several_files", report);
}

/// A file that does not exist is an error, not a panic.
#[test]
fn missing_file() {
    let report = validate(&["tests/data/bad/no-such-file.toml"]);
    insta::assert_snapshot!("missing_file", report);
}

/// With the broken option turned on, the game does not load, and its error is printed
/// once (it was printed once per colour), without the note that names the option (it is
/// on because it was asked for).
#[test]
fn an_option_turned_on_reports_its_error_once() {
    let (code, out, err) = FAIRYFORGE.run(&[
        "describe",
        "tests/data/bad/option-breaks-game.toml",
        "--option",
        "queen-only",
    ]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(err.matches("is in two promotion rules").count(), 1, "{err}");
    assert!(
        err.starts_with("error: tests/data/bad/option-breaks-game.toml:8:25: [two-promotions] piece `chess-pawn` is in two promotion rules\n"),
        "{err}"
    );
}

/// A promotion rule whose zone has no square on the board could never apply: an error at
/// the rule, as for Capture the Scepter.
#[test]
fn a_promotion_zone_with_no_square_is_an_error() {
    let rule = "{ pieces = [\"chess-pawn\"], zone = \"own-rear\", choices = [\"queen\"] }";
    let text = format!("extends = \"chess\"\nname = \"Nowhere\"\npromotion = {rule}\n");
    let e = fairyforge::Variant::parse("nowhere.toml", &text).unwrap_err();
    assert_eq!(
        e.render(),
        format!(
            "nowhere.toml:3:13: [off-board] the zone of a promotion rule has no square on this board, so the rule could never apply\n  \
             |\n\
             3 | promotion = {rule}\n  \
             |             {} `own-rear` is the extra squares behind a side's first rank, and this board has none\n",
            "^".repeat(rule.len())
        )
    );
}

/// The symmetry of a `bent` move applies to its first step and to its `then`: an unknown
/// one was reported once for each. Each message is printed once.
#[test]
fn a_mistake_read_twice_is_reported_once() {
    let text = "extends = \"chess\"\nname = \"Twice\"\n\
                pieces = [\"king\", \"queen\", \"rook\", \"bishop\", \"knight\", \"chess-pawn\", \"p0\"]\n\
                [piece.p0]\nletter = \"O\"\n\
                moves = [{ bent = [2, 1], then = [1, 0], symmetry = \"sideways\" }]\n";
    let e = fairyforge::Variant::parse("twice.toml", text).unwrap_err();
    let shown: Vec<String> = e.diagnostics().iter().map(|d| d.to_string()).collect();
    assert_eq!(
        shown,
        [
            "twice.toml:6:53: [unknown-value] unknown symmetry `sideways`\n  |\n\
          6 | moves = [{ bent = [2, 1], then = [1, 0], symmetry = \"sideways\" }]\n  |                                                     \
          ^^^^^^^^^^ expected `all`, `left-right`, `forward-back` or `none`"
        ]
    );
}
