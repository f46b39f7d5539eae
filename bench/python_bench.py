#!/usr/bin/env python3
"""The Python package's figures (docs/python.md, "Performance"), in one run:

1. perft through Python against the command line's perft on the same positions (both
   release builds of the same core), in rounds taken in turn: the wall time of each (the
   command line's own `time`, Python's around `Position.perft`), and the CPU time (the
   command line's user and system time less that of a depth-1 run, which is its start;
   Python's thread time), which other processes on a busy machine disturb less; the best
   and the median of each and the median of the rounds' ratios;
2. the median time of one `legal_moves` call on a Birds and Ninjas middlegame position:
   `Position.legal_moves()` (move objects), `Position.legal_move_texts()` and the
   stateless `compat.legal_moves(variant, fen, [])`; beside it pyffish's `legal_moves`
   on a Capablanca middlegame position (if pyffish is installed: `pip install pyffish`).

usage: python bench/python_bench.py [FAIRYFORGE_BIN]   (a release build of the CLI,
default target/release/fairyforge; ROUNDS=N for other than 5 rounds; PERFT=game:depth,...
for other counts than chess 6, capablanca 5 and birds-and-ninjas 5)
"""

import os
import re
import resource
import statistics
import subprocess
import sys
import time

import fairyforge
from fairyforge import compat

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLI = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, "target", "release", "fairyforge")

# Counts of a second or more: a shorter one is mostly the machine's noise. PERFT="chess:5,..."
# measures others.
PERFT = [(g, int(d)) for g, d in (run.split(":") for run in os.environ.get(
    "PERFT", "chess:6,capablanca:5,birds-and-ninjas:5").split(","))]
ROUNDS = int(os.environ.get("ROUNDS", "5"))


def cli_perft(game, depth):
    """(nodes, wall seconds of the count, CPU seconds of the whole process)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run([CLI, "perft", game, str(depth)], capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    nodes = int(re.search(r"nodes (\d+)", r.stdout).group(1))
    return nodes, float(re.search(r"time ([\d.]+) s", r.stderr).group(1)), cpu


def figures(name, cli, py):
    """One line: best and median of each, and the median of the rounds' ratios."""
    med = statistics.median
    ratios = med([p / c for p, c in zip(py, cli)])
    return (
        f"    {name}: CLI best {min(cli):.3f} s, median {med(cli):.3f} s; Python best {min(py):.3f} s, "
        f"median {med(py):.3f} s; Python/CLI best {min(py) / min(cli):.3f}, median of rounds {ratios:.3f}"
    )


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
        print(f"\nperft: command line (release) against Python, {ROUNDS} rounds taken in turn")
        for game, depth in PERFT:
            pos = fairyforge.Variant.builtin(game).start()
            wall, cpu = ([], []), ([], [])
            for _ in range(ROUNDS):
                _, _, start = cli_perft(game, 1)
                nodes, secs, total = cli_perft(game, depth)
                wall[0].append(secs)
                cpu[0].append(total - start)
                t, c = time.perf_counter(), time.thread_time()
                assert pos.perft(depth) == nodes
                cpu[1].append(time.thread_time() - c)
                wall[1].append(time.perf_counter() - t)
            print(f"  {game} {depth}: {nodes} nodes")
            print(figures("wall", *wall))
            print(figures("CPU ", *cpu))
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
