//! `[piece.<id>]` tables and their move primitives.

use std::collections::HashSet;

use crate::code::Code;
use crate::def::{Mode, MoveDef, Over, PieceDef, Primitive, Range, dirs};
use crate::limits::{MAX_BOARD_FILES, MAX_BOARD_RANKS};
use crate::source::{Ctx, Span, one_of, suggest};

use super::reader::{Node, Table, Value};
use super::schema::{self, DIRECTIONS, PrimitiveKeys, SYMMETRIES};

/// The pieces defined by the `piece` table of a file whose text is `text`, in file order.
pub(crate) fn pieces_of(cx: &mut Ctx, t: &Table, text: &str) -> Vec<PieceDef> {
    let mut out = Vec::new();
    if let Some(pt) = cx.table(t, "piece") {
        for (id, (kspan, node)) in &pt.entries {
            if let Some(p) = read_piece(cx, id, *kspan, node, text) {
                out.push(p);
            }
        }
    }
    out
}

/// `chess-pawn` -> `Chess Pawn`: the name of a piece that has none.
fn title_case(id: &str) -> String {
    id.split(['-', '_', ' '])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn read_piece(cx: &mut Ctx, id: &str, key_span: Span, node: &Node, text: &str) -> Option<PieceDef> {
    let Value::Table(t) = &node.value else {
        cx.type_err(node, id, "a table describing the piece");
        return None;
    };
    let what = format!("piece `{id}`");
    cx.check_keys(t, &schema::PIECE.names(), &what);
    let name = cx
        .str(t, "name")
        .map(|(s, _)| s.to_string())
        .unwrap_or_else(|| title_case(id));
    let (letter, letter_span) = letter(cx, t, key_span, &what);
    let value = cx.number(t, "value").unwrap_or(0.0);
    let royal = cx.bool(t, "royal").unwrap_or(false);
    let pawn = cx.bool(t, "pawn").unwrap_or(false);
    let moves = moves(cx, t, key_span, &what);
    let written = match t.get("moves").map(|n| &n.value) {
        Some(Value::Array(items)) => items.iter().map(|it| written(text, it.span)).collect(),
        _ => Vec::new(),
    };
    Some(PieceDef {
        id: id.to_string(),
        name,
        letter,
        letter_span,
        value,
        royal,
        pawn,
        moves,
        written,
        span: key_span,
        named_at: key_span,
    })
}

/// The piece's letter, upper case; `?` when it is missing or wrong (reported).
fn letter(cx: &mut Ctx, t: &Table, key_span: Span, what: &str) -> (char, Span) {
    let Some((s, span)) = cx.str(t, "letter") else {
        if t.get("letter").is_none() {
            cx.missing(t, key_span, "letter", what, "letter = \"X\"");
        }
        return ('?', key_span);
    };
    let mut ch = s.chars();
    match (ch.next(), ch.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => (c.to_ascii_uppercase(), span),
        _ => {
            cx.err(
                Code::BadLetter,
                span,
                format!("the letter of {what} must be one letter, found `{s}`"),
                "expected one letter A-Z",
            );
            ('?', span)
        }
    }
}

fn moves(cx: &mut Ctx, t: &Table, key_span: Span, what: &str) -> Vec<MoveDef> {
    let Some(n) = t.get("moves") else {
        cx.missing(
            t,
            key_span,
            "moves",
            what,
            "moves = [{ slide = \"orthogonal\" }]",
        );
        return Vec::new();
    };
    let Value::Array(items) = &n.value else {
        cx.type_err(n, "moves", "an array of move primitives");
        return Vec::new();
    };
    if items.is_empty() {
        cx.err(
            Code::NoMoves,
            n.span,
            format!("{what} has no moves"),
            "list at least one move primitive",
        );
    }
    items
        .iter()
        .filter_map(|it| read_move(cx, it, what))
        .collect()
}

/// A move primitive as its file writes it: comments dropped, runs of spaces and line
/// breaks made one space.
fn written(text: &str, span: Span) -> String {
    let raw = text.get(span.start..span.end).unwrap_or("");
    let mut code = String::with_capacity(raw.len());
    let (mut quote, mut escaped, mut comment) = (None, false, false);
    for c in raw.chars() {
        if comment {
            comment = c != '\n';
            if !comment {
                code.push(c);
            }
            continue;
        }
        match quote {
            Some(q) => {
                if escaped {
                    escaped = false;
                } else if q == '"' && c == '\\' {
                    escaped = true;
                } else if c == q || c == '\n' {
                    quote = None;
                }
            }
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c == '#' => {
                comment = true;
                continue;
            }
            None => {}
        }
        code.push(c);
    }
    code.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Reads a primitive's own parameters from its move table.
type Reader = fn(&mut Ctx, &Entry) -> Primitive;

/// The move primitives of the format: each one's name and keys (in the schema) and the
/// reader of its parameters, in the order messages list them.
pub(super) const PRIMITIVES: &[(PrimitiveKeys, Reader)] = &[
    (schema::LEAP, leap),
    (schema::SLIDE, slide),
    (schema::FLYOVER, |_, _| Primitive::Flyover),
    (schema::HOP, |cx, e| Primitive::Hop {
        mode: mode(cx, e.t),
    }),
    (schema::JUMP, jump),
    (schema::CANNON, cannon),
    (schema::BENT, bent),
];

/// A move table being read: its table, its place, its symmetry (how its offsets are copied).
pub(super) struct Entry<'a> {
    t: &'a Table,
    span: Span,
    sym: (&'a str, Span),
}

fn read_move(cx: &mut Ctx, node: &Node, what: &str) -> Option<MoveDef> {
    let Value::Table(t) = &node.value else {
        cx.err(
            Code::WrongType,
            node.span,
            format!(
                "a move of {what} must be a table, found {}",
                node.value.type_name()
            ),
            "expected a table like `{ slide = \"orthogonal\" }`",
        );
        return None;
    };
    let (keys, read) = primitive(cx, t, node.span, what)?;
    foreign_keys(cx, t, keys);
    let sym = match cx.str(t, "symmetry") {
        Some((s, sp)) => (s, sp),
        None => ("all", node.span),
    };
    let dirs = directions(cx, t.get(keys.name)?, keys.name, sym);
    let e = Entry {
        t,
        span: node.span,
        sym,
    };
    Some(MoveDef {
        prim: read(cx, &e),
        dirs,
        from: t.get("from").and_then(|n| cx.zone(n, "from")),
        to: t.get("to").and_then(|n| cx.zone(n, "to")),
        span: node.span,
    })
}

/// Reports each key of the table that the primitive does not take, saying which it takes
/// (and which primitives take the key, when some do).
fn foreign_keys(cx: &mut Ctx, t: &Table, p: &PrimitiveKeys) {
    for (k, (kspan, _)) in &t.entries {
        if k == p.name || p.has(k) {
            continue;
        }
        let takers: Vec<&str> = PRIMITIVES
            .iter()
            .filter(|(o, _)| o.has(k))
            .map(|(o, _)| o.name)
            .collect();
        let why = match takers.as_slice() {
            [] => suggest(k, p.keys.iter().map(|k| k.name)),
            [one] => format!(": only `{one}` takes it"),
            _ => format!(": only {} take it", all_of(&takers)),
        };
        let names: Vec<&str> = p.keys.iter().map(|k| k.name).collect();
        cx.err(
            Code::UnknownKey,
            *kspan,
            format!("unknown key `{k}` in a `{}` move{why}", p.name),
            format!("a `{}` takes {}", p.name, all_of(&names)),
        );
    }
}

/// A list of words as `a`, `b` and `c`.
fn all_of(words: &[&str]) -> String {
    let quoted: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// The one primitive a move table names, with its reader; several or none are reported.
fn primitive(
    cx: &mut Ctx,
    t: &Table,
    span: Span,
    what: &str,
) -> Option<&'static (PrimitiveKeys, Reader)> {
    let kinds: Vec<&(PrimitiveKeys, Reader)> = PRIMITIVES
        .iter()
        .filter(|(p, _)| t.get(p.name).is_some())
        .collect();
    let names: Vec<&str> = PRIMITIVES.iter().map(|(p, _)| p.name).collect();
    match kinds.as_slice() {
        [one] => Some(*one),
        [] => {
            // No primitive: the likely cause is a misspelt primitive name, the first key
            // that no primitive takes.
            let stranger = t
                .entries
                .iter()
                .find(|(k, _)| !PRIMITIVES.iter().any(|(p, _)| p.has(k.as_str())));
            match stranger {
                Some((k, (kspan, _))) => cx.err(
                    Code::UnknownPrimitive,
                    *kspan,
                    format!(
                        "unknown primitive `{k}`{}",
                        suggest(k, names.iter().copied())
                    ),
                    format!("expected {}", one_of(&names)),
                ),
                None => cx.err(
                    Code::UnknownPrimitive,
                    span,
                    format!("a move of {what} names no primitive"),
                    format!("add one of {}", one_of(&names)),
                ),
            }
            None
        }
        [a, b, ..] => {
            cx.err(
                Code::TwoPrimitives,
                t.key_span(b.0.name).unwrap_or(span),
                format!(
                    "a move may use one primitive, this one has `{}` and `{}`",
                    a.0.name, b.0.name
                ),
                "split it into two entries of `moves`",
            );
            None
        }
    }
}

fn leap(cx: &mut Ctx, e: &Entry) -> Primitive {
    let mode = mode(cx, e.t);
    let en_passant = match en_passant(cx, e.t) {
        Some(EnPassant::Capture(_)) if mode.can_capture() => true,
        Some(EnPassant::Capture(at)) => {
            not_a_capture(cx, at);
            false
        }
        Some(EnPassant::Create(at)) => {
            not_a_slide(cx, at);
            false
        }
        None => false,
    };
    Primitive::Leap { mode, en_passant }
}

fn slide(cx: &mut Ctx, e: &Entry) -> Primitive {
    let mode = mode(cx, e.t);
    let range = range(cx, e.t, e.span);
    let en_passant = match en_passant(cx, e.t) {
        Some(EnPassant::Create(_)) => true,
        Some(EnPassant::Capture(at)) => {
            not_a_capture(cx, at);
            false
        }
        None => false,
    };
    Primitive::Slide {
        mode,
        range,
        en_passant,
    }
}

fn jump(cx: &mut Ctx, e: &Entry) -> Primitive {
    let mode = mode(cx, e.t);
    let (over, capture_over, distance) = jump_keys(cx, e.t);
    Primitive::Jump {
        mode,
        distance,
        over,
        capture_over,
    }
}

fn cannon(cx: &mut Ctx, e: &Entry) -> Primitive {
    Primitive::Cannon {
        capture_screen: cx.bool(e.t, "capture-screen").unwrap_or(false),
    }
}

fn bent(cx: &mut Ctx, e: &Entry) -> Primitive {
    let then = match e.t.get("then") {
        Some(n) => directions(cx, n, "then", e.sym),
        None => {
            let example = "then = \"orthogonal\"";
            cx.missing(e.t, e.span, "then", "a `bent` move", example);
            Vec::new()
        }
    };
    Primitive::Bent {
        then,
        mode: mode(cx, e.t),
        range: range(cx, e.t, e.span),
    }
}

fn mode(cx: &mut Ctx, t: &Table) -> Mode {
    match cx.str(t, "mode") {
        None | Some(("both", _)) => Mode::Both,
        Some(("move", _)) => Mode::Move,
        Some(("capture", _)) => Mode::Capture,
        Some((s, sp)) => {
            let hint = suggest(s, ["move", "capture", "both"]);
            cx.err(
                Code::UnknownValue,
                sp,
                format!("unknown mode `{s}`{hint}"),
                "expected `move`, `capture` or `both`",
            );
            Mode::Both
        }
    }
}

/// `min` and `max` (0: no limit), `min` no larger than `max`.
fn range(cx: &mut Ctx, t: &Table, span: Span) -> Range {
    let min = cx.int(t, "min", 1, 32).map(|(v, _)| v as u8).unwrap_or(1);
    let max = cx.int(t, "max", 1, 32).map(|(v, _)| v as u8).unwrap_or(0);
    if max != 0 && min > max {
        cx.err(
            Code::MinAboveMax,
            t.get("min").map(|n| n.span).unwrap_or(span),
            format!("`min` ({min}) is larger than `max` ({max})"),
            "make `min` at most `max`",
        );
    }
    Range { min, max }
}

/// What `en-passant` says, with where its key is.
enum EnPassant {
    Create(Span),
    Capture(Span),
}

fn en_passant(cx: &mut Ctx, t: &Table) -> Option<EnPassant> {
    let at = t.key_span("en-passant").unwrap_or_default();
    match cx.str(t, "en-passant")? {
        ("create", _) => Some(EnPassant::Create(at)),
        ("capture", _) => Some(EnPassant::Capture(at)),
        (s, sp) => {
            cx.err(
                Code::UnknownValue,
                sp,
                format!("unknown en-passant role `{s}`"),
                "expected `create` (a slide) or `capture` (a capture)",
            );
            None
        }
    }
}

fn not_a_slide(cx: &mut Ctx, at: Span) {
    cx.err(
        Code::ConflictingKeys,
        at,
        "`en-passant = \"create\"` needs a `slide`",
        "only slides pass squares",
    );
}

fn not_a_capture(cx: &mut Ctx, at: Span) {
    cx.err(
        Code::ConflictingKeys,
        at,
        "`en-passant = \"capture\"` needs a capturing `leap`",
        "use it on the pawn's capture, e.g. `{ leap = [1, 1], symmetry = \"left-right\", mode = \"capture\", en-passant = \"capture\" }`",
    );
}

/// `over`, `capture-over` and `distance` of a jump.
fn jump_keys(cx: &mut Ctx, t: &Table) -> (Over, bool, u8) {
    let over = match cx.str(t, "over") {
        None | Some(("any", _)) => Over::Any,
        Some(("friend", _)) => Over::Friend,
        Some(("enemy", _)) => Over::Enemy,
        Some(("empty", _)) => Over::Empty,
        Some(("piece", _)) => Over::Piece,
        Some((s, sp)) => {
            cx.err(
                Code::UnknownValue,
                sp,
                format!("unknown `over` value `{s}`"),
                "expected `any`, `friend`, `enemy`, `empty` or `piece`",
            );
            Over::Any
        }
    };
    let capture_over = cx.bool(t, "capture-over").unwrap_or(false);
    let distance = cx
        .int(t, "distance", 2, 16)
        .map(|(v, _)| v as u8)
        .unwrap_or(2);
    if capture_over && distance != 2 {
        cx.err(
            Code::ConflictingKeys,
            t.key_span("capture-over").unwrap_or_default(),
            "`capture-over` needs `distance = 2`",
            "a jump captures the one square it passes",
        );
    }
    (over, capture_over, distance)
}

/// The directions of a primitive (or of `then`): names and offsets, an offset copied by
/// the symmetry, duplicates removed (first kept).
fn directions(cx: &mut Ctx, node: &Node, key: &str, sym: (&str, Span)) -> Vec<(i8, i8)> {
    let mut out: Vec<(i8, i8)> = Vec::new();
    let bad = |cx: &mut Ctx, n: &Node| {
        let names: Vec<&str> = DIRECTIONS.iter().map(|(n, _)| *n).collect();
        cx.err(
            Code::UnknownDirection,
            n.span,
            format!("`{key}` needs directions"),
            format!("expected {}, or an offset like `[1, 2]`", one_of(&names)),
        );
    };
    match &node.value {
        Value::Str(s) => out.extend(direction_name(cx, s, node.span)),
        Value::Array(items) if items.iter().all(|i| matches!(i.value, Value::Int(_))) => {
            if let Some(v) = offset(cx, node, key) {
                out.extend(symmetric(cx, v, sym));
            }
        }
        Value::Array(items) => {
            for it in items {
                match &it.value {
                    Value::Str(s) => out.extend(direction_name(cx, s, it.span)),
                    Value::Array(_) => {
                        if let Some(v) = offset(cx, it, key) {
                            out.extend(symmetric(cx, v, sym));
                        }
                    }
                    _ => bad(cx, it),
                }
            }
        }
        _ => bad(cx, node),
    }
    let mut seen = HashSet::new();
    out.retain(|d| seen.insert(*d));
    out
}

fn offset(cx: &mut Ctx, node: &Node, key: &str) -> Option<(i8, i8)> {
    if let Value::Array(items) = &node.value
        && items.len() == 2
        && let (Value::Int(x), Value::Int(y)) = (&items[0].value, &items[1].value)
    {
        let lim = MAX_BOARD_FILES.max(MAX_BOARD_RANKS) as i64 + 2;
        if x.abs() <= lim && y.abs() <= lim && (*x, *y) != (0, 0) {
            return Some((*x as i8, *y as i8));
        }
        cx.err(
            Code::BadOffset,
            node.span,
            format!("bad offset [{x}, {y}] in `{key}`"),
            "an offset is two whole numbers [files, ranks], not both zero, at most 18 squares",
        );
        return None;
    }
    let found = match &node.value {
        Value::Array(items) if items.len() != 2 => {
            format!("it has {} numbers", items.len())
        }
        _ => "its parts must be whole numbers".to_string(),
    };
    cx.err(
        Code::BadOffset,
        node.span,
        format!("bad offset in `{key}`: {found}"),
        "an offset is two whole numbers [files, ranks], like `[1, 2]`",
    );
    None
}

fn direction_name(cx: &mut Ctx, s: &str, span: Span) -> Vec<(i8, i8)> {
    if let Some((_, dirs)) = DIRECTIONS.iter().find(|(n, _)| *n == s) {
        return dirs.to_vec();
    }
    let names: Vec<&str> = DIRECTIONS.iter().map(|(n, _)| *n).collect();
    cx.err(
        Code::UnknownDirection,
        span,
        format!(
            "unknown direction `{s}`{}",
            suggest(s, names.iter().copied())
        ),
        format!("expected {}", one_of(&names)),
    );
    Vec::new()
}

/// The images of an offset under a symmetry.
fn symmetric(cx: &mut Ctx, (x, y): (i8, i8), (symmetry, span): (&str, Span)) -> Vec<(i8, i8)> {
    match symmetry {
        "all" => dirs::images((x, y)).to_vec(),
        "left-right" => vec![(x, y), (-x, y)],
        "forward-back" => vec![(x, y), (x, -y)],
        "none" => vec![(x, y)],
        _ => {
            cx.err(
                Code::UnknownValue,
                span,
                format!("unknown symmetry `{symmetry}`"),
                format!("expected {}", one_of(SYMMETRIES)),
            );
            vec![(x, y)]
        }
    }
}
