//! Reading variant files: TOML text to [`VariantDef`], with every mistake reported at its
//! line and column. Unknown keys are errors, never ignored.

use std::path::{Path, PathBuf};

use crate::builtin;
use crate::def::*;
use crate::geometry::{MAX_FILES, MAX_RANKS, parse_coords};
use crate::source::{
    Diagnostic, Node, Sources, Span, Table, Value, did_you_mean, one_of, parse_toml,
};

/// Where a file's text comes from: the disk or the set built into the binary.
#[derive(Clone, Debug)]
enum Origin {
    Disk(PathBuf),
    Builtin,
}

/// Problems found while loading: the files involved and the diagnostics.
#[derive(Clone, Debug)]
pub struct LoadError {
    pub sources: Sources,
    pub diagnostics: Vec<Diagnostic>,
}

impl LoadError {
    /// The report as `fairyforge validate` prints it.
    pub fn render(&self) -> String {
        self.sources.render(&self.diagnostics)
    }
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.render().trim_end())
    }
}

impl std::error::Error for LoadError {}

const OPTION_KEYS: &[&str] = &["description", "default", "promotion", "scepter"];
const SLOT_KEYS: &[&str] = &["squares", "piece"];
const SCEPTER_KEYS: &[&str] = &["zone", "result"];
const GAME_KEYS: &[&str] = &[
    "extends",
    "scepter",
    "options",
    "slots",
    "reserve",
    "drop-zone",
    "values",
    "name",
    "description",
    "import",
    "pieces",
    "piece",
    "setup",
    "board",
    "promotion",
    "castling",
    "drops",
];
const LIBRARY_KEYS: &[&str] = &["description", "import", "piece"];
const PIECE_KEYS: &[&str] = &["name", "letter", "value", "royal", "pawn", "moves"];
const BOARD_KEYS: &[&str] = &["files", "ranks", "extra", "holes"];
const PROMOTION_KEYS: &[&str] = &["pieces", "zone", "choices", "mandatory", "suffix"];
const CASTLING_KEYS: &[&str] = &["king", "rooks", "king-to", "rook", "fen"];
const DROP_KEYS: &[&str] = &["zone", "push"];
const PRIM_NAMES: &[&str] = &["leap", "slide", "flyover", "jump", "cannon", "bent"];
const ZONE_NAMES: &[&str] = &[
    "own-half",
    "enemy-half",
    "middle-rank",
    "first-rank",
    "last-rank",
    "own-rear",
    "enemy-rear",
    "all",
];
const DIR_NAMES: &[&str] = &[
    "orthogonal",
    "diagonal",
    "all",
    "forward",
    "backward",
    "sideways",
    "forward-diagonal",
    "backward-diagonal",
];

fn prim_keys(p: Prim) -> &'static [&'static str] {
    match p {
        Prim::Leap => &["mode", "symmetry", "from", "to", "en-passant"],
        Prim::Slide => &["mode", "symmetry", "min", "max", "from", "to", "en-passant"],
        Prim::Flyover => &["symmetry", "from", "to"],
        Prim::Jump => &[
            "mode",
            "symmetry",
            "distance",
            "over",
            "capture-over",
            "from",
            "to",
        ],
        Prim::Cannon => &["symmetry", "capture-screen", "from", "to"],
        Prim::Bent => &["then", "mode", "symmetry", "min", "max", "from", "to"],
    }
}

/// Collects diagnostics while reading.
pub(crate) struct Ctx {
    pub diags: Vec<Diagnostic>,
}

impl Ctx {
    pub fn err(&mut self, span: Span, message: impl Into<String>, label: impl Into<String>) {
        self.diags.push(Diagnostic::new(span, message, label));
    }

    fn check_keys(&mut self, t: &Table, allowed: &[&str], what: &str) {
        for (k, (kspan, _)) in &t.entries {
            if !allowed.contains(&k.as_str()) {
                let hint = crate::source::suggest(k, allowed.iter().copied());
                self.err(
                    *kspan,
                    format!("unknown key `{k}` in {what}{hint}"),
                    format!("expected {}", one_of(allowed)),
                );
            }
        }
    }

    fn type_err(&mut self, node: &Node, key: &str, expected: &str) {
        self.err(
            node.span,
            format!(
                "`{key}` must be {expected}, found {}",
                node.value.type_name()
            ),
            format!("expected {expected}"),
        );
    }

    fn str<'a>(&mut self, t: &'a Table, key: &str) -> Option<(&'a str, Span)> {
        let n = t.get(key)?;
        match &n.value {
            Value::Str(s) => Some((s.as_str(), n.span)),
            _ => {
                self.type_err(n, key, "a string");
                None
            }
        }
    }

    fn int(&mut self, t: &Table, key: &str, lo: i64, hi: i64) -> Option<(i64, Span)> {
        let n = t.get(key)?;
        match &n.value {
            Value::Int(i) if (lo..=hi).contains(i) => Some((*i, n.span)),
            Value::Int(i) => {
                self.err(
                    n.span,
                    format!("`{key}` is {i}, out of range"),
                    format!("expected a whole number from {lo} to {hi}"),
                );
                None
            }
            _ => {
                self.type_err(n, key, &format!("a whole number from {lo} to {hi}"));
                None
            }
        }
    }

    fn bool(&mut self, t: &Table, key: &str) -> Option<bool> {
        let n = t.get(key)?;
        match &n.value {
            Value::Bool(b) => Some(*b),
            _ => {
                self.type_err(n, key, "`true` or `false`");
                None
            }
        }
    }

    fn number(&mut self, t: &Table, key: &str) -> Option<f64> {
        let n = t.get(key)?;
        match &n.value {
            Value::Int(i) => Some(*i as f64),
            Value::Float(f) if f.is_finite() => Some(*f),
            _ => {
                self.type_err(n, key, "a number");
                None
            }
        }
    }

    fn table<'a>(&mut self, t: &'a Table, key: &str) -> Option<&'a Table> {
        let n = t.get(key)?;
        match &n.value {
            Value::Table(x) => Some(x),
            _ => {
                self.type_err(n, key, "a table");
                None
            }
        }
    }

    fn promotions(&mut self, n: &Node) -> Vec<PromotionDef> {
        let tables: Vec<&Node> = match &n.value {
            Value::Table(_) => vec![n],
            Value::Array(a) => a.iter().collect(),
            _ => {
                self.type_err(n, "promotion", "a table or an array of tables");
                Vec::new()
            }
        };
        let mut out = Vec::new();
        for pn in tables {
            let Value::Table(pt) = &pn.value else {
                self.type_err(pn, "promotion", "a table");
                continue;
            };
            self.check_keys(pt, PROMOTION_KEYS, "`[promotion]`");
            let pieces = self.names(pt, "pieces").unwrap_or_default();
            if pt.get("pieces").is_none() {
                self.missing(
                    pt,
                    pn.span,
                    "pieces",
                    "`[promotion]`",
                    "pieces = [\"pawn\"]",
                );
            }
            let choices = self.names(pt, "choices").unwrap_or_default();
            if pt.get("choices").is_none() {
                self.missing(
                    pt,
                    pn.span,
                    "choices",
                    "`[promotion]`",
                    "choices = [\"queen\", \"rook\"]",
                );
            }
            let zone = match pt.get("zone") {
                Some(z) => self.zone(z, "zone"),
                None => None,
            }
            .unwrap_or(ZoneDef {
                items: vec![ZoneItem::LastRank],
                span: pn.span,
            });
            let mandatory = self.bool(pt, "mandatory").unwrap_or(true);
            let suffix = self.bool(pt, "suffix").unwrap_or(true);
            out.push(PromotionDef {
                pieces,
                zone,
                choices,
                mandatory,
                suffix,
                span: pn.span,
            });
        }
        out
    }

    fn scepter(&mut self, n: &Node) -> Option<ScepterDef> {
        let Value::Table(t) = &n.value else {
            self.type_err(
                n,
                "scepter",
                "a table like `{ zone = \"enemy-rear\", result = \"win\" }`",
            );
            return None;
        };
        self.check_keys(t, SCEPTER_KEYS, "`scepter`");
        let zone = match t.get("zone") {
            Some(z) => self.zone(z, "zone")?,
            None => ZoneDef {
                items: vec![ZoneItem::EnemyRear],
                span: n.span,
            },
        };
        let win = match self.str(t, "result") {
            None | Some(("win", _)) => true,
            Some(("draw", _)) => false,
            Some((s, sp)) => {
                self.err(
                    sp,
                    format!("unknown scepter result `{s}`"),
                    "expected `win` or `draw`",
                );
                true
            }
        };
        Some(ScepterDef {
            zone,
            win,
            span: n.span,
        })
    }

    /// Reports a missing key, unless the table has a misspelling of it (already reported as
    /// an unknown key with a suggestion).
    fn missing(&mut self, t: &Table, span: Span, key: &str, what: &str, example: &str) {
        if t.entries
            .keys()
            .any(|k| k != key && did_you_mean(k, [key]).is_some())
        {
            return;
        }
        self.err(
            span,
            format!("{what} has no `{key}`"),
            format!("add `{key}`, for example `{example}`"),
        );
    }

    /// A string or an array of strings.
    fn names(&mut self, t: &Table, key: &str) -> Option<Vec<Named>> {
        let n = t.get(key)?;
        match &n.value {
            Value::Str(s) => Some(vec![Named {
                name: s.clone(),
                span: n.span,
            }]),
            Value::Array(items) => {
                let mut out = Vec::new();
                for it in items {
                    match &it.value {
                        Value::Str(s) => out.push(Named {
                            name: s.clone(),
                            span: it.span,
                        }),
                        _ => self.type_err(it, key, "a string"),
                    }
                }
                Some(out)
            }
            _ => {
                self.type_err(n, key, "a string or an array of strings");
                None
            }
        }
    }

    fn square(&mut self, node: &Node, key: &str) -> Option<SquareRef> {
        match &node.value {
            Value::Str(s) => match parse_coords(s) {
                Some((file, rank)) => Some(SquareRef {
                    file,
                    rank,
                    span: node.span,
                }),
                None => {
                    let hint = match parse_coords(&s.trim().to_lowercase()) {
                        Some((f, r)) => {
                            format!(": did you mean `{}`?", crate::geometry::coord_name(f, r))
                        }
                        None => String::new(),
                    };
                    self.err(
                        node.span,
                        format!("`{s}` is not a square name{hint}"),
                        "expected a lower-case file letter and a rank, like `e1`",
                    );
                    None
                }
            },
            _ => {
                self.type_err(node, key, "a square name like `e1`");
                None
            }
        }
    }

    fn squares(&mut self, t: &Table, key: &str) -> Vec<SquareRef> {
        let Some(n) = t.get(key) else {
            return Vec::new();
        };
        match &n.value {
            Value::Array(items) => items.iter().filter_map(|it| self.square(it, key)).collect(),
            Value::Str(_) => self.square(n, key).into_iter().collect(),
            _ => {
                self.type_err(n, key, "an array of square names");
                Vec::new()
            }
        }
    }

    fn zone(&mut self, node: &Node, key: &str) -> Option<ZoneDef> {
        let items: Vec<&Node> = match &node.value {
            Value::Str(_) => vec![node],
            Value::Array(a) => a.iter().collect(),
            _ => {
                self.type_err(node, key, "a zone (a string or an array of strings)");
                return None;
            }
        };
        let mut out = Vec::new();
        for it in items {
            let Value::Str(s) = &it.value else {
                self.type_err(it, key, "a string");
                continue;
            };
            match zone_item(s, it.span) {
                Some(z) => out.push(z),
                None => {
                    let hint = match did_you_mean(s, ZONE_NAMES.iter().copied()) {
                        Some(x) => format!(": did you mean `{x}`?"),
                        None if s.starts_with("rank") => format!(
                            ": ranks are numbers from 0 to {}, written `rank 2` or `ranks 1..5`",
                            MAX_RANKS + 1
                        ),
                        None => String::new(),
                    };
                    self.err(
                        it.span,
                        format!("unknown zone `{s}`{hint}"),
                        format!(
                            "expected a square, `rank N`, `ranks A..B` or {}",
                            one_of(ZONE_NAMES)
                        ),
                    );
                }
            }
        }
        Some(ZoneDef {
            items: out,
            span: node.span,
        })
    }

    fn dirs(&mut self, node: &Node, key: &str, symmetry: &str, sym_span: Span) -> Vec<(i8, i8)> {
        let mut out: Vec<(i8, i8)> = Vec::new();
        let bad = |c: &mut Ctx, n: &Node| {
            c.err(
                n.span,
                format!("`{key}` needs directions"),
                format!("expected {}, or an offset like `[1, 2]`", one_of(DIR_NAMES)),
            );
        };
        match &node.value {
            Value::Str(s) => out.extend(self.dir_name(s, node.span)),
            Value::Array(items) if items.iter().all(|i| matches!(i.value, Value::Int(_))) => {
                if let Some(v) = self.offset(node, key) {
                    out.extend(self.symmetric(v, symmetry, sym_span));
                }
            }
            Value::Array(items) => {
                for it in items {
                    match &it.value {
                        Value::Str(s) => out.extend(self.dir_name(s, it.span)),
                        Value::Array(_) => {
                            if let Some(v) = self.offset(it, key) {
                                out.extend(self.symmetric(v, symmetry, sym_span));
                            }
                        }
                        _ => bad(self, it),
                    }
                }
            }
            _ => bad(self, node),
        }
        let mut dedup = Vec::new();
        for d in out {
            if !dedup.contains(&d) {
                dedup.push(d);
            }
        }
        dedup
    }

    fn offset(&mut self, node: &Node, key: &str) -> Option<(i8, i8)> {
        if let Value::Array(items) = &node.value
            && items.len() == 2
            && let (Value::Int(x), Value::Int(y)) = (&items[0].value, &items[1].value)
        {
            let lim = MAX_FILES.max(MAX_RANKS) as i64 + 2;
            if x.abs() <= lim && y.abs() <= lim && (*x, *y) != (0, 0) {
                return Some((*x as i8, *y as i8));
            }
            self.err(
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
        self.err(
            node.span,
            format!("bad offset in `{key}`: {found}"),
            "an offset is two whole numbers [files, ranks], like `[1, 2]`",
        );
        None
    }

    fn dir_name(&mut self, s: &str, span: Span) -> Vec<(i8, i8)> {
        const ORTH: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
        const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
        match s {
            "orthogonal" => ORTH.to_vec(),
            "diagonal" => DIAG.to_vec(),
            "all" => ORTH.iter().chain(DIAG.iter()).copied().collect(),
            "forward" => vec![(0, 1)],
            "backward" => vec![(0, -1)],
            "sideways" => vec![(1, 0), (-1, 0)],
            "forward-diagonal" => vec![(1, 1), (-1, 1)],
            "backward-diagonal" => vec![(1, -1), (-1, -1)],
            _ => {
                let hint = crate::source::suggest(s, DIR_NAMES.iter().copied());
                self.err(
                    span,
                    format!("unknown direction `{s}`{hint}"),
                    format!("expected {}", one_of(DIR_NAMES)),
                );
                Vec::new()
            }
        }
    }

    fn symmetric(&mut self, (x, y): (i8, i8), symmetry: &str, span: Span) -> Vec<(i8, i8)> {
        match symmetry {
            "all" => vec![
                (x, y),
                (-x, y),
                (x, -y),
                (-x, -y),
                (y, x),
                (-y, x),
                (y, -x),
                (-y, -x),
            ],
            "left-right" => vec![(x, y), (-x, y)],
            "forward-back" => vec![(x, y), (x, -y)],
            "none" => vec![(x, y)],
            _ => {
                let opts = ["all", "left-right", "forward-back", "none"];
                self.err(
                    span,
                    format!("unknown symmetry `{symmetry}`"),
                    format!("expected {}", one_of(&opts)),
                );
                vec![(x, y)]
            }
        }
    }
}

/// A value as a message shows it: a string quoted, anything else by its type.
fn describe(n: &Node) -> String {
    match &n.value {
        Value::Str(s) => format!("the string \"{s}\""),
        Value::Int(i) => i.to_string(),
        Value::Float(f) => f.to_string(),
        v => v.type_name().to_string(),
    }
}

fn zone_item(s: &str, span: Span) -> Option<ZoneItem> {
    let named = match s {
        "own-half" => Some(ZoneItem::OwnHalf),
        "enemy-half" => Some(ZoneItem::EnemyHalf),
        "middle-rank" => Some(ZoneItem::MiddleRank),
        "first-rank" => Some(ZoneItem::FirstRank),
        "last-rank" => Some(ZoneItem::LastRank),
        "own-rear" => Some(ZoneItem::OwnRear),
        "enemy-rear" => Some(ZoneItem::EnemyRear),
        "all" => Some(ZoneItem::All),
        _ => None,
    };
    if named.is_some() {
        return named;
    }
    if let Some((f, r)) = parse_coords(s) {
        return Some(ZoneItem::Square(f, r, span));
    }
    let num = |t: &str| -> Option<Option<i8>> {
        let t = t.trim();
        if t.is_empty() {
            Some(None)
        } else {
            t.parse::<i8>()
                .ok()
                .filter(|r| (0..=MAX_RANKS as i8 + 1).contains(r))
                .map(Some)
        }
    };
    if let Some(rest) = s.strip_prefix("rank ") {
        let r = num(rest)??;
        return Some(ZoneItem::Ranks(Some(r), Some(r), span));
    }
    if let Some(rest) = s.strip_prefix("ranks ") {
        let (a, b) = rest.split_once("..").or_else(|| rest.split_once('-'))?;
        let (a, b) = (num(a)?, num(b)?);
        if a.is_none() && b.is_none() {
            return None;
        }
        return Some(ZoneItem::Ranks(a, b, span));
    }
    None
}

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

fn read_piece(cx: &mut Ctx, id: &str, key_span: Span, node: &Node) -> Option<PieceDef> {
    let Value::Table(t) = &node.value else {
        cx.type_err(node, id, "a table describing the piece");
        return None;
    };
    let what = format!("piece `{id}`");
    cx.check_keys(t, PIECE_KEYS, &what);
    let name = cx
        .str(t, "name")
        .map(|(s, _)| s.to_string())
        .unwrap_or_else(|| title_case(id));
    let (letter, letter_span) = match cx.str(t, "letter") {
        Some((s, span)) => {
            let mut ch = s.chars();
            match (ch.next(), ch.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => (c.to_ascii_uppercase(), span),
                _ => {
                    cx.err(
                        span,
                        format!("the letter of {what} must be one letter, found `{s}`"),
                        "expected one letter A-Z",
                    );
                    ('?', span)
                }
            }
        }
        None => {
            if t.get("letter").is_none() {
                cx.missing(t, key_span, "letter", &what, "letter = \"X\"");
            }
            ('?', key_span)
        }
    };
    let value = cx.number(t, "value").unwrap_or(0.0);
    let royal = cx.bool(t, "royal").unwrap_or(false);
    let pawn = cx.bool(t, "pawn").unwrap_or(false);
    let mut moves = Vec::new();
    match t.get("moves") {
        None => cx.missing(
            t,
            key_span,
            "moves",
            &what,
            "moves = [{ slide = \"orthogonal\" }]",
        ),
        Some(n) => match &n.value {
            Value::Array(items) => {
                if items.is_empty() {
                    cx.err(
                        n.span,
                        format!("{what} has no moves"),
                        "list at least one move primitive",
                    );
                }
                for it in items {
                    if let Some(m) = read_move(cx, it, &what) {
                        moves.push(m);
                    }
                }
            }
            _ => cx.type_err(n, "moves", "an array of move primitives"),
        },
    }
    Some(PieceDef {
        id: id.to_string(),
        name,
        letter,
        letter_span,
        value,
        royal,
        pawn,
        moves,
        span: key_span,
    })
}

fn read_move(cx: &mut Ctx, node: &Node, what: &str) -> Option<MoveDef> {
    let Value::Table(t) = &node.value else {
        cx.err(
            node.span,
            format!(
                "a move of {what} must be a table, found {}",
                node.value.type_name()
            ),
            "expected a table like `{ slide = \"orthogonal\" }`",
        );
        return None;
    };
    let kinds: Vec<(&str, Prim)> = Prim::ALL
        .iter()
        .filter(|(n, _)| t.get(n).is_some())
        .map(|(n, p)| (*n, *p))
        .collect();
    let (kname, prim) = match kinds.as_slice() {
        [one] => *one,
        [] => {
            // No primitive: the likely cause is a misspelt primitive name.
            let mut reported = false;
            for (k, (kspan, _)) in &t.entries {
                let any_prim_key = Prim::ALL
                    .iter()
                    .any(|(_, p)| prim_keys(*p).contains(&k.as_str()));
                if !any_prim_key {
                    let hint = crate::source::suggest(k, PRIM_NAMES.iter().copied());
                    cx.err(
                        *kspan,
                        format!("unknown primitive `{k}`{hint}"),
                        format!("expected {}", one_of(PRIM_NAMES)),
                    );
                    reported = true;
                    break;
                }
            }
            if !reported {
                cx.err(
                    node.span,
                    format!("a move of {what} names no primitive"),
                    format!("add one of {}", one_of(PRIM_NAMES)),
                );
            }
            return None;
        }
        [a, b, ..] => {
            let span = t.key_span(b.0).unwrap_or(node.span);
            cx.err(
                span,
                format!(
                    "a move may use one primitive, this one has `{}` and `{}`",
                    a.0, b.0
                ),
                "split it into two entries of `moves`",
            );
            return None;
        }
    };
    let allowed: Vec<&str> = std::iter::once(kname)
        .chain(prim_keys(prim).iter().copied())
        .collect();
    cx.check_keys(t, &allowed, &format!("a `{kname}` move"));
    let (symmetry, sym_span) = match cx.str(t, "symmetry") {
        Some((s, sp)) => (s.to_string(), sp),
        None => ("all".to_string(), node.span),
    };
    let dirs = cx.dirs(t.get(kname).unwrap(), kname, &symmetry, sym_span);
    let then = match (prim, t.get("then")) {
        (Prim::Bent, Some(n)) => cx.dirs(n, "then", &symmetry, sym_span),
        (Prim::Bent, None) => {
            cx.missing(
                t,
                node.span,
                "then",
                "a `bent` move",
                "then = \"orthogonal\"",
            );
            Vec::new()
        }
        _ => Vec::new(),
    };
    let mode = match cx.str(t, "mode") {
        None => Mode::Both,
        Some(("move", _)) => Mode::Move,
        Some(("capture", _)) => Mode::Capture,
        Some(("both", _)) => Mode::Both,
        Some((s, sp)) => {
            let hint = crate::source::suggest(s, ["move", "capture", "both"]);
            cx.err(
                sp,
                format!("unknown mode `{s}`{hint}"),
                "expected `move`, `capture` or `both`",
            );
            Mode::Both
        }
    };
    let min = cx.int(t, "min", 1, 32).map(|(v, _)| v as u8).unwrap_or(1);
    let max = cx.int(t, "max", 1, 32).map(|(v, _)| v as u8).unwrap_or(0);
    if max != 0 && min > max {
        let span = t.get("min").map(|n| n.span).unwrap_or(node.span);
        cx.err(
            span,
            format!("`min` ({min}) is larger than `max` ({max})"),
            "make `min` at most `max`",
        );
    }
    let from = t.get("from").and_then(|n| cx.zone(n, "from"));
    let to = t.get("to").and_then(|n| cx.zone(n, "to"));
    let ep = match cx.str(t, "en-passant") {
        None => EpRole::None,
        Some(("create", _)) => EpRole::Create,
        Some(("capture", _)) => EpRole::Capture,
        Some((s, sp)) => {
            cx.err(
                sp,
                format!("unknown en-passant role `{s}`"),
                "expected `create` (a slide) or `capture` (a capture)",
            );
            EpRole::None
        }
    };
    if ep == EpRole::Create && prim != Prim::Slide {
        cx.err(
            t.key_span("en-passant").unwrap(),
            "`en-passant = \"create\"` needs a `slide`",
            "only slides pass squares",
        );
    }
    if ep == EpRole::Capture && !(prim == Prim::Leap && mode.can_capture()) {
        cx.err(
            t.key_span("en-passant").unwrap(),
            "`en-passant = \"capture\"` needs a capturing `leap`",
            "use it on the pawn's capture, e.g. `{ leap = [1, 1], symmetry = \"left-right\", mode = \"capture\", en-passant = \"capture\" }`",
        );
    }
    let over = match cx.str(t, "over") {
        None => Over::Any,
        Some(("any", _)) => Over::Any,
        Some(("friend", _)) => Over::Friend,
        Some(("enemy", _)) => Over::Enemy,
        Some(("empty", _)) => Over::Empty,
        Some(("piece", _)) => Over::Piece,
        Some((s, sp)) => {
            cx.err(
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
            t.key_span("capture-over").unwrap(),
            "`capture-over` needs `distance = 2`",
            "a jump captures the one square it passes",
        );
    }
    let capture_screen = cx.bool(t, "capture-screen").unwrap_or(false);
    Some(MoveDef {
        prim,
        dirs,
        then,
        mode,
        min,
        max,
        from,
        to,
        ep,
        over,
        capture_over,
        distance,
        capture_screen,
        span: node.span,
    })
}

/// A file read and parsed, with where it lives.
struct Parsed {
    table: Table,
    span: Span,
}

/// Merges a child file's table over its parent's: tables merge key by key (recursively),
/// any other value of the child replaces the parent's.
fn merge(parent: Table, child: Table) -> Table {
    let mut out = parent;
    for (k, (kspan, node)) in child.entries {
        let merged = match (out.entries.shift_remove(&k), node) {
            (
                Some((
                    _,
                    Node {
                        value: Value::Table(pt),
                        ..
                    },
                )),
                Node {
                    value: Value::Table(ct),
                    span,
                },
            ) => Node {
                value: Value::Table(merge(pt, ct)),
                span,
            },
            (_, node) => node,
        };
        out.entries.insert(k, (kspan, merged));
    }
    out
}

struct Loader {
    sources: Sources,
    /// Where each file of `sources` came from, by file id.
    origins: Vec<Origin>,
    cx: Ctx,
    /// Pieces from imported libraries, by id, with the file they came from.
    library: Vec<PieceDef>,
    loaded: Vec<String>,
}

impl Loader {
    fn new() -> Loader {
        Loader {
            sources: Sources::default(),
            origins: Vec::new(),
            cx: Ctx { diags: Vec::new() },
            library: Vec::new(),
            loaded: Vec::new(),
        }
    }

    fn parse(&mut self, name: String, text: String, origin: Origin) -> Option<Parsed> {
        let len = text.len();
        let id = self.sources.add(name, text);
        self.origins.push(origin.clone());
        let text = self.sources.files[id as usize].text.clone();
        match parse_toml(id, &text) {
            Ok(table) => Some(Parsed {
                table,
                span: Span {
                    file: id,
                    start: 0,
                    end: len.min(1),
                },
            }),
            Err(d) => {
                self.cx.diags.extend(d);
                None
            }
        }
    }

    fn import(&mut self, what: &Named) {
        let from_origin = self.origins[what.span.file as usize].clone();
        let want = what.name.as_str();
        let stem = Path::new(want)
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or(want)
            .to_string();
        let disk = match &from_origin {
            Origin::Disk(p) => {
                let cand = p.parent().unwrap_or(Path::new(".")).join(want);
                cand.is_file().then_some(cand)
            }
            Origin::Builtin => None,
        };
        let key = disk
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_else(|| format!("builtin:{stem}"));
        if self.loaded.contains(&key) {
            return;
        }
        self.loaded.push(key);
        let parsed = match disk {
            Some(path) => match std::fs::read_to_string(&path) {
                Ok(text) => self.parse(path.display().to_string(), text, Origin::Disk(path)),
                Err(e) => {
                    self.cx.err(
                        what.span,
                        format!("cannot read `{want}`: {e}"),
                        "check the path",
                    );
                    None
                }
            },
            None => match builtin::library(&stem)
                .filter(|_| !want.contains('/') && !want.contains('\\'))
            {
                Some(text) => self.parse(
                    format!("<built-in {stem}.toml>"),
                    text.to_string(),
                    Origin::Builtin,
                ),
                None => {
                    self.cx.err(
                        what.span,
                        format!("cannot find the piece library `{want}`"),
                        format!(
                            "give a path relative to this file, or a built-in library: {}",
                            one_of(
                                &builtin::LIBRARIES
                                    .iter()
                                    .map(|(n, _)| *n)
                                    .collect::<Vec<_>>()
                            )
                        ),
                    );
                    None
                }
            },
        };
        let Some(parsed) = parsed else { return };
        self.cx
            .check_keys(&parsed.table, LIBRARY_KEYS, "a piece library");
        self.imports(&parsed);
        for p in self.pieces_of(&parsed.table) {
            if let Some(prev) = self.library.iter().find(|q| q.id == p.id) {
                let (l, _) = self.sources.line_col(prev.span);
                let file = self.sources.files[prev.span.file as usize].name.clone();
                self.cx.err(
                    p.span,
                    format!("piece `{}` is defined twice", p.id),
                    format!("it is already defined at {file}:{l}; rename one of them"),
                );
            } else {
                self.library.push(p);
            }
        }
    }

    /// Resolves `extends`: the parent game (a path relative to this file, or a built-in
    /// game) is loaded and this file's keys are merged over it.
    fn extend(&mut self, parsed: Parsed, depth: usize) -> Option<Parsed> {
        let Some(n) = parsed.table.get("extends") else {
            return Some(parsed);
        };
        let Value::Str(want) = &n.value else {
            self.cx
                .type_err(n, "extends", "a string: a built-in game or a path");
            return Some(parsed);
        };
        let (want, span) = (want.clone(), n.span);
        if depth > 8 {
            self.cx.err(
                span,
                "`extends` goes more than 8 files deep",
                "a file may not extend itself, directly or not",
            );
            return None;
        }
        let disk = match &self.origins[span.file as usize] {
            Origin::Disk(p) => {
                let cand = p.parent().unwrap_or(Path::new(".")).join(&want);
                cand.is_file().then_some(cand)
            }
            Origin::Builtin => None,
        };
        // A file already read in this chain: a loop.
        let canon = disk.as_ref().and_then(|p| p.canonicalize().ok());
        if let Some(c) = &canon
            && self
                .origins
                .iter()
                .any(|o| matches!(o, Origin::Disk(p) if p.canonicalize().ok().as_ref() == Some(c)))
        {
            self.cx.err(
                span,
                format!("`extends` makes a loop: `{want}` is already being read"),
                "a game may not extend itself, directly or through other files",
            );
            return None;
        }
        let parent = match disk {
            Some(path) => match std::fs::read_to_string(&path) {
                Ok(text) => self.parse(path.display().to_string(), text, Origin::Disk(path)),
                Err(e) => {
                    self.cx
                        .err(span, format!("cannot read `{want}`: {e}"), "check the path");
                    None
                }
            },
            None => {
                let stem = Path::new(&want)
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .unwrap_or(&want)
                    .to_string();
                // A bare name may be a built-in game; a path must exist as written.
                let bare = !want.contains('/') && !want.contains('\\');
                match builtin::game(&stem).filter(|_| bare) {
                    Some(text) => self.parse(
                        format!("<built-in {stem}.toml>"),
                        text.to_string(),
                        Origin::Builtin,
                    ),
                    None => {
                        let names = builtin::game_names();
                        let hint = crate::source::suggest(&want, names.iter().copied());
                        self.cx.err(
                            span,
                            format!("cannot find the game `{want}` to extend{hint}"),
                            format!(
                                "give a path relative to this file or a built-in game: {}",
                                names.join(", ")
                            ),
                        );
                        None
                    }
                }
            }
        }?;
        let parent = self.extend(parent, depth + 1)?;
        let mut child = parsed.table;
        child.entries.shift_remove("extends");
        let mut base = parent.table;
        // A child's reserve replaces its parent's whole.
        if child.entries.contains_key("reserve") {
            base.entries.shift_remove("reserve");
        }
        // Imports add up: the child's libraries come on top of the parent's.
        if let Some((ks, ci)) = child.entries.get("import").cloned()
            && let Some((_, pi)) = base.entries.shift_remove("import")
        {
            let items = |n: Node| match n.value {
                Value::Array(a) => a,
                _ => vec![n],
            };
            let span = ci.span;
            let mut all = items(pi);
            all.extend(items(ci));
            child.entries.insert(
                "import".to_string(),
                (
                    ks,
                    Node {
                        value: Value::Array(all),
                        span,
                    },
                ),
            );
        }
        Some(Parsed {
            table: merge(base, child),
            span: parsed.span,
        })
    }

    /// Reports a piece id that neither the file nor its libraries define.
    fn unknown_piece(&mut self, n: &Named, local: &[PieceDef]) {
        let known: Vec<&str> = local
            .iter()
            .chain(self.library.iter())
            .map(|p| p.id.as_str())
            .collect();
        let hint = crate::source::suggest(&n.name, known.iter().copied());
        let label = if known.is_empty() {
            "no pieces are defined: import a library, e.g. `import = \"pieces.toml\"`".to_string()
        } else {
            format!("known pieces: {}", known.join(", "))
        };
        self.cx
            .err(n.span, format!("unknown piece `{}`{hint}", n.name), label);
    }

    fn imports(&mut self, parsed: &Parsed) {
        if let Some(names) = self.cx.names(&parsed.table, "import") {
            for n in names {
                self.import(&n);
            }
        }
    }

    fn pieces_of(&mut self, t: &Table) -> Vec<PieceDef> {
        let mut out = Vec::new();
        if let Some(pt) = self.cx.table(t, "piece") {
            for (id, (kspan, node)) in &pt.entries {
                if let Some(p) = read_piece(&mut self.cx, id, *kspan, node) {
                    out.push(p);
                }
            }
        }
        out
    }

    fn game(&mut self, parsed: Parsed) -> Option<VariantDef> {
        let t = &parsed.table;
        let cx = &mut self.cx;
        cx.check_keys(t, GAME_KEYS, "a variant file");
        let name = match cx.str(t, "name") {
            Some((s, _)) => s.to_string(),
            None => {
                if t.get("name").is_none() {
                    cx.missing(
                        t,
                        parsed.span,
                        "name",
                        "the variant file",
                        "name = \"My Game\"",
                    );
                }
                String::new()
            }
        };
        let description = cx
            .str(t, "description")
            .map(|(s, _)| s.to_string())
            .unwrap_or_default();
        // Board.
        let (mut files, mut ranks, mut extra, mut holes, mut board_span) =
            (8, 8, Vec::new(), Vec::new(), parsed.span);
        match cx.table(t, "board") {
            Some(b) => {
                board_span = t.key_span("board").unwrap_or(parsed.span);
                cx.check_keys(b, BOARD_KEYS, "`[board]`");
                match cx.int(b, "files", 1, MAX_FILES as i64) {
                    Some((v, _)) => files = v as u8,
                    None if b.get("files").is_none() => {
                        cx.missing(b, board_span, "files", "`[board]`", "files = 8")
                    }
                    None => {}
                }
                match cx.int(b, "ranks", 1, MAX_RANKS as i64) {
                    Some((v, _)) => ranks = v as u8,
                    None if b.get("ranks").is_none() => {
                        cx.missing(b, board_span, "ranks", "`[board]`", "ranks = 8")
                    }
                    None => {}
                }
                extra = cx.squares(b, "extra");
                holes = cx.squares(b, "holes");
            }
            None => {
                if t.get("board").is_none() {
                    cx.missing(
                        t,
                        parsed.span,
                        "board",
                        "the variant file",
                        "[board] files = 8, ranks = 8",
                    );
                }
            }
        }
        let (setup, setup_span) = match cx.str(t, "setup") {
            Some((s, sp)) => {
                // Where the string is written as is (quotes, no escapes), the span covers just
                // its text, so that a mistake in the position points at its character.
                let raw = self.sources.files[sp.file as usize]
                    .text
                    .get(sp.start..sp.end);
                let inner = raw
                    .filter(|r| r.len() == s.len() + 2 && r[1..r.len() - 1] == *s)
                    .map(|_| Span {
                        file: sp.file,
                        start: sp.start + 1,
                        end: sp.end - 1,
                    });
                (s.to_string(), inner.unwrap_or(sp))
            }
            None => {
                if t.get("setup").is_none() {
                    cx.missing(
                        t,
                        parsed.span,
                        "setup",
                        "the variant file",
                        "setup = \"<position string>\"",
                    );
                }
                (String::new(), parsed.span)
            }
        };
        let promotions = t
            .get("promotion")
            .map(|n| cx.promotions(n))
            .unwrap_or_default();
        let scepter = t.get("scepter").and_then(|n| cx.scepter(n));
        let mut options = Vec::new();
        if let Some(ot) = cx.table(t, "options") {
            for (oname, (kspan, node)) in &ot.entries {
                let Value::Table(o) = &node.value else {
                    cx.type_err(node, oname, "a table describing the option");
                    continue;
                };
                cx.check_keys(o, OPTION_KEYS, &format!("option `{oname}`"));
                let description = cx
                    .str(o, "description")
                    .map(|(s, _)| s.to_string())
                    .unwrap_or_default();
                let default = cx.bool(o, "default").unwrap_or(false);
                let promotions = o
                    .get("promotion")
                    .map(|n| cx.promotions(n))
                    .unwrap_or_default();
                let scepter = o.get("scepter").and_then(|n| cx.scepter(n));
                options.push(OptionDef {
                    name: oname.clone(),
                    description,
                    default,
                    promotions,
                    scepter,
                    span: *kspan,
                });
            }
        }
        let mut slots = Vec::new();
        if let Some(st) = cx.table(t, "slots") {
            for (sname, (kspan, node)) in &st.entries {
                let Value::Table(o) = &node.value else {
                    cx.type_err(
                        node,
                        sname,
                        "a table like `{ squares = [\"a1\"], piece = \"ninja-guard\" }`",
                    );
                    continue;
                };
                cx.check_keys(o, SLOT_KEYS, &format!("slot `{sname}`"));
                let squares = cx.squares(o, "squares");
                if o.get("squares").is_none() {
                    cx.missing(
                        o,
                        *kspan,
                        "squares",
                        &format!("slot `{sname}`"),
                        "squares = [\"a1\"]",
                    );
                }
                let piece = cx.str(o, "piece").map(|(s, sp)| Named {
                    name: s.to_string(),
                    span: sp,
                });
                slots.push(SlotDef {
                    name: sname.clone(),
                    squares,
                    piece,
                    span: *kspan,
                });
            }
        }
        let mut reserve = None;
        if let Some(rt) = cx.table(t, "reserve") {
            let mut list = Vec::new();
            for (pid, (kspan, node)) in &rt.entries {
                match &node.value {
                    Value::Int(n) if (0..=64).contains(n) => {
                        list.push((Named { name: pid.clone(), span: *kspan }, *n as u8));
                    }
                    _ => cx.err(
                        node.span,
                        format!("the reserve count of `{pid}` must be a whole number from 0 to 64, found {}", describe(node)),
                        format!("write it like `{pid} = 4`"),
                    ),
                }
            }
            reserve = Some(list);
        }
        let drop_zone = t.get("drop-zone").and_then(|n| cx.zone(n, "drop-zone"));
        let mut castling = None;
        if let Some(ct) = cx.table(t, "castling") {
            let span = t.key_span("castling").unwrap_or(parsed.span);
            cx.check_keys(ct, CASTLING_KEYS, "`[castling]`");
            let king = ct.get("king").and_then(|n| cx.square(n, "king"));
            if ct.get("king").is_none() {
                cx.missing(ct, span, "king", "`[castling]`", "king = \"e1\"");
            }
            let rooks = cx.squares(ct, "rooks");
            if ct.get("rooks").is_none() {
                cx.missing(
                    ct,
                    span,
                    "rooks",
                    "`[castling]`",
                    "rooks = [\"a1\", \"h1\"]",
                );
            }
            let king_to = cx.squares(ct, "king-to");
            if ct.get("king-to").is_none() {
                cx.missing(
                    ct,
                    span,
                    "king-to",
                    "`[castling]`",
                    "king-to = [\"c1\", \"g1\"]",
                );
            }
            let rook_piece = match cx.str(ct, "rook") {
                Some((s, sp)) => Named {
                    name: s.to_string(),
                    span: sp,
                },
                None => Named {
                    name: "rook".to_string(),
                    span,
                },
            };
            let fen_kq = match cx.str(ct, "fen") {
                None | Some(("files", _)) => false,
                Some(("KQkq", _)) => true,
                Some((s, sp)) => {
                    cx.err(
                        sp,
                        format!("unknown castling notation `{s}`"),
                        "expected `files` or `KQkq`",
                    );
                    false
                }
            };
            if let Some(king) = king {
                castling = Some(CastlingDef {
                    king,
                    rooks,
                    king_to,
                    rook_piece,
                    fen_kq,
                    span,
                });
            }
        }
        let mut drops = Vec::new();
        if let Some(dt) = cx.table(t, "drops") {
            for (pid, (kspan, node)) in &dt.entries {
                let Value::Table(d) = &node.value else {
                    cx.type_err(node, pid, "a table like `{ zone = \"rank 2\", push = 3 }`");
                    continue;
                };
                cx.check_keys(d, DROP_KEYS, &format!("`[drops.{pid}]`"));
                let zone = match d.get("zone") {
                    Some(z) => cx.zone(z, "zone"),
                    None => {
                        cx.missing(
                            d,
                            *kspan,
                            "zone",
                            &format!("`[drops.{pid}]`"),
                            "zone = \"rank 2\"",
                        );
                        None
                    }
                };
                let push = cx.int(d, "push", 0, 16).map(|(v, _)| v as u8).unwrap_or(0);
                if let Some(zone) = zone {
                    drops.push(DropDef {
                        piece: Named {
                            name: pid.clone(),
                            span: *kspan,
                        },
                        zone,
                        push,
                        span: *kspan,
                    });
                }
            }
        }
        self.imports(&parsed);
        let local = self.pieces_of(t);
        // The game's pieces: those listed in `pieces`, then those the file defines itself.
        let mut pieces: Vec<PieceDef> = Vec::new();
        let listed = self.cx.names(t, "pieces").unwrap_or_default();
        for n in &listed {
            let found = local
                .iter()
                .find(|p| p.id == n.name)
                .or_else(|| self.library.iter().find(|p| p.id == n.name));
            match found {
                Some(p) if pieces.iter().any(|q| q.id == p.id) => {
                    self.cx.err(
                        n.span,
                        format!("piece `{}` is listed twice", n.name),
                        "remove one",
                    );
                }
                Some(p) => pieces.push(p.clone()),
                None => self.unknown_piece(n, &local),
            }
        }
        for p in &local {
            if !pieces.iter().any(|q| q.id == p.id) {
                pieces.push(p.clone());
            }
        }
        // Pieces named by slots, the reserve and drop rules belong to the game too.
        let mut wanted: Vec<&Named> = Vec::new();
        wanted.extend(slots.iter().filter_map(|s| s.piece.as_ref()));
        wanted.extend(reserve.iter().flatten().map(|(n, _)| n));
        for n in wanted {
            if pieces.iter().any(|q| q.id == n.name) {
                continue;
            }
            match local
                .iter()
                .chain(self.library.iter())
                .find(|p| p.id == n.name)
            {
                Some(p) => pieces.push(p.clone()),
                None => self.unknown_piece(n, &local),
            }
        }
        // Piece values on this game's own scale, replacing the library's.
        if let Some(vt) = self.cx.table(t, "values") {
            for (pid, (kspan, node)) in &vt.entries {
                let value = match &node.value {
                    Value::Int(i) if *i >= 0 => *i as f64,
                    Value::Float(f) if f.is_finite() && *f >= 0.0 => *f,
                    _ => {
                        self.cx.err(
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
                match pieces.iter_mut().find(|p| &p.id == pid) {
                    Some(p) => p.value = value,
                    None => {
                        let ids: Vec<&str> = pieces.iter().map(|p| p.id.as_str()).collect();
                        let hint = crate::source::suggest(pid, ids.iter().copied());
                        self.cx.err(
                            *kspan,
                            format!(
                                "`values` names `{pid}`, which is not a piece of this game{hint}"
                            ),
                            format!("the game's pieces: {}", ids.join(", ")),
                        );
                    }
                }
            }
        }
        Some(VariantDef {
            name,
            description,
            files,
            ranks,
            board_span,
            extra,
            holes,
            pieces,
            pieces_span: t.get("pieces").map_or(parsed.span, |n| n.span),
            setup,
            setup_span,
            promotions,
            castling,
            drops,
            drop_zone,
            scepter,
            options,
            slots,
            reserve,
            known: local
                .iter()
                .chain(self.library.iter())
                .map(|p| p.id.clone())
                .collect(),
            span: parsed.span,
        })
    }
}

/// The result of reading a game: its definition and the files involved.
pub(crate) struct Read {
    pub def: Option<VariantDef>,
    pub sources: Sources,
    pub diags: Vec<Diagnostic>,
}

fn read_game(name: String, text: String, origin: Origin) -> Read {
    let mut l = Loader::new();
    let def = l
        .parse(name, text, origin)
        .and_then(|p| l.extend(p, 0))
        .and_then(|p| l.game(p));
    Read {
        def,
        sources: l.sources,
        diags: l.cx.diags,
    }
}

pub(crate) fn read_path(path: &Path) -> Result<Read, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read the file: {e}", path.display()))?;
    Ok(read_game(
        path.display().to_string(),
        text,
        Origin::Disk(path.to_path_buf()),
    ))
}

pub(crate) fn read_str(name: &str, text: &str) -> Read {
    read_game(name.to_string(), text.to_string(), Origin::Builtin)
}

pub(crate) fn read_str_at(name: &str, text: &str, dir: &Path) -> Read {
    read_game(
        name.to_string(),
        text.to_string(),
        Origin::Disk(dir.join(name)),
    )
}

/// Keys that only a game file has: a file with none of them that defines pieces is a piece
/// library.
const GAME_ONLY_KEYS: &[&str] = &["name", "extends", "pieces", "setup", "board"];

/// Checks a piece library on its own (`fairyforge validate pieces.toml`): its keys, its
/// imports and every piece. `None` when the file is not a piece library (it has a key that
/// only games have, or no `piece` table, or it cannot be read or parsed): then check it as a
/// game. `Some(Ok(ids))` gives the ids of its pieces, in file order.
pub fn check_library(path: impl AsRef<Path>) -> Option<Result<Vec<String>, LoadError>> {
    let path = path.as_ref();
    let text = std::fs::read_to_string(path).ok()?;
    let table = parse_toml(0, &text).ok()?;
    if table.get("piece").is_none() || GAME_ONLY_KEYS.iter().any(|k| table.get(k).is_some()) {
        return None;
    }
    let mut l = Loader::new();
    let parsed = l.parse(
        path.display().to_string(),
        text,
        Origin::Disk(path.to_path_buf()),
    )?;
    l.loaded.push(path.display().to_string());
    l.cx.check_keys(&parsed.table, LIBRARY_KEYS, "a piece library");
    l.imports(&parsed);
    let mut ids = Vec::new();
    for p in l.pieces_of(&parsed.table) {
        if let Some(prev) = l.library.iter().find(|q| q.id == p.id) {
            let (line, _) = l.sources.line_col(prev.span);
            let file = l.sources.files[prev.span.file as usize].name.clone();
            l.cx.err(
                p.span,
                format!("piece `{}` is defined twice", p.id),
                format!("it is already defined at {file}:{line}; rename one of them"),
            );
        } else {
            ids.push(p.id);
        }
    }
    let mut diags = l.cx.diags;
    diags.sort_by_key(|d| d.span.map_or((u32::MAX, 0), |s| (s.file, s.start)));
    Some(if diags.is_empty() {
        Ok(ids)
    } else {
        Err(LoadError {
            sources: l.sources,
            diagnostics: diags,
        })
    })
}

/// The pieces of a built-in piece library, in file order.
pub(crate) fn builtin_library_pieces(name: &str) -> Option<Vec<PieceDef>> {
    let text = builtin::library(name)?;
    let mut l = Loader::new();
    let parsed = l.parse(
        format!("<built-in {name}.toml>"),
        text.to_string(),
        Origin::Builtin,
    )?;
    Some(l.pieces_of(&parsed.table))
}
