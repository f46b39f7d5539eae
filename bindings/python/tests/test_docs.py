"""The examples of docs/python.md run as written."""

import re

import fairyforge
from conftest import BAD, REPO, cli

DOC = (REPO / "docs" / "python.md").read_text()


def block_after(heading):
    part = DOC[DOC.index(heading):]
    return re.search(r"```python\n(.*?)```", part, re.S).group(1)


def _after_e4_e5():
    pos = fairyforge.Variant.builtin("chess").start()
    pos.push_all(["e2e4", "e7e5"])
    return pos


def test_the_five_line_example(capsys):
    code = block_after("## Five lines")
    assert len(code.strip().splitlines()) == 5
    exec(code, {})
    fen, perft, san = capsys.readouterr().out.strip().rsplit(" ", 2)
    assert fen == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", fen
    want = cli("perft", "chess", "--moves", "e2e4", "e7e5", "3").stdout.split()[-1]
    assert perft == want
    assert san in {m.san for m in _after_e4_e5().legal_moves()}


def test_the_server_example():
    ns = {}
    exec(block_after("## A server"), ns)
    bad = ns["upload"]("x", (BAD / "wrong-type.toml").read_text())
    assert bad["ok"] is False
    assert [(p["line"], p["column"]) for p in bad["problems"]] == [(7, 9)]
    good = ns["upload"]("c", (REPO / "variants" / "chess.toml").read_text())
    assert good == {"ok": True, "name": "Chess"}
    r = ns["play"]("c", ["e2e4", "e7e5"], "Nf3")
    assert r["ok"] and r["played"]["move"] == "g1f3" and r["reply"]["move"]
    assert r["fen"].split()[1] == "w" and r["outcome"] is None
    r = ns["play"]("c", ["e2e4"], "e2e4")
    assert r["ok"] is False and "e2e4" in r["error"]


def test_the_balance_lab_example(capsys):
    exec(block_after("## The balance lab"), {})
    w, d, l, n = map(int, capsys.readouterr().out.split())
    assert w + d + l == n == 8
