// The table of bench/wasm-perft.sh: the best nodes per second of each build on each
// count, the WebAssembly builds' share of the native one from those best figures, and the
// median over the rounds of each round's own share (the WebAssembly build's speed against
// the native speed measured just before it, in the same round), which cancels most of a
// busy or drifting machine's changes of speed from one round to the next.
import { readFileSync } from "node:fs";

const rows = readFileSync(process.argv[2], "utf8").trim().split("\n").map((l) => JSON.parse(l));
const counts = new Map(); // "game depth" -> { best: {build: nps}, rounds: [{build: nps}] }
for (const r of rows) {
  const key = `${r.game} ${r.depth}`;
  if (!counts.has(key)) counts.set(key, { best: {}, rounds: [], seen: {} });
  const c = counts.get(key);
  c.best[r.build] = Math.max(c.best[r.build] ?? 0, r.nps);
  // The round: given by the script, or else the row's rank among this build's rows of
  // this count (the script writes each round's rows in order).
  const round = r.round ?? (c.seen[r.build] = (c.seen[r.build] ?? 0) + 1);
  while (c.rounds.length < round) c.rounds.push({});
  c.rounds[round - 1][r.build] = r.nps;
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const h = Math.floor(s.length / 2);
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
};
const m = (x) => (x / 1e6).toFixed(2);
const pct = (x) => (Number.isFinite(x) ? `${(100 * x).toFixed(0)}%` : "-");
// The WebAssembly builds in the order the rows first name them ("node", "chromium", or
// "node v24.1.0" when several Node versions ran), each with a name for the table.
const builds = [...new Set(rows.map((r) => r.build))].filter((b) => b !== "native");
const title = (b) => b.replace(/^node/, "Node").replace(/^chromium/, "Chromium");
console.log(
  "| perft | rounds | native Mnps | " +
    builds.map((b) => `${title(b)} Mnps | ${title(b)}/native`).join(" | ") +
    " | " +
    builds.map((b) => `median ${title(b)}/native`).join(" | ") +
    " |",
);
console.log(`|---|---:|---:|${"---:|".repeat(3 * builds.length)}`);
for (const [key, c] of counts) {
  const b = c.best;
  const paired = (build) =>
    median(c.rounds.filter((r) => r.native && r[build]).map((r) => r[build] / r.native));
  console.log(
    `| ${key} | ${c.rounds.length} | ${m(b.native)} | ` +
      builds.map((x) => `${m(b[x])} | ${pct(b[x] / b.native)}`).join(" | ") +
      " | " +
      builds.map((x) => pct(paired(x))).join(" | ") +
      " |",
  );
}
// Each round's shares, to see the spread the medians summarise.
console.log("");
for (const [key, c] of counts) {
  const each = (build) => c.rounds.map((r) => pct(r[build] / r.native)).join(" ");
  console.log(`${key}, round by round: ${builds.map((x) => `${title(x)}/native ${each(x)}`).join("; ")}`);
}
