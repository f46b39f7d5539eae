//! `fairyforge snapshot FILE` keeps the rules beside the file; `--check` compares and names
//! what changed: which piece, which square, which count.

use fairyforge_tests::temp_dir;

use super::util::MY_GAME;
use crate::FAIRYFORGE;

#[test]
fn unchanged_then_changed() {
    let dir = temp_dir("snapshot");
    std::fs::write(dir.join("my-game.toml"), MY_GAME).unwrap();

    let (code, out, err) = FAIRYFORGE.run_in(&dir, &["snapshot", "my-game.toml"]);
    assert_eq!(
        (code, out.as_str()),
        (0, "wrote my-game.toml.snap\n"),
        "{err}"
    );
    let snap = std::fs::read_to_string(dir.join("my-game.toml.snap")).unwrap();
    let (_, described, _) = FAIRYFORGE.run_in(&dir, &["describe", "my-game.toml"]);
    assert_eq!(snap, described, "the snapshot is the describe text");

    // Unchanged: says so, exit 0.
    let (code, out, err) = FAIRYFORGE.run_in(&dir, &["snapshot", "--check", "my-game.toml"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "my-game.toml: the rules are as in my-game.toml.snap\n");

    // The j slot gets a Ninja Guard instead: the check names the new piece, the warrior's
    // square that is no longer its start, the setup, the promotion choices and the count.
    let changed = MY_GAME.replace(
        "slots.j.piece = \"ninja-warrior\"",
        "slots.j.piece = \"ninja-guard\"",
    );
    std::fs::write(dir.join("my-game.toml"), changed).unwrap();
    let (code, out, err) = FAIRYFORGE.run_in(&dir, &["snapshot", "--check", "my-game.toml"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("  Pieces > G Ninja Guard (ninja-guard): new\n"),
        "{out}"
    );
    assert!(
        out.contains("  Promotion > Pawn (P), Ninja Pawn (J): choices: new Ninja Guard (G)\n"),
        "{out}"
    );
    assert!(out.contains("  Perft from the start: depth 3: "), "{out}");
    assert!(
        err.contains("1 of 1 files differ from their snapshots"),
        "{err}"
    );
    insta::assert_snapshot!("snapshot_check_slot_changed", out);
    // The snapshot was not touched by --check.
    assert_eq!(
        std::fs::read_to_string(dir.join("my-game.toml.snap")).unwrap(),
        snap
    );
}

/// A piece's moves change: the check names the piece, the square and the moves that went
/// and came.
#[test]
fn a_piece_that_moves_differently() {
    let dir = temp_dir("snapshot-piece");
    let game = format!(
        "{MY_GAME}\n[piece.ninja-warrior]\nname = \"Ninja Warrior\"\nletter = \"W\"\nvalue = 3.8\nmoves = [{{ leap = \"orthogonal\" }}]\n"
    );
    std::fs::write(dir.join("my-game.toml"), MY_GAME).unwrap();
    assert_eq!(FAIRYFORGE.run_in(&dir, &["snapshot", "my-game.toml"]).0, 0);
    std::fs::write(dir.join("my-game.toml"), game).unwrap();
    let (code, out, _) = FAIRYFORGE.run_in(&dir, &["snapshot", "--check", "my-game.toml"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("  Pieces > W Ninja Warrior (ninja-warrior) > From e5 (the centre): moves 8 -> 4; no longer e5c5 e5e3 e5e7 e5g5\n"),
        "{out}"
    );
    insta::assert_snapshot!("snapshot_check_piece_changed", out);
}

#[test]
fn a_missing_snapshot_is_an_error() {
    let dir = temp_dir("snapshot-missing");
    std::fs::write(dir.join("my-game.toml"), MY_GAME).unwrap();
    let (code, out, _) = FAIRYFORGE.run_in(&dir, &["snapshot", "--check", "my-game.toml"]);
    assert_eq!(code, 1);
    assert!(
        out.starts_with("my-game.toml: cannot read my-game.toml.snap ("),
        "{out}"
    );
    assert!(
        out.ends_with("): write it first with `fairyforge snapshot my-game.toml`\n"),
        "{out}"
    );
}

/// A snapshot that is a symbolic link is neither shown nor written through: `--check`
/// does not print the link's target, and writing leaves the target as it was.
#[test]
fn a_snapshot_is_never_reached_through_a_symbolic_link() {
    let dir = temp_dir("snapshot-link");
    std::fs::write(dir.join("my-game.toml"), MY_GAME).unwrap();
    let secret = dir.join("secret.txt");
    std::fs::write(&secret, "password = hunter2\n").unwrap();
    std::os::unix::fs::symlink(&secret, dir.join("my-game.toml.snap")).unwrap();
    let refused = "my-game.toml.snap is a symbolic link: a snapshot is read and written only as a regular file, never through a link";
    let (code, out, _) = FAIRYFORGE.run_in(&dir, &["snapshot", "--check", "my-game.toml"]);
    assert_eq!(code, 1, "{out}");
    assert!(!out.contains("hunter2"), "{out}");
    assert!(
        out.starts_with(&format!("my-game.toml: {refused}\n")),
        "{out}"
    );
    let (code, out, err) = FAIRYFORGE.run_in(&dir, &["snapshot", "my-game.toml"]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert_eq!(err, format!("error: {refused}\n"));
    assert_eq!(
        std::fs::read_to_string(&secret).unwrap(),
        "password = hunter2\n"
    );
}

/// A snapshot that is no regular file (a FIFO, which would block a read forever) or is
/// over the size limit (a 2 GiB file, sparse here) is refused before it is read.
#[test]
fn a_snapshot_that_is_no_regular_file_or_too_large_is_refused_unread() {
    let dir = temp_dir("snapshot-fifo");
    std::fs::write(dir.join("my-game.toml"), MY_GAME).unwrap();
    let fifo = dir.join("my-game.toml.snap");
    let c = std::ffi::CString::new(fifo.to_string_lossy().as_bytes()).unwrap();
    // SAFETY: a valid C string naming a path in a fresh directory.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    let (code, out, _) = fairyforge_tests::within(20, "snapshot --check of a FIFO", move || {
        FAIRYFORGE.run_in(&dir, &["snapshot", "--check", "my-game.toml"])
    });
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        out,
        "my-game.toml: my-game.toml.snap is not a regular file: it is not used as a snapshot\n"
    );
    let dir = temp_dir("snapshot-huge");
    std::fs::write(dir.join("my-game.toml"), MY_GAME).unwrap();
    let huge = std::fs::File::create(dir.join("my-game.toml.snap")).unwrap();
    huge.set_len(2 << 30).unwrap();
    let (code, out, _) = FAIRYFORGE.run_in(&dir, &["snapshot", "--check", "my-game.toml"]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        out,
        "my-game.toml: my-game.toml.snap is not read: it has 2,147,483,648 bytes, more than the 4,194,304 a snapshot may have\n"
    );
}
