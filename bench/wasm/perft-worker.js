// The worker of perft.html: loads the `web` build from ./pkg and counts.
import init, { Variant } from "./pkg/fairyforge.js";

onmessage = async (e) => {
  await init();
  const results = [];
  for (const run of e.data) {
    const [game, depth] = run.split(":");
    const pos = Variant.builtin(game).start();
    const t = performance.now();
    const nodes = pos.perft(Number(depth));
    const seconds = (performance.now() - t) / 1000;
    results.push({ game, depth: Number(depth), nodes, seconds, nps: nodes / seconds });
  }
  postMessage(results);
};
