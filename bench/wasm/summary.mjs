// The table of bench/wasm-perft.sh: the best nodes per second of each build on each
// count, and the WebAssembly builds' share of the native one.
import { readFileSync } from "node:fs";

const rows = readFileSync(process.argv[2], "utf8").trim().split("\n").map((l) => JSON.parse(l));
const best = new Map();
for (const r of rows) {
  const key = `${r.game} ${r.depth}`;
  if (!best.has(key)) best.set(key, {});
  const b = best.get(key);
  b[r.build] = Math.max(b[r.build] ?? 0, r.nps);
}
const m = (x) => (x / 1e6).toFixed(2);
console.log("| perft | native Mnps | Node Mnps | Node/native | Chromium Mnps | Chromium/native |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const [key, b] of best) {
  const pct = (x) => `${((100 * x) / b.native).toFixed(0)}%`;
  console.log(`| ${key} | ${m(b.native)} | ${m(b.node)} | ${pct(b.node)} | ${m(b.chromium)} | ${pct(b.chromium)} |`);
}
