//! The stable code of each kind of diagnostic (`unknown-key`, `bad-setup`, ...): what the
//! studio, the bindings and the tests key on, whatever the wording of the message.
//! docs/format.md ("Diagnostic codes") lists them all with their meaning; a test keeps the
//! two lists in step.

/// Defines [`Code`] from `Variant => "name", "meaning"` rows.
macro_rules! codes {
    ($($(#[$doc:meta])* $v:ident => $name:literal, $meaning:literal;)*) => {
        /// The kind of a diagnostic, as a stable name (`Code::as_str`).
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Code {
            $($(#[$doc])* #[doc = $meaning] $v,)*
        }

        impl Code {
            /// Every code, in the order of docs/format.md.
            pub const ALL: &'static [Code] = &[$(Code::$v),*];

            /// The stable name, as messages show it and programs key on it.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Code::$v => $name,)*
                }
            }

            /// What the code means, in one line.
            pub fn meaning(self) -> &'static str {
                match self {
                    $(Code::$v => $meaning,)*
                }
            }
        }
    };
}

codes! {
    // Reading a file.
    CannotRead => "cannot-read", "a file cannot be read: missing, not a file, too large, not UTF-8, or outside what a game may use";
    SyntaxError => "syntax-error", "the file is not valid TOML";
    UnknownKey => "unknown-key", "a key the format does not have in this table";
    MissingKey => "missing-key", "a required key is missing";
    WrongType => "wrong-type", "a value of the wrong type (a string for a number, a table for a list)";
    OutOfRange => "out-of-range", "a number outside the range its key allows";
    UnknownValue => "unknown-value", "a word that is none of those its key accepts (a mode, a symmetry, a result)";
    ConflictingKeys => "conflicting-keys", "keys that do not go together, or one that needs another";
    // Composition.
    UnknownGame => "unknown-game", "no built-in game and no file has this name";
    UnknownLibrary => "unknown-library", "no built-in library and no file has this name";
    CompositionLoop => "composition-loop", "`extends` or `import` leads back to a file being read";
    TooDeep => "too-deep", "`extends` or `import` goes deeper than the format allows";
    TooManyFiles => "too-many-files", "a game reads more files than the format allows";
    // Pieces.
    DuplicatePiece => "duplicate-piece", "a piece id defined twice across the libraries, or listed twice";
    UnknownPiece => "unknown-piece", "a name that is no piece of the game or of its libraries";
    BadLetter => "bad-letter", "a piece letter that is not one letter A-Z";
    DuplicateLetter => "duplicate-letter", "two pieces of a game share a letter";
    NoMoves => "no-moves", "a piece without moves";
    UnknownPrimitive => "unknown-primitive", "a move that names no primitive, or an unknown one";
    TwoPrimitives => "two-primitives", "a move that names two primitives";
    UnknownDirection => "unknown-direction", "a direction name the format does not have";
    BadOffset => "bad-offset", "an offset that is not two whole numbers, not both zero, within 18 squares";
    MinAboveMax => "min-above-max", "a slide whose `min` is larger than its `max`";
    // The board, zones and squares.
    BadSquare => "bad-square", "a text that is not a square name";
    UnknownZone => "unknown-zone", "a text that is no zone";
    OffBoard => "off-board", "a square, rank or zone with no square on the board";
    BadBoard => "bad-board", "a board too large, an extra square not beside it, or not symmetric";
    // Rules of the game.
    RoyalRule => "royal-rule", "a royal piece where one may not be: a pawn, promoting, dropped, in a slot or a reserve, a promotion choice";
    RoyalCount => "royal-count", "a game with no royal piece, or with two";
    BadPromotion => "bad-promotion", "a promotion rule with no choice, or without a suffix and with several choices";
    TwoPromotions => "two-promotions", "a piece in two promotion rules of one side";
    NoDropZone => "no-drop-zone", "a piece in a reserve with nowhere to be dropped";
    BadCastling => "bad-castling", "a castling rook off the king's rank";
    UnknownSlot => "unknown-slot", "a slot of the parent game that does not exist";
    BadSetup => "bad-setup", "the start position is not a position of the game";
    UnknownOption => "unknown-option", "an option the game does not have, or a setting that is neither on nor off";
    TooMany => "too-many", "more piece types, directions, options, promotion rules, castling rooks or perft counts than the format allows";
    PawnWithoutPromotion => "pawn-without-promotion", "warning: a pawn that no promotion rule names";
    NotLoaded => "not-loaded", "the game could not be read, for a reason reported before";
    // Test files.
    NoTest => "no-test", "a test file without a game or without tests, or a test without expectations";
    GameDoesNotLoad => "game-does-not-load", "the game a test file names has mistakes";
    TestFailed => "test-failed", "an expectation of a test that the engine does not meet";
    // Fairy-Stockfish's variants.ini.
    BadIni => "bad-ini", "a variants.ini text that cannot be read: a line that is no section, key or comment, a missing section or parent, a value of the wrong form";
    Untranslatable => "untranslatable", "a key, value or Betza atom of a variants.ini section that the format cannot express yet";
    NotExportable => "not-exportable", "a rule of a game that a Fairy-Stockfish variants.ini section cannot express";
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows `| `code` | meaning |` of docs/format.md's "Diagnostic codes" table are
    /// [`Code::ALL`] with their meanings, in order.
    #[test]
    fn the_codes_are_the_documented_ones() {
        let md = include_str!("../../docs/format.md");
        let at = md
            .find("\n## Diagnostic codes")
            .expect("docs/format.md has a `Diagnostic codes` section");
        let rows: Vec<(String, String)> = md[at..]
            .lines()
            .skip_while(|l| !l.starts_with("| code"))
            .skip(2)
            .take_while(|l| l.starts_with('|'))
            .map(|l| {
                let cells: Vec<&str> = l.trim().trim_matches('|').split('|').collect();
                (
                    cells[0].trim().trim_matches('`').to_string(),
                    cells[1].trim().to_string(),
                )
            })
            .collect();
        let ours: Vec<(String, String)> = Code::ALL
            .iter()
            .map(|c| (c.as_str().to_string(), c.meaning().replace('|', "\\|")))
            .collect();
        assert_eq!(rows, ours);
    }

    #[test]
    fn codes_are_distinct_kebab_case_words() {
        let mut seen = std::collections::HashSet::new();
        for c in Code::ALL {
            let s = c.as_str();
            assert!(seen.insert(s), "{s} twice");
            assert!(
                s.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
                "{s}"
            );
        }
    }
}
