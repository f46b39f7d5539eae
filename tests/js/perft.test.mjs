// The package's perft counts equal the native command line's on every built-in game.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { Variant, games } from "fairyforge";

const cli = process.env.FAIRYFORGE;
const native = (...args) => execFileSync(cli, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });

test("the built-in games are the command line's", () => {
  assert.ok(cli, "FAIRYFORGE names the fairyforge binary");
  const listed = native("list")
    .split("\n")
    .filter((l) => /^\S/.test(l))
    .map((l) => l.split(/\s+/)[0]);
  assert.deepEqual(games(), listed);
});

for (const game of games()) {
  test(`perft 3 of ${game} equals the native count`, () => {
    const expected = Number(native("perft", game, "3").match(/^nodes (\d+)$/m)[1]);
    const pos = Variant.builtin(game).start();
    assert.equal(pos.perft(3), expected);
    // The position is left as it was.
    assert.equal(pos.fen(), Variant.builtin(game).metadata.setup);
  });
}

test("divide splits a count by first move, as the native command line does", () => {
  const lines = native("perft", "birds-and-ninjas", "--divide", "2").trim().split("\n");
  const expected = lines.filter((l) => !l.startsWith("nodes")).map((l) => {
    const [move, count] = l.split(" ");
    return [move, Number(count)];
  });
  const got = Variant.builtin("birds-and-ninjas").start().divide(2).map((d) => [d.move, d.nodes]);
  assert.deepEqual(got.sort(), expected.sort());
});
