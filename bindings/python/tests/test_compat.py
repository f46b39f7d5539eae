"""The pyffish-shaped layer: a 100-ply game replayed through it matches the command
line's position strings at every ply; the other functions on known positions."""

import pytest

import fairyforge
from fairyforge import compat as sf
from conftest import cli


def hundred_plies(game):
    """A 100-ply game chosen by a fixed rule from the legal moves, through the layer."""
    start = sf.start_fen(game)
    moves = []
    while len(moves) < 100:
        legal = sorted(sf.legal_moves(game, start, moves))
        assert legal, moves
        moves.append(legal[(len(moves) * 7 + 3) % len(legal)])
    return start, moves


@pytest.mark.parametrize("game", ["birds-and-ninjas", "chess"])
def test_a_100_ply_game_matches_the_cli_at_every_ply(game):
    start, moves = hundred_plies(game)
    assert len(moves) == 100
    for n in range(0, 101, 1 if game == "birds-and-ninjas" else 10):
        want = cli("fen", game, "--moves", *moves[:n]).stdout.strip() if n else cli("fen", game).stdout.strip()
        assert sf.get_fen(game, start, moves[:n]) == want, n
    # The legal moves at the end, as `fairyforge moves` lists them.
    listed = cli("moves", game, "--moves", *moves).stdout.split()
    assert sorted(sf.legal_moves(game, start, moves)) == listed
    # Readable texts replay to the same position.
    sans = sf.get_san_moves(game, start, moves)
    assert sf.get_fen(game, start, sans) == sf.get_fen(game, start, moves)
    # From a position string part-way, the rest of the game gives the same end.
    mid = sf.get_fen(game, start, moves[:50])
    assert sf.get_fen(game, mid, moves[50:]) == sf.get_fen(game, start, moves)


def test_start_fen_and_validate_fen():
    assert sf.start_fen("chess") == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert sf.validate_fen(sf.start_fen("capablanca"), "capablanca") == sf.FEN_OK
    assert sf.validate_fen("rnbqkbnr/pppppppp/8/8 w", "chess") == -1
    assert "birds-and-ninjas" in sf.variants()


def test_san_check_and_results():
    start = sf.start_fen("chess")
    fools = ["f2f3", "e7e5", "g2g4", "d8h4"]
    assert sf.get_san("chess", start, "g1f3") == "Nf3"
    assert sf.get_san_moves("chess", start, fools) == ["f3", "e5", "g4", "Qh4#"]
    assert sf.gives_check("chess", start, fools) is True
    assert sf.gives_check("chess", start, fools[:3]) is False
    # White to move is mated: a loss from the side to move's view.
    assert sf.game_result("chess", start, fools) == -sf.VALUE_MATE
    assert sf.is_immediate_game_end("chess", start, fools) == (True, -sf.VALUE_MATE)
    assert sf.is_immediate_game_end("chess", start, fools[:3]) == (False, 0)
    assert sf.is_optional_game_end("chess", start, fools[:3]) == (False, 0)
    stalemate = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
    assert sf.is_immediate_game_end("chess", stalemate, []) == (True, 0)
    # Threefold repetition ends the game at once: a draw.
    shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"] * 2
    assert sf.is_immediate_game_end("chess", start, shuffle) == (True, 0)


def test_errors_are_fairyforge_exceptions():
    start = sf.start_fen("chess")
    with pytest.raises(fairyforge.MoveError):
        sf.legal_moves("chess", start, ["e2e5"])
    with pytest.raises(fairyforge.PositionError):
        sf.get_fen("chess", "not a position", [])
    with pytest.raises(fairyforge.VariantError):
        sf.start_fen("no-such-game")


def test_pyffish_castling_text_is_accepted():
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    assert sf.get_fen("chess", fen, ["e1g1"]) == sf.get_fen("chess", fen, ["e1g1h1f1"])
    assert sf.get_san("chess", fen, "e1c1") == "O-O-O"


def test_chess_agrees_with_pyffish_for_100_plies():
    # The same game through pyffish and through the layer: the same legal moves (castling
    # written as pyffish writes it) and the same end, ply by ply.
    pyffish = pytest.importorskip("pyffish")
    start = sf.start_fen("chess")
    assert pyffish.start_fen("chess") == start
    moves = []
    for ply in range(100):
        ours = sorted(m[:4] if len(m) == 8 else m for m in sf.legal_moves("chess", start, moves))
        theirs = sorted(pyffish.legal_moves("chess", start, moves))
        assert ours == theirs, ply
        assert sf.gives_check("chess", start, moves) == pyffish.gives_check("chess", start, moves)
        if not ours:
            break
        moves.append(ours[(ply * 7 + 3) % len(ours)])
    assert len(moves) > 20
