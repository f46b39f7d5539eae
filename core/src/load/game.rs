//! The top level of a game file, once composed: each key read into the [`VariantDef`].

use std::collections::{HashMap, HashSet};

use crate::code::Code;
use crate::def::*;
use crate::limits::{MAX_BOARD_FILES, MAX_BOARD_RANKS};
use crate::source::{Ctx, Sources, Span, suggest};

use super::reader::{Node, Table, Value, describe};
use super::schema;

/// The most names a message lists (`known pieces: ...`); more are counted.
const LISTED: usize = 40;

/// The game table of a file whose `extends` is merged and whose libraries are read.
/// `local` are the pieces the file defines itself, `library` those of its libraries;
/// `lost_library` says that a library could not be read (reported), so that a piece
/// name unknown here may be one of its pieces.
pub(crate) fn read(
    cx: &mut Ctx,
    sources: &Sources,
    t: &Table,
    file_span: Span,
    local: Vec<PieceDef>,
    library: &[PieceDef],
    lost_library: bool,
) -> VariantDef {
    cx.check_keys(t, &schema::GAME.names(), "a variant file");
    let name = name(cx, t, file_span);
    let description = cx
        .str(t, "description")
        .map(|(s, _)| s.to_string())
        .unwrap_or_default();
    let board = board(cx, t, file_span);
    let (setup, setup_span) = setup(cx, sources, t, file_span);
    let promotions = t
        .get("promotion")
        .map(|n| promotions(cx, n))
        .unwrap_or_default();
    let scepter = t.get("scepter").and_then(|n| scepter(cx, n));
    let end = end(cx, t);
    let (royal_facing, royal_facing_span) = match royal_facing(cx, t) {
        Some((f, sp)) => (Some(f), Some(sp)),
        None => (None, None),
    };
    let options = options(cx, t);
    let slots = slots(cx, t);
    let reserve = reserve(cx, t);
    let drop_zone = t.get("drop-zone").and_then(|n| cx.zone(n, "drop-zone"));
    let (captures_to_hand, captures_as_is) = captures_to_hand(cx, t);
    let castling = castling(cx, t, file_span);
    let drops = drops(cx, t);
    let gating = gating(cx, t, file_span);
    let mut pieces = Pieces::new(&local, library);
    pieces.lost_library = lost_library;
    let (mut game_pieces, pieces_unread) = pieces.of_game(cx, t, &slots, &reserve);
    values(cx, t, &mut game_pieces, !pieces_unread);
    VariantDef {
        name,
        description,
        files: board.files,
        ranks: board.ranks,
        board_span: board.span,
        extra: board.extra,
        holes: board.holes,
        holes_in_position: board.holes_in_position,
        pieces: game_pieces,
        pieces_span: t.get("pieces").map_or(file_span, |n| n.span),
        pieces_unread,
        setup,
        setup_span,
        promotions,
        castling,
        drops,
        drop_zone,
        captures_to_hand,
        captures_as_is,
        gating,
        scepter,
        end,
        royal_facing,
        royal_facing_span,
        options,
        slots,
        reserve,
        known: local
            .iter()
            .chain(library.iter())
            .map(|p| p.id.clone())
            .collect(),
        span: file_span,
    }
}

/// The game's `name`, required (its absence reported, with an example).
fn name(cx: &mut Ctx, t: &Table, file_span: Span) -> String {
    match cx.str(t, "name") {
        Some((s, _)) => s.to_string(),
        None => {
            if t.get("name").is_none() {
                let example = "name = \"My Game\"";
                cx.missing(t, file_span, "name", "the variant file", example);
            }
            String::new()
        }
    }
}

struct Board {
    files: u8,
    ranks: u8,
    extra: Vec<SquareRef>,
    holes: Vec<SquareRef>,
    holes_in_position: bool,
    span: Span,
}

fn board(cx: &mut Ctx, t: &Table, file_span: Span) -> Board {
    let mut out = Board {
        files: 8,
        ranks: 8,
        extra: Vec::new(),
        holes: Vec::new(),
        holes_in_position: false,
        span: file_span,
    };
    let Some(b) = cx.table(t, "board") else {
        if t.get("board").is_none() {
            let example = "board = { files = 8, ranks = 8 }";
            cx.missing(t, file_span, "board", "the variant file", example);
        }
        return out;
    };
    out.span = t.key_span("board").unwrap_or(file_span);
    cx.check_keys(b, &schema::BOARD.names(), "`[board]`");
    for (key, max, value) in [
        ("files", MAX_BOARD_FILES, &mut out.files),
        ("ranks", MAX_BOARD_RANKS, &mut out.ranks),
    ] {
        match cx.int(b, key, 1, max as i64) {
            Some((v, _)) => *value = v as u8,
            None if b.get(key).is_none() => {
                cx.missing(b, out.span, key, "`[board]`", &format!("{key} = 8"))
            }
            None => {}
        }
    }
    out.extra = cx.squares(b, "extra");
    out.holes = cx.squares(b, "holes");
    out.holes_in_position = cx.bool(b, "holes-in-position").unwrap_or(false);
    out
}

/// The setup string and its span. Where the string is written as is (quotes, no escapes),
/// the span covers just its text, so that a mistake in the position points at its
/// character.
fn setup(cx: &mut Ctx, sources: &Sources, t: &Table, file_span: Span) -> (String, Span) {
    let Some((s, sp)) = cx.str(t, "setup") else {
        if t.get("setup").is_none() {
            let example = "setup = \"<position string>\"";
            cx.missing(t, file_span, "setup", "the variant file", example);
        }
        return (String::new(), file_span);
    };
    let raw = sources.file(sp).and_then(|f| f.text.get(sp.start..sp.end));
    let inner = raw
        .filter(|r| r.len() == s.len() + 2 && r[1..r.len() - 1] == *s)
        .map(|_| Span {
            file: sp.file,
            start: sp.start + 1,
            end: sp.end - 1,
        });
    (s.to_string(), inner.unwrap_or(sp))
}

/// `promotion`: a table or an array of tables.
fn promotions(cx: &mut Ctx, n: &Node) -> Vec<PromotionDef> {
    let tables: Vec<&Node> = match &n.value {
        Value::Table(_) => vec![n],
        Value::Array(a) => a.iter().collect(),
        _ => {
            cx.type_err(n, "promotion", "a table or an array of tables");
            Vec::new()
        }
    };
    let mut out = Vec::new();
    for pn in tables {
        let Value::Table(pt) = &pn.value else {
            cx.type_err(pn, "promotion", "a table");
            continue;
        };
        cx.check_keys(pt, &schema::PROMOTION.names(), "`[promotion]`");
        let what = "`[promotion]`";
        let pieces = cx.names(pt, "pieces").unwrap_or_default();
        if pt.get("pieces").is_none() {
            cx.missing(pt, pn.span, "pieces", what, "pieces = [\"pawn\"]");
        }
        let choices = cx.names(pt, "choices").unwrap_or_default();
        if pt.get("choices").is_none() {
            let example = "choices = [\"queen\", \"rook\"]";
            cx.missing(pt, pn.span, "choices", what, example);
        }
        let last_rank = ZoneDef {
            items: vec![ZoneItem::LastRank],
            unread: false,
        };
        let zone = match pt.get("zone") {
            Some(z) => cx.zone(z, "zone"),
            None => None,
        };
        let side = match cx.str(pt, "side") {
            None | Some(("both", _)) => None,
            Some(("white", _)) => Some(crate::types::Color::White),
            Some(("black", _)) => Some(crate::types::Color::Black),
            Some((s, sp)) => {
                cx.err(
                    Code::UnknownValue,
                    sp,
                    format!("unknown promotion side `{s}`"),
                    "expected `both`, `white` or `black` (whose pieces the rule is for)",
                );
                None
            }
        };
        out.push(PromotionDef {
            pieces,
            zone: zone.unwrap_or(last_rank),
            choices,
            mandatory: cx.bool(pt, "mandatory").unwrap_or(true),
            suffix: cx.bool(pt, "suffix").unwrap_or(true),
            resets_count: cx.bool(pt, "resets-count").unwrap_or(true),
            leaving: cx.bool(pt, "from-zone").unwrap_or(false),
            plus: cx.bool(pt, "plus").unwrap_or(false),
            limits: limits(cx, pt),
            side,
            span: pn.span,
        });
    }
    out
}

/// `limits = { piece = count }` of a promotion rule: counts from 1 to 255.
fn limits(cx: &mut Ctx, t: &Table) -> Vec<(Named, u8)> {
    let Some(lt) = cx.table(t, "limits") else {
        return Vec::new();
    };
    let mut list = Vec::new();
    for (pid, (kspan, node)) in &lt.entries {
        match &node.value {
            Value::Int(n) if (1..=255).contains(n) => {
                let name = Named {
                    name: pid.clone(),
                    span: *kspan,
                };
                list.push((name, *n as u8));
            }
            _ => cx.err(
                Code::OutOfRange,
                node.span,
                format!(
                    "the promotion limit of `{pid}` must be a whole number from 1 to 255, found {}",
                    describe(node)
                ),
                format!("write it like `{pid} = 1`: a piece may promote to `{pid}` while its side has fewer than that many on the board"),
            ),
        }
    }
    list
}

fn scepter(cx: &mut Ctx, n: &Node) -> Option<ScepterDef> {
    let Value::Table(t) = &n.value else {
        cx.type_err(
            n,
            "scepter",
            "a table like `{ zone = \"enemy-rear\", result = \"win\" }`",
        );
        return None;
    };
    cx.check_keys(t, &schema::SCEPTER.names(), "`scepter`");
    let zone = cx.zone_or(t, "zone", ZoneItem::EnemyRear)?;
    let win = match cx.str(t, "result") {
        None | Some(("win", _)) => true,
        Some(("draw", _)) => false,
        Some((s, sp)) => {
            cx.err(
                Code::UnknownValue,
                sp,
                format!("unknown scepter result `{s}`"),
                "expected `win` or `draw`",
            );
            true
        }
    };
    let span = t.get("zone").map_or(n.span, |z| z.span);
    Some(ScepterDef { zone, win, span })
}

/// A result (`draw`, `loss` or `win`) for the side that is `who`, under `key`: `default`
/// when absent, reported when unknown.
fn result3(cx: &mut Ctx, e: &Table, key: &str, default: Result3, who: &str) -> Result3 {
    match cx.str(e, key) {
        None => default,
        Some(("draw", _)) => Result3::Draw,
        Some(("loss", _)) => Result3::Loss,
        Some(("win", _)) => Result3::Win,
        Some((s, sp)) => {
            cx.err(
                Code::UnknownValue,
                sp,
                format!("unknown {key} result `{s}`"),
                format!("expected `draw`, `loss` or `win` (the result for the side that is {who})"),
            );
            default
        }
    }
}

/// The `[end]` table (docs/format.md § The end of the game).
fn end(cx: &mut Ctx, t: &Table) -> EndDef {
    let mut out = EndDef::default();
    let Some(e) = cx.table(t, "end") else {
        return out;
    };
    cx.check_keys(e, &schema::END.names(), "`[end]`");
    out.stalemate = result3(cx, e, "stalemate", Result3::Draw, "stalemated");
    out.checkmate = result3(cx, e, "checkmate", Result3::Loss, "checkmated");
    match cx.str(e, "draw-odds") {
        None | Some(("none", _)) => {}
        Some(("white", _)) => out.draw_odds = Some(crate::types::Color::White),
        Some(("black", _)) => out.draw_odds = Some(crate::types::Color::Black),
        Some((s, sp)) => cx.err(
            Code::UnknownValue,
            sp,
            format!("unknown `draw-odds` side `{s}`"),
            "expected `none`, `white` or `black` (the side for which a draw counts as a win)",
        ),
    }
    out.bare_king = cx.bool(e, "bare-king").unwrap_or(false);
    if let Some((n, sp)) = cx.int(e, "draw-plies", 0, crate::limits::MAX_COUNTER as i64) {
        out.draw_plies = n as u32;
        out.draw_plies_span = Some(sp);
    }
    if let Some((n, sp)) = cx.int(e, "checks", 0, crate::limits::MAX_CHECKS as i64) {
        out.checks = n as u8;
        out.checks_span = Some(sp);
    }
    out
}

/// `royal-facing` (docs/format.md § Royal pieces that may not face each other).
/// `captures-to-hand`: `true`, `false` or `"as-is"` (docs/format.md § Captures to the
/// reserve): the key's span when captured pieces go to a reserve, and whether a promoted
/// piece goes there as it stands.
fn captures_to_hand(cx: &mut Ctx, t: &Table) -> (Option<Span>, bool) {
    let key = "captures-to-hand";
    let Some(n) = t.get(key) else {
        return (None, false);
    };
    match &n.value {
        Value::Bool(on) => (on.then(|| t.key_span(key)).flatten(), false),
        Value::Str(s) if s == "as-is" => (t.key_span(key), true),
        Value::Str(s) => {
            cx.err(
                Code::UnknownValue,
                n.span,
                format!("unknown `{key}` value `{s}`"),
                "expected `true` (a promoted piece returns as the piece it was promoted from), `\"as-is\"` (it returns as it stands) or `false`",
            );
            (None, false)
        }
        _ => {
            cx.type_err(n, key, "`true`, `false` or `\"as-is\"`");
            (None, false)
        }
    }
}

fn royal_facing(cx: &mut Ctx, t: &Table) -> Option<(Facing, Span)> {
    match cx.str(t, "royal-facing")? {
        ("file", sp) => Some((Facing::File, sp)),
        ("orthogonal", sp) => Some((Facing::Orthogonal, sp)),
        (s, sp) => {
            cx.err(
                Code::UnknownValue,
                sp,
                format!("unknown `royal-facing` line `{s}`"),
                "expected `file` (the royal pieces may not face each other on a file) or `orthogonal` (on a file or a rank)",
            );
            None
        }
    }
}

fn options(cx: &mut Ctx, t: &Table) -> Vec<OptionDef> {
    let example = "a table describing the option";
    let mut out = Vec::new();
    for (name, span, o) in cx.subtables(t, "options", example) {
        cx.check_keys(o, &schema::OPTION.names(), &format!("option `{name}`"));
        out.push(OptionDef {
            name: name.to_string(),
            description: cx
                .str(o, "description")
                .map(|(s, _)| s.to_string())
                .unwrap_or_default(),
            default: cx.bool(o, "default").unwrap_or(false),
            promotions: o
                .get("promotion")
                .map(|n| promotions(cx, n))
                .unwrap_or_default(),
            scepter: o.get("scepter").and_then(|n| scepter(cx, n)),
            span,
        });
    }
    out
}

/// `[slots.<name>]`. A slot without squares whose name is close to a slot that has some
/// is taken for a mistyped name of that slot.
fn slots(cx: &mut Ctx, t: &Table) -> Vec<SlotDef> {
    let example = "a table like `{ squares = [\"a1\"], piece = \"ninja-guard\" }`";
    let tables = cx.subtables(t, "slots", example);
    let with_squares: Vec<&str> = tables
        .iter()
        .filter(|(_, _, o)| o.get("squares").is_some())
        .map(|(n, _, _)| *n)
        .collect();
    let mut out = Vec::new();
    for (name, span, o) in tables {
        let what = format!("slot `{name}`");
        cx.check_keys(o, &schema::SLOT.names(), &what);
        let squares = cx.squares(o, "squares");
        if o.get("squares").is_none() {
            match crate::source::did_you_mean(name, with_squares.iter().copied()) {
                Some(like) => cx.err(
                    Code::UnknownSlot,
                    span,
                    format!("there is no slot `{name}`: did you mean `{like}`?"),
                    format!(
                        "the slots of this game: {}; a new slot needs `squares`",
                        with_squares.join(", ")
                    ),
                ),
                None => cx.missing(o, span, "squares", &what, "squares = [\"a1\"]"),
            }
        }
        out.push(SlotDef {
            name: name.to_string(),
            squares,
            piece: cx.named(o, "piece"),
        });
    }
    out
}

/// `reserve = { piece = count }`: counts from 0 to the limit.
fn reserve(cx: &mut Ctx, t: &Table) -> Option<Vec<(Named, u8)>> {
    let rt = cx.table(t, "reserve")?;
    let max = crate::setup::MAX_RESERVE as i64;
    let mut list = Vec::new();
    for (pid, (kspan, node)) in &rt.entries {
        match &node.value {
            Value::Int(n) if (0..=max).contains(n) => {
                let name = Named {
                    name: pid.clone(),
                    span: *kspan,
                };
                list.push((name, *n as u8));
            }
            _ => cx.err(
                Code::OutOfRange,
                node.span,
                format!(
                    "the reserve count of `{pid}` must be a whole number from 0 to {max}, found {}",
                    describe(node)
                ),
                format!("write it like `{pid} = 4`"),
            ),
        }
    }
    Some(list)
}

fn castling(cx: &mut Ctx, t: &Table, file_span: Span) -> Option<CastlingDef> {
    let ct = cx.table(t, "castling")?;
    let span = t.key_span("castling").unwrap_or(file_span);
    let what = "`[castling]`";
    cx.check_keys(ct, &schema::CASTLING.names(), what);
    let king = ct.get("king").and_then(|n| cx.square(n, "king"));
    if ct.get("king").is_none() {
        cx.missing(ct, span, "king", what, "king = \"e1\"");
    }
    let rooks = cx.squares(ct, "rooks");
    if ct.get("rooks").is_none() {
        cx.missing(ct, span, "rooks", what, "rooks = [\"a1\", \"h1\"]");
    }
    let king_to = cx.squares(ct, "king-to");
    if ct.get("king-to").is_none() {
        cx.missing(ct, span, "king-to", what, "king-to = [\"c1\", \"g1\"]");
    }
    let rook_piece = cx.named(ct, "rook").unwrap_or(Named {
        name: "rook".to_string(),
        span,
    });
    let fen_kq = match cx.str(ct, "fen") {
        None | Some(("files", _)) => false,
        Some(("KQkq", _)) => true,
        Some((s, sp)) => {
            cx.err(
                Code::UnknownValue,
                sp,
                format!("unknown castling notation `{s}`"),
                "expected `files` or `KQkq`",
            );
            false
        }
    };
    Some(CastlingDef {
        king: king?,
        rooks,
        king_to,
        rook_piece,
        fen_kq,
        span,
    })
}

fn drops(cx: &mut Ctx, t: &Table) -> Vec<DropDef> {
    let example = "a table like `{ zone = \"rank 2\", push = 3 }`";
    let mut out = Vec::new();
    for (pid, span, d) in cx.subtables(t, "drops", example) {
        let what = format!("`[drops.{pid}]`");
        cx.check_keys(d, &schema::DROP.names(), &what);
        let zone = match d.get("zone") {
            Some(z) => cx.zone(z, "zone"),
            None => {
                cx.missing(d, span, "zone", &what, "zone = \"rank 2\"");
                None
            }
        };
        let push = cx.int(d, "push", 0, 16).map(|(v, _)| v as u8).unwrap_or(0);
        let one_per_file = cx.bool(d, "one-per-file").unwrap_or(false);
        let no_mate = cx.bool(d, "no-mate").unwrap_or(false);
        if let Some(zone) = zone {
            out.push(DropDef {
                piece: Named {
                    name: pid.to_string(),
                    span,
                },
                zone,
                push,
                one_per_file,
                no_mate,
                span,
            });
        }
    }
    out
}

/// `[gating]` (docs/format.md § Gating): the reserve pieces that gate, and where gates may be.
fn gating(cx: &mut Ctx, t: &Table, file_span: Span) -> Option<GatingDef> {
    let gt = cx.table(t, "gating")?;
    let span = t.key_span("gating").unwrap_or(file_span);
    let what = "`[gating]`";
    cx.check_keys(gt, &schema::GATING.names(), what);
    let pieces = cx.names(gt, "pieces").unwrap_or_default();
    if gt.get("pieces").is_none() {
        cx.missing(
            gt,
            span,
            "pieces",
            what,
            "pieces = [\"hawk\", \"elephant\"]",
        );
    }
    let zone = match gt.get("zone") {
        Some(z) => cx.zone(z, "zone")?,
        None => ZoneDef {
            items: vec![ZoneItem::FirstRank],
            unread: false,
        },
    };
    Some(GatingDef { pieces, zone, span })
}

/// The pieces a game may name: its own first, then its libraries', by id.
struct Pieces<'a> {
    local: &'a [PieceDef],
    by_id: HashMap<&'a str, &'a PieceDef>,
    /// Every id, the file's then the libraries', for messages.
    ids: Vec<&'a str>,
    /// A library could not be read: unknown names are not reported (see [`read`]).
    lost_library: bool,
}

impl<'a> Pieces<'a> {
    fn new(local: &'a [PieceDef], library: &'a [PieceDef]) -> Pieces<'a> {
        let mut by_id = HashMap::new();
        // Libraries first, so that the file's own piece of the same id replaces theirs.
        for p in library.iter().chain(local.iter()) {
            by_id.insert(p.id.as_str(), p);
        }
        let ids = local.iter().chain(library.iter()).map(|p| p.id.as_str());
        Pieces {
            local,
            by_id,
            ids: ids.collect(),
            lost_library: false,
        }
    }

    /// The game's pieces: those listed in `pieces`, then those the file defines itself,
    /// then those named by slots and the reserve. Each remembers where the game named it.
    /// Also says whether the game's pieces are not known: a `pieces` key was there but
    /// could not be read, or it names a piece of a library that could not be read (the
    /// error is reported either way).
    fn of_game(
        &self,
        cx: &mut Ctx,
        t: &Table,
        slots: &[SlotDef],
        reserve: &Option<Vec<(Named, u8)>>,
    ) -> (Vec<PieceDef>, bool) {
        let mut pieces: Vec<PieceDef> = Vec::new();
        let mut have: HashSet<String> = HashSet::new();
        let listed = match t.get("pieces").map(|n| (n, &n.value)) {
            // `[pieces.soldier]`: a piece defined under the key that lists the pieces.
            Some((n, Value::Table(defined))) => {
                let first = defined.entries.keys().next().map_or("<id>", String::as_str);
                cx.err(Code::WrongType,
                    n.span,
                    format!("`pieces` is the list of the game's pieces, found a table: did you mean `[piece.{first}]`?"),
                    "a piece is defined in a `[piece.<id>]` table (singular) and listed in `pieces = [\"king\", ...]`",
                );
                None
            }
            _ => cx.names(t, "pieces"),
        };
        let mut unread = listed.is_none() && t.get("pieces").is_some();
        for n in listed.unwrap_or_default() {
            match self.by_id.get(n.name.as_str()) {
                Some(_) if have.contains(&n.name) => cx.err(
                    Code::DuplicatePiece,
                    n.span,
                    format!("piece `{}` is listed twice", n.name),
                    "remove one",
                ),
                Some(p) => {
                    have.insert(n.name.clone());
                    pieces.push(PieceDef {
                        named_at: n.span,
                        ..(*p).clone()
                    });
                }
                None => unread |= self.unknown(cx, &n),
            }
        }
        for p in self.local {
            if have.insert(p.id.clone()) {
                pieces.push(p.clone());
            }
        }
        let mut wanted: Vec<&Named> = Vec::new();
        wanted.extend(slots.iter().filter_map(|s| s.piece.as_ref()));
        wanted.extend(reserve.iter().flatten().map(|(n, _)| n));
        for n in wanted {
            if have.contains(&n.name) {
                continue;
            }
            match self.by_id.get(n.name.as_str()) {
                Some(p) => {
                    have.insert(n.name.clone());
                    pieces.push(PieceDef {
                        named_at: n.span,
                        ..(*p).clone()
                    });
                }
                None => unread |= self.unknown(cx, n),
            }
        }
        (pieces, unread)
    }

    /// Reports a piece id that neither the file nor its libraries define; when a library
    /// could not be read, says instead that the game's pieces are not known (`true`).
    fn unknown(&self, cx: &mut Ctx, n: &Named) -> bool {
        if self.lost_library {
            return true;
        }
        let hint = suggest(&n.name, self.ids.iter().copied());
        let label = if self.ids.is_empty() {
            "no pieces are defined: import a library, e.g. `import = \"pieces.toml\"`".to_string()
        } else {
            format!("known pieces: {}", list(&self.ids))
        };
        cx.err(
            Code::UnknownPiece,
            n.span,
            format!("unknown piece `{}`{hint}", n.name),
            label,
        );
        false
    }
}

/// Names joined by `, `, at most [`LISTED`] of them and then how many more.
pub(crate) fn list(names: &[&str]) -> String {
    if names.len() <= LISTED {
        return names.join(", ");
    }
    format!(
        "{} and {} more",
        names[..LISTED].join(", "),
        names.len() - LISTED
    )
}

/// `values`: piece values on this game's own scale, replacing the library's. A name that
/// is none of `pieces` is reported when the game's pieces are `known`.
fn values(cx: &mut Ctx, t: &Table, pieces: &mut [PieceDef], known: bool) {
    let Some(vt) = cx.table(t, "values") else {
        return;
    };
    let index: HashMap<String, usize> = pieces
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id.clone(), i))
        .collect();
    for (pid, (kspan, node)) in &vt.entries {
        let value = match &node.value {
            Value::Int(i) if *i >= 0 => *i as f64,
            Value::Float(f) if f.is_finite() && *f >= 0.0 => *f,
            _ => {
                cx.err(
                    Code::WrongType,
                    node.span,
                    format!(
                        "the value of `{pid}` must be a number of pawns, found {}",
                        describe(node)
                    ),
                    format!("write it like `{pid} = 3.5`"),
                );
                continue;
            }
        };
        match index.get(pid) {
            Some(&i) => pieces[i].value = value,
            None if !known => {}
            None => {
                let ids: Vec<&str> = pieces.iter().map(|p| p.id.as_str()).collect();
                let hint = suggest(pid, ids.iter().copied());
                cx.err(
                    Code::UnknownPiece,
                    *kspan,
                    format!("`values` names `{pid}`, which is not a piece of this game{hint}"),
                    format!("the game's pieces: {}", list(&ids)),
                );
            }
        }
    }
}
