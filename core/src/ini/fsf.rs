//! What the importer and the exporter know of Fairy-Stockfish: its predefined piece types
//! with their Betza, the keys of variants.ini with their defaults, and the built-in
//! variants a section may name as its parent (written as variants.ini sections).

/// The predefined piece types: the key that gives each its letter, its Betza, and the id
/// of the piece the importer writes. The pawn and the king are read apart (the pawn's
/// double step and promotion come from other keys; the king may be given a Betza).
pub(crate) const PIECES: &[(&str, &str, &str)] = &[
    ("pawn", "fmWfceF", "pawn"),
    ("knight", "N", "knight"),
    ("bishop", "B", "bishop"),
    ("rook", "R", "rook"),
    ("queen", "Q", "queen"),
    ("fers", "F", "fers"),
    ("alfil", "A", "alfil"),
    ("fersAlfil", "FA", "fers-alfil"),
    ("silver", "FfW", "silver"),
    ("aiwok", "RNF", "aiwok"),
    ("bers", "RF", "bers"),
    ("archbishop", "BN", "archbishop"),
    ("chancellor", "RN", "chancellor"),
    ("amazon", "QN", "amazon"),
    ("knibis", "mNcB", "knibis"),
    ("biskni", "mBcN", "biskni"),
    ("kniroo", "mNcR", "kniroo"),
    ("rookni", "mRcN", "rookni"),
    ("shogiPawn", "fW", "shogi-pawn"),
    ("lance", "fR", "lance"),
    ("shogiKnight", "fN", "shogi-knight"),
    ("gold", "WfF", "gold"),
    ("dragonHorse", "BW", "dragon-horse"),
    ("clobber", "cW", "clobber"),
    ("breakthrough", "fmWfF", "breakthrough"),
    ("immobile", "", "immobile"),
    ("cannon", "mRcpR", "cannon"),
    ("janggiCannon", "pR", "janggi-cannon"),
    ("soldier", "fsW", "soldier"),
    ("horse", "nN", "horse"),
    ("elephant", "nA", "elephant"),
    ("janggiElephant", "nZ", "janggi-elephant"),
    ("banner", "RcpRnN", "banner"),
    ("wazir", "W", "wazir"),
    ("commoner", "K", "commoner"),
    ("centaur", "KN", "centaur"),
    ("king", "K", "king"),
];

/// Predefined pieces whose moves depend on rules of their own besides their Betza: they
/// are not translated.
pub(crate) const SPECIAL_PIECES: &[(&str, &str)] = &[
    (
        "janggiCannon",
        "the janggi cannon may not hop over or capture another cannon",
    ),
    ("immobile", "a piece without moves"),
];

/// Keys that only change how a program shows the game or plays it, not its rules: read
/// and left out.
pub(crate) const DISPLAY_KEYS: &[&str] = &[
    "variantTemplate",
    "pieceToCharTable",
    "pocketSize",
    "pieceValueMg",
    "pieceValueEg",
    "nnueAlias",
];

/// Rules the format does not have: each key with the value that leaves the rule off
/// (Fairy-Stockfish's default). A section that writes one of these with another value
/// cannot be translated whole.
pub(crate) const RULE_DEFAULTS: &[(&str, &str)] = &[
    ("chess960", "false"),
    ("twoBoards", "false"),
    ("sittuyinPromotion", "false"),
    ("piecePromotionOnCapture", "false"),
    ("pieceDemotion", "false"),
    ("blastOnCapture", "false"),
    ("blastImmuneTypes", "-"),
    ("mutuallyImmuneTypes", "-"),
    ("petrifyOnCaptureTypes", "-"),
    ("petrifyBlastPieces", "false"),
    ("tripleStepRegionWhite", "-"),
    ("tripleStepRegionBlack", "-"),
    ("castlingDroppedPiece", "false"),
    ("castlingRank", "1"),
    ("oppositeCastling", "false"),
    ("checking", "true"),
    ("dropChecks", "true"),
    ("mustCapture", "false"),
    ("mustDrop", "false"),
    ("mustDropType", "*"),
    ("dropLoop", "false"),
    ("capturesToHand", "false"),
    ("dropOnTop", "false"),
    ("enclosingDrop", "none"),
    ("enclosingDropStart", "-"),
    ("sittuyinRookDrop", "false"),
    ("dropOppositeColoredBishop", "false"),
    ("dropPromoted", "false"),
    ("dropNoDoubledCount", "1"),
    ("gating", "false"),
    ("wallingRule", "none"),
    ("wallOrMove", "false"),
    ("arrowGating", "false"),
    ("duckGating", "false"),
    ("staticGating", "false"),
    ("pastGating", "false"),
    ("seirawanGating", "false"),
    ("cambodianMoves", "false"),
    ("diagonalLines", "-"),
    ("pass", "false"),
    ("passWhite", "false"),
    ("passBlack", "false"),
    ("passOnStalemate", "false"),
    ("passOnStalemateWhite", "false"),
    ("passOnStalemateBlack", "false"),
    ("makpongRule", "false"),
    ("flipEnclosedPieces", "none"),
    ("nMoveRule", "50"),
    ("nFoldRule", "3"),
    ("nFoldValue", "draw"),
    ("nFoldValueAbsolute", "false"),
    ("perpetualCheckIllegal", "false"),
    ("moveRepetitionIllegal", "false"),
    ("chasingRule", "none"),
    ("stalemateValue", "draw"),
    ("stalematePieceCount", "false"),
    ("shatarMateRule", "false"),
    ("bikjangRule", "false"),
    ("extinctionValue", "none"),
    ("extinctionClaim", "false"),
    ("extinctionPseudoRoyal", "false"),
    ("dupleCheck", "false"),
    ("extinctionPieceTypes", "-"),
    ("extinctionPieceCount", "0"),
    ("extinctionOpponentPieceCount", "0"),
    ("flagPieceCount", "1"),
    ("flagPieceBlockedWin", "false"),
    ("flagMove", "false"),
    ("flagPieceSafe", "false"),
    ("checkCounting", "false"),
    ("connectN", "0"),
    ("connectPieceTypes", "*"),
    ("connectHorizontal", "true"),
    ("connectVertical", "true"),
    ("connectDiagonal", "true"),
    ("connectNxN", "0"),
    ("collinearN", "0"),
    ("connectValue", "win"),
    ("adjudicateFullBoard", "false"),
    ("countingRule", "none"),
    ("castlingWins", "-"),
    ("freeDrops", "false"),
];

/// The built-in variants of Fairy-Stockfish a section may name as its parent, as
/// variants.ini sections over the default template (chess's rules without pieces). Only
/// parents the format can express are here.
pub(crate) const PARENTS: &str = "\
[chess]
pawn = p
knight = n
bishop = b
rook = r
queen = q
king = k

[capablanca:chess]
maxFile = 10
castlingKingsideFile = i
castlingQueensideFile = c
archbishop = a
chancellor = c
startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1
promotionPieceTypes = acqrbn

[gothic:capablanca]
startFen = rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1

[embassy:capablanca]
castlingKingsideFile = h
castlingQueensideFile = b
startFen = rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq - 0 1

[janus:chess]
maxFile = 10
castlingKingsideFile = i
castlingQueensideFile = b
archbishop = j
startFen = rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1
promotionPieceTypes = jqrbn
";

/// The names of the built-in parents, in the order of [`PARENTS`].
pub(crate) fn parent_names() -> Vec<&'static str> {
    PARENTS
        .lines()
        .filter_map(|l| l.strip_prefix('['))
        .map(|l| l.trim_end_matches(']'))
        .map(|l| l.split(':').next().unwrap_or(l))
        .collect()
}
