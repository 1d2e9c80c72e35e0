import { deepEqual, equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import {
  Bot,
  cloneState,
  type GameState,
  newGame,
  playCommand,
  playerOf,
  playPlayerAction,
  runMonsterPhase,
  setTile,
  stateDigest,
  Tile,
  updateVisibility,
} from "../src/engine/mod.ts";
import { InProcessRunner, WorkerRunner } from "../src/worker/mod.ts";
import { arena, byId } from "./support/arena.ts";

const { rules } = await loadContent(new URL("./fixtures/mods/maps/", import.meta.url), "maps/");
const base = rules;

/** A corridor with a closed door at (4, 1): the player west of it, an orc (id 1) east. */
function corridor(): GameState {
  const state = arena(
    rules,
    `
    ###########
    #@.......o#
    ###########`,
    { o: "orc" },
  );
  setTile(state.map, 4, 1, Tile.ClosedDoor);
  updateVisibility(state.map, playerOf(state), rules.sightRadius);
  return state;
}

Deno.test("a closed door blocks sight; walking into it opens it and spends the turn, and then it does not", () => {
  const state = corridor();
  const at = (x: number) => state.map.visible[1 * state.map.width + x];
  deepEqual([at(4), at(5)], [1, 0], "the door is seen, what lies behind it is not");
  state.entities[0].x = 3;
  updateVisibility(state.map, playerOf(state), rules.sightRadius);
  const events = playPlayerAction(state, rules, { type: "move", dx: 1, dy: 0 });
  deepEqual(events?.map((e) => e.type), ["door_opened"]);
  deepEqual([state.map.tiles[1 * state.map.width + 4], playerOf(state).x, state.turn], [Tile.OpenDoor, 3, 1]);
  equal(at(5), 1, "the open door lets the view through");
  ok(playPlayerAction(state, rules, { type: "move", dx: 1, dy: 0 }));
  equal(playerOf(state).x, 4, "the next move steps into the doorway");
});

Deno.test("a monster walks through a closed door towards where it last saw the player: it opens it, then steps in", () => {
  const state = corridor();
  const orc = byId(state, 1);
  orc.x = 5;
  orc.ai = { type: "hostile", lastSeen: 1 * state.map.width + 1, path: [] };
  const first = runMonsterPhase(state, rules);
  deepEqual(first.moves[0].action, { type: "move", dx: -1, dy: 0 });
  deepEqual([state.map.tiles[1 * state.map.width + 4], orc.x], [Tile.OpenDoor, 5]);
  equal(state.map.visible[1 * state.map.width + 5], 1, "the player sees the orc as soon as its door opens");
  runMonsterPhase(state, rules);
  equal(orc.x, 4);
});

Deno.test("the maps mod: a bot's game through caves, mixed floors and vault doors is the same with the worker as in-process", async () => {
  // A hero who survives the crowded caves long enough to see three floors.
  const player = base.templates.player;
  const rules = {
    ...base,
    templates: { ...base.templates, player: { ...player, fighter: { hp: 5000, power: 30, defense: 5 } } },
  };
  const worker = new WorkerRunner(rules, { timeoutMs: 1000, checkEvery: 5 });
  ok(await worker.ready);
  const games = [newGame(rules, 11), newGame(rules, 11)] as const;
  const kinds = new Set<string>();
  const local = new InProcessRunner(rules);
  let doorsOpened = 0;
  try {
    const bot = new Bot();
    for (let n = 0; n < 3000 && playerOf(games[1]).fighter!.hp > 0 && games[1].floor < 3; n++) {
      const command = bot.decide(games[1], rules);
      kinds.add("act" in command ? command.act.type : "other");
      await worker.play(games[0], command);
      await local.play(games[1], command);
      doorsOpened += games[1].map.tiles.filter((t) => t === Tile.OpenDoor).length > 0 ? 1 : 0;
      if (n % 10 === 0) equal(stateDigest(games[0]), stateDigest(games[1]), `turn ${n}`);
    }
  } finally {
    worker.close();
  }
  deepEqual(worker.faults, []);
  equal(stateDigest(games[0]), stateDigest(games[1]));
  ok(games[1].floor === 3, `reached floor ${games[1].floor} (${[...kinds].join()})`);
  ok(doorsOpened > 0, "a vault door was opened on the way");
});

Deno.test("a door opened in a copy of the game leaves the original's door closed (grids are copied, not shared)", () => {
  const state = corridor();
  const copy = cloneState(state);
  copy.entities[0].x = 3;
  playCommand(copy, rules, { act: { type: "move", dx: 1, dy: 0 } });
  equal(state.map.tiles[1 * state.map.width + 4], Tile.ClosedDoor);
});
