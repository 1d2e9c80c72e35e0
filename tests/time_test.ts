/**
 * Time (docs/rules.md, Speed and energy; Statuses; Regeneration; Resting),
 * played with the JSON-only mod tests/fixtures/mods/time/: a bat of speed
 * 200, a slug of speed 50, haste and slowness potions, poison, sleep and a
 * data-made confusion, and regeneration.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import {
  applyStatus,
  type Entity,
  type GameEvent,
  type GameState,
  instantiate,
  newGame,
  playCommand,
  restBehavior,
  type Rules,
  type WalkWords,
} from "../src/engine/mod.ts";
import { arena, byId } from "./support/arena.ts";
import { bundledContent, delveContent } from "./support/content.ts";

const { rules } = await loadContent(new URL("./fixtures/mods/time/", import.meta.url), "time/");

/** A corridor far longer than sight: the monsters at its end never see the player, and wait. */
const CORRIDOR = `
##################################
#@...............................#
#..............................bs#
##################################`;

function actionsOf(events: readonly GameEvent[], id: number): number {
  return events.filter((e) =>
    (e.type === "waited" && e.entityId === id) || (e.type === "moved" && e.entityId === id) ||
    (e.type === "attacked" && e.attackerId === id)
  ).length;
}

/** How many times the monster `id` acts in each of `turns` turns of the player waiting. */
function actionsPerTurn(state: GameState, r: Rules, id: number, turns: number): number[] {
  const counts: number[] = [];
  for (let t = 0; t < turns; t++) {
    counts.push(actionsOf(playCommand(state, r, { act: { type: "wait" } })!, id));
  }
  return counts;
}

Deno.test("a speed-200 monster acts twice in each turn of a speed-100 player", () => {
  const state = arena(rules, CORRIDOR, { b: "bat", s: "slug" });
  deepEqual(actionsPerTurn(state, rules, 1, 6), [2, 2, 2, 2, 2, 2]);
});

Deno.test("a speed-50 monster acts every other turn", () => {
  const state = arena(rules, CORRIDOR, { b: "bat", s: "slug" });
  deepEqual(actionsPerTurn(state, rules, 2, 6), [1, 0, 1, 0, 1, 0]);
});

Deno.test("a hasted player acts twice for each monster action; a slowed one, once for two", () => {
  const hasted = arena(rules, CORRIDOR, { b: "orc" });
  applyStatus(byId(hasted, 0), rules.statuses!.hasted, []);
  deepEqual(actionsPerTurn(hasted, rules, 1, 6), [1, 0, 1, 0, 1, 0]);
  const slowed = arena(rules, CORRIDOR, { b: "orc" });
  applyStatus(byId(slowed, 0), rules.statuses!.slowed, []);
  deepEqual(actionsPerTurn(slowed, rules, 1, 4), [2, 2, 2, 2]);
  // The turn counter counts the player's actions whatever the speed; the game time, turns of speed 100.
  equal(hasted.turn, 6);
  equal(hasted.ticks, 3);
});

Deno.test("with every speed at 100 the scheduler keeps no energy and the tutorial's state is unchanged", async () => {
  const { rules: tutorial } = await bundledContent();
  equal(tutorial.time, undefined);
  equal(tutorial.statuses, undefined);
  const state = newGame(tutorial, 3);
  for (let t = 0; t < 20; t++) playCommand(state, tutorial, { act: { type: "wait" } });
  const json = JSON.stringify(state);
  ok(
    !json.includes('"energy"') && !json.includes('"ticks"') && !json.includes('"statuses"'),
    json.slice(0, 200),
  );
});

Deno.test("a status lasts exactly its turns: poison hurts once a turn for 6 turns, then ends with its text", () => {
  const noRegeneration = { ...rules, time: { ...rules.time!, regeneration: undefined } };
  const state = arena(noRegeneration, CORRIDOR, { b: "bat" });
  const player = byId(state, 0);
  player.fighter!.hp = 20;
  // The player's own regeneration (1 HP every 5 turns) is the template's: this player has another template.
  (player as { template: string }).template = "bat";
  applyStatus(player, rules.statuses!.poisoned, []);
  const hp: number[] = [];
  const left: (number | undefined)[] = [];
  for (let t = 0; t < 7; t++) {
    playCommand(state, noRegeneration, { act: { type: "wait" } });
    hp.push(player.fighter!.hp);
    left.push(player.statuses?.[0]?.turns);
  }
  deepEqual(left, [5, 4, 3, 2, 1, undefined, undefined]);
  equal(player.statuses, undefined);
  ok(state.log.some((l) => l.text === "You feel better."));
  deepEqual(hp.slice(0, 6), [19, 18, 17, 16, 15, 14]);
});

Deno.test("a status's hurt text tells each turn's damage to the player; without one the HP alone tells it", async () => {
  const { rules: delve } = await delveContent();
  const hurtLines = (game: Rules) => {
    const state = arena(game, CORRIDOR, { b: "bat" });
    const player = byId(state, 0);
    player.fighter!.hp = 20;
    applyStatus(player, game.statuses!.poisoned, []);
    for (let t = 0; t < 3; t++) playCommand(state, game, { act: { type: "wait" } });
    return state.log.filter((l) => /poison/i.test(l.text)).map((l) => [l.text, l.count]);
  };
  const damage = delve.statuses!.poisoned.damagePerTurn;
  deepEqual(hurtLines(delve), [[`The poison hurts you (${damage}).`, 3]], "one line, counted each turn");
  equal(rules.statuses!.poisoned.hurt, undefined, "the time mod's poison has no hurt text");
  deepEqual(hurtLines(rules), [], "and says nothing of it");
});

Deno.test("a status put on again is refreshed, not doubled", () => {
  const e = instantiate(rules.templates.orc, 1, 0, 0);
  applyStatus(e, rules.statuses!.poisoned, [], 2);
  applyStatus(e, rules.statuses!.poisoned, []);
  applyStatus(e, rules.statuses!.poisoned, [], 3);
  deepEqual(e.statuses, [{ id: "poisoned", turns: 6 }]);
});

Deno.test("a sleeping monster does nothing until hurt, then wakes", () => {
  const state = arena(rules, "#####\n#@o.#\n#####", { o: "orc" });
  const orc = byId(state, 1);
  applyStatus(orc, rules.statuses!.asleep, []);
  const quiet = playCommand(state, rules, { act: { type: "wait" } })!;
  equal(quiet.filter((e) => e.type === "attacked").length, 0);
  const hit = playCommand(state, rules, { act: { type: "bump", dx: 1, dy: 0 } })!;
  ok(hit.some((e) => e.type === "status_ended" && e.entityId === 1));
  ok(hit.some((e) => e.type === "attacked" && e.attackerId === 1), "awake, it hits back in the same turn");
});

Deno.test("the data's confusion moves a monster at random and says the tutorial's words", () => {
  const state = arena(rules, "#######\n#@....#\n#...o.#\n#.....#\n#######", { o: "orc" });
  const orc = byId(state, 1);
  const events: GameEvent[] = [];
  applyStatus(orc, rules.statuses!.confused, events, 3);
  playCommand(state, rules, { act: { type: "wait" } });
  const start = `The eyes of the Orc look vacant, as it starts to stumble around!`;
  equal(rules.statuses!.confused.start.other.replace("{name}", "Orc"), start);
  for (let t = 0; t < 3; t++) playCommand(state, rules, { act: { type: "wait" } });
  equal(orc.statuses, undefined);
  ok(state.log.some((l) => l.text === "The Orc is no longer confused."));
});

Deno.test("regeneration heals the player 1 HP every 5 turns", async () => {
  const { rules: fresh } = await loadContent(new URL("./fixtures/mods/time/", import.meta.url), "time/");
  const state = arena(fresh, CORRIDOR);
  const player = byId(state, 0);
  player.fighter!.hp = 10;
  const hp: number[] = [];
  for (let t = 0; t < 10; t++) {
    playCommand(state, fresh, { act: { type: "wait" } });
    hp.push(player.fighter!.hp);
  }
  deepEqual(hp, [10, 10, 10, 10, 11, 11, 11, 11, 11, 12]);
});

/** Rests in `state` until the rest stops; the stop's reason and the turns it took. */
function rest(
  state: GameState,
  r: Rules,
  turns?: number,
  words: WalkWords = {},
): { reason: string; turns: number } {
  const behavior = restBehavior(r, { kind: "rest", turns }, words);
  const from = state.turn;
  for (;;) {
    const step = behavior.next(state);
    if ("stop" in step) {
      playCommand(state, r, step);
      return { reason: step.stop.reason, turns: state.turn - from };
    }
    playCommand(state, r, step);
  }
}

Deno.test("a rest stops once healed, saying so", async () => {
  const { rules: fresh } = await loadContent(new URL("./fixtures/mods/time/", import.meta.url), "time/");
  const state = arena(fresh, CORRIDOR);
  const player = byId(state, 0);
  player.fighter!.hp = player.fighter!.maxHp - 2;
  deepEqual(rest(state, fresh), { reason: "rested", turns: 10 });
  equal(player.fighter!.hp, player.fighter!.maxHp);
  equal(state.log.at(-1)?.text, "You feel rested.");
});

Deno.test("a rest stops when a monster comes into view", async () => {
  const { rules: fresh } = await loadContent(new URL("./fixtures/mods/time/", import.meta.url), "time/");
  // The orc, 10 cells off (sight 8), sees nothing; woken by hand it walks into view.
  const state = arena(fresh, "##############\n#@..........o#\n##############", { o: "orc" });
  byId(state, 0).fighter!.hp = 5;
  const orc = byId(state, 1);
  orc.ai = { type: "hostile", lastSeen: 1 * 14 + 1, path: [] };
  equal(rest(state, fresh).reason, "monster");
  equal(state.log.at(-1)?.text, "You see an Orc.");
});

Deno.test("a rest does not begin with a monster in view, and names it as the reason, not as news", async () => {
  const { rules: fresh } = await loadContent(new URL("./fixtures/mods/time/", import.meta.url), "time/");
  const state = arena(fresh, "#######\n#@...o#\n#######", { o: "orc" });
  byId(state, 0).fighter!.hp = 5;
  deepEqual(rest(state, fresh), { reason: "in_view", turns: 0 });
  equal(state.log.at(-1)?.text, "You cannot rest with an Orc in view.");
});

Deno.test("a rest stops when a status ends, naming it", async () => {
  const { rules: fresh } = await loadContent(new URL("./fixtures/mods/time/", import.meta.url), "time/");
  const state = arena(fresh, CORRIDOR);
  const player = byId(state, 0);
  player.fighter!.hp = 5;
  applyStatus(player, fresh.statuses!.hasted, [], 3);
  const stop = rest(state, fresh);
  equal(stop.reason, "status");
  equal(state.log.at(-1)?.text, "You stop resting: Hasted is over.");
});

Deno.test("with walks.restThroughStatuses a rest until healed goes on past a status's end; a counted one stops", async () => {
  const { rules: fresh } = await loadContent(new URL("./fixtures/mods/time/", import.meta.url), "time/");
  const through = { restThroughStatuses: true };
  const state = arena(fresh, CORRIDOR);
  const player = byId(state, 0);
  player.fighter!.hp = 5;
  applyStatus(player, fresh.statuses!.hasted, [], 3);
  equal(rest(state, fresh, undefined, through).reason, "rested");
  equal(player.fighter!.hp, player.fighter!.maxHp);
  player.fighter!.hp = 5;
  applyStatus(player, fresh.statuses!.hasted, [], 3);
  equal(rest(state, fresh, 50, through).reason, "status", "a count of turns still stops for it");
});

Deno.test("with walks.restThroughStatuses a poison's last tick, as it wears off, does not stop a rest until healed", async () => {
  const delve = await delveContent();
  const state = arena(delve.rules, CORRIDOR);
  const player = byId(state, 0);
  player.fighter!.hp = player.fighter!.maxHp - 3;
  applyStatus(player, delve.rules.statuses!.poisoned, []);
  equal(rest(state, delve.rules, undefined, delve.game.walks!).reason, "rested");
  equal(player.fighter!.hp, player.fighter!.maxHp);
  ok(!state.log.some((l) => l.text === "You are hurt."), state.log.map((l) => l.text).join("\n"));
});

Deno.test("with walks.restNearOnly a rest heeds only the monsters that could come to hit the player", async () => {
  const { rules: fresh } = await loadContent(new URL("./fixtures/mods/time/", import.meta.url), "time/");
  const near = { restNearOnly: true };
  // Asleep, the orc is no reason not to begin a rest; awake, it is, as any monster in view is without the word.
  const state = arena(fresh, "#######\n#@...o#\n#######", { o: "orc" });
  byId(state, 0).fighter!.hp = byId(state, 0).fighter!.maxHp - 1;
  const orc = byId(state, 1);
  orc.ai = { type: "hostile", lastSeen: -1, path: [], asleep: true };
  const begins = (words: WalkWords) => restBehavior(fresh, { kind: "rest" }, words).next(state);
  deepEqual(begins(near), { act: { type: "wait" } });
  deepEqual(begins({}), { stop: { reason: "in_view", names: ["Orc"] } }, "without the word, even asleep");
  orc.ai = { type: "hostile", lastSeen: -1, path: [] };
  deepEqual(begins(near), { stop: { reason: "in_view", names: ["Orc"] } });
});

Deno.test("with walks.restNearOnly a fungus out of its reach lets the player rest; beside it, it does not", async () => {
  const delve = await delveContent();
  const state = arena(delve.rules, "#######\n#@...F#\n#######", { F: "shrieker" });
  const player = byId(state, 0);
  player.fighter!.hp = player.fighter!.maxHp - 1;
  const words = delve.game.walks!;
  equal(rest(state, delve.rules, 2, words).reason, "rested");
  Object.assign(player, { x: 4 });
  equal(rest(state, delve.rules, 2, words).reason, "in_view");
});

Deno.test("a rest does not start when waiting heals nothing, nor with a count it waits past healed", async () => {
  const { rules: tutorial } = await bundledContent();
  const state = arena(tutorial, CORRIDOR);
  byId(state, 0).fighter!.hp = 5;
  deepEqual(rest(state, tutorial), { reason: "cannot_rest", turns: 0 });
  equal(state.log.at(-1)?.text, "Resting would not heal you.");
  deepEqual(rest(state, tutorial, 4), { reason: "rested", turns: 4 });
});

Deno.test("a rest stops when hurt", async () => {
  const { rules: fresh } = await loadContent(new URL("./fixtures/mods/time/", import.meta.url), "time/");
  const state = arena(fresh, "#####\n#@..#\n#####");
  const player: Entity = byId(state, 0);
  player.fighter!.hp = 5;
  const behavior = restBehavior(fresh, { kind: "rest" });
  playCommand(state, fresh, behavior.next(state) as { act: { type: "wait" } });
  player.fighter!.hp = 3;
  deepEqual(behavior.next(state), { stop: { reason: "hurt" } });
});
