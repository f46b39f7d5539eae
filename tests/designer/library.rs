use fairyforge::describe::Description;
use fairyforge::picture::Board;
use fairyforge::{Position, Variant, perft, testfile};

/// Dive Bombers after three moves: the legal moves and the board as snapshots, and perft.
#[test]
fn dive_bombers_after_three_moves() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/examples/dive-bombers.toml"
    );
    let game = Variant::load(path).expect("the game loads");
    let mut pos = Position::start(&game);
    // Moves as a player types them (`e5`, `Nd3`, `J@e4` work too).
    for typed in ["e2e5", "e9e6", "J@e4"] {
        let m = pos.parse_input(typed).expect("a legal move");
        pos.play(&m).expect("legal");
    }
    // The legal moves, sorted, as `fairyforge moves` prints them.
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_text(m)).collect();
    moves.sort();
    insta::assert_snapshot!("dive_bombers_moves", moves.join("\n"));
    // The board as the terminal shows it (`.svg(None)` draws a picture).
    insta::assert_snapshot!("dive_bombers_board", Board::of_position(&pos).text());
    // Move paths from here, as `fairyforge perft` counts them.
    assert_eq!(perft(&mut pos, 2), 2207);
}

/// The whole rules as `fairyforge describe` prints them, and a test file run from Rust.
#[test]
fn dive_bombers_rules() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/examples");
    let game = Variant::load(format!("{dir}/dive-bombers.toml")).expect("the game loads");
    insta::assert_snapshot!("dive_bombers_rules", Description::of(&game).text());
    let report = testfile::run_file(format!("{dir}/dive-bombers.test.toml").as_ref());
    assert!(report.passed(), "{}", report.render());
}
