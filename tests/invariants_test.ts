/**
 * Thousands of random turns with monsters, checking after every one what
 * must always hold (src/engine/invariants.ts): nobody in a wall or off the
 * map, no two blockers on a cell, HP within [0, max], ids unique, the view
 * equal to the player's FOV, and items neither made nor lost except by use.
 * Then each check shown to catch the fault it is there for.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import {
  type Action,
  type GameState,
  instantiate,
  isGameOver,
  itemLedger,
  ledgerProblems,
  newGame,
  playCommand,
  playerOf,
  Rng,
  stateProblems,
  Tile,
} from "../src/engine/mod.ts";
import { bundledContent } from "./support/content.ts";
import { loadContent } from "../src/content/mod.ts";

const { rules } = await bundledContent();

function randomAction(state: GameState, rng: Rng): Action {
  const p = playerOf(state);
  const carried = p.inventory!.items.length;
  switch (rng.int(0, 9)) {
    case 0:
      return { type: "wait" };
    case 1:
      return { type: "pickup" };
    case 2:
      return { type: "drop", item: rng.int(0, carried) };
    case 3:
      return {
        type: "use",
        item: rng.int(0, carried),
        target: { x: p.x + rng.int(-4, 4), y: p.y + rng.int(-4, 4) },
      };
    default:
      return { type: "bump", dx: rng.int(-1, 1), dy: rng.int(-1, 1) };
  }
}

/** A new game with one more of `template` carried. */
function gameCarrying(seed: number, ...templates: string[]): GameState {
  const state = newGame(rules, seed);
  for (const t of templates) {
    playerOf(state).inventory!.items.push(instantiate(rules.templates[t], state.nextId++, 0, 0));
  }
  return state;
}

/** A living monster of the state, other than the player. */
function aMonster(state: GameState) {
  const monster = state.entities.find((e) => e.ai && e.fighter && e.fighter.hp > 0);
  ok(monster, "the floor has a monster");
  return monster;
}

Deno.test("random turns over 60 seeded games (about 3,000) keep every invariant; items are conserved", () => {
  let turns = 0, deaths = 0, used = 0;
  for (let seed = 0; seed < 60; seed++) {
    // One of each item so uses happen often.
    const state = gameCarrying(
      seed,
      "health_potion",
      "lightning_scroll",
      "confusion_scroll",
      "fireball_scroll",
      "sword",
    );
    const rng = Rng.fromSeed(1000 + seed);
    deepEqual(stateProblems(state, rules), [], `seed ${seed} at the start`);
    for (let k = 0; k < 100 && !isGameOver(state); k++) {
      const before = itemLedger(state);
      const action = randomAction(state, rng);
      const tookTime = playCommand(state, rules, { act: action }) !== undefined;
      const after = itemLedger(state);
      const where = `seed ${seed} turn ${k} (${JSON.stringify(action)})`;
      deepEqual([...ledgerProblems(before, after), ...stateProblems(state, rules)], [], where);
      const gone = before.items.size - after.items.size;
      ok(gone === 0 || (gone === 1 && action.type === "use" && tookTime), `${where}: ${gone} items vanished`);
      used += gone;
      turns++;
    }
    deaths += state.entities.filter((e) => e.layer === "corpse").length;
  }
  ok(turns > 2500 && deaths > 10 && used > 30, `${turns} turns, ${deaths} deaths, ${used} items used`);
});

Deno.test("stateProblems names a monster in a wall, one off the map, two blockers on a cell, HP over max", () => {
  const state = newGame(rules, 7);
  const orc = aMonster(state);
  const wall = state.map.tiles.indexOf(Tile.Wall);
  ok(wall >= 0);
  orc.x = wall % state.map.width;
  orc.y = Math.floor(wall / state.map.width);
  ok(stateProblems(state, rules).some((p) => p.includes(`#${orc.id} in a wall or off the map`)));
  orc.x = -1;
  ok(stateProblems(state, rules).some((p) => p.includes(`#${orc.id} in a wall or off the map at -1,`)));
  const player = playerOf(state);
  orc.x = player.x;
  orc.y = player.y;
  ok(stateProblems(state, rules).some((p) => p.startsWith(`two blockers on ${player.x},${player.y}`)));
  orc.x = -1;
  player.fighter!.hp = player.fighter!.maxHp + 1;
  ok(stateProblems(state, rules).some((p) => p.includes(`has ${player.fighter!.maxHp + 1} of`)));
});

Deno.test("stateProblems names a dead blocker, a twice-used id, an overfull pack, a worn item not carried, a stale view", () => {
  const named = (state: GameState, text: string) => stateProblems(state, rules).some((p) => p.includes(text));
  let state = newGame(rules, 7);
  aMonster(state).fighter!.hp = 0;
  ok(named(state, "is dead but blocks"));

  state = newGame(rules, 7);
  const pack = playerOf(state).inventory!;
  pack.items.push({ ...pack.items[0] });
  ok(named(state, `id ${pack.items[0].id} used twice`));

  state = gameCarrying(7, ...Array(pack.capacity - 1).fill("health_potion"));
  ok(named(state, `over the capacity ${pack.capacity}`));

  state = newGame(rules, 7);
  playerOf(state).inventory!.items.splice(0, 1);
  ok(named(state, "but does not carry it"));

  state = newGame(rules, 7);
  state.map.visible.fill(0);
  ok(named(state, "the view is not the player's FOV"));
  deepEqual(stateProblems(newGame(rules, 7), rules), []);
});

Deno.test("ledgerProblems allows picking up, dropping and using one consumable; taking the stairs keeps the pack", () => {
  const state = gameCarrying(3, "health_potion", "health_potion");
  const start = itemLedger(state);
  const pack = playerOf(state).inventory!.items;
  const [potion] = pack.splice(-1, 1);
  deepEqual(ledgerProblems(start, itemLedger(state)), [], "one potion drunk");
  state.entities.push(potion);
  deepEqual(ledgerProblems(start, itemLedger(state)), [], "a potion dropped");
  const beforeStairs = itemLedger(state);
  state.floor++;
  state.entities = state.entities.filter((e) => e.layer !== "item");
  const fresh = instantiate(rules.templates.sword, state.nextId++, 0, 0);
  state.entities.push(fresh);
  deepEqual(ledgerProblems(beforeStairs, itemLedger(state)), [], "down the stairs");
});

Deno.test("ledgerProblems counts stacks whole: a thing merged into its like or split off is no loss, two of a stack gone in one turn is", () => {
  const state = gameCarrying(3, "health_potion");
  const potion = playerOf(state).inventory!.items.at(-1)!;
  // Picked up onto the stack: the thing on the floor is gone, the stack holds two.
  state.entities.push(instantiate(rules.templates.health_potion, state.nextId++, 0, 0));
  const lying = itemLedger(state);
  state.entities.pop();
  potion.count = 2;
  deepEqual(ledgerProblems(lying, itemLedger(state)), [], "merged");
  // Both dropped as a stack of their own: a new thing, as many in all.
  const carried = itemLedger(state);
  playerOf(state).inventory!.items.pop();
  const dropped = { ...instantiate(rules.templates.health_potion, state.nextId++, 0, 0), count: 2 };
  state.entities.push(dropped);
  deepEqual(ledgerProblems(carried, itemLedger(state)), [], "split off");
  const onFloor = itemLedger(state);
  state.entities.pop();
  deepEqual(ledgerProblems(onFloor, itemLedger(state)), [
    `Health Potion #${dropped.id} vanished from the floor`,
    "2 of health_potion went in one turn",
  ]);
});

Deno.test("ledgerProblems names an item made, a floor item lost, a worn item used up, two used at once, a pack lost on the stairs", () => {
  const state = gameCarrying(3, "health_potion", "health_potion");
  const pack = playerOf(state).inventory!.items;
  const start = itemLedger(state);
  const copy = { ...pack[2], id: state.nextId++ };
  pack.push(copy);
  deepEqual(ledgerProblems(start, itemLedger(state)), [`Health Potion #${copy.id} appeared from nowhere`]);
  pack.pop();

  const onFloor = state.entities.find((e) => e.layer === "item");
  ok(onFloor, "an item lies on floor 1");
  state.entities.splice(state.entities.indexOf(onFloor), 1);
  deepEqual(ledgerProblems(start, itemLedger(state)), [
    `${onFloor.name} #${onFloor.id} vanished from the floor`,
  ]);
  state.entities.push(onFloor);

  const [dagger] = pack.splice(0, 1);
  ok(
    ledgerProblems(start, itemLedger(state)).includes(
      `${dagger.name} #${dagger.id} vanished from a pack but cannot be used up`,
    ),
  );
  pack.unshift(dagger);

  pack.splice(1, 2);
  equal(ledgerProblems(start, itemLedger(state)).at(-1), "2 items vanished in one turn");

  state.floor++;
  ok(ledgerProblems(start, itemLedger(state)).some((p) => p.endsWith("was carried but lost on the stairs")));
  pack.push({ ...dagger, id: 0 });
  ok(
    ledgerProblems(start, itemLedger(state)).some((p) =>
      p.endsWith("appeared on the new floor with an old id")
    ),
  );
});

Deno.test("stateProblems names a status left longer than anything puts it on, or unknown, and a goal item lost or doubled", async () => {
  const floors = (await loadContent(new URL("./fixtures/mods/floors/", import.meta.url), "floors/")).rules;
  const timed = (await loadContent(new URL("./fixtures/mods/time/", import.meta.url), "time/")).rules;
  const state = newGame(timed, 5);
  const player = playerOf(state);
  player.statuses = [{ id: "hasted", turns: 20 }];
  deepEqual(stateProblems(state, timed), [], "its own 20 turns");
  player.statuses = [{ id: "hasted", turns: 21 }];
  deepEqual(stateProblems(state, timed), ["Player #0 is hasted for 21 turns, expected 1 to 20"]);
  player.statuses = [{ id: "hasted", turns: 0 }];
  deepEqual(stateProblems(state, timed), ["Player #0 is hasted for 0 turns, expected 1 to 20"]);
  player.statuses = [{ id: "petrified", turns: 3 }];
  deepEqual(stateProblems(state, timed), ["Player #0 is under an unknown status petrified"]);

  const game = newGame(floors, 9);
  for (let floor = 1; floor < floors.goal!.floor; floor++) {
    const p = playerOf(game);
    for (const e of game.entities) {
      if (e !== p && e.x === game.map.stairs.x && e.y === game.map.stairs.y) e.x = p.x;
    }
    Object.assign(p, game.map.stairs);
    ok(playCommand(game, floors, { act: { type: "descend" } }));
  }
  deepEqual(stateProblems(game, floors).filter((p) => p.includes("goal")), [], "placed once");
  const amulet = game.entities.find((e) => e.template === "amulet")!;
  game.entities.push({ ...amulet, id: game.nextId++ });
  deepEqual(stateProblems(game, floors).filter((p) => p.includes("goal")), [
    "the goal item amulet is there 2 times, not once",
  ]);
  game.entities = game.entities.filter((e) => e.template !== "amulet");
  deepEqual(stateProblems(game, floors).filter((p) => p.includes("goal")), [
    "the goal item amulet is there 0 times, not once",
  ]);
});
