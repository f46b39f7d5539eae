// The data contract of fairyforge (core/src/contract/): what the studio's JSON API,
// the WebAssembly API and the Python objects return. Generated from the Rust types by
// `cargo test -p fairyforge --features ts --lib contract::typescript`: do not edit.

export type VariantRef = { 
/**
 * A built-in game (`birds-and-ninjas`).
 */
game?: string, 
/**
 * The text of a variant file; it may import the built-in piece library and extend
 * built-in games, nothing else.
 */
text?: string, 
/**
 * The file name used in messages about `text` (default `variant.toml`).
 */
name?: string, 
/**
 * Optional rules: `NAME` or `NAME=on` turns one on, `NAME=off` turns it off.
 */
options?: Array<string>, };

export type PositionRef = { 
/**
 * The game.
 */
variant: VariantRef, 
/**
 * The position string to start from; default: the game's setup.
 */
fen?: string, 
/**
 * Moves from the start, as move text (`e2e5`, `J@e2e4`; docs/rules.md) or the short
 * forms players type (`e5`, `Fxf8`, `J@e4`).
 */
moves?: Array<string>, };

export type VariantRequest = { 
/**
 * The game.
 */
variant: VariantRef, };

export type ValidateRequest = { 
/**
 * The file's text.
 */
text: string, 
/**
 * The file name used in messages (default `variant.toml`).
 */
name?: string, };

export type PlayRequest = { 
/**
 * The move to play, in any form `moves` accepts.
 */
move: string, 
/**
 * The game.
 */
variant: VariantRef, 
/**
 * The position string to start from; default: the game's setup.
 */
fen?: string, 
/**
 * Moves from the start, as move text (`e2e5`, `J@e2e4`; docs/rules.md) or the short
 * forms players type (`e5`, `Fxf8`, `J@e4`).
 */
moves?: Array<string>, };

export type MovesRequest = { 
/**
 * Only the moves of the piece on this square (or, for drops, dropped on it).
 */
from?: string, 
/**
 * The game.
 */
variant: VariantRef, 
/**
 * The position string to start from; default: the game's setup.
 */
fen?: string, 
/**
 * Moves from the start, as move text (`e2e5`, `J@e2e4`; docs/rules.md) or the short
 * forms players type (`e5`, `Fxf8`, `J@e4`).
 */
moves?: Array<string>, };

export type ThinkRequest = { 
/**
 * Thinking time in milliseconds (default 1000).
 */
time_ms?: number, 
/**
 * A fixed depth instead of (or besides) a time.
 */
depth?: number, 
/**
 * A fixed number of nodes instead of (or besides) a time: the same answer every run.
 */
nodes?: number, 
/**
 * The game.
 */
variant: VariantRef, 
/**
 * The position string to start from; default: the game's setup.
 */
fen?: string, 
/**
 * Moves from the start, as move text (`e2e5`, `J@e2e4`; docs/rules.md) or the short
 * forms players type (`e5`, `Fxf8`, `J@e4`).
 */
moves?: Array<string>, };

export type PerftRequest = { 
/**
 * How many plies to count (0 to 8 in the studio).
 */
depth: number, 
/**
 * Count per root move too.
 */
divide?: boolean, 
/**
 * The game.
 */
variant: VariantRef, 
/**
 * The position string to start from; default: the game's setup.
 */
fen?: string, 
/**
 * Moves from the start, as move text (`e2e5`, `J@e2e4`; docs/rules.md) or the short
 * forms players type (`e5`, `Fxf8`, `J@e4`).
 */
moves?: Array<string>, };

export type PieceRequest = { 
/**
 * The game whose board is used.
 */
variant: VariantRef, 
/**
 * The piece's id (`flying-bomber`) or letter; a piece of the game or of the built-in
 * library.
 */
piece: string, 
/**
 * `white` (default) or `black`.
 */
color?: string, 
/**
 * Its square; default: the centre of the board.
 */
at?: string, 
/**
 * Other pieces on the board: friends and enemies that block or can be captured.
 */
blockers?: Array<Blocker>, };

export type Blocker = { 
/**
 * Its square.
 */
square: string, 
/**
 * `white` or `black`.
 */
color: string, };

export type SourceQuery = { 
/**
 * A built-in game (`chess`), an example (`examples/dive-bombers`) or the piece
 * library (`pieces`).
 */
name: string, };

export type Side = "white" | "black";

export type MoveType = "normal" | "double-step" | "en-passant" | "drop" | "castle";

export type MoveInfo = { 
/**
 * The move text (docs/rules.md): what to send back in `moves`.
 */
move: string, 
/**
 * The readable short form (`e5`, `Fxf8`, `J@e4`, `e10=Q`); for played moves check
 * marked `+` and mate `#`.
 */
san: string, 
/**
 * The square the piece leaves, or for a drop the square it is dropped on.
 */
from: string, 
/**
 * Where the piece ends.
 */
to: string, 
/**
 * What kind of move.
 */
kind: MoveType, 
/**
 * Squares whose pieces the move captures (`to` first when it captures there).
 */
captures: Array<string>, 
/**
 * Every square the move leaves empty that held a piece: the square the piece leaves
 * (not for a drop), the captured pieces' squares other than `to`, a castling rook's
 * square; those where a piece of the move lands are left out.
 */
empties: Array<string>, 
/**
 * The letter of the piece a promotion makes.
 */
promotion?: string, 
/**
 * The dropped piece's letter.
 */
drop?: string, 
/**
 * The rook of a castling: from, to.
 */
rook?: [string, string], 
/**
 * A gating move (docs/format.md § Gating): the letter of the reserve piece it puts
 * on a square it leaves, and that square (which `empties` leaves out).
 */
gate?: [string, string], };

export type Reason = "checkmate" | "stalemate" | "repetition" | "hundred-plies" | "scepter" | "bare-king" | "ply-limit" | "checks";

export type Outcome = { 
/**
 * The winner, or null for a draw.
 */
winner: Side | null, 
/**
 * Why the game ended.
 */
reason: Reason, 
/**
 * In words: `Black wins by checkmate`, `draw by threefold repetition`.
 */
text: string, };

export type ReserveEntry = { 
/**
 * The piece's letter (upper case White's, lower case Black's).
 */
letter: string, 
/**
 * How many.
 */
count: number, };

export type Reserves = { 
/**
 * White's.
 */
white: Array<ReserveEntry>, 
/**
 * Black's.
 */
black: Array<ReserveEntry>, };

export type State = { 
/**
 * Its position string.
 */
fen: string, 
/**
 * The side to move.
 */
turn: Side, 
/**
 * Moves played from the start.
 */
ply: number, 
/**
 * The side to move at the start, before `history` (the move list numbers its moves
 * from here).
 */
start_turn: Side, 
/**
 * The move number at the start, as its position string gives it.
 */
start_move_number: number, 
/**
 * Whether the side to move is in check.
 */
check: boolean, 
/**
 * The square of the side to move's royal piece when it is in check, else null.
 */
check_square: string | null, 
/**
 * The end of the game, or null while it goes on.
 */
outcome: Outcome | null, 
/**
 * Square name -> piece letter (upper case White, lower case Black).
 */
board: { [key in string]: string }, 
/**
 * The pieces in hand.
 */
reserves: Reserves, 
/**
 * The moves played from the start, in order.
 */
history: Array<MoveInfo>, 
/**
 * The legal moves (empty when the game is over).
 */
legal: Array<MoveInfo>, };

export type Played = { 
/**
 * The move, check and mate marked.
 */
played: MoveInfo, 
/**
 * The position after it.
 */
state: State, };

export type MoveList = { 
/**
 * The moves.
 */
moves: Array<MoveInfo>, };

export type Catalog = { 
/**
 * The library's version.
 */
version: string, 
/**
 * The built-in games, in the library's order.
 */
games: Array<GameInfo>, 
/**
 * Example files of the documentation (`examples/dive-bombers`).
 */
examples: Array<SourceInfo>, 
/**
 * The built-in piece library (`pieces`).
 */
libraries: Array<SourceInfo>, 
/**
 * What a request may ask.
 */
limits: Limits, };

export type GameInfo = { 
/**
 * Its name for requests (`birds-and-ninjas`).
 */
id: string, 
/**
 * Its name for people.
 */
name: string, 
/**
 * Its one-line description.
 */
description: string, 
/**
 * Its optional rules, `on` when on by default.
 */
options: Array<OptionInfo>, };

export type SourceInfo = { 
/**
 * Its name for `/api/source`.
 */
id: string, 
/**
 * Its name for people.
 */
name: string, 
/**
 * Its one-line description.
 */
description: string, };

export type Limits = { 
/**
 * Largest variant file text, in bytes.
 */
text_bytes: number, 
/**
 * Largest request body, in bytes.
 */
body_bytes: number, 
/**
 * Most moves replayed in one request.
 */
moves: number, 
/**
 * Longest position string, in bytes.
 */
fen_bytes: number, 
/**
 * Longest thinking time, in milliseconds.
 */
think_ms: number, 
/**
 * Deepest perft.
 */
perft_depth: number, 
/**
 * A perft count's time budget, in milliseconds.
 */
perft_ms: number, 
/**
 * Most blockers in the piece explorer.
 */
blockers: number, };

export type OptionInfo = { 
/**
 * Its name (`capture-the-scepter`).
 */
name: string, 
/**
 * What it does.
 */
description: string, 
/**
 * On in this variant (for `/api/games`: on by default).
 */
on: boolean, };

export type Source = { 
/**
 * The name asked for.
 */
id: string, 
/**
 * The file name to show and to use in messages.
 */
file: string, 
/**
 * The file's text.
 */
text: string, };

export type VariantInfo = { 
/**
 * Its name.
 */
name: string, 
/**
 * Its one-line description.
 */
description: string, 
/**
 * Its board.
 */
board: BoardInfo, 
/**
 * Its pieces, in the game's order.
 */
pieces: Array<PieceInfo>, 
/**
 * Pieces of the built-in library that this game does not use (for the piece
 * explorer).
 */
library: Array<PieceInfo>, 
/**
 * Its start position string.
 */
setup: string, 
/**
 * Its optional rules, `on` when on in this variant.
 */
options: Array<OptionInfo>, 
/**
 * Whether positions have reserves (the game has drops).
 */
reserves: boolean, };

export type BoardInfo = { 
/**
 * Files (`a` upward).
 */
files: number, 
/**
 * Main ranks (1..=ranks).
 */
ranks: number, 
/**
 * Lowest and highest rank, rear squares included (0 and 11 on the 104-square board).
 */
rank_min: number, 
/**
 * See `rank_min`.
 */
rank_max: number, 
/**
 * Every square that exists, holes left out, from the lowest rank up.
 */
squares: Array<string>, 
/**
 * The files' letters, from file 0 (`a`).
 */
file_names: Array<string>, 
/**
 * The same squares with their coordinates and colour, in the same order.
 */
cells: Array<Cell>, 
/**
 * The square in the middle of the board, where the piece explorer starts (null when
 * it is a hole).
 */
centre: string | null, 
/**
 * The zones that confine a piece (every move of it lands in a zone), each as its
 * squares, for the board to outline: a xiangqi palace, each side's half (whose
 * common edge is the river). Empty in most games.
 */
regions: Array<Array<string>>, };

export type Cell = { 
/**
 * Its name (`e4`, `e0`).
 */
name: string, 
/**
 * Its file, from 0 (`a`).
 */
file: number, 
/**
 * Its rank (0 for a rear square below rank 1).
 */
rank: number, 
/**
 * A dark square (a1 is dark).
 */
dark: boolean, };

export type PieceInfo = { 
/**
 * Its id (`flying-bomber`).
 */
id: string, 
/**
 * Its name.
 */
name: string, 
/**
 * White's letter (upper case).
 */
letter: string, 
/**
 * Its value in pawns.
 */
value: number, 
/**
 * The royal piece: it must never be left attacked.
 */
royal: boolean, 
/**
 * A pawn.
 */
pawn: boolean, 
/**
 * One line per move primitive, as the file that defines the piece writes it.
 */
primitives: Array<string>, };

export type Level = "error" | "warning";

export type Diag = { 
/**
 * The kind of problem, a stable name to key on (`unknown-key`, `bad-setup`, ...:
 * docs/format.md, "Diagnostic codes").
 */
code: string, 
/**
 * `error` or `warning`.
 */
severity: Level, 
/**
 * The file the problem is in (the edited file, or a built-in file it pulls in).
 */
file: string, 
/**
 * 1-based; 0 when the problem has no place (then column is 0 too).
 */
line: number, 
/**
 * 1-based, in characters.
 */
column: number, 
/**
 * Just past the offending text.
 */
end_line: number, 
/**
 * See `end_line`.
 */
end_column: number, 
/**
 * What is wrong.
 */
message: string, 
/**
 * How to fix it (drawn under the caret).
 */
label: string, 
/**
 * The problem as `fairyforge validate` prints it.
 */
rendered: string, };

export type Validation = { 
/**
 * Whether it loads.
 */
ok: boolean, 
/**
 * The game's name, when it loads.
 */
name?: string, 
/**
 * The game's description, when it loads.
 */
description?: string, 
/**
 * Every problem (warnings only when it loads).
 */
diagnostics: Array<Diag>, 
/**
 * The whole report as `fairyforge validate` prints it (empty when ok).
 */
rendered: string, 
/**
 * Problems found past the most reported (they are counted, not listed).
 */
omitted: number, };

export type Status = { 
/**
 * The library's version.
 */
version: string, 
/**
 * Threads that think (0 where searches run in the caller's thread).
 */
workers: number, 
/**
 * Searches and perft counts running now.
 */
running: number, 
/**
 * Waiting for a free worker.
 */
queued: number, 
/**
 * Jobs stopped because their client went away.
 */
cancelled: number, 
/**
 * Compiled variants kept.
 */
cached_variants: number, 
/**
 * Replayed games kept.
 */
cached_games: number, };

export type Score = { 
/**
 * Centipawns from the side to move's view (absent for a mate).
 */
cp?: number, 
/**
 * Moves to mate: positive when the side to move wins.
 */
mate?: number, 
/**
 * In a player's words, from White's side: `White is better by 0.35`.
 */
text: string, };

export type Line = { 
/**
 * The depth (0: not even the first depth finished).
 */
depth: number, 
/**
 * Its score.
 */
score: Score, 
/**
 * The principal variation, move text.
 */
pv: Array<string>, 
/**
 * The same, readable.
 */
pv_san: Array<string>, 
/**
 * Nodes searched so far.
 */
nodes: number, 
/**
 * Time since the search started.
 */
time_ms: number, };

export type Thought = { 
/**
 * The move the computer plays (check and mate marked).
 */
move: MoveInfo, 
/**
 * The depth (0: not even the first depth finished).
 */
depth: number, 
/**
 * Its score.
 */
score: Score, 
/**
 * The principal variation, move text.
 */
pv: Array<string>, 
/**
 * The same, readable.
 */
pv_san: Array<string>, 
/**
 * Nodes searched so far.
 */
nodes: number, 
/**
 * Time since the search started.
 */
time_ms: number, };

export type Analysis = { 
/**
 * One line per finished depth, the deepest last.
 */
lines: Array<Line>, };

export type DivideEntry = { 
/**
 * Its move text.
 */
move: string, 
/**
 * Its readable text.
 */
san: string, 
/**
 * Move paths after it.
 */
nodes: number, };

export type Perft = { 
/**
 * The depth.
 */
depth: number, 
/**
 * The count.
 */
nodes: number, 
/**
 * How long it took.
 */
time_ms: number, 
/**
 * Per root move, sorted by move text, when asked.
 */
divide?: Array<DivideEntry>, };

export type ExplorerMove = { 
/**
 * The landing square.
 */
to: string, 
/**
 * Squares whose pieces the moves landing here capture.
 */
captures: Array<string>, 
/**
 * Promotion choices on this square (letters), if it promotes.
 */
promotions?: Array<string>, };

export type Explorer = { 
/**
 * The piece.
 */
piece: PieceInfo, 
/**
 * Whether the piece is the game's (false: the library's, on the game's board).
 */
in_game: boolean, 
/**
 * Its side.
 */
color: Side, 
/**
 * Its square.
 */
at: string, 
/**
 * Square name -> letter of the pieces on the board (the piece and its blockers).
 */
board: { [key in string]: string }, 
/**
 * One entry per landing square.
 */
moves: Array<ExplorerMove>, };

export type ApiError = { 
/**
 * A stable word for programs: `bad-request`, `unknown-game`, `bad-variant`, ...
 */
kind: string, 
/**
 * What is wrong and what to do, for people.
 */
error: string, 
/**
 * For `bad-variant`: every problem of the file, with line and column.
 */
diagnostics?: Array<Diag>, 
/**
 * For `bad-move`: the 0-based index in `moves` of the move that failed.
 */
move_index?: number, };

export type Description = { 
/**
 * The game's name.
 */
name: string, 
/**
 * Its one-line description.
 */
description: string, 
/**
 * The board.
 */
board: BoardFacts, 
/**
 * The start position.
 */
setup: SetupFacts, 
/**
 * The pieces, in the game's order.
 */
pieces: Array<PieceFacts>, 
/**
 * The promotion rules in force.
 */
promotions: Array<PromotionFacts>, 
/**
 * The pieces that can be dropped from a reserve, and where.
 */
drops: Array<DropFacts>, 
/**
 * Whether a captured piece goes to the captor's reserve, a promoted one as the piece
 * it was promoted from (`captures-to-hand`).
 */
captures_to_hand: boolean, 
/**
 * With `captures_to_hand`: whether a promoted piece goes to the reserve as it stands
 * (`captures-to-hand = "as-is"`).
 */
captures_as_is: boolean, 
/**
 * Seirawan-style gating (docs/format.md § Gating), if the game has it.
 */
gating: GatingFacts | null, 
/**
 * Castling, if the game has it.
 */
castling: CastlingFacts | null, 
/**
 * The optional rules of the game, on or off.
 */
options: Array<OptionFacts>, 
/**
 * How a game ends, one rule a line.
 */
end: Array<string>, 
/**
 * Perft of the start position at depths 1, 2, ... [`PERFT_DEPTH`].
 */
perft: Array<number>, };

export type BoardFacts = { 
/**
 * Number of files (`a` upward).
 */
files: number, 
/**
 * Number of main ranks (`1` upward).
 */
ranks: number, 
/**
 * Number of existing squares.
 */
squares: number, 
/**
 * Squares added behind the main ranks (rank 0 and rank `ranks + 1`).
 */
extra: Array<string>, 
/**
 * Squares of the main rectangle that do not exist.
 */
holes: Array<string>, };

export type SetupFacts = { 
/**
 * Its position string.
 */
position: string, 
/**
 * The side to move.
 */
to_move: string, 
/**
 * The board as text ([`Board::text`]).
 */
picture: string, 
/**
 * Each side's reserve, White's then Black's, pieces with none left out. Empty lists in
 * a game without drops.
 */
reserves: Array<Array<ReserveFacts>>, };

export type ReserveFacts = { 
/**
 * The piece's id.
 */
piece: string, 
/**
 * How many.
 */
count: number, };

export type PieceFacts = { 
/**
 * Its letter, upper case (Black's is the lower case).
 */
letter: string, 
/**
 * Its id in the file.
 */
id: string, 
/**
 * Its name.
 */
name: string, 
/**
 * Its value in pawns.
 */
value: number, 
/**
 * The royal piece: it must never be left attacked.
 */
royal: boolean, 
/**
 * A pawn: its moves reset the count toward the 100-ply draw.
 */
pawn: boolean, 
/**
 * Its move primitives in words, in White's view.
 */
moves: Array<string>, 
/**
 * Where it goes from a few telling squares of an empty board (White's piece).
 */
diagrams: Array<DiagramFacts>, };

export type DiagramFacts = { 
/**
 * The square.
 */
square: string, 
/**
 * Why this square is shown: `the centre`, `a corner`, `next to a hole`, `a rear
 * square`, `where it starts`.
 */
why: string, 
/**
 * Its moves on the empty board as move text, sorted.
 */
moves: Array<string>, 
/**
 * The squares where it captures an enemy piece standing there alone, sorted like the
 * board's squares (rank by rank from the lowest).
 */
captures: Array<string>, 
/**
 * The board with the moves marked, and with `x` where it captures but cannot move
 * ([`Board::text`]).
 */
picture: string, };

export type PromotionFacts = { 
/**
 * The ids of the pieces that promote.
 */
pieces: Array<string>, 
/**
 * Where White's pieces promote (a compact list: `rank 10`, or squares).
 */
white_zone: string, 
/**
 * Where Black's pieces promote.
 */
black_zone: string, 
/**
 * The ids of what they may become.
 */
choices: Array<string>, 
/**
 * The choices with a limit, each with it: a piece may become one only while its
 * side has fewer than that many of it on the board (`limits`; empty for none).
 */
limits: Array<[string, number]>, 
/**
 * Whether the piece must promote on reaching the zone.
 */
mandatory: boolean, 
/**
 * Whether the move text names the new piece (`e9e10q`).
 */
suffix: boolean, 
/**
 * Whether a move starting in the zone may promote too, wherever it lands (`from-zone`).
 */
from_zone: boolean, 
/**
 * Whether the promoted piece is written `+` and the letter of the piece it was, and
 * a promotion's move text ends with `+` (`plus`).
 */
plus: boolean, 
/**
 * Where White's pieces must promote though the rule lets them stay, because they
 * could never move again there (empty for none).
 */
white_forced: string, 
/**
 * Where Black's pieces must promote for that reason.
 */
black_forced: string, 
/**
 * A move text of such a promotion, for White (for Black when the rule is Black's alone).
 */
example: string, };

export type DropFacts = { 
/**
 * Its id.
 */
piece: string, 
/**
 * Where White drops it.
 */
white_zone: string, 
/**
 * Where Black drops it.
 */
black_zone: string, 
/**
 * How many squares straight forward it may be pushed in the same move (0: none).
 */
push: number, 
/**
 * A move text of such a drop, for White (`J@e2`).
 */
example: string, 
/**
 * The same drop pushed as far as it goes (`J@e2e5`), when it may be pushed.
 */
pushed: string | null, 
/**
 * Whether it may not be dropped on a file holding an unpromoted piece of its kind
 * and side (`one-per-file`).
 */
one_per_file: boolean, 
/**
 * Whether a checkmate by dropping it loses for the side that dropped (`no-mate`).
 */
no_mate: boolean, };

export type GatingFacts = { 
/**
 * The ids of the pieces that may gate.
 */
pieces: Array<string>, 
/**
 * White's squares that may hold a gate.
 */
white_zone: string, 
/**
 * Black's squares that may hold a gate.
 */
black_zone: string, 
/**
 * A gating move of the start, in the long form (`b1c3h`), if there is one.
 */
example: string | null, };

export type CastlingFacts = { 
/**
 * The id of the castling rook piece.
 */
rook_piece: string, 
/**
 * Each side's castlings, White's then Black's.
 */
sides: Array<CastlingSide>, };

export type CastlingSide = { 
/**
 * `White` or `Black`.
 */
color: string, 
/**
 * The king's square.
 */
king: string, 
/**
 * One entry per castling rook.
 */
rooks: Array<CastlingRook>, };

export type CastlingRook = { 
/**
 * The rook's square.
 */
rook: string, 
/**
 * The letter of this right in position strings.
 */
right: string, 
/**
 * The castlings with this rook.
 */
moves: Array<Castling>, };

export type Castling = { 
/**
 * Its move text: the king's move then the rook's (`f1h1i1g1`).
 */
text: string, 
/**
 * Where the king goes.
 */
king_to: string, 
/**
 * Where the rook goes.
 */
rook_to: string, };

export type OptionFacts = { 
/**
 * Its name (`--option NAME`).
 */
name: string, 
/**
 * What it does.
 */
description: string, 
/**
 * Whether it is on in this description.
 */
on: boolean, };

export type Change = { 
/**
 * The section, headings from the top joined by ` > `: `Pieces > W Ninja Warrior
 * (ninja-warrior) > From e5 (the centre)`. Empty for the game's name.
 */
section: string, 
/**
 * What changed, in words.
 */
what: string, };
