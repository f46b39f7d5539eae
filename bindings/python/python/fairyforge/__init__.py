"""fairyforge: chess variants described in TOML files, from Python.

A thin layer over the Rust library (``fairyforge._native``): every rule, move text,
diagnostic and search comes from it. See docs/python.md.

>>> import fairyforge
>>> chess = fairyforge.Variant.builtin("chess")
>>> pos = chess.start()
>>> pos.push("e2e4").san
'e4'
>>> pos.perft(2)
400
"""

from __future__ import annotations

from dataclasses import dataclass, field
import os
from typing import Any, Dict, List, Optional, Union

from . import _native
from ._native import (
    FairyforgeError,
    LimitError,
    Move,
    MoveError,
    NetworkError,
    PositionError,
    VariantError,
)

__version__: str = _native.__version__

__all__ = [
    "Diagnostic",
    "FairyforgeError",
    "LimitError",
    "Move",
    "MoveError",
    "Network",
    "NetworkError",
    "Position",
    "PositionError",
    "Variant",
    "VariantError",
    "builtin_names",
    "validate",
]


@dataclass(frozen=True)
class Diagnostic:
    """One problem of a variant file, at its place (line and column from 1; 0 when the
    problem has no place). ``hint`` says how to fix it; ``code`` is a stable name for
    programs when core has one. ``to_dict()`` gives the data contract's dict."""

    severity: str
    line: int
    column: int
    message: str
    hint: str
    code: Optional[str]
    file: str
    end_line: int
    end_column: int
    rendered: str

    @staticmethod
    def from_dict(d: Dict[str, Any]) -> "Diagnostic":
        return Diagnostic(
            severity=d["severity"],
            line=d["line"],
            column=d["column"],
            message=d["message"],
            hint=d["label"],
            code=d.get("code"),
            file=d["file"],
            end_line=d["end_line"],
            end_column=d["end_column"],
            rendered=d["rendered"],
        )

    def to_dict(self) -> Dict[str, Any]:
        d: Dict[str, Any] = {
            "severity": self.severity,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "message": self.message,
            "label": self.hint,
            "rendered": self.rendered,
        }
        if self.code is not None:
            d["code"] = self.code
        return d

    def __str__(self) -> str:
        return self.rendered.rstrip("\n")


def _diagnostics(ds: List[Dict[str, Any]]) -> List[Diagnostic]:
    return [Diagnostic.from_dict(d) for d in ds]


def validate(text: str, name: Optional[str] = None) -> List[Diagnostic]:
    """Every problem of a variant file's text (errors, or the warnings of a file that
    loads); an empty list for a clean file. Never raises for a mistake in the file.
    Imports and ``extends`` resolve to the built-in games and library. The GIL is
    released while the file is checked."""
    return _diagnostics(_native.validate(text, name)["diagnostics"])


def builtin_names() -> List[str]:
    """The names of the built-in games (``chess``, ``birds-and-ninjas``, ...)."""
    return list(_native.Variant.builtin_names())


class Variant:
    """A game, compiled once. Immutable; share it between threads freely."""

    __slots__ = ("_v",)

    def __init__(self, native: "_native.Variant") -> None:
        self._v = native

    @staticmethod
    def builtin(name: str, options: Optional[List[str]] = None) -> "Variant":
        """A built-in game with optional rules (``NAME``, ``NAME=on``, ``NAME=off``).
        Raises VariantError for an unknown game or option."""
        return Variant(_native.Variant.builtin(name, options))

    @staticmethod
    def from_text(
        text: str, name: Optional[str] = None, options: Optional[List[str]] = None
    ) -> "Variant":
        """A game from a variant file's text; ``name`` is how messages call the file.
        Raises VariantError (with ``.diagnostics``) when it has mistakes."""
        try:
            return Variant(_native.Variant.from_text(text, name, options))
        except VariantError as e:
            _wrap_diagnostics(e)
            raise

    @staticmethod
    def from_file(path: Union[str, "os.PathLike[str]"], options: Optional[List[str]] = None) -> "Variant":
        """A game from a variant file on disk (its imports resolve beside it)."""
        try:
            return Variant(_native.Variant.from_file(path, options))
        except VariantError as e:
            _wrap_diagnostics(e)
            raise

    @property
    def name(self) -> str:
        """The game's name."""
        return self._v.name

    @property
    def description(self) -> str:
        """Its one-line description."""
        return self._v.description

    @property
    def start_fen(self) -> str:
        """The position string of its setup."""
        return self._v.start_fen

    def warnings(self) -> List[Diagnostic]:
        """The warnings of its file."""
        return _diagnostics(self._v.warnings())

    def describe(self) -> Dict[str, Any]:
        """Its rules as plain dicts and lists: ``fairyforge describe --json``."""
        return self._v.describe()

    def info(self) -> Dict[str, Any]:
        """Its board (squares, cells), pieces, options and setup as plain data."""
        return self._v.info()

    def start(self) -> "Position":
        """The position of its setup."""
        return Position(self)

    def position(self, fen: Optional[str] = None) -> "Position":
        """The position of ``fen`` (None: the setup). Raises PositionError."""
        return Position(self, fen)

    def __repr__(self) -> str:
        return repr(self._v)


class Network:
    """A network for a game's evaluation (``fairyforge train GAME -o FILE``; docs/engine.md,
    "The learned evaluation"), read once for its game and given to searches:
    ``pos.search(depth=6, network=net)``. Immutable; share it freely."""

    __slots__ = ("_n",)

    def __init__(self, native: "_native.Network") -> None:
        self._n = native

    @staticmethod
    def read(variant: Variant, data: bytes) -> "Network":
        """A network file's bytes read for ``variant``. Raises NetworkError with the
        reason when they are not a network of this game (another game's, cut short...)."""
        return Network(_native.Network.read(variant._v, bytes(data)))

    @staticmethod
    def from_file(variant: Variant, path: Union[str, "os.PathLike[str]"]) -> "Network":
        """The network file at ``path`` read for ``variant``. Raises NetworkError naming
        the file when it cannot be read or is not a network of this game."""
        return Network(_native.Network.from_file(variant._v, os.fspath(path)))

    @property
    def game(self) -> str:
        """The name of the game it was made for."""
        return self._n.game

    @property
    def hidden(self) -> int:
        """Its hidden units."""
        return self._n.hidden

    def __repr__(self) -> str:
        return repr(self._n)


def _wrap_diagnostics(e: VariantError) -> None:
    raw = getattr(e, "diagnostics", None)
    if raw and isinstance(raw[0], dict):
        e.diagnostics = _diagnostics(raw)  # type: ignore[attr-defined]
    elif raw is None:
        e.diagnostics = []  # type: ignore[attr-defined]


class Position:
    """A position of a game and the moves played to reach it. Methods lock it briefly,
    so threads may share one; ``perft`` and ``search`` work on a copy with the GIL
    released."""

    __slots__ = ("_p", "_variant")

    def __init__(self, variant: Variant, fen: Optional[str] = None) -> None:
        self._variant = variant
        self._p = _native.Position(variant._v, fen)

    @classmethod
    def _wrap(cls, variant: Variant, native: "_native.Position") -> "Position":
        p = cls.__new__(cls)
        p._variant = variant
        p._p = native
        return p

    @property
    def variant(self) -> Variant:
        return self._variant

    @property
    def fen(self) -> str:
        """Its position string."""
        return self._p.fen

    @property
    def turn(self) -> str:
        """``white`` or ``black``."""
        return self._p.turn

    @property
    def ply(self) -> int:
        """Moves played since the position was made (``pop`` takes them back)."""
        return self._p.ply

    def legal_moves(self) -> List[Move]:
        """The legal moves: text, san, from_square, to_square, kind, captures, empties,
        drop, promotion, rook."""
        return self._p.legal_moves()

    def legal_move_texts(self) -> List[str]:
        """The legal moves' texts only."""
        return self._p.legal_move_texts()

    def push(self, move: Union[str, Move]) -> Move:
        """Plays a move (its text, a readable form, or a Move); returns it with check and
        mate marked in ``san``. Raises MoveError."""
        return self._p.push(str(move))

    def push_all(self, moves: List[str]) -> None:
        """Plays moves in turn; raises MoveError naming the first bad one."""
        self._p.push_all([str(m) for m in moves])

    def pop(self) -> Optional[Move]:
        """Takes back the last move; returns it, or None when no move was played."""
        return self._p.pop()

    def is_check(self) -> bool:
        return self._p.is_check()

    def outcome(self) -> Optional[Dict[str, Any]]:
        """The end of the game: ``{"winner": "white"|"black"|None, "reason": ...,
        "text": ...}``, or None while it goes on."""
        return self._p.outcome()

    def is_game_over(self) -> bool:
        return self._p.outcome() is not None

    def perft(self, depth: int) -> int:
        """Move paths to ``depth``."""
        return self._p.perft(depth)

    def divide(self, depth: int) -> Dict[str, int]:
        """Perft per root move, by move text."""
        return dict(self._p.divide(depth))

    def search(
        self,
        time: Optional[float] = None,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        hash_mb: int = 16,
        network: Optional[Network] = None,
        nnue: bool = True,
    ) -> Dict[str, Any]:
        """Lets the computer think within ``time`` seconds (default 1 s when neither
        ``depth`` nor ``nodes`` is given), to ``depth`` or for ``nodes``, evaluating with
        ``network`` when given (in the game it was made for), else with the game's
        built-in network if it ships one, else by hand; ``nnue=False`` evaluates by hand
        whatever network there is. Returns the search report: ``move`` (the best move's dict), ``score``
        (``cp`` or ``mate``, and ``text``), ``pv`` and ``pv_san`` (the line), ``depth``,
        ``nodes``, ``time_ms``. Raises LimitError for limits out of range or a finished
        game."""
        return self._p.search(
            time, depth, nodes, hash_mb, network._n if network else None, nnue
        )

    def copy(self) -> "Position":
        return Position._wrap(self._variant, self._p.copy_position())

    def __repr__(self) -> str:
        return repr(self._p)
