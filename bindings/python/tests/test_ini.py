"""Fairy-Stockfish's variants.ini in and out, against Fairy-Stockfish itself (pyffish):
every section of tests/data/ini/examples.ini that `fairyforge import` translates
completely counts the same perft as pyffish reading the section, from the start and from
positions part-way through a game; `fairyforge export --to fsf` of chess and capablanca,
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


def ff_perft(game, fen, depth):
    out = cli("perft", str(game), str(depth), "--fen", fen).stdout
    return int(out.split()[-1])


def positions(variant, plies=(10, 20)):
    """The start and positions after a game chosen by a fixed rule, as pyffish writes them."""
    start = pyffish.start_fen(variant)
    fens, moves = [start], []
    for ply in range(max(plies)):
        legal = sorted(pyffish.legal_moves(variant, start, moves))
        if not legal or pyffish.is_immediate_game_end(variant, start, moves)[0]:
            break
        moves.append(legal[(ply * 7 + 3) % len(legal)])
        if ply + 1 in plies:
            fens.append(pyffish.get_fen(variant, start, moves))
    return fens


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
    depth = 2 if name == "handchess" else 3
    for i, fen in enumerate(positions(name)):
        d = depth if i == 0 else 2
        assert ff_perft(game, fen, d) == sf_perft(name, fen, d), (name, fen)


@pytest.mark.parametrize("game", ["chess", "capablanca"])
def test_exported_games_count_in_fairy_stockfish_what_they_count_here(game, tmp_path):
    name = f"ffexport{game}"
    r = cli("export", game, "--to", "fsf", "--name", name)
    assert r.stderr == f"{game}: exported completely\n"
    pyffish.load_variant_config(r.stdout)
    fens = positions(name, plies=(10, 20, 30))
    assert ff_perft(game, fens[0], 3) == sf_perft(name, fens[0], 3)
    for fen in fens[1:]:
        assert ff_perft(game, fen, 2) == sf_perft(name, fen, 2), fen


@pytest.mark.parametrize("name", ["menagerie", "gothiclike", "sidepawns"])
def test_import_then_export_keeps_fairy_stockfish_perft(name, examples, tmp_path):
    game = tmp_path / f"{name}.toml"
    cli("import", EXAMPLES, "--variant", name, "-o", str(game))
    again = f"again{name}"
    r = cli("export", str(game), "--to", "fsf", "--name", again)
    assert r.stderr.endswith("exported completely\n"), r.stderr
    pyffish.load_variant_config(examples + "\n" + r.stdout)
    for fen in positions(name):
        assert sf_perft(again, fen, 2) == sf_perft(name, fen, 2), fen
