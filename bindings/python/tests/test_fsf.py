"""The short pass of the differential harness against Fairy-Stockfish (tools/fsf/):
random games in every game both engines play, legal moves, position strings, check and
results compared at every ply; and perft counts walked through pyffish equal to
fairyforge's."""

import sys

import pytest

from conftest import REPO

pyffish = pytest.importorskip("pyffish")
sys.path.insert(0, str(REPO / "tools" / "fsf"))
import fsfdiff  # noqa: E402

import fairyforge  # noqa: E402

#: Games per shared game and plies per game of the short pass (the long pass,
#: tools/fsf/README.md, plays more and longer games).
GAMES = 20
PLIES = 24


@pytest.mark.parametrize("game", sorted(fsfdiff.SHARED))
def test_random_games_agree_with_fairy_stockfish_at_every_ply(game):
    figures = fsfdiff.run_games([game], GAMES, PLIES, seed=20)
    assert [str(m) for m in figures.mismatches] == []
    assert figures.games == GAMES
    # Every ply of every game was compared: at least the first move of each game.
    assert figures.plies >= 2 * GAMES


@pytest.mark.parametrize("game", sorted(fsfdiff.SHARED))
def test_perft_through_pyffish_equals_fairyforge(game):
    fsf = fsfdiff.SHARED[game]
    start = pyffish.start_fen(fsf)
    pos = fairyforge.Position(fsfdiff.variant_of(game))
    assert fsfdiff.perft(fsf, start, 2) == pos.perft(2)


def test_a_mismatch_is_reported():
    # The harness can fail: a game compared with a different Fairy-Stockfish game.
    saved = dict(fsfdiff.SHARED)
    try:
        fsfdiff.SHARED["chess"] = "nocastle"
        figures = fsfdiff.run_games(["chess"], 1, 4, seed=1)
    finally:
        fsfdiff.SHARED.clear()
        fsfdiff.SHARED.update(saved)
    assert len(figures.mismatches) == 1
    assert "position" in figures.mismatches[0].what


def test_move_text_translation():
    v = fairyforge.Variant.builtin("chess")
    pos = fairyforge.Position(v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    texts = {fsfdiff.uci(t): t for t in pos.legal_move_texts()}
    assert texts["e1g1"] == "e1g1h1f1"
    assert texts["e1c1"] == "e1c1a1d1"
    assert texts["a1a8"] == "a1a8"
    assert fsfdiff.uci("N@e4") == "N@e4"
    assert fsfdiff.uci("j9j10q") == "j9j10q"
    assert fsfdiff.uci("f10i10j10h10") == "f10i10"


def test_en_passant_normalisation():
    # Fairy-Stockfish leaves out a target no pawn can take: fairyforge's is not compared.
    a, b = fsfdiff.normalise_fen("8/8/8/8/4P3/8/8/K6k b - - 0 1", "8/8/8/8/4P3/8/8/K6k b - e3 0 1")
    assert a == b
    # A Betza pawn's list names its landing square too, in another order.
    a, b = fsfdiff.normalise_fen("8/8/8/1p6/8/8/8/K6k w - b5c6 0 2", "8/8/8/1p6/8/8/8/K6k w - c6 0 2")
    assert a == b
    # A target Fairy-Stockfish writes must be fairyforge's.
    a, b = fsfdiff.normalise_fen("8/8/8/3pP3/8/8/8/K6k w - d6 0 2", "8/8/8/3pP3/8/8/8/K6k w - - 0 2")
    assert a != b
