/**
 * Time in the AI worker: with monsters of mixed speeds (a bat that acts
 * twice a turn, a slug every other turn), statuses and regeneration
 * (tests/fixtures/mods/time/), the worker's moves replayed on the game give
 * exactly the game played in-process, and a monster's two moves in one
 * part of an answer decode in order.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import {
  applyStatus,
  Bot,
  cloneState,
  type MonsterMove,
  MoveReplay,
  newGame,
  playPlayerAction,
  runMonsterPhase,
  stateChecksum,
} from "../src/engine/mod.ts";
import { decodeMoves, entitiesById, InProcessRunner, MoveEncoder, WorkerRunner } from "../src/worker/mod.ts";
import { arena } from "./support/arena.ts";

const { rules } = await loadContent(new URL("./fixtures/mods/time/", import.meta.url), "time/");

Deno.test("a bot's game of mixed speeds and statuses is the same with the worker as in-process", async () => {
  const worker = new WorkerRunner(rules, { timeoutMs: 2000, checkEvery: 5 });
  ok(await worker.ready);
  const games = [newGame(rules, 11), newGame(rules, 11)] as const;
  const inProcess = new InProcessRunner(rules);
  const seen = new Set<string>();
  try {
    const bot = new Bot();
    for (let n = 0; n < 300; n++) {
      const command = bot.decide(games[1], rules);
      await worker.play(games[0], command);
      await inProcess.play(games[1], command);
      equal(stateChecksum(games[0]), stateChecksum(games[1]), `turn ${n}`);
      for (const e of games[1].entities) if (e.statuses) { for (const s of e.statuses) seen.add(s.id); }
      if (games[1].entities.some((e) => e.template === "bat" || e.template === "slug")) seen.add("speeds");
    }
  } finally {
    worker.close();
  }
  deepEqual(worker.faults, []);
  ok(worker.stats.workerTurns > 250, `${worker.stats.workerTurns}`);
  ok(seen.has("speeds"), [...seen].join());
  ok(games[0].ticks !== undefined);
});

Deno.test("a monster's two moves in one part encode and replay in order", () => {
  const picture = "#########\n#@.....b#\n#.....s.#\n#########";
  const decided = arena(rules, picture, { b: "bat", s: "slug" });
  applyStatus(decided.entities[2], rules.statuses!.confused, [], 4);
  const replayed = cloneState(decided);
  playPlayerAction(decided, rules, { type: "wait" });
  playPlayerAction(replayed, rules, { type: "wait" });
  const byId = entitiesById(replayed.entities);
  const encoder = new MoveEncoder();
  const moves: MonsterMove[] = [];
  runMonsterPhase(decided, rules, (move, before) => {
    moves.push(move);
    encoder.add(move, before);
  });
  equal(moves.filter((m) => m.id === 1).length, 2, "the bat moves twice");
  const replay = new MoveReplay(replayed, rules);
  replay.apply(decodeMoves(encoder.take(), byId));
  replay.finish();
  replayed.rng = decided.rng;
  equal(stateChecksum(replayed), stateChecksum(decided));
});
