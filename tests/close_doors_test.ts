import { deepEqual, equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import {
  type GameState,
  phaseCounts,
  playerOf,
  playPlayerAction,
  type Rules,
  runMonsterPhase,
  setTile,
  stateDigest,
  Tile,
  updateVisibility,
} from "../src/engine/mod.ts";
import { perform } from "../src/engine/actions.ts";
import { decodeRecording, record, startRecording } from "../src/store/mod.ts";
import { InProcessRunner, WorkerRunner } from "../src/worker/mod.ts";
import { PlayScreen } from "../src/ui/play_screen.ts";
import { CloseDoorScreen } from "../src/ui/close_door_screen.ts";
import { presetKeys } from "../src/ui/key_presets.ts";
import type { UiContext } from "../src/ui/screen.ts";
import { keyEvent } from "../src/terminal/mod.ts";
import { arena, byId } from "./support/arena.ts";

const delve = await loadContent(new URL("../data/", import.meta.url), "data/");
const { rules } = delve;

/** Delve's rules with `closeDoors` off, as data without the word reads. */
const noClosing: Rules = { ...rules, closeDoors: undefined };

/** Delve's rules with the wolf a door-opener, as a template without the word reads. */
function wolvesOpen(): Rules {
  const { opensDoors: _, ...wolf } = rules.templates.wolf;
  return { ...rules, templates: { ...rules.templates, wolf } };
}

/** A corridor with a door at (4, 1): the player west of it at (3, 1), `letter`'s monster (id 1) at the east end. */
function corridor(tile: Tile, monster = "wolf"): GameState {
  const state = arena(
    rules,
    `
    ###########
    #..@.....w#
    ###########`,
    { w: monster },
  );
  setTile(state.map, 4, 1, tile);
  updateVisibility(state.map, playerOf(state), rules.sightRadius);
  return state;
}

const door = (state: GameState) => state.map.tiles[1 * state.map.width + 4];

Deno.test("closing an open door beside the player: a turn, the door shut, the view behind it gone, told", () => {
  const state = corridor(Tile.OpenDoor);
  equal(state.map.visible[1 * state.map.width + 6], 1, "the open doorway lets the view through");
  const events = playPlayerAction(state, rules, { type: "close", dx: 1, dy: 0 });
  deepEqual(events?.map((e) => e.type), ["door_closed"]);
  deepEqual([door(state), state.turn], [Tile.ClosedDoor, 1]);
  equal(state.map.visible[1 * state.map.width + 6], 0, "the closed door blocks sight at once");
  equal(state.log.at(-1)?.text, "You close the door.");
  const told = state.log.length;
  playPlayerAction(state, rules, { type: "move", dx: -1, dy: 0 });
  playPlayerAction(state, rules, { type: "wait" });
  equal(state.log.length, told, "a step or a wait says nothing of doors");
});

Deno.test("a door with something in it does not close: refused, told, no turn", () => {
  for (const thing of ["wolf", "health_potion"]) {
    const state = corridor(Tile.OpenDoor, thing);
    const it = byId(state, 1);
    it.x = 4;
    equal(playPlayerAction(state, rules, { type: "close", dx: 1, dy: 0 }), undefined, thing);
    deepEqual([door(state), state.turn], [Tile.OpenDoor, 0], thing);
    equal(state.log.at(-1)?.text, "Something is in the doorway: the door will not close.", thing);
  }
});

Deno.test("no open door that way: refused and told; without closeDoors, refused untold", () => {
  const state = corridor(Tile.OpenDoor);
  equal(playPlayerAction(state, rules, { type: "close", dx: -1, dy: 0 }), undefined);
  equal(state.log.at(-1)?.text, "There is no open door beside you.");
  const old = corridor(Tile.OpenDoor), logged = old.log.length;
  equal(playPlayerAction(old, noClosing, { type: "close", dx: 1, dy: 0 }), undefined);
  deepEqual([door(old), old.log.length], [Tile.OpenDoor, logged], "the door stays open, nothing said");
});

Deno.test("a wolf cannot open a closed door: it stays behind it; a template without the word opens it", () => {
  const state = corridor(Tile.ClosedDoor);
  const wolf = byId(state, 1);
  wolf.x = 5;
  wolf.ai = { type: "hostile", lastSeen: 1 * state.map.width + 3, path: [] };
  for (let k = 0; k < 5; k++) runMonsterPhase(state, rules);
  deepEqual([door(state), wolf.x], [Tile.ClosedDoor, 5], "the door held");
  const opener = corridor(Tile.ClosedDoor);
  const other = byId(opener, 1);
  other.x = 5;
  other.ai = { type: "hostile", lastSeen: 1 * opener.map.width + 3, path: [] };
  runMonsterPhase(opener, wolvesOpen());
  equal(door(opener), Tile.OpenDoor, "a wolf whose template has no opensDoors opens it");
});

Deno.test("a wolf that cannot open doors walks into one as into a wall: refused, the door shut", () => {
  const state = corridor(Tile.ClosedDoor);
  const wolf = byId(state, 1);
  wolf.x = 5;
  // A step it did not choose (a confused or erratic one) is played as any move.
  deepEqual(perform(state, rules, wolf, { type: "move", dx: -1, dy: 0 }), {
    kind: "impossible",
    reason: "blocked",
  });
  equal(door(state), Tile.ClosedDoor);
  equal(perform(state, wolvesOpen(), wolf, { type: "move", dx: -1, dy: 0 }).kind, "done");
  equal(door(state), Tile.OpenDoor);
});

Deno.test("a wolf goes round by the open way when the near way has a closed door", () => {
  const state = arena(
    rules,
    `
    #########
    #@......#
    #.#####.#
    #.#####.#
    #...w...#
    #########`,
    { w: "wolf" },
  );
  // The short way west is shut; the long way east is open.
  setTile(state.map, 2, 4, Tile.ClosedDoor);
  updateVisibility(state.map, playerOf(state), rules.sightRadius);
  const wolf = byId(state, 1);
  wolf.ai = { type: "hostile", lastSeen: 1 * state.map.width + 1, path: [] };
  runMonsterPhase(state, rules);
  equal(wolf.x, 5, "it turns east, away from the door");
  const opener = arena(
    rules,
    `
    #########
    #@......#
    #.#####.#
    #.#####.#
    #...w...#
    #########`,
    { w: "wolf" },
  );
  setTile(opener.map, 2, 4, Tile.ClosedDoor);
  byId(opener, 1).ai = { type: "hostile", lastSeen: 1 * opener.map.width + 1, path: [] };
  runMonsterPhase(opener, wolvesOpen());
  equal(byId(opener, 1).x, 3, "one that opens doors takes the short way");
});

Deno.test("a goblin closes the door behind it as it steps out, unless something is left in it; one without the word does not", () => {
  const step = (r: Rules, item: boolean) => {
    const state = corridor(Tile.OpenDoor, "goblin");
    const goblin = byId(state, 1);
    goblin.x = 4;
    if (item) state.entities.push({ ...byId(corridor(Tile.OpenDoor, "health_potion"), 1), id: 9, x: 4 });
    const done = perform(state, r, goblin, { type: "move", dx: 1, dy: 0 });
    return { state, events: done.kind === "done" ? done.events.map((e) => e.type) : [] };
  };
  const shut = step(rules, false);
  deepEqual(shut.events, ["moved", "door_closed"]);
  equal(door(shut.state), Tile.ClosedDoor);
  equal(shut.state.map.visible[1 * shut.state.map.width + 5], 0, "out of sight behind it at once");
  equal(door(step(rules, true).state), Tile.OpenDoor, "a potion in the doorway keeps it open");
  const { closesDoors: _, ...plain } = rules.templates.goblin;
  const without = step({ ...rules, templates: { ...rules.templates, goblin: plain } }, false);
  deepEqual([without.events, door(without.state)], [["moved"], Tile.OpenDoor]);
});

Deno.test("the second path map, for monsters that cannot open doors, is made only when one needs it", () => {
  // A room the player sees whole; a closed door, where there is one, in its far corner, between no one.
  const maps = (monsters: Record<string, string>, door: boolean) => {
    const state = arena(rules, "###########\n#@......ab#\n#.........#\n###########", monsters);
    if (door) setTile(state.map, 9, 2, Tile.ClosedDoor);
    updateVisibility(state.map, playerOf(state), 0);
    const before = phaseCounts.distanceMaps;
    runMonsterPhase(state, rules);
    return phaseCounts.distanceMaps - before;
  };
  equal(maps({ a: "orc", b: "orc" }, true), 1, "openers share the phase's map");
  equal(maps({ a: "wolf", b: "wolf" }, false), 1, "no closed door on the floor: wolves share it too");
  equal(
    maps({ a: "wolf", b: "wolf" }, true),
    1,
    "a closed door: the wolves' own map, and no one needs the shared one",
  );
  equal(maps({ a: "orc", b: "wolf" }, true), 2, "both kinds: one each");
});

Deno.test("the close key: one open door closes at once; two ask which; none says so; the laptop preset's is o", () => {
  const state = corridor(Tile.OpenDoor);
  const ui = { state, rules, keys: {} } as unknown as UiContext;
  const screen = new PlayScreen(undefined, true, false, true);
  deepEqual(screen.handleKey(keyEvent("C"), ui), { type: "act", action: { type: "close", dx: 1, dy: 0 } });
  setTile(state.map, 2, 1, Tile.OpenDoor);
  const asked = screen.handleKey(keyEvent("C"), ui);
  ok(asked.type === "open" && asked.screen instanceof CloseDoorScreen);
  deepEqual(asked.screen.handleKey(keyEvent("h"), ui), {
    type: "actAll",
    actions: [{ type: "close", dx: -1, dy: 0 }],
  });
  deepEqual(asked.screen.handleKey(keyEvent("x"), ui), { type: "close" });
  setTile(state.map, 2, 1, Tile.Floor);
  setTile(state.map, 4, 1, Tile.Floor);
  deepEqual(screen.handleKey(keyEvent("C"), ui), { type: "say", message: "no_door_to_close" });
  setTile(state.map, 4, 1, Tile.OpenDoor);
  const laptop = { ...ui, keys: presetKeys("laptop") } as UiContext;
  deepEqual(screen.handleKey(keyEvent("o"), laptop), {
    type: "act",
    action: { type: "close", dx: 1, dy: 0 },
  });
  const tutorial = new PlayScreen(undefined, true, false, undefined);
  ok(
    !tutorial.bindings.some((b) => "value" in b && b.value === "closeDoor"),
    "no close key without the word",
  );
});

Deno.test("a closed door is recorded and replayed, and the worker plays it as in-process", async () => {
  const recording = startRecording(3, "test", { checksum: 0, folder: "data/" });
  const games = [corridor(Tile.OpenDoor), corridor(Tile.OpenDoor)] as const;
  const worker = new WorkerRunner(rules), local = new InProcessRunner(rules);
  ok(await worker.ready);
  try {
    for (const command of [{ act: { type: "close", dx: 1, dy: 0 } }, { act: { type: "wait" } }] as const) {
      await worker.play(games[0], command);
      const before = games[1].turn;
      await local.play(games[1], command);
      record(recording, command, games[1], before);
    }
  } finally {
    worker.close();
  }
  deepEqual(worker.faults, []);
  equal(stateDigest(games[0]), stateDigest(games[1]));
  equal(door(games[0]), Tile.ClosedDoor);
  const decoded = decodeRecording(JSON.parse(JSON.stringify(recording)));
  deepEqual(decoded.commands[0], { act: { type: "close", dx: 1, dy: 0 } });
});
