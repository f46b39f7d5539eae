// Positions: legal moves as data, play and undo, the end of a game, a piece's moves with
// blockers; and variants side by side (nothing is global).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Variant, Studio, catalog, source, version } from "fairyforge";

test("legal moves carry from, to, captures, the squares they empty and the readable text", () => {
  const pos = Variant.builtin("chess").start();
  const moves = pos.legalMoves();
  assert.equal(moves.length, 20);
  assert.deepEqual(moves.find((m) => m.move === "g1f3"), {
    move: "g1f3", san: "Nf3", from: "g1", to: "f3", kind: "normal", captures: [], empties: ["g1"],
  });
  assert.equal(moves.find((m) => m.move === "e2e4").kind, "double-step");
  assert.deepEqual(pos.movesFrom("b1").map((m) => m.san).sort(), ["Na3", "Nc3"]);
  assert.throws(() => pos.movesFrom("z9"), (e) => e.kind === "bad-square");
});

test("a drop, a castling and an en-passant capture as data", () => {
  const birds = Variant.builtin("birds-and-ninjas").start();
  birds.play("e2e5");
  birds.play("e6");
  const drop = birds.legalMoves().find((m) => m.move === "J@e2e4");
  assert.deepEqual(drop, {
    move: "J@e2e4", san: "J@e4", from: "e2", to: "e4", kind: "drop", captures: [], empties: [], drop: "J",
  });
  const chess = Variant.builtin("chess").fromFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const castle = chess.legalMoves().find((m) => m.kind === "castle" && m.to === "g1");
  assert.deepEqual(castle.rook, ["h1", "f1"]);
  assert.equal(castle.san, "O-O");
  const ep = Variant.builtin("chess").fromFen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  const capture = ep.legalMoves().find((m) => m.kind === "en-passant");
  assert.deepEqual([capture.move, capture.captures, capture.empties], ["e5d6", ["d5"], ["e5", "d5"]]);
});

test("play and undo: the move as played, the position string, the history", () => {
  const pos = Variant.builtin("chess").start();
  const start = pos.fen();
  assert.equal(pos.turn, "white");
  const played = pos.play("e4");
  assert.equal(played.move, "e2e4");
  assert.equal(pos.turn, "black");
  assert.equal(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  pos.play("e7e5");
  assert.deepEqual(pos.history().map((m) => m.san), ["e4", "e5"]);
  assert.equal(pos.ply, 2);
  assert.equal(pos.undo().move, "e7e5");
  assert.equal(pos.undo().move, "e2e4");
  assert.equal(pos.undo(), undefined);
  assert.equal(pos.fen(), start);
  assert.equal(pos.legalMoves().length, 20);
  assert.throws(() => pos.play("e5"), (e) => e.kind === "bad-move" && /^`e5`: /.test(e.message));
});

test("the end of a game: checkmate, with the mate marked and no legal move left", () => {
  const pos = Variant.builtin("chess").start();
  for (const m of ["f3", "e5", "g4"]) pos.play(m);
  assert.equal(pos.outcome(), null);
  assert.equal(pos.play("Qh4").san, "Qh4#");
  assert.equal(pos.isCheck(), true);
  assert.deepEqual(pos.outcome(), { winner: "black", reason: "checkmate", text: "Black wins by checkmate" });
  assert.deepEqual(pos.legalMoves(), []);
  assert.throws(() => pos.play("a3"), (e) => e.kind === "game-over");
  const state = pos.state();
  assert.equal(state.check_square, "e1");
  assert.equal(state.board.e1, "K");
  pos.undo();
  assert.equal(pos.outcome(), null);
});

test("a piece's moves from a square, with blockers", () => {
  const chess = Variant.builtin("chess");
  const rook = chess.pieceMoves("R", { at: "d4", blockers: [{ square: "d6", color: "black" }, { square: "f4", color: "white" }] });
  const targets = rook.moves.map((m) => m.to).sort();
  assert.deepEqual(targets, ["a4", "b4", "c4", "d1", "d2", "d3", "d5", "d6", "e4"].sort());
  assert.deepEqual(rook.moves.find((m) => m.to === "d6").captures, ["d6"]);
  // A piece of the library on this game's board.
  const bomber = Variant.builtin("birds-and-ninjas").pieceMoves("flying-bomber", { at: "e5" });
  assert.equal(bomber.piece.name, "Flying Bomber");
  assert.ok(bomber.moves.length > 0);
  assert.throws(() => chess.pieceMoves("no-such-piece", {}), (e) => e.kind === "unknown-piece");
});

test("variants live side by side: loading one changes no other", () => {
  const chess = Variant.builtin("chess");
  const edited = Variant.fromText('extends = "chess"\nname = "Mine"\nsetup = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"\n');
  const birds = Variant.builtin("birds-and-ninjas", ["capture-the-scepter"]);
  assert.equal(chess.start().legalMoves().length, 20);
  assert.equal(edited.start().legalMoves().length, 5);
  assert.equal(birds.metadata.options[0].on, true);
  assert.equal(Variant.builtin("birds-and-ninjas").metadata.options[0].on, false);
  assert.equal(chess.name, "Chess");
});

test("the rules as data, the catalogue and the sources", () => {
  const d = Variant.builtin("chess").describe();
  assert.deepEqual(d.perft, [20, 400, 8902]);
  assert.equal(d.pieces.length, 6);
  assert.match(Variant.builtin("chess").describeText(), /\n### N Knight \(knight\)\n/);
  assert.ok(catalog().games.some((g) => g.id === "birds-and-ninjas"));
  assert.match(source("chess").text, /^name = "Chess"/m);
  assert.match(version(), /^\d+\.\d+\.\d+$/);
});

test("Studio.call answers as the HTTP API does", () => {
  const studio = new Studio();
  const games = JSON.parse(studio.call("/api/games", ""));
  assert.equal(games.status, 200);
  assert.ok(games.body.games.length > 5);
  const played = JSON.parse(studio.call("/api/play", JSON.stringify({
    variant: { game: "chess" }, moves: ["f2f3", "e7e5", "g2g4"], move: "Qh4",
  })));
  assert.equal(played.status, 200);
  assert.equal(played.body.played.san, "Qh4#");
  assert.equal(played.body.state.outcome.reason, "checkmate");
  const bad = JSON.parse(studio.call("/api/variant", JSON.stringify({ variant: { text: "name = 1\n" } })));
  assert.equal(bad.status, 422);
  assert.equal(bad.body.kind, "bad-variant");
  assert.equal(bad.body.diagnostics[0].line, 1);
  assert.deepEqual(JSON.parse(studio.call("/api/nothing", "")).status, 404);
});
