//! The description as text: Markdown with one fact a line (`label: value`), sections for
//! the board, setup, each piece and each rule, pictures in `text` blocks. [`super::diff`]
//! reads it back.

use std::fmt::Write;

use super::{Description, PieceFacts};

/// Words wrapped to lines of at most `width` characters, continuation lines indented by
/// two spaces.
pub(crate) fn wrap(head: &str, words: &[String], width: usize) -> String {
    let mut out = String::from(head);
    let mut col = head.len();
    for w in words {
        if col + 1 + w.len() > width && col > head.len() {
            out.push_str("\n ");
            col = 1;
        }
        out.push(' ');
        out.push_str(w);
        col += 1 + w.len();
    }
    out.push('\n');
    out
}

fn picture(out: &mut String, text: &str) {
    out.push_str("```text\n");
    out.push_str(text);
    out.push_str("```\n\n");
}

/// A value in pawns without trailing zeros: `3`, `3.4`, `5.25`.
fn pawns(v: f64) -> String {
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// The id's name in the description (`queen` as `Queen (Q)`).
fn piece_name(d: &Description, id: &str) -> String {
    match d.pieces.iter().find(|p| p.id == id) {
        Some(p) => format!("{} ({})", p.name, p.letter),
        None => id.to_string(),
    }
}

pub(crate) fn write(d: &Description) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# {}\n", d.name);
    if !d.description.is_empty() {
        let _ = writeln!(out, "description: {}\n", d.description);
    }
    board(&mut out, d);
    setup(&mut out, d);
    out.push_str("## Pieces\n\n");
    out.push_str("Moves are given for White; Black's are the same mirrored across the middle of the board. Each diagram shows a lone White piece on an empty board: `[ ]` the piece, `*` a square it moves to, `x` a square where it would capture an enemy piece but cannot move to when it is empty. The captures list the squares where it takes an enemy piece standing there alone.\n\n");
    for p in &d.pieces {
        piece(&mut out, p);
    }
    promotion(&mut out, d);
    drops(&mut out, d);
    gating(&mut out, d);
    castling(&mut out, d);
    options(&mut out, d);
    out.push_str("## End of the game\n\n");
    for e in &d.end {
        let _ = writeln!(out, "- {e}");
    }
    out.push_str("\n## Perft from the start\n\n");
    for (i, n) in d.perft.iter().enumerate() {
        let _ = writeln!(out, "depth {}: {n}", i + 1);
    }
    out
}

fn board(out: &mut String, d: &Description) {
    let b = &d.board;
    let last_file = crate::geometry::file_char(b.files.saturating_sub(1));
    let _ = writeln!(
        out,
        "## Board\n\nsize: {} files (a-{last_file}), {} ranks (1-{}), {} squares",
        b.files, b.ranks, b.ranks, b.squares
    );
    let list = |v: &[String]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(" ")
        }
    };
    let _ = writeln!(out, "extra squares: {}", list(&b.extra));
    let _ = writeln!(out, "holes: {}\n", list(&b.holes));
}

fn setup(out: &mut String, d: &Description) {
    let s = &d.setup;
    let _ = writeln!(
        out,
        "## Setup\n\nposition: {}\nto move: {}",
        s.position, s.to_move
    );
    if !d.drops.is_empty() || s.reserves.iter().any(|r| !r.is_empty()) {
        for (side, list) in ["White", "Black"].iter().zip(&s.reserves) {
            let items: Vec<String> = list
                .iter()
                .map(|r| format!("{} x{}", piece_name(d, &r.piece), r.count))
                .collect();
            let items = if items.is_empty() {
                "empty".to_string()
            } else {
                items.join(", ")
            };
            let _ = writeln!(out, "{side}'s reserve: {items}");
        }
    }
    out.push('\n');
    picture(out, &s.picture);
}

fn piece(out: &mut String, p: &PieceFacts) {
    let _ = writeln!(out, "### {} {} ({})\n", p.letter, p.name, p.id);
    if p.royal {
        out.push_str("value: royal (it must never be left attacked)\n");
    } else {
        let _ = writeln!(out, "value: {}", pawns(p.value));
    }
    if p.pawn {
        out.push_str("pawn: yes\n");
    }
    out.push_str("moves:\n");
    for m in &p.moves {
        let _ = writeln!(out, "- {m}");
    }
    out.push('\n');
    for dg in &p.diagrams {
        let _ = writeln!(out, "#### From {} ({})\n", dg.square, dg.why);
        let head = format!("moves ({}):", dg.moves.len());
        if dg.moves.is_empty() {
            let _ = writeln!(out, "{head} none");
        } else {
            out.push_str(&wrap(&head, &dg.moves, 78));
        }
        let head = format!("captures ({}):", dg.captures.len());
        if dg.captures.is_empty() {
            let _ = writeln!(out, "{head} none");
        } else {
            out.push_str(&wrap(&head, &dg.captures, 78));
        }
        out.push('\n');
        picture(out, &dg.picture);
    }
}

fn promotion(out: &mut String, d: &Description) {
    out.push_str("## Promotion\n\n");
    if d.promotions.is_empty() {
        out.push_str("none\n\n");
        return;
    }
    for p in &d.promotions {
        let names: Vec<String> = p.pieces.iter().map(|id| piece_name(d, id)).collect();
        let _ = writeln!(out, "### {}\n", names.join(", "));
        let _ = writeln!(
            out,
            "zone: {} (White), {} (Black)",
            p.white_zone, p.black_zone
        );
        let choices: Vec<String> = p.choices.iter().map(|id| piece_name(d, id)).collect();
        let _ = writeln!(out, "choices: {}", choices.join(", "));
        if !p.limits.is_empty() {
            let limits: Vec<String> = p
                .limits
                .iter()
                .map(|(id, n)| format!("{} {n}", piece_name(d, id)))
                .collect();
            let _ = writeln!(
                out,
                "a choice only while the side has fewer of it on the board than: {}",
                limits.join(", ")
            );
        }
        if p.from_zone {
            out.push_str("also on a move leaving the zone: yes\n");
        }
        let _ = writeln!(out, "compulsory: {}", yes(p.mandatory));
        if !p.white_forced.is_empty() || !p.black_forced.is_empty() {
            let none = |z: &str| {
                if z.is_empty() {
                    "nowhere".to_string()
                } else {
                    z.to_string()
                }
            };
            let _ = writeln!(
                out,
                "compulsory where it could not move again: {} (White), {} (Black)",
                none(&p.white_forced),
                none(&p.black_forced)
            );
        }
        if p.plus {
            out.push_str("written with `+` (the promoted piece as `+` and the letter of the piece it was): yes\n");
        } else {
            let _ = writeln!(
                out,
                "written with the new piece's letter: {}",
                yes(p.suffix)
            );
        }
        let _ = writeln!(out, "example: {}\n", p.example);
    }
}

/// Gating (docs/format.md § Gating): a section only in a game that has it.
fn gating(out: &mut String, d: &Description) {
    let Some(gt) = &d.gating else { return };
    out.push_str(
        "## Gating

",
    );
    out.push_str("A piece making its first move from a square that still has its gate may, in the same move, put one piece of the own reserve on the square it left; castling may gate on the king's or the rook's square. A gate is lost when its piece moves or is captured.

");
    let names: Vec<String> = gt.pieces.iter().map(|p| piece_name(d, p)).collect();
    let _ = writeln!(out, "gated pieces: {}", names.join(", "));
    let _ = writeln!(
        out,
        "gates: {} (White), {} (Black)",
        gt.white_zone, gt.black_zone
    );
    if let Some(e) = &gt.example {
        let _ = writeln!(out, "example: {e}");
    }
    out.push('\n');
}

fn drops(out: &mut String, d: &Description) {
    out.push_str("## Drops\n\n");
    if d.drops.is_empty() {
        out.push_str("none\n\n");
        return;
    }
    out.push_str("A drop puts a piece of the own reserve on an empty square; it is a whole move. ");
    out.push_str(if d.captures_to_hand && d.captures_as_is {
        "A captured piece goes to the captor's reserve as it stands, a promoted one as the piece it became.\n\n"
    } else if d.captures_to_hand {
        "A captured piece goes to the captor's reserve, a promoted one as the piece it was promoted from.\n\n"
    } else {
        "Captured pieces never enter a reserve.\n\n"
    });
    for dr in &d.drops {
        let _ = writeln!(out, "### {}\n", piece_name(d, &dr.piece));
        let _ = writeln!(
            out,
            "zone: {} (White), {} (Black)",
            dr.white_zone, dr.black_zone
        );
        if dr.push > 0 {
            let _ = writeln!(
                out,
                "push: then up to {} squares straight forward over empty squares",
                dr.push
            );
        } else {
            out.push_str("push: none\n");
        }
        if dr.one_per_file {
            let _ = writeln!(
                out,
                "not dropped on a file that holds an own {} already",
                piece_name(d, &dr.piece)
            );
        }
        if dr.no_mate {
            out.push_str("a checkmate by dropping it loses for the side that dropped\n");
        }
        match &dr.pushed {
            Some(p) => {
                let _ = writeln!(out, "example: {}, {p}\n", dr.example);
            }
            None => {
                let _ = writeln!(out, "example: {}\n", dr.example);
            }
        }
    }
}

fn castling(out: &mut String, d: &Description) {
    out.push_str("## Castling\n\n");
    let Some(c) = &d.castling else {
        out.push_str("none\n\n");
        return;
    };
    let _ = writeln!(out, "rook piece: {}", piece_name(d, &c.rook_piece));
    out.push_str("conditions: the king and the rook have not moved; the squares between them are empty; the king is not in check, passes no attacked square and does not end in check (with the rook on its new square).\n\n");
    for s in &c.sides {
        let _ = writeln!(out, "### {}: king on {}\n", s.color, s.king);
        for r in &s.rooks {
            let head = format!("rook {} (right {}):", r.rook, r.right);
            let texts: Vec<String> = r.moves.iter().map(|m| m.text.clone()).collect();
            out.push_str(&wrap(&head, &texts, 78));
        }
        out.push('\n');
    }
}

fn options(out: &mut String, d: &Description) {
    out.push_str("## Optional rules\n\n");
    if d.options.is_empty() {
        out.push_str("none\n\n");
        return;
    }
    for o in &d.options {
        let _ = writeln!(
            out,
            "### {}\n\non: {}\ndescription: {}\n",
            o.name,
            yes(o.on),
            o.description
        );
    }
}
