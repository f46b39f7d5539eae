//! Squares and zones as files write them: `"e1"`, `"rank 2"`, `"ranks 1..5"`, `"own-half"`.

use crate::code::Code;
use crate::def::{SquareRef, ZoneDef, ZoneItem};
use crate::geometry::{coord_name, parse_coords};
use crate::limits::MAX_BOARD_RANKS;
use crate::source::{Ctx, Span, did_you_mean, one_of};

use super::reader::{Node, Table, Value};
use super::schema::ZONE_NAMES;

impl Ctx {
    /// A square name like `e1`.
    pub(crate) fn square(&mut self, node: &Node, key: &str) -> Option<SquareRef> {
        let Value::Str(s) = &node.value else {
            self.type_err(node, key, "a square name like `e1`");
            return None;
        };
        if let Some((file, rank)) = parse_coords(s) {
            return Some(SquareRef {
                file,
                rank,
                span: node.span,
            });
        }
        let hint = match parse_coords(&s.trim().to_lowercase()) {
            Some((f, r)) => format!(": did you mean `{}`?", coord_name(f, r)),
            None => String::new(),
        };
        self.err(
            Code::BadSquare,
            node.span,
            format!("`{s}` is not a square name{hint}"),
            "expected a lower-case file letter and a rank, like `e1`",
        );
        None
    }

    /// An array of square names (or one name).
    pub(crate) fn squares(&mut self, t: &Table, key: &str) -> Vec<SquareRef> {
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

    /// A zone: a string or an array of strings, each a square, a rank item or a name.
    pub(crate) fn zone(&mut self, node: &Node, key: &str) -> Option<ZoneDef> {
        let items: Vec<&Node> = match &node.value {
            Value::Str(_) => vec![node],
            Value::Array(a) => a.iter().collect(),
            _ => {
                self.type_err(node, key, "a zone (a string or an array of strings)");
                return None;
            }
        };
        let mut out = Vec::new();
        let mut unread = false;
        for it in items {
            let Value::Str(s) = &it.value else {
                self.type_err(it, key, "a string");
                unread = true;
                continue;
            };
            match zone_item(s, it.span) {
                Some(z) => out.push(z),
                None => {
                    self.unknown_zone(s, it.span);
                    unread = true;
                }
            }
        }
        Some(ZoneDef { items: out, unread })
    }

    /// The zone under `key` of a table, or `default` without one.
    pub(crate) fn zone_or(&mut self, t: &Table, key: &str, default: ZoneItem) -> Option<ZoneDef> {
        match t.get(key) {
            Some(z) => self.zone(z, key),
            None => Some(ZoneDef {
                unread: false,
                items: vec![default],
            }),
        }
    }

    fn unknown_zone(&mut self, s: &str, span: Span) {
        let hint = match did_you_mean(s, ZONE_NAMES.iter().copied()) {
            Some(x) => format!(": did you mean `{x}`?"),
            None if s.starts_with("rank") => format!(
                ": ranks are numbers from 0 to {}, written `rank 2` or `ranks 1..5`",
                MAX_BOARD_RANKS + 1
            ),
            None => String::new(),
        };
        self.err(
            Code::UnknownZone,
            span,
            format!("unknown zone `{s}`{hint}"),
            format!(
                "expected a square, `rank N`, `ranks A..B` or {}",
                one_of(ZONE_NAMES)
            ),
        );
    }
}

/// One item of a zone, or `None` when the text is none.
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
    if let Some(rest) = s.strip_prefix("rank ") {
        let r = rank_number(rest)??;
        return Some(ZoneItem::Ranks(Some(r), Some(r), span));
    }
    if let Some(rest) = s.strip_prefix("ranks ") {
        let (a, b) = rest.split_once("..").or_else(|| rest.split_once('-'))?;
        let (a, b) = (rank_number(a)?, rank_number(b)?);
        if a.is_none() && b.is_none() {
            return None;
        }
        return Some(ZoneItem::Ranks(a, b, span));
    }
    None
}

/// A rank number of a rank item: `Some(None)` for an open end (nothing written), `None`
/// when the text is no rank.
fn rank_number(t: &str) -> Option<Option<i8>> {
    let t = t.trim();
    if t.is_empty() {
        return Some(None);
    }
    t.parse::<i8>()
        .ok()
        .filter(|r| (0..=MAX_BOARD_RANKS as i8 + 1).contains(r))
        .map(Some)
}
