#!/usr/bin/env python3
"""Differential testing of fairyforge against Fairy-Stockfish (pyffish), and perft counts
taken from Fairy-Stockfish. See tools/fsf/README.md.

    python tools/fsf/fsfdiff.py games [--games N] [--plies P] [--seed S] [GAME ...]
    python tools/fsf/fsfdiff.py perft GAME DEPTH [--fen FEN] [--moves M ...]
    python tools/fsf/fsfdiff.py testfile GAME [--depth D] [--seed S]
    python tools/fsf/fsfdiff.py list

Run it with the Python package's environment (bindings/python/ci.sh makes
target/pyvenv, with pyffish and fairyforge installed).

`games` plays random games in every game the two engines share (or the ones named), the
moves chosen among Fairy-Stockfish's legal moves by a seeded generator, and compares at
every ply: the legal move sets (fairyforge's move text translated to Fairy-Stockfish's
UCI), the position strings (after the normalisations listed in `normalise_fen`), whether
the side to move is in check, and, at the end, the result. It prints one line per game
and the totals, and exits with 1 on any mismatch.
"""

from __future__ import annotations

import argparse
import dataclasses
import pathlib
import random
import re
import sys
from typing import Dict, List, Optional, Sequence, Tuple

import pyffish

import fairyforge

#: The games both engines play, fairyforge's name -> Fairy-Stockfish's.
#: A game is listed only when its rules are the same in both, move for move and in the
#: results the format can state (docs/games.md, "Fairy-Stockfish's games").
SHARED: Dict[str, str] = {
    "chess": "chess",
    "capablanca": "capablanca",
    "nocastle": "nocastle",
    "almost": "almost",
    "amazon": "amazon",
    "nightrider": "nightrider",
    "knightmate": "knightmate",
    "gothic": "gothic",
    "embassy": "embassy",
    "janus": "janus",
    "centaur": "centaur",
    "modern": "modern",
    "chancellor": "chancellor",
    "hoppelpoppel": "hoppelpoppel",
    "newzealand": "newzealand",
    "shako": "shako",
    "pocketknight": "pocketknight",
    "gardner": "gardner",
    "losalamos": "losalamos",
    "torpedo": "torpedo",
    "pawnback": "pawnback",
    "shatranj": "shatranj",
    "chaturanga": "chaturanga",
    "courier": "courier",
    "kingofthehill": "kingofthehill",
    "3check": "3check",
    "5check": "5check",
    "xiangqi": "xiangqi",
    "minixiangqi": "minixiangqi",
    "chigorin": "chigorin",
    "sortofalmost": "sortofalmost",
    "paradigm": "paradigm",
    "tencubed": "tencubed",
    "raazuvaa": "raazuvaa",
    "georgian": "georgian",
    "gustav3": "gustav3",
    "omicron": "omicron",
    "grasshopper": "grasshopper",
    "crazyhouse": "crazyhouse",
    "minishogi": "minishogi",
    "shogi": "shogi",
    "seirawan": "seirawan",
    "grand": "grand",
    "opulent": "opulent",
    "misere": "misere",
    "armageddon": "armageddon",
    "capahouse": "capahouse",
    "troitzky": "troitzky",
    "manchu": "manchu",
    "loop": "loop",
    "chessgi": "chessgi",
}

#: The repository's folder of game files.
VARIANTS = pathlib.Path(__file__).resolve().parents[2] / "variants"


def variant_of(game: str) -> "fairyforge.Variant":
    """The built-in game, or else the file `variants/GAME.toml` (a game not yet built in)."""
    if game in fairyforge.builtin_names():
        return fairyforge.Variant.builtin(game)
    return fairyforge.Variant.from_file(VARIANTS / f"{game}.toml")


#: Fairy-Stockfish's value of a won game, from the side to move's view.
VALUE_MATE = 32000


#: The games (by Fairy-Stockfish's names, the same as fairyforge's) whose rules can end
#: them before a side runs out of moves (a flag, a bare king, checks): Fairy-Stockfish's
#: `is_immediate_game_end` is asked at every ply and perft node of these, and for the
#: others only when fairyforge says the game is over (each pyffish call costs about a
#: millisecond).
IMMEDIATE = {"kingofthehill", "shatranj", "courier", "3check", "5check"}

_SQUARE = re.compile(r"[a-p](?:1[0-6]|[0-9])")


def uci(text: str) -> str:
    """Fairy-Stockfish's UCI text of a fairyforge move text.

    fairyforge writes castling as the king's move then the rook's (`e1g1h1f1`), which
    Fairy-Stockfish writes as the king's move alone (`e1g1`); a drop is `N@e4` in both
    (upper case for both sides); a promotion ends with the new piece's lower-case letter
    in both, and so does a gating move (`b1c3h`, docs/format.md § Gating); every other
    move is `from` then `to` in both. A castling that gates ends with the gated piece's
    letter, and with the rook's square when it gates there (`e1g1h1f1h`, `e1g1h1f1hh1`),
    which Fairy-Stockfish writes as the king's move and the letter (`e1g1h`), or the
    rook's square, the king's and the letter (`h1e1h`).
    """
    if "@" not in text:
        squares = _SQUARE.findall(text)
        if len(squares) == 5:
            # A castling gating on the rook's square (its fifth square).
            letter = text[len("".join(squares[:4]))]
            return squares[2] + squares[0] + letter
        if len(squares) == 4:
            letter = text[len("".join(squares)):]
            return squares[0] + squares[1] + letter
    return text


def normalise_fen(fen: str, ours: str) -> Tuple[str, str]:
    """The two position strings made comparable; each change is a documented difference
    (tools/fsf/README.md).

    1. En passant: Fairy-Stockfish writes the orthodox pawn's target square only when an
       enemy pawn could capture there, fairyforge after every double step (docs/rules.md,
       "Position strings"). When Fairy-Stockfish writes `-`, fairyforge's field is not
       compared (whether the capture exists is checked by the legal move sets).
    2. En passant of pawns Fairy-Stockfish defines in Betza notation (berolina,
       pawnsideways, pawnback): it lists the square the pawn landed on besides the
       squares it passed, in its own order. Squares that hold a piece are dropped from
       its list, and both lists are compared as sets.
    3. Gating (seirawan): Fairy-Stockfish leaves the castling field empty (two spaces)
       where it has no castling right and gates it does not write (a side's gates with
       an empty reserve, one of them set again by a capture on its square); fairyforge
       writes `-` there.
    Every other field (the board, the reserves in brackets, the side to move, the castling
    rights, the counters) must be equal as written.
    """
    theirs_f = fen.split(" ")
    ours_f = ours.split(" ")
    if len(theirs_f) != len(ours_f) or len(theirs_f) < 4:
        return fen, ours
    if theirs_f[2] == "" and ours_f[2] == "-":
        theirs_f[2] = "-"
    if theirs_f[3] == "-":
        ours_f[3] = "-"
    else:
        occupied = _occupied(theirs_f[0])
        mine = sorted(_SQUARE.findall(ours_f[3]))
        theirs = sorted(sq for sq in _SQUARE.findall(theirs_f[3]) if sq not in occupied)
        if mine == theirs:
            theirs_f[3] = ours_f[3]
    return " ".join(theirs_f), " ".join(ours_f)


def _occupied(board: str) -> set:
    """The squares holding a piece in a board field (reserves left out)."""
    board = board.split("[")[0]
    out = set()
    rows = board.split("/")
    for i, row in enumerate(rows):
        rank = len(rows) - i
        f = 0
        for n, letter in re.findall(r"(\d+)|([A-Za-z*])", row):
            if n:
                f += int(n)
            else:
                if letter != "*":
                    out.add(f"{chr(ord('a') + f)}{rank}")
                f += 1
    return out


@dataclasses.dataclass
class Mismatch:
    game: str
    ply: int
    moves: List[str]
    what: str

    def __str__(self) -> str:
        return f"{self.game} ply {self.ply} after {' '.join(self.moves) or '(start)'}: {self.what}"


@dataclasses.dataclass
class Figures:
    games: int = 0
    plies: int = 0
    ended: int = 0
    mismatches: List[Mismatch] = dataclasses.field(default_factory=list)


def fsf_result(variant: str, fen: str, legal: Sequence[str]) -> Optional[int]:
    """Fairy-Stockfish's result (from the side to move's view) in the position `fen`
    whose legal moves are `legal`, or None while the game goes on."""
    ended, value = pyffish.is_immediate_game_end(variant, fen, [])
    if ended:
        return value
    if not legal:
        return pyffish.game_result(variant, fen, [])
    return None


def ff_result(pos: "fairyforge.Position") -> Optional[int]:
    """fairyforge's result in Fairy-Stockfish's terms (side to move's view), or None.

    Repetition and the hundred-ply rule are left out: Fairy-Stockfish lets a player claim
    them (`is_optional_game_end`), fairyforge ends the game; random games of a few dozen
    plies from the start rarely reach them, and such a game is not compared past them.
    """
    o = pos.outcome()
    if o is None:
        return None
    if o.get("reason") in ("repetition", "hundred-plies"):
        return None
    winner = o.get("winner")
    if winner is None:
        return 0
    return VALUE_MATE if winner == pos.turn else -VALUE_MATE


def play_one(game: str, variant: "fairyforge.Variant", rng: random.Random, plies: int, figures: Figures) -> None:
    """One random game of at most `plies` plies, compared at every ply. Fairy-Stockfish
    is asked from its own position string of the previous ply and the move played (so
    its strings are read back at every ply too); fairyforge plays the game through."""
    fsf = SHARED[game]
    # Read back: Fairy-Stockfish's start strings of its shogi games are short
    # (`[-] w 0 1`); the strings it writes are whole.
    fen = pyffish.get_fen(fsf, pyffish.start_fen(fsf), [])
    pos = fairyforge.Position(variant)
    moves: List[str] = []
    figures.games += 1
    for ply in range(plies + 1):
        figures.plies += 1
        theirs, ours = normalise_fen(fen, pos.fen)
        if theirs != ours:
            figures.mismatches.append(Mismatch(game, ply, moves, f"position: Fairy-Stockfish {theirs!r}, fairyforge {ours!r}"))
            return
        legal = pos.legal_move_texts()
        mine = {uci(t): t for t in legal}
        fsf_moves = pyffish.legal_moves(fsf, fen, [])
        if len(mine) != len(legal):
            figures.mismatches.append(Mismatch(game, ply, moves, "two fairyforge moves with one UCI text"))
            return
        if set(fsf_moves) != set(mine):
            only_fsf = sorted(set(fsf_moves) - set(mine))
            only_ff = sorted(set(mine) - set(fsf_moves))
            figures.mismatches.append(
                Mismatch(game, ply, moves, f"moves only Fairy-Stockfish has {only_fsf}, only fairyforge {only_ff}")
            )
            return
        if pyffish.gives_check(fsf, fen, []) != pos.is_check():
            figures.mismatches.append(Mismatch(game, ply, moves, "check differs"))
            return
        b = ff_result(pos)
        ended = b is not None or pos.outcome() is not None
        a = fsf_result(fsf, fen, fsf_moves) if (ended or game in IMMEDIATE or not fsf_moves) else None
        if a != b:
            figures.mismatches.append(Mismatch(game, ply, moves, f"result: Fairy-Stockfish {a}, fairyforge {b}"))
            return
        if a is not None or ended:
            figures.ended += a is not None
            return
        if ply == plies:
            return
        choice = rng.choice(sorted(fsf_moves))
        moves.append(choice)
        pos.push(mine[choice])
        fen = pyffish.get_fen(fsf, fen, [choice])


def run_games(games: Sequence[str], count: int, plies: int, seed: int, out=None) -> Figures:
    """Plays `count` random games of at most `plies` plies in each game; the figures."""
    figures = Figures()
    for game in games:
        variant = variant_of(game)
        rng = random.Random(f"{seed}:{game}")
        before = (figures.games, figures.plies, len(figures.mismatches))
        for _ in range(count):
            play_one(game, variant, rng, plies, figures)
        if out is not None:
            print(
                f"{game:24} {figures.games - before[0]:5} games {figures.plies - before[1]:7} plies "
                f"{len(figures.mismatches) - before[2]:3} mismatches",
                file=out,
            )
    return figures


def perft(variant: str, fen: str, depth: int, moves: Optional[List[str]] = None) -> int:
    """Fairy-Stockfish's perft: the move paths of `depth` plies, counted by walking
    pyffish's legal moves (pyffish has no perft of its own). A game over by a rule of the
    position (a flag, a bare king, checks) has no moves, as in fairyforge's perft, where
    pyffish would still list them."""
    fen = pyffish.get_fen(variant, fen, list(moves or []))
    return _perft(variant, fen, [], depth)


def _perft(variant: str, fen: str, path: List[str], depth: int) -> int:
    # One pyffish call per node: the moves of the path are replayed from `fen`.
    if depth == 0:
        return 1
    if variant in IMMEDIATE and pyffish.is_immediate_game_end(variant, fen, path)[0]:
        return 0
    legal = pyffish.legal_moves(variant, fen, path)
    if depth == 1:
        return len(legal)
    return sum(_perft(variant, fen, path + [m], depth - 1) for m in legal)


def mid_game_positions(variant: str, count: int, seed: int) -> List[Tuple[str, str]]:
    """`count` positions from random games of Fairy-Stockfish's legal moves, the n-th
    after 8 + 6n plies of its own game (a game that ends early is replayed): (moves, fen)."""
    rng = random.Random(f"{seed}:{variant}")
    out: List[Tuple[str, str]] = []
    while len(out) < count:
        plies = 8 + 6 * len(out)
        fen = pyffish.start_fen(variant)
        moves: List[str] = []
        for _ in range(plies):
            legal = pyffish.legal_moves(variant, fen, [])
            if not legal or pyffish.is_immediate_game_end(variant, fen, [])[0]:
                break
            m = rng.choice(sorted(legal))
            moves.append(m)
            fen = pyffish.get_fen(variant, fen, [m])
        if len(moves) == plies and pyffish.legal_moves(variant, fen, []) and not pyffish.is_immediate_game_end(variant, fen, [])[0]:
            out.append((" ".join(moves), fen))
    return out


def testfile(game: str, depth: int, mid_depth: int, seed: int) -> str:
    """A test file's perft tables for `game`, every count from Fairy-Stockfish."""
    fsf = SHARED[game]
    start = pyffish.start_fen(fsf)
    lines = [
        f"# Perft counts from Fairy-Stockfish (pyffish {'.'.join(map(str, pyffish.version()))}, "
        f"variant `{fsf}`), taken with",
        f"# `tools/fsf/fsfdiff.py testfile {game} --depth {depth} --mid-depth {mid_depth} --seed {seed}`",
        "# (tools/fsf/README.md): the start and five positions of random games.",
        "",
        "[[test]]",
        'name = "the start (Fairy-Stockfish)"',
        f"perft = {[perft(fsf, start, d) for d in range(1, depth + 1)]}",
    ]
    for i, (moves, fen) in enumerate(mid_game_positions(fsf, 5, seed)):
        n = len(moves.split())
        # The test gives fairyforge's position string of the same position (they differ
        # only as `normalise_fen` allows, which is checked here).
        pos = fairyforge.Position(variant_of(game))
        for m in moves.split():
            pos.push({uci(t): t for t in pos.legal_move_texts()}[m])
        theirs, ours = normalise_fen(fen, pos.fen)
        if theirs != ours:
            raise SystemExit(f"{game}: Fairy-Stockfish's {fen!r} is not fairyforge's {pos.fen!r}")
        lines += [
            "",
            "[[test]]",
            f'name = "a random game after {n} plies (Fairy-Stockfish)"',
            f'fen = "{pos.fen}"',
            f"perft = {[perft(fsf, fen, d) for d in range(1, mid_depth + 1)]}",
        ]
    return "\n".join(lines) + "\n"


def main(argv: Optional[Sequence[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("games", help="random games compared ply by ply")
    g.add_argument("--games", type=int, default=20, help="games per game type (20)")
    g.add_argument("--plies", type=int, default=60, help="plies per game at most (60)")
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("names", nargs="*", help="fairyforge game names (every shared game)")
    p = sub.add_parser("perft", help="Fairy-Stockfish's perft counts, depth 1 to DEPTH")
    p.add_argument("game", help="fairyforge game name (its Fairy-Stockfish name is used)")
    p.add_argument("depth", type=int)
    p.add_argument("--fen", help="the position (default: the start)")
    p.add_argument("--moves", nargs="*", default=[], help="UCI moves played first")
    t = sub.add_parser("testfile", help="perft tables for a test file, counts from Fairy-Stockfish")
    t.add_argument("game")
    t.add_argument("--depth", type=int, default=3, help="from the start (3)")
    t.add_argument("--mid-depth", type=int, default=2, help="from the positions of random games (2)")
    t.add_argument("--seed", type=int, default=1)
    sub.add_parser("list", help="the shared games")
    args = ap.parse_args(argv)
    if args.cmd == "list":
        for ours, theirs in SHARED.items():
            print(f"{ours} {theirs}")
        return 0
    if args.cmd == "testfile":
        print(testfile(args.game, args.depth, args.mid_depth, args.seed), end="")
        return 0
    if args.cmd == "perft":
        fsf = SHARED.get(args.game, args.game)
        fen = args.fen or pyffish.start_fen(fsf)
        fen = pyffish.get_fen(fsf, fen, args.moves)
        print(fen)
        print([perft(fsf, fen, d) for d in range(1, args.depth + 1)])
        return 0
    names = args.names or list(SHARED)
    unknown = [n for n in names if n not in SHARED]
    if unknown:
        print(f"not a shared game: {', '.join(unknown)} (see `list`)", file=sys.stderr)
        return 2
    figures = run_games(names, args.games, args.plies, args.seed, out=sys.stdout)
    for m in figures.mismatches:
        print(m)
    print(
        f"total: {figures.games} games, {figures.plies} plies compared, {figures.ended} ended by the rules, "
        f"{len(figures.mismatches)} mismatches"
    )
    return 1 if figures.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
