#!/usr/bin/env python3
"""Nodes per second in search: fairyforge against Fairy-Stockfish on the same positions.

Both engines run as UCI programs (one thread, 64 MB of hash each). Position by position
(bench/search-positions.txt: `GAME FEN` per line), each engine gets `ucinewgame`, the
position and `go movetime T`; the engines alternate which goes first, so that the
machine's drift hits both alike. The last `info ... nodes N ... time T` line of each
search gives its nodes per second: the whole search's for Fairy-Stockfish, and for
fairyforge since it reports a search stopped inside an iteration once more (older builds
did not: for them, and as a second figure, the nodes and time up to fairyforge's last
finished iteration). The report gives, per game, the median over positions of the paired
ratio fairyforge nps / Fairy-Stockfish nps, and the medians of each.

    python3 bench/search-nps.py --ff target/release/fairyforge --fsf /path/to/stockfish
    python3 bench/search-nps.py --make-positions --fsf /path/to/stockfish   # the file

Fairy-Stockfish plays with its classical evaluation (`Use NNUE` off: no network file).
`--make-positions` writes the position file anew: for each game, the start position
and positions after 8 to 20 plies of Fairy-Stockfish's self-play (two random plies
first, then 5,000 nodes a move; seeded), kept only when its score stays within 150
centipawns.
"""

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
POSITIONS = os.path.join(HERE, "search-positions.txt")
GAMES = ["chess", "capablanca"]


class Engine:
    def __init__(self, cmd, options):
        self.p = subprocess.Popen(
            cmd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.send("uci")
        self.wait("uciok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.ready()

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError(f"engine exited while waiting for {prefix}")
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def ready(self):
        self.send("isready")
        self.wait("readyok")

    def variant(self, game):
        self.send(f"setoption name UCI_Variant value {game}")
        self.ready()

    def search(self, fen, go, moves=()):
        self.send("ucinewgame")
        self.ready()
        tail = f" moves {' '.join(moves)}" if moves else ""
        self.send(f"position fen {fen}{tail}")
        self.send(go)
        return self.wait("bestmove")

    def quit(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


def last_info(lines, iteration=False):
    """(nodes, time in ms, score in cp or None) of the last info line with nodes (with
    `iteration`, of the last finished iteration: fairyforge reports a search stopped
    inside an iteration once more, at the same depth, with all its nodes)."""
    infos = [x for x in lines if x.startswith("info") and " nodes " in x]
    depth = [re.search(r" depth (\d+)", x) for x in infos]
    if iteration and len(infos) >= 2 and depth[-1] and depth[-2] and depth[-1].group(1) == depth[-2].group(1):
        infos.pop()
    if infos:
        line = infos[-1]
        nodes = int(re.search(r" nodes (\d+)", line).group(1))
        t = re.search(r" time (\d+)", line)
        cp = re.search(r" score cp (-?\d+)", line)
        return nodes, int(t.group(1)) if t else None, int(cp.group(1)) if cp else None
    raise RuntimeError("no info line with nodes:\n" + "\n".join(lines))


def fsf(path):
    return Engine([path], [("Threads", 1), ("Hash", 64), ("Use NNUE", "false")])


def make_positions(args):
    rng = random.Random(args.seed)
    eng = fsf(args.fsf)
    out = []
    for game in GAMES:
        eng.variant(game)
        eng.send("position startpos")
        eng.send("d")
        start = next(x for x in eng.wait("Fen:") if x.startswith("Fen:"))[5:]
        out.append(f"{game} {start}")
        made = 0
        while made < args.per_game - 1:
            plies = rng.randint(8, 20)
            moves = []
            ok = True
            for ply in range(plies):
                if ply < 2:
                    eng.send("position fen " + start + (" moves " + " ".join(moves) if moves else ""))
                    eng.send("go perft 1")
                    lines = eng.wait("Nodes searched")
                    legal = [x.split(":")[0] for x in lines if re.match(r"^[a-z]\d+[a-z]\d+\S*:", x)]
                    moves.append(rng.choice(sorted(legal)))
                else:
                    lines = eng.search(start, "go nodes 5000", moves)
                    best = lines[-1].split()[1]
                    if best in ("(none)", "0000"):
                        ok = False
                        break
                    moves.append(best)
            if not ok:
                continue
            lines = eng.search(start, "go nodes 20000", moves)
            _, _, cp = last_info(lines)
            if cp is None or abs(cp) > 150:
                continue
            eng.send("position fen " + start + " moves " + " ".join(moves))
            eng.send("d")
            fen = next(x for x in eng.wait("Fen:") if x.startswith("Fen:"))[5:]
            out.append(f"{game} {fen}")
            made += 1
            print(f"{game} {len(moves)} plies, {cp} cp: {fen}", file=sys.stderr)
    eng.quit()
    with open(args.positions, "w") as f:
        f.write(
            "# GAME FEN: start positions, then positions after 8 to 20 plies of\n"
            "# Fairy-Stockfish's self-play (bench/search-nps.py --make-positions)\n"
        )
        for line in out:
            f.write(line + "\n")


def bench(args):
    positions = []
    with open(args.positions) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                game, fen = line.split(" ", 1)
                if not args.games or game in args.games:
                    positions.append((game, fen))
    ff = Engine([args.ff, "uci"], [("Hash", 64)] + [tuple(o.split("=", 1)) for o in args.ff_option])
    sf = fsf(args.fsf)
    go = f"go movetime {args.movetime}"
    rows = []
    load0 = os.getloadavg()
    print(f"load average at start: {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f}")
    current = None
    for i, (game, fen) in enumerate(positions):
        if game != current:
            ff.variant(game)
            sf.variant(game)
            current = game
        order = [("ff", ff), ("sf", sf)] if i % 2 == 0 else [("sf", sf), ("ff", ff)]
        got = {}
        for name, eng in order:
            lines = eng.search(fen, go)
            nodes, ms, _ = last_info(lines)
            got[name] = nodes * 1000 / max(ms, 1), nodes, ms
            if name == "ff":
                n, t, _ = last_info(lines, iteration=True)
                got["ff-iter"] = n * 1000 / max(t, 1), n, t
        ratio = got["ff"][0] / got["sf"][0]
        ratio_iter = got["ff-iter"][0] / got["sf"][0]
        rows.append((game, got["ff"][0], got["sf"][0], ratio, got["ff-iter"][0], ratio_iter))
        print(
            f"{game:11} {i:3}  fairyforge {got['ff'][0]:9.0f} nps ({got['ff'][1]} nodes, {got['ff'][2]} ms;"
            f" finished iterations {got['ff-iter'][0]:.0f} nps)"
            f"  Fairy-Stockfish {got['sf'][0]:9.0f} nps ({got['sf'][1]} nodes, {got['sf'][2]} ms)"
            f"  ratio {ratio:.2f}",
            flush=True,
        )
    ff.quit()
    sf.quit()
    load1 = os.getloadavg()
    print(f"load average at end: {load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f}")
    print()
    print(
        "| game | positions | fairyforge nps | Fairy-Stockfish nps | ratio ff/FSF |"
        " fairyforge nps, finished iterations | ratio, finished iterations |"
    )
    print("|---|---|---|---|---|---|---|")
    med = statistics.median
    for game in dict.fromkeys(r[0] for r in rows):
        r = [x for x in rows if x[0] == game]
        print(
            f"| {game} | {len(r)} | {med(x[1] for x in r):,.0f} | {med(x[2] for x in r):,.0f} | "
            f"{med(x[3] for x in r):.2f} | {med(x[4] for x in r):,.0f} | {med(x[5] for x in r):.2f} |"
        )
    print()
    print("(medians over positions; the ratios are medians of the paired ratios)")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ff", default=os.path.join(HERE, "..", "target", "release", "fairyforge"))
    ap.add_argument("--fsf", required=True, help="the Fairy-Stockfish binary (largeboards build)")
    ap.add_argument("--movetime", type=int, default=2000, help="milliseconds per search")
    ap.add_argument("--positions", default=POSITIONS)
    ap.add_argument("--games", nargs="*", help="only these games")
    ap.add_argument("--ff-option", action="append", default=[], help="NAME=VALUE, a UCI option of fairyforge")
    ap.add_argument("--make-positions", action="store_true", help="write the position file anew")
    ap.add_argument("--per-game", type=int, default=20)
    ap.add_argument("--seed", type=int, default=21)
    args = ap.parse_args()
    if args.make_positions:
        make_positions(args)
    else:
        bench(args)


if __name__ == "__main__":
    main()
