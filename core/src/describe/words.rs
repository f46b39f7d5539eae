//! Move primitives, directions and zones in words.

use crate::def::{Mode, MoveDef, Over, Primitive, Range, ZoneDef, ZoneItem, dirs};

/// Named direction sets, largest first, with how a sentence says them.
const NAMED: &[(&[(i8, i8)], &str)] = &[
    (dirs::ALL, "in all 8 directions"),
    (dirs::ORTHOGONAL, "orthogonally"),
    (dirs::DIAGONAL, "diagonally"),
    (dirs::SIDEWAYS, "sideways"),
    (dirs::FORWARD_DIAGONAL, "diagonally forward"),
    (dirs::BACKWARD_DIAGONAL, "diagonally backward"),
    (dirs::FORWARD, "forward"),
    (dirs::BACKWARD, "backward"),
];

/// The 8 images of an offset under the board's symmetries.
fn orbit(d: (i8, i8)) -> Vec<(i8, i8)> {
    let mut v = dirs::images(d).to_vec();
    v.sort();
    v.dedup();
    v
}

/// Directions in words: named sets first (`orthogonally and forward`), then whole orbits
/// of an offset (`by (1,2) in all 8 directions`), then single offsets (`by (1,1), (-1,1)`).
/// Returns the words and whether every direction was a named one-square step.
fn directions(dirs: &[(i8, i8)]) -> (String, bool) {
    let mut rest: Vec<(i8, i8)> = dirs.to_vec();
    rest.sort();
    rest.dedup();
    let mut parts: Vec<String> = Vec::new();
    for (set, words) in NAMED {
        if set.iter().all(|d| rest.contains(d)) {
            rest.retain(|d| !set.contains(d));
            parts.push(words.to_string());
        }
    }
    let named = rest.is_empty();
    let mut singles: Vec<String> = Vec::new();
    while let Some(&d) = rest.first() {
        let o = orbit(d);
        if o.len() > 1 && o.iter().all(|x| rest.contains(x)) {
            rest.retain(|x| !o.contains(x));
            // Named by its image with both coordinates 0 or more, the smaller first: (1,2).
            let (x, y) = o
                .iter()
                .copied()
                .filter(|(x, y)| *x >= 0 && *y >= 0)
                .min()
                .unwrap_or(d);
            parts.push(format!("by ({x},{y}) in all {} directions", o.len()));
        } else {
            rest.remove(0);
            singles.push(format!("({},{})", d.0, d.1));
        }
    }
    if !singles.is_empty() {
        parts.push(format!("by {}", singles.join(", ")));
    }
    (parts.join(" and "), named)
}

/// The length of a line: `any distance`, `exactly 2 squares`, `2 to 3 squares`, ...
fn length(Range { min, max }: Range) -> String {
    let min = min.max(1);
    let sq = |n: u8| if n == 1 { "square" } else { "squares" };
    match max {
        0 if min == 1 => "any distance".to_string(),
        0 => format!("at least {min} squares"),
        m if m == min => format!("exactly {m} {}", sq(m)),
        m if min == 1 => format!("up to {m} {}", sq(m)),
        m => format!("{min} to {m} squares"),
    }
}

/// A zone in words, in White's view.
pub(crate) fn zone(z: &ZoneDef) -> String {
    let items: Vec<String> = z
        .items
        .iter()
        .map(|it| match it {
            ZoneItem::Square(f, r, _) => crate::geometry::coord_name(*f, *r),
            ZoneItem::Ranks(Some(a), Some(b), _) if a == b => format!("rank {a}"),
            ZoneItem::Ranks(a, b, _) => format!(
                "ranks {}..{}",
                a.map(|a| a.to_string()).unwrap_or_default(),
                b.map(|b| b.to_string()).unwrap_or_default()
            ),
            ZoneItem::OwnHalf => "its own half".to_string(),
            ZoneItem::EnemyHalf => "the enemy half".to_string(),
            ZoneItem::MiddleRank => "the middle rank".to_string(),
            ZoneItem::FirstRank => "its first rank".to_string(),
            ZoneItem::LastRank => "the last rank".to_string(),
            ZoneItem::OwnRear => "its rear squares".to_string(),
            ZoneItem::EnemyRear => "the enemy's rear squares".to_string(),
            ZoneItem::All => "anywhere".to_string(),
        })
        .collect();
    items.join(", ")
}

fn over(o: Over) -> &'static str {
    match o {
        Over::Any => "anything",
        Over::Empty => "empty squares",
        Over::Piece => "pieces",
        Over::Friend => "its own pieces",
        Over::Enemy => "enemy pieces",
    }
}

/// One move primitive in words (White's view), e.g. `slides orthogonally, any distance;
/// moves or captures`.
pub(crate) fn primitive(m: &MoveDef) -> String {
    let (dirs, named) = directions(&m.dirs);
    // The words, the mode when it has one, and its part in en passant.
    let (mut s, mode, ep) = match &m.prim {
        &Primitive::Leap { mode, en_passant } => {
            let s = if named {
                format!("leaps one square {dirs}")
            } else {
                format!("leaps {dirs}")
            };
            (
                s,
                Some(mode),
                en_passant.then_some("; may capture en passant"),
            )
        }
        &Primitive::Slide {
            mode,
            range,
            en_passant,
        } => (
            format!("slides {dirs}, {}", length(range)),
            Some(mode),
            en_passant.then_some("; the squares it passes become en-passant targets"),
        ),
        Primitive::Flyover => (
            format!(
                "flies {dirs} over the first piece on the line, when it is an enemy, onto the empty square just beyond, capturing it"
            ),
            None,
            None,
        ),
        &Primitive::Hop { mode } => (
            format!(
                "hops {dirs} over the first piece on the line, of either side, onto the square just beyond it"
            ),
            Some(mode),
            None,
        ),
        &Primitive::Jump {
            mode,
            distance,
            over: o,
            capture_over,
        } => {
            let mut j = format!(
                "jumps {dirs} to the square {} steps away, over {}",
                distance.max(2),
                over(o)
            );
            if capture_over {
                j.push_str(", capturing an enemy it jumps over");
            }
            (j, Some(mode), None)
        }
        &Primitive::Cannon { capture_screen } => {
            let mut c = format!(
                "captures {dirs} like a cannon: over the first piece on the line (the screen) onto the next piece, when it is an enemy"
            );
            if capture_screen {
                c.push_str(", capturing an enemy screen too");
            }
            (c, None, None)
        }
        Primitive::Bent { then, mode, range } => {
            let (then, _) = directions(then);
            let s = format!(
                "steps one square {dirs} onto an empty square, then slides outward {then}, {}",
                length(*range)
            );
            (s, Some(*mode), None)
        }
    };
    if let Some(mode) = mode {
        s.push_str(match mode {
            Mode::Move => "; moves only (onto an empty square)",
            Mode::Capture => "; captures only",
            Mode::Both => "; moves or captures",
        });
    }
    if let Some(z) = &m.from {
        s.push_str(&format!("; only from {}", zone(z)));
    }
    if let Some(z) = &m.to {
        s.push_str(&format!("; only onto {}", zone(z)));
    }
    if let Some(ep) = ep {
        s.push_str(ep);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn direction_words() {
        assert_eq!(directions(&[(0, 1)]), ("forward".to_string(), true));
        assert_eq!(
            directions(&[(0, 1), (1, 0), (-1, 0)]),
            ("sideways and forward".to_string(), true)
        );
        let knight = orbit((1, 2));
        assert_eq!(
            directions(&knight),
            ("by (1,2) in all 8 directions".to_string(), false)
        );
        assert_eq!(
            directions(&[(1, 1), (-1, 1), (0, 2)]),
            ("diagonally forward and by (0,2)".to_string(), false)
        );
    }

    #[test]
    fn lengths() {
        let length = |min, max| length(Range { min, max });
        assert_eq!(length(0, 0), "any distance");
        assert_eq!(length(2, 2), "exactly 2 squares");
        assert_eq!(length(2, 3), "2 to 3 squares");
        assert_eq!(length(1, 3), "up to 3 squares");
        assert_eq!(length(2, 0), "at least 2 squares");
    }
}
