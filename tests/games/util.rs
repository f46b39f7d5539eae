//! Helpers of the `games` tests: scripted games (move text (rules.md § Move text)), snapshot texts and the text
//! diagrams of `docs/games.md`.

use std::sync::Arc;

use fairyforge::picture::Board;
use fairyforge::{Color, Position, Variant, perft};
use fairyforge_tests::placement::{self, letter};
use fairyforge_tests::{game, moves_text};

/// A game played move by move from the start position, checking every move.
pub struct Line {
    pub pos: Position,
    played: Vec<String>,
}

impl Line {
    /// A built-in game from its start.
    pub fn new(name: &str) -> Line {
        Line::start(game(name))
    }

    /// A built-in game with optional rules (rules.md § Optional rules) turned on.
    pub fn with_options(name: &str, options: &[&str]) -> Line {
        let opts: Vec<String> = options.iter().map(|s| s.to_string()).collect();
        let v = fairyforge_tests::game_with_options(name, &opts)
            .unwrap_or_else(|e| panic!("{name} with {options:?}: {e}"));
        Line::start(v)
    }

    pub fn start(v: Arc<Variant>) -> Line {
        Line {
            pos: Position::start(&v),
            played: Vec::new(),
        }
    }

    /// Plays space-separated moves; a move that is not legal fails the test and lists the
    /// legal ones.
    pub fn play(&mut self, moves: &str) -> &mut Line {
        for t in moves.split_whitespace() {
            self.one(t);
        }
        self
    }

    fn one(&mut self, t: &str) -> Vec<String> {
        let m = match self.pos.parse_move(t) {
            Ok(m) => m,
            Err(e) => panic!(
                "after {}: {e}\nposition {}\nlegal moves: {}",
                self.played.join(" "),
                self.pos.fen(),
                moves_text(&self.pos).replace('\n', " ")
            ),
        };
        let g = self.pos.variant().geometry();
        let caps: Vec<String> = self
            .pos
            .captures_of(&m)
            .into_iter()
            .map(|(sq, k, c)| format!("{}{}", letter(self.pos.variant(), k, c), g.name(sq)))
            .collect();
        self.pos.play_unchecked(&m);
        self.played.push(t.to_string());
        caps
    }

    /// Plays one move and returns what it captured, as letter and square (`pe4`, upper
    /// case for White), sorted.
    pub fn capture(&mut self, t: &str) -> Vec<String> {
        let mut caps = self.one(t);
        caps.sort();
        caps
    }

    /// The piece on a square as its letter (upper case White), or `.`.
    pub fn at(&self, sq: &str) -> String {
        let g = self.pos.variant().geometry();
        let s = g
            .parse_square(sq)
            .unwrap_or_else(|| panic!("no square {sq}"));
        match self.pos.piece_at(s) {
            Some((k, c)) => letter(self.pos.variant(), k, c).to_string(),
            None => ".".to_string(),
        }
    }

    /// The id of the piece on a square.
    pub fn id_at(&self, sq: &str) -> Option<String> {
        let v = self.pos.variant();
        let s = v.geometry().parse_square(sq)?;
        self.pos
            .piece_at(s)
            .map(|(k, _)| v.piece(k).id().to_string())
    }

    /// How many pieces of this id a side has in reserve.
    pub fn reserve(&self, color: Color, id: &str) -> u8 {
        let k = self
            .pos
            .variant()
            .kind_by_id(id)
            .unwrap_or_else(|| panic!("no piece {id}"));
        self.pos.reserve(color, k)
    }

    /// The legal moves (move text (rules.md § Move text), sorted) starting with `prefix`.
    pub fn moves_starting(&self, prefix: &str) -> Vec<String> {
        let mut v: Vec<String> = self
            .pos
            .legal_moves()
            .iter()
            .map(|m| self.pos.move_text(m))
            .filter(|t| t.starts_with(prefix))
            .collect();
        v.sort();
        v
    }

    pub fn fen(&self) -> String {
        self.pos.fen()
    }

    /// The snapshot of a scripted position: the game so far, the position string and
    /// perft 1 and 2 from it.
    pub fn snap(&mut self) -> String {
        let mut out = format!(
            "game: {}\nmoves: {}\n",
            self.pos.variant().name(),
            self.numbered()
        );
        out.push_str(&format!("position: {}\n", self.pos.fen()));
        for d in 1..=2 {
            out.push_str(&format!("perft {d}: {}\n", perft(&mut self.pos, d)));
        }
        out
    }

    /// The moves played, numbered as in a game score.
    fn numbered(&self) -> String {
        let mut s = String::new();
        for (i, m) in self.played.iter().enumerate() {
            if i % 2 == 0 {
                if i > 0 {
                    s.push(' ');
                }
                s.push_str(&format!("{}. {m}", i / 2 + 1));
            } else {
                s.push_str(&format!(" {m}"));
            }
        }
        s
    }
}

/// Words wrapped to lines of at most `width` characters.
pub fn wrap(words: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut col = 0;
    for w in words {
        if col > 0 && col + 1 + w.len() > width {
            out.push('\n');
            col = 0;
        }
        if col > 0 {
            out.push(' ');
            col += 1;
        }
        out.push_str(w);
        col += w.len();
    }
    out
}

// ---------------------------------------------------------------------------------------
// Text diagrams (docs/games.md, docs/pick-the-piece.md): the board pictures of the library,
// the same that `fairyforge show` and `fairyforge piece` print, so the docs show exactly
// what a user sees. (The pictures' own texts are pinned by the `show` and `piece`
// snapshots; the move sets behind the marks are checked against hand-written lists by
// the rules tests.)

/// The board of a position: piece letters (upper case White), `.` for empty squares.
pub fn board_diagram(pos: &Position) -> String {
    Board::of_position(pos).text()
}

/// The legend of [`piece_diagram`].
pub use fairyforge::picture::LEGEND;

/// Where the piece on `at` can go among the pieces `placed` (a placement: `"Ff4 bf7 pg4"`): the piece in brackets, `*` a move, `x` a capture
/// landing on an empty square (a fly-over) and `(p)` one landing on the captured piece,
/// `X`/`{p}` a double capture. No king is needed: these are the piece's own moves.
pub fn piece_diagram(name: &str, placed: &str, at: &str) -> String {
    piece_diagram_in(&game(name), placed, at)
}

/// [`piece_diagram`] in a variant loaded from anywhere (a file of `docs/examples`, say).
pub fn piece_diagram_in(v: &Arc<Variant>, placed: &str, at: &str) -> String {
    let pieces = placement::pieces(v, placed);
    let g = v.geometry();
    let from = g.parse_square(at).unwrap();
    let color = pieces
        .iter()
        .find(|p| p.0 == from)
        .expect("a piece on `at`")
        .2;
    let pos = Position::with_pieces(v, &pieces, color);
    Board::piece_moves(&pos, from, &pos.piece_moves(from)).text()
}
