// Perft with fairyforge's WebAssembly build in Node: `node perft-node.mjs PKG GAME:DEPTH...`
// where PKG is a directory built by `bindings/wasm/build.sh --target nodejs`. Prints one
// line of JSON a run: {"game", "depth", "nodes", "seconds", "nps"}.
import { createRequire } from "node:module";
import path from "node:path";

const [pkg, ...runs] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const ff = require(path.resolve(pkg, "fairyforge.js"));
for (const run of runs) {
  const [game, depth] = run.split(":");
  const pos = ff.Variant.builtin(game).start();
  const t = performance.now();
  const nodes = pos.perft(Number(depth));
  const seconds = (performance.now() - t) / 1000;
  console.log(JSON.stringify({ game, depth: Number(depth), nodes, seconds, nps: nodes / seconds }));
}
