"""The balance lab from Python: play shards of a match, merge them exactly, and run a
job of shards on a Ray cluster.

A shard spec and a shard result are dicts in the shape of the data contract
(``core/src/contract/lab.rs``; docs/scale.md): a spec names its game, its games' numbers
(``first``, ``count``), both engines' settings (``a``, ``b``) and their budget
(``limit``: ``{"nodes": N}``, ``{"depth": D}`` or ``{"movetime_ms": T}``). Every shard is
played by the Rust library (``play_shard``, GIL released), so a spec gives the same games
in this process, on local threads or on any Ray worker.

Run as ``python -m fairyforge.lab --address ADDRESS``, this module is the driver that
``fairyforge match/balance --ray ADDRESS`` starts: it reads specs as JSON lines on
standard input, plays them on Ray and writes each shard's result as one JSON line on
standard output, as each finishes.

>>> from fairyforge import lab
>>> spec = {"id": 0, "game": "chess", "first": 0, "count": 2, "limit": {"depth": 1},
...         "max_plies": 6, "hash_mb": 1}
>>> r = lab.play_shard(spec)
>>> [g["plies"] for g in r["games"]]
[6, 6]
>>> lab.merge([r, r])[""]["draws"]
2
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional

from . import _native

Spec = Dict[str, Any]
Result = Dict[str, Any]

__all__ = ["play_shard", "run_local", "merge", "run_ray", "main"]


def play_shard(spec: Spec) -> Result:
    """Plays one shard and returns its result (the GIL is released meanwhile)."""
    return json.loads(_native.play_shard_json(json.dumps(spec)))


def run_local(specs: List[Spec], jobs: Optional[int] = None) -> List[Result]:
    """Plays shards on ``jobs`` threads of this process (default: one per core)."""
    jobs = jobs or os.cpu_count() or 1
    return json.loads(_native.run_local_json(json.dumps(specs), jobs))


def merge(results: Iterable[Result]) -> Dict[str, Dict[str, Any]]:
    """Merges shard results: each shard id counted once, each match's games in order.
    For each match label (``""`` for a single match): ``games``, and the tally ``wins``,
    ``draws``, ``losses`` (side A's), ``white_wins``, ``white_losses`` and ``pairs`` (the
    pentanomial counts of the openings played with either colour)."""
    return json.loads(_native.merge_json(json.dumps(list(results))))


def _play_task(spec_json: str, crash_marker: Optional[str]) -> str:
    """A Ray task: one shard. ``crash_marker`` is fault injection for the tests: the
    first task to run with it creates the file and kills its own worker process."""
    if crash_marker is not None:
        try:
            fd = os.open(crash_marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            pass
        else:
            os.close(fd)
            os._exit(1)
    return _native.play_shard_json(spec_json)


def run_ray(
    specs: List[Spec],
    address: Optional[str] = None,
    max_retries: int = 3,
    on_result: Optional[Callable[[Result], None]] = None,
    crash_marker: Optional[str] = None,
) -> List[Result]:
    """Plays shards on Ray, one task each, and returns their results in the order they
    finished (``on_result`` is called with each as it comes). A task whose worker dies
    is retried by Ray (``max_retries``), then resubmitted by this driver as often again;
    a shard's result is taken once. ``address``: ``None`` or ``"auto"`` joins the cluster
    of this machine or starts a local one (``ray.init``); already initialised, Ray is
    used as it is."""
    import ray

    if not ray.is_initialized():
        if address in (None, "", "auto"):
            ray.init(address="auto" if os.environ.get("RAY_ADDRESS") else None,
                     log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    task = ray.remote(max_retries=max_retries, retry_exceptions=False)(_play_task)
    pending: Dict[Any, Spec] = {}
    attempts: Dict[int, int] = {}

    def submit(spec: Spec) -> None:
        attempts[spec["id"]] = attempts.get(spec["id"], 0) + 1
        pending[task.remote(json.dumps(spec), crash_marker)] = spec

    for s in specs:
        submit(s)
    done: Dict[int, Result] = {}
    out: List[Result] = []
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        ref = ready[0]
        spec = pending.pop(ref)
        try:
            r = json.loads(ray.get(ref))
        except (ray.exceptions.WorkerCrashedError, ray.exceptions.NodeDiedError,
                ray.exceptions.ObjectLostError) as e:
            # Ray's own retries are spent: resubmit, a bounded number of times.
            if attempts[spec["id"]] > max_retries:
                raise RuntimeError(f"shard {spec['id']}: its worker died {attempts[spec['id']]} times") from e
            submit(spec)
            continue
        if r["id"] in done:
            continue
        done[r["id"]] = r
        out.append(r)
        if on_result is not None:
            on_result(r)
    missing = sorted({s["id"] for s in specs} - set(done))
    if missing:
        raise RuntimeError(f"shards without a result: {missing}")
    return out


def _read_specs(lines: Iterable[str]) -> Iterator[Spec]:
    for n, line in enumerate(lines, 1):
        line = line.strip()
        if not line:
            continue
        try:
            yield json.loads(line)
        except json.JSONDecodeError as e:
            raise SystemExit(f"fairyforge.lab: line {n} of the specs is not JSON: {e}")


def main(argv: Optional[List[str]] = None) -> int:
    """The driver of ``fairyforge ... --ray``: specs as JSON lines on standard input,
    results as JSON lines on standard output."""
    p = argparse.ArgumentParser(
        prog="python -m fairyforge.lab",
        description="Play fairyforge shard specs (JSON lines on standard input) on Ray; "
        "write each result as a JSON line on standard output.",
    )
    p.add_argument("--address", default="auto",
                   help="the Ray cluster: auto (default) or an address such as ray://head:10001")
    p.add_argument("--max-retries", type=int, default=3,
                   help="how often a shard whose worker died is retried (default 3)")
    args = p.parse_args(argv)
    specs = list(_read_specs(sys.stdin))

    def emit(r: Result) -> None:
        sys.stdout.write(json.dumps(r) + "\n")
        sys.stdout.flush()

    try:
        run_ray(specs, args.address, args.max_retries, on_result=emit)
    except Exception as e:  # the CLI reports it
        print(f"fairyforge.lab: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
