//! The pictures of pieces: one set for the studio, its published pages and `show --svg`.
//!
//! Drawn for this project (no third-party piece art) and under the project's own licence,
//! MIT OR Apache-2.0 (docs/api.md, "Piece pictures"). A piece that moves as a chess piece
//! does gets that piece's clean silhouette: the royal piece a king; a piece that only
//! slides in all eight directions a queen, orthogonally a rook, diagonally a bishop; one
//! that only leaps (1, 2) a knight; a pawn that only steps forward and captures forward
//! diagonally a pawn. Every other piece gets a picture made from its data: a body by its
//! movement family (pawn, bent rider, cannon, jumper, leaper, slider), a compass of the
//! directions it uses, a colour band from a hash of its id, letter and moves, and its
//! letter on a medallion. Two pieces of a game have different letters, so their pictures
//! differ; a pawn and a ninja pawn differ at a glance (silhouette, compass, band).
//!
//! Each picture is drawn in a 100 x 100 box.

use std::fmt::Write;

use crate::def::{Mode, MoveDef, PieceDef, Primitive, dirs};
use crate::types::{Color, Kind};
use crate::variant::Variant;

use super::svg::escape;

/// What a piece's picture shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picture {
    /// A chess piece's silhouette.
    Standard(Standard),
    /// A picture made from the piece's data.
    Made(Made),
}

/// The chess pieces drawn as such.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Standard {
    /// The royal piece.
    King,
    /// Slides in all eight directions.
    Queen,
    /// Slides orthogonally.
    Rook,
    /// Slides diagonally.
    Bishop,
    /// Leaps (1, 2).
    Knight,
    /// A pawn that steps forward and captures forward diagonally.
    Pawn,
}

/// The movement family that chooses a made picture's body.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Family {
    /// A pawn (`pawn = true`): a round head on a short body.
    Pawn,
    /// Has a bent move: a swept wing.
    Bent,
    /// Has a cannon move: a barrel.
    Cannon,
    /// Jumps or flies over pieces: a hooded figure.
    Jumper,
    /// Slides: a spire.
    Slider,
    /// Only leaps: a shield.
    Leaper,
}

/// A picture made from a piece's data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Made {
    /// Chooses the body.
    pub family: Family,
    /// The piece's letter (upper case).
    pub letter: char,
    /// The directions it moves or captures in, among the eight (N, NE, E, SE, S, SW, W, NW).
    pub compass: [bool; 8],
    /// The band's hue, 0 to 359.
    pub hue: u16,
}

impl Picture {
    /// The picture of a piece of a variant.
    pub fn of(v: &Variant, kind: Kind) -> Picture {
        let letter = v.piece(kind).letter();
        match v.def.pieces.iter().find(|p| p.letter == letter) {
            Some(def) => Picture::of_def(def),
            None => Picture::Made(Made {
                family: Family::Leaper,
                letter,
                compass: [false; 8],
                hue: hue(letter.to_string().as_bytes()),
            }),
        }
    }

    /// The picture of a piece as its file defines it.
    pub(crate) fn of_def(p: &PieceDef) -> Picture {
        if let Some(s) = standard(p) {
            return Picture::Standard(s);
        }
        let mut compass = [false; 8];
        for m in &p.moves {
            let then: &[(i8, i8)] = match &m.prim {
                Primitive::Bent { then, .. } => then,
                _ => &[],
            };
            for &d in m.dirs.iter().chain(then) {
                if let Some(i) = compass_index(d) {
                    compass[i] = true;
                }
            }
        }
        // The key leaves out where the file says it (spans), so the colour stays while
        // the text above the piece is edited.
        let mut key = format!("{}|{}", p.id, p.letter);
        for m in &p.moves {
            let _ = write!(key, "|{:?} {:?}", m.prim, m.dirs);
        }
        Picture::Made(Made {
            family: family(p),
            letter: p.letter.to_ascii_uppercase(),
            compass,
            hue: hue(key.as_bytes()),
        })
    }

    /// The picture as SVG elements in a 100 x 100 box, for `color`'s piece.
    pub fn body(&self, color: Color) -> String {
        let ink = Ink::of(color);
        let mut s = String::new();
        match self {
            Picture::Standard(k) => standard_body(&mut s, *k, &ink),
            Picture::Made(m) => made_body(&mut s, m, &ink),
        }
        s
    }

    /// The picture as a standalone SVG document (`title` names it for screen readers).
    pub fn svg(&self, color: Color, title: &str) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\" role=\"img\"><title>{}</title>{}</svg>",
            escape(title),
            self.body(color)
        )
    }
}

/// The pictures of the built-in piece library's pieces, with each piece's type, in the
/// library's order (the studio's piece explorer shows them).
pub fn library_pictures() -> Vec<(crate::variant::PieceType, Picture)> {
    crate::load::library_defs()
        .iter()
        .map(|d| (crate::variant::PieceType::from_def(d), Picture::of_def(d)))
        .collect()
}

/// A piece's picture as a standalone SVG document: what the studio's page shows.
pub fn piece_svg(v: &Variant, kind: Kind, color: Color) -> String {
    let p = v.piece(kind);
    let title = format!("{} {}", color.name(), p.name());
    Picture::of(v, kind).svg(color, &title)
}

struct Ink {
    fill: &'static str,
    line: &'static str,
    /// Details drawn on the body (eyes, slits).
    detail: &'static str,
}

impl Ink {
    fn of(color: Color) -> Ink {
        match color {
            Color::White => Ink {
                fill: "#fbfbf8",
                line: "#1e1e1e",
                detail: "#1e1e1e",
            },
            Color::Black => Ink {
                fill: "#2a2a2a",
                line: "#000000",
                detail: "#f2f2f2",
            },
        }
    }

    fn shape(&self) -> String {
        format!(
            "fill=\"{}\" stroke=\"{}\" stroke-width=\"3\" stroke-linejoin=\"round\"",
            self.fill, self.line
        )
    }
}

const PEDESTAL: &str = "M24 90H76V83Q76 76 69 76H31Q24 76 24 83Z";

fn standard_body(s: &mut String, k: Standard, ink: &Ink) {
    let sh = ink.shape();
    let paths: &[&str] = match k {
        Standard::Pawn => &[
            "M37 76Q39 58 44 50H56Q61 58 63 76Z",
            "M38 48Q50 42 62 48Q50 54 38 48Z",
        ],
        Standard::Rook => &[
            "M33 76L36 42H64L67 76Z",
            "M29 42V20H38V27H45V20H55V27H62V20H71V42Z",
        ],
        Standard::Bishop => &[
            "M39 76Q42 64 44 58H56Q58 64 61 76Z",
            "M50 16Q68 32 60 56H40Q32 32 50 16Z",
        ],
        Standard::Queen => &["M31 76L25 32L39 52L50 24L61 52L75 32L69 76Z", "M33 66H67"],
        Standard::King => &[
            "M31 76Q25 52 35 44H65Q75 52 69 76Z",
            "M37 44Q50 32 63 44",
            "M46 8H54V16H62V24H54V36H46V24H38V16H46Z",
        ],
        Standard::Knight => &[
            "M30 76Q29 58 40 47Q34 46 28 50Q21 46 27 37L42 23L44 11L51 19Q71 23 73 48Q75 64 69 76Z",
        ],
    };
    let _ = write!(s, "<path d=\"{PEDESTAL}\" {sh}/>");
    for d in paths {
        let _ = write!(s, "<path d=\"{d}\" {sh}/>");
    }
    let det = ink.detail;
    match k {
        Standard::Pawn => {
            let _ = write!(s, "<circle cx=\"50\" cy=\"32\" r=\"13\" {sh}/>");
        }
        Standard::Bishop => {
            let _ = write!(
                s,
                "<circle cx=\"50\" cy=\"13\" r=\"4.5\" {sh}/><path d=\"M54 28L45 41\" stroke=\"{det}\" stroke-width=\"3\" stroke-linecap=\"round\"/>"
            );
        }
        Standard::Queen => {
            for (x, y) in [(25, 28), (50, 20), (75, 28)] {
                let _ = write!(s, "<circle cx=\"{x}\" cy=\"{y}\" r=\"5\" {sh}/>");
            }
        }
        Standard::Knight => {
            let _ = write!(
                s,
                "<circle cx=\"45\" cy=\"32\" r=\"3\" fill=\"{det}\"/><path d=\"M56 26Q66 42 62 72\" fill=\"none\" stroke=\"{det}\" stroke-width=\"2\"/>"
            );
        }
        _ => {}
    }
}

fn made_body(s: &mut String, m: &Made, ink: &Ink) {
    let sh = ink.shape();
    let _ = write!(s, "<path d=\"{PEDESTAL}\" {sh}/>");
    let body = match m.family {
        // A pawn's round head on a short body: told from a chess pawn by its band,
        // compass and letter.
        Family::Pawn => "M36 76Q38 60 42 54H58Q62 60 64 76Z",
        // A wing swept back.
        Family::Bent => "M30 76Q26 50 40 34L62 20Q56 36 66 40Q76 56 70 76Z",
        // A barrel on a carriage.
        Family::Cannon => "M28 76V62L30 44H70L72 62V76Z",
        // A hooded figure.
        Family::Jumper => "M30 76Q30 44 50 30Q70 44 70 76Z",
        // A shield.
        Family::Leaper => "M30 34H70V52Q70 68 50 78Q30 68 30 52Z",
        // A tall spire.
        Family::Slider => "M34 76L40 30L50 18L60 30L66 76Z",
    };
    let _ = write!(s, "<path d=\"{body}\" {sh}/>");
    if m.family == Family::Pawn {
        let _ = write!(s, "<circle cx=\"50\" cy=\"40\" r=\"12\" {sh}/>");
    }
    // The band in the piece's own colour.
    let band = format!("hsl({}, 70%, 48%)", m.hue);
    let by = match m.family {
        Family::Pawn => 40,
        Family::Bent | Family::Jumper => 48,
        Family::Cannon => 52,
        Family::Leaper | Family::Slider => 40,
    };
    let _ = write!(
        s,
        "<rect x=\"33\" y=\"{}\" width=\"34\" height=\"7\" rx=\"2\" fill=\"{band}\" stroke=\"{}\" stroke-width=\"1.5\"/>",
        by - 3,
        ink.line
    );
    // The compass: a spoke for each direction used, around a hub at the top.
    let (cx, cy) = (82.0, 16.0);
    let mut spokes = String::new();
    for (i, on) in m.compass.iter().enumerate() {
        if !on {
            continue;
        }
        let a = i as f64 * std::f64::consts::FRAC_PI_4;
        let (dx, dy) = (a.sin(), -a.cos());
        let _ = write!(
            spokes,
            "M{:.1} {:.1}L{:.1} {:.1}",
            cx + dx * 3.0,
            cy + dy * 3.0,
            cx + dx * 12.0,
            cy + dy * 12.0
        );
    }
    if !spokes.is_empty() {
        let _ = write!(
            s,
            "<path d=\"{spokes}\" stroke=\"{band}\" stroke-width=\"4\" stroke-linecap=\"round\"/><circle cx=\"{cx}\" cy=\"{cy}\" r=\"3\" fill=\"{band}\"/>"
        );
    }
    // The letter on a medallion.
    let _ = write!(
        s,
        "<circle cx=\"50\" cy=\"62\" r=\"13.5\" fill=\"#ffffff\" stroke=\"{band}\" stroke-width=\"3.5\"/><text x=\"50\" y=\"70.5\" font-family=\"DejaVu Sans, Arial, sans-serif\" font-size=\"23\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#111111\">{}</text>",
        escape(&m.letter.to_string())
    );
}

/// Whether a move applies everywhere (no zone where it starts or lands).
fn anywhere(m: &MoveDef) -> bool {
    m.from.is_none() && m.to.is_none()
}

/// A plain slide: both modes, no range, no en passant, anywhere.
fn plain_slide(m: &MoveDef) -> bool {
    matches!(
        m.prim,
        Primitive::Slide { mode: Mode::Both, range, en_passant: false } if range.min <= 1 && range.max == 0
    ) && anywhere(m)
}

fn same_set(a: &[(i8, i8)], b: &[(i8, i8)]) -> bool {
    a.len() == b.len() && a.iter().all(|d| b.contains(d))
}

/// The chess piece a piece moves as, if any.
fn standard(p: &PieceDef) -> Option<Standard> {
    if p.royal {
        return Some(Standard::King);
    }
    if p.pawn {
        let pawnlike = p.moves.iter().all(|m| match &m.prim {
            Primitive::Leap {
                mode: Mode::Move, ..
            }
            | Primitive::Slide {
                mode: Mode::Move, ..
            } => m.dirs.iter().all(|&d| d == (0, 1)),
            Primitive::Leap {
                mode: Mode::Capture,
                ..
            } => same_set(&m.dirs, dirs::FORWARD_DIAGONAL),
            _ => false,
        });
        return pawnlike.then_some(Standard::Pawn);
    }
    let [m] = p.moves.as_slice() else {
        return None;
    };
    if plain_slide(m) {
        return if same_set(&m.dirs, dirs::ALL) {
            Some(Standard::Queen)
        } else if same_set(&m.dirs, dirs::ORTHOGONAL) {
            Some(Standard::Rook)
        } else if same_set(&m.dirs, dirs::DIAGONAL) {
            Some(Standard::Bishop)
        } else {
            None
        };
    }
    let leap = matches!(
        m.prim,
        Primitive::Leap {
            mode: Mode::Both,
            en_passant: false
        }
    );
    (leap && anywhere(m) && same_set(&m.dirs, &dirs::images((1, 2)))).then_some(Standard::Knight)
}

fn family(p: &PieceDef) -> Family {
    let has = |f: fn(&Primitive) -> bool| p.moves.iter().any(|m| f(&m.prim));
    if p.pawn {
        Family::Pawn
    } else if has(|k| matches!(k, Primitive::Bent { .. })) {
        Family::Bent
    } else if has(|k| matches!(k, Primitive::Cannon { .. })) {
        Family::Cannon
    } else if has(|k| {
        matches!(
            k,
            Primitive::Jump { .. } | Primitive::Flyover | Primitive::Hop { .. }
        )
    }) {
        Family::Jumper
    } else if has(|k| matches!(k, Primitive::Slide { .. })) {
        Family::Slider
    } else {
        Family::Leaper
    }
}

/// The compass point of a direction (0 = forward, clockwise), by its signs.
fn compass_index((x, y): (i8, i8)) -> Option<usize> {
    Some(match (x.signum(), y.signum()) {
        (0, 1) => 0,
        (1, 1) => 1,
        (1, 0) => 2,
        (1, -1) => 3,
        (0, -1) => 4,
        (-1, -1) => 5,
        (-1, 0) => 6,
        (-1, 1) => 7,
        _ => return None,
    })
}

/// A hue from bytes (FNV-1a: the same on every machine and build).
fn hue(bytes: &[u8]) -> u16 {
    let mut h: u32 = 0x811c_9dc5;
    for b in bytes {
        h ^= *b as u32;
        h = h.wrapping_mul(0x0100_0193);
    }
    (h % 360) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pictures(game: &str) -> Vec<(char, Picture)> {
        let v = Variant::builtin(game).unwrap();
        v.kinds()
            .map(|k| (v.piece(k).letter(), Picture::of(&v, k)))
            .collect()
    }

    #[test]
    fn chess_pieces_get_their_silhouettes() {
        let got = pictures("chess");
        let want = [
            ('K', Standard::King),
            ('Q', Standard::Queen),
            ('R', Standard::Rook),
            ('B', Standard::Bishop),
            ('N', Standard::Knight),
            ('P', Standard::Pawn),
        ];
        for (l, s) in want {
            let p = &got.iter().find(|(x, _)| *x == l).unwrap().1;
            assert_eq!(p, &Picture::Standard(s), "{l}");
        }
    }

    #[test]
    fn every_piece_of_a_game_has_its_own_picture() {
        for game in crate::builtin::game_names() {
            let v = Variant::builtin(game).unwrap();
            let bodies: Vec<String> = v
                .kinds()
                .map(|k| Picture::of(&v, k).body(Color::White))
                .collect();
            for (i, a) in bodies.iter().enumerate() {
                for b in &bodies[i + 1..] {
                    assert_ne!(a, b, "{game}: two pieces look alike");
                }
            }
        }
    }

    #[test]
    fn the_ninja_pawn_is_not_drawn_as_a_pawn() {
        let got = pictures("birds-and-ninjas");
        let j = &got.iter().find(|(l, _)| *l == 'J').unwrap().1;
        let Picture::Made(m) = j else {
            panic!("the ninja pawn got a chess picture: {j:?}")
        };
        assert_eq!(m.family, Family::Pawn);
        // Forward, both sideways and both forward diagonals.
        assert_eq!(
            m.compass,
            [true, true, true, false, false, false, true, true]
        );
        let p = &got.iter().find(|(l, _)| *l == 'P').unwrap().1;
        assert_eq!(p, &Picture::Standard(Standard::Pawn));
        let f = &got.iter().find(|(l, _)| *l == 'F').unwrap().1;
        assert!(
            matches!(
                f,
                Picture::Made(Made {
                    family: Family::Jumper,
                    letter: 'F',
                    ..
                })
            ),
            "{f:?}"
        );
    }

    #[test]
    fn a_made_picture_depends_on_the_piece_not_on_where_the_file_says_it() {
        let text = "extends = \"chess\"\npieces = [\"king\", \"queen\", \"rook\", \"bishop\", \"knight\", \"pawn\", \"hopper\"]\n\n[piece.hopper]\nletter = \"H\"\nmoves = [{ leap = [2, 2] }, { jump = \"orthogonal\", from = \"rank 2\" }]\n";
        let picture = |t: &str| {
            let v = Variant::parse("mine.toml", t).unwrap();
            Picture::of(&v, v.kind_by_letter('H').unwrap())
        };
        let a = picture(text);
        let b = picture(&format!("# a comment above\n\n{text}"));
        assert_eq!(a, b);
        let Picture::Made(m) = &a else {
            panic!("{a:?}")
        };
        assert_eq!(m.family, Family::Jumper);
        assert_eq!(m.compass, [true; 8]);
        // Another move, another band.
        let c = picture(&text.replace("[2, 2]", "[3, 3]"));
        assert_ne!(a, c);
    }

    #[test]
    fn pictures_are_well_formed_svg() {
        let v = Variant::builtin("stealth-ninja").unwrap();
        for k in v.kinds() {
            for c in [Color::White, Color::Black] {
                let s = piece_svg(&v, k, c);
                assert!(
                    s.starts_with(
                        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\""
                    ),
                    "{s}"
                );
                assert_eq!(s.matches('<').count(), s.matches('>').count(), "{s}");
                assert!(s.contains(&format!(
                    "<title>{} {}</title>",
                    c.name(),
                    v.piece(k).name()
                )));
            }
        }
    }
}
