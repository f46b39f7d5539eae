// A network from bytes: `Position.setNetwork` gives the search the network a file holds,
// and the search then scores and plays exactly as the native command line does with
// `analyse --net`; bytes that are not a network of the game throw `bad-network` with
// core's reason. The files are written by the Rust harness (tests/js/main.rs) with core's
// `Network`. A built-in game's network comes from the package's `nets/` (`supplyNetwork`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Variant, supplyNetwork } from "fairyforge";

const cli = process.env.FAIRYFORGE;
const chessNet = process.env.FAIRYFORGE_NET_CHESS;
const capaNet = process.env.FAIRYFORGE_NET_CAPABLANCA;
const FEN = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
const DEPTH = 5;

// `analyse` to DEPTH with the package's table size (16 MB): the score and line of the
// last iteration, and the best move.
const native = (...extra) => nativeIn("chess", FEN, ...extra);
const nativeIn = (game, fen, ...extra) => {
  const out = execFileSync(
    cli,
    ["analyse", game, "--fen", fen, "--depth", String(DEPTH), "--hash", "16", ...extra],
    { encoding: "utf8" },
  );
  const last = out.split("\n").filter((l) => l.startsWith(`depth ${DEPTH} `)).pop();
  return {
    cp: Number(last.match(/ score cp (-?\d+) /)[1]),
    pv: last.split(" pv ")[1].split(" "),
    move: out.match(/^bestmove (\S+)$/m)[1],
  };
};

const searched = (pos) => {
  const r = pos.search({ depth: DEPTH });
  return { cp: r.score.cp, pv: r.pv, move: r.move.move };
};

test("a network from bytes scores and plays as analyse --net does", () => {
  assert.ok(cli && chessNet && capaNet, "the harness names the binary and the networks");
  const withNet = native("--net", chessNet);
  const without = native();
  assert.notDeepEqual(withNet, without, "the network changes the search");

  const chess = Variant.builtin("chess");
  const pos = chess.fromFen(FEN);
  pos.setNetwork(new Uint8Array(readFileSync(chessNet)));
  assert.deepEqual(searched(pos), withNet);
  // A copy keeps the network; null takes it away.
  assert.deepEqual(searched(pos.clone()), withNet);
  const fresh = chess.fromFen(FEN);
  assert.deepEqual(searched(fresh), without);
  fresh.setNetwork(new Uint8Array(readFileSync(chessNet)));
  fresh.setNetwork(null);
  assert.deepEqual(searched(fresh), without);
});

test("bytes that are not a network of the game throw bad-network with the reason", () => {
  const pos = Variant.builtin("chess").fromFen(FEN);
  const refused = (bytes, message) =>
    assert.throws(
      () => pos.setNetwork(bytes),
      (e) => {
        assert.equal(e.name, "FairyforgeError");
        assert.equal(e.kind, "bad-network");
        assert.equal(e.message, message);
        assert.equal(e.error, message);
        return true;
      },
    );
  refused(
    new Uint8Array(readFileSync(capaNet)),
    "this network is for `Capablanca Chess`, not for `Chess`: a network is read only by the game it was trained for",
  );
  refused(new TextEncoder().encode("PK zip"), "not a fairyforge network file: it does not begin with `FFNNUE`");
  const cut = new Uint8Array(readFileSync(chessNet)).slice(0, 100);
  refused(cut, "the network file ends at byte 100, in its input weights: it is cut short");
  // The search plays on with the hand-set evaluation.
  assert.deepEqual(searched(pos), native());
  // The Capablanca network in its own game.
  const capa = Variant.builtin("capablanca").start();
  capa.setNetwork(new Uint8Array(readFileSync(capaNet)));
  assert.ok(capa.search({ depth: 2 }).move.move);
});

test("Capablanca evaluates by hand until the package's network is supplied, then as the command line does", () => {
  const CAPA = "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq - 0 1";
  const capablanca = Variant.builtin("capablanca");
  const hand = nativeIn("capablanca", CAPA, "--engine", "nnue=off");
  // The module carries no network: the game names the file it wants, and plays by hand.
  assert.equal(capablanca.wantedNetwork, "capablanca.nnue");
  assert.equal(Variant.builtin("chess").wantedNetwork, undefined);
  assert.deepEqual(searched(capablanca.fromFen(CAPA)), hand);

  // Another game's network is refused, and changes nothing.
  assert.throws(
    () => supplyNetwork(new Uint8Array(readFileSync(chessNet))),
    (e) => {
      assert.equal(e.kind, "bad-network");
      assert.equal(
        e.message,
        "this network is for `Chess`, which has no built-in network: give it to a position's searcher instead",
      );
      return true;
    },
  );
  assert.equal(capablanca.wantedNetwork, "capablanca.nnue");

  // The package's file, supplied: the command line's defaults (its built-in network).
  const file = createRequire(import.meta.url).resolve("fairyforge/nets/capablanca.nnue");
  assert.equal(supplyNetwork(readFileSync(file)), "Capablanca Chess");
  assert.equal(capablanca.wantedNetwork, undefined);
  assert.deepEqual(searched(capablanca.fromFen(CAPA)), nativeIn("capablanca", CAPA));
  // Supplied twice, nothing changes; another Capablanca network does not replace it.
  supplyNetwork(readFileSync(file));
  assert.throws(() => supplyNetwork(new Uint8Array(readFileSync(capaNet))), /has its built-in network already/);
  // `setNnue(false)`: by hand again, and a copy keeps the switch.
  const off = capablanca.fromFen(CAPA);
  off.setNnue(false);
  assert.deepEqual(searched(off), hand);
  assert.deepEqual(searched(off.clone()), hand);
});
