"""The object API: variants, positions, moves, descriptions, searches; several variants of
one name side by side; positions shared between threads."""

import gc
import re
from concurrent.futures import ThreadPoolExecutor

import pytest

import fairyforge
from conftest import cli

MINI = """
name = "Mini"
description = "{desc}"
import = "pieces.toml"
pieces = ["king", "{piece}"]
setup = "{setup}"

[board]
files = {files}
ranks = 4
"""


def mini(tmp_path, piece, files, setup, desc):
    """A small game named Mini, from its text, and the file written for the CLI."""
    text = MINI.format(piece=piece, files=files, setup=setup, desc=desc)
    path = tmp_path / f"mini-{piece}.toml"
    path.write_text(text)
    return fairyforge.Variant.from_text(text, name="mini.toml"), str(path)


def cli_moves_and_perft(path, depth):
    moves = cli("moves", path).stdout.split()
    nodes = int(re.search(r"^nodes (\d+)$", cli("perft", path, str(depth)).stdout, re.M).group(1))
    return moves, nodes


def test_two_variants_of_one_name_side_by_side(tmp_path):
    a, path_a = mini(tmp_path, "rook", 4, "k2r/4/4/K2R w - - 0 1", "with rooks")
    b, path_b = mini(tmp_path, "knight", 5, "k3n/5/5/K3N w - - 0 1", "with knights")
    assert a.name == b.name == "Mini"
    pa, pb = a.start(), b.start()
    # Each plays its own rules: its board, pieces and counts, as the command line does.
    want_a, want_b = cli_moves_and_perft(path_a, 4), cli_moves_and_perft(path_b, 4)
    assert want_a != want_b
    assert (sorted(pa.legal_move_texts()), pa.perft(4)) == want_a
    assert (sorted(pb.legal_move_texts()), pb.perft(4)) == want_b
    assert "e1c2" in want_b[0] and "d1d2" in want_a[0]
    assert (a.description, b.description) == ("with rooks", "with knights")
    # A third of the same name, then one dropped: the others are untouched.
    c, _ = mini(tmp_path, "rook", 4, "k2r/4/4/K2R w - - 0 1", "again")
    assert c.start().perft(4) == want_a[1]
    del b, pb
    gc.collect()
    assert pa.perft(4) == want_a[1] and a.start().perft(4) == want_a[1]
    assert a.describe()["board"]["files"] == 4
    assert c.describe()["board"]["files"] == 4


def test_moves_carry_the_contract_data():
    chess = fairyforge.Variant.builtin("chess")
    pos = chess.position("4k3/8/8/3pP3/8/8/8/R3K2R w KQ d6 0 1")
    by_text = {m.text: m for m in pos.legal_moves()}
    ep = by_text["e5d6"]
    assert (ep.san, ep.from_square, ep.to_square, ep.kind) == ("exd6", "e5", "d6", "en-passant")
    assert ep.captures == ["d5"]
    assert sorted(ep.empties) == ["d5", "e5"]
    castle = [m for m in by_text.values() if m.kind == "castle" and m.to_square == "g1"][0]
    assert castle.rook == ("h1", "f1")
    assert castle.san == "O-O"
    d = ep.to_dict()
    assert d["move"] == "e5d6" and d["from"] == "e5" and d["kind"] == "en-passant"
    assert ep == "e5d6" and str(ep) == "e5d6"


def test_push_pop_fen_check_and_outcome():
    chess = fairyforge.Variant.builtin("chess")
    pos = chess.start()
    for t in ["f2f3", "e7e5", "g2g4"]:
        pos.push(t)
    assert not pos.is_check() and pos.outcome() is None
    mate = pos.push("Qh4")
    assert mate.san == "Qh4#" and mate.text == "d8h4"
    assert pos.is_check()
    assert pos.outcome() == {
        "winner": "black", "reason": "checkmate", "text": "Black wins by checkmate",
    }
    assert pos.legal_moves() == []
    assert pos.fen == cli("fen", "chess", "--moves", "f2f3", "e7e5", "g2g4", "d8h4").stdout.strip()
    assert pos.pop().text == "d8h4"
    assert pos.outcome() is None and pos.ply == 3 and pos.turn == "black"
    for _ in range(3):
        pos.pop()
    assert pos.pop() is None
    assert pos.fen == chess.start_fen


def test_drops_and_promotions_are_in_the_moves():
    bn = fairyforge.Variant.builtin("birds-and-ninjas")
    pos = bn.start()
    assert not [m for m in pos.legal_moves() if m.kind == "drop"]
    # A pawn leaves the 2nd rank: a ninja pawn may be dropped there.
    pos.push([m for m in pos.legal_moves() if m.kind == "double-step"][0])
    pos.push(pos.legal_move_texts()[0])
    drops = [m for m in pos.legal_moves() if m.kind == "drop"]
    assert drops and all(m.drop and m.text.startswith(m.drop + "@") for m in drops)
    chess = fairyforge.Variant.builtin("chess")
    promos = [m for m in chess.position("8/P6k/8/8/8/8/8/K7 w - - 0 1").legal_moves() if m.promotion]
    assert sorted(m.promotion for m in promos) == ["B", "N", "Q", "R"]


def test_describe_is_the_cli_json():
    import json

    d = fairyforge.Variant.builtin("capablanca").describe()
    assert d == json.loads(cli("describe", "capablanca", "--json").stdout)


def test_options():
    on = fairyforge.Variant.builtin("birds-and-ninjas", options=["capture-the-scepter"])
    info = {o["name"]: o["on"] for o in on.info()["options"]}
    assert info["capture-the-scepter"] is True
    with pytest.raises(fairyforge.VariantError):
        fairyforge.Variant.builtin("chess", options=["no-such-rule"])


def test_search_stops_at_its_depth_and_nodes():
    pos = fairyforge.Variant.builtin("chess").start()
    r = pos.search(depth=3)
    assert r["depth"] == 3
    assert r["move"]["move"] in pos.legal_move_texts()
    assert r["pv"][0] == r["move"]["move"] and len(r["pv_san"]) == len(r["pv"])
    assert "cp" in r["score"] and r["score"]["text"]
    # A node budget stops a search that asked for the deepest depth.
    r = pos.search(depth=60, nodes=3000)
    assert r["depth"] < 60
    assert r["nodes"] <= 3000 + 1000
    # Time too: the search returns, well short of the depth asked for.
    r = pos.search(time=0.2, depth=60)
    assert r["depth"] < 60


def test_search_finds_a_mate():
    pos = fairyforge.Variant.builtin("chess").position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    r = pos.search(depth=4)
    assert r["move"]["move"] == "a1a8" and r["score"]["mate"] == 1


def test_bad_search_limits_raise():
    pos = fairyforge.Variant.builtin("chess").start()
    for kw in [dict(depth=0), dict(nodes=0), dict(time=-1.0)]:
        with pytest.raises(fairyforge.LimitError):
            pos.search(**kw)


def test_a_position_shared_by_threads():
    bn = fairyforge.Variant.builtin("birds-and-ninjas")
    want = bn.start().perft(3)
    pos = bn.start()
    with ThreadPoolExecutor(max_workers=8) as pool:
        got = list(pool.map(lambda _: pos.perft(3), range(8)))
    assert got == [want] * 8


def test_variants_made_and_dropped_in_many_threads(tmp_path):
    rook, path_r = mini(tmp_path, "rook", 4, "k2r/4/4/K2R w - - 0 1", "rooks")
    knight, path_n = mini(tmp_path, "knight", 5, "k3n/5/5/K3N w - - 0 1", "knights")
    want = {"rook": cli_moves_and_perft(path_r, 3)[1], "knight": cli_moves_and_perft(path_n, 3)[1]}
    shared = {"rook": rook, "knight": knight}

    def job(i):
        piece = "rook" if i % 2 else "knight"
        files = 4 if piece == "rook" else 5
        setup = "k2r/4/4/K2R w - - 0 1" if piece == "rook" else "k3n/5/5/K3N w - - 0 1"
        # A fresh variant of the shared name, and the one shared by every thread.
        fresh = fairyforge.Variant.from_text(
            MINI.format(piece=piece, files=files, setup=setup, desc=str(i)), name="mini.toml"
        )
        return piece, fresh.start().perft(3), shared[piece].start().perft(3)

    with ThreadPoolExecutor(max_workers=8) as pool:
        for piece, fresh, old in pool.map(job, range(64)):
            assert fresh == old == want[piece]
