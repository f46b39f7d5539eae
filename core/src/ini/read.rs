//! Reading a variants.ini section into a fairyforge game file (docs/interop.md): the
//! section's keys (its parents' first), the pieces with their Betza and mobility regions,
//! the board, the start position, promotion (shogi's promoted piece types too), double
//! steps, en passant, castling, drops (shogi's drop rules too), the flying general and the
//! ways to win.
//! Whatever the format cannot say is reported where it is written.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;
use std::ops::Range;

use super::fsf;
use super::text::{Section, sections};
use crate::xbetza::{BetzaMove, Shape, read_fsf};

/// A problem found while translating, at a byte range of the user's file (or of no place).
#[derive(Clone, Debug)]
pub(crate) struct Found {
    pub untranslatable: bool,
    pub at: Option<Range<usize>>,
    pub message: String,
    pub label: String,
}

/// One key as the section sees it: its value and where the user wrote it (`None` for a
/// key of a built-in parent).
#[derive(Clone, Debug)]
struct Val {
    value: String,
    key_at: Option<Range<usize>>,
    value_at: Option<Range<usize>>,
}

/// A piece of the section: the key that defines it, its letter and Betza.
#[derive(Clone, Debug)]
struct Slot {
    key: String,
    letter: char,
    betza: String,
    /// Where the Betza starts in the user's file (`None` for a predefined piece or a
    /// parent's piece).
    betza_at: Option<usize>,
    key_at: Option<Range<usize>>,
}

/// The translated game and what could not be translated.
pub(crate) struct Translation {
    pub name: String,
    pub toml: String,
    pub found: Vec<Found>,
}

/// The names of the sections of a text.
pub(crate) fn section_names(text: &str) -> Vec<String> {
    sections(text).0.into_iter().map(|s| s.name).collect()
}

/// Translates the section `name` of `text` (the last one when `name` is `None`).
pub(crate) fn translate(
    text: &str,
    file_name: &str,
    name: Option<&str>,
) -> Result<Translation, Vec<Found>> {
    let (secs, bad) = sections(text);
    let fatal = |at: Option<Range<usize>>, message: String, label: &str| Found {
        untranslatable: false,
        at,
        message,
        label: label.to_string(),
    };
    let mut errors: Vec<Found> = bad
        .into_iter()
        .map(|b| {
            fatal(
                Some(b.at),
                b.message,
                "expected `[name]`, `key = value` or `# comment`",
            )
        })
        .collect();
    let index = match name {
        Some(n) => secs.iter().rposition(|s| s.name == n),
        None => secs.len().checked_sub(1),
    };
    let Some(index) = index else {
        let names: Vec<&str> = secs.iter().map(|s| s.name.as_str()).collect();
        errors.push(fatal(
            None,
            match name {
                Some(n) => format!(
                    "{file_name} has no section [{n}]{}",
                    crate::source::suggest(n, names.iter().copied())
                ),
                None => format!("{file_name} has no section"),
            },
            "",
        ));
        return Err(errors);
    };
    // The chain of sections, the oldest parent first.
    let builtins = sections(fsf::PARENTS).0;
    let mut chain: Vec<(bool, &Section)> = vec![(true, &secs[index])];
    let mut upto = index;
    while let Some((parent, at)) = &chain.last().unwrap().1.parent {
        let user = chain.last().unwrap().0;
        let in_file = if user {
            secs[..upto].iter().rposition(|s| &s.name == parent)
        } else {
            None
        };
        if let Some(i) = in_file {
            upto = i;
            chain.push((true, &secs[i]));
        } else if let Some(b) = builtins.iter().find(|s| &s.name == parent) {
            chain.push((false, b));
        } else {
            let known = fsf::parent_names();
            errors.push(Found {
                untranslatable: true,
                at: Some(at.clone()),
                message: format!(
                    "unknown parent `{parent}`: no section before this one has this name, and it is none of the built-in variants the import knows{}",
                    crate::source::suggest(parent, known.iter().copied())
                ),
                label: format!(
                    "the known built-in parents are {}; Fairy-Stockfish's others need rules the format does not have yet",
                    crate::source::one_of(&known)
                ),
            });
            return Err(errors);
        }
        if chain.len() > 16 {
            errors.push(fatal(
                Some(at.clone()),
                "parents nested too deep".into(),
                "",
            ));
            return Err(errors);
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let section = &secs[index];
    let mut t = Translator {
        vals: HashMap::new(),
        slots: Vec::new(),
        found: Vec::new(),
        header: section.name_at.clone(),
        text,
        files: 8,
        ranks: 8,
        targets: true,
    };
    for (user, sec) in chain.iter().rev() {
        for e in &sec.entries {
            let val = Val {
                value: e.value.clone(),
                key_at: user.then(|| e.key_at.clone()),
                value_at: user.then(|| e.value_at.clone()),
            };
            t.entry(&e.key, val, *user, e.value_at.start);
        }
    }
    let toml = t.game(&section.name, file_name, section);
    Ok(Translation {
        name: section.name.clone(),
        toml,
        found: t.found,
    })
}

struct Translator<'a> {
    vals: HashMap<String, Val>,
    slots: Vec<Slot>,
    found: Vec<Found>,
    header: Range<usize>,
    text: &'a str,
    files: u8,
    ranks: u8,
    /// Whether double steps make en-passant targets: `enPassantRegion = -` says they
    /// make none.
    targets: bool,
}

/// A piece as written to the game file.
struct Out {
    slot: Slot,
    id: String,
    royal: bool,
    moves: Vec<String>,
}

/// A set of squares `(file, rank)` from 0.
type Squares = BTreeSet<(u8, u8)>;

fn is_piece_key(key: &str) -> bool {
    fsf::PIECES.iter().any(|(k, _, _)| *k == key)
        || key
            .strip_prefix("customPiece")
            .is_some_and(|n| n.parse::<u8>().is_ok_and(|n| (1..=25).contains(&n)))
}

impl Translator<'_> {
    fn at(&self, v: &Val) -> Range<usize> {
        v.value_at.clone().unwrap_or(self.header.clone())
    }

    fn untranslatable(&mut self, at: Range<usize>, message: String, label: &str) {
        // An atom of two directions (`Q` is `W` and `F`) is reported once.
        if self
            .found
            .iter()
            .any(|f| f.at.as_ref() == Some(&at) && f.message == message)
        {
            return;
        }
        self.found.push(Found {
            untranslatable: true,
            at: Some(at),
            message,
            label: label.to_string(),
        });
    }

    fn bad(&mut self, at: Range<usize>, message: String, label: &str) {
        self.found.push(Found {
            untranslatable: false,
            at: Some(at),
            message,
            label: label.to_string(),
        });
    }

    /// One key of the chain, in order: a piece key adds or removes a piece (a letter
    /// given again takes it from the piece that had it), any other key replaces the
    /// value before.
    fn entry(&mut self, key: &str, val: Val, user: bool, value_start: usize) {
        if !is_piece_key(key) {
            self.vals.insert(key.to_string(), val);
            return;
        }
        self.slots.retain(|s| s.key != key);
        let mut chars = val.value.chars();
        let Some(letter) = chars.next().filter(|c| c.is_ascii_alphabetic()) else {
            if val.value != "-" && user {
                let at = self.at(&val);
                self.bad(
                    at,
                    format!("`{key}` needs a letter or `-`"),
                    "expected a letter like `n`, or `-` to remove the piece",
                );
            }
            return;
        };
        let letter = letter.to_ascii_lowercase();
        let rest: String = chars.collect();
        let custom = key.starts_with("customPiece") || key == "king";
        let (betza, betza_at) = match rest.strip_prefix(':') {
            Some(b) if custom => (b.to_string(), user.then_some(value_start + 2)),
            _ if key.starts_with("customPiece") => {
                let at = self.at(&val);
                self.bad(
                    at,
                    format!("`{key}` needs a Betza after its letter"),
                    "expected `x:BETZA`, like `a:mBcpB`",
                );
                return;
            }
            _ => {
                let b = fsf::PIECES
                    .iter()
                    .find(|(k, _, _)| *k == key)
                    .map_or("", |p| p.1);
                (b.to_string(), None)
            }
        };
        self.slots.retain(|s| s.letter != letter);
        self.slots.push(Slot {
            key: key.to_string(),
            letter,
            betza,
            betza_at,
            key_at: val.key_at.clone(),
        });
    }

    fn get(&self, key: &str) -> Option<Val> {
        self.vals.get(key).cloned()
    }

    fn bool(&mut self, key: &str, default: bool) -> bool {
        match self.get(key) {
            None => default,
            Some(v) => match v.value.as_str() {
                "true" => true,
                "false" => false,
                _ => {
                    let at = self.at(&v);
                    self.bad(
                        at,
                        format!("`{key}` must be `true` or `false`"),
                        "expected `true` or `false`",
                    );
                    default
                }
            },
        }
    }

    /// A file, written as a letter (`j`) or a number from 1.
    fn file_of(value: &str) -> Option<u8> {
        if let Ok(n) = value.parse::<u8>() {
            return (1..=16).contains(&n).then(|| n - 1);
        }
        let mut c = value.chars();
        match (c.next(), c.next()) {
            (Some(f @ 'a'..='p'), None) => Some(f as u8 - b'a'),
            _ => None,
        }
    }

    /// A set of squares as Fairy-Stockfish writes it (`*8`, `d4 e4`, `a*`), restricted to
    /// the board.
    fn squares(&mut self, key: &str, v: &Val, files: u8, ranks: u8) -> Squares {
        let mut out = Squares::new();
        for tok in v.value.split_whitespace() {
            if tok == "-" {
                continue;
            }
            let (f, r) = tok.split_at(tok.chars().next().map_or(0, |c| c.len_utf8()));
            let fs: Vec<u8> = match f {
                "*" => (0..files).collect(),
                f => match Self::file_of(f) {
                    Some(x) => vec![x],
                    None => {
                        let at = self.at(v);
                        self.bad(
                            at,
                            format!("`{key}`: `{tok}` is not a square"),
                            "expected squares like `e4`, `*8` (a rank) or `a*` (a file)",
                        );
                        return out;
                    }
                },
            };
            let rs: Vec<u8> = match r {
                "*" => (0..ranks).collect(),
                r => match r.parse::<u8>() {
                    Ok(n) if n >= 1 => vec![n - 1],
                    _ => {
                        let at = self.at(v);
                        self.bad(
                            at,
                            format!("`{key}`: `{tok}` is not a square"),
                            "expected squares like `e4`, `*8` (a rank) or `a*` (a file)",
                        );
                        return out;
                    }
                },
            };
            for &x in &fs {
                for &y in &rs {
                    if x < files && y < ranks {
                        out.insert((x, y));
                    }
                }
            }
        }
        out
    }

    /// The squares of a key given for both colours, or for each (`...White`/`...Black`,
    /// and older spellings), with the defaults given: White's squares when Black's are
    /// their mirror image, else `None` (reported at `blame`).
    #[allow(clippy::too_many_arguments)]
    fn region(
        &mut self,
        keys: (&str, &str, &str),
        default: (Squares, Squares),
        files: u8,
        ranks: u8,
        what: &str,
    ) -> Option<(Squares, Option<Val>)> {
        let (both, white, black) = keys;
        let mut w = default.0;
        let mut b = default.1;
        let mut wv = None;
        let mut bv = None;
        if let Some(v) = self.get(both) {
            w = self.squares(both, &v, files, ranks);
            b = w.clone();
            wv = Some(v.clone());
            bv = Some(v);
        }
        if let Some(v) = self.get(white) {
            w = self.squares(white, &v, files, ranks);
            wv = Some(v);
        }
        if let Some(v) = self.get(black) {
            b = self.squares(black, &v, files, ranks);
            bv = Some(v);
        }
        // Fairy-Stockfish's default regions are fixed ranks: only those on the board count.
        w.retain(|&(f, r)| f < files && r < ranks);
        b.retain(|&(f, r)| f < files && r < ranks);
        let mirrored: Squares = w.iter().map(|&(f, r)| (f, ranks - 1 - r)).collect();
        if mirrored != b {
            let blame = bv.clone().or(wv.clone());
            let at = blame.as_ref().map_or(self.header.clone(), |v| self.at(v));
            self.untranslatable(
                at,
                format!(
                    "{what}: Black's squares ({}) are not the mirror image of White's ({})",
                    show(&b),
                    show(&w)
                ),
                "the format writes zones from White's side and mirrors them for Black",
            );
            return None;
        }
        Some((w, wv.or(bv)))
    }

    /// A set of pieces (`nbrq`, `*`, `-`) as the keys of the slots.
    fn piece_set(&mut self, key: &str, v: &Val) -> Vec<String> {
        let mut out = Vec::new();
        for c in v.value.chars().filter(|c| !c.is_whitespace()) {
            if c == '-' {
                continue;
            }
            if c == '*' {
                out.extend(self.slots.iter().map(|s| s.key.clone()));
                continue;
            }
            match self
                .slots
                .iter()
                .find(|s| s.letter == c.to_ascii_lowercase())
            {
                Some(s) => out.push(s.key.clone()),
                None => {
                    let at = self.at(v);
                    self.bad(
                        at,
                        format!("`{key}`: no piece has the letter `{c}`"),
                        "expected letters of the section's pieces",
                    );
                }
            }
        }
        out.dedup();
        out
    }

    /// The format forces a promotion that may be declined where the piece could never move
    /// again, and never drops a piece there (docs/format.md § `[promotion]`):
    /// Fairy-Stockfish's `immobilityIllegal = true` for promoting pieces. An optional
    /// promotion without it (a pawn that may stay on the last rank) is reported.
    fn immobility(&mut self, mandatory: bool) {
        let illegal = self.bool("immobilityIllegal", false);
        if !mandatory && !illegal {
            let at = self
                .get("mandatoryPawnPromotion")
                .map_or(self.header.clone(), |v| self.at(&v));
            self.untranslatable(
                at,
                "an optional promotion without `immobilityIllegal = true` (a pawn that may stay where it could never move again) has no counterpart in the format".into(),
                "the format forces the promotion there, as `immobilityIllegal = true` does",
            );
        }
    }

    /// The keys of a piece's mobility region: `mobilityRegionWhiteKing`, ...
    fn mobility_keys(key: &str) -> [String; 2] {
        let mut name = key.to_string();
        name[..1].make_ascii_uppercase();
        [
            format!("mobilityRegionWhite{name}"),
            format!("mobilityRegionBlack{name}"),
        ]
    }

    /// Where pieces may go: a mobility region (`mobilityRegionWhiteKing = d1 e1 f1 ...`,
    /// Black's the mirror image) is a `to` zone on every move of the piece; xiangqi's
    /// soldier with `soldierPromotionRank = N` steps sideways from the rank `N` on.
    fn confine(&mut self, outs: &mut [Out], files: u8, ranks: u8) {
        let all: Squares = (0..files)
            .flat_map(|f| (0..ranks).map(move |r| (f, r)))
            .collect();
        let drops = self.bool("pieceDrops", false);
        for o in outs.iter_mut() {
            if o.slot.key == "soldier"
                && let Some(v) = self.get("soldierPromotionRank")
            {
                match v.value.parse::<u8>() {
                    Ok(1) => {}
                    Ok(n) if n >= 2 && n <= ranks => {
                        let zone: Squares =
                            all.iter().copied().filter(|&(_, r)| r >= n - 1).collect();
                        o.moves = vec![
                            "{ leap = \"forward\" }".to_string(),
                            format!(
                                "{{ leap = \"sideways\", from = {} }}",
                                zone_text(&zone, files, ranks)
                            ),
                        ];
                    }
                    _ => {
                        let at = self.at(&v);
                        self.bad(
                            at,
                            format!(
                                "`soldierPromotionRank = {}` is not a rank of the board",
                                v.value
                            ),
                            "expected a number from 1 to the number of ranks",
                        );
                    }
                }
            }
            let [white, black] = Self::mobility_keys(&o.slot.key);
            match (self.get(&white), self.get(&black)) {
                (None, None) => continue,
                (Some(v), None) | (None, Some(v)) => {
                    let at = self.at(&v);
                    let (given, missing) = if self.get(&white).is_some() {
                        (&white, &black)
                    } else {
                        (&black, &white)
                    };
                    self.untranslatable(at, format!("`{given}` without `{missing}`: the format's `to` zones are written from White's side and mirrored for Black"), "give the other side's region too, the mirror image of this one");
                    continue;
                }
                _ => {}
            }
            let what = format!("the mobility region of `{}`", o.slot.key);
            let Some((zone, v)) = self.region(
                ("", white.as_str(), black.as_str()),
                (all.clone(), all.clone()),
                files,
                ranks,
                &what,
            ) else {
                continue;
            };
            if zone == all {
                continue;
            }
            if drops {
                let at = v.map_or(self.header.clone(), |v| self.at(&v));
                self.untranslatable(at, format!("{what} with drops: Fairy-Stockfish's region limits where the piece is dropped too, the format's `to` only its moves"), "");
                continue;
            }
            let to = zone_text(&zone, files, ranks);
            for m in &mut o.moves {
                if let Some(body) = m.strip_suffix(" }") {
                    *m = format!("{body}, to = {to} }}");
                }
            }
        }
    }

    /// `promotedPieceType = p:g s:g`: each promoting piece's id with the id of its promoted
    /// form (`-` for none), in the order written.
    fn promoted_types(
        &mut self,
        v: &Val,
        outs: &[Out],
        royal: Option<&str>,
        pawns: &[String],
    ) -> Vec<(String, String)> {
        let at = self.at(v);
        let to_hand = self.bool("capturesToHand", false);
        let id = |letter: char| {
            outs.iter()
                .find(|o| o.slot.letter == letter.to_ascii_lowercase())
                .map(|o| (o.id.clone(), o.slot.key.clone()))
        };
        let mut out: Vec<(String, String)> = Vec::new();
        for item in v.value.split_whitespace() {
            let read = item.split_once(':').and_then(|(a, b)| {
                let (mut a, mut b) = (a.chars(), b.chars());
                let pair = (a.next()?, b.next()?);
                (a.next().is_none() && b.next().is_none()).then_some(pair)
            });
            let Some((from, to)) = read else {
                self.bad(
                    at.clone(),
                    format!("`promotedPieceType`: `{item}` is not two letters (`p:g`)"),
                    "expected items like `p:g s:g`",
                );
                continue;
            };
            if to == '-' {
                continue;
            }
            let (Some((from_id, _)), Some((to_id, to_key))) = (id(from), id(to)) else {
                self.bad(
                    at.clone(),
                    format!("`promotedPieceType`: `{item}` names a letter no piece has"),
                    "expected letters of the section's pieces",
                );
                continue;
            };
            if Some(to_key.as_str()) == royal {
                self.untranslatable(
                    at.clone(),
                    "promotion to the royal piece has no counterpart in the format".into(),
                    "",
                );
            } else if to_hand && out.iter().any(|(_, t)| *t == to_id) {
                self.untranslatable(at.clone(), format!("`promotedPieceType`: two pieces promote to `{to_id}`, and with `capturesToHand` the format returns a promoted piece to the hand as the one piece it is made from"), "give each piece a promoted form of its own (a custom piece that moves alike)");
            } else if pawns.contains(&from_id) || out.iter().any(|(f, _)| *f == from_id) {
                self.untranslatable(at.clone(), format!("`promotedPieceType`: `{from_id}` promotes as a pawn too, or twice: the format gives a piece one promotion rule"), "");
            } else {
                out.push((from_id, to_id));
            }
        }
        out
    }

    /// `promotionLimit = a:1 c:1 q:1 r:2`: each piece's id with its limit (a pawn promotes
    /// to it only while the side has fewer on the board), 0 (no limit) left out.
    fn promotion_limits(&mut self, outs: &[Out]) -> Vec<(String, u8)> {
        let Some(v) = self.get("promotionLimit") else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for item in v.value.split_whitespace() {
            let read = item.split_once(':').and_then(|(l, n)| {
                let mut l = l.chars();
                let letter = l.next().filter(|_| l.next().is_none())?;
                Some((letter.to_ascii_lowercase(), n.parse::<u8>().ok()?))
            });
            let at = self.at(&v);
            let Some((letter, n)) = read else {
                self.bad(
                    at,
                    format!("`promotionLimit`: `{item}` is not a letter and a count"),
                    "expected items like `q:1 r:2`",
                );
                continue;
            };
            let id = outs
                .iter()
                .find(|o| o.slot.letter == letter)
                .map(|o| o.id.clone());
            match id {
                Some(id) if n > 0 => out.push((id, n)),
                Some(_) => {}
                None => self.bad(
                    at,
                    format!("`promotionLimit`: no piece has the letter `{letter}`"),
                    "expected letters of the section's pieces",
                ),
            }
        }
        out
    }

    /// The rules that have no counterpart in the format: reported when set to anything
    /// but Fairy-Stockfish's default.
    fn rules_without_counterpart(&mut self, handled: &[&str]) {
        let mut keys: Vec<(String, Val)> = self
            .vals
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        keys.sort_by_key(|(_, v)| v.key_at.as_ref().map_or(0, |r| r.start));
        for (k, v) in keys {
            if handled.contains(&k.as_str()) || fsf::DISPLAY_KEYS.contains(&k.as_str()) {
                continue;
            }
            let at = v.key_at.clone().unwrap_or(self.header.clone());
            if k.starts_with("mobilityRegion")
                && self
                    .slots
                    .iter()
                    .any(|s| Self::mobility_keys(&s.key).contains(&k))
            {
                continue;
            }
            if k.starts_with("mobilityRegion") {
                self.untranslatable(
                    at,
                    format!("`{k}` (where a piece may stand) has no counterpart in the format yet"),
                    "the piece's moves are translated without the region",
                );
                continue;
            }
            match fsf::RULE_DEFAULTS.iter().find(|(d, _)| *d == k) {
                Some((_, default)) => {
                    let same = v.value == *default
                        || (v.value.is_empty() && (*default == "-" || default.is_empty()))
                        || (*default == "-" && v.value == "none");
                    if !same {
                        self.untranslatable(at, format!("`{k} = {}` has no counterpart in the format yet", v.value), &format!("only `{k} = {default}` (Fairy-Stockfish's default) can be translated"));
                    }
                }
                None => {
                    let known: Vec<&str> = fsf::RULE_DEFAULTS
                        .iter()
                        .map(|(k, _)| *k)
                        .chain(handled.iter().copied())
                        .collect();
                    self.found.push(Found {
                        untranslatable: false,
                        at: Some(at),
                        message: format!(
                            "`{k}` is not a key of Fairy-Stockfish's variants.ini{}",
                            crate::source::suggest(&k, known.iter().copied())
                        ),
                        label: "the key is left out".into(),
                    });
                }
            }
        }
    }

    fn game(&mut self, name: &str, file_name: &str, section: &Section) -> String {
        const HANDLED: &[&str] = &[
            "maxRank",
            "maxFile",
            "startFen",
            "pawnTypes",
            "promotionPawnTypes",
            "promotionPawnTypesWhite",
            "promotionPawnTypesBlack",
            "enPassantTypes",
            "enPassantTypesWhite",
            "enPassantTypesBlack",
            "nMoveRuleTypes",
            "nMoveRuleTypesWhite",
            "nMoveRuleTypesBlack",
            "promotionRank",
            "promotionRegionWhite",
            "promotionRegionBlack",
            "promotionPieceTypes",
            "promotionPieceTypesWhite",
            "promotionPieceTypesBlack",
            "mandatoryPawnPromotion",
            "promotionLimit",
            "immobilityIllegal",
            "promotedPieceType",
            "mandatoryPiecePromotion",
            "dropNoDoubled",
            "shogiPawnDropMateIllegal",
            "soldierPromotionRank",
            "doubleStep",
            "doubleStepRank",
            "doubleStepRankMin",
            "doubleStepRegionWhite",
            "doubleStepRegionBlack",
            "enPassantRegion",
            "enPassantRegionWhite",
            "enPassantRegionBlack",
            "castling",
            "castlingRank",
            "castlingKingsideFile",
            "castlingQueensideFile",
            "castlingKingFile",
            "castlingKingPiece",
            "castlingKingPieceWhite",
            "castlingKingPieceBlack",
            "castlingRookKingsideFile",
            "castlingRookQueensideFile",
            "castlingRookPiece",
            "castlingRookPieces",
            "castlingRookPiecesWhite",
            "castlingRookPiecesBlack",
            "pieceDrops",
            "capturesToHand",
            "dropLoop",
            "gating",
            "seirawanGating",
            "firstRankPawnDrops",
            "promotionZonePawnDrops",
            "whiteDropRegion",
            "blackDropRegion",
            "dropRegionWhite",
            "dropRegionBlack",
            "flagPiece",
            "flagPieceWhite",
            "flagPieceBlack",
            "flagRegion",
            "flagRegionWhite",
            "flagRegionBlack",
            "whiteFlag",
            "blackFlag",
            "flyingGeneral",
            "stalemateValue",
            "checkmateValue",
            "materialCounting",
            "nMoveRule",
            "checkCounting",
            "extinctionValue",
            "extinctionClaim",
            "extinctionPieceTypes",
            "extinctionPieceCount",
            "extinctionOpponentPieceCount",
        ];
        // The board.
        let files = match self.get("maxFile") {
            None => 8,
            Some(v) => match Self::file_of(&v.value) {
                Some(f) => f + 1,
                None => {
                    let at = self.at(&v);
                    self.bad(
                        at,
                        format!(
                            "`maxFile = {}` is not a file from 1 to 16 (or `a` to `p`)",
                            v.value
                        ),
                        "expected a number or a letter",
                    );
                    8
                }
            },
        };
        let ranks = match self.get("maxRank") {
            None => 8,
            Some(v) => match v.value.parse::<u8>() {
                Ok(n) if (1..=16).contains(&n) => n,
                _ => {
                    let at = self.at(&v);
                    self.bad(
                        at,
                        format!("`maxRank = {}` is not a rank from 1 to 16", v.value),
                        "expected a number",
                    );
                    8
                }
            },
        };
        self.files = files;
        self.ranks = ranks;
        let rank = |n: u8| -> Squares { (0..files).map(|f| (f, n)).collect() };
        // Kinds of pieces.
        let pawn_key = self
            .slots
            .iter()
            .find(|s| s.key == "pawn")
            .map(|s| s.key.clone());
        let pawn_types = match self.get("pawnTypes") {
            Some(v) => self.piece_set("pawnTypes", &v),
            None => pawn_key.iter().cloned().collect(),
        };
        let set_of = |t: &mut Self, keys: [&str; 3], default: &[String]| -> Vec<String> {
            for k in keys.iter().rev() {
                if let Some(v) = t.get(k) {
                    return t.piece_set(k, &v);
                }
            }
            default.to_vec()
        };
        let promo_pawns = set_of(
            self,
            [
                "promotionPawnTypes",
                "promotionPawnTypesWhite",
                "promotionPawnTypesBlack",
            ],
            &pawn_types,
        );
        let mut ep_types = set_of(
            self,
            [
                "enPassantTypes",
                "enPassantTypesWhite",
                "enPassantTypesBlack",
            ],
            &pawn_types,
        );
        let counting = set_of(
            self,
            [
                "nMoveRuleTypes",
                "nMoveRuleTypesWhite",
                "nMoveRuleTypesBlack",
            ],
            &pawn_types,
        );
        for k in [
            "promotionPawnTypes",
            "enPassantTypes",
            "nMoveRuleTypes",
            "castlingKingPiece",
            "castlingRookPieces",
        ] {
            if let (Some(w), Some(b)) = (
                self.get(&format!("{k}White")),
                self.get(&format!("{k}Black")),
            ) && w.value != b.value
            {
                let at = self.at(&b);
                self.untranslatable(at, format!("`{k}White` and `{k}Black` differ: the format gives both sides the same rules"), "write one `{k}` for both");
            }
        }
        // Double steps (and the region of initial moves).
        let double_step = self.bool("doubleStep", true);
        let mut double = Squares::new();
        if double_step {
            let (dw, db) = (rank(1), if ranks >= 7 { rank(6) } else { Squares::new() });
            let mut def = (dw, db);
            if let Some(v) = self.get("doubleStepRank")
                && let Ok(n) = v.value.parse::<u8>()
                && n >= 1
                && n <= ranks
            {
                def = (rank(n - 1), rank(ranks - n));
            }
            let needed = pawn_key.is_some() || self.slots.iter().any(|s| s.betza.contains('i'));
            if needed
                && let Some((w, _)) = self.region(
                    ("", "doubleStepRegionWhite", "doubleStepRegionBlack"),
                    def,
                    files,
                    ranks,
                    "the double step region",
                )
            {
                double = w;
            }
        }
        if let Some(v) = self
            .get("enPassantRegion")
            .or(self.get("enPassantRegionWhite"))
            .or(self.get("enPassantRegionBlack"))
        {
            let all: Squares = (0..files)
                .flat_map(|f| (0..ranks).map(move |r| (f, r)))
                .collect();
            let s = self.squares("enPassantRegion", &v, files, ranks);
            if s.is_empty() {
                // No square is ever an en-passant target: double steps make none.
                self.targets = false;
            } else if s != all {
                let at = self.at(&v);
                self.untranslatable(at, "an en-passant region smaller than the board has no counterpart in the format yet".into(), "en passant is translated on every square");
            }
        }
        // Promotion zone.
        // Fairy-Stockfish's defaults are the 8th and the 1st rank, whatever the board.
        let mut promo_default = (if ranks >= 8 { rank(7) } else { Squares::new() }, rank(0));
        if let Some(v) = self.get("promotionRank")
            && let Ok(n) = v.value.parse::<u8>()
            && n >= 1
            && n <= ranks
        {
            promo_default = (
                (n - 1..ranks).flat_map(&rank).collect(),
                (0..=ranks - n).flat_map(rank).collect(),
            );
        }
        let promotes =
            !promo_pawns.is_empty() && self.slots.iter().any(|s| promo_pawns.contains(&s.key));
        let promoted_types = self.get("promotedPieceType");
        let promo_zone = if promotes || promoted_types.is_some() {
            self.region(
                ("", "promotionRegionWhite", "promotionRegionBlack"),
                promo_default,
                files,
                ranks,
                "the promotion region",
            )
        } else {
            None
        };
        // Pieces.
        let slots = self.slots.clone();
        let mut outs: Vec<Out> = Vec::new();
        for slot in &slots {
            if let Some(out) = self.piece(slot, &double, &mut ep_types) {
                outs.push(out);
            }
        }
        self.confine(&mut outs, files, ranks);
        let id_of = |key: &str, outs: &[Out]| {
            outs.iter()
                .find(|o| o.slot.key == key)
                .map(|o| o.id.clone())
        };
        let royal = outs.iter().find(|o| o.royal).map(|o| o.slot.clone());
        if royal.is_none() {
            self.untranslatable(
                self.header.clone(),
                "the section has no king: the format needs one royal piece per side".into(),
                "give the section a `king = k`",
            );
        }
        // The start position.
        let pieces_drop = self.bool("pieceDrops", false);
        let fen_val = self.get("startFen").unwrap_or(Val {
            value: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            key_at: None,
            value_at: None,
        });
        let letters: Vec<char> = outs.iter().map(|o| o.slot.letter).collect();
        // Seirawan gating (docs/format.md § Gating): the pieces in hand gate.
        let gating = self.bool("gating", false);
        let seirawan = self.bool("seirawanGating", false);
        if gating != seirawan
            && let Some(v) = self.get(if gating { "gating" } else { "seirawanGating" })
        {
            let at = self.at(&v);
            self.untranslatable(
                at,
                "gating other than Seirawan's (`gating` and `seirawanGating` together) has no counterpart in the format yet".into(),
                "",
            );
        }
        let gating = gating && seirawan;
        let fen = self.fen(&fen_val, &letters, files, ranks, pieces_drop || gating);
        // Castling.
        let castling = if self.bool("castling", true) {
            self.castling(&fen, &fen_val, ranks, &outs, royal.as_ref(), gating)
        } else {
            None
        };
        let checks = fen.as_ref().and_then(|f| f.checks);
        let setup = match &fen {
            Some(f) => {
                let mut rights = castling
                    .as_ref()
                    .map_or(String::new(), |c| c.rights.clone());
                if gating {
                    // The gates' files follow the castling rights.
                    rights.extend(f.castling.chars().filter(|c| !"KQkq-".contains(*c)));
                }
                if rights.is_empty() {
                    rights.push('-');
                }
                let counted = f.checks.map_or(String::new(), |(w, b)| format!("{w}+{b} "));
                format!(
                    "{}{} {} {} {} {}{} {}",
                    f.board, f.pocket, f.side, rights, f.ep, counted, f.half, f.full
                )
            }
            None => "8/8/8/8/8/8/8/8 w - - 0 1".to_string(),
        };
        // Promotion.
        let mut promotion = String::new();
        let promo_pawns: Vec<String> = promo_pawns.iter().filter_map(|k| id_of(k, &outs)).collect();
        let royal_key = royal.as_ref().map(|r| r.key.clone());
        // Shogi's promotions: each piece's own promoted form, on a move from or into the
        // region, written `+` (docs/interop.md).
        let pairs = match &promoted_types {
            Some(v) => self.promoted_types(v, &outs, royal_key.as_deref(), &promo_pawns),
            None => Vec::new(),
        };
        let piece_mandatory = self.bool("mandatoryPiecePromotion", false);
        let limits_all = self.promotion_limits(&outs);
        if !pairs.is_empty() && !piece_mandatory && !self.bool("immobilityIllegal", false) {
            let at = promoted_types
                .as_ref()
                .map_or(self.header.clone(), |v| self.at(v));
            self.untranslatable(
                at,
                "an optional promotion (`promotedPieceType` without `mandatoryPiecePromotion`) without `immobilityIllegal = true` (a piece that may stay where it could never move again) has no counterpart in the format".into(),
                "the format forces the promotion there, as `immobilityIllegal = true` does",
            );
        }
        if !promo_pawns.is_empty() {
            // Each side's choices: its own key, else the shared one, else chess's. When
            // they differ, one rule per side (`side`, docs/format.md § promotion).
            let general = self.get("promotionPieceTypes");
            let side_choices = |me: &mut Self, key: &str| -> (Val, Vec<String>) {
                let v = me.get(key).or(general.clone()).unwrap_or(Val {
                    value: "nbrq".into(),
                    key_at: None,
                    value_at: None,
                });
                let keys = me.piece_set(key, &v);
                if keys.iter().any(|k| Some(k) == royal_key.as_ref()) {
                    let at = me.at(&v);
                    me.untranslatable(
                        at,
                        "promotion to the royal piece has no counterpart in the format".into(),
                        "",
                    );
                }
                let choices = keys
                    .iter()
                    .filter(|k| Some(*k) != royal_key.as_ref())
                    .filter_map(|k| id_of(k, &outs))
                    .collect();
                (v, choices)
            };
            let (_, white) = side_choices(self, "promotionPieceTypesWhite");
            let (_, black) = side_choices(self, "promotionPieceTypesBlack");
            let mandatory = self.bool("mandatoryPawnPromotion", true);
            self.immobility(mandatory);
            let limits = limits_all.clone();
            if let Some((zone, _)) = &promo_zone {
                let rules: Vec<(Option<&str>, &Vec<String>)> = if white == black {
                    vec![(None, &white)]
                } else {
                    vec![(Some("white"), &white), (Some("black"), &black)]
                };
                let rules: Vec<_> = rules.into_iter().filter(|(_, c)| !c.is_empty()).collect();
                let header = if rules.len() == 1 && pairs.is_empty() {
                    "[promotion]"
                } else {
                    "[[promotion]]"
                };
                for (side, choices) in rules {
                    let _ = writeln!(promotion, "\n{header}\npieces = {}", list(&promo_pawns));
                    if let Some(side) = side {
                        let _ = writeln!(promotion, "side = \"{side}\"");
                    }
                    let _ = writeln!(promotion, "zone = {}", zone_text(zone, files, ranks));
                    let _ = writeln!(promotion, "choices = {}", list(choices));
                    if !mandatory {
                        promotion.push_str("mandatory = false\n");
                    }
                    // A limit of a piece that is no choice changes nothing: left out.
                    let mine: Vec<String> = limits
                        .iter()
                        .filter(|(id, _)| choices.contains(id))
                        .map(|(id, n)| format!("{} = {n}", quote(id)))
                        .collect();
                    if !mine.is_empty() {
                        let _ = writeln!(promotion, "limits = {{ {} }}", mine.join(", "));
                    }
                }
            }
        }
        if let Some((zone, _)) = promo_zone.as_ref().filter(|_| !pairs.is_empty()) {
            if let Some(v) = self.get("promotionLimit")
                && limits_all
                    .iter()
                    .any(|(id, _)| pairs.iter().any(|(_, to)| to == id))
            {
                let at = self.at(&v);
                self.untranslatable(at, "`promotionLimit` on a piece's promoted form (`promotedPieceType`) has no counterpart in the format".into(), "");
            }
            for (from, to) in &pairs {
                let _ = writeln!(
                    promotion,
                    "\n[[promotion]]\npieces = {}\nzone = {}\nchoices = {}",
                    list(std::slice::from_ref(from)),
                    zone_text(zone, files, ranks),
                    list(std::slice::from_ref(to))
                );
                if !piece_mandatory {
                    promotion.push_str("mandatory = false\n");
                }
                promotion.push_str("from-zone = true\nplus = true\n");
            }
        }
        // Drops.
        let mut drops = String::new();
        let mut gating_toml = String::new();
        let mut drop_zone = String::new();
        if pieces_drop {
            let all: Squares = (0..files)
                .flat_map(|f| (0..ranks).map(move |r| (f, r)))
                .collect();
            if let Some((zone, _)) = self
                .region(
                    ("", "whiteDropRegion", "blackDropRegion"),
                    (all.clone(), all.clone()),
                    files,
                    ranks,
                    "the drop region",
                )
                .or(None)
            {
                let zone = match self.get("dropRegionWhite") {
                    Some(v) => self.squares("dropRegionWhite", &v, files, ranks),
                    None => zone,
                };
                drop_zone = format!("drop-zone = {}\n", zone_text(&zone, files, ranks));
                // Pieces with drop rules of their own: the pawn's zone, shogi's
                // `dropNoDoubled` and `shogiPawnDropMateIllegal` (for its shogi pawn).
                let mut own: Vec<(String, Squares)> = Vec::new();
                if let Some(pawn) = pawn_key.as_ref().and_then(|k| id_of(k, &outs)) {
                    let mut pz = zone.clone();
                    if !self.bool("firstRankPawnDrops", false) {
                        pz.retain(|&(_, r)| r != 0);
                    }
                    if !self.bool("promotionZonePawnDrops", false)
                        && let Some((z, _)) = &promo_zone
                    {
                        pz.retain(|s| !z.contains(s));
                    }
                    if pz != zone {
                        own.push((pawn, pz));
                    }
                }
                let no_doubled = match self.get("dropNoDoubled") {
                    Some(v) if v.value != "-" => {
                        let keys = self.piece_set("dropNoDoubled", &v);
                        keys.first().and_then(|k| id_of(k, &outs))
                    }
                    _ => None,
                };
                let no_mate = if self.bool("shogiPawnDropMateIllegal", false) {
                    id_of("shogiPawn", &outs)
                } else {
                    None
                };
                for id in [&no_doubled, &no_mate].into_iter().flatten() {
                    if !own.iter().any(|(o, _)| o == id) {
                        own.push((id.clone(), zone.clone()));
                    }
                }
                for (id, z) in &own {
                    let _ = writeln!(
                        drops,
                        "\n[drops.{id}]\nzone = {}",
                        zone_text(z, files, ranks)
                    );
                    if no_doubled.as_ref() == Some(id) {
                        drops.push_str("one-per-file = true\n");
                    }
                    if no_mate.as_ref() == Some(id) {
                        drops.push_str("no-mate = true\n");
                    }
                }
            }
        }
        // The flag: a royal piece reaching the region wins.
        let mut scepter = String::new();
        let flag_piece = self
            .get("flagPiece")
            .or(self.get("flagPieceWhite"))
            .or(self.get("flagPieceBlack"));
        let flag_keys = [
            "flagRegion",
            "flagRegionWhite",
            "flagRegionBlack",
            "whiteFlag",
            "blackFlag",
        ];
        if flag_keys.iter().any(|k| self.vals.contains_key(*k)) {
            let mut w = self.get("whiteFlag");
            let mut b = self.get("blackFlag");
            if let Some(v) = self.get("flagRegion") {
                w = Some(v.clone());
                b = Some(v);
            }
            if let Some(v) = self.get("flagRegionWhite") {
                w = Some(v);
            }
            if let Some(v) = self.get("flagRegionBlack") {
                b = Some(v);
            }
            let ws = w
                .as_ref()
                .map(|v| self.squares("flagRegionWhite", v, files, ranks))
                .unwrap_or_default();
            let bs = b
                .as_ref()
                .map(|v| self.squares("flagRegionBlack", v, files, ranks))
                .unwrap_or_default();
            let blame = b
                .clone()
                .or(w.clone())
                .map_or(self.header.clone(), |v| self.at(&v));
            let piece_ok = match &flag_piece {
                Some(v) => {
                    let keys = self.piece_set("flagPiece", v);
                    keys.len() == 1 && Some(&keys[0]) == royal_key.as_ref() && v.value != "*"
                }
                None => false,
            };
            let mirrored: Squares = ws.iter().map(|&(f, r)| (f, ranks - 1 - r)).collect();
            if ws.is_empty() && bs.is_empty() {
            } else if !piece_ok {
                let at = flag_piece.as_ref().map_or(blame.clone(), |v| self.at(v));
                self.untranslatable(at, "a flag region for pieces other than the king has no counterpart in the format yet".into(), "the format's Capture the Scepter is for the royal piece");
            } else if mirrored != bs || ws.is_empty() {
                self.untranslatable(blame, "a flag region whose Black squares are not the mirror image of White's has no counterpart in the format".into(), "");
            } else {
                scepter = format!(
                    "scepter = {{ zone = {}, result = \"win\" }}\n",
                    zone_text(&ws, files, ranks)
                );
            }
        }
        let end = self.end_table(checks);
        self.rules_without_counterpart(HANDLED);
        // The file.
        let mut out = String::new();
        let parent = section
            .parent
            .as_ref()
            .map_or(String::new(), |(p, _)| format!(":{p}"));
        let _ = writeln!(
            out,
            "# Translated by `fairyforge import` from {file_name}, section [{name}{parent}]."
        );
        let _ = writeln!(out, "name = {}", quote(name));
        let _ = writeln!(
            out,
            "description = {}",
            quote(&format!(
                "Fairy-Stockfish's variants.ini section [{name}{parent}]."
            ))
        );
        let _ = writeln!(out, "setup = {}", quote(&setup));
        out.push_str(&drop_zone);
        if gating && let Some(f) = &fen {
            let mut ids: Vec<String> = Vec::new();
            for c in f.pocket.chars() {
                let id = outs
                    .iter()
                    .find(|o| o.slot.letter == c.to_ascii_lowercase())
                    .map(|o| o.id.clone());
                if let Some(id) = id.filter(|id| !ids.contains(id)) {
                    ids.push(id);
                }
            }
            gating_toml = format!("\n[gating]\npieces = {}\n", list(&ids));
        }
        if self.bool("capturesToHand", false) {
            // Loop chess's `dropLoop`: a promoted piece returns as it stands.
            out.push_str(if self.bool("dropLoop", false) {
                "captures-to-hand = \"as-is\"\n"
            } else {
                "captures-to-hand = true\n"
            });
        }
        out.push_str(&scepter);
        if self.bool("flyingGeneral", false) {
            // Fairy-Stockfish's flying general forbids files and ranks alike.
            out.push_str("royal-facing = \"orthogonal\"\n");
        }
        let _ = writeln!(out, "\n[board]\nfiles = {files}\nranks = {ranks}");
        if let Some(f) = fen.as_ref().filter(|f| !f.walls.is_empty()) {
            let walls: Vec<String> = f.walls.iter().map(|w| quote(w)).collect();
            let _ = writeln!(
                out,
                "holes = [{}]\nholes-in-position = true",
                walls.join(", ")
            );
        }
        for o in &outs {
            let _ = writeln!(
                out,
                "\n[piece.{}]\nletter = \"{}\"",
                o.id,
                o.slot.letter.to_ascii_uppercase()
            );
            if o.royal {
                out.push_str("royal = true\n");
            }
            if counting.contains(&o.slot.key) && !o.royal {
                out.push_str("pawn = true\n");
            }
            if o.moves.len() == 1 {
                let _ = writeln!(out, "moves = [{}]", o.moves[0]);
            } else {
                out.push_str("moves = [\n");
                for m in &o.moves {
                    let _ = writeln!(out, "  {m},");
                }
                out.push_str("]\n");
            }
        }
        out.push_str(&promotion);
        if let Some(c) = &castling {
            out.push_str(&c.toml);
        }
        out.push_str(&drops);
        out.push_str(&gating_toml);
        out.push_str(&end);
        let _ = self.text;
        out
    }

    /// One piece: its moves from its Betza, or `None` (reported) when it has none the
    /// format can write.
    fn piece(&mut self, slot: &Slot, double: &Squares, ep_types: &mut Vec<String>) -> Option<Out> {
        let id = if let Some(n) = slot.key.strip_prefix("customPiece") {
            format!("custom-piece-{n}")
        } else {
            fsf::PIECES
                .iter()
                .find(|(k, _, _)| *k == slot.key)
                .map_or(slot.key.clone(), |p| p.2.to_string())
        };
        let royal = slot.key == "king";
        let key_at = slot.key_at.clone().unwrap_or(self.header.clone());
        if let Some((_, why)) = fsf::SPECIAL_PIECES.iter().find(|(k, _)| *k == slot.key) {
            self.untranslatable(
                key_at,
                format!("`{}`: {why}, which the format cannot express yet", slot.key),
                "the piece is left out",
            );
            return None;
        }
        let mut moves = Vec::new();
        let zone = zone_text(double, self.files, self.ranks);
        if slot.key == "pawn" {
            let ep = ep_types.contains(&slot.key);
            moves.push("{ leap = \"forward\", mode = \"move\" }".to_string());
            if !double.is_empty() {
                let create = if self.targets {
                    ", en-passant = \"create\""
                } else {
                    ""
                };
                moves.push(format!("{{ slide = \"forward\", mode = \"move\", min = 2, max = 2, from = {zone}{create} }}"));
            }
            let epc = if ep { ", en-passant = \"capture\"" } else { "" };
            moves.push(format!(
                "{{ leap = \"forward-diagonal\", mode = \"capture\"{epc} }}"
            ));
            return Some(Out {
                slot: slot.clone(),
                id,
                royal,
                moves,
            });
        }
        let piece = read_fsf(&slot.betza);
        let at = |m: &std::ops::Range<usize>| -> Range<usize> {
            match slot.betza_at {
                Some(s) => s + m.start..s + m.end,
                None => key_at.clone(),
            }
        };
        for (r, c) in &piece.skipped {
            self.untranslatable(at(r), format!("`{c}` in `{}`: Fairy-Stockfish reads no such modifier or atom, and neither does the format", slot.betza), "Fairy-Stockfish skips it; the rest of the Betza is translated");
        }
        if piece.en_passant && !ep_types.contains(&slot.key) {
            ep_types.push(slot.key.clone());
        }
        let ep = ep_types.contains(&slot.key);
        for m in &piece.moves {
            match self.betza_move(m, &zone, double, ep) {
                Ok(mut v) => moves.append(&mut v),
                Err(why) => {
                    let written = &slot.betza[m.at.clone()];
                    self.untranslatable(
                        at(&m.at),
                        format!("`{written}` in `{}`: {why}", slot.betza),
                        "this part of the piece is left out",
                    );
                }
            }
        }
        if moves.is_empty() {
            if piece.moves.is_empty() && piece.skipped.is_empty() {
                self.untranslatable(
                    key_at,
                    format!(
                        "`{}` has no moves, which the format cannot express",
                        slot.key
                    ),
                    "the piece is left out",
                );
            }
            return None;
        }
        Some(Out {
            slot: slot.clone(),
            id,
            royal,
            moves,
        })
    }

    /// One atom of a Betza as move tables of the format.
    fn betza_move(
        &mut self,
        m: &BetzaMove,
        zone: &str,
        double: &Squares,
        ep: bool,
    ) -> Result<Vec<String>, String> {
        let mode = match (m.quiet, m.capture) {
            (true, false) => ", mode = \"move\"",
            (false, true) => ", mode = \"capture\"",
            _ => "",
        };
        let from = if m.initial {
            if m.capture {
                return Err("an initial move that captures: Fairy-Stockfish makes initial moves only onto empty squares".into());
            }
            if double.is_empty() {
                return Ok(Vec::new());
            }
            format!(", from = {zone}")
        } else {
            String::new()
        };
        let long = |o: &(i8, i8)| o.0.unsigned_abs().max(o.1.unsigned_abs());
        let short = |o: &(i8, i8)| o.0.unsigned_abs().min(o.1.unsigned_abs());
        let sample = m.offsets.first().copied().ok_or("no direction")?;
        let unit = |o: &(i8, i8)| (o.0.signum(), o.1.signum());
        Ok(match m.shape {
            Shape::Leap => {
                if m.initial && ep && long(&sample) >= 2 && short(&sample) == 0 {
                    return Err("an initial leap that passes squares: the format makes en-passant targets only for slides".into());
                }
                let epc = if ep && m.capture && !m.initial {
                    ", en-passant = \"capture\""
                } else {
                    ""
                };
                vec![format!(
                    "{{ leap = {}{mode}{from}{epc} }}",
                    dirs_text(&m.offsets)
                )]
            }
            Shape::Ride { max } => {
                if ep && m.capture {
                    return Err("an en-passant capture by a rider: the format has en passant only for leaps".into());
                }
                let max = if max > 0 {
                    format!(", max = {max}")
                } else {
                    String::new()
                };
                vec![format!(
                    "{{ slide = {}{mode}{max}{from} }}",
                    dirs_text(&m.offsets)
                )]
            }
            Shape::Lame => {
                let (l, s) = (long(&sample), short(&sample));
                if l == 1 {
                    return Ok(vec![format!(
                        "{{ leap = {}{mode}{from} }}",
                        dirs_text(&m.offsets)
                    )]);
                }
                if s == 0 || s == l {
                    let units: Vec<(i8, i8)> = m.offsets.iter().map(unit).collect();
                    let epc = if m.initial && self.targets {
                        ", en-passant = \"create\""
                    } else {
                        ""
                    };
                    vec![format!(
                        "{{ slide = {}{mode}, min = {l}, max = {l}{from}{epc} }}",
                        dirs_text(&units)
                    )]
                } else if l == s + 1 {
                    // The path goes straight along the long leg, then diagonally.
                    let mut out = Vec::new();
                    let all = m.offsets.len() == 8;
                    let range = if s == 1 {
                        "max = 1".to_string()
                    } else {
                        format!("min = {s}, max = {s}")
                    };
                    if all {
                        out.push(format!(
                            "{{ bent = \"orthogonal\", then = \"diagonal\"{mode}, {range}{from} }}"
                        ));
                    } else {
                        for o in &m.offsets {
                            let first = if o.0.unsigned_abs() > o.1.unsigned_abs() {
                                (o.0.signum(), 0)
                            } else {
                                (0, o.1.signum())
                            };
                            let then = unit(o);
                            out.push(format!("{{ bent = [{}, {}], then = [{}, {}], symmetry = \"none\"{mode}, {range}{from} }}", first.0, first.1, then.0, then.1));
                        }
                    }
                    out
                } else {
                    return Err(
                        "a lame leap whose path bends twice has no counterpart in the format yet"
                            .into(),
                    );
                }
            }
            Shape::Hop { grass: true } => {
                vec![format!("{{ hop = {}{mode}{from} }}", dirs_text(&m.offsets))]
            }
            Shape::Hop { grass: false } => {
                if m.quiet {
                    return Err("a hop onto an empty square beyond a screen has no counterpart in the format yet (the format's cannon only captures)".into());
                }
                if long(&sample) != 1 {
                    return Err("a hopper along leaps longer than one square has no counterpart in the format".into());
                }
                vec![format!("{{ cannon = {}{from} }}", dirs_text(&m.offsets))]
            }
        })
    }

    fn fen(&mut self, v: &Val, letters: &[char], files: u8, ranks: u8, drops: bool) -> Option<Fen> {
        let at = self.at(v);
        let toks: Vec<&str> = v.value.split_whitespace().collect();
        let Some(first) = toks.first() else {
            self.bad(
                at,
                "`startFen` is empty".into(),
                "expected a position string",
            );
            return None;
        };
        let (board, pocket) = match first.find('[') {
            Some(i) => (
                &first[..i],
                first[i..].trim_end_matches(']').trim_start_matches('['),
            ),
            None => (*first, ""),
        };
        for c in board.chars() {
            let why = match c {
                '+' => "a promoted piece (`+`)",
                '~' => "a promoted piece (`~`)",
                _ => continue,
            };
            self.untranslatable(
                at.clone(),
                format!("`startFen` has {why}, which the format cannot express yet"),
                "",
            );
            return None;
        }
        for c in board
            .chars()
            .chain(pocket.chars())
            .filter(|c| c.is_ascii_alphabetic())
        {
            if !letters.contains(&c.to_ascii_lowercase()) {
                self.untranslatable(
                    at.clone(),
                    format!("`startFen` has the piece `{c}`, which the section does not translate"),
                    "",
                );
                return None;
            }
        }
        if board.split('/').count() != ranks as usize {
            self.bad(
                at,
                format!(
                    "`startFen` has {} ranks, the board {ranks}",
                    board.split('/').count()
                ),
                "",
            );
            return None;
        }
        // Wall squares (`*`): holes of the board, written `*` in position strings too.
        let mut walls = Vec::new();
        for (i, row) in board.split('/').enumerate() {
            let rank = ranks as usize - i;
            let (mut file, mut n) = (0u32, 0u32);
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    n = n * 10 + d;
                    continue;
                }
                file += n;
                n = 0;
                if c == '*' && file < files as u32 {
                    walls.push(format!("{}{rank}", (b'a' + file as u8) as char));
                }
                file += 1;
            }
        }
        let pocket = if drops {
            format!("[{pocket}]")
        } else {
            if !pocket.is_empty() {
                self.untranslatable(at, "pieces in hand without `pieceDrops = true`".into(), "");
                return None;
            }
            String::new()
        };
        let side = toks.get(1).copied().unwrap_or("w").to_string();
        let mut rest = toks.iter().skip(2).copied().peekable();
        let mut castling = "-".to_string();
        let mut ep = "-".to_string();
        if let Some(t) = rest.peek().copied()
            && (t == "-" || t.chars().all(|c| c.is_ascii_alphabetic()))
        {
            castling = t.to_string();
            rest.next();
        }
        if let Some(t) = rest.peek().copied()
            && (t == "-" || t.chars().next().is_some_and(|c| c.is_ascii_lowercase()))
        {
            ep = t.to_string();
            rest.next();
        }
        // The checks left (`3+3`), read as Fairy-Stockfish reads them: only with
        // `checkCounting = true`, which without the field gives each side one check.
        let counting = self.bool("checkCounting", false);
        let mut checks = counting.then_some((1, 1));
        if let Some(t) = rest.peek().copied()
            && t.contains('+')
        {
            let read = t
                .split_once('+')
                .and_then(|(w, b)| Some((w.parse::<u8>().ok()?, b.parse::<u8>().ok()?)))
                .filter(|&(w, b)| w <= 9 && b <= 9);
            match read {
                Some(c) if counting => checks = Some(c),
                Some(_) => self.untranslatable(
                    at.clone(),
                    format!("`startFen` counts checks (`{t}`) without `checkCounting = true`"),
                    "Fairy-Stockfish reads the field only in an n-check game",
                ),
                None => self.bad(
                    at.clone(),
                    format!("`startFen`: `{t}` is not the checks left, a digit a side (`3+3`)"),
                    "",
                ),
            }
            rest.next();
        }
        let half = rest.next().unwrap_or("0").to_string();
        let full = rest.next().unwrap_or("1").to_string();
        Some(Fen {
            board: board.to_string(),
            walls,
            pocket,
            side,
            castling,
            ep,
            checks,
            half,
            full,
        })
    }

    /// The `[end]` table (docs/format.md § The end of the game) from Fairy-Stockfish's
    /// keys where they say what the format says: `stalemateValue`, the extinction rule of
    /// shatranj (the bare king), `nMoveRule` and `checkCounting` (with `checks`, the checks
    /// left of `startFen`). Any other value of these keys is reported.
    fn end_table(&mut self, checks: Option<(u8, u8)>) -> String {
        let mut end = String::new();
        if let Some(v) = self.get("stalemateValue") {
            match v.value.as_str() {
                "draw" => {}
                "loss" | "win" => {
                    let _ = writeln!(end, "stalemate = \"{}\"", v.value);
                }
                _ => {
                    let at = self.at(&v);
                    self.untranslatable(
                        at,
                        format!(
                            "`stalemateValue = {}` has no counterpart in the format",
                            v.value
                        ),
                        "expected `win`, `loss` or `draw`",
                    );
                }
            }
        }
        if let Some(v) = self.get("checkmateValue") {
            match v.value.as_str() {
                "loss" => {}
                "draw" | "win" => {
                    let _ = writeln!(end, "checkmate = \"{}\"", v.value);
                }
                _ => {
                    let at = self.at(&v);
                    self.untranslatable(
                        at,
                        format!(
                            "`checkmateValue = {}` has no counterpart in the format",
                            v.value
                        ),
                        "expected `loss`, `win` or `draw`",
                    );
                }
            }
        }
        // Material counting: only the draw odds (Armageddon), a draw won by one side.
        if let Some(v) = self.get("materialCounting") {
            match v.value.as_str() {
                "none" => {}
                "whitedrawodds" => end.push_str("draw-odds = \"white\"\n"),
                "blackdrawodds" => end.push_str("draw-odds = \"black\"\n"),
                _ => {
                    let at = self.at(&v);
                    self.untranslatable(
                        at,
                        format!(
                            "`materialCounting = {}` has no counterpart in the format yet",
                            v.value
                        ),
                        "only the draw odds (`whitedrawodds`, `blackdrawodds`) are translated, as `[end] draw-odds`",
                    );
                }
            }
        }
        // Extinction: only Fairy-Stockfish's bare king (all pieces counted, hand included:
        // one left loses against two, or three when the bare side may still take one).
        const BARE: &[(&str, &str)] = &[
            ("extinctionValue", "loss"),
            ("extinctionClaim", "true"),
            ("extinctionPieceTypes", "*"),
            ("extinctionPieceCount", "1"),
            ("extinctionOpponentPieceCount", "2"),
        ];
        if let Some(ev) = self.get("extinctionValue")
            && ev.value != "none"
        {
            let mut differ = Vec::new();
            for (k, want) in BARE {
                let default = fsf::RULE_DEFAULTS
                    .iter()
                    .find(|(d, _)| d == k)
                    .map_or("", |(_, d)| d);
                let value = self.get(k).map_or(default.to_string(), |v| v.value);
                if value != *want {
                    differ.push(format!("`{k} = {value}`"));
                }
            }
            if differ.is_empty() {
                end.push_str("bare-king = true\n");
            } else {
                let at = ev.key_at.clone().unwrap_or(self.header.clone());
                self.untranslatable(
                    at,
                    format!(
                        "an extinction rule with {} has no counterpart in the format yet",
                        differ.join(", ")
                    ),
                    "the format's bare king (`[end] bare-king`) is `extinctionValue = loss`, `extinctionClaim = true`, `extinctionPieceTypes = *`, `extinctionPieceCount = 1`, `extinctionOpponentPieceCount = 2`",
                );
            }
        }
        if let Some(v) = self.get("nMoveRule") {
            match v.value.parse::<u32>() {
                Ok(n) if n <= crate::limits::MAX_COUNTER / 2 => {
                    if n != 50 {
                        let _ = writeln!(end, "draw-plies = {}", 2 * n);
                    }
                }
                _ => {
                    let at = self.at(&v);
                    self.untranslatable(
                        at,
                        format!("`nMoveRule = {}` is not a number of moves the format can count (0 to {})", v.value, crate::limits::MAX_COUNTER / 2),
                        "",
                    );
                }
            }
        }
        if let Some((w, b)) = checks {
            let _ = writeln!(end, "checks = {}", w.max(b).max(1));
        }
        if end.is_empty() {
            end
        } else {
            format!("\n[end]\n{end}")
        }
    }

    fn castling(
        &mut self,
        fen: &Option<Fen>,
        fen_val: &Val,
        ranks: u8,
        outs: &[Out],
        royal: Option<&Slot>,
        gating: bool,
    ) -> Option<Castle> {
        let fen = fen.as_ref()?;
        let royal = royal?;
        let at = self.at(fen_val);
        // With gating, the letters besides `KQkq` are the gates' files.
        let kq: String = fen
            .castling
            .chars()
            .filter(|c| "KQkq".contains(*c))
            .collect();
        let written = if gating {
            kq.as_str()
        } else {
            fen.castling.as_str()
        };
        if written == "-" || written.is_empty() {
            return None;
        }
        if written.chars().any(|c| !"KQkq".contains(c)) {
            self.untranslatable(
                at,
                format!(
                    "castling rights `{}` written by files: only `KQkq` is translated",
                    fen.castling
                ),
                "",
            );
            return None;
        }
        if let Some(v) = self.get("castlingKingPiece")
            && !v.value.starts_with(royal.letter)
        {
            let a = self.at(&v);
            self.untranslatable(
                a,
                "castling with a piece other than the king has no counterpart in the format".into(),
                "",
            );
            return None;
        }
        let rook_v = self
            .get("castlingRookPieces")
            .or(self.get("castlingRookPiece"))
            .or(self.get("castlingRookPiecesWhite"));
        let rook_keys = match &rook_v {
            Some(v) => self.piece_set("castlingRookPieces", v),
            None => vec!["rook".to_string()],
        };
        if rook_keys.len() != 1 {
            let a = rook_v.as_ref().map_or(self.header.clone(), |v| self.at(v));
            self.untranslatable(
                a,
                "castling with more than one kind of rook has no counterpart in the format".into(),
                "",
            );
            return None;
        }
        let rook = outs.iter().find(|o| o.slot.key == rook_keys[0])?;
        // The rows, White's first rank first.
        let grid: Vec<Vec<Option<char>>> = fen
            .board
            .split('/')
            .rev()
            .map(|row| {
                let mut out = Vec::new();
                let mut n = 0u32;
                for c in row.chars() {
                    if let Some(d) = c.to_digit(10) {
                        n = n * 10 + d;
                    } else {
                        out.extend(std::iter::repeat_n(None, n as usize));
                        n = 0;
                        out.push(Some(c));
                    }
                }
                out.extend(std::iter::repeat_n(None, n as usize));
                out
            })
            .collect();
        let find_row = |row: usize, upper: bool| -> (Option<usize>, Option<usize>, Option<usize>) {
            let r = &grid[row];
            let cased = |c: char| if upper { c.to_ascii_uppercase() } else { c };
            let king = r.iter().position(|p| *p == Some(cased(royal.letter)));
            let Some(k) = king else {
                return (None, None, None);
            };
            let rook_at = |i: &usize| r[*i] == Some(cased(rook.slot.letter));
            let right = (k + 1..r.len()).rev().find(rook_at);
            let left = (0..k).find(rook_at);
            (king, left, right)
        };
        // The rank of castling, White's (Black's mirrored): the first by default.
        let mut rank = 1u8;
        if let Some(v) = self.get("castlingRank") {
            match v.value.parse::<u8>() {
                Ok(n) if n >= 1 && n <= ranks => rank = n,
                _ => {
                    let at = self.at(&v);
                    self.bad(
                        at,
                        format!("`castlingRank`: `{}` is not a rank of the board", v.value),
                        "expected a rank number, from 1",
                    );
                    return None;
                }
            }
        }
        let w = find_row(rank as usize - 1, true);
        let b = find_row((ranks - rank) as usize, false);
        let (wants_w, wants_b) = (
            fen.castling.chars().any(|c| c.is_ascii_uppercase()),
            fen.castling.chars().any(|c| c.is_ascii_lowercase()),
        );
        let side = match (wants_w, wants_b) {
            (true, true) if w != b => {
                self.untranslatable(at, "castling where Black's king and rooks do not mirror White's has no counterpart in the format".into(), "");
                return None;
            }
            (true, _) => w,
            _ => b,
        };
        let (Some(king), left, right) = side else {
            self.untranslatable(
                at,
                "castling rights without a king on the rank of castling".into(),
                "",
            );
            return None;
        };
        let kf = self
            .get("castlingKingsideFile")
            .and_then(|v| Self::file_of(&v.value))
            .unwrap_or(6);
        let qf = self
            .get("castlingQueensideFile")
            .and_then(|v| Self::file_of(&v.value))
            .unwrap_or(2);
        let sq = |f: usize| format!("\"{}{rank}\"", (b'a' + f as u8) as char);
        let mut rooks = Vec::new();
        let mut to = Vec::new();
        let mut rights = String::new();
        for c in written.chars() {
            let rook_file = if c.eq_ignore_ascii_case(&'k') {
                right
            } else {
                left
            };
            if rook_file.is_none() {
                self.untranslatable(
                    at.clone(),
                    format!("castling right `{c}` without a rook on that side of the king"),
                    "",
                );
                continue;
            }
            rights.push(c);
        }
        if rights.is_empty() {
            return None;
        }
        for (rf, dest) in [(left, qf as usize), (right, kf as usize)] {
            if let Some(r) = rf {
                rooks.push(sq(r));
                to.push(sq(dest));
            }
        }
        let mut toml = format!(
            "\n[castling]\nking = {}\nrooks = [{}]\nking-to = [{}]\n",
            sq(king),
            rooks.join(", "),
            to.join(", ")
        );
        if rook.id != "rook" {
            let _ = writeln!(toml, "rook = {}", quote(&rook.id));
        }
        toml.push_str("fen = \"KQkq\"\n");
        Some(Castle { toml, rights })
    }
}

struct Fen {
    board: String,
    /// The wall squares (`*`), by name.
    walls: Vec<String>,
    pocket: String,
    side: String,
    #[allow(dead_code)]
    castling: String,
    ep: String,
    /// The checks left, White's and Black's, in an n-check game.
    checks: Option<(u8, u8)>,
    half: String,
    full: String,
}

struct Castle {
    toml: String,
    rights: String,
}

fn quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

fn list(ids: &[String]) -> String {
    let q: Vec<String> = ids.iter().map(|s| quote(s)).collect();
    format!("[{}]", q.join(", "))
}

fn show(s: &Squares) -> String {
    if s.is_empty() {
        return "none".into();
    }
    let v: Vec<String> = s
        .iter()
        .map(|&(f, r)| format!("{}{}", (b'a' + f) as char, r + 1))
        .collect();
    v.join(" ")
}

/// A set of squares as a zone of the format: whole ranks as `"rank N"` or `"ranks A..B"`,
/// other squares by name.
pub(crate) fn zone_text(s: &Squares, files: u8, ranks: u8) -> String {
    if s.len() == files as usize * ranks as usize {
        return "\"all\"".into();
    }
    let mut items = Vec::new();
    let rows: BTreeSet<u8> = s.iter().map(|&(_, r)| r).collect();
    let full: Vec<u8> = rows
        .iter()
        .copied()
        .filter(|&r| files < 16 && (0..files).all(|f| s.contains(&(f, r))))
        .collect();
    let mut i = 0;
    while i < full.len() {
        let mut j = i;
        while j + 1 < full.len() && full[j + 1] == full[j] + 1 {
            j += 1;
        }
        if i == j {
            items.push(format!("\"rank {}\"", full[i] + 1));
        } else {
            items.push(format!("\"ranks {}..{}\"", full[i] + 1, full[j] + 1));
        }
        i = j + 1;
    }
    for &(f, r) in s {
        if !full.contains(&r) {
            items.push(format!("\"{}{}\"", (b'a' + f) as char, r + 1));
        }
    }
    if items.len() == 1 {
        items.remove(0)
    } else {
        format!("[{}]", items.join(", "))
    }
}

/// Offsets as the format writes directions: a name when they are exactly a named set,
/// one offset when they are all its images, else the list (with `symmetry = "none"`).
fn dirs_text(offsets: &[(i8, i8)]) -> String {
    use crate::def::dirs;
    let set: BTreeSet<(i8, i8)> = offsets.iter().copied().collect();
    let named: &[(&str, &[(i8, i8)])] = &[
        ("orthogonal", dirs::ORTHOGONAL),
        ("diagonal", dirs::DIAGONAL),
        ("all", dirs::ALL),
        ("forward", dirs::FORWARD),
        ("backward", dirs::BACKWARD),
        ("sideways", dirs::SIDEWAYS),
        ("forward-diagonal", dirs::FORWARD_DIAGONAL),
        ("backward-diagonal", dirs::BACKWARD_DIAGONAL),
    ];
    for (name, d) in named {
        if d.iter().copied().collect::<BTreeSet<_>>() == set {
            return format!("\"{name}\"");
        }
    }
    let first = offsets[0];
    let images: BTreeSet<(i8, i8)> = dirs::images(first).into_iter().collect();
    if images == set {
        let (a, b) = (
            first.0.unsigned_abs().min(first.1.unsigned_abs()),
            first.0.unsigned_abs().max(first.1.unsigned_abs()),
        );
        return format!("[{a}, {b}]");
    }
    let v: Vec<String> = offsets.iter().map(|(x, y)| format!("[{x}, {y}]")).collect();
    format!("[{}], symmetry = \"none\"", v.join(", "))
}
