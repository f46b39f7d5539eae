//! A piece's moves in XBetza, the notation XBoard reads in its `piece` command (see
//! `docs/protocols.md`), where the piece can be written so: leaps and slides (whole or by direction, limited in range,
//! moving or capturing only, first move only), cannons that hop a screen. Fly-over
//! captures, double captures, bent sliders and cannons that destroy their screen have no
//! XBetza form here: such a piece gets no `piece` command (the GUI's legality test must
//! then be off).

use std::collections::BTreeSet;

use crate::def::{Mode, MoveDef, PieceDef, Primitive, Range};
use crate::types::Kind;
use crate::variant::Variant;

/// The XBetza of a piece of a variant, or `None` when one of its moves cannot be written.
pub fn of(v: &Variant, kind: Kind) -> Option<String> {
    v.def.pieces.get(kind.index()).and_then(of_piece)
}

fn of_piece(p: &PieceDef) -> Option<String> {
    let mut out = String::new();
    for m in &p.moves {
        out.push_str(&of_move(m)?);
    }
    (!out.is_empty()).then_some(out)
}

/// The atom letter of a step or leap `(x, y)` up to symmetry.
fn atom(x: i8, y: i8) -> Option<char> {
    let (a, b) = (
        x.unsigned_abs().min(y.unsigned_abs()),
        x.unsigned_abs().max(y.unsigned_abs()),
    );
    Some(match (a, b) {
        (0, 1) => 'W',
        (1, 1) => 'F',
        (0, 2) => 'D',
        (1, 2) => 'N',
        (2, 2) => 'A',
        (0, 3) => 'H',
        (1, 3) => 'C',
        (2, 3) => 'Z',
        (3, 3) => 'G',
        _ => return None,
    })
}

/// Direction modifiers for a set of vectors of one orthogonal or diagonal atom: `""` for
/// all of them, else one group per direction (`f`, `bl`, ...).
fn directions(dirs: &BTreeSet<(i8, i8)>) -> Option<Vec<String>> {
    let (x, y) = *dirs.iter().next()?;
    let orth = x == 0 || y == 0;
    let diag = x.abs() == y.abs();
    let all = if orth || diag { 4 } else { 8 };
    if dirs.len() == all {
        return Some(vec![String::new()]);
    }
    if !(orth || diag) {
        return None;
    }
    let name = |&(x, y): &(i8, i8)| -> String {
        let v = match y.signum() {
            1 => "f",
            -1 => "b",
            _ => "",
        };
        let h = match x.signum() {
            1 => "r",
            -1 => "l",
            _ => "",
        };
        format!("{v}{h}")
    };
    let names: BTreeSet<String> = dirs.iter().map(name).collect();
    let has = |n: &str| names.contains(n);
    let mut groups = Vec::new();
    if orth {
        match (has("f"), has("b")) {
            (true, true) => groups.push("v".to_string()),
            (true, false) => groups.push("f".to_string()),
            (false, true) => groups.push("b".to_string()),
            _ => {}
        }
        match (has("l"), has("r")) {
            (true, true) => groups.push("s".to_string()),
            (true, false) => groups.push("l".to_string()),
            (false, true) => groups.push("r".to_string()),
            _ => {}
        }
        // `fs` reads as one group in XBetza: forward and sideways.
        if groups.len() == 2 {
            return Some(vec![groups.concat()]);
        }
    } else {
        let (fl, fr, bl, br) = (has("fl"), has("fr"), has("bl"), has("br"));
        if fl && fr {
            groups.push("f".to_string());
        } else if fl {
            groups.push("fl".to_string());
        } else if fr {
            groups.push("fr".to_string());
        }
        if bl && br {
            groups.push("b".to_string());
        } else if bl {
            groups.push("bl".to_string());
        } else if br {
            groups.push("br".to_string());
        }
    }
    Some(groups)
}

/// One `moves` entry in XBetza.
fn of_move(m: &MoveDef) -> Option<String> {
    let (mode, ep) = match m.prim {
        Primitive::Leap { mode, en_passant } => (mode, en_passant),
        Primitive::Slide { mode, .. }
        | Primitive::Jump { mode, .. }
        | Primitive::Bent { mode, .. } => (mode, false),
        Primitive::Flyover | Primitive::Cannon { .. } => (Mode::Both, false),
    };
    let mode = match mode {
        Mode::Move => "m",
        Mode::Capture => "c",
        Mode::Both => "",
    };
    let ep = if ep { "e" } else { "" };
    let initial = if m.from.is_some() { "i" } else { "" };
    if m.to.is_some() {
        return None;
    }
    // Group the vectors by atom.
    let mut by_atom: std::collections::BTreeMap<char, BTreeSet<(i8, i8)>> = Default::default();
    for &(x, y) in &m.dirs {
        by_atom.entry(atom(x, y)?).or_default().insert((x, y));
    }
    let mut out = String::new();
    for (letter, dirs) in by_atom {
        let body = match m.prim {
            Primitive::Leap { .. } => letter.to_string(),
            Primitive::Slide {
                range: Range { min, max },
                ..
            } => {
                // A first-move double step: `ifmnD`.
                if min > 1 {
                    if min == 2 && max == 2 && letter == 'W' {
                        let groups = directions(&dirs)?;
                        for g in groups {
                            out.push_str(&format!("{initial}{g}{mode}nD"));
                        }
                        continue;
                    }
                    return None;
                }
                let rider = match letter {
                    'W' => "R".to_string(),
                    'F' => "B".to_string(),
                    c => format!("{c}{c}"),
                };
                if max > 0 {
                    format!("{rider}{max}")
                } else {
                    rider
                }
            }
            Primitive::Cannon {
                capture_screen: false,
            } => {
                let rider = match letter {
                    'W' => "R".to_string(),
                    'F' => "B".to_string(),
                    c => format!("{c}{c}"),
                };
                for g in directions(&dirs)? {
                    out.push_str(&format!("{initial}{g}cp{rider}"));
                }
                continue;
            }
            _ => return None,
        };
        for g in directions(&dirs)? {
            out.push_str(&format!("{initial}{g}{mode}{ep}{body}"));
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn betza(game: &str, id: &str) -> Option<String> {
        let v = Variant::builtin(game).unwrap();
        of(&v, v.kind_by_id(id).unwrap())
    }

    #[test]
    fn orthodox_pieces() {
        assert_eq!(betza("chess", "knight").as_deref(), Some("N"));
        assert_eq!(betza("chess", "rook").as_deref(), Some("R"));
        assert_eq!(betza("chess", "queen").as_deref(), Some("BR"));
        assert_eq!(betza("chess", "king").as_deref(), Some("FW"));
        assert_eq!(
            betza("chess", "chess-pawn").as_deref(),
            Some("fmWifmnDfceF")
        );
        assert_eq!(betza("capablanca", "chancellor").as_deref(), Some("RN"));
    }

    #[test]
    fn fly_over_and_double_captures_cannot_be_written() {
        assert_eq!(betza("birds-and-ninjas", "flying-bomber"), None);
        assert_eq!(betza("birds-and-ninjas", "ninja-guard"), None);
    }
}
