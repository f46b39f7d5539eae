"""Issue 21: a network for the search, from a file's bytes or its path. A tiny network is
trained here by the command line (`fairyforge train`); the package's search with it gives
exactly the score, line and move of `fairyforge analyse --net`, and a file that is not a
network of the game raises NetworkError with core's reason."""

import pytest

import fairyforge

from conftest import cli

FEN = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
DEPTH = 5


def train(tmp_path, game: str) -> str:
    path = str(tmp_path / f"{game}.nnue")
    cli("train", game, "--games", "2", "--nodes", "60", "--max-plies", "60", "--hidden", "4",
        "--epochs", "1", "--jobs", "1", "-o", path)
    return path


def native(*extra: str, game: str = "chess", fen: str = FEN):
    """`analyse` to DEPTH with the package's table size (16 MB): score, line, move."""
    out = cli("analyse", game, "--fen", fen, "--depth", str(DEPTH), "--hash", "16", *extra).stdout
    last = [l for l in out.splitlines() if l.startswith(f"depth {DEPTH} ")][-1]
    cp = int(last.split(" score cp ")[1].split(" ")[0])
    pv = last.split(" pv ")[1].split(" ")
    best = [l for l in out.splitlines() if l.startswith("bestmove ")][0].split(" ")[1]
    return cp, pv, best


def searched(pos, network=None, nnue=True):
    r = pos.search(depth=DEPTH, network=network, nnue=nnue)
    return r["score"]["cp"], r["pv"], r["move"]["move"]


def test_a_network_scores_and_plays_as_analyse_net_does(tmp_path):
    path = train(tmp_path, "chess")
    chess = fairyforge.Variant.builtin("chess")
    with_net, without = native("--net", path), native()
    assert with_net != without, "the network changes the search"
    pos = chess.position(FEN)
    from_bytes = fairyforge.Network.read(chess, open(path, "rb").read())
    from_path = fairyforge.Network.from_file(chess, path)
    assert (from_bytes.game, from_bytes.hidden) == ("Chess", 4)
    assert repr(from_path) == "Network(\"Chess\", hidden=4)"
    assert searched(pos, from_bytes) == with_net
    assert searched(pos, from_path) == with_net
    assert searched(pos) == without
    # In another game the network is not used: that game's own evaluation plays.
    capa = fairyforge.Variant.builtin("capablanca").start()
    assert searched_depth(capa, 3, from_bytes) == searched_depth(capa, 3, None)


def test_capablanca_plays_with_its_built_in_network_unless_switched_off():
    fen = "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq - 0 1"
    pos = fairyforge.Variant.builtin("capablanca").position(fen)
    assert searched(pos) == native(game="capablanca", fen=fen)
    hand = native("--engine", "nnue=off", game="capablanca", fen=fen)
    assert searched(pos, nnue=False) == hand


def searched_depth(pos, depth, network):
    r = pos.search(depth=depth, network=network)
    return r["score"], r["pv"]


def test_a_file_that_is_no_network_of_the_game_raises(tmp_path):
    chess = fairyforge.Variant.builtin("chess")
    capa = train(tmp_path, "capablanca")
    data = open(capa, "rb").read()
    with pytest.raises(fairyforge.NetworkError) as e:
        fairyforge.Network.read(chess, data)
    assert str(e.value) == (
        "this network is for `Capablanca Chess`, not for `Chess`: a network is read only by "
        "the game it was trained for"
    )
    assert isinstance(e.value, fairyforge.FairyforgeError)
    with pytest.raises(fairyforge.NetworkError) as e:
        fairyforge.Network.from_file(chess, capa)
    assert str(e.value) == (
        f"the network {capa}: this network is for `Capablanca Chess`, not for `Chess`: a "
        "network is read only by the game it was trained for"
    )
    with pytest.raises(fairyforge.NetworkError) as e:
        fairyforge.Network.read(chess, b"PK zip")
    assert str(e.value) == "not a fairyforge network file: it does not begin with `FFNNUE`"
    missing = str(tmp_path / "missing.nnue")
    with pytest.raises(fairyforge.NetworkError) as e:
        fairyforge.Network.from_file(chess, missing)
    assert str(e.value) == (
        f"cannot read the network {missing}: No such file or directory (os error 2)"
    )
    # Its own game reads it.
    assert fairyforge.Network.read(fairyforge.Variant.builtin("capablanca"), data).game == "Capablanca Chess"
