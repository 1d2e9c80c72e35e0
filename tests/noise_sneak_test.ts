import { deepEqual, equal, ok } from "node:assert/strict";
import {
  type GameState,
  PhaseContext,
  playCommand,
  playerOf,
  type Rules,
  setTile,
  stateDigest,
  Tile,
  updateVisibility,
} from "../src/engine/mod.ts";
import {
  dataStamp,
  decodeRecording,
  decodeSave,
  encodeSave,
  record,
  startRecording,
} from "../src/store/mod.ts";
import { InProcessRunner, WorkerRunner } from "../src/worker/mod.ts";
import { PlayScreen } from "../src/ui/play_screen.ts";
import { statusLines } from "../src/ui/panel.ts";
import { monsterLine } from "../src/ui/side_panel.ts";
import type { UiContext } from "../src/ui/screen.ts";
import { keyEvent } from "../src/terminal/mod.ts";
import { arena as drawn, byId } from "./support/arena.ts";
import { delveContent } from "./support/content.ts";

const delve = await delveContent();
/** Delve's rules, everything in sight, and a player no sleeper ever fails to notice unless it sneaks. */
const rules: Rules = {
  ...delve.rules,
  sightRadius: 0,
  templates: { ...delve.rules.templates, player: { ...delve.rules.templates.player, stealth: 0 } },
};
const quiet: Rules = { ...rules, noise: undefined };
/** An arena with the rolls stream Delve's combat draws from. */
function arena(r: Rules, picture: string, monsters: Record<string, string> = {}, seed = 1): GameState {
  const state = drawn(r, picture, monsters, seed);
  state.rolls = [seed, 7, 11, 13];
  return state;
}

/** What the monster list needs to name a monster: its words. */
const LIST = {
  rules,
  theme: { texts: { panel: { side: { health: [{ from: 0, word: "unhurt" }], asleep: "asleep" } } } },
} as unknown as Parameters<typeof monsterLine>[0];

/**
 * A long hall: the player (0) at the west end beside a rat (1), a pit viper
 * (2, perception 4) asleep 7 cells east: out of its perception, within a blow's
 * noise (8), out of a door's (5).
 */
function hall(r: Rules = rules): GameState {
  return arena(
    r,
    `
    ##############
    #@r......s..>#
    ##############`,
    { r: "rat", s: "snake" },
  );
}

const asleep = (state: GameState, id: number) => {
  const ai = byId(state, id).ai;
  return ai?.type === "hostile" && ai.asleep === true;
};

Deno.test("a blow the player gives is heard by a sleeper 7 cells off, which wakes (and says so); without noise it sleeps", () => {
  const loud = hall();
  ok(asleep(loud, 2));
  playCommand(loud, rules, { act: { type: "bump", dx: 1, dy: 0 } });
  ok(!asleep(loud, 2), "the fight woke it");
  ok(loud.log.some((l) => l.text === "The Pit Viper wakes up."));
  equal(monsterLine(LIST, byId(loud, 2)).includes("asleep"), false);
  const still = hall(quiet);
  ok(
    monsterLine(LIST, byId(still, 2)).includes("asleep"),
    "asleep it says so",
  );
  for (let k = 0; k < 3; k++) playCommand(still, quiet, { act: { type: "bump", dx: 1, dy: 0 } });
  ok(asleep(still, 2), "without noise only nearness wakes it");
});

Deno.test("a blow the player takes is heard too", () => {
  const state = hall();
  // Only the rat acts against the player: the player waits.
  let woke = false;
  for (let k = 0; k < 6 && !woke; k++) {
    playCommand(state, rules, { act: { type: "wait" } });
    woke = !asleep(state, 2);
  }
  ok(woke, "the rat's blows woke it");
  const still = hall(quiet);
  for (let k = 0; k < 6; k++) playCommand(still, quiet, { act: { type: "wait" } });
  ok(asleep(still, 2));
});

/** The player at (6, 1) beside an open door at (7, 1), the viper asleep 5 cells past it (out of perception). */
function doorway(r: Rules): GameState {
  const state = arena(
    r,
    `
    ##############
    #.....@.....s#
    ##############`,
    { s: "snake" },
  );
  setTile(state.map, 7, 1, Tile.OpenDoor);
  updateVisibility(state.map, playerOf(state), 0);
  return state;
}

Deno.test("closing a door is heard within the door's noise; sneaking, the player's door is silent", () => {
  const loud = doorway(rules);
  playCommand(loud, rules, { act: { type: "close", dx: 1, dy: 0 } });
  ok(!asleep(loud, 1), "the door's noise woke it");
  const sneaking = doorway(rules);
  playCommand(sneaking, rules, { sneak: true });
  playCommand(sneaking, rules, { act: { type: "close", dx: 1, dy: 0 } });
  ok(asleep(sneaking, 1), "a door closed sneaking makes no noise");
  const still = doorway(quiet);
  playCommand(still, quiet, { act: { type: "close", dx: 1, dy: 0 } });
  ok(asleep(still, 1), "without noise the door wakes no one");
});

Deno.test("steps make noise where the rules give them a radius, but not sneaking", () => {
  const stepping: Rules = { ...rules, noise: { step: 6 } };
  const walk = (sneak: boolean) => {
    const state = arena(stepping, "##############\n#@........s..#\n##############", { s: "snake" });
    if (sneak) playCommand(state, stepping, { sneak: true });
    for (let k = 0; k < 4; k++) playCommand(state, stepping, { act: { type: "move", dx: 1, dy: 0 } });
    return state;
  };
  ok(!asleep(walk(false), 1), "6 cells off, out of its perception, it heard the steps");
  ok(asleep(walk(true), 1), "sneaking steps are silent");
});

Deno.test("sneaking: on and off take no turn and are told; its steps cost 150 energy; its stealth adds 55", () => {
  const state = arena(rules, "#######\n#@....#\n#######");
  const player = playerOf(state);
  deepEqual(playCommand(state, rules, { sneak: true })?.map((e) => e.type), ["sneaking"]);
  deepEqual([player.sneaking, state.turn], [true, 0]);
  equal(state.log.at(-1)?.text, "You move carefully now: slower, but quieter.");
  equal(playCommand(state, rules, { sneak: true }), undefined, "already sneaking: nothing to do");
  equal(new PhaseContext(state.map, state.entities, player, undefined, rules.templates, rules).stealth, 55);
  // Steps of 150 against 100 a turn: two steps take three turns, the monsters acting in each.
  const ticks = state.ticks ?? 0;
  playCommand(state, rules, { act: { type: "move", dx: 1, dy: 0 } });
  playCommand(state, rules, { act: { type: "move", dx: 1, dy: 0 } });
  equal((state.ticks ?? 0) - ticks, 3);
  playCommand(state, rules, { sneak: false });
  const walked = state.ticks ?? 0;
  playCommand(state, rules, { act: { type: "move", dx: -1, dy: 0 } });
  playCommand(state, rules, { act: { type: "move", dx: -1, dy: 0 } });
  equal((state.ticks ?? 0) - walked, 2, "walking, a step is a turn");
  equal(player.sneaking, undefined);
  ok(state.log.some((l) => l.text === "You stop sneaking."));
  const none: Rules = { ...rules, sneak: undefined };
  equal(playCommand(state, none, { sneak: true }), undefined, "without the word there is no sneaking");
  equal(player.sneaking, undefined);
});

Deno.test("sneaking past a sleeping viper: it sleeps on about half the time; walking past, it all but never does", () => {
  // Delve's own player (stealth 40), along the hall's top row, past the viper on the row below.
  const r: Rules = { ...rules, templates: delve.rules.templates };
  const pass = (sneak: boolean, seed: number) => {
    const state = arena(r, "#################\n#@..............#\n#........s......#\n#################", {
      s: "snake",
    }, seed);
    if (sneak) playCommand(state, r, { sneak: true });
    for (let k = 0; k < 14; k++) playCommand(state, r, { act: { type: "move", dx: 1, dy: 0 } });
    return !asleep(state, 1);
  };
  let sneaking = 0, walking = 0;
  for (let seed = 1; seed <= 40; seed++) {
    if (pass(true, seed)) sneaking++;
    if (pass(false, seed)) walking++;
  }
  ok(walking >= 36, `walking, it nearly always wakes: ${walking} of 40`);
  ok(sneaking >= 8 && sneaking <= 32, `sneaking, a fair chance: it woke ${sneaking} times of 40`);
});

Deno.test("the sneak key turns it on and off; the side panel shows it; the laptop preset's is m", () => {
  const state = arena(rules, "#######\n#@....#\n#######");
  const ui = { state, rules, keys: {} } as unknown as UiContext;
  const screen = new PlayScreen(undefined, true, false, true, true);
  deepEqual(screen.handleKey(keyEvent("S"), ui), { type: "sneak" });
  deepEqual(screen.handleKey(keyEvent("m"), { ...ui, keys: { "sneak": ["m"] } } as UiContext), {
    type: "sneak",
  });
  deepEqual(statusLines(ui, 30, 2), []);
  playerOf(state).sneaking = true;
  deepEqual(statusLines(ui, 30, 2), ["Sneaking"]);
  const tutorial = new PlayScreen(undefined, true, false, true, false);
  ok(!tutorial.bindings.some((b) => "value" in b && b.value === "sneak"), "no sneak key without the word");
});

Deno.test("sneaking is saved, recorded and replayed, and the worker plays it and noise as in-process", async () => {
  const games = [hall(), hall()] as const;
  const recording = startRecording(3, "test", { checksum: 0, folder: "data/" });
  const worker = new WorkerRunner(rules), local = new InProcessRunner(rules);
  ok(await worker.ready);
  const commands = [
    { sneak: true },
    { act: { type: "bump", dx: 1, dy: 0 } },
    { act: { type: "bump", dx: 1, dy: 0 } },
    { sneak: false },
    { act: { type: "wait" } },
  ] as const;
  try {
    for (const command of commands) {
      await worker.play(games[0], command);
      const before = games[1].turn;
      await local.play(games[1], command);
      record(recording, command, games[1], before);
      equal(stateDigest(games[0]), stateDigest(games[1]));
    }
  } finally {
    worker.close();
  }
  deepEqual(worker.faults, []);
  const decoded = decodeRecording(JSON.parse(JSON.stringify(recording)));
  deepEqual(decoded.commands[0], { sneak: true });
  const sneaking = hall();
  playCommand(sneaking, rules, { sneak: true });
  const back = decodeSave(JSON.parse(encodeSave(sneaking, dataStamp(delve), "test", new Date(0))), rules);
  equal(playerOf(back).sneaking, true);
});
