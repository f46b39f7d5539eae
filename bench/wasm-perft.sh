#!/usr/bin/env bash
# Perft speed of the WebAssembly build against the native one, in one run: the native CLI
# (`fairyforge perft`), the wasm build in Node and the wasm build in headless Chromium (in
# a Web Worker), on the same counts, round by round (native, Node, Chromium in each round);
# it prints the best of each build and the median over the rounds of each round's ratio
# to the native speed (docs/js.md).
#
#   bench/wasm-perft.sh                      # birds-and-ninjas 5 and chess 6, 5 times each
#   REPEAT=9 bench/wasm-perft.sh chess:5     # other counts, other repetitions
#   NODES="node /opt/node24/bin/node" bench/wasm-perft.sh   # several Node versions side by side
#
# Needs what bindings/wasm/build.sh needs, Node and Chromium (CHROMIUM=path to use another).
# NODES lists the Node binaries to run the module in (default: `node`); with more than
# one, each is named by its version in the table.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
runs=("$@")
if [ ${#runs[@]} -eq 0 ]; then runs=(birds-and-ninjas:5 chess:6); fi
repeat="${REPEAT:-5}"
read -r -a nodes <<< "${NODES:-node}"
labels=()
for n in "${nodes[@]}"; do
  if [ ${#nodes[@]} -gt 1 ]; then labels+=("node $("$n" --version)"); else labels+=("node"); fi
done

cargo build --release --locked -p fairyforge-cli
out="$root/target/wasm/bench"
bindings/wasm/build.sh --target nodejs --out "$out/node"
bindings/wasm/build.sh --target web --out "$out/web/pkg"
cp bench/wasm/perft.html bench/wasm/perft-worker.js "$out/web/"

results="$out/results.jsonl"
: > "$results"
for ((i = 1; i <= repeat; i++)); do
  for run in "${runs[@]}"; do
    game="${run%%:*}"
    depth="${run##*:}"
    nps=$(target/release/fairyforge perft "$game" "$depth" 2>&1 > /dev/null | sed -n 's/^nps //p')
    echo "{\"build\":\"native\",\"round\":$i,\"game\":\"$game\",\"depth\":$depth,\"nps\":$nps}" >> "$results"
    for ((k = 0; k < ${#nodes[@]}; k++)); do
      "${nodes[$k]}" bench/wasm/perft-node.mjs "$out/node" "$run" |
        sed "s/^{/{\"build\":\"${labels[$k]}\",\"round\":$i,/" >> "$results"
    done
    node bench/wasm/perft-chromium.mjs "$out/web" "$run" | sed "s/^{/{\"build\":\"chromium\",\"round\":$i,/" >> "$results"
  done
done
node bench/wasm/summary.mjs "$results"
