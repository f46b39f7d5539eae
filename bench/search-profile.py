#!/usr/bin/env python3
"""Where a search node's time goes: callgrind on fixed-depth searches, grouped.

Runs `fairyforge analyse GAME [--fen FEN] --depth N` under callgrind for each search
below (a release build: it carries line tables, `debug = 1`), and sorts the executed
instructions of the search into groups:

- evaluation: `Evaluator` (material, piece-square values, mobility, king safety, pawns),
  the mobility's square sets, the network when there is one, and the attack tests king
  safety makes;
- move generation and legality: `generate_legal`, pseudo-legal generation in the
  quiescence search, the legality tests (`safe_after`, `royal_exposed`), check detection
  after each move (`is_check`);
- ordering: keys (MVV-LVA, killers, history), picking the next move, the static
  exchange evaluation (for ordering and for pruning), the gain of a capture;
- transposition table: probe and store;
- make/undo: playing and taking back moves (hashing included), the network accumulator;
- the node itself: the rest of negamax, the move loop and the quiescence search (window
  and bound logic, the stack, the PV, game ends and repetitions).

Instruction counts do not see cache misses: the transposition table's cost is mostly
those, and shows here as almost nothing.

Instructions are attributed by the function they run in and the source file they come
from (inlined code keeps its file); the attack test, called from several places, is
split by its callers. Setup (loading the game, building the evaluation's tables) is left
out: the total is the search's.

    python3 bench/search-profile.py --ff target/release/fairyforge
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))

SEARCHES = [
    ("capablanca", None, 10),
    ("capablanca", "rnab1k3r/pp4ppp1/2ppb1qn1p/4p5/4Pp4/1PNP1P1N1P/P1P3PPP1/R2BQKBC1R w KQkq - 0 11", 9),
    ("chess", None, 11),
    ("chess", "2kr1bnr/ppp2pp1/2n4p/2q1P3/3pP1bP/PP3N2/1BPPN1P1/R2QKB1R b KQ - 0 10", 10),
]

GROUPS = [
    "evaluation",
    "move generation and legality",
    "ordering (keys, picking, SEE)",
    "transposition table",
    "make/undo",
    "the node itself (search control, game ends)",
]

# Functions whose cost is split by their callers.
SHARED = ("attack::attacked_on", "attack::capture_on")
# Setup, not search.
SETUP = ("Tables::new", "Mobility::new")
# The same for the mobility's sets, made with the tables.
SETUP_RE = re.compile(r"mobility::.*Plan.*::(new|entry)\b")


def group_of(path, fn):
    """The group of instructions from source file `path` running in function `fn`."""
    f = os.path.basename(path)
    if any(s in fn for s in ("Evaluator::", "movegen::mobility", "search::mobility::", "static_eval", "nnue::")):
        return GROUPS[0]
    if "See::" in fn or "ordering::" in fn or re.search(r"::(order|pick|tactical_key\w*|settle_key|gain|tactical_moves)\b", fn):
        return GROUPS[2]
    if "movegen::" in fn or "royal_exposed" in fn or "is_check" in fn:
        return GROUPS[1]
    if re.search(r"Position::(play|undo|put|remove|push|pop)|::make\b|::unmake\b|Accumulator|Touched", fn):
        return GROUPS[4]
    if "Table::" in fn or f == "tt.rs":
        return GROUPS[3]
    # Code inlined into the node searches, by the file it comes from.
    by_file = {
        "eval.rs": 0,
        "tables.rs": 0,
        "mobility.rs": 0,
        "movegen.rs": 1,
        "atom.rs": 1,
        "attack.rs": 1,
        "see.rs": 2,
        "ordering.rs": 2,
        "moves.rs": 2,
    }
    if f in by_file:
        return GROUPS[by_file[f]]
    return GROUPS[5]


def annotate(out, *opts):
    return subprocess.run(
        ["callgrind_annotate", "--show-percs=no", "--auto=no", *opts, out],
        capture_output=True,
        text=True,
        check=True,
        # Elsewhere, parts of one function may be listed under a relative file name.
        cwd="/",
    ).stdout


LINE = re.compile(r"^\s*([\d,]+)\s+(?:([<*>])\s+)?(\S.*?):(.+?)(?: \((\d[\d,]*)x\))?(?: \[.*\])?\s*$")


def profile(ff, game, fen, depth, keep):
    out = keep or tempfile.mktemp(suffix=".callgrind")
    cmd = [ff, "analyse", game, "--depth", str(depth)] + (["--fen", fen] if fen else [])
    r = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *cmd],
        capture_output=True,
        text=True,
    )
    nodes = int(re.findall(r" nodes (\d+)", r.stdout)[-1])
    total, groups = grouped(out)
    if not keep:
        os.unlink(out)
    return nodes, total, groups


def grouped(out):
    """The search's instructions in a callgrind file, and their groups."""
    # Exclusive costs by (file, function).
    excl = []
    for line in annotate(out).splitlines():
        m = LINE.match(line)
        if m and not m.group(2):
            excl.append((int(m.group(1).replace(",", "")), m.group(3), m.group(4)))
    # Inclusive costs and callers.
    incl = {}
    callers = defaultdict(list)
    pending = []
    for line in annotate(out, "--inclusive=yes", "--tree=caller").splitlines():
        m = LINE.match(line)
        if not m:
            pending = []
            continue
        cost, mark, path, fn = int(m.group(1).replace(",", "")), m.group(2), m.group(3), m.group(4)
        if mark == "<":
            pending.append((cost, path, fn))
        elif mark == "*":
            incl[(path, fn)] = cost
            callers[(path, fn)] = pending
            pending = []
    search = sum(c for (p, f), c in incl.items() if f.endswith("Modern::search") and p.endswith("modern.rs"))
    # Inlined parts of a function appear under other files: its own entry is the largest.
    setup = max((c for (p, f), c in incl.items() if f.endswith("::Tables::new")), default=0)
    groups = defaultdict(int)
    for cost, path, fn in excl:
        if any(fn.endswith(s) for s in SHARED):
            continue
        if any(s in fn for s in SETUP) or SETUP_RE.search(fn):
            continue
        if not re.search(r"fairyforge::(search|movegen|attack|position|outcome|nnue|zobrist|atom)", fn):
            continue
        groups[group_of(path, fn)] += cost
    for key, cs in callers.items():
        if not any(key[1].endswith(s) for s in SHARED) or not key[0].endswith("attack.rs"):
            continue
        for cost, path, fn in cs:
            if any(fn.endswith(s) for s in SHARED):
                continue  # one shared function calling the other: counted with its callers
            groups[group_of(path, fn)] += cost
    total = search - setup
    groups[GROUPS[5]] += total - sum(groups.values())
    return total, groups


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ff", default=os.path.join(HERE, "..", "target", "release", "fairyforge"))
    ap.add_argument("--keep", help="keep the callgrind files with this prefix")
    args = ap.parse_args()
    rows = []
    for i, (game, fen, depth) in enumerate(SEARCHES):
        keep = f"{args.keep}.{i}" if args.keep else None
        nodes, total, groups = profile(args.ff, game, fen, depth, keep)
        rows.append((game, fen, depth, nodes, total, groups))
        print(f"{game} {'start' if not fen else fen} depth {depth}: {nodes} nodes, "
              f"{total:,} instructions, {total // nodes:,} a node", file=sys.stderr)
    head = "| group | " + " | ".join(
        f"{g} {'start' if not f else 'game'} d{d}" for g, f, d, _, _, _ in rows) + " |"
    print(head)
    print("|---" * (len(rows) + 1) + "|")
    print("| instructions a node | " + " | ".join(f"{t // n:,}" for _, _, _, n, t, _ in rows) + " |")
    for g in GROUPS:
        print(f"| {g} | " + " | ".join(f"{100 * gr[g] / t:.1f}%" for _, _, _, _, t, gr in rows) + " |")


if __name__ == "__main__":
    main()
