"""The balance lab's overheads and costs, measured side by side in one run (docs/scale.md).

    python bench/lab_bench.py overhead [GAMES]   # shards + merge against one shard, one thread
    python bench/lab_bench.py ray [GAMES]        # Ray (num_cpus = cores) against local threads
    python bench/lab_bench.py cost [GAMES]       # games per core-hour of each built-in game

Run with the package installed in release mode (`pip install ./bindings/python`, which
maturin builds optimised). Every comparison checks that the merged results are the same.
"""

import json
import os
import sys
import time

from fairyforge import lab


def spec(game="chess", first=0, count=2, i=0, nodes=2000, plies=600, openings="random-plies:4"):
    return {"id": i, "game": game, "openings": openings, "seed": 1, "first": first,
            "count": count, "a": "modern", "b": "modern", "limit": {"nodes": nodes},
            "limit_b": {"nodes": nodes + nodes // 4}, "max_plies": plies, "hash_mb": 16,
            "event": "fairyforge balance"}


def shards(games, size=2, **kw):
    return [spec(first=f, count=min(size, games - f), i=n, **kw)
            for n, f in enumerate(range(0, games, size))]


def key(merged):
    return json.dumps(merged, sort_keys=True)


def timed(f):
    t = time.perf_counter()
    r = f()
    return r, time.perf_counter() - t


def overhead(games):
    one, t_one = timed(lambda: lab.merge([lab.play_shard(spec(count=games))]))
    cut, t_cut = timed(lambda: lab.merge(lab.run_local(shards(games), jobs=1)))
    assert key(one) == key(cut), "the shards did not give the same games"
    # Once more each, in the other order, to even out the machine's load.
    cut2, t_cut2 = timed(lambda: lab.merge(lab.run_local(shards(games), jobs=1)))
    one2, t_one2 = timed(lambda: lab.merge([lab.play_shard(spec(count=games))]))
    a, b = t_one + t_one2, t_cut + t_cut2
    print(f"{games} games of chess at 2000 nodes, one thread: one shard {games / (a / 2):.3f} games/s, "
          f"{len(shards(games))} shards of 2 merged {games / (b / 2):.3f} games/s: "
          f"overhead {100 * (b / a - 1):+.1f}%")


def on_ray(games, settle=10.0):
    """Ray against the local executor on all cores. Ray is started and warmed up (its
    workers started, the package imported) and then left `settle` seconds, so that its
    own processes have finished starting (they import Ray for several seconds of CPU)
    before the clock starts: what is compared is games per second while playing. The
    local run is timed before Ray starts and again after it stops, and the two are
    averaged, so that a drift of the machine's speed does not favour either side."""
    import ray

    cores = os.cpu_count() or 1
    specs = shards(games)
    local, t_local = timed(lambda: lab.merge(lab.run_local(specs, jobs=cores)))
    ray.init(num_cpus=cores, include_dashboard=False, log_to_driver=False)
    lab.run_ray(shards(2, nodes=50, plies=10))  # workers started, the package imported
    time.sleep(settle)
    far, t_ray = timed(lambda: lab.merge(lab.run_ray(specs)))
    ray.shutdown()
    local2, t_local2 = timed(lambda: lab.merge(lab.run_local(specs, jobs=cores)))
    assert key(local) == key(far) == key(local2), "Ray did not give the same games"
    t_local = (t_local + t_local2) / 2
    print(f"{games} games of chess at 2000 nodes on {cores} cores: local {games / t_local:.3f} games/s "
          f"(mean of two runs, before and after), Ray {games / t_ray:.3f} games/s: "
          f"Ray at {100 * t_local / t_ray:.0f}% of local", flush=True)


def cost(games):
    """`fairyforge balance`'s defaults (2000 and 2500 nodes a move, random-plies:4, 600
    plies at most), one thread, GAMES games of each built-in game."""
    import fairyforge

    print("| game | games | plies per game | seconds per game | games per core-hour |")
    print("|---|---|---|---|---|")
    for g in fairyforge.builtin_names():
        specs = shards(games, game=g)
        res, t = timed(lambda: lab.merge(lab.run_local(specs, jobs=1)))
        m = res[""]["games"]
        plies = sum(x["plies"] for x in m) / len(m)
        print(f"| {g} | {len(m)} | {plies:.0f} | {t / len(m):.2f} | {3600 * len(m) / t:,.0f} |",
              flush=True)


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "overhead"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 16
    {"overhead": overhead, "ray": on_ray, "cost": cost}[what](n)
