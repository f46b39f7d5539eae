"""Perft through Python equals the command line's on every built-in game."""

import re

import pytest

import fairyforge
from conftest import cli

GAMES = fairyforge.builtin_names()


def test_every_builtin_game_is_listed():
    # The list the parametrised test runs over is the command line's list.
    listed = cli("list").stdout
    assert len(GAMES) >= 10
    for g in GAMES:
        assert re.search(rf"^\s*{re.escape(g)}\b", listed, re.M), g


@pytest.mark.parametrize("game", GAMES)
def test_perft_3_equals_the_cli(game):
    out = cli("perft", game, "3").stdout
    want = int(re.search(r"^nodes (\d+)$", out, re.M).group(1))
    assert fairyforge.Variant.builtin(game).start().perft(3) == want


def test_perft_after_moves_and_divide_equal_the_cli():
    pos = fairyforge.Variant.builtin("birds-and-ninjas").start()
    first = []
    for _ in range(2):
        first.append(sorted(pos.legal_move_texts())[0])
        pos.push(first[-1])
    out = cli("perft", "birds-and-ninjas", "--moves", *first, "--divide", "2").stdout
    rows = dict(
        (m, int(n)) for m, n in re.findall(r"^(\S+) (\d+)$", out, re.M) if m != "nodes"
    )
    assert pos.divide(2) == rows
    assert pos.perft(2) == int(re.search(r"^nodes (\d+)$", out, re.M).group(1))


def test_known_counts_of_chess():
    chess = fairyforge.Variant.builtin("chess").start()
    assert [chess.perft(d) for d in range(5)] == [1, 20, 400, 8902, 197281]
