//! The rules around the pieces, read from the compiled game: promotion, drops, castling and
//! the end of the game. (The one place of `describe` that reads the compiled tables.)

use crate::geometry::Geometry;
use crate::sqset::SquareSet;
use crate::types::{Color, Kind, Square};
use crate::variant::Variant;

use super::{Castling, CastlingFacts, CastlingRook, CastlingSide, DropFacts, PromotionFacts};

/// A set of squares, compactly: `anywhere`, whole ranks as `rank 2`, other squares by
/// name; rank by rank from the lowest, files a upward. `nowhere` when empty.
pub(crate) fn squares_text(g: &Geometry, set: &SquareSet) -> String {
    if set.is_empty() {
        return "nowhere".to_string();
    }
    if g.squares().all(|s| set.contains(s)) {
        return "anywhere".to_string();
    }
    let mut parts = Vec::new();
    for r in g.rank_range() {
        let rank: Vec<Square> = g.rank_squares(r).collect();
        let inside: Vec<Square> = rank.iter().copied().filter(|s| set.contains(*s)).collect();
        if inside.is_empty() {
            continue;
        }
        // A whole main rank by its number; rear squares by name.
        let main = (1..=g.ranks() as i8).contains(&r);
        if main && inside.len() == rank.len() && rank.len() > 1 {
            parts.push(format!("rank {r}"));
        } else {
            parts.extend(inside.iter().map(|s| g.name(*s)));
        }
    }
    parts.join(" ")
}

/// Of some squares, the one nearest the e-file (as chess players expect; the middle file
/// on boards of 4 files or fewer), then the lowest rank.
fn central(g: &Geometry, squares: impl Iterator<Item = Square>) -> Option<Square> {
    let mid = if g.files() > 4 {
        4
    } else {
        (g.files() as i32 - 1) / 2
    };
    squares.min_by_key(|s| ((g.file(*s) as i32 - mid).abs(), g.rank(*s)))
}

pub(crate) fn promotions(v: &Variant) -> Vec<PromotionFacts> {
    let g = &v.geometry;
    let mut out = Vec::new();
    for (i, rule) in v.promo_rules.iter().enumerate() {
        // A rule may be for one side only (`side`): the other's zone is then `nowhere`.
        let of = |c: Color| -> Vec<Kind> {
            v.kinds()
                .filter(|k| v.promo_of[(*k, c)].map(usize::from) == Some(i))
                .collect()
        };
        let (for_white, for_black) = (of(Color::White), of(Color::Black));
        let pieces = if for_white.is_empty() {
            for_black
        } else {
            for_white
        };
        if pieces.is_empty() {
            continue;
        }
        let zone_of = |c: Color| -> SquareSet {
            if v.kinds()
                .any(|k| v.promo_of[(k, c)].map(usize::from) == Some(i))
            {
                rule.zone[c]
            } else {
                SquareSet::EMPTY
            }
        };
        let (white, black) = (zone_of(Color::White), zone_of(Color::Black));
        // Where a piece of the rule could never move again: promotion is forced there
        // (said only of a rule that lets a piece stay as it is).
        let forced = |c: Color| -> String {
            let set: SquareSet = v
                .kinds()
                .filter(|k| !rule.mandatory && v.promo_of[(*k, c)].map(usize::from) == Some(i))
                .flat_map(|k| v.dead[(k, c)].iter())
                .collect();
            if set.is_empty() {
                String::new()
            } else {
                squares_text(g, &set)
            }
        };
        let white = &white;
        // An example: a move from one square behind the zone onto it (White's, or Black's
        // for a rule of Black alone).
        let (zone, back) = if white.is_empty() {
            (&black, 1)
        } else {
            (white, -1)
        };
        let example = central(
            g,
            zone.iter()
                .filter(|s| g.offset(*s, 0, back).is_some_and(|b| !zone.contains(b))),
        )
        .and_then(|to| {
            let from = g.offset(to, 0, back)?;
            let mut t = format!("{}{}", g.name(from), g.name(to));
            if rule.plus {
                t.push('+');
            } else if rule.suffix
                && let Some(c) = rule.choices.first()
            {
                t.push(v.piece(*c).letter.to_ascii_lowercase());
            }
            Some(t)
        })
        .unwrap_or_default();
        out.push(PromotionFacts {
            pieces: pieces.iter().map(|k| v.piece(*k).id.clone()).collect(),
            white_zone: squares_text(g, white),
            black_zone: squares_text(g, &black),
            choices: rule
                .choices
                .iter()
                .map(|k| v.piece(*k).id.clone())
                .collect(),
            limits: rule
                .choices
                .iter()
                .zip(&rule.limits)
                .filter(|(_, n)| **n > 0)
                .map(|(k, n)| (v.piece(*k).id.clone(), *n))
                .collect(),
            mandatory: rule.mandatory,
            suffix: rule.suffix,
            from_zone: rule.leaving,
            plus: rule.plus,
            white_forced: forced(Color::White),
            black_forced: forced(Color::Black),
            example,
        });
    }
    out
}

/// Gating (docs/format.md § Gating), with a gating move of the start as example.
pub(crate) fn gating(v: &Variant, start: &crate::Position) -> Option<super::GatingFacts> {
    let gating = v.gating.as_ref()?;
    let g = &v.geometry;
    let example = start
        .legal_moves()
        .iter()
        .find(|m| m.gate().is_some())
        .map(|m| start.move_text(m));
    Some(super::GatingFacts {
        pieces: v
            .reserve_order()
            .into_iter()
            .filter(|k| gating.gates(*k))
            .map(|k| v.piece(k).id.clone())
            .collect(),
        white_zone: squares_text(g, &gating.zone[Color::White]),
        black_zone: squares_text(g, &gating.zone[Color::Black]),
        example,
    })
}

pub(crate) fn drops(v: &Variant) -> Vec<DropFacts> {
    let g = &v.geometry;
    let mut out = Vec::new();
    for k in v.reserve_order() {
        let white = &v.drops[(k, Color::White)];
        if white.squares.is_empty() {
            continue;
        }
        let black = &v.drops[(k, Color::Black)];
        let set = |t: &crate::variant::DropTable| -> SquareSet {
            t.squares.iter().map(|(s, _)| *s).collect()
        };
        let push = white
            .squares
            .iter()
            .map(|(_, push)| push.len)
            .max()
            .unwrap_or(0) as u8;
        let letter = v.piece(k).letter;
        let sq = central(g, white.squares.iter().map(|(s, _)| *s));
        let example = sq
            .map(|sq| format!("{letter}@{}", g.name(sq)))
            .unwrap_or_default();
        let pushed = sq.and_then(|sq| {
            let (_, push) = white.squares.iter().find(|(s, _)| *s == sq)?;
            let to = v.ray(*push).last()?.square();
            Some(format!("{letter}@{}{}", g.name(sq), g.name(to)))
        });
        out.push(DropFacts {
            piece: v.piece(k).id.clone(),
            white_zone: squares_text(g, &set(white)),
            black_zone: squares_text(g, &set(black)),
            push,
            example,
            pushed,
            one_per_file: white.one_per_file,
            no_mate: white.no_mate,
        });
    }
    out
}

pub(crate) fn castling(v: &Variant) -> Option<CastlingFacts> {
    let cs = v.castling.as_ref()?;
    let g = &v.geometry;
    let sides = Color::BOTH
        .iter()
        .map(|&c| {
            let king = cs.king_home[c];
            let mut rooks: Vec<_> = cs.rooks.iter().filter(|r| r.color == c).collect();
            rooks.sort_by_key(|r| g.file(r.rook_home));
            let rooks = rooks
                .into_iter()
                .map(|r| {
                    let right = if cs.fen_kq {
                        if g.file(r.rook_home) > g.file(king) {
                            'K'
                        } else {
                            'Q'
                        }
                    } else {
                        (b'A' + g.file(r.rook_home)) as char
                    };
                    let right = if c == Color::White {
                        right
                    } else {
                        right.to_ascii_lowercase()
                    };
                    let mut moves: Vec<Castling> = r
                        .options
                        .iter()
                        .map(|o| Castling {
                            text: format!(
                                "{}{}{}{}",
                                g.name(king),
                                g.name(o.king_to),
                                g.name(r.rook_home),
                                g.name(o.rook_to)
                            ),
                            king_to: g.name(o.king_to),
                            rook_to: g.name(o.rook_to),
                        })
                        .collect();
                    moves.sort_by(|a, b| a.text.cmp(&b.text));
                    CastlingRook {
                        rook: g.name(r.rook_home),
                        right,
                        moves,
                    }
                })
                .collect();
            CastlingSide {
                color: c.name().to_string(),
                king: g.name(king),
                rooks,
            }
        })
        .collect();
    Some(CastlingFacts {
        rook_piece: v.piece(cs.rook_kind).id.clone(),
        sides,
    })
}

/// The rules that end a game, one sentence each.
pub(crate) fn end(v: &Variant) -> Vec<String> {
    let g = &v.geometry;
    let royal = v
        .royal
        .map(|k| v.piece(k).name.to_lowercase())
        .unwrap_or_else(|| "royal piece".to_string());
    let pawns: Vec<String> = v
        .pieces
        .iter()
        .filter(|p| p.pawn)
        .map(|p| p.name.clone())
        .collect();
    let end = &v.def.end;
    let mut out = vec![
        format!(
            "Checkmate: the side to move has no legal move and its {royal} is attacked; {}.",
            match end.checkmate {
                crate::def::Result3::Draw => "a draw",
                crate::def::Result3::Loss => "it loses",
                crate::def::Result3::Win => "it wins (misère)",
            }
        ),
        format!(
            "Stalemate: the side to move has no legal move and is not in check; {}.",
            match end.stalemate {
                crate::def::Result3::Draw => "a draw",
                crate::def::Result3::Loss => "it loses",
                crate::def::Result3::Win => "it wins",
            }
        ),
        "Threefold repetition: the same position (board, side to move, castling rights, en-passant targets, reserves) for the third time; a draw.".to_string(),
    ];
    if let Some(facing) = v.facing {
        let lines = match facing {
            crate::def::Facing::File => "a file",
            crate::def::Facing::Orthogonal => "a file or a rank",
        };
        // A rule of legality, said here beside check, which it works like.
        out.insert(
            1,
            format!(
                "Facing: the two {royal}s may not stand on {lines} with nothing between them; a move that leaves them so is illegal, like a move into check."
            ),
        );
    }
    if end.draw_plies > 0 {
        out.push(format!(
            "{} plies in a row without a capture, a drop or a move of a pawn ({}); a draw.",
            end.draw_plies,
            if pawns.is_empty() {
                "this game has none".to_string()
            } else {
                pawns.join(", ")
            }
        ));
    }
    if end.checks > 0 {
        out.push(format!(
            "{n}-check: a side that has given check {n} times wins at once.",
            n = end.checks
        ));
    }
    if end.bare_king {
        out.push(format!(
            "Bare king: a side left with its {royal} alone loses, unless the opponent has one piece besides its {royal} and the bare side captures it on its move at once."
        ));
    }
    if let Some((zones, win)) = &v.scepter {
        out.push(format!(
            "Capture the Scepter: a {royal} that legally ends its move on {} (White's) or {} (Black's) {}.",
            squares_text(g, &zones[Color::White]),
            squares_text(g, &zones[Color::Black]),
            if *win {
                "wins the game at once"
            } else {
                "ends the game in a draw"
            }
        ));
    }
    if let Some(c) = end.draw_odds {
        out.push(format!(
            "Draw odds: every end above that would be a draw is a win for {} instead (Armageddon).",
            c.name()
        ));
    }
    out
}
