"""Fairy-Stockfish's variants.ini in and out, against Fairy-Stockfish itself (pyffish):
every section of tests/data/ini/examples.ini that `fairyforge import` translates
completely counts the same perft as pyffish reading the section, from the start and from
positions part-way through a game; `fairyforge export --to fsf` of chess, capablanca,
chigorin and sortofalmost (promotion choices per side),
read by pyffish, counts what fairyforge counts; and the round trip through both keeps
pyffish's counts. pyffish's perft is a recursion over `legal_moves` that stops where the
game has ended, as fairyforge's does."""

import pytest

from conftest import REPO, cli

pyffish = pytest.importorskip("pyffish")

EXAMPLES = "tests/data/ini/examples.ini"
COMPLETE = [
    "sidepawns",
    "knightking",
    "bigboard",
    "menagerie",
    "gothiclike",
    "hill",
    "handchess",
    "lazypromo",
    "sidedpromo",
    "generals",
    "bareking",
    "twocheck",
]


def sf_perft(variant, fen, depth, moves=()):
    moves = list(moves)
    if depth == 0:
        return 1
    if moves and pyffish.is_immediate_game_end(variant, fen, moves)[0]:
        return 0
    legal = pyffish.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(sf_perft(variant, fen, depth - 1, moves + [m]) for m in legal)


def ff_perft(game, depth, moves=()):
    """fairyforge's perft after the moves from the start (it reads pyffish's move text)."""
    args = ["perft", str(game), str(depth)]
    if moves:
        args += ["--moves", *moves]
    return int(cli(*args).stdout.split()[-1])


def games(variant, plies=(10, 20), step=3):
    """The start and the moves of a game chosen by a fixed rule, cut at each of `plies`:
    at ply `n`, the move `(n * 7 + step) % count` of the sorted legal moves."""
    start = pyffish.start_fen(variant)
    out, moves = [[]], []
    for ply in range(max(plies)):
        legal = sorted(pyffish.legal_moves(variant, start, moves))
        if not legal or pyffish.is_immediate_game_end(variant, start, moves)[0]:
            break
        moves.append(legal[(ply * 7 + step) % len(legal)])
        if ply + 1 in plies:
            out.append(list(moves))
    return start, out


@pytest.fixture
def examples():
    """The fixture's sections, loaded into pyffish (each load replaces the one before)."""
    text = (REPO / EXAMPLES).read_text()
    pyffish.load_variant_config(text)
    return text


@pytest.mark.parametrize("name", COMPLETE)
def test_imported_sections_count_what_fairy_stockfish_counts(name, examples, tmp_path):
    game = tmp_path / f"{name}.toml"
    r = cli("import", EXAMPLES, "--variant", name, "-o", str(game))
    assert r.stderr == f"{EXAMPLES} [{name}]: translated completely\n"
    start, cuts = games(name)
    for moves in cuts:
        d = 3 if not moves and name != "handchess" else 2
        assert ff_perft(game, d, moves) == sf_perft(name, start, d, moves), (name, moves)


@pytest.mark.parametrize("game", ["chess", "capablanca", "chigorin", "sortofalmost"])
def test_exported_games_count_in_fairy_stockfish_what_they_count_here(game, tmp_path):
    name = f"ffexport{game}"
    r = cli("export", game, "--to", "fsf", "--name", name)
    assert r.stderr == f"{game}: exported completely\n"
    pyffish.load_variant_config(r.stdout)
    start, cuts = games(name, plies=(10, 20, 30))
    for moves in cuts:
        d = 2 if moves else 3
        assert ff_perft(game, d, moves) == sf_perft(name, start, d, moves), moves


@pytest.mark.parametrize("name", ["menagerie", "gothiclike", "sidepawns"])
def test_import_then_export_keeps_fairy_stockfish_perft(name, examples, tmp_path):
    game = tmp_path / f"{name}.toml"
    cli("import", EXAMPLES, "--variant", name, "-o", str(game))
    again = f"again{name}"
    r = cli("export", str(game), "--to", "fsf", "--name", again)
    assert r.stderr.endswith("exported completely\n"), r.stderr
    pyffish.load_variant_config(examples + "\n" + r.stdout)
    start, cuts = games(name)
    for moves in cuts:
        assert sf_perft(again, start, 2, moves) == sf_perft(name, start, 2, moves), moves
