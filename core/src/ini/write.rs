//! Writing a game as a variants.ini section (docs/interop.md): the board, the pieces in
//! Betza (`crate::xbetza`) with their mobility regions, the start position, promotion
//! (shogi's as promoted piece types), double steps and en passant, castling, drops (shogi's
//! drop rules), Capture the Scepter as a flag region, the flying general and the `[end]` table (the
//! stalemate's result, the bare king as extinction, the count of plies, n-check). What
//! Fairy-Stockfish cannot express is listed with its place in the game's file.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::sync::Arc;

use crate::def::{Mode, MoveDef, PieceDef, Primitive, Range, ZoneDef, ZoneItem};
use crate::position::Position;
use crate::source::Span;
use crate::sqset::SquareSet;
use crate::types::{Color, Kind};
use crate::variant::Variant;
use crate::xbetza::of_move_fsf;

/// Something the section cannot say: where, what, and a note.
pub(crate) type Found = (Option<Span>, String, String);

/// A set of squares `(file, rank)` from 0, White's.
type Squares = BTreeSet<(u8, u8)>;

/// Fairy-Stockfish's largest board (its large-board build, which PyChess runs).
const MAX_FILES: u8 = 12;
const MAX_RANKS: u8 = 10;

/// The squares of a zone of the format, White's; `None` for squares beside the board.
fn squares(z: &ZoneDef, files: u8, ranks: u8) -> Option<Squares> {
    let mut out = Squares::new();
    let rank = |out: &mut Squares, r: i8| {
        if r >= 1 && r <= ranks as i8 {
            out.extend((0..files).map(|f| (f, (r - 1) as u8)));
        }
    };
    for item in &z.items {
        match item {
            ZoneItem::Square(f, r, _) => {
                if *r < 1 || *r > ranks as i8 {
                    return None;
                }
                out.insert((*f, (*r - 1) as u8));
            }
            ZoneItem::Ranks(a, b, _) => {
                for r in a.unwrap_or(1)..=b.unwrap_or(ranks as i8) {
                    rank(&mut out, r);
                }
            }
            ZoneItem::OwnHalf => (1..=(ranks / 2) as i8).for_each(|r| rank(&mut out, r)),
            ZoneItem::EnemyHalf => {
                ((ranks / 2 + 1) as i8..=ranks as i8).for_each(|r| rank(&mut out, r))
            }
            ZoneItem::MiddleRank => rank(&mut out, (ranks / 2) as i8),
            ZoneItem::FirstRank => rank(&mut out, 1),
            ZoneItem::LastRank => rank(&mut out, ranks as i8),
            ZoneItem::All => (1..=ranks as i8).for_each(|r| rank(&mut out, r)),
            ZoneItem::OwnRear | ZoneItem::EnemyRear => return None,
        }
    }
    Some(out)
}

/// Squares as Fairy-Stockfish writes them: whole ranks as `*N`, other squares by name.
fn region(s: &Squares, files: u8) -> String {
    if s.is_empty() {
        return "-".into();
    }
    let rows: BTreeSet<u8> = s.iter().map(|&(_, r)| r).collect();
    let mut out = Vec::new();
    for r in rows {
        if (0..files).all(|f| s.contains(&(f, r))) {
            out.push(format!("*{}", r + 1));
        } else {
            out.extend(
                s.iter()
                    .filter(|&&(_, rr)| rr == r)
                    .map(|&(f, _)| format!("{}{}", (b'a' + f) as char, r + 1)),
            );
        }
    }
    out.join(" ")
}

fn mirror(s: &Squares, ranks: u8) -> Squares {
    s.iter().map(|&(f, r)| (f, ranks - 1 - r)).collect()
}

/// Whether a piece moves exactly as Fairy-Stockfish's pawn: a step forward, a capture
/// forward-diagonally (en passant or not), and a double step from a zone or none. Gives
/// the double step's zone, if any, and whether it captures en passant.
fn pawn_shape(p: &PieceDef) -> Option<(Option<&ZoneDef>, bool)> {
    let dirs = |m: &MoveDef| -> BTreeSet<(i8, i8)> { m.dirs.iter().copied().collect() };
    let fwd: BTreeSet<(i8, i8)> = [(0, 1)].into_iter().collect();
    let diag: BTreeSet<(i8, i8)> = [(1, 1), (-1, 1)].into_iter().collect();
    let (mut step, mut capture, mut double) = (false, None, None);
    for m in &p.moves {
        if m.to.is_some() {
            return None;
        }
        match m.prim {
            Primitive::Leap {
                mode: Mode::Move,
                en_passant: false,
            } if dirs(m) == fwd && m.from.is_none() && !step => step = true,
            Primitive::Leap {
                mode: Mode::Capture,
                en_passant,
            } if dirs(m) == diag && m.from.is_none() && capture.is_none() => {
                capture = Some(en_passant)
            }
            // With or without en-passant targets: a game whose double steps make none
            // says so for all of them (`enPassantRegion = -`, below).
            Primitive::Slide {
                mode: Mode::Move,
                range: Range { min: 2, max: 2 },
                ..
            } if dirs(m) == fwd && m.from.is_some() && double.is_none() => double = m.from.as_ref(),
            _ => return None,
        }
    }
    (step && capture.is_some()).then(|| (double, capture.unwrap_or(false)))
}

/// The game as a section named `name`, and what it leaves out.
pub(crate) fn section(v: &Arc<Variant>, name: &str) -> (String, Vec<Found>) {
    let d = &v.def;
    let (files, ranks) = (d.files, d.ranks);
    let mut found: Vec<Found> = Vec::new();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {} ({}), written by `fairyforge export`.",
        d.name,
        if d.description.is_empty() {
            "no description"
        } else {
            d.description.as_str()
        }
    );
    let _ = writeln!(out, "[{name}]");
    if files > MAX_FILES || ranks > MAX_RANKS {
        found.push((Some(d.board_span), format!("a board of {files} files and {ranks} ranks: Fairy-Stockfish has at most {MAX_FILES} files and {MAX_RANKS} ranks"), String::new()));
    }
    let _ = writeln!(out, "maxFile = {files}\nmaxRank = {ranks}");
    // Holes written `*` in position strings are Fairy-Stockfish's wall squares.
    let holes = if d.holes_in_position {
        &[][..]
    } else {
        &d.holes[..]
    };
    for s in d.extra.iter().chain(holes) {
        found.push((
            Some(s.span),
            "a square beside the board or a hole: Fairy-Stockfish's boards are rectangles".into(),
            String::new(),
        ));
    }
    // Pieces.
    let mut custom = 0;
    let mut pawn: Option<&PieceDef> = None;
    let mut initial: Option<(Squares, Span)> = None;
    let mut pieces_out = String::new();
    let mut ep_letters = String::new();
    let mut pawn_ep = true;
    let mut used: Vec<&str> = Vec::new();
    // Each piece written as a predefined piece of Fairy-Stockfish, with its key.
    let mut predefined: Vec<(&str, &str)> = Vec::new();
    let mut royal_zone: Option<Squares> = None;
    for p in &d.pieces {
        let letter = p.letter.to_ascii_lowercase();
        if pawn.is_none()
            && !p.royal
            && let Some((double, ep)) = pawn_shape(p)
        {
            pawn = Some(p);
            pawn_ep = ep;
            if ep {
                ep_letters.push(letter);
            }
            if let Some(z) = double {
                match squares(z, files, ranks) {
                    Some(s) => initial = Some((s, p.span)),
                    None => found.push((
                        Some(p.span),
                        "a double step from squares beside the board".into(),
                        String::new(),
                    )),
                }
            }
            let _ = writeln!(pieces_out, "pawn = {letter}");
            continue;
        }
        // Xiangqi's soldier: a step forward, and sideways from a rank on.
        if !used.contains(&"soldier")
            && let Some(rank) = soldier_shape(p, files, ranks)
        {
            used.push("soldier");
            predefined.push((p.id.as_str(), "soldier"));
            let _ = writeln!(pieces_out, "soldier = {letter}");
            if rank > 1 {
                let _ = writeln!(pieces_out, "soldierPromotionRank = {rank}");
            }
            continue;
        }
        // A piece all of whose moves land in one zone (`to`): Fairy-Stockfish's mobility
        // region, its moves written without the zone.
        let confined = confinement(p, files, ranks);
        if confined.is_some()
            && (v.to_hand
                || d.drop_zone.is_some()
                || d.drops.iter().any(|dr| dr.piece.name == p.id))
        {
            found.push((Some(p.span), format!("piece `{}` is confined to a zone (`to`) and may be dropped: Fairy-Stockfish's mobility region limits its drops too", p.id), String::new()));
        }
        if p.royal {
            royal_zone = confined.clone();
        }
        let mut betza = String::new();
        for m in &p.moves {
            let free;
            let m = if confined.is_some() {
                free = MoveDef {
                    to: None,
                    ..m.clone()
                };
                &free
            } else {
                m
            };
            if let Some(z) = &m.from {
                let Some(s) = squares(z, files, ranks) else {
                    found.push((
                        Some(m.span),
                        "a move from squares beside the board".into(),
                        String::new(),
                    ));
                    continue;
                };
                let capture = match m.prim {
                    Primitive::Leap { mode, .. }
                    | Primitive::Slide { mode, .. }
                    | Primitive::Bent { mode, .. }
                    | Primitive::Jump { mode, .. } => mode.can_capture(),
                    _ => true,
                };
                if capture {
                    found.push((Some(m.span), format!("piece `{}`: a capture limited to a zone (`from`): Fairy-Stockfish's initial moves never capture", p.id), String::new()));
                    continue;
                }
                match &initial {
                    Some((s0, _)) if *s0 != s => {
                        found.push((Some(m.span), format!("piece `{}`: a move from a zone other than the other initial moves' zone: Fairy-Stockfish has one region of initial moves", p.id), String::new()));
                        continue;
                    }
                    _ => initial = Some((s, m.span)),
                }
            }
            match of_move_fsf(m) {
                Ok(b) => betza.push_str(&b),
                Err(why) => found.push((
                    Some(m.span),
                    format!("piece `{}`: {why}", p.id),
                    "this move is left out of the section".into(),
                )),
            }
        }
        if m_has_ep(p) {
            ep_letters.push(letter);
        }
        let mobility = |out: &mut String, key: &str| {
            if let Some(z) = &confined {
                let mut name = key.to_string();
                name[..1].make_ascii_uppercase();
                let _ = writeln!(
                    out,
                    "mobilityRegionWhite{name} = {}\nmobilityRegionBlack{name} = {}",
                    region(z, files),
                    region(&mirror(z, ranks), files)
                );
            }
        };
        if p.royal {
            if betza == "FW" || betza == "WF" || betza == "K" {
                let _ = writeln!(pieces_out, "king = {letter}");
            } else {
                let _ = writeln!(pieces_out, "king = {letter}:{betza}");
            }
            mobility(&mut pieces_out, "king");
            continue;
        }
        // A predefined piece of Fairy-Stockfish that moves alike keeps its name there.
        let moves = canonical(&betza);
        if let Some((key, _, _)) = super::fsf::PIECES.iter().find(|(k, b, _)| {
            !["pawn", "king", "immobile", "janggiCannon", "soldier"].contains(k)
                && !used.contains(k)
                && canonical(b) == moves
        }) && !betza.is_empty()
        {
            used.push(key);
            predefined.push((p.id.as_str(), key));
            let _ = writeln!(pieces_out, "{key} = {letter}");
            mobility(&mut pieces_out, key);
            continue;
        }
        custom += 1;
        if custom > 25 {
            found.push((
                Some(p.span),
                "more than 25 pieces of its own: Fairy-Stockfish has 25 custom pieces".into(),
                String::new(),
            ));
            continue;
        }
        if betza.is_empty() {
            found.push((
                Some(p.span),
                format!("piece `{}` has no move that Fairy-Stockfish can read", p.id),
                String::new(),
            ));
        }
        let _ = writeln!(pieces_out, "customPiece{custom} = {letter}:{betza}");
        mobility(&mut pieces_out, &format!("customPiece{custom}"));
    }
    out.push_str(&pieces_out);
    // The start position, its castling rights written `KQkq`.
    let start = Position::start(v).fen();
    let mut fields: Vec<String> = start.split(' ').map(str::to_string).collect();
    if let (Some(c), Some(cd)) = (fields.get(2).cloned(), &d.castling)
        && !cd.fen_kq
        && c != "-"
    {
        let kf = cd.king.file;
        fields[2] = c
            .chars()
            .map(|ch| {
                let f = ch.to_ascii_lowercase() as u8 - b'a';
                let side = if f > kf { 'k' } else { 'q' };
                if ch.is_ascii_uppercase() {
                    side.to_ascii_uppercase()
                } else {
                    side
                }
            })
            .collect::<String>();
        let mut sorted: Vec<char> = fields[2].chars().collect();
        sorted.sort_by_key(|c| "KQkq".find(*c));
        fields[2] = sorted.into_iter().collect();
    }
    let _ = writeln!(out, "startFen = {}", fields.join(" "));
    // Double steps and initial moves.
    match &initial {
        Some((s, _)) => {
            let _ = writeln!(
                out,
                "doubleStep = true\ndoubleStepRegionWhite = {}\ndoubleStepRegionBlack = {}",
                region(s, files),
                region(&mirror(s, ranks), files)
            );
        }
        None => out.push_str("doubleStep = false\n"),
    }
    // Double steps that make no en-passant target: Fairy-Stockfish's region of targets
    // is then empty. It is one rule for the whole game.
    let creates = |p: &PieceDef| {
        p.moves.iter().any(|m| {
            matches!(
                m.prim,
                Primitive::Slide {
                    en_passant: true,
                    ..
                }
            )
        })
    };
    fn silent(p: &PieceDef) -> Option<&MoveDef> {
        p.moves.iter().find(|m| {
            m.from.is_some()
                && matches!(
                    m.prim,
                    Primitive::Slide {
                        en_passant: false,
                        range: Range { min: 2.., .. },
                        ..
                    }
                )
        })
    }
    if initial.is_some() && !d.pieces.iter().any(creates) {
        out.push_str("enPassantRegion = -\n");
    } else if d.pieces.iter().any(creates) {
        for p in &d.pieces {
            if let Some(m) = silent(p) {
                found.push((Some(m.span), format!("piece `{}`: a double step that makes no en-passant target, in a game where other double steps make them: Fairy-Stockfish has one region of targets for all", p.id), String::new()));
            }
        }
    }
    if pawn.is_some() && !pawn_ep || (pawn.is_none() && !ep_letters.is_empty()) {
        let _ = writeln!(
            out,
            "enPassantTypes = {}",
            if ep_letters.is_empty() {
                "-".to_string()
            } else {
                ep_letters.clone()
            }
        );
    }
    let pawn_flag: String = d
        .pieces
        .iter()
        .filter(|p| p.pawn)
        .map(|p| p.letter.to_ascii_lowercase())
        .collect();
    if pawn_flag
        != pawn
            .map(|p| p.letter.to_ascii_lowercase().to_string())
            .unwrap_or_default()
    {
        let _ = writeln!(
            out,
            "nMoveRuleTypes = {}",
            if pawn_flag.is_empty() {
                "-"
            } else {
                &pawn_flag
            }
        );
    }
    // Promotion.
    let mut promo_squares: Option<Squares> = None;
    let letter_of = |id: &str| {
        d.pieces
            .iter()
            .find(|p| p.id == id)
            .map(|p| p.letter.to_ascii_lowercase())
    };
    // Shogi's promotions (`from-zone`, `plus`) are Fairy-Stockfish's promoted piece types,
    // written below; the others are its pawns' promotion.
    let (piece_rules, pawn_rules): (Vec<&crate::def::PromotionDef>, Vec<_>) =
        d.promotions.iter().partition(|r| r.leaving || r.plus);
    for r in d.promotions.iter().filter(|r| !r.resets_count) {
        found.push((
            Some(r.span),
            "a promotion that leaves the count of plies running (`resets-count = false`): Fairy-Stockfish resets it at every promotion".to_string(),
            String::new(),
        ));
    }
    // Two rules, White's then Black's, for the same pawns, zone and compulsion: written as
    // Fairy-Stockfish's promotionPieceTypesWhite and promotionPieceTypesBlack.
    let black_rule = match pawn_rules.as_slice() {
        [w, b]
            if w.side == Some(Color::White)
                && b.side == Some(Color::Black)
                && w.mandatory == b.mandatory
                && w.suffix == b.suffix
                && names(&w.pieces) == names(&b.pieces)
                && squares(&w.zone, files, ranks) == squares(&b.zone, files, ranks) =>
        {
            Some(*b)
        }
        _ => None,
    };
    match pawn_rules.first().copied() {
        None => {
            if pawn.is_some() {
                out.push_str("promotionPieceTypes = -\n");
            }
        }
        Some(rule) => {
            let pawns: String = rule
                .pieces
                .iter()
                .filter_map(|n| letter_of(&n.name))
                .collect();
            let mut letters = |rule: &crate::def::PromotionDef| {
                let mut choices = String::new();
                for c in &rule.choices {
                    match letter_of(&c.name) {
                        Some(l) => choices.push(l),
                        None if c.name.starts_with('@') => found.push((Some(c.span), format!("the promotion choice `{}` (pieces chosen by the game that extends it): Fairy-Stockfish's promotion choices are fixed pieces", c.name), String::new())),
                        None => found.push((Some(c.span), format!("the promotion choice `{}` is no piece of the game", c.name), String::new())),
                    }
                }
                choices
            };
            let choices = letters(rule);
            if pawn.map(|p| p.letter.to_ascii_lowercase().to_string()) != Some(pawns.clone()) {
                let _ = writeln!(out, "promotionPawnTypes = {pawns}");
            }
            match (rule.side, black_rule) {
                // White's rule and Black's, alike but for their choices.
                (Some(Color::White), Some(b)) => {
                    let black = letters(b);
                    let _ = writeln!(
                        out,
                        "promotionPieceTypesWhite = {choices}\npromotionPieceTypesBlack = {black}"
                    );
                }
                (None, _) => {
                    let _ = writeln!(out, "promotionPieceTypes = {choices}");
                }
                (Some(_), _) => found.push((
                    Some(rule.span),
                    "a promotion rule of one side only: Fairy-Stockfish promotes the same pawns in the same region for both".into(),
                    String::new(),
                )),
            }
            match squares(&rule.zone, files, ranks) {
                Some(s) => {
                    promo_squares = Some(s.clone());
                    let _ = writeln!(
                        out,
                        "promotionRegionWhite = {}\npromotionRegionBlack = {}",
                        region(&s, files),
                        region(&mirror(&s, ranks), files)
                    );
                }
                None => found.push((
                    Some(rule.span),
                    "promotion beside the board".into(),
                    String::new(),
                )),
            }
            if !rule.mandatory {
                out.push_str("mandatoryPawnPromotion = false\n");
            }
            limits(&mut out, &mut found, rule, black_rule, &letter_of);
        }
    }
    let skip = if black_rule.is_some() { 2 } else { 1 };
    piece_promotions(
        &piece_rules,
        &pawn_rules,
        files,
        ranks,
        &mut promo_squares,
        &mut out,
        &mut found,
        &letter_of,
    );
    if !d.promotions.is_empty() {
        immobility(v, &mut out, &mut found);
    }
    for rule in pawn_rules.iter().skip(skip) {
        found.push((Some(rule.span), "a second promotion rule: Fairy-Stockfish has one set of promoting pieces, zone and choices".into(), String::new()));
    }
    // Castling.
    match &d.castling {
        None => out.push_str("castling = false\n"),
        Some(c) => {
            let kf = c.king.file;
            let left: Vec<_> = c.rooks.iter().filter(|r| r.file < kf).collect();
            let right: Vec<_> = c.rooks.iter().filter(|r| r.file > kf).collect();
            let to_left: Vec<_> = c.king_to.iter().filter(|t| t.file < kf).collect();
            let to_right: Vec<_> = c.king_to.iter().filter(|t| t.file > kf).collect();
            if left.len() > 1
                || right.len() > 1
                || to_left.len() > 1
                || to_right.len() > 1
                || c.king_to.iter().any(|t| t.file == kf)
            {
                found.push((Some(c.span), "castling to several squares on one side, or with several rooks on one side: Fairy-Stockfish castles to one square each side".into(), String::new()));
            }
            if c.king.rank < 1 || c.king.rank > ranks as i8 {
                found.push((
                    Some(c.king.span),
                    "castling on a square beside the board".into(),
                    String::new(),
                ));
            }
            let file = |f: u8| (b'a' + f) as char;
            let _ = writeln!(out, "castling = true\ncastlingKingFile = {}", file(kf));
            if c.king.rank > 1 {
                let _ = writeln!(out, "castlingRank = {}", c.king.rank);
            }
            if let Some(t) = to_right.first() {
                let _ = writeln!(out, "castlingKingsideFile = {}", file(t.file));
            }
            if let Some(t) = to_left.first() {
                let _ = writeln!(out, "castlingQueensideFile = {}", file(t.file));
            }
            if let Some(r) = right.first() {
                let _ = writeln!(out, "castlingRookKingsideFile = {}", file(r.file));
            }
            if let Some(r) = left.first() {
                let _ = writeln!(out, "castlingRookQueensideFile = {}", file(r.file));
            }
            match letter_of(&c.rook_piece.name) {
                Some(l) => {
                    let _ = writeln!(out, "castlingRookPieces = {l}");
                }
                None => found.push((
                    Some(c.rook_piece.span),
                    "the castling rook is no piece of the game".into(),
                    String::new(),
                )),
            }
        }
    }
    // Gating (docs/format.md § Gating): Fairy-Stockfish's Seirawan gating gates every
    // piece in hand, on the first rank.
    let mut drops_too = v.has_drops;
    if let (Some(gt), Some(gd)) = (&v.gating, &d.gating) {
        let _ = writeln!(out, "gating = true\nseirawanGating = true");
        drops_too = !d.drops.is_empty() || d.drop_zone.is_some() || v.to_hand;
        let first = |c: Color| -> SquareSet {
            v.geometry
                .squares()
                .filter(|sq| v.geometry.relative_rank(v.geometry.coords(*sq).1, c) == 1)
                .collect()
        };
        if Color::BOTH.iter().any(|&c| gt.zone[c] != first(c)) {
            found.push((Some(gd.span), "gates elsewhere than on the first rank: Fairy-Stockfish gates on the castling rank".into(), String::new()));
        }
        let start = Position::start(v);
        let held = v
            .kinds()
            .any(|k| !gt.gates(k) && Color::BOTH.iter().any(|&c| start.reserve(c, k) > 0));
        if held || (v.to_hand && v.kinds().any(|k| !gt.gates(k) && v.royal != Some(k))) {
            found.push((
                Some(gd.span),
                "a reserve piece that does not gate: Fairy-Stockfish gates every piece in hand"
                    .into(),
                String::new(),
            ));
        }
    }
    // Drops.
    if drops_too {
        let _ = writeln!(out, "pieceDrops = true\ncapturesToHand = {}", v.to_hand);
        if v.to_hand && d.captures_as_is {
            out.push_str("dropLoop = true\n");
        }
        let mut zone: Option<Squares> = d.drop_zone.as_ref().and_then(|z| squares(z, files, ranks));
        let pawn_id = pawn.map(|p| p.id.as_str());
        let mut pawn_zone: Option<(Squares, Span)> = None;
        let (mut no_doubled, mut no_mate) = (None, false);
        for dr in &d.drops {
            // Shogi's drop rules: Fairy-Stockfish's `dropNoDoubled` names one piece, and
            // its `shogiPawnDropMateIllegal` is for its shogi pawn (`shogiPawn`) alone.
            if dr.one_per_file {
                match letter_of(&dr.piece.name) {
                    Some(l) if no_doubled.is_none() => no_doubled = Some(l),
                    _ => found.push((Some(dr.span), "`one-per-file` for a second piece: Fairy-Stockfish's `dropNoDoubled` is for one piece".into(), String::new())),
                }
            }
            if dr.no_mate {
                if predefined.contains(&(dr.piece.name.as_str(), "shogiPawn")) {
                    no_mate = true;
                } else {
                    found.push((Some(dr.span), format!("`no-mate` for `{}`, which is not written as Fairy-Stockfish's shogi pawn (`shogiPawn`, moving `fW`): `shogiPawnDropMateIllegal` is for that piece alone", dr.piece.name), String::new()));
                }
            }
            if dr.push > 0 {
                found.push((Some(dr.span), format!("a drop followed by a push (`push = {}`) has no counterpart in Fairy-Stockfish", dr.push), String::new()));
            }
            match squares(&dr.zone, files, ranks) {
                None => found.push((Some(dr.span), "a drop beside the board".into(), String::new())),
                Some(s) if Some(dr.piece.name.as_str()) == pawn_id => pawn_zone = Some((s, dr.span)),
                Some(s) => match &zone {
                    Some(z) if *z != s => found.push((Some(dr.span), "a drop zone of its own for one piece: Fairy-Stockfish has one drop region for all pieces".into(), String::new())),
                    _ => zone = Some(s),
                },
            }
        }
        // Fairy-Stockfish's pawn drops leave out the first rank and the promotion zone
        // unless told otherwise: a pawn's own drop zone may be the region without them.
        let (mut first, mut in_zone) = (true, true);
        if let Some((p, span)) = pawn_zone {
            match &zone {
                None => zone = Some(p),
                Some(z) => {
                    let cut = |f: bool, pz: bool| -> Squares {
                        let mut e = z.clone();
                        if !f {
                            e.retain(|&(_, r)| r != 0);
                        }
                        if !pz && let Some(ps) = &promo_squares {
                            e.retain(|s| !ps.contains(s));
                        }
                        e
                    };
                    match [(true, true), (false, true), (true, false), (false, false)]
                        .into_iter()
                        .find(|&(f, pz)| cut(f, pz) == p)
                    {
                        Some((f, pz)) => (first, in_zone) = (f, pz),
                        None => found.push((Some(span), "a pawn drop zone other than the drop region, or it without the first rank or the promotion zone: Fairy-Stockfish has one drop region for all pieces".into(), String::new())),
                    }
                }
            }
        }
        if let Some(z) = zone {
            let _ = writeln!(
                out,
                "whiteDropRegion = {}\nblackDropRegion = {}",
                region(&z, files),
                region(&mirror(&z, ranks), files)
            );
        }
        let _ = writeln!(
            out,
            "firstRankPawnDrops = {first}\npromotionZonePawnDrops = {in_zone}"
        );
        if let Some(l) = no_doubled {
            let _ = writeln!(out, "dropNoDoubled = {l}");
        }
        if no_mate {
            out.push_str("shogiPawnDropMateIllegal = true\n");
        }
    }
    // Capture the Scepter: the royal piece reaching a region wins.
    if let Some(s) = &d.scepter {
        let royal = d
            .pieces
            .iter()
            .find(|p| p.royal)
            .map(|p| p.letter.to_ascii_lowercase());
        match (squares(&s.zone, files, ranks), royal) {
            (Some(z), Some(k)) if s.win => {
                let _ = writeln!(
                    out,
                    "flagPiece = {k}\nflagRegionWhite = {}\nflagRegionBlack = {}",
                    region(&z, files),
                    region(&mirror(&z, ranks), files)
                );
            }
            (_, _) if !s.win => found.push((
                Some(s.span),
                "a draw when the royal piece reaches a zone: Fairy-Stockfish's flag region wins"
                    .into(),
                String::new(),
            )),
            _ => found.push((
                Some(s.span),
                "a scepter zone beside the board".into(),
                String::new(),
            )),
        }
    }
    match d.royal_facing {
        None => {}
        Some(crate::def::Facing::Orthogonal) => out.push_str("flyingGeneral = true\n"),
        // Facing on a file is Fairy-Stockfish's flying general (files and ranks) when the
        // royal pieces can never share a rank: each confined to a zone (a mobility
        // region), the ranks of White's zone and start squares apart from Black's.
        Some(crate::def::Facing::File) => {
            if ranks_apart(v, royal_zone.as_ref()) {
                out.push_str("flyingGeneral = true\n");
            } else {
                found.push((
                    d.royal_facing_span,
                    "`royal-facing = \"file\"`: Fairy-Stockfish's flyingGeneral forbids the royal pieces to face each other on ranks too (`royal-facing = \"orthogonal\"`), and these may share a rank".into(),
                    String::new(),
                ))
            }
        }
    }
    for o in &d.options {
        found.push((Some(o.span), format!("the optional rule `{}`: a section has no optional rules (the section is the game with its options off)", o.name), String::new()));
    }
    // The `[end]` table (docs/format.md § The end of the game), in Fairy-Stockfish's keys
    // where they say the same; chess's rules are its defaults and are not written.
    let end = &d.end;
    let chess = crate::def::EndDef::default();
    match end.stalemate {
        crate::def::Result3::Draw => {}
        crate::def::Result3::Loss => out.push_str("stalemateValue = loss\n"),
        crate::def::Result3::Win => out.push_str("stalemateValue = win\n"),
    }
    match end.checkmate {
        crate::def::Result3::Loss => {}
        crate::def::Result3::Draw => out.push_str("checkmateValue = draw\n"),
        crate::def::Result3::Win => out.push_str("checkmateValue = win\n"),
    }
    match end.draw_odds {
        None => {}
        Some(Color::White) => out.push_str("materialCounting = whitedrawodds\n"),
        Some(Color::Black) => out.push_str("materialCounting = blackdrawodds\n"),
    }
    if end.bare_king {
        // Fairy-Stockfish's shatranj: a side with one piece (its king) loses while the
        // other has two, or three when the bare side is to move and may still take one.
        out.push_str(
            "extinctionValue = loss\nextinctionClaim = true\nextinctionPieceTypes = *\n\
             extinctionPieceCount = 1\nextinctionOpponentPieceCount = 2\n",
        );
    }
    if end.draw_plies != chess.draw_plies {
        if end.draw_plies.is_multiple_of(2) {
            let _ = writeln!(out, "nMoveRule = {}", end.draw_plies / 2);
        } else {
            found.push((
                end.draw_plies_span,
                format!(
                    "`draw-plies = {}`: Fairy-Stockfish counts whole moves (`nMoveRule`), so an odd number of plies has no counterpart",
                    end.draw_plies
                ),
                String::new(),
            ));
        }
    }
    if end.checks != chess.checks {
        // The start position string carries the checks left (`3+3`), which
        // Fairy-Stockfish reads one digit a side.
        out.push_str("checkCounting = true\n");
        if end.checks > 9 {
            found.push((
                end.checks_span,
                format!(
                    "`checks = {}`: Fairy-Stockfish reads the checks left in a position string as one digit a side (at most 9)",
                    end.checks
                ),
                String::new(),
            ));
        }
    }
    (out, found)
}

/// The squares all of a piece's moves land in (each with the same `to` zone), if any.
fn confinement(p: &PieceDef, files: u8, ranks: u8) -> Option<Squares> {
    let mut zone: Option<Squares> = None;
    for m in &p.moves {
        let s = squares(m.to.as_ref()?, files, ranks)?;
        match &zone {
            Some(z) if *z != s => return None,
            _ => zone = Some(s),
        }
    }
    zone
}

/// Whether a piece moves exactly as Fairy-Stockfish's xiangqi soldier: a step forward, and
/// a step sideways from the ranks `N` to the last on (its `soldierPromotionRank`), each
/// moving and capturing. Gives `N` (1 for sideways steps from anywhere).
fn soldier_shape(p: &PieceDef, files: u8, ranks: u8) -> Option<u8> {
    let both = |m: &MoveDef| {
        matches!(
            m.prim,
            Primitive::Leap {
                mode: Mode::Both,
                en_passant: false
            }
        ) && m.to.is_none()
    };
    let dirs = |m: &MoveDef| -> BTreeSet<(i8, i8)> { m.dirs.iter().copied().collect() };
    let [a, b] = p.moves.as_slice() else {
        return None;
    };
    let (fwd, side) = if dirs(a) == [(0, 1)].into() {
        (a, b)
    } else {
        (b, a)
    };
    if !both(fwd)
        || !both(side)
        || fwd.from.is_some()
        || dirs(fwd) != [(0, 1)].into()
        || dirs(side) != [(1, 0), (-1, 0)].into()
        || p.royal
    {
        return None;
    }
    let Some(z) = &side.from else {
        return Some(1);
    };
    let s = squares(z, files, ranks)?;
    let first = s.iter().map(|&(_, r)| r).min()?;
    let all: Squares = (0..files)
        .flat_map(|f| (first..ranks).map(move |r| (f, r)))
        .collect();
    (s == all).then_some(first + 1)
}

/// Whether the royal pieces of the two sides can never stand on one rank: the royal
/// piece is confined to `zone` (White's; Black's is its mirror image), and the ranks of
/// White's zone and start squares share none with Black's.
fn ranks_apart(v: &Arc<Variant>, zone: Option<&Squares>) -> bool {
    let (Some(zone), Some(royal)) = (zone, v.royal) else {
        return false;
    };
    // One royal piece, which no promotion makes.
    let d = &v.def;
    let id = &d.pieces[royal.index()].id;
    if d.pieces.iter().filter(|p| p.royal).count() != 1
        || d.promotions
            .iter()
            .any(|r| r.choices.iter().any(|c| c.name == *id))
    {
        return false;
    }
    let ranks = v.def.ranks;
    let start = Position::start(v);
    let of = |c: Color| -> BTreeSet<u8> {
        let mut out: BTreeSet<u8> = zone
            .iter()
            .map(|&(_, r)| if c == Color::White { r } else { ranks - 1 - r })
            .collect();
        for sq in v.geometry.squares() {
            if start.piece_at(sq) == Some((royal, c)) {
                out.insert((v.geometry.coords(sq).1 - 1) as u8);
            }
        }
        out
    };
    of(Color::White).is_disjoint(&of(Color::Black))
}

/// Shogi's promotions (docs/interop.md): rules of `from-zone` and `plus` promotion, each
/// to one piece, alike in zone and compulsion, are Fairy-Stockfish's
/// `promotedPieceType = p:t s:v` (each piece's own promoted form), promoting on a move from
/// or into its promotion region, with `mandatoryPiecePromotion` for forced ones. The region
/// is the pawns' promotion region too, so it must be theirs when the game has both.
#[allow(clippy::too_many_arguments)]
fn piece_promotions(
    rules: &[&crate::def::PromotionDef],
    pawn_rules: &[&crate::def::PromotionDef],
    files: u8,
    ranks: u8,
    region_written: &mut Option<Squares>,
    out: &mut String,
    found: &mut Vec<Found>,
    letter_of: &dyn Fn(&str) -> Option<char>,
) {
    let Some(first) = rules.first() else {
        return;
    };
    let mut seen: Vec<&str> = pawn_rules
        .iter()
        .flat_map(|r| r.pieces.iter().map(|n| n.name.as_str()))
        .collect();
    let mut pairs: Vec<String> = Vec::new();
    let mut zone = region_written.clone();
    for r in rules {
        let why = if !r.leaving {
            Some(
                "a promotion written `plus` that a move out of the zone may not make (no `from-zone`): Fairy-Stockfish's promoted pieces (`promotedPieceType`) promote on any move from or into the region",
            )
        } else if !r.plus {
            Some(
                "a promotion on moves out of the zone (`from-zone`) not written `plus`: Fairy-Stockfish writes a promoted piece `+` and the letter of the piece it was, and its move text ends with `+`",
            )
        } else if r.side.is_some() {
            Some(
                "a shogi-style promotion of one side only: Fairy-Stockfish's `promotedPieceType` is for both",
            )
        } else if r.choices.len() != 1 {
            Some(
                "a shogi-style promotion with a choice of pieces: Fairy-Stockfish's `promotedPieceType` gives a piece one promoted form",
            )
        } else if !r.limits.is_empty() {
            Some("limits on a shogi-style promotion have no counterpart in Fairy-Stockfish")
        } else if r.mandatory != first.mandatory {
            Some(
                "shogi-style promotions, some forced and some not: Fairy-Stockfish's `mandatoryPiecePromotion` is one for all",
            )
        } else {
            None
        };
        if let Some(why) = why {
            found.push((Some(r.span), why.into(), String::new()));
            continue;
        }
        match (squares(&r.zone, files, ranks), &zone) {
            (None, _) => {
                found.push((
                    Some(r.span),
                    "promotion beside the board".into(),
                    String::new(),
                ));
                continue;
            }
            (Some(s), Some(z)) if s != *z => {
                found.push((Some(r.span), "a promotion zone other than the other promotions' zone: Fairy-Stockfish has one promotion region".into(), String::new()));
                continue;
            }
            (Some(s), _) => zone = Some(s),
        }
        let Some(to) = letter_of(&r.choices[0].name) else {
            found.push((
                Some(r.choices[0].span),
                format!(
                    "the promotion choice `{}` is no piece of the game",
                    r.choices[0].name
                ),
                String::new(),
            ));
            continue;
        };
        for n in &r.pieces {
            match letter_of(&n.name) {
                Some(from) if !seen.contains(&n.name.as_str()) => {
                    seen.push(n.name.as_str());
                    pairs.push(format!("{from}:{to}"));
                }
                _ => found.push((
                    Some(n.span),
                    format!("piece `{}` promoted by a second rule: Fairy-Stockfish gives a piece one promotion", n.name),
                    String::new(),
                )),
            }
        }
    }
    if pairs.is_empty() {
        return;
    }
    let _ = writeln!(out, "promotedPieceType = {}", pairs.join(" "));
    if region_written.is_none()
        && let Some(z) = zone
    {
        let _ = writeln!(
            out,
            "promotionRegionWhite = {}\npromotionRegionBlack = {}",
            region(&z, files),
            region(&mirror(&z, ranks), files)
        );
        *region_written = Some(z);
    }
    if first.mandatory {
        out.push_str("mandatoryPiecePromotion = true\n");
    }
}

/// A rule's `limits` as Fairy-Stockfish's `promotionLimit` (`q:1 r:2`), one set for both
/// sides: a Black rule whose limits differ from White's is listed.
fn limits(
    out: &mut String,
    found: &mut Vec<Found>,
    rule: &crate::def::PromotionDef,
    black: Option<&crate::def::PromotionDef>,
    letter_of: &dyn Fn(&str) -> Option<char>,
) {
    let text = |r: &crate::def::PromotionDef| -> Vec<String> {
        r.limits
            .iter()
            .filter_map(|(p, n)| Some(format!("{}:{n}", letter_of(&p.name)?)))
            .collect()
    };
    let items = text(rule);
    if let Some(b) = black
        && text(b) != items
    {
        found.push((
            Some(b.span),
            "promotion limits of Black's rule that differ from White's: Fairy-Stockfish's `promotionLimit` is one for both sides".into(),
            String::new(),
        ));
    }
    if !items.is_empty() {
        let _ = writeln!(out, "promotionLimit = {}", items.join(" "));
    }
}

/// A piece with a promotion rule that lets it stay as it is must still promote where it
/// could never move again (docs/format.md § `[promotion]`): Fairy-Stockfish's
/// `immobilityIllegal = true`, which forbids every piece to move where it could not
/// move again, so a piece without such a rule that could get there is listed.
fn immobility(v: &Variant, out: &mut String, found: &mut Vec<Found>) {
    let d = &v.def;
    let optional = |k: Kind, c: Color| v.promotion_rule(k, c).is_some_and(|r| !r.mandatory);
    let needed = v.kinds().any(|k| {
        Color::BOTH
            .iter()
            .any(|&c| optional(k, c) && !v.dead[(k, c)].is_empty())
    });
    if !needed {
        return;
    }
    out.push_str("immobilityIllegal = true\n");
    for k in v.kinds() {
        if Color::BOTH
            .iter()
            .any(|&c| !optional(k, c) && !v.dead[(k, c)].is_empty())
        {
            let p = &d.pieces[k.index()];
            found.push((
                Some(p.span),
                format!("piece `{}` may move where it could never move again, which Fairy-Stockfish's `immobilityIllegal` (needed for the optional promotion) forbids", p.id),
                String::new(),
            ));
        }
    }
}

/// The piece ids of a list, in order.
fn names(list: &[crate::def::Named]) -> Vec<&str> {
    list.iter().map(|n| n.name.as_str()).collect()
}

/// One offset of a Betza with how it is reached: shape, moves, captures, initial.
type Reach = (String, bool, bool, bool, (i8, i8));

/// What a Betza means to Fairy-Stockfish, as a set: each offset with how it is reached.
fn canonical(betza: &str) -> BTreeSet<Reach> {
    let p = crate::xbetza::read_fsf(betza);
    let mut out = BTreeSet::new();
    for m in p.moves {
        for o in m.offsets {
            out.insert((format!("{:?}", m.shape), m.quiet, m.capture, m.initial, o));
        }
    }
    out
}

/// Whether some move of a piece captures en passant.
fn m_has_ep(p: &PieceDef) -> bool {
    p.moves.iter().any(|m| {
        matches!(
            m.prim,
            Primitive::Leap {
                en_passant: true,
                ..
            }
        )
    })
}
