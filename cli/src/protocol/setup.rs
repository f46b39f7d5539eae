//! The `setup` and `piece` commands that describe a game XBoard does not know: board size,
//! pieces and their letters, holdings, the start position (holes as `*`), then each piece's
//! moves in XBetza where they can be written.

use fairyforge::{Color, Kind, Position, Variant};

/// XBoard's piece types in the order of its piece-to-char table, with their usual letters;
/// the king is last.
const SLOTS: &str = "PNBRQFEACWMOHIJGDVLSUK";

/// The commands, in order: `setup (...) WxH+S_fairy FEN`, then `piece L& XBETZA` lines.
pub fn commands(v: &std::sync::Arc<Variant>) -> Vec<String> {
    let royal = v.royal_kind();
    let slots: Vec<char> = SLOTS.chars().collect();
    let king_slot = slots.len() - 1;
    let mut table = vec!['.'; slots.len()];
    // Pieces in hand at the start first: XBoard's holdings hold the first piece types.
    let start = Position::start(v);
    let drops: Vec<Kind> = v
        .kinds()
        .filter(|&k| Color::BOTH.iter().any(|&c| start.reserve(c, k) > 0))
        .collect();
    let mut order: Vec<Kind> = drops.clone();
    order.extend(v.kinds().filter(|k| !drops.contains(k)));
    let mut taken = vec![false; slots.len()];
    for (i, &k) in order.iter().enumerate() {
        let letter = v.piece(k).letter();
        let slot = if royal == Some(k) {
            Some(king_slot)
        } else if i < drops.len() {
            (0..king_slot).find(|&s| !taken[s])
        } else {
            (0..king_slot)
                .find(|&s| !taken[s] && slots[s] == letter)
                .or_else(|| (0..king_slot).find(|&s| !taken[s]))
        };
        let Some(s) = slot else {
            return vec!["tellusererror this game has more piece types than XBoard holds".into()];
        };
        taken[s] = true;
        table[s] = letter;
    }
    let white: String = table.iter().collect();
    let black: String = table
        .iter()
        .map(|c| {
            if *c == '.' {
                '.'
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect();
    let g = &v.geometry();
    let ranks = g.rank_range().end() - g.rank_range().start() + 1;
    let mut out = vec![format!(
        "setup ({white}{black}) {}x{}+{}_fairy {}",
        g.files(),
        ranks,
        drops.len(),
        fen(&start)
    )];
    for k in v.kinds() {
        if let Some(b) = fairyforge::xbetza::of(v, k) {
            out.push(format!("piece {}& {b}", v.piece(k).letter()));
        }
    }
    out
}

/// The position in XBoard's FEN: every rank full width, squares off the board as `*`,
/// ranks renumbered from 1; the rest as fairyforge writes it.
pub fn fen(pos: &Position) -> String {
    let v = pos.variant();
    let g = &v.geometry();
    let ours = pos.fen();
    let (board, rest) = ours.split_once(' ').unwrap_or((&ours, ""));
    let holdings = board.find('[').map_or("", |i| &board[i..]);
    let mut ranks = Vec::new();
    for r in g.rank_range().rev() {
        let mut s = String::new();
        let mut empty = 0;
        for f in 0..g.files() {
            match g.square(f as i32, r as i32) {
                None => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push('*');
                }
                Some(sq) => match pos.piece_at(sq) {
                    None => empty += 1,
                    Some((k, c)) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let l = v.piece(k).letter();
                        s.push(if c == Color::White {
                            l
                        } else {
                            l.to_ascii_lowercase()
                        });
                    }
                },
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        ranks.push(s);
    }
    format!("{}{holdings} {rest}", ranks.join("/"))
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
            "setup (JNBRQFP........G.....Kjnbrqfp........g.....k) 10x12+1_fairy \
             ****ff****/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/****FF****[JJJJjjjj] w BIbi - 0 1"
        );
        assert!(c.iter().any(|l| l == "piece N& N"), "{c:?}");
        assert!(!c.iter().any(|l| l.starts_with("piece F&")), "{c:?}");
    }
}
