#!/usr/bin/env python3
"""The Python package's figures (docs/python.md, "Performance"), in one run:

1. perft through Python against the command line's perft on the same positions (both
   release builds of the same core): the time of each and their ratio;
2. the median time of one `legal_moves` call on a Birds and Ninjas middlegame position:
   `Position.legal_moves()` (move objects), `Position.legal_move_texts()` and the
   stateless `compat.legal_moves(variant, fen, [])`; beside it pyffish's `legal_moves`
   on a Capablanca middlegame position (if pyffish is installed: `pip install pyffish`).

usage: python bench/python_bench.py [FAIRYFORGE_BIN]   (a release build of the CLI,
default target/release/fairyforge)
"""

import os
import re
import statistics
import subprocess
import sys
import time

import fairyforge
from fairyforge import compat

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLI = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, "target", "release", "fairyforge")

PERFT = [("chess", 5), ("capablanca", 5), ("birds-and-ninjas", 5)]
ROUNDS = 5


def cli_perft_seconds(game, depth):
    r = subprocess.run([CLI, "perft", game, str(depth)], capture_output=True, text=True, check=True)
    nodes = int(re.search(r"nodes (\d+)", r.stdout).group(1))
    return nodes, float(re.search(r"time ([\d.]+) s", r.stderr).group(1))


def median_us(f, calls=2000):
    for _ in range(100):
        f()
    samples = []
    for _ in range(calls):
        t = time.perf_counter_ns()
        f()
        samples.append(time.perf_counter_ns() - t)
    return statistics.median(samples) / 1000


def middlegame(game, plies=30):
    """A middlegame position: the game played against itself (a fixed node budget, so
    the same position every run)."""
    pos = fairyforge.Variant.builtin(game).start()
    for _ in range(plies):
        pos.push(pos.search(nodes=2000)["move"]["move"])
    return pos


def main():
    print(f"fairyforge {fairyforge.__version__}, Python {sys.version.split()[0]}")
    if os.path.exists(CLI):
        print(f"\nperft: command line (release) against Python, best of {ROUNDS} rounds, taken in turn")
        for game, depth in PERFT:
            pos = fairyforge.Variant.builtin(game).start()
            native, py = [], []
            for _ in range(ROUNDS):
                nodes, secs = cli_perft_seconds(game, depth)
                native.append(secs)
                t = time.perf_counter()
                assert pos.perft(depth) == nodes
                py.append(time.perf_counter() - t)
            print(
                f"  {game} {depth}: {nodes} nodes, CLI {min(native):.3f} s, Python {min(py):.3f} s, "
                f"Python/CLI {min(py) / min(native):.3f}"
            )
    else:
        print(f"(no command line at {CLI}: perft comparison skipped)")

    pos = middlegame("birds-and-ninjas")
    fen = pos.fen
    n = len(pos.legal_moves())
    print(f"\nlegal_moves, median of 2000 calls; Birds and Ninjas after 30 plies ({n} moves):")
    print(f"  {fen}")
    print(f"  Position.legal_moves()          {median_us(pos.legal_moves):8.1f} us")
    print(f"  Position.legal_move_texts()     {median_us(pos.legal_move_texts):8.1f} us")
    print(f"  compat.legal_moves(v, fen, [])  {median_us(lambda: compat.legal_moves('birds-and-ninjas', fen, [])):8.1f} us")
    try:
        import pyffish
    except ImportError:
        print("  (pyffish is not installed: `pip install pyffish`)")
        return
    # A Capablanca middlegame the same way, in the position string both read.
    cfen = middlegame("capablanca").fen
    assert pyffish.validate_fen(cfen, "capablanca") == 1, cfen
    cn = len(pyffish.legal_moves("capablanca", cfen, []))
    print(f"pyffish {getattr(pyffish, 'version', lambda: '?')()}; Capablanca after 30 plies ({cn} moves):")
    print(f"  {cfen}")
    print(f"  pyffish.legal_moves(v, fen, []) {median_us(lambda: pyffish.legal_moves('capablanca', cfen, [])):8.1f} us")
    cpos = fairyforge.Variant.builtin("capablanca").position(cfen)
    print("  fairyforge on the same Capablanca position:")
    print(f"  Position.legal_moves()          {median_us(cpos.legal_moves):8.1f} us")
    print(f"  compat.legal_moves(v, fen, [])  {median_us(lambda: compat.legal_moves('capablanca', cfen, [])):8.1f} us")


if __name__ == "__main__":
    main()
