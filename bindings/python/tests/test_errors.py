"""A broken file, an unknown piece, a bad position string and an illegal move each raise
the documented class with the command line's message, and break nothing."""

import pytest

import fairyforge
from conftest import BAD, cli_error

UNKNOWN_PIECE = """name = "Dragons"
description = "Chess with a dragon."
import = "pieces.toml"
pieces = ["king", "queen", "rook", "bishop", "knight", "chess-pawn", "dragon"]
setup = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"

[board]
files = 8
ranks = 8
"""


def test_the_classes():
    for cls in [fairyforge.VariantError, fairyforge.PositionError, fairyforge.MoveError, fairyforge.LimitError]:
        assert issubclass(cls, fairyforge.FairyforgeError)
    assert issubclass(fairyforge.FairyforgeError, Exception)


def test_a_broken_file_raises_variant_error_with_the_cli_message():
    path = BAD / "syntax-error.toml"
    with pytest.raises(fairyforge.VariantError) as e:
        fairyforge.Variant.from_file(path)
    assert str(e.value) == cli_error("fen", str(path))
    assert [(d.line, d.column) for d in e.value.diagnostics] == [(4, 40)]


def test_an_unknown_piece_raises_variant_error(tmp_path):
    path = tmp_path / "dragons.toml"
    path.write_text(UNKNOWN_PIECE)
    with pytest.raises(fairyforge.VariantError) as e:
        fairyforge.Variant.from_file(path)
    assert "unknown piece `dragon`" in str(e.value)
    assert str(e.value) == cli_error("fen", str(path))
    d = e.value.diagnostics[0]
    assert (d.line, d.column) == (4, 70)
    with pytest.raises(fairyforge.VariantError) as e2:
        fairyforge.Variant.from_text(UNKNOWN_PIECE, name=str(path))
    assert str(e2.value) == str(e.value)


def test_an_unknown_game_raises_variant_error():
    with pytest.raises(fairyforge.VariantError) as e:
        fairyforge.Variant.builtin("chesss")
    assert "`chesss`" in str(e.value) and "chess" in str(e.value)


def test_a_bad_position_string_raises_position_error():
    bad = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"
    chess = fairyforge.Variant.builtin("chess")
    with pytest.raises(fairyforge.PositionError) as e:
        chess.position(bad)
    assert str(e.value) == cli_error("fen", "chess", "--fen", bad)
    assert str(e.value).startswith("bad position string: ")


def test_an_illegal_move_raises_move_error():
    pos = fairyforge.Variant.builtin("chess").start()
    with pytest.raises(fairyforge.MoveError) as e:
        pos.push("e2e5")
    cli = cli_error("fen", "chess", "--moves", "e2e5")
    assert cli.startswith("move 1 of --moves, ")
    assert str(e.value) == cli[len("move 1 of --moves, "):]
    with pytest.raises(fairyforge.MoveError) as e:
        pos.push("nonsense")
    with pytest.raises(fairyforge.MoveError) as e:
        pos.push_all(["e2e4", "e7e5", "e1e3"])
    assert str(e.value).startswith("move 3 of moves, `e1e3` (White to move): ")
    # Nothing broke: the moves before the bad one are played, and play goes on.
    assert pos.ply == 2
    pos.push("g1f3")
    assert pos.perft(2) > 0


def test_errors_leave_everything_working():
    for _ in range(50):
        with pytest.raises(fairyforge.FairyforgeError):
            fairyforge.Variant.from_text("name = ", name="x.toml")
        with pytest.raises(fairyforge.FairyforgeError):
            fairyforge.Variant.builtin("chess").position("garbage")
    assert fairyforge.Variant.builtin("chess").start().perft(3) == 8902
