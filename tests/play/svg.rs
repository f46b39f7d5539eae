//! The SVG picture of `fairyforge show --svg`: well-formed XML, the board in its real
//! shape, every piece, both reserves and the title.

use crate::FAIRYFORGE;

/// Writes `show ARGS --svg FILE` to a temporary file and returns the SVG text.
fn svg_of(name: &str, args: &[&str]) -> String {
    let dir = fairyforge_tests::temp_dir("show-svg");
    let file = dir.join(format!("{name}.svg"));
    let path = file.to_str().unwrap();
    let mut all = vec!["show"];
    all.extend_from_slice(args);
    all.extend(["--svg", path]);
    let (code, out, err) = FAIRYFORGE.run(&all);
    assert_eq!(code, 0, "show {args:?}: {err}");
    assert!(out.ends_with(&format!("wrote {path}\n")), "{out}");
    std::fs::read_to_string(&file).unwrap()
}

fn attr(n: &roxmltree::Node, a: &str) -> String {
    n.attribute(a).unwrap_or_default().to_string()
}

#[test]
fn birds_and_ninjas_start_picture() {
    let text = svg_of("bn-start", &["birds-and-ninjas"]);
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let title: Vec<_> = root
        .children()
        .filter(|n| n.has_tag_name("title"))
        .collect();
    assert_eq!(title.len(), 1);
    assert_eq!(title[0].text(), Some("Birds and Ninjas - White to move"));
    // The squares: every rect of one square's size; 104 of them (rules.md § The board), 10 per full rank
    // and 2 on each of ranks 11 and 0.
    let squares: Vec<_> = root
        .descendants()
        .filter(|n| n.has_tag_name("rect") && attr(n, "width") == "48")
        .collect();
    assert_eq!(squares.len(), 104);
    let mut rows: Vec<(i32, usize)> = Vec::new();
    for s in &squares {
        let y: i32 = attr(s, "y").parse().unwrap();
        match rows.iter_mut().find(|(r, _)| *r == y) {
            Some((_, n)) => *n += 1,
            None => rows.push((y, 1)),
        }
    }
    rows.sort();
    let per_row: Vec<usize> = rows.iter().map(|(_, n)| *n).collect();
    assert_eq!(per_row, [2, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 2]);
    // The pieces: one picture each (a group scaled from its 100 x 100 box); 40 on the main
    // board and 4 Flying Bombers on the rear squares, then one per reserve.
    let pictures = root
        .descendants()
        .filter(|n| n.has_tag_name("g") && attr(n, "transform").contains("scale("))
        .count();
    assert_eq!(pictures, 44 + 2);
    // The chess pieces are drawn as such, unlettered; the others carry their letter on a
    // medallion: the Flying Bombers, the Ninja Guards and the ninja pawns in reserve.
    let letters: Vec<String> = root
        .descendants()
        .filter(|n| n.has_tag_name("text") && attr(n, "font-weight") == "bold")
        .map(|n| n.text().unwrap_or_default().to_string())
        .collect();
    let count = |l: &str| letters.iter().filter(|x| *x == l).count();
    assert_eq!(
        count("F"),
        4,
        "Flying Bombers on e0 f0 e11 f11: {letters:?}"
    );
    assert_eq!(count("G"), 4, "{letters:?}");
    assert_eq!(count("J"), 2, "one ninja pawn per reserve: {letters:?}");
    assert_eq!(letters.len(), 10, "{letters:?}");
    // Both reserves, each with its count.
    let texts: Vec<String> = root
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or_default().to_string())
        .collect();
    assert!(texts.iter().any(|t| t == "White reserve"), "{texts:?}");
    assert!(texts.iter().any(|t| t == "Black reserve"), "{texts:?}");
    assert_eq!(texts.iter().filter(|t| *t == "x4").count(), 2, "{texts:?}");
}

/// Every built-in game's start, and positions with a last move, a capture, drops and an
/// end of game, give well-formed SVG with a title naming the game.
#[test]
fn every_picture_is_well_formed() {
    let (_, list, _) = FAIRYFORGE.run(&["list"]);
    let games: Vec<&str> = list
        .lines()
        .filter(|l| !l.starts_with(' '))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(games.len() >= 10, "{list}");
    let mut cases: Vec<(String, Vec<&str>)> =
        games.iter().map(|g| (g.to_string(), vec![*g])).collect();
    let mut mate = vec!["birds-and-ninjas", "--moves"];
    mate.extend_from_slice(super::games::DOUBLE_CAPTURE_MATE);
    cases.push(("bn-mate".into(), mate));
    cases.push((
        "fb-moves".into(),
        vec!["flying-bombers-grand", "--moves", "e2e5", "d9d6", "J@e2e4"],
    ));
    for (name, args) in &cases {
        let text = svg_of(name, args);
        let doc = roxmltree::Document::parse(&text)
            .unwrap_or_else(|e| panic!("{name}: not well-formed XML: {e}"));
        let title = doc
            .root_element()
            .children()
            .find(|n| n.has_tag_name("title"))
            .and_then(|n| n.text().map(str::to_string))
            .unwrap_or_default();
        assert!(title.contains(" to move"), "{name}: title `{title}`");
    }
}
