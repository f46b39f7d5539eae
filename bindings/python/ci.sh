#!/usr/bin/env bash
# The Python package's CI: a virtual environment (target/pyvenv), maturin and pytest in
# it, the package built from bindings/python and installed as a user would
# (`pip install ./bindings/python`), then its pytest suite, which compares the package
# with the command line (built here if it is not), for chess with pyffish, and plays the
# balance lab's shards on a local Ray instance (test_lab.py). pytest's
# "no tests ran" (exit code 5) is a failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv="${FAIRYFORGE_PYVENV:-target/pyvenv}"
python="${PYTHON:-python3}"
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install -q --disable-pip-version-check maturin pytest pyffish ray
cargo build -q -p fairyforge-cli --locked
export FAIRYFORGE_BIN="${FAIRYFORGE_BIN:-$PWD/target/debug/fairyforge}"
"$venv/bin/python" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps ./bindings/python
status=0
"$venv/bin/python" -m pytest bindings/python/tests -q -p no:cacheprovider "$@" || status=$?
if [ "$status" -eq 5 ]; then
  echo "bindings/python/ci.sh: pytest ran no test" >&2
  exit 1
fi
exit "$status"
