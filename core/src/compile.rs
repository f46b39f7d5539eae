//! Compiling a [`VariantDef`] into a [`Variant`]: semantic checks (each pointing into the
//! file), then per-square tables for move generation and reverse tables for attacks.
//!
//! Attack detection (R23) is compiled by brute force from the forward tables: for every
//! piece type, colour, square and primitive, every capture it could make is inverted into a
//! probe on the captured square. Probes on the same line share one walk. So the reverse
//! tables agree with move generation by construction, for any piece a file can describe.

use std::collections::HashMap;

use crate::def::*;
use crate::geometry::{Geometry, coord_name};
use crate::load::OptionSetting;
use crate::source::Ctx;
use crate::sqset::{MAX_SQUARES, SquareSet};
use crate::types::{
    ByColor, ByPiece, ByPieceSquare, CastlingRights, Color, Kind, MAX_KINDS, Piece, Square,
};
use crate::variant::*;

fn zone_set(g: &Geometry, z: &ZoneDef, color: Color) -> SquareSet {
    let ranks = g.ranks() as i8;
    let half = ranks / 2;
    let mut set = SquareSet::EMPTY;
    for sq in g.squares() {
        let (f, r) = g.coords(sq);
        let r = g.relative_rank(r, color);
        let inside = z.items.iter().any(|it| match it {
            ZoneItem::Square(zf, zr, _) => *zf == f && *zr == r,
            ZoneItem::Ranks(a, b, _) => a.is_none_or(|a| r >= a) && b.is_none_or(|b| r <= b),
            ZoneItem::OwnHalf => r <= half,
            ZoneItem::EnemyHalf => r > half,
            ZoneItem::MiddleRank => r == half,
            ZoneItem::FirstRank => r == 1,
            ZoneItem::LastRank => r == ranks,
            ZoneItem::OwnRear => r < 1,
            ZoneItem::EnemyRear => r > ranks,
            ZoneItem::All => true,
        });
        if inside {
            set.insert(sq);
        }
    }
    set
}

fn check_zone_squares(cx: &mut Ctx, g: &Geometry, z: &ZoneDef) {
    for it in &z.items {
        if let ZoneItem::Ranks(a, b, span) = it
            && !g.squares().any(|sq| {
                let r = g.coords(sq).1;
                a.is_none_or(|a| r >= a) && b.is_none_or(|b| r <= b)
            })
        {
            let (lo, hi) = g.rank_range().into_inner();
            let what = match (a, b) {
                (Some(a), Some(b)) if a == b => format!("rank {a}"),
                _ => format!(
                    "ranks {}..{}",
                    a.map(|a| a.to_string()).unwrap_or_default(),
                    b.map(|b| b.to_string()).unwrap_or_default()
                ),
            };
            cx.err(
                *span,
                format!("`{what}` has no square on this board"),
                format!("the board's squares stand on ranks {lo}..{hi}"),
            );
        }
        if let ZoneItem::Square(f, r, span) = it
            && g.square(*f as i32, *r as i32).is_none()
        {
            cx.err(
                *span,
                format!("square `{}` is not on the board", coord_name(*f, *r)),
                board_note(g),
            );
        }
    }
}

fn board_note(g: &Geometry) -> String {
    let last = (b'a' + g.files() - 1) as char;
    format!("the board has files a..{last} and ranks 1..{}", g.ranks())
}

/// Builder state for the reverse (attack) tables.
#[derive(Default)]
struct WalkBuild {
    entries: Vec<WalkEntry>,
    fly_land: Option<Square>,
    screen: bool,
}

struct Reverse {
    leaps: HashMap<(usize, Square, Square), u32>,
    walks: HashMap<(usize, Square, i8, i8), WalkBuild>,
    jump_land: HashMap<(usize, Square, Square, Square, u8), (Over, u32)>,
    jump_over: HashMap<(usize, Square, Square, Square), (u32, u32)>,
    bents: HashMap<(usize, Square, i8, i8, i8, i8), Vec<BentEntry>>,
    exact: Vec<(usize, Square, Probe)>,
}

fn over_code(o: Over) -> u8 {
    o as u8
}

pub(crate) fn compile(
    cx: &mut Ctx,
    mut def: VariantDef,
    options: &[OptionSetting],
) -> Option<Variant> {
    // Optional rules (R25): those on by default, then those the user turns on (`NAME`,
    // `NAME=on`) or off (`NAME=off`), the last word for a name winning.
    let mut enabled: Vec<String> = def
        .options
        .iter()
        .filter(|o| o.default)
        .map(|o| o.name.clone())
        .collect();
    for setting in options {
        let name = setting.name();
        if def.options.iter().any(|o| o.name == name) {
            if !setting.is_on() {
                enabled.retain(|e| e != name);
            } else if !enabled.iter().any(|e| e == name) {
                enabled.push(name.to_string());
            }
        } else {
            let names: Vec<&str> = def.options.iter().map(|o| o.name.as_str()).collect();
            let hint = crate::source::suggest(name, names.iter().copied());
            let avail = if names.is_empty() {
                "it has none".to_string()
            } else {
                format!("its options: {}", names.join(", "))
            };
            cx.diags.push(crate::source::Diagnostic::global(format!(
                "{} has no option `{name}`{hint} ({avail})",
                def.name
            )));
        }
    }
    for o in def.options.clone() {
        if enabled.contains(&o.name) {
            if o.scepter.is_some() {
                def.scepter = o.scepter.clone();
            }
            def.promotions.extend(o.promotions.iter().cloned());
        }
    }
    // Board.
    for s in &def.extra {
        let ok_rank = s.rank == 0 || s.rank == def.ranks as i8 + 1;
        if !ok_rank || s.file >= def.files {
            cx.err(
                s.span,
                format!(
                    "extra square `{}` is not beside the board",
                    coord_name(s.file, s.rank)
                ),
                format!(
                    "extra squares stand on rank 0 or rank {} within files a..{}",
                    def.ranks + 1,
                    (b'a' + def.files - 1) as char
                ),
            );
        }
    }
    for s in &def.holes {
        if s.rank < 1 || s.rank > def.ranks as i8 || s.file >= def.files {
            cx.err(
                s.span,
                format!("hole `{}` is not on the board", coord_name(s.file, s.rank)),
                "holes remove squares of the main board",
            );
        }
    }
    let extra: Vec<(u8, i8)> = def
        .extra
        .iter()
        .map(|s| (s.file, s.rank))
        .filter(|(f, _)| *f < def.files)
        .collect();
    let holes: Vec<(u8, i8)> = def.holes.iter().map(|s| (s.file, s.rank)).collect();
    let g = Geometry::new(def.files, def.ranks, &extra, &holes);
    if g.num_squares() > MAX_SQUARES {
        cx.err(
            def.board_span,
            format!("the board has more than {MAX_SQUARES} squares"),
            "make it smaller",
        );
    }
    for sq in g.squares() {
        if g.mirror(sq).is_none() {
            // Point at the extra square itself, or at the hole that removed its mirror.
            let (f, r) = g.coords(sq);
            let mirror = (f, def.ranks as i8 + 1 - r);
            let extra = def.extra.iter().find(|s| (s.file, s.rank) == (f, r));
            let hole = def.holes.iter().find(|s| (s.file, s.rank) == mirror);
            let (span, note) = match (extra, hole) {
                (Some(e), _) => (
                    e.span,
                    format!(
                        "Black's side mirrors White's: add `{}` too",
                        coord_name(mirror.0, mirror.1)
                    ),
                ),
                (None, Some(h)) => (
                    h.span,
                    format!(
                        "Black's side mirrors White's: make `{}` a hole too",
                        g.name(sq)
                    ),
                ),
                (None, None) => (def.board_span, "Black's side mirrors White's".to_string()),
            };
            cx.err(
                span,
                format!(
                    "the board is not symmetric: `{}` has no mirror square",
                    g.name(sq)
                ),
                note,
            );
            break;
        }
    }
    // Pieces.
    // At most MAX_KINDS pieces and their letters are checked by the loader.
    let mut royal = None;
    for (i, p) in def.pieces.iter().enumerate() {
        if p.royal {
            if royal.is_some() {
                cx.err(
                    p.span,
                    format!("piece `{}` is a second royal piece", p.id),
                    "a game has one royal piece (the king)",
                );
            }
            royal = Some(Kind::new(i));
        }
        for m in &p.moves {
            for z in m.from.iter().chain(m.to.iter()) {
                check_zone_squares(cx, &g, z);
            }
        }
    }
    if royal.is_none() && !def.pieces.is_empty() {
        cx.err(
            def.pieces_span,
            "no piece of this game is royal, so check and checkmate cannot happen",
            "list a royal piece such as `king`, or mark one with `royal = true` in its `[piece.<id>]`",
        );
    }
    let kind_of = |name: &str| {
        def.pieces.iter().position(|p| {
            p.id == name || (name.len() == 1 && p.letter.to_string() == name.to_uppercase())
        })
    };
    let unknown = |cx: &mut Ctx, n: &Named, what: &str| {
        let ids: Vec<&str> = def.pieces.iter().map(|p| p.id.as_str()).collect();
        let hint = crate::source::suggest(&n.name, ids.iter().copied());
        cx.err(
            n.span,
            format!("{what} `{}` is not a piece of this game{hint}", n.name),
            format!("the game's pieces: {}", ids.join(", ")),
        );
    };

    // Promotion.
    let npieces = def.pieces.len().min(MAX_KINDS);
    let mut promo_rules = Vec::new();
    let mut promo_of: ByPiece<Option<u8>> = ByPiece::new(npieces, None);
    for pr in &def.promotions {
        check_zone_squares(cx, &g, &pr.zone);
        let mut choices: Vec<Kind> = Vec::new();
        for c in &pr.choices {
            // `@slots` and `@reserve` stand for the pieces a player chose (Pick the Piece,
            // R17): the slot pieces and the reserve pieces, pawns left out.
            let chosen: Option<Vec<String>> = match c.name.as_str() {
                "@slots" => Some(
                    def.slots
                        .iter()
                        .filter_map(|s| s.piece.as_ref())
                        .map(|n| n.name.clone())
                        .collect(),
                ),
                // The `reserve` table, or else the reserve written in the setup's brackets.
                "@reserve" => Some(match &def.reserve {
                    Some(list) => list
                        .iter()
                        .filter(|(_, n)| *n > 0)
                        .map(|(p, _)| p.name.clone())
                        .collect(),
                    None => def
                        .setup
                        .split_once('[')
                        .map(|(_, r)| r.chars().take_while(|c| *c != ']').collect::<String>())
                        .unwrap_or_default()
                        .chars()
                        .filter_map(|l| {
                            def.pieces
                                .iter()
                                .find(|p| p.letter == l.to_ascii_uppercase())
                        })
                        .map(|p| p.id.clone())
                        .collect(),
                }),
                _ => None,
            };
            if let Some(chosen) = chosen {
                for n in chosen {
                    if let Some(k) = kind_of(&n)
                        && !def.pieces[k].pawn
                        && !def.pieces[k].royal
                        && !choices.contains(&Kind::new(k))
                    {
                        choices.push(Kind::new(k));
                    }
                }
                continue;
            }
            match kind_of(&c.name) {
                Some(k) if def.pieces[k].royal => {
                    cx.err(
                        c.span,
                        format!("promotion choice `{}` is royal", c.name),
                        "a piece cannot promote to the king",
                    );
                }
                Some(k) if !choices.contains(&Kind::new(k)) => choices.push(Kind::new(k)),
                Some(_) => {}
                None => unknown(cx, c, "promotion choice"),
            }
        }
        if !pr.suffix && (choices.len() > 1 || !pr.mandatory) {
            // R29: without a suffix the move text cannot say which piece, or whether.
            cx.err(
                pr.span,
                "a promotion with `suffix = false` must have one choice and be mandatory",
                "without a suffix the move text cannot tell the choices apart: keep one choice and `mandatory = true`, or drop `suffix = false`",
            );
        }
        if pr.choices.is_empty() {
            cx.err(
                pr.span,
                "a promotion rule with no choices",
                "list the pieces it may promote to in `choices`",
            );
        }
        let idx = promo_rules.len() as u8;
        for p in &pr.pieces {
            match kind_of(&p.name) {
                Some(k) if k < npieces => {
                    for c in Color::BOTH {
                        let rule = &mut promo_of[(Kind::new(k), c)];
                        if rule.is_some() {
                            cx.err(
                                p.span,
                                format!("piece `{}` is in two promotion rules", p.name),
                                "a piece has one promotion rule",
                            );
                        }
                        *rule = Some(idx);
                    }
                }
                Some(_) => {}
                // A library piece this game does not use (a family's shared rule): skip.
                None if def.known.contains(&p.name) => {}
                None => unknown(cx, p, "promoting piece"),
            }
        }
        promo_rules.push(PromoRule {
            zone: ByColor::from_fn(|c| zone_set(&g, &pr.zone, c)),
            choices,
            mandatory: pr.mandatory,
            suffix: pr.suffix,
        });
    }

    // Drops.
    let mut drops: ByPiece<DropTable> = ByPiece::new(npieces, DropTable::default());
    let mut rays: Vec<u16> = Vec::new();
    for d in &def.drops {
        check_zone_squares(cx, &g, &d.zone);
        match kind_of(&d.piece.name) {
            Some(k) if k < npieces => {
                for c in Color::BOTH {
                    let set = zone_set(&g, &d.zone, c);
                    let fwd = if c == Color::White { 1 } else { -1 };
                    let mut table = DropTable::default();
                    for sq in set.iter() {
                        let start = rays.len() as u32;
                        let mut cur = sq;
                        for _ in 0..d.push {
                            match g.offset(cur, 0, fwd) {
                                Some(n) => {
                                    rays.push(n.0);
                                    cur = n;
                                }
                                None => break,
                            }
                        }
                        table
                            .squares
                            .push((sq, start, (rays.len() as u32 - start) as u16));
                    }
                    drops[(Kind::new(k), c)] = table;
                }
            }
            Some(_) => {}
            None if def.known.contains(&d.piece.name) => {}
            None => unknown(cx, &d.piece, "drop piece"),
        }
    }
    // Reserve pieces without a drop rule use `drop-zone` (R21), or are an error.
    let mut in_reserve: Vec<(usize, crate::source::Span)> = Vec::new();
    if let Some(list) = &def.reserve {
        for (n, count) in list {
            if let Some(k) = kind_of(&n.name).filter(|_| *count > 0) {
                in_reserve.push((k, n.span));
            }
        }
    } else if let Some(i) = def.setup.find('[') {
        for (j, ch) in def.setup[i + 1..]
            .char_indices()
            .take_while(|(_, c)| *c != ']')
        {
            if let Some(k) = def
                .pieces
                .iter()
                .position(|p| p.letter == ch.to_ascii_uppercase())
            {
                in_reserve.push((k, setup_span(&def, i + 1 + j, 1)));
            }
        }
    }
    // One report per piece, at its first mention.
    let mut seen_kinds = Vec::new();
    in_reserve.retain(|(k, _)| {
        let new = !seen_kinds.contains(k);
        seen_kinds.push(*k);
        new
    });
    for (k, span) in in_reserve {
        if k >= npieces
            || !drops[(Kind::new(k), Color::White)].squares.is_empty()
            || def.drops.iter().any(|d| kind_of(&d.piece.name) == Some(k))
        {
            continue;
        }
        match &def.drop_zone {
            Some(zone) => {
                check_zone_squares(cx, &g, zone);
                for c in Color::BOTH {
                    let mut table = DropTable::default();
                    for sq in zone_set(&g, zone, c).iter() {
                        table.squares.push((sq, rays.len() as u32, 0));
                    }
                    drops[(Kind::new(k), c)] = table;
                }
            }
            None => {
                let id = &def.pieces[k].id;
                cx.err(
                    span,
                    format!("`{id}` is in a reserve but has no drop zone"),
                    format!("add `[drops.{id}]` with a `zone`, or a game-wide `drop-zone`"),
                );
            }
        }
    }

    // Castling.
    let mut castling = None;
    let mut castle_clear = vec![CastlingRights::NONE; g.num_squares()];
    if let Some(cd) = &def.castling {
        let on_board = |cx: &mut Ctx, s: &SquareRef| -> Option<Square> {
            let sq = g.square(s.file as i32, s.rank as i32);
            if sq.is_none() {
                cx.err(
                    s.span,
                    format!(
                        "square `{}` is not on the board",
                        coord_name(s.file, s.rank)
                    ),
                    board_note(&g),
                );
            }
            sq
        };
        let king = on_board(cx, &cd.king);
        let rook_kind = match kind_of(&cd.rook_piece.name) {
            Some(k) => Kind::new(k),
            None => {
                unknown(cx, &cd.rook_piece, "castling rook piece");
                Kind::new(0)
            }
        };
        if cd.rooks.len() > 4 {
            cx.err(
                cd.span,
                "at most four castling rooks per side",
                "remove some rooks",
            );
        }
        let mut rooks = Vec::new();
        let targets: Vec<Square> = cd.king_to.iter().filter_map(|s| on_board(cx, s)).collect();
        if let Some(king) = king {
            let kh = ByColor::new(king, g.mirror(king).unwrap_or(king));
            for (i, rs) in cd.rooks.iter().enumerate().take(4) {
                let Some(rook) = on_board(cx, rs) else {
                    continue;
                };
                if g.rank(rook) != g.rank(king) || rook == king {
                    cx.err(
                        rs.span,
                        format!("castling rook `{}` is not on the king's rank", g.name(rook)),
                        "castling rooks stand on the king's rank",
                    );
                    continue;
                }
                for c in Color::BOTH {
                    let m = |s: Square| {
                        if c == Color::White {
                            Some(s)
                        } else {
                            g.mirror(s)
                        }
                    };
                    let (Some(k0), Some(r0)) = (m(king), m(rook)) else {
                        continue;
                    };
                    let dir = if g.file(r0) > g.file(k0) { 1 } else { -1 };
                    let between = g.between(k0, r0);
                    let mut options = Vec::new();
                    for t in &targets {
                        let Some(t) = m(*t) else { continue };
                        if g.rank(t) != g.rank(k0) {
                            continue;
                        }
                        let steps = (g.file(t) as i32 - g.file(k0) as i32) * dir;
                        let reach = (g.file(r0) as i32 - g.file(k0) as i32) * dir;
                        if steps < 1 || steps > reach {
                            continue;
                        }
                        let transit: Vec<Square> = (1..=steps)
                            .filter_map(|s| g.offset(k0, s * dir, 0))
                            .collect();
                        let rook_to = g.offset(t, -dir, 0).unwrap_or(k0);
                        options.push(CastleOption {
                            king_to: t,
                            rook_to,
                            transit,
                        });
                    }
                    let right = CastlingRights::rook(c, i);
                    castle_clear[r0.index()] = castle_clear[r0.index()].union(right);
                    rooks.push(CastleRook {
                        color: c,
                        right,
                        rook_home: r0,
                        between,
                        options,
                    });
                }
            }
            for c in Color::BOTH {
                let sq = kh[c].index();
                castle_clear[sq] = castle_clear[sq].union(CastlingRights::all_of(c));
            }
            castling = Some(Castling {
                king_home: kh,
                rooks,
                rook_kind,
                fen_kq: cd.fen_kq,
            });
        }
    }

    if !cx.diags.is_empty() {
        // Do not build tables from a definition already known to be wrong, but still check
        // the setup so that all mistakes are reported at once.
        check_setup_letters(cx, &def);
        return None;
    }

    // Forward tables.
    let n = g.num_squares();
    let mut atoms: Vec<Atom> = Vec::new();
    let mut atom_index = ByPieceSquare::new(npieces, n, (0u32, 0u32));
    let mut rev = Reverse {
        leaps: HashMap::new(),
        walks: HashMap::new(),
        jump_land: HashMap::new(),
        jump_over: HashMap::new(),
        bents: HashMap::new(),
        exact: Vec::new(),
    };
    for (k, p) in def.pieces.iter().enumerate().take(npieces) {
        let bit = Kind::new(k).bit();
        for c in Color::BOTH {
            let fy = if c == Color::White { 1 } else { -1 };
            let zones: Vec<(Option<SquareSet>, Option<SquareSet>)> = p
                .moves
                .iter()
                .map(|m| {
                    (
                        m.from.as_ref().map(|z| zone_set(&g, z, c)),
                        m.to.as_ref().map(|z| zone_set(&g, z, c)),
                    )
                })
                .collect();
            for src in g.squares() {
                let start = atoms.len() as u32;
                let mut landed = SquareSet::EMPTY;
                for (mi, m) in p.moves.iter().enumerate() {
                    let (from_z, to_z) = &zones[mi];
                    if from_z.as_ref().is_some_and(|z| !z.contains(src)) {
                        continue;
                    }
                    let landable = |sq: Square| to_z.as_ref().is_none_or(|z| z.contains(sq));
                    let mut mode = match m.mode {
                        Mode::Move => MOVE,
                        Mode::Capture => CAPTURE,
                        Mode::Both => MOVE | CAPTURE,
                    };
                    match m.ep {
                        EpRole::Capture => mode |= EP_CAPTURE,
                        EpRole::Create => mode |= EP_CREATE,
                        EpRole::None => {}
                    }
                    for &(dx, dy) in &m.dirs {
                        let (dx, dy) = (dx as i32, dy as i32 * fy);
                        match m.prim {
                            Prim::Leap => {
                                let Some(to) = g.offset(src, dx, dy) else {
                                    continue;
                                };
                                if !landable(to) {
                                    continue;
                                }
                                let dup = landed.contains(to);
                                atoms.push(Atom::Leap { to, mode, dup });
                                landed.insert(to);
                                if mode & CAPTURE != 0 {
                                    *rev.leaps.entry((c as usize, to, src)).or_default() |= bit;
                                }
                            }
                            _ => {}
                        }
                        match m.prim {
                            Prim::Leap => {}
                            Prim::Slide | Prim::Flyover | Prim::Cannon => {
                                let ray = line(&g, src, dx, dy, 0);
                                let limit = if m.prim == Prim::Slide && m.max > 0 {
                                    m.max as usize
                                } else {
                                    usize::MAX
                                };
                                let min = if m.prim == Prim::Slide {
                                    m.min as usize
                                } else {
                                    1
                                };
                                let mut entries: Vec<u16> = Vec::new();
                                for (i, sq) in ray.iter().enumerate().take(limit) {
                                    let land = i + 1 >= min && landable(*sq);
                                    entries.push(sq.0 | if land { 0 } else { NOLAND });
                                }
                                while entries.last().is_some_and(|e| e & NOLAND != 0) {
                                    entries.pop();
                                }
                                if entries.is_empty() {
                                    continue;
                                }
                                let rstart = rays.len() as u32;
                                let len = entries.len() as u16;
                                let land_set: SquareSet = entries
                                    .iter()
                                    .enumerate()
                                    .filter(|(i, e)| {
                                        *e & NOLAND == 0 && (m.prim == Prim::Slide || *i > 0)
                                    })
                                    .map(|(_, e)| Square(*e))
                                    .collect();
                                let dup = overlaps(&landed, &land_set);
                                landed = landed.union(&land_set);
                                rays.extend_from_slice(&entries);
                                let ai = atoms.len() as u32;
                                let lands = |i: usize| entries[i] & NOLAND == 0;
                                let sqs: Vec<Square> =
                                    entries.iter().map(|e| Square(e & !NOLAND)).collect();
                                match m.prim {
                                    Prim::Slide => {
                                        atoms.push(Atom::Slide {
                                            ray: rstart,
                                            len,
                                            mode,
                                            dup,
                                        });
                                        if mode & CAPTURE != 0 {
                                            for i in 0..sqs.len() {
                                                if lands(i) {
                                                    walk_entry(
                                                        &mut rev,
                                                        &g,
                                                        c,
                                                        sqs[i],
                                                        dx,
                                                        dy,
                                                        i + 1,
                                                    )
                                                    .plain |= bit;
                                                }
                                            }
                                        }
                                    }
                                    Prim::Flyover => {
                                        atoms.push(Atom::Fly {
                                            ray: rstart,
                                            len,
                                            dup,
                                        });
                                        for i in 0..sqs.len().saturating_sub(1) {
                                            if lands(i + 1) {
                                                let w = walk(&mut rev, c, sqs[i], dx, dy);
                                                w.fly_land = Some(sqs[i + 1]);
                                                walk_entry(
                                                    &mut rev,
                                                    &g,
                                                    c,
                                                    sqs[i],
                                                    dx,
                                                    dy,
                                                    i + 1,
                                                )
                                                .fly |= bit;
                                            }
                                        }
                                    }
                                    _ => {
                                        atoms.push(Atom::Cannon {
                                            ray: rstart,
                                            len,
                                            cap_screen: m.capture_screen,
                                            dup,
                                        });
                                        for j in 1..sqs.len() {
                                            if lands(j) {
                                                walk_entry(
                                                    &mut rev,
                                                    &g,
                                                    c,
                                                    sqs[j],
                                                    dx,
                                                    dy,
                                                    j + 1,
                                                )
                                                .cannon |= bit;
                                            }
                                        }
                                        if m.capture_screen {
                                            for i in 0..sqs.len().saturating_sub(1) {
                                                let beyond_all = line(&g, sqs[i], dx, dy, 0).len()
                                                    == sqs.len() - i - 1
                                                    && (i + 1..sqs.len()).all(lands);
                                                if beyond_all {
                                                    walk(&mut rev, c, sqs[i], dx, dy).screen = true;
                                                    walk_entry(
                                                        &mut rev,
                                                        &g,
                                                        c,
                                                        sqs[i],
                                                        dx,
                                                        dy,
                                                        i + 1,
                                                    )
                                                    .screen |= bit;
                                                } else {
                                                    rev.exact.push((
                                                        c as usize,
                                                        sqs[i],
                                                        Probe::Exact {
                                                            src,
                                                            kind: Kind::new(k),
                                                            atom: ai,
                                                        },
                                                    ));
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                            Prim::Jump => {
                                let d = m.distance as i32;
                                let Some(to) = g.offset(src, dx * d, dy * d) else {
                                    continue;
                                };
                                let path = line(&g, src, dx, dy, d as usize);
                                if path.len() != d as usize || !landable(to) {
                                    continue;
                                }
                                let over: Vec<u16> =
                                    path[..path.len() - 1].iter().map(|s| s.0).collect();
                                let ostart = rays.len() as u32;
                                rays.extend_from_slice(&over);
                                let mut one = SquareSet::EMPTY;
                                one.insert(to);
                                let dup = overlaps(&landed, &one);
                                landed.insert(to);
                                let ai = atoms.len() as u32;
                                atoms.push(Atom::Jump {
                                    over: ostart,
                                    nover: over.len() as u16,
                                    to,
                                    cond: m.over,
                                    cap_over: m.capture_over,
                                    mode,
                                    dup,
                                });
                                if mode & CAPTURE != 0 {
                                    if over.len() == 1 {
                                        let e = rev
                                            .jump_land
                                            .entry((
                                                c as usize,
                                                to,
                                                src,
                                                Square(over[0]),
                                                over_code(m.over),
                                            ))
                                            .or_insert((m.over, 0));
                                        e.1 |= bit;
                                    } else {
                                        rev.exact.push((
                                            c as usize,
                                            to,
                                            Probe::Exact {
                                                src,
                                                kind: Kind::new(k),
                                                atom: ai,
                                            },
                                        ));
                                    }
                                }
                                if m.capture_over
                                    && matches!(m.over, Over::Any | Over::Enemy | Over::Piece)
                                    && over.len() == 1
                                {
                                    let e = rev
                                        .jump_over
                                        .entry((c as usize, Square(over[0]), src, to))
                                        .or_default();
                                    if mode & MOVE != 0 {
                                        e.0 |= bit;
                                    }
                                    if mode & CAPTURE != 0 {
                                        e.1 |= bit;
                                    }
                                }
                            }
                            Prim::Bent => {
                                let Some(bend) = g.offset(src, dx, dy) else {
                                    continue;
                                };
                                for &(ex, ey) in &m.then {
                                    let (ex, ey) = (ex as i32, ey as i32 * fy);
                                    if !outward((dx, dy), (ex, ey)) {
                                        continue;
                                    }
                                    let ray = line(&g, bend, ex, ey, 0);
                                    let limit = if m.max > 0 {
                                        m.max as usize
                                    } else {
                                        usize::MAX
                                    };
                                    let mut entries: Vec<u16> = Vec::new();
                                    for (i, sq) in ray.iter().enumerate().take(limit) {
                                        let land = i + 1 >= m.min as usize && landable(*sq);
                                        entries.push(sq.0 | if land { 0 } else { NOLAND });
                                    }
                                    while entries.last().is_some_and(|e| e & NOLAND != 0) {
                                        entries.pop();
                                    }
                                    if entries.is_empty() {
                                        continue;
                                    }
                                    let land_set: SquareSet = entries
                                        .iter()
                                        .filter(|e| *e & NOLAND == 0)
                                        .map(|e| Square(*e))
                                        .collect();
                                    let dup = overlaps(&landed, &land_set);
                                    landed = landed.union(&land_set);
                                    let rstart = rays.len() as u32;
                                    rays.extend_from_slice(&entries);
                                    atoms.push(Atom::Bent {
                                        bend,
                                        ray: rstart,
                                        len: entries.len() as u16,
                                        mode,
                                        dup,
                                    });
                                    if mode & CAPTURE != 0 {
                                        for (i, e) in entries.iter().enumerate() {
                                            if e & NOLAND != 0 {
                                                continue;
                                            }
                                            let kq = Square(*e);
                                            let key = (
                                                c as usize, kq, dx as i8, dy as i8, ex as i8,
                                                ey as i8,
                                            );
                                            let list = rev.bents.entry(key).or_default();
                                            // Entry j (1-based) of the walk back from kq is the bend square.
                                            let j = i + 1;
                                            while list.len() < j {
                                                let q = g.offset(
                                                    kq,
                                                    -ex * (list.len() as i32 + 1),
                                                    -ey * (list.len() as i32 + 1),
                                                );
                                                let s = q
                                                    .and_then(|q| g.offset(q, -dx, -dy))
                                                    .unwrap_or(Square::NONE);
                                                list.push(BentEntry {
                                                    q: q.unwrap_or(Square::NONE),
                                                    src: s,
                                                    mask: 0,
                                                });
                                            }
                                            list[j - 1].mask |= bit;
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                *atom_index.get_mut(Kind::new(k), c, src) = (start, atoms.len() as u32);
            }
        }
    }

    // Reverse tables.
    let mut per_target: Vec<Vec<Probe>> = vec![Vec::new(); 2 * n];
    let mut sensitive = vec![SquareSet::EMPTY; 2 * n];
    let mut walks: Vec<WalkEntry> = Vec::new();
    let mut bents: Vec<BentEntry> = Vec::new();
    let mut leaps: Vec<_> = rev.leaps.into_iter().collect();
    leaps.sort_by_key(|((c, k, s), _)| (*c, *k, *s));
    let mut leap_per_target: Vec<Vec<(Square, u32)>> = vec![Vec::new(); 2 * n];
    for ((c, k, src), mask) in leaps {
        leap_per_target[c * n + k.index()].push((src, mask));
    }
    let mut jl: Vec<_> = rev.jump_land.into_iter().collect();
    jl.sort_by_key(|(key, _)| *key);
    for ((c, k, src, mid, _), (cond, mask)) in jl {
        per_target[c * n + k.index()].push(Probe::JumpLand {
            src,
            mid,
            cond,
            mask,
        });
        sensitive[c * n + k.index()].insert(mid);
    }
    let mut jo: Vec<_> = rev.jump_over.into_iter().collect();
    jo.sort_by_key(|(key, _)| *key);
    for ((c, k, src, land), (mm, mc)) in jo {
        per_target[c * n + k.index()].push(Probe::JumpOver {
            src,
            land,
            mask_move: mm,
            mask_cap: mc,
        });
        sensitive[c * n + k.index()].insert(land);
    }
    let mut wl: Vec<_> = rev.walks.into_iter().collect();
    wl.sort_by_key(|(key, _)| *key);
    // Each walk splits in two: its plain slider part (attacks that only the first piece on
    // the line decides, so pins can be found per position) and its special part (fly-over
    // and cannon attacks, which depend on more squares and stay in the static sensitivity).
    let mut plain_per_target: Vec<Vec<(u32, u16)>> = vec![Vec::new(); 2 * n];
    let mut plain_walks: Vec<WalkEntry> = Vec::new();
    for ((c, k, dx, dy), mut w) in wl {
        let mut plain: Vec<WalkEntry> = w
            .entries
            .iter()
            .map(|e| WalkEntry {
                sq: e.sq,
                plain: e.plain,
                ..Default::default()
            })
            .collect();
        while plain.last().is_some_and(|e| e.plain == 0) {
            plain.pop();
        }
        if !plain.is_empty() {
            plain_per_target[c * n + k.index()]
                .push((plain_walks.len() as u32, plain.len() as u16));
            plain_walks.extend_from_slice(&plain);
        }
        for e in w.entries.iter_mut() {
            e.plain = 0;
        }
        while w
            .entries
            .last()
            .is_some_and(|e| e.plain | e.fly | e.cannon | e.screen == 0)
        {
            w.entries.pop();
        }
        if w.entries.is_empty() {
            continue;
        }
        let sens = &mut sensitive[c * n + k.index()];
        for e in &w.entries {
            sens.insert(e.sq);
        }
        let fly_land = w.fly_land.unwrap_or(Square::NONE);
        if fly_land.is_some() {
            sens.insert(fly_land);
        }
        let (mut fwd, mut fwd_len) = (0u32, 0u16);
        if w.screen {
            let f = line(&g, k, dx as i32, dy as i32, 0);
            fwd = rays.len() as u32;
            fwd_len = f.len() as u16;
            for s in &f {
                sens.insert(*s);
                rays.push(s.0);
            }
        }
        let cannon = w.entries.iter().any(|e| e.cannon != 0);
        let start = walks.len() as u32;
        walks.extend_from_slice(&w.entries);
        per_target[c * n + k.index()].push(Probe::Walk {
            start,
            len: w.entries.len() as u16,
            fly_land,
            fwd,
            fwd_len,
            cannon,
        });
    }
    let mut bl: Vec<_> = rev.bents.into_iter().collect();
    bl.sort_by_key(|(key, _)| *key);
    for ((c, k, ..), list) in bl {
        let sens = &mut sensitive[c * n + k.index()];
        for e in &list {
            if e.q.is_some() {
                sens.insert(e.q);
            }
        }
        let start = bents.len() as u32;
        bents.extend_from_slice(&list);
        per_target[c * n + k.index()].push(Probe::Bent {
            start,
            len: list.len() as u16,
        });
    }
    for (c, k, probe) in rev.exact {
        if let Probe::Exact { atom, .. } = probe {
            for s in atom_squares(&atoms[atom as usize], &rays) {
                sensitive[c * n + k.index()].insert(s);
            }
        }
        per_target[c * n + k.index()].push(probe);
    }
    let (leap_probes, leap_index) = flatten(leap_per_target);
    let (plain_probes, plain_index) = flatten(plain_per_target);
    let (probes, probe_index) = flatten(per_target);
    let (leap_index, plain_index, probe_index) = (
        by_color(leap_index, n),
        by_color(plain_index, n),
        by_color(probe_index, n),
    );
    let sensitive = by_color(sensitive, n);

    let pieces: Vec<PieceType> = def
        .pieces
        .iter()
        .take(npieces)
        .map(|p| PieceType {
            id: p.id.clone(),
            name: p.name.clone(),
            letter: p.letter,
            value: (p.value * 100.0).round() as i32,
            royal: p.royal,
            pawn: p.pawn,
        })
        .collect();
    let zobrist = crate::zobrist::Zobrist::new(n);
    let scepter = def.scepter.as_ref().map(|sc| {
        check_zone_squares(cx, &g, &sc.zone);
        (ByColor::from_fn(|c| zone_set(&g, &sc.zone, c)), sc.win)
    });
    // A game with drop rules shows reserves in its position strings, even empty (R28).
    let has_drops = drops.iter().any(|d| !d.squares.is_empty())
        || !def.drops.is_empty()
        || def.drop_zone.is_some();
    let mut variant = Variant {
        name: def.name.clone(),
        description: def.description.clone(),
        geometry: g,
        pieces,
        setup: def.setup.clone(),
        royal,
        atoms,
        atom_index,
        rays,
        probes,
        probe_index,
        leap_probes,
        leap_index,
        plain_probes,
        plain_index,
        plain_walks,
        walks,
        bents,
        sensitive,
        promo_rules,
        promo_of,
        castling,
        castle_clear,
        drops,
        zobrist,
        has_drops,
        scepter,
        enabled,
        warnings: Vec::new(),
        def,
    };
    // The setup must be a valid position of the game. Slot pieces and a `reserve` table
    // complete it (Pick the Piece).
    let setup = variant.setup.trim().to_string();
    match crate::setup::Setup::parse_data(&variant, &setup) {
        Ok(mut parsed) => {
            let g = &variant.geometry;
            let mut ok = true;
            for slot in &variant.def.slots {
                let Some(pn) = &slot.piece else { continue };
                let Some(k) = variant.kind_by_id(&pn.name) else {
                    continue;
                };
                for sr in &slot.squares {
                    let Some(sq) = g.square(sr.file as i32, sr.rank as i32) else {
                        cx.err(
                            sr.span,
                            format!(
                                "slot square `{}` is not on the board",
                                coord_name(sr.file, sr.rank)
                            ),
                            board_note(g),
                        );
                        ok = false;
                        continue;
                    };
                    // One report per slot square (White's, or else Black's mirror), naming
                    // what stands there.
                    let mut reported = false;
                    for c in Color::BOTH {
                        let at = if c == Color::White {
                            Some(sq)
                        } else {
                            g.mirror(sq)
                        };
                        let Some(at) = at else { continue };
                        let there = parsed.board[at.index()];
                        if there.is_some() {
                            if !reported {
                                cx.err(
                                    sr.span,
                                    format!(
                                        "slot square `{}` is not empty in the setup: it holds a {} {}",
                                        g.name(at),
                                        there.color().name(),
                                        variant.piece(there.kind()).name
                                    ),
                                    "a slot is an empty square of the setup that the chosen piece fills",
                                );
                                reported = true;
                            }
                            ok = false;
                        } else {
                            parsed.board[at.index()] = Piece::new(k, c);
                        }
                    }
                }
            }
            if let Some(list) = &variant.def.reserve {
                parsed.reserves = ByColor::new([0; MAX_KINDS], [0; MAX_KINDS]);
                for (n, count) in list {
                    if let Some(k) = variant.kind_by_id(&n.name) {
                        for c in Color::BOTH {
                            parsed.reserves[c][k.index()] = *count;
                        }
                    }
                }
            }
            if !ok {
                return None;
            }
            variant.setup = crate::setup::write_data(&variant, &parsed);
        }
        Err(e) => {
            // `setup` was trimmed: offsets count from its first non-space character.
            let lead = variant.def.setup.len() - variant.def.setup.trim_start().len();
            cx.err(
                setup_span(&variant.def, lead + e.offset(), e.len()),
                format!("bad setup: {e}"),
                e.hint(),
            );
            return None;
        }
    }
    Some(variant)
}

/// The span of `len` bytes at byte `offset` of the setup string, when the file holds the
/// string as written (no escapes); else the whole string.
fn setup_span(def: &VariantDef, offset: usize, len: usize) -> crate::source::Span {
    let s = def.setup_span;
    if s.end.saturating_sub(s.start) == def.setup.len() && offset < def.setup.len() {
        let start = s.start + offset;
        crate::source::Span {
            file: s.file,
            start,
            end: (start + len.max(1)).min(s.end),
        }
    } else {
        s
    }
}

/// When the definition has other mistakes the setup cannot be read as a position, but its
/// piece letters can still be checked, so that every mistake is reported at once.
fn check_setup_letters(cx: &mut Ctx, def: &VariantDef) {
    if def.pieces.is_empty() {
        // Every letter would be unknown: the reason (no pieces) is reported already.
        return;
    }
    let board = def.setup.split(' ').find(|f| !f.is_empty()).unwrap_or("");
    let lead = def.setup.find(board).unwrap_or(0);
    // One report, at the first unknown letter, naming every unknown letter once.
    let mut first = None;
    let mut unknown: Vec<char> = Vec::new();
    for (j, c) in board.char_indices() {
        if !c.is_ascii_alphabetic()
            || unknown.iter().any(|u| u.eq_ignore_ascii_case(&c))
            || def
                .pieces
                .iter()
                .any(|p| p.letter == c.to_ascii_uppercase())
        {
            continue;
        }
        first.get_or_insert(j);
        unknown.push(c);
    }
    let Some(j) = first else { return };
    let message = match unknown.as_slice() {
        [c] => format!("bad setup: no piece of this game has the letter `{c}`"),
        _ => format!(
            "bad setup: no piece of this game has the letters {}",
            unknown
                .iter()
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    cx.err(
        setup_span(def, lead + j, 1),
        message,
        crate::setup::letters_hint(def.pieces.iter().map(|p| p.letter)),
    );
}

/// Lists per target into one table and `(start, end)` ranges into it, by target.
fn flatten<T>(lists: Vec<Vec<T>>) -> (Vec<T>, Vec<(u32, u32)>) {
    let mut all = Vec::new();
    let mut index = Vec::with_capacity(lists.len());
    for list in lists {
        let s = all.len() as u32;
        all.extend(list);
        index.push((s, all.len() as u32));
    }
    (all, index)
}

/// A table of `2 * n` entries, White's first, as one table per colour.
fn by_color<T>(mut all: Vec<T>, n: usize) -> ByColor<Vec<T>> {
    let black = all.split_off(n);
    ByColor::new(all, black)
}

fn overlaps(a: &SquareSet, b: &SquareSet) -> bool {
    b.iter().any(|s| a.contains(s))
}

/// An R10/R11 second leg continues outward: on every axis where both legs move they move
/// the same way, and they share at least one such axis.
fn outward(first: (i32, i32), then: (i32, i32)) -> bool {
    let agree = |a: i32, b: i32| a == 0 || b == 0 || a.signum() == b.signum();
    let share = (first.0 != 0 && then.0 != 0) || (first.1 != 0 && then.1 != 0);
    agree(first.0, then.0) && agree(first.1, then.1) && share && first != then
}

/// The squares from `src` stepping `(dx, dy)`, up to `limit` squares (0 = to the edge),
/// stopping at the first square that does not exist (R1: holes stop lines).
fn line(g: &Geometry, src: Square, dx: i32, dy: i32, limit: usize) -> Vec<Square> {
    let mut out = Vec::new();
    let mut cur = src;
    while let Some(n) = g.offset(cur, dx, dy) {
        out.push(n);
        cur = n;
        if limit != 0 && out.len() >= limit {
            break;
        }
    }
    out
}

fn walk(rev: &mut Reverse, c: Color, k: Square, dx: i32, dy: i32) -> &mut WalkBuild {
    rev.walks
        .entry((c as usize, k, dx as i8, dy as i8))
        .or_default()
}

/// Entry `j` (1-based) of the walk back from `k` against direction `(dx, dy)`.
fn walk_entry<'a>(
    rev: &'a mut Reverse,
    g: &Geometry,
    c: Color,
    k: Square,
    dx: i32,
    dy: i32,
    j: usize,
) -> &'a mut WalkEntry {
    let w = walk(rev, c, k, dx, dy);
    while w.entries.len() < j {
        let i = w.entries.len() as i32 + 1;
        let sq = g
            .offset(k, -dx * i, -dy * i)
            .expect("a walk retraces an existing line");
        w.entries.push(WalkEntry {
            sq,
            ..Default::default()
        });
    }
    &mut w.entries[j - 1]
}

/// Every square an atom looks at.
fn atom_squares(a: &Atom, rays: &[u16]) -> Vec<Square> {
    let r = |s: u32, l: u16| {
        rays[s as usize..s as usize + l as usize]
            .iter()
            .map(|e| Square(e & !NOLAND))
            .collect::<Vec<_>>()
    };
    match *a {
        Atom::Leap { to, .. } => vec![to],
        Atom::Slide { ray, len, .. }
        | Atom::Fly { ray, len, .. }
        | Atom::Cannon { ray, len, .. } => r(ray, len),
        Atom::Jump {
            over, nover, to, ..
        } => {
            let mut v = r(over, nover);
            v.push(to);
            v
        }
        Atom::Bent { bend, ray, len, .. } => {
            let mut v = r(ray, len);
            v.push(bend);
            v
        }
    }
}
