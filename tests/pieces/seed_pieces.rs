//! Issue 3: every seed piece from TOML primitives, with the seed pages' diagrams and
//! examples as tests. Each test names the seed file (`seed000` = seeds/000_*.txt, ...) and
//! the ruling (rules.md § The Flying Bomber, ...) it checks, builds the position the page describes (the diagrams
//! themselves are lost: positions are reconstructed from the text), asserts the page's
//! claims explicitly (a check, a threat, a move that exists or not, what a move captures)
//! and snapshots the piece's moves (move text (rules.md § Move text), sorted, one per line, as `fairyforge moves`
//! prints them) with the diagram `fairyforge piece` draws for them. Every snapshot was
//! checked by hand against the seed text and the rulings.
//!
//! Where the piece's side is not to move (a piece giving check, or threatening while the
//! other side is to move), its pseudo-legal moves are shown: what it threatens (rules.md § Check and legal moves).

use std::sync::Arc;

use fairyforge::{Color, Move, Position, Variant};
use fairyforge_tests::{game, placement, play, root};

use crate::FAIRYFORGE;

/// The 8x8 board of the Flying Bomber diagrams (seed 000 and 002).
const BOARD8: &str = "tests/data/bomber-8x8.toml";

/// A variant by built-in name, or by a path (ending in `.toml`) from the repository root.
fn variant(spec: &str) -> Arc<Variant> {
    if spec.ends_with(".toml") {
        Variant::load(root().join(spec)).unwrap_or_else(|e| panic!("{}", e.render()))
    } else {
        game(spec)
    }
}

/// A position of a game with these pieces (a placement, `"Kf1 Fe0 kf10"`), checked like
/// any position string.
fn setup(spec: &str, pieces: &str, side: char) -> Position {
    setup_with(spec, pieces, "", side)
}

fn setup_with(spec: &str, pieces: &str, reserve: &str, side: char) -> Position {
    let v = variant(spec);
    let f = placement::fen(&v, pieces, reserve, side);
    Position::from_fen(&v, &f).unwrap_or_else(|e| panic!("{}", e.render(&f)))
}

/// The moves of the piece on `at`: its legal moves when its side is to move, else its
/// pseudo-legal ones (what it threatens, rules.md § Check and legal moves).
fn piece_move_list(p: &Position, at: &str) -> Vec<Move> {
    let sq = p.variant().geometry().parse_square(at).unwrap();
    let (_, color) = p.piece_at(sq).unwrap_or_else(|| panic!("no piece on {at}"));
    if color == p.side_to_move() {
        p.legal_moves()
            .into_iter()
            .filter(|m| m.from() == sq && !m.is_drop())
            .collect()
    } else {
        p.piece_moves(sq)
    }
}

/// The moves of the piece on `at` as move text (rules.md § Move text), sorted.
fn moves_of(p: &Position, at: &str) -> Vec<String> {
    let mut v: Vec<String> = piece_move_list(p, at)
        .iter()
        .map(|m| p.move_text(m))
        .collect();
    v.sort();
    v
}

/// The squares a move of the piece on `at` (given by its move text (rules.md § Move text)) captures on, sorted.
/// Panics unless exactly one such move exists (rules.md § Counting moves: one move per landing and captures).
fn captures(p: &Position, at: &str, text: &str) -> Vec<String> {
    let g = p.variant().geometry();
    let found: Vec<Move> = piece_move_list(p, at)
        .into_iter()
        .filter(|m| p.move_text(m) == text)
        .collect();
    assert_eq!(found.len(), 1, "exactly one move {text} in {}", p.fen());
    let mut v: Vec<String> = p
        .captures_of(&found[0])
        .iter()
        .map(|(s, ..)| g.name(*s))
        .collect();
    v.sort();
    v
}

fn sq(p: &Position, name: &str) -> fairyforge::Square {
    p.variant().geometry().parse_square(name).unwrap()
}

/// Is the piece on `name` attacked by `by` (rules.md § Check and legal moves)?
fn attacked(p: &Position, name: &str, by: Color) -> bool {
    let s = sq(p, name);
    let fast = p.is_attacked(s, by);
    assert_eq!(
        fast,
        p.is_attacked_slow(s, by),
        "fast and slow attack on {name}"
    );
    fast
}

/// The section of a snapshot for the piece on `at`: the position, its moves one per line
/// (rules.md § Move text, sorted) and the diagram `fairyforge piece` draws, whose own list of moves must be
/// the same.
fn section(spec: &str, p: &Position, at: &str) -> String {
    let moves = moves_of(p, at);
    let (kind, color) = p.piece_at(sq(p, at)).unwrap();
    let letter = placement::letter(p.variant(), kind, color);
    let f = p.fen();
    let (code, out, err) =
        FAIRYFORGE.run(&["piece", spec, &letter.to_string(), "--fen", &f, "--at", at]);
    assert_eq!(code, 0, "fairyforge piece failed: {err}");
    let (diagram, listed) = out
        .split_once("\nmoves:")
        .expect("the diagram ends with its moves");
    let listed: Vec<&str> = listed.split_whitespace().filter(|w| *w != "none").collect();
    assert_eq!(listed, moves, "the piece command lists the same moves");
    let list = if moves.is_empty() {
        format!("moves of {at}: none")
    } else {
        format!("moves of {at} ({}):\n{}", moves.len(), moves.join("\n"))
    };
    format!("position: {f}\n{list}\n\n{}\n", diagram.trim_end())
}

fn snapshot(name: &str, sections: &[String]) {
    insta::assert_snapshot!(name, sections.join("\n"));
}

// ---------------------------------------------------------------------------------------
// Flying Bomber (rules.md § The Flying Bomber). Diagrams 1-3 of seed 000 (and 002, same text), on 8x8 boards.

/// Seed 000/002 diag 1 (rules.md § The Flying Bomber, § Check and legal moves): White's bomber on f4, White piece on e4, Black rook d4,
/// pawn g4, rook h4, bishop f7, king f2, knight f1. "threatening ... the black bishop on f7
/// by moving f4-f8", "the black rook on d4 by moving f4-d4 ... cannot land on any squares
/// beyond d4", "f4-h4 ... bombing pawn on g4 and ... rook on h4 ... cannot move to g4",
/// "the bird IS giving check to the king because it is exactly 2 squares away", "not
/// threatening the knight on f1". Black is to move (in check): the bomber's moves shown are
/// its threats.
#[test]
fn seed000_diag1_bomber_threats_and_check() {
    let p = setup(BOARD8, "Ff4 Pe4 Ka8 rd4 pg4 rh4 bf7 kf2 nf1", 'b');
    assert!(p.is_check(), "the bird IS giving check");
    assert!(attacked(&p, "f2", Color::White));
    assert!(
        !attacked(&p, "f1", Color::White),
        "not threatening the knight on f1"
    );
    for s in ["f7", "d4", "g4", "h4"] {
        assert!(attacked(&p, s, Color::White), "threatens {s}");
    }
    let m = moves_of(&p, "f4");
    assert_eq!(m, ["f4d4", "f4f2", "f4f3", "f4f5", "f4f6", "f4f8", "f4h4"]);
    assert_eq!(captures(&p, "f4", "f4f8"), ["f7"]);
    assert_eq!(captures(&p, "f4", "f4d4"), ["d4"]);
    assert_eq!(captures(&p, "f4", "f4h4"), ["g4", "h4"]);
    assert_eq!(captures(&p, "f4", "f4f2"), ["f2"]);
    snapshot("seed000_diag1", &[section(BOARD8, &p, "f4")]);
}

/// Seed 000/002 diag 1 (rules.md § The Flying Bomber, § Counting moves): "If there was no rook on h4 then the bomber can just
/// capture the pawn by moving f4-h4" (flying over g4 onto h4 and the two-square jump over
/// it are one move, rules.md § Counting moves).
#[test]
fn seed000_diag1_without_the_rook_on_h4() {
    let p = setup(BOARD8, "Ff4 Pe4 Ka8 rd4 pg4 bf7 kf2 nf1", 'b');
    assert_eq!(captures(&p, "f4", "f4h4"), ["g4"]);
    assert!(!moves_of(&p, "f4").contains(&"f4g4".to_string()));
    snapshot("seed000_diag1_no_rook_h4", &[section(BOARD8, &p, "f4")]);
}

/// Seed 000/002 diag 1 (rules.md § The Flying Bomber, § Check and legal moves): "If the king moves, the knight will not be under attack
/// either" (the knight on f1 is three squares away with no square beyond it).
#[test]
fn seed000_diag1_king_moves_knight_still_safe() {
    let mut p = setup(BOARD8, "Ff4 Pe4 Ka8 rd4 pg4 rh4 bf7 kf2 nf1", 'b');
    play(&mut p, &["f2g2"]);
    assert!(!attacked(&p, "f1", Color::White));
    let m = moves_of(&p, "f4");
    assert!(m.contains(&"f4f2".to_string()) && !m.contains(&"f4f1".to_string()));
    snapshot("seed000_diag1_king_moved", &[section(BOARD8, &p, "f4")]);
}

/// Seed 000/002 diag 2 (rules.md § The Flying Bomber, § Check and legal moves): White bomber d4, White pawn f4; Black king d7, rook d8,
/// rook e4, pawn d2. "not checking the king at d7 because there is no empty square behind
/// it", "The rook on e4 is adjacent to the flying bomber and threatening it. But the Flying
/// Bomber cannot do anything because the white pawn occupies f4", "does attack the pawn on
/// d2. It can play d4-d1 OR ... d4-d2".
#[test]
fn seed000_diag2_bomber_hampered() {
    let p = setup(BOARD8, "Fd4 Pf4 Kh1 kd7 rd8 re4 pd2", 'w');
    assert!(
        !attacked(&p, "d7", Color::White),
        "not checking the king at d7"
    );
    assert!(
        attacked(&p, "d4", Color::Black),
        "the rook on e4 threatens the bomber"
    );
    assert!(
        !attacked(&p, "e4", Color::White),
        "the bomber cannot take the rook on e4"
    );
    assert!(
        attacked(&p, "d2", Color::White),
        "the bomber attacks the pawn on d2"
    );
    assert_eq!(captures(&p, "d4", "d4d1"), ["d2"]);
    assert_eq!(captures(&p, "d4", "d4d2"), ["d2"]);
    assert_eq!(
        moves_of(&p, "d4"),
        [
            "d4a4", "d4b4", "d4c4", "d4d1", "d4d2", "d4d3", "d4d5", "d4d6"
        ]
    );
    snapshot("seed000_diag2", &[section(BOARD8, &p, "d4")]);
}

/// Seed 000/002 diag 2 (rules.md § The Flying Bomber, § Check and legal moves): "The rook on d8 is pinned, because moving it would enable
/// the king to be captured": it has pseudo-legal moves along rank 8 but no legal one.
/// "However, the king can simply move away".
#[test]
fn seed000_diag2_rook_d8_pinned() {
    let p = setup(BOARD8, "Fd4 Pf4 Kh1 kd7 rd8 re4 pd2", 'b');
    assert_eq!(p.piece_moves(sq(&p, "d8")).len(), 7, "a8..h8 but d8");
    assert!(moves_of(&p, "d8").is_empty(), "the rook on d8 is pinned");
    assert!(!moves_of(&p, "d7").is_empty(), "the king can move away");
    snapshot(
        "seed000_diag2_pin",
        &[section(BOARD8, &p, "d8"), section(BOARD8, &p, "d7")],
    );
}

/// Seed 000/002 diag 2 (rules.md § The Flying Bomber, § Check and legal moves): after the king moves away "the rook on d8 is not
/// threatened because there is no empty square beyond it".
#[test]
fn seed000_diag2_king_away_rook_not_threatened() {
    let mut p = setup(BOARD8, "Fd4 Pf4 Kh1 kd7 rd8 re4 pd2", 'b');
    play(&mut p, &["d7c7"]);
    assert!(!attacked(&p, "d8", Color::White));
    assert!(!moves_of(&p, "d4").contains(&"d4d8".to_string()));
    snapshot("seed000_diag2_king_away", &[section(BOARD8, &p, "d4")]);
}

/// Seed 000/002 diag 2 (rules.md § The Flying Bomber): "If f4 was an empty square, the bomber could capture the
/// rook" (landing on f4, never further).
#[test]
fn seed000_diag2_f4_empty_bomber_takes_e4() {
    let p = setup(BOARD8, "Fd4 Kh1 kd7 rd8 re4 pd2", 'w');
    assert!(attacked(&p, "e4", Color::White));
    assert_eq!(captures(&p, "d4", "d4f4"), ["e4"]);
    let m = moves_of(&p, "d4");
    assert!(!m.contains(&"d4g4".to_string()) && !m.contains(&"d4e4".to_string()));
    snapshot("seed000_diag2_f4_empty", &[section(BOARD8, &p, "d4")]);
}

/// Seed 000/002 diag 2 (rules.md § The Flying Bomber): "if there was another enemy piece on f4 instead of the white
/// pawn, then the bomber could have captured both pieces".
#[test]
fn seed000_diag2_enemy_on_f4_double_capture() {
    let p = setup(BOARD8, "Fd4 Kh1 kd7 rd8 re4 nf4 pd2", 'w');
    assert_eq!(captures(&p, "d4", "d4f4"), ["e4", "f4"]);
    snapshot("seed000_diag2_f4_enemy", &[section(BOARD8, &p, "d4")]);
}

/// Seed 000/002 diag 3 (rules.md § The Flying Bomber, § Check and legal moves), reconstructed: Black's bomber on a4 "is threatening
/// white's pawns at d4 and a7" (flying over them onto e4 and a8), "the white bishop is
/// defending both pawns (colored squares)" (the bishop on c6 sees both landing squares a8
/// and e4) and "the bishop is also attacking the bird" (c6-b5-a4).
#[test]
fn seed000_diag3_black_bomber_and_the_bishop() {
    let p = setup(BOARD8, "Pd4 Pa7 Bc6 Kh1 fa4 kh8", 'b');
    assert!(attacked(&p, "d4", Color::Black) && attacked(&p, "a7", Color::Black));
    assert!(
        attacked(&p, "a4", Color::White),
        "the bishop is attacking the bird"
    );
    assert_eq!(captures(&p, "a4", "a4a8"), ["a7"]);
    assert_eq!(captures(&p, "a4", "a4e4"), ["d4"]);
    assert_eq!(
        moves_of(&p, "a4"),
        [
            "a4a1", "a4a2", "a4a3", "a4a5", "a4a6", "a4a8", "a4b4", "a4c4", "a4e4"
        ]
    );
    snapshot("seed000_diag3", &[section(BOARD8, &p, "a4")]);
}

/// Seed 000/002 diag 3 (rules.md § The Flying Bomber, § Check and legal moves): the bishop "defending both pawns": after either capture
/// the bomber stands on a square the bishop attacks, and the bishop can take it.
#[test]
fn seed000_diag3_bishop_recaptures() {
    let base = setup(BOARD8, "Pd4 Pa7 Bc6 Kh1 fa4 kh8", 'b');
    let mut sections = Vec::new();
    for (capture, landing) in [("a4a8", "a8"), ("a4e4", "e4")] {
        let mut p = base.clone();
        play(&mut p, &[capture]);
        assert!(
            attacked(&p, landing, Color::White),
            "{capture}: the bishop defends"
        );
        assert_eq!(captures(&p, "c6", &format!("c6{landing}")), [landing]);
        sections.push(section(BOARD8, &p, "c6"));
    }
    snapshot("seed000_diag3_recaptures", &sections);
}

/// Seed 002 (rules.md § The Flying Bomber): "It must capture the enemy piece it jumps over (capturing is not
/// optional)" and "when it makes this jump under above conditions capturing both pieces is
/// mandatory": the only move onto d6 over the enemy on d5 captures it, and the only move
/// over the enemy on e4 onto the enemy on f4 captures both.
#[test]
fn seed002_bomber_jump_capture_is_mandatory() {
    let p = setup(BOARD8, "Fd4 Kh1 pd5 ne4 nf4 kh8", 'w');
    assert_eq!(captures(&p, "d4", "d4d6"), ["d5"]);
    assert_eq!(captures(&p, "d4", "d4f4"), ["e4", "f4"]);
    snapshot("seed002_mandatory", &[section(BOARD8, &p, "d4")]);
}

/// Seed 002 and 001 (rules.md § The Flying Bomber, § Counting moves): "If ... there is one empty square between the Flying Bomber
/// and the enemy piece, the Bomber can either capture by landing two squares away on the
/// target's square or use the standard method of capturing by landing on empty square
/// immediately after target."
#[test]
fn seed002_bomber_two_away_either_way() {
    let p = setup(BOARD8, "Fd4 Kh1 nd6 kh8", 'w');
    assert_eq!(captures(&p, "d4", "d4d6"), ["d6"]);
    assert_eq!(captures(&p, "d4", "d4d7"), ["d6"]);
    assert!(!moves_of(&p, "d4").contains(&"d4d8".to_string()));
    snapshot("seed002_either_way", &[section(BOARD8, &p, "d4")]);
}

/// Seed 000 (rules.md § The Flying Bomber): "The Flying Bomber can fly over one friendly piece adjacent to it ... and
/// land on an empty square immediately after it. When it flies over an adjacent friendly
/// piece, its range is limited to two squares"; and "if there was a friendly piece in
/// immediate vicinity ... and an enemy piece right after it, then the bird can fly over the
/// friendly piece and destroy the piece right after by landing on the same square. Here too
/// it cannot fly over beyond the enemy piece".
#[test]
fn seed000_bomber_over_a_friend() {
    // Up: friend d5, d6 and d7 empty. Right: friend e4, enemy f4, g4 empty.
    let p = setup(BOARD8, "Fd4 Pd5 Ne4 Kh1 bf4 kh8", 'w');
    assert_eq!(captures(&p, "d4", "d4d6"), Vec::<String>::new());
    assert_eq!(captures(&p, "d4", "d4f4"), ["f4"]);
    let m = moves_of(&p, "d4");
    assert!(!m.contains(&"d4d7".to_string()) && !m.contains(&"d4g4".to_string()));
    snapshot("seed000_over_friend", &[section(BOARD8, &p, "d4")]);
}

/// Seed 000 (rules.md § The Flying Bomber): "It cannot fly over or capture a second piece or land on any square
/// beyond the first empty square" and "For a successful bombing, there must be an empty
/// square immediately after the first enemy piece".
#[test]
fn seed000_bomber_first_empty_square_only() {
    // Up the d-file: enemy d5, then d6 and d7 empty: it lands on d6 only. Along rank 2:
    // enemies g2 and h2 in a row, three and four squares away: no capture at all.
    let p = setup(BOARD8, "Fd2 Ka8 nd5 ng2 nh2 kh8", 'w');
    let m = moves_of(&p, "d2");
    assert_eq!(captures(&p, "d2", "d2d6"), ["d5"]);
    assert!(!m.contains(&"d2d7".to_string()));
    assert!(!m.iter().any(|t| ["d2g2", "d2h2"].contains(&t.as_str())));
    assert!(!attacked(&p, "g2", Color::White) && !attacked(&p, "h2", Color::White));
    snapshot("seed000_first_empty", &[section(BOARD8, &p, "d2")]);
}

/// rules.md § Check and legal moves and § The board on the 104-square board (seed 000): a king orthogonally next to an enemy
/// bomber is in check when the square behind it exists and is empty (e1 with e0 behind),
/// not when it is a hole (d1, d0 does not exist).
#[test]
fn r23_bomber_next_to_king_and_the_rear_squares() {
    let p = setup("birds-and-ninjas", "Ke1 fe2 kf10", 'w');
    assert!(p.is_check(), "e0 is empty behind the king");
    let q = setup("birds-and-ninjas", "Kd1 fd2 kf10", 'w');
    assert!(!q.is_check(), "d0 is a hole: nothing lands there");
    snapshot(
        "r23_bomber_rear",
        &[
            section("birds-and-ninjas", &p, "e2"),
            section("birds-and-ninjas", &q, "d2"),
        ],
    );
}

// ---------------------------------------------------------------------------------------
// Ninja Guard (rules.md § The Ninja Guard), Ninja Warrior (§ The Ninja Warrior).

/// Seed 000 (rules.md § The Ninja Guard): "The Ninja Guard on d4 can capture all the pieces in the diagram. It can
/// capture the pawn on b6 by jumping over the knight at c5. It can capture the knight on c3
/// by moving to c3 or by jumping over the knight and landing on b2. It can capture the rook
/// on e5 by moving to e5 or it can capture both the rook and the pawn by jumping over to f6."
#[test]
fn seed000_ninja_guard_d4() {
    let p = setup("birds-and-ninjas", "Gd4 Kf1 nc5 pb6 nc3 re5 pf6 kf10", 'w');
    assert_eq!(captures(&p, "d4", "d4b6"), ["b6", "c5"]);
    assert_eq!(captures(&p, "d4", "d4c5"), ["c5"]);
    assert_eq!(captures(&p, "d4", "d4c3"), ["c3"]);
    assert_eq!(captures(&p, "d4", "d4b2"), ["c3"]);
    assert_eq!(captures(&p, "d4", "d4e5"), ["e5"]);
    assert_eq!(captures(&p, "d4", "d4f6"), ["e5", "f6"]);
    for s in ["c5", "b6", "c3", "e5", "f6"] {
        assert!(attacked(&p, s, Color::White), "captures the piece on {s}");
    }
    assert_eq!(
        moves_of(&p, "d4"),
        [
            "d4b2", "d4b6", "d4c3", "d4c5", "d4e3", "d4e5", "d4f2", "d4f6"
        ]
    );
    snapshot(
        "seed000_ninja_guard_d4",
        &[section("birds-and-ninjas", &p, "d4")],
    );
}

/// Seed 001 (rules.md § The Ninja Guard): "It can leap over a diagonally adjacent piece to land exactly 2 squares
/// away", "It is mandatory to capture when jumping over an enemy piece"; seed 000: it
/// "controls only 8 squares".
#[test]
fn seed001_ninja_guard_leaps_and_must_capture() {
    // Friend c5 (b6 empty): a quiet leap. Enemy e5 (f6 empty): the leap captures it.
    let p = setup("stealth-ninja", "Gd4 Pc5 Kf1 pe5 kf10", 'w');
    assert_eq!(captures(&p, "d4", "d4b6"), Vec::<String>::new());
    assert_eq!(captures(&p, "d4", "d4f6"), ["e5"]);
    assert_eq!(
        moves_of(&p, "d4").len(),
        7,
        "8 squares less the friend's c5"
    );
    snapshot("seed001_ninja_guard", &[section("stealth-ninja", &p, "d4")]);
}

/// rules.md § Check and legal moves (and § The Ninja Guard): "A king next to an enemy Ninja Guard with an empty square behind it is in
/// check": the guard can step onto it or jump over it (capturing it) to the square behind.
#[test]
fn r23_king_next_to_ninja_guard() {
    let p = setup("birds-and-ninjas", "Ke4 gd5 kf10", 'w');
    assert!(p.is_check());
    assert_eq!(captures(&p, "d5", "d5e4"), ["e4"]);
    assert_eq!(captures(&p, "d5", "d5f3"), ["e4"]);
    snapshot(
        "r23_ninja_guard_check",
        &[section("birds-and-ninjas", &p, "d5")],
    );
}

/// Seed 001 (rules.md § The Ninja Warrior): the Ninja Warrior "can move one or two steps orthogonally. It can leap
/// over a piece to land exactly 2 squares away", "capture an adjacent enemy piece by
/// jumping over it. If jumping over an enemy piece this capture is mandatory", "capture two
/// pieces (the first immediately adjacent, and the next right after)".
#[test]
fn seed001_ninja_warrior() {
    // Up: friend d5 (leap to d6). Right: enemy e4, f4 empty. Left: enemies c4 and b4.
    let p = setup("stealth-ninja", "Wd4 Pd5 Kj1 pe4 nc4 nb4 kf10", 'w');
    assert_eq!(captures(&p, "d4", "d4d6"), Vec::<String>::new());
    assert_eq!(captures(&p, "d4", "d4e4"), ["e4"]);
    assert_eq!(captures(&p, "d4", "d4f4"), ["e4"]);
    assert_eq!(captures(&p, "d4", "d4b4"), ["b4", "c4"]);
    assert_eq!(
        moves_of(&p, "d4"),
        ["d4b4", "d4c4", "d4d2", "d4d3", "d4d6", "d4e4", "d4f4"]
    );
    snapshot(
        "seed001_ninja_warrior",
        &[section("stealth-ninja", &p, "d4")],
    );
}

// ---------------------------------------------------------------------------------------
// Insane Ninja (rules.md § The Insane Ninja), Leaping Ninja Guard (§ The Leaping Ninja Guard): seed 003's diagrams.

/// Seed 003 (rules.md § The Insane Ninja): "The Insane Ninja on d4 can capture all the pieces in the diagram ... the
/// pawn on d5 by moving to that square or ... both pawns on d5 and d6 by jumping to d6. It
/// can capture the knight on b4 by jumping over the pawn at c4. It can capture the rook at
/// e4 by moving to e4 or leaping to f4." (The pawn on c4 is White's: the knight is taken
/// alone.) No knight moves (rules.md § The Insane Ninja).
#[test]
fn seed003_insane_ninja_d4() {
    let p = setup("insane-ninja", "Id4 Pc4 Kf1 pd5 pd6 nb4 re4 kf10", 'w');
    assert_eq!(captures(&p, "d4", "d4d5"), ["d5"]);
    assert_eq!(captures(&p, "d4", "d4d6"), ["d5", "d6"]);
    assert_eq!(captures(&p, "d4", "d4b4"), ["b4"]);
    assert_eq!(captures(&p, "d4", "d4e4"), ["e4"]);
    assert_eq!(captures(&p, "d4", "d4f4"), ["e4"]);
    let m = moves_of(&p, "d4");
    assert_eq!(m.len(), 15, "16 squares less c4 (a friend)");
    assert!(
        !m.iter()
            .any(|t| ["d4e6", "d4f5", "d4c6", "d4b5"].contains(&t.as_str()))
    );
    snapshot("seed003_insane_ninja", &[section("insane-ninja", &p, "d4")]);
}

/// Seed 003 (rules.md § The Leaping Ninja Guard): "The Ninja Guard on d5 can capture all the pieces in the diagram. It can
/// also jump to the squares in red [the (3,1) leaps], or move to any square that is 1 step
/// away diagonally that is not occupied by a friendly piece. It can capture the pawn on c4
/// by moving to that square or capture both pawns on c4 and b3 by jumping to b3. It can
/// capture the knight on f7 by jumping over the pawn at e6. It can capture the rook at e4
/// by moving to e4 or leaping to f3." (The pawn on e6 is White's.)
#[test]
fn seed003_leaping_ninja_guard_d5() {
    let p = setup("insane-ninja", "Ld5 Pe6 Kf1 pc4 pb3 nf7 re4 kf10", 'w');
    assert_eq!(captures(&p, "d5", "d5c4"), ["c4"]);
    assert_eq!(captures(&p, "d5", "d5b3"), ["b3", "c4"]);
    assert_eq!(captures(&p, "d5", "d5f7"), ["f7"]);
    assert_eq!(captures(&p, "d5", "d5e4"), ["e4"]);
    assert_eq!(captures(&p, "d5", "d5f3"), ["e4"]);
    let m = moves_of(&p, "d5");
    for leap in ["a4", "a6", "c2", "c8", "e2", "e8", "g4", "g6"] {
        assert!(m.contains(&format!("d5{leap}")), "the (3,1) leap to {leap}");
    }
    assert!(!m.contains(&"d5e6".to_string()), "not onto a friend");
    assert_eq!(m.len(), 15);
    snapshot(
        "seed003_leaping_ninja_guard",
        &[section("insane-ninja", &p, "d5")],
    );
}

/// Seed 001 (rules.md § The Leaping Ninja Guard): the Leaping Ninja Guard's "3, 1 leap ... When using this mode of
/// movement, they capture by replacement. (The jump over capture is reserved for the 2
/// square diagonal leap)": enemies on the squares between d4 and g5/g3 stay.
#[test]
fn seed001_leaping_ninja_guard_camel_replaces_only() {
    let p = setup(
        "stealth-ninja-alternative-setup",
        "Ld4 Kj1 pe4 pf4 ng4 ng5 kf10",
        'w',
    );
    assert_eq!(captures(&p, "d4", "d4g5"), ["g5"]);
    assert_eq!(captures(&p, "d4", "d4g3"), Vec::<String>::new());
    snapshot(
        "seed001_leaping_camel",
        &[section("stealth-ninja-alternative-setup", &p, "d4")],
    );
}

// ---------------------------------------------------------------------------------------
// Stealth Gryphon (rules.md § The Stealth Gryphon) and Anti-Gryphon (§ The Stealth Anti-Gryphon): seed 001.

/// Seed 001 (rules.md § The Stealth Gryphon, § The board): "Partial board shows white king on e0 and black Stealth Gryphon on
/// h1 ... hampered by the edge of the board but still exerts great influence ... it is not
/// checking king because it needs to go one diagonal first and then 2 or more orthogonal
/// outwards and there is no such path towards the king."
#[test]
fn seed001_gryphon_h1_near_the_edge() {
    let p = setup("stealth-ninja", "Ke0 yh1 kf10", 'b');
    assert!(
        !attacked(&p, "e0", Color::Black),
        "not checking the king on e0"
    );
    let w = setup("stealth-ninja", "Ke0 yh1 kf10", 'w');
    assert!(!w.is_check());
    let m = moves_of(&p, "h1");
    assert_eq!(m.len(), 19, "a2-e2, g4-g10, i4-i10");
    assert!(!m.contains(&"h1f2".to_string()) && !m.contains(&"h1g3".to_string()));
    snapshot("seed001_gryphon_h1", &[section("stealth-ninja", &p, "h1")]);
}

/// Seed 001 (rules.md § The Stealth Gryphon, § The board, § Reserves and drops): a Gryphon reaches a rear square (d3-e2-e1-e0) and moves from
/// one (where it is dropped): after the diagonal step it never stops before the second
/// orthogonal square, and holes stop its lines.
#[test]
fn seed001_gryphon_and_the_rear_squares() {
    let p = setup("stealth-ninja", "Yd3 Kj1 kf10", 'w');
    assert!(moves_of(&p, "d3").contains(&"d3e0".to_string()));
    let mut q = setup_with("stealth-ninja", "Kj1 kf10", "Y", 'w');
    play(&mut q, &["Y@e0", "f10g10"]);
    let m = moves_of(&q, "e0");
    assert!(!m.contains(&"e0d1".to_string()) && !m.contains(&"e0c1".to_string()));
    assert!(m.contains(&"e0b1".to_string()) && m.contains(&"e0f10".to_string()));
    snapshot(
        "seed001_gryphon_rear",
        &[
            section("stealth-ninja", &p, "d3"),
            section("stealth-ninja", &q, "e0"),
        ],
    );
}

/// Seed 001 (rules.md § The Stealth Anti-Gryphon): "Partial board shows black Stealth Anti-Gryphon on e4. Note that it will
/// control more squares on the actual board": one orthogonal step, then 2 or more squares
/// diagonally outward.
#[test]
fn seed001_anti_gryphon_e4() {
    let p = setup("stealth-ninja", "Kj1 ae4 kf10", 'b');
    let m = moves_of(&p, "e4");
    assert_eq!(m.len(), 18);
    for near in ["e4f5", "e4d5", "e4f3", "e4d3", "e4f6", "e4g5"] {
        assert!(!m.contains(&near.to_string()), "{near}: too short");
    }
    snapshot(
        "seed001_anti_gryphon_e4",
        &[section("stealth-ninja", &p, "e4")],
    );
}

/// Seed 001 (rules.md § The Stealth Anti-Gryphon): "Notice its long-range prowess but short-range vulnerability. Esp note
/// how easily a piece can block its path": a piece on the orthogonal step square (e5) or on
/// the first diagonal square (g5) blocks everything beyond; it captures by replacement
/// (b6) and stops there.
#[test]
fn seed001_anti_gryphon_blocked() {
    let p = setup("stealth-ninja", "Pe5 Ng5 Rb6 Kj1 ae4 kf10", 'b');
    assert_eq!(captures(&p, "e4", "e4b6"), ["b6"]);
    assert!(!attacked(&p, "g5", Color::Black) && !attacked(&p, "e5", Color::Black));
    assert_eq!(
        moves_of(&p, "e4"),
        ["e4a1", "e4b2", "e4b6", "e4c1", "e4g1", "e4h2", "e4i1"]
    );
    snapshot(
        "seed001_anti_gryphon_blocked",
        &[section("stealth-ninja", &p, "e4")],
    );
}

/// Seed 001 (rules.md § The Stealth Anti-Gryphon, § The board): an Anti-Gryphon reaches a rear square (h2-g2, then f1 and e0).
#[test]
fn seed001_anti_gryphon_reaches_e0() {
    let p = setup("stealth-ninja", "Ah2 Ka1 kf10", 'w');
    let m = moves_of(&p, "h2");
    assert!(m.contains(&"h2e0".to_string()) && !m.contains(&"h2f1".to_string()));
    assert_eq!(m.len(), 13);
    snapshot(
        "seed001_anti_gryphon_e0",
        &[section("stealth-ninja", &p, "h2")],
    );
}

// ---------------------------------------------------------------------------------------
// Super Cannon (rules.md § The Super Cannon): seed 001 (alternative reinforcements) and 004.

const REINF: &str = "stealth-ninja-alternative-reinforcements";

/// Seed 001/004 (rules.md § The Super Cannon): "With a friendly screen, the Super Cannon captures the enemy piece by
/// leaping over the screen and landing on the target's square" (the screen stays).
#[test]
fn seed001_super_cannon_friendly_screen() {
    let p = setup(REINF, "Cd4 Nd6 Kj1 bd8 kf10", 'w');
    assert_eq!(captures(&p, "d4", "d4d8"), ["d8"]);
    assert!(!moves_of(&p, "d4").contains(&"d4d7".to_string()));
    snapshot(
        "seed001_cannon_friendly_screen",
        &[section(REINF, &p, "d4")],
    );
}

/// Seed 001/004 (rules.md § The Super Cannon): "If the screen is an enemy piece then the firing mechanism of the
/// Super Cannon is altered to destroy both its target and the screen at the same time!"
#[test]
fn seed001_super_cannon_enemy_screen_double_capture() {
    let p = setup(REINF, "Cd4 Kj1 pf4 rh4 ka10", 'w');
    assert_eq!(captures(&p, "d4", "d4h4"), ["f4", "h4"]);
    assert!(
        attacked(&p, "f4", Color::White),
        "the screen is attacked too (rules.md § Check and legal moves)"
    );
    let m = moves_of(&p, "d4");
    assert!(!m.contains(&"d4f4".to_string()) && !m.contains(&"d4g4".to_string()));
    snapshot("seed001_cannon_enemy_screen", &[section(REINF, &p, "d4")]);
}

/// Seed 001/004 (rules.md § The Super Cannon): "It can also jump over an adjacent friendly piece to land 2 squares
/// away. Note that it cannot jump over an enemy piece in this manner."
#[test]
fn seed001_super_cannon_jumps_friends_only() {
    let p = setup(REINF, "Cd4 Pd5 Kj1 pe4 ka10", 'w');
    let m = moves_of(&p, "d4");
    assert!(m.contains(&"d4d6".to_string()), "over the friend on d5");
    assert!(!m.contains(&"d4d7".to_string()), "exactly 2 squares");
    assert!(!m.contains(&"d4f4".to_string()), "not over the enemy on e4");
    assert_eq!(m, ["d4a4", "d4b4", "d4c4", "d4d1", "d4d2", "d4d3", "d4d6"]);
    snapshot("seed001_cannon_jump", &[section(REINF, &p, "d4")]);
}

/// rules.md § Check and legal moves with § The Super Cannon: a king used as an enemy screen is attacked ("or screen"): a capture past
/// it would take it too.
#[test]
fn r23_king_as_enemy_screen_is_in_check() {
    let p = setup(REINF, "Cd4 Kj1 kd6 rd8", 'b');
    assert!(p.is_check());
    assert_eq!(captures(&p, "d4", "d4d8"), ["d6", "d8"]);
    snapshot("r23_cannon_screen_check", &[section(REINF, &p, "d4")]);
}

// ---------------------------------------------------------------------------------------
// Pawn (rules.md § Pawns) and en passant (§ En passant): the Birds and Ninjas rules section of seed 000.

const BN: &str = "birds-and-ninjas";

/// Seed 000 (rules.md § Pawns): "The white pawn at f2 can start f2-f5 or ... move f2-g3 to capture enemy
/// piece at g3".
#[test]
fn seed000_pawn_f2_one_to_three() {
    let p = setup(BN, "Pf2 Ke1 ng3 ke10", 'w');
    assert_eq!(moves_of(&p, "f2"), ["f2f3", "f2f4", "f2f5", "f2g3"]);
    snapshot("seed000_pawn_f2", &[section(BN, &p, "f2")]);
}

/// Seed 000 (rules.md § Pawns): "or it can move f2-f4 then f4-f5, or f2-f3 followed by f3-f5, or move
/// f2-g3 to capture ... followed by g3-g5 next time it moves" (at any time, rules.md § Pawns), and "Once
/// the pawn reaches the center row, it can move forward only one square at a time".
#[test]
fn seed000_pawn_later_moves() {
    let mut sections = Vec::new();
    for (first, at, want) in [
        ("f2f4", "f4", vec!["f4f5"]),
        ("f2f3", "f3", vec!["f3f4", "f3f5"]),
        ("f2g3", "g3", vec!["g3g4", "g3g5"]),
    ] {
        let mut p = setup(BN, "Pf2 Ke1 ng3 ke10", 'w');
        play(&mut p, &[first, "e10d10"]);
        assert_eq!(moves_of(&p, at), want, "after {first}");
        sections.push(section(BN, &p, at));
    }
    let mut p = setup(BN, "Pf2 Ke1 ke10", 'w');
    play(&mut p, &["f2f5", "e10d10"]);
    assert_eq!(moves_of(&p, "f5"), ["f5f6"]);
    sections.push(section(BN, &p, "f5"));
    snapshot("seed000_pawn_later", &sections);
}

/// Seed 000 (rules.md § En passant): "White pawn on a2 black pawn on b4. If the white pawn moves from a2 to a4
/// or a5, the black pawn on b4 can capture it as if it had moved to a3."
#[test]
fn seed000_en_passant_a2_a4_or_a5_b4_takes_on_a3() {
    let mut sections = Vec::new();
    for (push, eps, victim) in [("a2a4", "a3", "a4"), ("a2a5", "a3a4", "a5")] {
        let mut p = setup(BN, "Pa2 Kf1 pb4 kf10", 'w');
        play(&mut p, &[push]);
        assert_eq!(
            p.fen().split(' ').nth(3),
            Some(eps),
            "position-string targets after {push}"
        );
        assert_eq!(moves_of(&p, "b4"), ["b4a3", "b4b3"]);
        assert_eq!(captures(&p, "b4", "b4a3"), [victim]);
        sections.push(section(BN, &p, "b4"));
    }
    snapshot("seed000_ep_b4", &sections);
}

/// Seed 000 (rules.md § En passant): "if the black pawn is on b5 instead and the white pawn moves to a5 from
/// a2 then the black pawn can capture the white pawn as if it moved to a4. Note in this
/// case the white pawn can still avoid the black pawn by moving to a3 instead."
#[test]
fn seed000_en_passant_b5_and_avoiding_it() {
    let mut p = setup(BN, "Pa2 Kf1 pb5 kf10", 'w');
    play(&mut p, &["a2a5"]);
    assert_eq!(moves_of(&p, "b5"), ["b5a4", "b5b4"]);
    assert_eq!(captures(&p, "b5", "b5a4"), ["a5"]);
    let mut q = setup(BN, "Pa2 Kf1 pb5 kf10", 'w');
    play(&mut q, &["a2a3"]);
    assert_eq!(moves_of(&q, "b5"), ["b5b4"]);
    snapshot(
        "seed000_ep_b5",
        &[section(BN, &p, "b5"), section(BN, &q, "b5")],
    );
}

/// Seed 000 (rules.md § En passant): "If a pawn slides forward 2 squares on its second move, it can also be
/// captured en passant ... white pawn on a3 and black pawn on b5. White plays a3-a5, black
/// pawn on b5 can capture the pawn en passant by moving to a4."
#[test]
fn seed000_en_passant_a3_a5() {
    let mut p = setup(BN, "Pa3 Kf1 pb5 kf10", 'w');
    play(&mut p, &["a3a5"]);
    assert_eq!(captures(&p, "b5", "b5a4"), ["a5"]);
    snapshot("seed000_ep_a3a5", &[section(BN, &p, "b5")]);
}

/// Seed 000 (rules.md § En passant): "The capture must be made on the next move."
#[test]
fn seed000_en_passant_only_at_once() {
    let mut p = setup(BN, "Pa2 Kf1 pb4 kf10", 'w');
    play(&mut p, &["a2a4", "f10f9", "f1f2"]);
    assert_eq!(moves_of(&p, "b4"), ["b4b3"]);
    snapshot("seed000_ep_later", &[section(BN, &p, "b4")]);
}

// ---------------------------------------------------------------------------------------
// Ninja pawn (rules.md § Pawns, § Reserves and drops) and grand ninja pawn (§ Pawns).

/// Seed 000/001/003 (rules.md § Pawns): "Thus White can on each turn move from e2-e3, e3-d3 and d3-d5."
#[test]
fn seed000_ninja_pawn_e2_e3_d3_d5() {
    let mut p = setup(BN, "Je2 Kj1 kf10", 'w');
    let mut sections = vec![section(BN, &p, "e2")];
    assert_eq!(moves_of(&p, "e2"), ["e2d2", "e2e3", "e2e4", "e2e5", "e2f2"]);
    play(&mut p, &["e2e3", "f10f9"]);
    sections.push(section(BN, &p, "e3"));
    play(&mut p, &["e3d3", "f9f10"]);
    sections.push(section(BN, &p, "d3"));
    play(&mut p, &["d3d5"]);
    assert_eq!(
        p.fen().split(' ').nth(3),
        Some("-"),
        "no en passant (rules.md § Pawns)"
    );
    snapshot("seed000_ninja_pawn_e2_d5", &sections);
}

/// Seed 000 (rules.md § Pawns): "Lets say the white ninja pawn went from e3-f3, it still has the option
/// of shooting forward to the middle (f5) regardless of how many moves it made before. e.g.
/// it can go e2-e3, then e3-f3. It can now ... go f3-f5 if unobstructed."
#[test]
fn seed000_ninja_pawn_e3_f3_f5() {
    let mut p = setup(BN, "Je2 Kj1 kf10", 'w');
    play(&mut p, &["e2e3", "f10f9", "e3f3", "f9f10"]);
    assert!(moves_of(&p, "f3").contains(&"f3f5".to_string()));
    let before = section(BN, &p, "f3");
    play(&mut p, &["f3f5", "f10f9"]);
    assert_eq!(moves_of(&p, "f5"), ["f5e5", "f5f6", "f5g5"]);
    snapshot("seed000_ninja_pawn_f3_f5", &[before, section(BN, &p, "f5")]);
}

/// Seed 000 (rules.md § Pawns, § Promotion): "The white ninja pawn at h9 can capture the bishop at i9 in
/// addition to being able to go to g9 or to promote by going to h10."
#[test]
fn seed000_ninja_pawn_h9() {
    let p = setup(BN, "Jh9 Kb1 bi9 kd10", 'w');
    assert_eq!(captures(&p, "h9", "h9i9"), ["i9"]);
    let m = moves_of(&p, "h9");
    assert!(m.contains(&"h9g9".to_string()) && !m.contains(&"h9h10".to_string()));
    assert_eq!(
        m,
        [
            "h9g9", "h9h10b", "h9h10f", "h9h10g", "h9h10n", "h9h10q", "h9h10r", "h9i9"
        ]
    );
    snapshot("seed000_ninja_pawn_h9", &[section(BN, &p, "h9")]);
}

/// Seed 000 (rules.md § Pawns, § En passant): "the black ninja pawn can go from e9-e6 or any other square in
/// between or d9 or f9. The white pawn at f7 cannot capture it en passant".
#[test]
fn seed000_black_ninja_pawn_e9_e6_no_en_passant() {
    let mut p = setup(BN, "Pf7 Ka1 je9 ka10", 'b');
    assert_eq!(moves_of(&p, "e9"), ["e9d9", "e9e6", "e9e7", "e9e8", "e9f9"]);
    let first = section(BN, &p, "e9");
    play(&mut p, &["e9e6"]);
    assert_eq!(p.fen().split(' ').nth(3), Some("-"));
    assert_eq!(moves_of(&p, "f7"), ["f7f8"], "no en passant on e8 or e7");
    snapshot("seed000_ninja_pawn_e9_e6", &[first, section(BN, &p, "f7")]);
}

/// rules.md § En passant (seed 000: "It cannot capture another pawn ... en passant"): a white ninja pawn on
/// b7 beside the squares a black pawn passed (a8, a7) takes nothing; a7 is a plain
/// sideways move.
#[test]
fn r14_ninja_pawn_never_captures_en_passant() {
    let mut p = setup(BN, "Jb7 Kj1 pa9 kf10", 'b');
    play(&mut p, &["a9a6"]);
    assert_eq!(p.fen().split(' ').nth(3), Some("a8a7"));
    assert_eq!(moves_of(&p, "b7"), ["b7a7", "b7b8", "b7c7"]);
    assert_eq!(captures(&p, "b7", "b7a7"), Vec::<String>::new());
    snapshot("r14_ninja_pawn_no_ep", &[section(BN, &p, "b7")]);
}

/// Seed 000 (rules.md § Pawns, § Halves and the middle rank): "Once it passes the middle, the ninja pawn can only move 1 square
/// forward at a time, or move 1 square horizontally", and "When the ninja pawn is on the
/// top half of board (White rank 6 +...), it can also capture one square horizontally" -
/// not on the middle rank 5.
#[test]
fn seed000_ninja_pawn_upper_half() {
    let p = setup(BN, "Je6 Kj1 nd6 kf10", 'w');
    assert_eq!(moves_of(&p, "e6"), ["e6d6", "e6e7", "e6f6"]);
    assert_eq!(captures(&p, "e6", "e6d6"), ["d6"]);
    let q = setup(BN, "Je5 Kj1 nd5 kf10", 'w');
    assert_eq!(moves_of(&q, "e5"), ["e5e6", "e5f5"]);
    assert!(!attacked(&q, "d5", Color::White));
    snapshot(
        "seed000_ninja_pawn_halves",
        &[section(BN, &p, "e6"), section(BN, &q, "e5")],
    );
}

/// Seed 000 (rules.md § Reserves and drops): the ninja pawn "is dropped ... into an empty space of the 2nd rank",
/// "the player can just drop a pawn, or drop a pawn and move it 1-3 vacant squares towards
/// the center", "A capture is not permitted during the drop". (Drops have no piece diagram.)
#[test]
fn seed000_ninja_pawn_drops_and_push() {
    let p = setup_with(
        BN,
        "Pa2 Pb2 Pc2 Pd2 Pf2 Pg2 Ph2 Pi2 Pj2 Kf1 ne4 kf10",
        "J",
        'w',
    );
    let mut drops: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.is_drop())
        .map(|m| p.move_text(m))
        .collect();
    drops.sort();
    assert_eq!(drops, ["J@e2", "J@e2e3"], "the knight on e4 stops the push");
    insta::assert_snapshot!(
        "seed000_ninja_pawn_drops",
        format!("position: {}\n{}", p.fen(), drops.join("\n"))
    );
}

const FBG: &str = "flying-bombers-grand";

/// Seed 002 (rules.md § Pawns): "Thus White can on each turn move from e2-e3, e3-d3 and d3-d5" with the
/// grand ninja pawn too.
#[test]
fn seed002_grand_ninja_pawn_e2_e3_d3_d5() {
    let mut p = setup(FBG, "Je2 Kj1 kf10", 'w');
    let mut sections = vec![section(FBG, &p, "e2")];
    play(&mut p, &["e2e3", "f10f9"]);
    sections.push(section(FBG, &p, "e3"));
    play(&mut p, &["e3d3", "f9f10"]);
    assert_eq!(moves_of(&p, "d3"), ["d3c3", "d3d4", "d3d5", "d3e3"]);
    sections.push(section(FBG, &p, "d3"));
    play(&mut p, &["d3d5"]);
    snapshot("seed002_grand_ninja_pawn_e2_d5", &sections);
}

/// Seed 002 (rules.md § Pawns): "From the middle exactly, (rank 5 for white...), the ninja pawn can move
/// only 1 square forward, but thereafter as soon as it enters enemy territory ... the pawn
/// can go forward either 1 OR 2 empty spaces"; it captures sideways there.
#[test]
fn seed002_grand_ninja_pawn_middle_and_enemy_half() {
    let p = setup(FBG, "Je5 Kj1 kf10", 'w');
    assert_eq!(moves_of(&p, "e5"), ["e5d5", "e5e6", "e5f5"]);
    let q = setup(FBG, "Je6 Kj1 nd6 kf10", 'w');
    assert_eq!(moves_of(&q, "e6"), ["e6d6", "e6e7", "e6e8", "e6f6"]);
    assert_eq!(captures(&q, "e6", "e6d6"), ["d6"]);
    snapshot(
        "seed002_grand_ninja_pawn_halves",
        &[section(FBG, &p, "e5"), section(FBG, &q, "e6")],
    );
}

/// Seed 002 (rules.md § Pawns, § Promotion): "like the standard pawn, it can reach the promotion square from its
/// start position in a minimum of 4 moves": e2-e5, e5-e6, e6-e8, e8-e10 (promoting).
#[test]
fn seed002_grand_ninja_pawn_promotes_in_four_moves() {
    let mut p = setup(FBG, "Je2 Kj1 ka10", 'w');
    play(
        &mut p,
        &["e2e5", "a10b10", "e5e6", "b10a10", "e6e8", "a10b10"],
    );
    let m = moves_of(&p, "e8");
    assert_eq!(
        m,
        [
            "e8d8", "e8e10b", "e8e10f", "e8e10n", "e8e10q", "e8e10r", "e8e9", "e8f8"
        ]
    );
    let s = section(FBG, &p, "e8");
    play(&mut p, &["e8e10q"]);
    snapshot("seed002_grand_ninja_pawn_four_moves", &[s]);
}

// ---------------------------------------------------------------------------------------
// A new piece from the primitives alone.

/// A Flying Bomber on the diagonals, defined by a test from the primitives of rules.md § The Flying Bomber (slide,
/// flyover, jump with capture-over): it loads and moves exactly as its definition says.
#[test]
fn new_piece_diagonal_flying_bomber() {
    let text = r#"
name = "Diagonal bombers"
import = "pieces.toml"
pieces = ["king", "chess-pawn", "diagonal-bomber"]
setup = "4k3/8/8/8/8/8/8/3DK3 w - - 0 1"

[board]
files = 8
ranks = 8

[piece.diagonal-bomber]
name = "Diagonal Bomber"
letter = "D"
moves = [
  { slide = "diagonal", mode = "move" },
  { flyover = "diagonal" },
  { jump = "diagonal", capture-over = true },
]
"#;
    let v =
        Variant::parse("diagonal-bombers.toml", text).unwrap_or_else(|e| panic!("{}", e.render()));
    let f = placement::fen(&v, "Dd4 Pc3 Kh1 pe5 pc5 pb6 pf2 kh8", "", 'w');
    let p = Position::from_fen(&v, &f).unwrap();
    // NE: enemy e5, f6 empty: fly over it (= the jump, one move, rules.md § Counting moves); never g7 or h8.
    // NW: enemies c5 and b6: the jump takes both; no fly-over (b6 is not empty).
    // SW: friend c3: jump to b2 (quiet); no slide past it.
    // SE: e3 empty, enemy f2, g1 empty: step to e3, jump onto f2, fly over it to g1.
    assert_eq!(
        moves_of(&p, "d4"),
        ["d4b2", "d4b6", "d4e3", "d4f2", "d4f6", "d4g1"]
    );
    assert_eq!(captures(&p, "d4", "d4f6"), ["e5"]);
    assert_eq!(captures(&p, "d4", "d4b6"), ["b6", "c5"]);
    assert_eq!(captures(&p, "d4", "d4b2"), Vec::<String>::new());
    assert_eq!(captures(&p, "d4", "d4f2"), ["f2"]);
    assert_eq!(captures(&p, "d4", "d4g1"), ["f2"]);
    // The same from a file on disk.
    let dir = fairyforge_tests::temp_dir("diag-bomber");
    let path = dir.join("diagonal-bombers.toml");
    std::fs::write(&path, text).unwrap();
    let w = Variant::load(&path).unwrap_or_else(|e| panic!("{}", e.render()));
    let q = Position::from_fen(&w, &f).unwrap();
    assert_eq!(moves_of(&q, "d4"), moves_of(&p, "d4"));
}
