"""The balance lab's shards from Python: the same merged result whether a job's shards
play in one process, across local cores or on a local Ray instance, and when a Ray
worker dies mid-job."""

import json
import os

import pytest

from fairyforge import lab

from conftest import cli

ray = pytest.importorskip("ray")


def specs(n=8, count=2):
    """A job of n shards of `count` games: tiny budgets, short games."""
    return [
        {
            "id": i, "game": "chess", "openings": "random-plies:4", "seed": 11,
            "first": i * count, "count": count, "a": "modern", "b": "classic",
            "limit": {"nodes": 40}, "max_plies": 16, "hash_mb": 1,
        }
        for i in range(n)
    ]


def summary(merged):
    m = merged[""]
    return (m["wins"], m["draws"], m["losses"], m["pairs"],
            sorted(g["pgn"] for g in m["games"]))


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.fixture(scope="module")
def one_process():
    return lab.merge([lab.play_shard(s) for s in specs()])


def test_one_process_and_local_cores_agree(one_process):
    m = one_process[""]
    assert len(m["games"]) == 16
    assert [g["index"] for g in m["games"]] == list(range(16))
    assert m["wins"] + m["draws"] + m["losses"] == 16
    assert sum(m["pairs"]) == 8
    assert summary(lab.merge(lab.run_local(specs(), jobs=2))) == summary(one_process)


def test_ray_gives_the_same_merged_result(local_ray, one_process):
    results = lab.run_ray(specs())
    assert sorted(r["id"] for r in results) == list(range(8))
    assert summary(lab.merge(results)) == summary(one_process)


def test_a_killed_worker_loses_no_game(local_ray, one_process, tmp_path):
    marker = tmp_path / "crashed"
    results = lab.run_ray(specs(), crash_marker=str(marker))
    # The first task killed its worker: the marker says so, and its shard was played again.
    assert marker.exists()
    assert sorted(r["id"] for r in results) == list(range(8))
    merged = lab.merge(results)
    assert [g["index"] for g in merged[""]["games"]] == list(range(16))
    assert summary(merged) == summary(one_process)


def test_a_shard_delivered_twice_counts_once(one_process):
    results = [lab.play_shard(s) for s in specs()]
    assert summary(lab.merge(results + results[:3])) == summary(one_process)


def test_the_cli_on_ray_merges_as_it_does_locally(local_ray, tmp_path):
    # `fairyforge match --ray` starts `python -m fairyforge.lab` with this interpreter;
    # the driver joins the Ray instance of this test through RAY_ADDRESS.
    import sys

    args = ["match", "chess", "--games", "16", "--nodes", "40", "--max-plies", "16",
            "--openings", "random-plies:4", "--seed", "11", "--a", "modern",
            "--b", "classic", "--hash", "1"]
    local = cli(*args, "--pgn", str(tmp_path / "local.pgn"), "--jobs", "2")
    env = dict(os.environ, FAIRYFORGE_PYTHON=sys.executable,
               RAY_ADDRESS=ray.get_runtime_context().gcs_address)
    import subprocess
    from conftest import REPO, cli_path

    on_ray = subprocess.run(
        [cli_path(), *args, "--pgn", str(tmp_path / "ray.pgn"), "--ray", "auto"],
        cwd=REPO, capture_output=True, text=True, timeout=600, env=env,
    )
    assert on_ray.returncode == 0, on_ray.stderr
    assert on_ray.stdout == local.stdout
    assert (tmp_path / "ray.pgn").read_text() == (tmp_path / "local.pgn").read_text()


def test_a_bad_spec_is_an_error():
    bad = dict(specs(1)[0], openings="random:3")
    with pytest.raises(Exception, match="shard 0: `openings`"):
        lab.play_shard(bad)
