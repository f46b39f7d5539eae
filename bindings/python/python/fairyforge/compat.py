"""A pyffish-shaped layer: the stateless functions game servers call, each taking
``(variant, fen, moves)``, answered by fairyforge.

Replace ``import pyffish as sf`` with ``from fairyforge import compat as sf`` and use
fairyforge's game names (``fairyforge.builtin_names()``). The differences from pyffish
are listed in docs/python.md ("The pyffish-shaped layer"); in short: moves are
fairyforge's move text (docs/rules.md), positions its position strings, errors are
fairyforge's exceptions, there are no claimable draws (repetition and the hundred-ply
rule end a game at once), and ``validate_fen`` answers 1 or -1.

Compiled built-in games are kept in a small cache keyed by name and options; nothing
else is kept between calls.
"""

from __future__ import annotations

from functools import lru_cache
from typing import List, Optional, Sequence, Tuple

from . import _native
from ._native import PositionError

__all__ = [
    "VALUE_MATE",
    "VALUE_DRAW",
    "FEN_OK",
    "start_fen",
    "legal_moves",
    "get_fen",
    "get_san",
    "get_san_moves",
    "gives_check",
    "game_result",
    "is_immediate_game_end",
    "is_optional_game_end",
    "validate_fen",
    "variants",
]

#: The result of a won game, as pyffish gives it (from the side to move's view).
VALUE_MATE = 32000
#: The result of a drawn game.
VALUE_DRAW = 0
#: What ``validate_fen`` answers for a good position string (-1 for a bad one).
FEN_OK = 1


@lru_cache(maxsize=64)
def _variant(name: str) -> "_native.Variant":
    return _native.Variant.builtin(name)


def _position(variant: str, fen: Optional[str], moves: Sequence[str]) -> "_native.Position":
    return _native.position_after(_variant(variant), fen, [str(m) for m in moves])


def variants() -> List[str]:
    """The names of the games (pyffish's ``variants()``)."""
    return list(_native.Variant.builtin_names())


def start_fen(variant: str) -> str:
    """The position string of the game's setup."""
    return _variant(variant).start_fen


def legal_moves(variant: str, fen: str, moves: Sequence[str], chess960: bool = False) -> List[str]:
    """The legal moves' texts after ``moves`` from ``fen``."""
    return _position(variant, fen, moves).legal_move_texts()


def get_fen(variant: str, fen: str, moves: Sequence[str], chess960: bool = False, *args, **kwargs) -> str:
    """The position string after ``moves`` from ``fen``."""
    return _position(variant, fen, moves).fen


def get_san(variant: str, fen: str, move: str, chess960: bool = False, notation: int = 0) -> str:
    """The readable text of ``move`` in the position ``fen`` (check and mate marked)."""
    return _position(variant, fen, []).push(str(move)).san


def get_san_moves(
    variant: str, fen: str, moves: Sequence[str], chess960: bool = False, notation: int = 0
) -> List[str]:
    """The readable texts of ``moves`` played in turn from ``fen``."""
    pos = _position(variant, fen, [])
    return [pos.push(str(m)).san for m in moves]


def gives_check(variant: str, fen: str, moves: Sequence[str], chess960: bool = False) -> bool:
    """Whether the side to move after ``moves`` is in check (pyffish: whether the last
    move gave check)."""
    return _position(variant, fen, moves).is_check()


def _result(pos: "_native.Position") -> Tuple[bool, int]:
    o = pos.outcome()
    if o is None:
        return False, 0
    if o["winner"] is None:
        return True, VALUE_DRAW
    return True, VALUE_MATE if o["winner"] == pos.turn else -VALUE_MATE


def game_result(variant: str, fen: str, moves: Sequence[str], chess960: bool = False) -> int:
    """The result of a finished game from the side to move's view: ``-VALUE_MATE`` when
    it has lost, ``VALUE_MATE`` when it has won, 0 for a draw (and 0 while the game goes
    on)."""
    return _result(_position(variant, fen, moves))[1]


def is_immediate_game_end(
    variant: str, fen: str, moves: Sequence[str], chess960: bool = False
) -> Tuple[bool, int]:
    """``(over, result)``: whether the game has ended (checkmate, stalemate, threefold
    repetition, the hundred-ply rule, a scepter captured), and its result as
    ``game_result`` gives it."""
    return _result(_position(variant, fen, moves))


def is_optional_game_end(
    variant: str, fen: str, moves: Sequence[str], chess960: bool = False, count_started: int = 0
) -> Tuple[bool, int]:
    """``(False, 0)``: fairyforge has no draws to claim; repetition and the hundred-ply
    rule end the game at once (``is_immediate_game_end``). The moves are still checked:
    a bad one raises MoveError."""
    _position(variant, fen, moves)
    return False, 0


def validate_fen(fen: str, variant: str, chess960: bool = False) -> int:
    """``FEN_OK`` (1) when ``fen`` is a position of the game, else -1."""
    try:
        _native.Position(_variant(variant), fen)
    except PositionError:
        return -1
    return FEN_OK
