//! Hostile files (issue 13, items 2 to 5): import loops and bombs, files that are not
//! variant files, files too large or that never end, and files with tens of thousands of
//! mistakes. Each is a clear error, found in bounded time, that shows no content of a file
//! that is not a variant file. docs/format.md, "Limits", states the limits.

use std::path::{Path, PathBuf};

use fairyforge::limits::{MAX_DIAGNOSTICS, MAX_FILE_BYTES};
use fairyforge::{LoadError, Variant};
use fairyforge_tests::within;

/// A fresh directory under the system's temporary directory, removed when dropped.
fn temp_dir(tag: &str) -> fairyforge_tests::TempDir {
    fairyforge_tests::temp_dir(&format!("limits-{tag}"))
}

/// A game of `dir` that imports `import` (a TOML value).
fn game_importing(dir: &Path, import: &str) -> PathBuf {
    let path = dir.join("game.toml");
    std::fs::write(
        &path,
        format!("extends = \"chess\"\nname = \"Importer\"\nimport = {import}\n"),
    )
    .unwrap();
    path
}

/// Loads a file on a thread, failing the test if that takes more than 20 seconds (what is
/// tested takes well under one).
fn load(path: &Path) -> Result<(), LoadError> {
    let path = path.to_path_buf();
    within(20, "loading the file", move || {
        Variant::load(&path).map(|_| ())
    })
}

fn report(path: &Path) -> String {
    load(path).expect_err("the file is refused").render()
}

/// A library importing itself by another spelling of its path (`../single/lib.toml`) is a
/// loop, found on the resolved file and reported with its chain; it was read ~680 times.
#[test]
fn a_library_importing_itself_by_another_spelling_is_a_loop() {
    let dir = temp_dir("self");
    let single = dir.join("single");
    std::fs::create_dir_all(&single).unwrap();
    std::fs::write(
        single.join("lib.toml"),
        "import = \"../single/lib.toml\"\n[piece.wazir]\nletter = \"W\"\nmoves = [{ leap = \"orthogonal\" }]\n",
    )
    .unwrap();
    let game = single.join("game.toml");
    std::fs::write(
        &game,
        "extends = \"chess\"\nname = \"Loop\"\nimport = \"lib.toml\"\n",
    )
    .unwrap();
    let r = report(&game);
    assert!(
        r.contains(
            "lib.toml:1:10: [composition-loop] `import` makes a loop: `../single/lib.toml` is already being read"
        ),
        "{r}"
    );
    assert!(r.contains("imports `"), "the chain is named: {r}");
    assert_eq!(r.matches("makes a loop").count(), 1, "{r}");
}

/// Two libraries importing each other, each by two spellings: `validate` ran forever with
/// memory growing 25 MB/s. Now the loop is reported once per name that closes it, with the
/// files in it.
#[test]
fn two_libraries_importing_each_other_are_one_loop() {
    let dir = temp_dir("pair");
    let sub = dir.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(
        dir.join("a.toml"),
        "import = [\"sub/b.toml\", \"./sub/../sub/b.toml\"]\n[piece.a]\nletter = \"A\"\nmoves = [{ leap = [1, 1] }]\n",
    )
    .unwrap();
    std::fs::write(
        sub.join("b.toml"),
        "import = [\"../a.toml\", \"../sub/../a.toml\"]\n[piece.b]\nletter = \"B\"\nmoves = [{ leap = [1, 2] }]\n",
    )
    .unwrap();
    let game = game_importing(&dir, "\"a.toml\"");
    let r = report(&game);
    assert!(
        r.contains("`import` makes a loop: `../a.toml` is already being read"),
        "{r}"
    );
    assert!(
        r.contains("`import` makes a loop: `../sub/../a.toml` is already being read"),
        "{r}"
    );
    assert!(r.contains("a.toml` imports `"), "{r}");
    assert_eq!(r.matches("makes a loop").count(), 2, "{r}");
}

/// Libraries importing each other in a chain deeper than the limit: an error at the
/// import that goes too deep, not a walk down the whole chain.
#[test]
fn an_import_chain_deeper_than_the_limit_is_an_error() {
    let dir = temp_dir("deep");
    for i in 0..20 {
        std::fs::write(
            dir.join(format!("lib{i}.toml")),
            format!(
                "import = \"lib{}.toml\"\n[piece.p{i}]\nletter = \"W\"\nmoves = [{{ leap = [1, 0] }}]\n",
                i + 1
            ),
        )
        .unwrap();
    }
    let game = game_importing(&dir, "\"lib0.toml\"");
    let r = report(&game);
    assert!(
        r.contains(&format!(
            "`import` goes more than {} files deep",
            fairyforge::limits::MAX_COMPOSITION_DEPTH
        )),
        "{r}"
    );
}

/// A game importing more files than the limit: one error, at the first import refused.
#[test]
fn more_files_than_the_limit_is_an_error() {
    let dir = temp_dir("many");
    let mut names = Vec::new();
    for i in 0..100 {
        std::fs::write(
            dir.join(format!("lib{i}.toml")),
            format!("[piece.p{i}]\nletter = \"W\"\nmoves = [{{ leap = [1, 0] }}]\n"),
        )
        .unwrap();
        names.push(format!("\"lib{i}.toml\""));
    }
    let game = game_importing(&dir, &format!("[{}]", names.join(", ")));
    let r = report(&game);
    let limit = format!(
        "the game reads more than {} files",
        fairyforge::limits::MAX_GAME_FILES
    );
    assert_eq!(r.matches(&limit).count(), 1, "{r}");
}

/// A diamond (two libraries importing a third) is no loop: the third is read once.
#[test]
fn a_library_imported_twice_is_read_once() {
    let dir = temp_dir("diamond");
    let piece = |id: &str, l: &str| {
        format!("[piece.{id}]\nletter = \"{l}\"\nmoves = [{{ leap = [1, 1] }}]\n")
    };
    std::fs::write(dir.join("base.toml"), piece("base", "X")).unwrap();
    std::fs::write(
        dir.join("left.toml"),
        format!("import = \"base.toml\"\n{}", piece("left", "Y")),
    )
    .unwrap();
    std::fs::write(
        dir.join("right.toml"),
        format!("import = \"./base.toml\"\n{}", piece("right", "Z")),
    )
    .unwrap();
    let game = game_importing(&dir, "[\"left.toml\", \"right.toml\"]");
    load(&game).unwrap_or_else(|e| panic!("{e}"));
}

/// Files outside the game's directory are not read, and nothing of their content is shown:
/// `validate` printed the first line of `/etc/shadow` and `/proc/self/environ`.
#[test]
fn files_outside_the_games_directory_are_refused_unread() {
    let dir = temp_dir("outside");
    let secret = dir
        .parent()
        .unwrap()
        .join(format!("fairyforge-secret-{}.toml", std::process::id()));
    std::fs::write(&secret, "SECRET-CONTENT = [\n").unwrap();
    let game = game_importing(
        &dir,
        &format!(
            "[\"/etc/shadow\", \"../../../../../../../proc/self/environ\", \"../{}\"]",
            secret.file_name().unwrap().to_string_lossy()
        ),
    );
    let r = report(&game);
    std::fs::remove_file(&secret).unwrap();
    assert!(
        r.contains("cannot use `/etc/shadow`: it is an absolute path"),
        "{r}"
    );
    assert!(
        r.contains("cannot use `../../../../../../../proc/self/environ`: it is outside the game's directory"),
        "{r}"
    );
    assert!(r.contains("fairyforge-secret"), "the file is named: {r}");
    assert!(
        !r.contains("SECRET-CONTENT"),
        "the content is not shown: {r}"
    );
    assert!(!r.contains("root:"), "{r}");
    // `extends` likewise.
    std::fs::write(&game, "extends = \"/etc/passwd\"\nname = \"X\"\n").unwrap();
    let r = report(&game);
    assert!(
        r.contains("cannot use `/etc/passwd`: it is an absolute path"),
        "{r}"
    );
    assert!(!r.contains("root:"), "{r}");
}

/// A file named on the command line that is not a variant file (no `.toml` name, not a
/// regular file, not text) is named with the reason, its content not shown.
#[test]
fn a_file_that_is_no_variant_file_is_named_not_shown() {
    let r = report(Path::new("/etc/passwd"));
    assert_eq!(
        r,
        "[cannot-read] /etc/passwd: not a variant file: its name does not end in `.toml`\n"
    );
    let dir = temp_dir("binary");
    let bin = dir.join("binary.toml");
    std::fs::write(&bin, [b'a', 0xff, 0xfe, b'\n']).unwrap();
    assert_eq!(
        report(&bin),
        format!(
            "[cannot-read] {}: not a variant file: it is not UTF-8 text\n",
            bin.display()
        )
    );
    assert_eq!(
        report(Path::new("/dev/zero")),
        "[cannot-read] /dev/zero: not a variant file: it is not a regular file\n"
    );
}

/// A FIFO would block the reader forever: it is refused before it is opened, as a file
/// or as an import.
#[test]
fn a_fifo_is_refused_before_it_is_opened() {
    let dir = temp_dir("fifo");
    let fifo = dir.join("pipe.toml");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("no mkfifo here: skipped");
        return;
    }
    assert!(report(&fifo).ends_with(": not a variant file: it is not a regular file\n"));
    let game = game_importing(&dir, "\"pipe.toml\"");
    let r = report(&game);
    assert!(
        r.contains("cannot use `pipe.toml`: not a variant file: it is not a regular file"),
        "{r}"
    );
}

/// A file over the size limit is refused from its size, before it is read: a 1 GiB file
/// needed 7 GB of memory and aborted.
#[test]
fn a_file_over_the_size_limit_is_refused_unread() {
    let dir = temp_dir("large");
    let big = dir.join("big.toml");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(1 << 30).unwrap(); // sparse: no disk space used
    assert_eq!(
        report(&big),
        format!(
            "[cannot-read] {}: not read: it has 1,073,741,824 bytes, more than the 1,048,576 a variant file may have\n",
            big.display()
        )
    );
    let game = game_importing(&dir, "\"big.toml\"");
    let r = report(&game);
    assert!(
        r.contains("cannot use `big.toml`: not read: it has 1,073,741,824 bytes"),
        "{r}"
    );
    // A text handed to the loader is held to the same limit.
    let text = " ".repeat(MAX_FILE_BYTES as usize + 1);
    let e = Variant::parse("huge.toml", &text).unwrap_err().render();
    assert_eq!(
        e,
        "[cannot-read] huge.toml: not read: it has 1,048,577 bytes, more than the 1,048,576 a variant file may have\n"
    );
}

/// What the built-in-only loader (the studio's) may read: the built-in games and library,
/// no file.
#[test]
fn a_builtin_only_loader_reads_no_file() {
    let dir = temp_dir("builtin-only");
    std::fs::write(
        dir.join("lib.toml"),
        "[piece.w]\nletter = \"W\"\nmoves = [{ leap = [1, 0] }]\n",
    )
    .unwrap();
    let loader = Variant::loader().builtin_only().base_dir(&dir);
    let ok = loader.parse(
        "mine.toml",
        "extends = \"chess\"\nname = \"Mine\"\nimport = \"pieces.toml\"\n",
    );
    assert!(ok.is_ok());
    let e = loader
        .parse(
            "mine.toml",
            "extends = \"chess\"\nname = \"Mine\"\nimport = \"./lib.toml\"\n",
        )
        .unwrap_err()
        .render();
    assert!(
        e.contains(
            "cannot use `./lib.toml`: only the built-in games and piece libraries can be used here"
        ),
        "{e}"
    );
    let e = loader
        .parse(
            "mine.toml",
            "extends = \"chess\"\nname = \"Mine\"\nimport = \"lib.toml\"\n",
        )
        .unwrap_err()
        .render();
    assert!(
        e.contains("cannot find the piece library `lib.toml`"),
        "{e}"
    );
    let e = loader.load(dir.join("lib.toml")).unwrap_err().render();
    assert!(e.contains("only built-in games can be loaded here"), "{e}");
    let e = loader.resolve("variants/chess.toml").unwrap_err().render();
    assert!(
        e.starts_with("[unknown-game] `variants/chess.toml` is not a built-in game."),
        "{e}"
    );
}

/// Reports an error-ridden text: in bounded time, at most the limit of diagnostics and a
/// count of the rest.
fn many_mistakes(name: &str, text: String, found: usize) {
    let text = std::sync::Arc::new(text);
    let t = text.clone();
    let name_owned = name.to_string();
    let e = within(20, name, move || {
        Variant::parse(&name_owned, &t).map(|_| ()).unwrap_err()
    });
    assert_eq!(e.diagnostics().len(), MAX_DIAGNOSTICS, "{name}");
    assert_eq!(e.omitted(), found - MAX_DIAGNOSTICS, "{name}");
    let r = e.render();
    let more = format!(
        "and {} more problems (only the first {MAX_DIAGNOSTICS} are shown)\n",
        fairyforge_tests::thousands(found - MAX_DIAGNOSTICS)
    );
    assert!(
        r.ends_with(&more),
        "{name}: {}",
        &r[r.len().saturating_sub(300)..]
    );
    assert!(
        r.len() < 100 * 1024,
        "{name}: the report has {} bytes",
        r.len()
    );
}

/// Tens of thousands of mistakes took from 19 s to 86 s to report: reporting is linear in
/// the file's size and summarises past the limit.
#[test]
fn tens_of_thousands_of_mistakes_are_reported_quickly_and_summarised() {
    // 33,333 lines of a bad escape (only the first mistake of a line is reported: the
    // rest of the line mostly follows from it).
    many_mistakes(
        "escapes.toml",
        format!("pieces = [\n{}]\n", "\"\\q\",\n".repeat(33_333)),
        33_333,
    );
    // 30,000 unknown keys (and the three missing keys of a game).
    let keys: String = (0..30_000).map(|i| format!("k{i} = 1\n")).collect();
    many_mistakes("keys.toml", keys, 30_003);
    // 30,000 lines of `x`.
    many_mistakes("xs.toml", "x\n".repeat(30_000), 30_000);
    // A `pieces` list repeated 2,000 times: each repeat of a piece is listed twice.
    let list = [
        "\"king\"",
        "\"queen\"",
        "\"rook\"",
        "\"bishop\"",
        "\"knight\"",
        "\"chess-pawn\"",
    ];
    let pieces = vec![list.join(", "); 2_000].join(", ");
    many_mistakes(
        "pieces.toml",
        format!("extends = \"chess\"\nname = \"P\"\npieces = [{pieces}]\n"),
        6 * 1_999,
    );
}

/// A piece with 40,000 copies of `{ slide = "all" }` (760 KB) took 3 minutes and 4.3 GB to
/// compile; the directions of a game's pieces are bounded, and the piece past the bound is
/// named.
#[test]
fn more_move_directions_than_the_limit_is_an_error() {
    let text = format!(
        "extends = \"chess\"\nname = \"Bomb\"\npieces = [\"king\", \"bomb\"]\n\
         setup = \"k7/8/8/8/8/8/8/K6A w - - 0 1\"\n[piece.bomb]\nletter = \"A\"\nmoves = [{}]\n",
        vec!["{ slide = \"all\" }"; 40_000].join(", ")
    );
    let e = within(20, "the bomb", move || {
        Variant::parse("bomb.toml", &text).map(|_| ()).unwrap_err()
    });
    assert_eq!(
        e.diagnostics()[0].message(),
        format!(
            "the pieces of this game move in more than {} directions in all (`bomb` has 320,000)",
            fairyforge_tests::thousands(fairyforge::limits::MAX_DIRECTIONS)
        )
    );
    assert_eq!(e.diagnostics()[0].line(), Some(3));
}

/// 30,000 options on by default took seconds to compile (every option looked up in the
/// list of those on); a game has at most 64.
#[test]
fn more_options_than_the_limit_is_an_error() {
    let text: String = std::iter::once("extends = \"chess\"\nname = \"Options\"\n".to_string())
        .chain((0..30_000).map(|i| format!("[options.o{i}]\ndefault = true\n")))
        .collect();
    let e = within(20, "30,000 options", move || {
        Variant::parse("o.toml", &text).map(|_| ()).unwrap_err()
    });
    let d = &e.diagnostics()[0];
    assert_eq!(d.message(), "a game may have at most 64 options");
    assert_eq!((d.line(), d.column()), (Some(131), Some(10)));
}

/// The 300th promotion rule of a game (the earlier ones for library pieces it does not
/// use) was stored under the number 300 % 256, another rule; a game has at most 64.
#[test]
fn more_promotion_rules_than_the_limit_is_an_error() {
    let mut text = String::from("extends = \"chess\"\nname = \"Rules\"\n");
    for _ in 0..299 {
        text.push_str("[[promotion]]\npieces = [\"ninja-pawn\"]\nchoices = [\"queen\"]\n");
    }
    text.push_str("[[promotion]]\npieces = [\"chess-pawn\"]\nchoices = [\"knight\"]\n");
    let e = Variant::parse("p.toml", &text).unwrap_err();
    let d = &e.diagnostics()[0];
    assert_eq!(
        d.message(),
        "a game may have at most 64 promotion rules, its options' included"
    );
    assert_eq!(d.line(), Some(3 + 64 * 3));
}

/// A game defining 12,000 pawns: the piece-type limit stops it at once (the checks after
/// it compared every piece with every promotion name).
#[test]
fn tens_of_thousands_of_pieces_stop_at_the_limit() {
    let mut text = String::from("extends = \"chess\"\nname = \"Horde\"\n[promotion]\npieces = [");
    text.push_str(
        &(0..12_000)
            .map(|i| format!("\"p{i}\""))
            .collect::<Vec<_>>()
            .join(", "),
    );
    text.push_str("]\nchoices = [\"queen\"]\n");
    for i in 0..12_000 {
        text.push_str(&format!(
            "[piece.p{i}]\nletter = \"P\"\npawn = true\nmoves = [{{ leap = [0, 1] }}]\n"
        ));
    }
    let e = within(20, "12,000 pieces", move || {
        Variant::parse("h.toml", &text).map(|_| ()).unwrap_err()
    });
    assert!(
        e.diagnostics()
            .iter()
            .any(|d| d.message() == "a game may use at most 32 piece types"),
        "{e}"
    );
}

/// A long line is shown cut around the mistake, not whole.
#[test]
fn a_mistake_on_a_long_line_shows_a_cut_line() {
    let text = format!("name = \"{}\\q\"\n", "a".repeat(50_000));
    let e = Variant::parse("long.toml", &text).unwrap_err();
    let shown = e.diagnostics()[0].to_string();
    assert!(shown.len() < 1_000, "{shown}");
    assert!(
        shown.starts_with("long.toml:1:50010: [syntax-error] TOML syntax error"),
        "{shown}"
    );
}

/// `tune` reads PGN files within limits too: a FIFO is refused before it is read (it
/// would block forever), and a file over 256 MiB (a sparse one of 1 GiB here) from its
/// size, before any allocation.
#[test]
fn tune_refuses_a_fifo_and_a_pgn_over_the_size_limit() {
    let dir = temp_dir("tune");
    let fifo = dir.join("games.pgn");
    let c = std::ffi::CString::new(fifo.to_string_lossy().as_bytes()).unwrap();
    // SAFETY: a valid C string naming a path in a fresh directory.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    let shown = fifo.to_string_lossy().into_owned();
    let (code, _, err) = within(20, "tune on a FIFO", move || {
        crate::FAIRYFORGE.run(&["tune", &shown])
    });
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "error: {} is not a regular file: it is not used as a PGN file\n",
            fifo.display()
        )
    );
    let huge = dir.join("huge.pgn");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(1 << 30)
        .unwrap();
    let (code, _, err) = crate::FAIRYFORGE.run(&["tune", &huge.to_string_lossy()]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "error: {} is not read: it has 1,073,741,824 bytes, more than the 268,435,456 a PGN file may have\n",
            huge.display()
        )
    );
}

/// The first line of a refused text's report: `file:line:column: message`.
fn first_line(name: &str, text: &str) -> String {
    let e = Variant::parse(name, text).unwrap_err().render();
    e.lines().next().unwrap().to_string()
}

/// Integers past the 64-bit range are named as written: a reserve count was "found NaN"
/// and a file count "found a number".
#[test]
fn integers_too_large_to_read_are_shown_as_written() {
    assert_eq!(
        first_line(
            "reserve.toml",
            "extends = \"chess\"\nname = \"R\"\nreserve = { pawn = 99999999999999999999 }\n"
        ),
        "reserve.toml:3:20: [out-of-range] the reserve count of `pawn` must be a whole number from 0 to 64, found 99999999999999999999"
    );
    assert_eq!(
        first_line(
            "files.toml",
            "extends = \"chess\"\nname = \"F\"\n[board]\nfiles = 99_999_999_999_999_999_999\n"
        ),
        "files.toml:4:9: [out-of-range] `files` is 99999999999999999999, out of range"
    );
}

/// A key of too many parts reaches the TOML reader's recursion limit, an error that comes
/// without a place: it is reported at that key, not at 1:1.
#[test]
fn a_key_too_deep_for_the_toml_reader_is_reported_at_the_key() {
    let deep = vec!["a"; 300].join(".");
    let header = first_line(
        "header.toml",
        &format!("extends = \"chess\"\nname = \"D\"\n[{deep}]\nb = 1\n"),
    );
    assert_eq!(
        header,
        "header.toml:3:2: [syntax-error] TOML syntax error: recursion limit"
    );
    let dotted = first_line(
        "dotted.toml",
        &format!("extends = \"chess\"\nname = \"D\"\nx = 1\n{deep} = 1\n"),
    );
    assert_eq!(
        dotted,
        "dotted.toml:4:1: [syntax-error] TOML syntax error: recursion limit"
    );
}
