// The computer's move: a legal move within each limit (nodes, depth, time), and a search
// stopped from another thread through shared memory.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Worker } from "node:worker_threads";
import { Variant } from "fairyforge";

const legal = (pos) => pos.legalMoves().map((m) => m.move);

test("a node budget: a legal move, and no more nodes than the budget", () => {
  const pos = Variant.builtin("birds-and-ninjas").start();
  const report = pos.search({ nodes: 3000 });
  assert.ok(legal(pos).includes(report.move.move), `${report.move.move} is legal`);
  assert.ok(report.nodes <= 3000, `${report.nodes} nodes`);
  assert.equal(report.pv[0], report.move.move);
  // A node budget is deterministic: the same move again from a fresh position.
  const again = Variant.builtin("birds-and-ninjas").start().search({ nodes: 3000 });
  assert.equal(again.move.move, report.move.move);
});

test("a depth: the mate in one is found and the position is unchanged", () => {
  const chess = Variant.builtin("chess");
  const pos = chess.fromFen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  const report = pos.search({ depth: 3 });
  assert.equal(report.move.move, "a1a8");
  assert.equal(report.move.san, "Ra8#");
  assert.equal(report.score.mate, 1);
  // A mate found at full width is not searched further.
  assert.equal(report.depth, 1);
  assert.equal(pos.fen(), "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
});

test("a time: a legal move well within a generous bound", () => {
  const pos = Variant.builtin("capablanca").start();
  const t = performance.now();
  const report = pos.search({ time: 200 });
  const ms = performance.now() - t;
  assert.ok(legal(pos).includes(report.move.move));
  assert.ok(ms < 5000, `a 200 ms search took ${ms} ms`);
  assert.ok(report.time_ms <= ms + 1);
});

test("a stop flag in shared memory ends a search that has no other limit", async () => {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  // Another thread sets the flag after 300 ms, while this one is searching.
  const worker = new Worker(
    "const { workerData } = require('node:worker_threads');" +
      "setTimeout(() => Atomics.store(workerData, 0, 1), 300);",
    { eval: true, workerData: flag },
  );
  const pos = Variant.builtin("chess").start();
  const t = performance.now();
  // The time limit only keeps a broken stop from hanging the test.
  const report = pos.search({ stop: flag, time: 60_000 });
  const ms = performance.now() - t;
  await worker.terminate();
  assert.ok(ms < 20_000, `the stopped search returned after ${ms} ms`);
  assert.equal(Atomics.load(flag, 0), 1);
  assert.ok(legal(pos).includes(report.move.move));
  assert.ok(report.depth < 64, `stopped at depth ${report.depth}`);
});

test("a finished game has nothing to search", () => {
  const pos = Variant.builtin("chess").start();
  for (const m of ["f3", "e5", "g4", "Qh4"]) pos.play(m);
  assert.equal(pos.outcome().reason, "checkmate");
  assert.throws(() => pos.search({ depth: 2 }), (e) => e.kind === "game-over");
});
