"""Shared helpers: the repository's paths and the command line `fairyforge`, which the
tests compare the package with (FAIRYFORGE_BIN, else target/debug or target/release)."""

import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]
BAD = REPO / "tests" / "data" / "bad"


def cli_path() -> str:
    env = os.environ.get("FAIRYFORGE_BIN")
    if env:
        return env
    for profile in ("debug", "release"):
        p = REPO / "target" / profile / "fairyforge"
        if p.exists():
            return str(p)
    raise RuntimeError(
        "the command line is not built: run `cargo build -p fairyforge-cli` or set FAIRYFORGE_BIN"
    )


def cli(*args: str, ok: bool = True) -> subprocess.CompletedProcess:
    """Runs `fairyforge ARGS` in the repository; with ok, it must succeed."""
    r = subprocess.run(
        [cli_path(), *args], cwd=REPO, capture_output=True, text=True, timeout=300
    )
    if ok:
        assert r.returncode == 0, r.stderr
    return r


def cli_error(*args: str) -> str:
    """The message of a failing command: its standard error after `error: `."""
    r = cli(*args, ok=False)
    assert r.returncode == 1, (r.returncode, r.stderr)
    err = r.stderr.rstrip("\n")
    assert err.startswith("error: "), err
    return err[len("error: "):]


@pytest.fixture(scope="session")
def repo() -> pathlib.Path:
    return REPO
