//! Writing a game as a variants.ini section (docs/interop.md): the board, the pieces in
//! Betza (`crate::xbetza`), the start position, promotion, double steps and en passant,
//! castling, drops, Capture the Scepter as a flag region and the `[end]` table (the
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
        let mut betza = String::new();
        for m in &p.moves {
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
        if p.royal {
            if betza == "FW" || betza == "WF" || betza == "K" {
                let _ = writeln!(pieces_out, "king = {letter}");
            } else {
                let _ = writeln!(pieces_out, "king = {letter}:{betza}");
            }
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
            let _ = writeln!(pieces_out, "{key} = {letter}");
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
    // Two rules, White's then Black's, for the same pawns, zone and compulsion: written as
    // Fairy-Stockfish's promotionPieceTypesWhite and promotionPieceTypesBlack.
    let black_rule = match d.promotions.as_slice() {
        [w, b]
            if w.side == Some(Color::White)
                && b.side == Some(Color::Black)
                && w.mandatory == b.mandatory
                && w.suffix == b.suffix
                && names(&w.pieces) == names(&b.pieces)
                && squares(&w.zone, files, ranks) == squares(&b.zone, files, ranks) =>
        {
            Some(b)
        }
        _ => None,
    };
    match d.promotions.first() {
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
            immobility(v, &mut out, &mut found);
        }
    }
    for rule in &d.promotions {
        for (on, key) in [(rule.leaving, "from-zone"), (rule.plus, "plus")] {
            if on {
                found.push((Some(rule.span), format!("the promotion key `{key}` is not written yet (Fairy-Stockfish's shogi-style promotions)"), String::new()));
            }
        }
    }
    let skip = if black_rule.is_some() { 2 } else { 1 };
    for rule in d.promotions.iter().skip(skip) {
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
        for dr in &d.drops {
            for (on, key) in [(dr.one_per_file, "one-per-file"), (dr.no_mate, "no-mate")] {
                if on {
                    found.push((Some(dr.span), format!("the drop rule `{key}` is not written yet (Fairy-Stockfish's `dropNoDoubled`, `shogiPawnDropMateIllegal`)"), String::new()));
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
        Some(crate::def::Facing::File) => found.push((
            d.royal_facing_span,
            "`royal-facing = \"file\"`: Fairy-Stockfish's flyingGeneral forbids the royal pieces to face each other on ranks too (`royal-facing = \"orthogonal\"`)".into(),
            String::new(),
        )),
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
