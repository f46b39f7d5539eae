//! The keys of the file format in one place: for each table of a variant file, its keys
//! with their type, default and meaning as `docs/format.md` documents them (a test keeps
//! the two in step), and the words each kind of value may take.
//!
//! The order of the keys in each table is the order in which messages list them.

use crate::def::dirs;

/// One key of a table of the format. Its type, default and meaning document it here and
/// are compared with docs/format.md by a test; the loader reads only the names.
#[derive(Copy, Clone, Debug)]
#[allow(dead_code)]
pub(crate) struct Key {
    pub name: &'static str,
    /// As docs/format.md writes it in its `type` column.
    pub ty: &'static str,
    /// As docs/format.md writes it in its `default` column.
    pub default: &'static str,
    pub meaning: &'static str,
}

/// The keys of one table, and the header of its table in docs/format.md.
#[derive(Copy, Clone, Debug)]
#[allow(dead_code)]
pub(crate) struct Section {
    /// The first column's header in the docs (`key`, `key of [drops.<piece>]`, ...) and the
    /// heading the table stands under.
    pub doc: (&'static str, &'static str),
    pub keys: &'static [Key],
}

impl Section {
    pub fn names(&self) -> Vec<&'static str> {
        self.keys.iter().map(|k| k.name).collect()
    }
}

const fn key(
    name: &'static str,
    ty: &'static str,
    default: &'static str,
    meaning: &'static str,
) -> Key {
    Key {
        name,
        ty,
        default,
        meaning,
    }
}

/// The top level of a game file.
pub(crate) const GAME: Section = Section {
    doc: ("key", "Top-level keys"),
    keys: &[
        key("extends", "string", "none", "a game this file builds on"),
        key("scepter", "table", "none", "Capture the Scepter, always on"),
        key("end", "table", "none", "results besides checkmate"),
        key(
            "royal-facing",
            "`\"file\"` or `\"orthogonal\"`",
            "none",
            "lines on which the royal pieces may not face each other",
        ),
        key("options", "table of tables", "none", "optional rules"),
        key(
            "slots",
            "table of tables",
            "none",
            "setup squares filled with a chosen piece",
        ),
        key(
            "reserve",
            "table of integers",
            "the setup's",
            "each side's reserve",
        ),
        key(
            "drop-zone",
            "zone",
            "none",
            "where reserve pieces without a drop rule drop",
        ),
        key(
            "captures-to-hand",
            "boolean or `\"as-is\"`",
            "`false`",
            "captured pieces go to the captor's reserve",
        ),
        key(
            "values",
            "table of numbers",
            "none",
            "piece values in pawns for this game",
        ),
        key("name", "string", "required", "the game's name"),
        key("description", "string", "`\"\"`", "one line about the game"),
        key(
            "import",
            "string or array of strings",
            "none",
            "piece libraries",
        ),
        key(
            "pieces",
            "string or array of piece ids",
            "`[]`",
            "the pieces of the game",
        ),
        key("piece", "table of tables", "none", "piece definitions"),
        key("setup", "string", "required", "the start position"),
        key("board", "table", "required", "the board"),
        key(
            "promotion",
            "table or array of tables",
            "none",
            "promotion rules",
        ),
        key("castling", "table", "none (no castling)", "castling"),
        key("drops", "table of tables", "none", "drop rules per piece"),
        key(
            "gating",
            "table",
            "none",
            "reserve pieces put on the square a piece leaves",
        ),
    ],
};

/// The top level of a piece library.
pub(crate) const LIBRARY: Section = Section {
    doc: ("", ""),
    keys: &[
        key("description", "string", "`\"\"`", "what the library holds"),
        key(
            "import",
            "string or array of strings",
            "none",
            "other libraries",
        ),
        key("piece", "table of tables", "none", "piece definitions"),
    ],
};

/// Keys that only a game file has: a file with none of them that defines pieces is a piece
/// library.
pub(crate) const GAME_ONLY: &[&str] = &["name", "extends", "pieces", "setup", "board"];

pub(crate) const BOARD: Section = Section {
    doc: ("key", "`[board]`"),
    keys: &[
        key("files", "integer, 1..16", "required", "number of files"),
        key("ranks", "integer, 1..16", "required", "number of ranks"),
        key(
            "extra",
            "array of squares",
            "`[]`",
            "squares beside the board",
        ),
        key(
            "holes",
            "array of squares",
            "`[]`",
            "squares removed from the board",
        ),
        key(
            "holes-in-position",
            "boolean",
            "`false`",
            "position strings write each hole as `*`",
        ),
    ],
};

pub(crate) const PIECE: Section = Section {
    doc: ("key", "`[piece.<id>]`"),
    keys: &[
        key(
            "name",
            "string",
            "the id in title case (`chess-pawn` → `Chess Pawn`)",
            "the name shown",
        ),
        key("letter", "string, one letter", "required", "its letter"),
        key("value", "number", "`0`", "its value in pawns"),
        key(
            "royal",
            "boolean",
            "`false`",
            "the piece whose safety matters",
        ),
        key(
            "pawn",
            "boolean",
            "`false`",
            "a pawn: resets the 100-ply count",
        ),
        key(
            "moves",
            "array of move tables",
            "required, not empty",
            "its move primitives",
        ),
    ],
};

/// Keys that several primitives take.
pub(crate) const MOVE_COMMON: Section = Section {
    doc: ("key", "Keys common to several primitives"),
    keys: &[
        key(
            "mode",
            "`\"move\"`, `\"capture\"` or `\"both\"`",
            "`\"both\"`",
            "onto empty squares, enemies, or either",
        ),
        key(
            "symmetry",
            "`\"all\"`, `\"left-right\"`, `\"forward-back\"` or `\"none\"`",
            "`\"all\"`",
            "how an offset is copied",
        ),
        key("from", "zone", "everywhere", "where the move is available"),
        key("to", "zone", "everywhere", "where the move may land"),
    ],
};

const MIN: Key = key(
    "min",
    "integer, 1..32",
    "`1`",
    "the fewest squares travelled",
);
const MAX: Key = key(
    "max",
    "integer, 1..32",
    "no limit",
    "the most squares travelled",
);
const MODE: Key = MOVE_COMMON.keys[0];
const SYMMETRY: Key = MOVE_COMMON.keys[1];
const FROM: Key = MOVE_COMMON.keys[2];
const TO: Key = MOVE_COMMON.keys[3];

/// A move primitive of the format: the key that names it (and the heading of its table in
/// docs/format.md) and the keys it takes besides, in the order messages list them.
#[derive(Copy, Clone, Debug)]
pub(crate) struct PrimitiveKeys {
    pub name: &'static str,
    pub keys: &'static [Key],
}

impl PrimitiveKeys {
    pub fn has(&self, name: &str) -> bool {
        self.keys.iter().any(|k| k.name == name)
    }
}

pub(crate) const LEAP: PrimitiveKeys = PrimitiveKeys {
    name: "leap",
    keys: &[
        MODE,
        SYMMETRY,
        FROM,
        TO,
        key(
            "en-passant",
            "`\"capture\"`",
            "none",
            "may capture en passant",
        ),
    ],
};

pub(crate) const SLIDE: PrimitiveKeys = PrimitiveKeys {
    name: "slide",
    keys: &[
        MODE,
        SYMMETRY,
        MIN,
        MAX,
        FROM,
        TO,
        key(
            "en-passant",
            "`\"create\"`",
            "none",
            "makes passed squares targets",
        ),
    ],
};

pub(crate) const FLYOVER: PrimitiveKeys = PrimitiveKeys {
    name: "flyover",
    keys: &[SYMMETRY, FROM, TO],
};

pub(crate) const HOP: PrimitiveKeys = PrimitiveKeys {
    name: "hop",
    keys: &[MODE, SYMMETRY, FROM, TO],
};

pub(crate) const JUMP: PrimitiveKeys = PrimitiveKeys {
    name: "jump",
    keys: &[
        MODE,
        SYMMETRY,
        key(
            "distance",
            "integer, 2..16",
            "`2`",
            "how many steps away it lands",
        ),
        key(
            "over",
            "`\"any\"`, `\"empty\"`, `\"piece\"`, `\"friend\"` or `\"enemy\"`",
            "`\"any\"`",
            "what the passed squares hold",
        ),
        key(
            "capture-over",
            "boolean",
            "`false`",
            "captures the passed enemy too",
        ),
        FROM,
        TO,
    ],
};

pub(crate) const CANNON: PrimitiveKeys = PrimitiveKeys {
    name: "cannon",
    keys: &[
        SYMMETRY,
        key(
            "capture-screen",
            "boolean",
            "`false`",
            "an enemy screen is captured too",
        ),
        FROM,
        TO,
    ],
};

pub(crate) const BENT: PrimitiveKeys = PrimitiveKeys {
    name: "bent",
    keys: &[
        key("then", "directions", "required", "the slide after the bend"),
        MODE,
        SYMMETRY,
        MIN,
        MAX,
        FROM,
        TO,
    ],
};

pub(crate) const PROMOTION: Section = Section {
    doc: ("key", "`[promotion]`"),
    keys: &[
        key(
            "pieces",
            "string or array of piece ids",
            "required",
            "the pieces that promote",
        ),
        key("zone", "zone", "`\"last-rank\"`", "where they promote"),
        key(
            "choices",
            "array of piece ids, `\"@slots\"`, `\"@reserve\"`",
            "required",
            "what they may become",
        ),
        key("mandatory", "boolean", "`true`", "whether it must promote"),
        key(
            "suffix",
            "boolean",
            "`true`",
            "whether the move text names the piece",
        ),
        key(
            "resets-count",
            "boolean",
            "`true`",
            "whether the promotion resets the count of plies toward the draw",
        ),
        key(
            "from-zone",
            "boolean",
            "`false`",
            "a move starting in the zone may promote too",
        ),
        key(
            "plus",
            "boolean",
            "`false`",
            "shogi's `+P` and `+` in place of the letter",
        ),
        key(
            "limits",
            "table of piece ids to counts, 1..255",
            "none",
            "a choice only while the side has fewer of it",
        ),
        key(
            "side",
            "`\"both\"`, `\"white\"` or `\"black\"`",
            "`\"both\"`",
            "whose pieces the rule is for",
        ),
    ],
};

pub(crate) const CASTLING: Section = Section {
    doc: ("key", "`[castling]`"),
    keys: &[
        key("king", "square", "required", "the king's home square"),
        key(
            "rooks",
            "array of squares",
            "required",
            "the castling rooks",
        ),
        key(
            "king-to",
            "array of squares",
            "required",
            "where the king may go",
        ),
        key("rook", "piece id", "`\"rook\"`", "the piece that castles"),
        key(
            "fen",
            "`\"files\"` or `\"KQkq\"`",
            "`\"files\"`",
            "how rights are written",
        ),
    ],
};

pub(crate) const DROP: Section = Section {
    doc: ("key of `[drops.<piece>]`", "Reserves and drops"),
    keys: &[
        key("zone", "zone", "required", "where it may be dropped"),
        key(
            "push",
            "integer, 0..16",
            "`0`",
            "how far it may go on after the drop",
        ),
        key(
            "one-per-file",
            "boolean",
            "`false`",
            "never onto a file holding one of its kind and side",
        ),
        key(
            "no-mate",
            "boolean",
            "`false`",
            "a mate by dropping it loses",
        ),
    ],
};

pub(crate) const GATING: Section = Section {
    doc: ("key of `[gating]`", "Gating"),
    keys: &[
        key(
            "pieces",
            "array of piece ids",
            "required",
            "the reserve pieces that may gate",
        ),
        key(
            "zone",
            "zone",
            "`\"first-rank\"`",
            "the squares that may hold a gate",
        ),
    ],
};

pub(crate) const SLOT: Section = Section {
    doc: ("key of `[slots.<name>]`", "Slots"),
    keys: &[
        key(
            "squares",
            "array of squares",
            "required",
            "White's squares of the slot",
        ),
        key(
            "piece",
            "piece id",
            "none (the slot stays empty)",
            "the piece put there",
        ),
    ],
};

pub(crate) const SCEPTER: Section = Section {
    doc: ("key", "Capture the Scepter and options"),
    keys: &[
        key("zone", "zone", "`\"enemy-rear\"`", "the scepter squares"),
        key(
            "result",
            "`\"win\"` or `\"draw\"`",
            "`\"win\"`",
            "won by the mover, or drawn",
        ),
    ],
};

pub(crate) const END: Section = Section {
    doc: ("key of `[end]`", "The end of the game: `[end]`"),
    keys: &[
        key(
            "stalemate",
            "`\"draw\"`, `\"loss\"` or `\"win\"`",
            "`\"draw\"`",
            "the stalemated side's result",
        ),
        key(
            "checkmate",
            "`\"loss\"`, `\"draw\"` or `\"win\"`",
            "`\"loss\"`",
            "the checkmated side's result",
        ),
        key(
            "draw-odds",
            "`\"none\"`, `\"white\"` or `\"black\"`",
            "`\"none\"`",
            "the side for which a draw is a win",
        ),
        key(
            "bare-king",
            "boolean",
            "`false`",
            "a side left with its royal piece alone loses",
        ),
        key(
            "draw-plies",
            "integer, 0..1000000",
            "`100`",
            "plies without capture, pawn move or drop that draw",
        ),
        key(
            "checks",
            "integer, 0..100",
            "`0` (none)",
            "the checks a side gives to win",
        ),
    ],
};

pub(crate) const OPTION: Section = Section {
    doc: (
        "key of `[options.<name>]`",
        "Capture the Scepter and options",
    ),
    keys: &[
        key("description", "string", "`\"\"`", "what the rule does"),
        key(
            "default",
            "boolean",
            "`false`",
            "whether the rule is on by default",
        ),
        key(
            "promotion",
            "table or array of tables",
            "none",
            "promotion rules added when on",
        ),
        key("scepter", "table", "none", "the scepter rule when on"),
    ],
};

/// Every table of a game file, for the documentation test.
#[cfg(test)]
pub(crate) const ALL: &[&Section] = &[
    &GAME,
    &BOARD,
    &PIECE,
    &MOVE_COMMON,
    &PROMOTION,
    &CASTLING,
    &DROP,
    &GATING,
    &SLOT,
    &SCEPTER,
    &END,
    &OPTION,
];

/// The named items of a zone.
pub(crate) const ZONE_NAMES: &[&str] = &[
    "own-half",
    "enemy-half",
    "middle-rank",
    "first-rank",
    "last-rank",
    "own-rear",
    "enemy-rear",
    "all",
];

/// The direction names and their offsets `[files, ranks]` in White's view.
pub(crate) const DIRECTIONS: &[(&str, &[(i8, i8)])] = &[
    ("orthogonal", dirs::ORTHOGONAL),
    ("diagonal", dirs::DIAGONAL),
    ("all", dirs::ALL),
    ("forward", dirs::FORWARD),
    ("backward", dirs::BACKWARD),
    ("sideways", dirs::SIDEWAYS),
    ("forward-diagonal", dirs::FORWARD_DIAGONAL),
    ("backward-diagonal", dirs::BACKWARD_DIAGONAL),
];

pub(crate) const SYMMETRIES: &[&str] = &["all", "left-right", "forward-back", "none"];

#[cfg(test)]
mod tests {
    use super::super::piece;
    use super::*;

    /// A table of docs/format.md: its heading, its first column's header and its rows.
    type DocTable = (String, String, Vec<(String, String, String)>);

    /// The rows `| key | type | default | ...` of each table of docs/format.md, with the
    /// heading it stands under and its first column's header.
    fn doc_tables() -> Vec<DocTable> {
        let md = include_str!("../../../docs/format.md");
        let mut out = Vec::new();
        let mut heading = String::new();
        let mut lines = md.lines().peekable();
        while let Some(line) = lines.next() {
            if let Some(h) = line.strip_prefix('#') {
                heading = h.trim_start_matches('#').trim().to_string();
                continue;
            }
            let cells = |l: &str| -> Vec<String> {
                l.trim()
                    .trim_matches('|')
                    .split('|')
                    .map(|c| c.trim().to_string())
                    .collect()
            };
            let head = cells(line);
            let is_key_table = line.starts_with('|')
                && head.len() >= 4
                && head[0].starts_with("key")
                && head[1] == "type"
                && head[2] == "default";
            if !is_key_table {
                continue;
            }
            lines.next(); // |---|
            let mut rows = Vec::new();
            while let Some(l) = lines.peek().filter(|l| l.starts_with('|')) {
                let c = cells(l);
                rows.push((c[0].clone(), c[1].clone(), c[2].clone()));
                lines.next();
            }
            out.push((heading.clone(), head[0].clone(), rows));
        }
        out
    }

    /// Every key of the schema is documented with its type and default under its table's
    /// heading (a primitive's table under its name), and every key documented there exists.
    /// A row naming several keys with an empty type refers to the common keys.
    #[test]
    fn the_schema_is_the_documented_format() {
        let docs = doc_tables();
        // (first column's header, heading, keys, the primitive's own name)
        let mut tables: Vec<(&str, String, &[Key], Option<&str>)> = ALL
            .iter()
            .map(|s| (s.doc.0, s.doc.1.to_string(), s.keys, None))
            .collect();
        for (p, _) in piece::PRIMITIVES {
            tables.push(("key", format!("`{}`", p.name), p.keys, Some(p.name)));
        }
        for (col, heading, keys, own) in tables {
            let Some((_, _, rows)) = docs.iter().find(|(h, c, _)| *h == heading && c == col) else {
                panic!("docs/format.md has no `{col}` table under `{heading}`");
            };
            let mut documented = Vec::new();
            for (names, ty, default) in rows {
                for k in names.split(", ") {
                    let k = k.trim_matches('`');
                    documented.push(k.to_string());
                    if ty.is_empty() {
                        // `mode`, `symmetry`, `from`, `to`: the common keys.
                        assert!(
                            MOVE_COMMON.keys.iter().any(|x| x.name == k),
                            "{heading}: `{k}` is no common key"
                        );
                        continue;
                    }
                    let Some(key) = keys.iter().find(|x| x.name == k) else {
                        // A primitive's own name (`leap = ...`) is its first row.
                        assert_eq!(Some(k), own, "{heading}: `{k}` is not in the schema");
                        continue;
                    };
                    assert_eq!(
                        (key.ty, key.default),
                        (ty.as_str(), default.as_str()),
                        "{heading}: `{k}`"
                    );
                }
            }
            for k in keys {
                assert!(
                    documented.iter().any(|d| d == k.name),
                    "{heading}: `{}` is not documented",
                    k.name
                );
            }
        }
    }

    /// The table of primitives under "Moves" in docs/format.md lists each primitive with
    /// its keys, in the schema's order.
    #[test]
    fn the_primitives_are_the_documented_ones() {
        let md = include_str!("../../../docs/format.md");
        let rows: Vec<(String, String)> = md
            .lines()
            .skip_while(|l| !l.starts_with("| primitive | does |"))
            .skip(2)
            .take_while(|l| l.starts_with('|'))
            .map(|l| {
                let c: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
                (c[0].to_string(), c[2].to_string())
            })
            .collect();
        let schema: Vec<(String, String)> = piece::PRIMITIVES
            .iter()
            .map(|(p, _)| {
                let keys: Vec<String> = p.keys.iter().map(|k| format!("`{}`", k.name)).collect();
                (format!("`{}`", p.name), keys.join(", "))
            })
            .collect();
        assert_eq!(rows, schema);
    }

    #[test]
    fn every_key_has_a_meaning() {
        let sections = ALL.iter().chain([&&LIBRARY]).map(|s| s.keys);
        for keys in sections.chain(piece::PRIMITIVES.iter().map(|(p, _)| p.keys)) {
            for k in keys {
                assert!(!k.meaning.is_empty() && !k.ty.is_empty(), "{}", k.name);
            }
        }
    }
}
