#!/usr/bin/env bash
# Counts the instructions executed by function, in the WebAssembly module (run by Node) and
# in the native build, for the same perft count (docs/js.md § "A profile of the hot loop").
# Callgrind counts are steady on a busy machine, where timings are not.
#
#   bench/wasm/profile.sh birds-and-ninjas:4           # module against native, by function
#   ANNOTATE=attacked_on bench/wasm/profile.sh chess:3 # and V8's machine code of a function,
#                                                      # each instruction with its count
#
# PKG: the module built for Node (default target/wasm/bench/node, which bench/wasm-perft.sh
# builds); NATIVE: the native binary (default target/release/fairyforge); OUT: where the
# outputs go (default target/wasm/profile). Node runs with V8's optimising compiler only
# (`--no-liftoff`) and one thread; `--perf-basic-prof` names the module's machine code.
# Needs valgrind. Takes minutes: V8's compilation of the module is counted too (in other
# functions than the ones compared), the count itself runs 20 to 50 times slower.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
run="${1:?give GAME:DEPTH, e.g. birds-and-ninjas:4}"
game="${run%%:*}"
depth="${run##*:}"
pkg="$(cd "${PKG:-$root/target/wasm/bench/node}" && pwd)"
native="${NATIVE:-$root/target/release/fairyforge}"
out="${OUT:-$root/target/wasm/profile}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
native="$(cd "$(dirname "$native")" && pwd)/$(basename "$native")"
here="$root/bench/wasm"
cd "$out" # V8 writes a log of its own (isolate-*.log) where Node runs
tag="$game-$depth"

code=()
if [ -n "${ANNOTATE:-}" ]; then code=(--print-wasm-code); fi
valgrind --tool=callgrind --dump-instr=yes --smc-check=all \
  --callgrind-out-file="$out/module-$tag.cg" \
  node --perf-basic-prof --no-liftoff --single-threaded "${code[@]}" \
  "$here/perft-node.mjs" "$pkg" "$run" > "$out/module-$tag.log" 2> "$out/module-$tag.err"
pid=$(sed -n 's/^==\([0-9]*\)== Collected.*/\1/p' "$out/module-$tag.err")
map="/tmp/perf-$pid.map"
valgrind --tool=callgrind --callgrind-out-file="$out/native-$tag.cg" \
  "$native" perft "$game" "$depth" > /dev/null 2> "$out/native-$tag.err"

python3 "$here/cg_by_function.py" "$out/module-$tag.cg" --map "$map" --top 0 \
  --json "$out/module-$tag.json" > /dev/null
python3 "$here/cg_by_function.py" "$out/native-$tag.cg" --top 0 \
  --json "$out/native-$tag.json" > /dev/null
echo "perft $game $depth: instructions by function (module in Node; native)"
python3 "$here/cg_by_function.py" --compare "$out/module-$tag.json" "$out/native-$tag.json" "${TOP:-12}"
if [ -n "${ANNOTATE:-}" ]; then
  python3 "$here/cg_by_function.py" "$out/module-$tag.cg" --map "$map" \
    --code "$out/module-$tag.log" --annotate "$ANNOTATE" > "$out/annotate-$tag.txt"
  echo "V8's code of the functions named *$ANNOTATE*, with counts: $out/annotate-$tag.txt"
fi
