import { deepEqual, equal, ok } from "node:assert/strict";
import {
  applyPatch,
  Bot,
  cloneState,
  finishTurn,
  forkState,
  isGameOver,
  newGame,
  patchOf,
  runMonsterPhase,
  stateDigest,
} from "../src/engine/mod.ts";
import { InProcessRunner, WorkerRunner } from "../src/worker/mod.ts";
import { arena, byId } from "./support/arena.ts";
import { snapshot } from "./support/faulty_game.ts";
import { mindsContent } from "./support/minds_content.ts";

const { rules } = await mindsContent();

Deno.test("minds: the worker and in-process give the same game, compared after every turn", async () => {
  let shots = 0, wakes = 0;
  for (const seed of [1, 2, 3]) {
    const viaWorker = newGame(rules, seed), inProcess = newGame(rules, seed);
    const worker = new WorkerRunner(rules), local = new InProcessRunner(rules);
    ok(await worker.ready, "the worker loaded");
    try {
      const bot = new Bot();
      for (let k = 0; k < 300 && !isGameOver(inProcess); k++) {
        const command = bot.decide(inProcess, rules);
        await worker.play(viaWorker, command);
        await local.play(inProcess, command);
        deepEqual(snapshot(viaWorker), snapshot(inProcess), `seed ${seed}, turn ${k}`);
      }
      deepEqual(worker.faults, [], "the worker answered every turn");
      shots += inProcess.log.filter((e) => e.text.includes("shoots an arrow")).length;
      wakes += inProcess.log.filter((e) => e.text.endsWith("wakes up.")).length;
    } finally {
      worker.close();
    }
  }
  ok(shots > 0, "there were shots to compare");
  ok(wakes > 0, "there were sleepers waking");
});

Deno.test("a sleeper woken by another's blow in the same phase: the turn's changes made to the app's game make it the worker's copy", () => {
  // A bat that only moves at random, walled in with a sleeping troll; the player beyond perception.
  const batty = { ...rules, sightRadius: 0, templates: { ...rules.templates } };
  const bat = batty.templates.bat;
  // Strong enough to hurt the troll (power 1 against its defense 1 would not).
  batty.templates.bat = {
    ...bat,
    fighter: { hp: 4, defense: 0, power: 3 },
    ai: { ...(bat.ai as Exclude<typeof bat.ai, "hostile" | undefined>), erratic: 1 },
  };
  // A stationary troll that does not see the player keeps its state object: the change a move tells.
  const troll = batty.templates.troll;
  const trollMind = troll.ai as Exclude<typeof troll.ai, "hostile" | undefined>;
  batty.templates.troll = { ...troll, ai: { ...trollMind, stationary: true } };
  const worker = arena(
    batty,
    `
    ##############
    #bT#.........#
    ####........@#
    ##############`,
    { b: "bat", T: "troll" },
  );
  // The worker's way: each phase played on a copy, and what it changed made to the app's game.
  const main = cloneState(worker);
  let woken = false, game = worker;
  for (let k = 0; k < 40; k++) {
    const copy = forkState(game);
    const { events } = runMonsterPhase(copy, batty);
    const patch = patchOf(game, copy, finishTurn(copy, batty, events))!;
    applyPatch(main, patch);
    equal(stateDigest(main), stateDigest(copy), `phase ${k}`);
    game = copy;
    const troll = byId(copy, 2);
    if (troll.ai?.type === "hostile" && !troll.ai.asleep) woken = true;
  }
  ok(woken, "the bat woke the troll");
});
