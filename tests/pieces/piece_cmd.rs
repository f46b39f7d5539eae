//! Issue 3: `fairyforge piece VARIANT PIECE [--at SQUARE] [--fen POSITION] [--svg FILE]`
//! draws where a piece can go: on an empty board (its pseudo-legal moves, which there are
//! its legal ones) or in a position (its legal moves). Holes of the 104-square board are
//! blank and its rear squares drawn where they are (rules.md § The board). The seed diagrams drawn in
//! positions are in seed_pieces.rs.

use crate::FAIRYFORGE;

fn piece(args: &[&str]) -> String {
    let mut all = vec!["piece"];
    all.extend_from_slice(args);
    let (code, out, err) = FAIRYFORGE.run(&all);
    assert_eq!(code, 0, "fairyforge {all:?} failed: {err}");
    out
}

fn piece_error(args: &[&str]) -> String {
    let mut all = vec!["piece"];
    all.extend_from_slice(args);
    let (code, out, err) = FAIRYFORGE.run(&all);
    assert_eq!(code, 1, "fairyforge {all:?} should fail, printed {out}");
    err
}

/// rules.md § The Flying Bomber, § The board: a Flying Bomber on e2 of the 104-square board slides down to the rear square e0
/// and up to e11; the holes d0, g0, ... are blank.
#[test]
fn bomber_on_the_104_square_board() {
    let out = piece(&["birds-and-ninjas", "F", "--at", "e2"]);
    assert!(out.contains("e2e0") && out.contains("e2e11"));
    insta::assert_snapshot!("piece_bomber_e2_104", out);
}

/// rules.md § The Ninja Guard, § The board, seed 000 ("controls only 8 squares"): a Ninja Guard in the middle reaches 8
/// squares; on the rear square e0 only the 4 that exist.
#[test]
fn ninja_guard_in_the_middle_and_on_a_rear_square() {
    let mid = piece(&["birds-and-ninjas", "ninja-guard"]);
    assert!(
        mid.starts_with("Ninja Guard (G, White) on e5, empty board of Birds and Ninjas: 8 moves\n")
    );
    let rear = piece(&["birds-and-ninjas", "G", "--at", "e0"]);
    assert!(rear.contains(": 4 moves\n"));
    insta::assert_snapshot!("piece_ninja_guard", format!("{mid}\n{rear}"));
}

/// rules.md § The Stealth Gryphon: the Stealth Gryphon from the middle of the Stealth Ninja board (its default
/// square), by letter.
#[test]
fn gryphon_from_the_middle() {
    let out = piece(&["stealth-ninja", "Y"]);
    insta::assert_snapshot!("piece_gryphon_e5", out);
}

/// rules.md § The Stealth Anti-Gryphon, § Black mirrors White: a Black Anti-Gryphon given by id with `--black`, on White's rear square e0.
#[test]
fn black_anti_gryphon_by_id() {
    let out = piece(&[
        "stealth-ninja",
        "stealth-anti-gryphon",
        "--black",
        "--at",
        "e0",
    ]);
    assert!(out.starts_with("Stealth Anti-Gryphon (A, Black) on e0"));
    insta::assert_snapshot!("piece_anti_gryphon_black_e0", out);
}

/// rules.md § Pawns, § Black mirrors White: a Black ninja pawn (lower-case letter) on its second rank.
#[test]
fn black_ninja_pawn_by_letter() {
    let out = piece(&["birds-and-ninjas", "j", "--at", "e9"]);
    assert!(out.contains("moves: e9d9 e9e6 e9e7 e9e8 e9f9\n"));
    insta::assert_snapshot!("piece_ninja_pawn_black_e9", out);
}

/// rules.md § The pieces: an orthodox knight in a corner of the 8x8 chess board.
#[test]
fn knight_in_a_corner() {
    let out = piece(&["chess", "N", "--at", "a1"]);
    assert!(out.contains("moves: a1b3 a1c2\n"));
    insta::assert_snapshot!("piece_knight_a1", out);
}

/// The SVG picture is well-formed XML with one square per existing square of the board
/// (104: holes are left out) and the title.
#[test]
fn svg_is_well_formed() {
    let dir = fairyforge_tests::temp_dir("piece-svg");
    let file = dir.join("bomber.svg");
    let f = file.to_str().unwrap();
    let fen = "ff/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/FF[JJJJjjjj] w BIbi - 0 1";
    let text_only = piece(&["birds-and-ninjas", "N", "--fen", fen, "--at", "c1"]);
    let (code, out, err) = FAIRYFORGE.run(&[
        "piece",
        "birds-and-ninjas",
        "N",
        "--fen",
        fen,
        "--at",
        "c1",
        "--svg",
        f,
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, text_only, "--svg draws the same diagram");
    let svg = std::fs::read_to_string(&file).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let squares = root
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("width") == Some("48"))
        .count();
    assert_eq!(
        squares, 104,
        "one square per square of the board, none for holes"
    );
    let title = root.children().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(
        title.text(),
        Some("Knight (N, White) on c1 in the given position: 2 moves")
    );
    // The pieces on the board, each drawn as its picture (a group scaled from its
    // 100 x 100 box).
    let pictures = root
        .descendants()
        .filter(|n| {
            n.has_tag_name("g")
                && n.attribute("transform")
                    .is_some_and(|t| t.contains("scale("))
        })
        .count();
    assert_eq!(
        pictures, 44,
        "40 pieces on the main board and 4 Flying Bombers"
    );
}

/// Mistakes get one clear line each.
#[test]
fn errors() {
    assert_eq!(
        piece_error(&["birds-and-ninjas", "Z"]),
        "error: Birds and Ninjas has no piece `Z`; its pieces are K king, Q queen, R rook, \
         B bishop, N knight, G ninja-guard, F flying-bomber, P pawn, J ninja-pawn\n"
    );
    assert_eq!(
        piece_error(&["birds-and-ninjas", "F", "--at", "d0"]),
        "error: there is no square `d0` on the board of Birds and Ninjas\n"
    );
    let fen = "ff/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/FF[JJJJjjjj] w BIbi - 0 1";
    assert_eq!(
        piece_error(&["birds-and-ninjas", "F", "--fen", fen, "--at", "e1"]),
        "error: there is no White Flying Bomber on e1: it holds a White Queen\n"
    );
    assert_eq!(
        piece_error(&["birds-and-ninjas", "F", "--fen", fen]),
        "error: there are several: e0, f0 (give one with --at)\n"
    );
    assert_eq!(
        piece_error(&["birds-and-ninjas", "J", "--fen", fen]),
        "error: there is no White Ninja Pawn in this position\n"
    );
}
