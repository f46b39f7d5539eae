// The WebAssembly build as a UCI engine, for `fairyforge match` (docs/js.md):
//   fairyforge match chess --a default --b "uci:node bench/wasm/uci.mjs target/wasm/bench/node" ...
// Speaks the part of UCI the match uses: uci, isready, setoption (UCI_Variant), ucinewgame,
// position startpos|fen ... moves ..., go movetime|nodes|depth, quit. Moves are read as
// the match writes them and answered as move text.
import { createRequire } from "node:module";
import path from "node:path";
import readline from "node:readline";

const require = createRequire(import.meta.url);
const ff = require(path.resolve(process.argv[2], "fairyforge.js"));
let variant = ff.Variant.builtin("chess");
let pos = variant.start();
const say = (line) => process.stdout.write(line + "\n");

for await (const line of readline.createInterface({ input: process.stdin })) {
  const words = line.trim().split(/\s+/);
  switch (words[0]) {
    case "uci":
      say("id name fairyforge-wasm");
      say("option name UCI_Variant type string default chess");
      say("uciok");
      break;
    case "isready":
      say("readyok");
      break;
    case "setoption": {
      const m = line.match(/name (.+) value (.+)/);
      if (m && m[1] === "UCI_Variant") variant = ff.Variant.builtin(m[2].trim());
      break;
    }
    case "ucinewgame":
      pos = variant.start();
      break;
    case "position": {
      const at = words.indexOf("moves");
      const fen = words[1] === "fen" ? words.slice(2, at < 0 ? undefined : at).join(" ") : null;
      pos = fen ? variant.fromFen(fen) : variant.start();
      if (at >= 0) for (const m of words.slice(at + 1)) pos.play(m);
      break;
    }
    case "go": {
      const limits = {};
      for (const [key, name] of [["movetime", "time"], ["nodes", "nodes"], ["depth", "depth"]]) {
        const i = words.indexOf(key);
        if (i >= 0) limits[name] = Number(words[i + 1]);
      }
      const r = pos.search(limits);
      say(`bestmove ${r.move.move}`);
      break;
    }
    case "quit":
      process.exit(0);
  }
}
