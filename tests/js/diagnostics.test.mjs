// A broken variant file: every problem with its file, line, column, message and hint,
// from `validate` and from the error `Variant.fromText` throws.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Variant, validate } from "fairyforge";

const broken = 'name = "Broken"\n[board]\nfiles = "ten"\nranks = 8\n';
const expected = [
  {
    severity: "error", code: "missing-key", file: "broken.toml", line: 1, column: 1, end_line: 1, end_column: 2,
    message: "the variant file has no `setup`",
    label: 'add `setup`, for example `setup = "<position string>"`',
  },
  {
    severity: "error", code: "wrong-type", file: "broken.toml", line: 3, column: 9, end_line: 3, end_column: 14,
    message: "`files` must be a whole number from 1 to 16, found a string",
    label: "expected a whole number from 1 to 16",
  },
];
const placed = (ds) => ds.map(({ rendered, ...rest }) => rest);

test("validate lists every problem of a broken file with its place", () => {
  const v = validate(broken, "broken.toml");
  assert.equal(v.ok, false);
  assert.deepEqual(placed(v.diagnostics), expected);
  assert.equal(
    v.diagnostics[1].rendered,
    'broken.toml:3:9: [wrong-type] `files` must be a whole number from 1 to 16, found a string\n' +
      "  |\n3 | files = \"ten\"\n  |         ^^^^^ expected a whole number from 1 to 16\n",
  );
});

test("Variant.fromText throws an error that carries the diagnostics", () => {
  assert.throws(
    () => Variant.fromText(broken, { name: "broken.toml" }),
    (e) => {
      assert.ok(e instanceof Error);
      assert.equal(e.kind, "bad-variant");
      assert.match(e.message, /^broken\.toml has 2 errors; the first at line 1, column 1: /);
      assert.deepEqual(placed(e.diagnostics), expected);
      return true;
    },
  );
});

test("a good file validates, and loads with its name and metadata", () => {
  const text = 'extends = "chess"\nname = "Tiny change"\nsetup = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"\n';
  const v = validate(text, "tiny.toml");
  assert.equal(v.ok, true);
  assert.deepEqual(v.diagnostics, []);
  const variant = Variant.fromText(text, { name: "tiny.toml" });
  assert.equal(variant.name, "Tiny change");
  assert.equal(variant.metadata.setup, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  assert.deepEqual(
    variant.metadata.pieces.map((p) => [p.letter, p.name]),
    [["K", "King"], ["Q", "Queen"], ["R", "Rook"], ["B", "Bishop"], ["N", "Knight"], ["P", "Pawn"]],
  );
  assert.deepEqual(variant.start().legalMoves().map((m) => m.move).sort().slice(0, 3), ["e1d1", "e1d2", "e1e2"]);
});

test("the files a text may not read are refused at their line and column", () => {
  const v = validate('extends = "/etc/passwd"\n', "evil.toml");
  assert.equal(v.ok, false);
  assert.equal(v.diagnostics[0].line, 1);
  assert.equal(v.diagnostics[0].column, 11);
  assert.match(v.diagnostics[0].message, /only the built-in games and piece libraries can be used here/);
});

test("unknown games and options are errors with their kind", () => {
  assert.throws(() => Variant.builtin("chess960"), (e) => e.kind === "unknown-game");
  assert.throws(() => Variant.builtin("chess", ["no-such-rule"]), (e) => e.kind === "unknown-option");
  const v = Variant.builtin("birds-and-ninjas", ["capture-the-scepter"]);
  assert.deepEqual(
    v.metadata.options.map((o) => [o.name, o.on]),
    [["capture-the-scepter", true]],
  );
});
