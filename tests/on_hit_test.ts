/**
 * On-hit effects (docs/rules.md, On-hit effects) with the JSON-only mod
 * tests/fixtures/mods/onhit/ (the combat mod, with orcs whose blows may
 * poison and archers whose arrows may slow): a blow that hurts puts its
 * status on by its chance, one that misses or does nothing never does; the
 * worker and in-process give the same game; bad data is one line.
 */
import { modProblems } from "./support/mod_problems.ts";
import { deepEqual, equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { type GameEvent, melee, newGame, playerOf, type Rules } from "../src/engine/mod.ts";
import { InProcessRunner, WorkerRunner } from "../src/worker/mod.ts";
import { rolledArena } from "./support/combat_mod.ts";
import { script, snapshot, turn } from "./support/faulty_game.ts";

const MOD = new URL("./fixtures/mods/onhit/", import.meta.url);
const { rules } = await loadContent(MOD, "onhit/");

/** The mod with the orc's poison at `chance`. */
function orcPoisons(chance: number): Rules {
  const orc = { ...rules.templates.orc, onHit: [{ status: "poisoned", chance }] };
  return { ...rules, templates: { ...rules.templates, orc } };
}

/** 200 orc blows at the player, each on a fresh arena: how many hurt, and how many of those poisoned. */
function blows(chance: number): { hurt: number; poisoned: number; missedOrHarmless: number } {
  const counts = { hurt: 0, poisoned: 0, missedOrHarmless: 0 };
  const r = orcPoisons(chance);
  for (let seed = 1; seed <= 200; seed++) {
    const s = rolledArena(r, "@o", { o: "orc" }, seed);
    const player = playerOf(s), orc = s.entities.find((e) => e.template === "orc")!;
    const events: GameEvent[] = [];
    melee(s, orc, player, r, events);
    const poisoned = player.statuses?.some((st) => st.id === "poisoned") ?? false;
    const hurt = events.some((e) => e.type === "attacked" && e.damage > 0);
    if (hurt) counts.hurt++;
    else counts.missedOrHarmless++;
    if (poisoned) counts.poisoned++;
    ok(hurt || !poisoned, `seed ${seed}: a blow that did not hurt poisoned`);
  }
  return counts;
}

Deno.test("a blow that hurts poisons by its chance: always at 1, never at 0, about half at 0.5", () => {
  const always = blows(1), never = blows(0), half = blows(0.5);
  ok(always.hurt > 100 && always.missedOrHarmless > 5, JSON.stringify(always));
  equal(always.poisoned, always.hurt);
  equal(never.poisoned, 0);
  ok(half.poisoned > half.hurt * 0.3 && half.poisoned < half.hurt * 0.7, JSON.stringify(half));
});

Deno.test("rules without on-hit effects or rolled combat keep no rolls stream: the tutorial's state is unchanged", async () => {
  const tutorial = (await import("./support/content.ts")).bundledContent;
  const plain = newGame((await tutorial()).rules, 1);
  equal(plain.rolls, undefined);
  ok(newGame(rules, 1).rolls, "the mod rolls");
});

Deno.test("with on-hit effects the worker and in-process AI give the same game, statuses and all", async () => {
  let afflicted = 0;
  for (const seed of [1, 2, 3]) {
    const viaWorker = newGame(rules, seed), inProcess = newGame(rules, seed);
    const worker = new WorkerRunner(rules), local = new InProcessRunner(rules);
    ok(await worker.ready, "the worker loaded");
    try {
      for (const step of script(seed, 200)) {
        await turn(viaWorker, worker, step);
        await turn(inProcess, local, step);
        deepEqual(snapshot(viaWorker), snapshot(inProcess));
        if (playerOf(inProcess).statuses) afflicted++;
      }
      deepEqual(worker.faults, []);
    } finally {
      worker.close();
    }
  }
  ok(afflicted > 5, `the player was under a status on ${afflicted} turns`);
});

/** The problems of the mod with `change` made to its entities. */
const problemsWith = (
  change: (entities: Record<string, Record<string, unknown>>) => void,
): Promise<string[]> => modProblems(MOD, (f) => change(f.entities));

Deno.test("an on-hit status the game does not define, or a chance beyond 1, is one line", async () => {
  deepEqual(await problemsWith((e) => (e.orc.onHit = [{ status: "petrified", chance: 0.5 }])), [
    'mod/entities.json: $.orc.onHit[0].status: expected a status of mod/game.json $.statuses, found "petrified"',
  ]);
  const [chance] = await problemsWith((e) => (e.orc.onHit = [{ status: "poisoned", chance: 2 }]));
  ok(chance.startsWith("mod/entities.json: $.orc.onHit[0].chance: expected"), chance);
});
