//! The `setup` and `piece` commands that describe a game XBoard does not know: board size,
//! pieces and their letters, holdings, the start position (holes as `*`), then each piece's
//! moves in XBetza where they can be written.

use std::sync::Arc;

use fairyforge::{Color, Kind, Position, Square, Variant};

/// XBoard's piece types in the order of its piece-to-char table, with their usual letters;
/// the king is last. The first is XBoard's pawn: it promotes, and captures en passant.
const SLOTS: &str = "PNBRQFEACWMOHIJGDVLSUK";

/// Where a game's pieces go among XBoard's piece types, and how many types its holdings
/// show.
pub struct Layout {
    /// The game's piece in each of XBoard's slots.
    slots: Vec<Option<Kind>>,
    /// How many piece types the holdings show: the first ones present, in slot order.
    holdings: usize,
}

impl Layout {
    /// The layout of a game: its pawn (the piece lettered P, else its first pawn) in
    /// XBoard's pawn slot, the royal piece in the king's slot, the pieces lettered N, B, R
    /// and Q in theirs (so that they look as they should), then the pieces in hand at the
    /// start in the first free slots (XBoard's holdings show the first piece types), and
    /// every other piece in the slot of its own letter when that is free, else in the
    /// first free one. `None` when the game has more piece types than XBoard holds.
    pub fn of(v: &Arc<Variant>) -> Option<Layout> {
        let king_slot = SLOTS.len() - 1;
        let letters: Vec<char> = SLOTS.chars().collect();
        let mut slots: Vec<Option<Kind>> = vec![None; SLOTS.len()];
        let royal = v.royal_kind();
        let start = Position::start(v);
        let in_hand = |k: Kind| Color::BOTH.iter().any(|&c| start.reserve(c, k) > 0);
        let pawns: Vec<Kind> = v
            .kinds()
            .filter(|&k| v.piece(k).is_pawn() && royal != Some(k))
            .collect();
        // XBoard draws its first slot as a pawn: the game's pawn, or, in a game whose
        // pawn-like piece is not marked `pawn` (its moves then keep the move count), the
        // piece lettered P.
        slots[0] = pawns
            .iter()
            .find(|&&k| v.piece(k).letter() == 'P')
            .or(pawns.first())
            .copied()
            .or_else(|| {
                v.kinds()
                    .find(|&k| royal != Some(k) && v.piece(k).letter() == 'P')
            });
        if let Some(k) = royal {
            slots[king_slot] = Some(k);
        }
        let placed = |slots: &[Option<Kind>], k: Kind| slots.contains(&Some(k));
        let own_slot = |slots: &[Option<Kind>], k: Kind, range: std::ops::Range<usize>| {
            range
                .into_iter()
                .find(|&s| slots[s].is_none() && letters[s] == v.piece(k).letter())
        };
        for k in v.kinds() {
            if !placed(&slots, k)
                && let Some(s) = own_slot(&slots, k, 1..5)
            {
                slots[s] = Some(k);
            }
        }
        for k in v.kinds().filter(|&k| in_hand(k)) {
            if !placed(&slots, k) {
                let free = (1..king_slot).find(|&s| slots[s].is_none())?;
                slots[free] = Some(k);
            }
        }
        let holdings = slots
            .iter()
            .rposition(|s| s.is_some_and(in_hand))
            .map_or(0, |last| slots[..=last].iter().flatten().count());
        for k in v.kinds() {
            if !placed(&slots, k) {
                let s = own_slot(&slots, k, 1..king_slot)
                    .or_else(|| (1..king_slot).find(|&s| slots[s].is_none()))?;
                slots[s] = Some(k);
            }
        }
        Some(Layout { slots, holdings })
    }

    /// The piece that XBoard's holdings show in their `n`-th row, from 0.
    pub fn held(&self, n: usize) -> Option<Kind> {
        (n < self.holdings)
            .then(|| self.slots.iter().flatten().nth(n).copied())
            .flatten()
    }

    /// XBoard's piece-to-char table: white's letters then black's, `.` for unused types.
    fn table(&self, v: &Variant) -> String {
        let white: String = self
            .slots
            .iter()
            .map(|s| s.map_or('.', |k| v.piece(k).letter()))
            .collect();
        format!("{white}{}", white.to_ascii_lowercase())
    }
}

/// The commands, in order: `setup (TABLE) WxH+S_PARENT FEN`, then `piece L& XBETZA` lines.
pub fn commands(v: &Arc<Variant>) -> Vec<String> {
    let Some(layout) = Layout::of(v) else {
        return vec!["tellusererror this game has more piece types than XBoard holds".into()];
    };
    let g = &v.geometry();
    let ranks = g.rank_range().end() - g.rank_range().start() + 1;
    // With holdings, the parent game is bughouse, where XBoard does not put captured
    // pieces in the holdings (in its fairy game it would, as in crazyhouse).
    let parent = if layout.holdings > 0 {
        "bughouse"
    } else {
        "fairy"
    };
    let mut out = vec![format!(
        "setup ({}) {}x{}+{}_{parent} {}",
        layout.table(v),
        g.files(),
        ranks,
        layout.holdings,
        fen(&Position::start(v))
    )];
    for k in v.kinds() {
        if let Some(b) = fairyforge::xbetza::of(v, k) {
            out.push(format!("piece {}& {b}", v.piece(k).letter()));
        }
    }
    out
}

/// The position in XBoard's FEN: every rank full width, squares off the board as `*`,
/// ranks renumbered from 1 (the en-passant squares too); the rest as fairyforge writes it.
pub fn fen(pos: &Position) -> String {
    let v = pos.variant();
    let ours = pos.fen();
    let (board, rest) = ours.split_once(' ').unwrap_or((&ours, ""));
    let holdings = board.find('[').map_or("", |i| &board[i..]);
    let board = rows(v, |sq| match sq {
        None => Some('*'),
        Some(sq) => pos.piece_at(sq).map(|(k, c)| {
            let l = v.piece(k).letter();
            if c == Color::White {
                l
            } else {
                l.to_ascii_lowercase()
            }
        }),
    });
    let by = super::xboard::shift(v);
    let rest: Vec<String> = rest
        .split(' ')
        .enumerate()
        .map(|(i, f)| {
            if i == 2 {
                super::xboard::shift_text(f, by)
            } else {
                f.to_string()
            }
        })
        .collect();
    format!("{board}{holdings} {}", rest.join(" "))
}

/// XBoard's board of a game, rank by rank from the top as in a FEN, every rank full width:
/// what `cell` gives for each square (`None` for a square off the board), runs of `None`
/// as a number.
pub fn rows(v: &Variant, cell: impl Fn(Option<Square>) -> Option<char>) -> String {
    let g = v.geometry();
    let mut rows = Vec::new();
    for r in g.rank_range().rev() {
        let mut row = String::new();
        let mut empty = 0;
        for f in 0..g.files() {
            match cell(g.square(f as i32, r as i32)) {
                Some(c) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

/// A position in XBoard's FEN (as [`fen`] writes it) in fairyforge's: the squares off the
/// board (`*`) left out, the en-passant squares renumbered back.
pub fn from_xboard_fen(v: &Variant, text: &str) -> String {
    let by = super::xboard::shift(v);
    text.split_whitespace()
        .enumerate()
        .map(|(i, f)| match i {
            0 => f.replace('*', ""),
            3 => super::xboard::shift_text(f, -by),
            _ => f.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn birds_and_ninjas_for_xboard() {
        let v = Variant::builtin("birds-and-ninjas").unwrap();
        let c = commands(&v);
        assert_eq!(
            c[0],
            "setup (PNBRQJF........G.....Kpnbrqjf........g.....k) 10x12+6_bughouse \
             ****ff****/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/****FF****[JJJJjjjj] w BIbi - 0 1"
        );
        assert!(c.iter().any(|l| l == "piece N& N"), "{c:?}");
        assert!(!c.iter().any(|l| l.starts_with("piece F&")), "{c:?}");
        let layout = Layout::of(&v).unwrap();
        let held: Vec<char> = (0..8)
            .filter_map(|n| layout.held(n))
            .map(|k| v.piece(k).letter())
            .collect();
        assert_eq!(held, ['P', 'N', 'B', 'R', 'Q', 'J']);
    }

    /// In every built-in game the pawn is XBoard's pawn, the king its king, and every
    /// piece in hand at the start within the holdings.
    #[test]
    fn pawns_are_xboards_pawns() {
        for name in fairyforge::builtin::game_names() {
            let v = Variant::builtin(name).unwrap();
            let layout = Layout::of(&v).unwrap();
            let table = layout.table(&v);
            let has_pawn = v.kinds().any(|k| v.piece(k).is_pawn());
            assert!(
                layout.slots[0].is_some_and(|k| if has_pawn {
                    v.piece(k).is_pawn()
                } else {
                    v.piece(k).letter() == 'P'
                }),
                "{name}: {table}"
            );
            assert_eq!(layout.slots[21], v.royal_kind(), "{name}: {table}");
            let start = Position::start(&v);
            for k in v.kinds() {
                if Color::BOTH.iter().any(|&c| start.reserve(c, k) > 0) {
                    assert!(
                        (0..layout.holdings).any(|n| layout.held(n) == Some(k)),
                        "{name}: {} not in the holdings of {table}",
                        v.piece(k).letter()
                    );
                }
            }
        }
    }
}
