/**
 * Time in the AI worker: with monsters of mixed speeds (a bat that acts
 * twice a turn, a slug every other turn), statuses and regeneration
 * (tests/fixtures/mods/time/), the worker's answers made to the game give
 * exactly the game played in-process, a monster that moves twice in a turn
 * among them.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import {
  applyPatch,
  applyStatus,
  Bot,
  cloneState,
  finishTurn,
  forkState,
  newGame,
  patchOf,
  playCommand,
  playPlayerAction,
  runMonsterPhase,
  stateChecksum,
} from "../src/engine/mod.ts";
import { InProcessRunner, WorkerRunner } from "../src/worker/mod.ts";
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

Deno.test("a bat that moves twice in a turn, and a confused slug: the turn's changes made to the app's game make it the worker's copy", () => {
  const picture = "#########\n#@.....b#\n#.....s.#\n#########";
  const game = arena(rules, picture, { b: "bat", s: "slug" });
  applyStatus(game.entities[2], rules.statuses!.confused, [], 4);
  const app = cloneState(game), here = cloneState(game);
  let twice = false;
  for (let k = 0; k < 8; k++) {
    const copy = forkState(game);
    const mine = playPlayerAction(copy, rules, { type: "wait" })!;
    const moved: number[] = [];
    const { events } = runMonsterPhase(copy, rules, (move) => void moved.push(move.id));
    if (moved.filter((id) => id === 1).length === 2) twice = true;
    applyPatch(app, patchOf(game, copy, [...mine, ...finishTurn(copy, rules, events)])!);
    playCommand(here, rules, { act: { type: "wait" } });
    equal(stateChecksum(app), stateChecksum(here), `turn ${k}: the game, its log too, as in-process`);
    Object.assign(game, copy);
  }
  ok(twice, "the bat moved twice in a turn");
});
