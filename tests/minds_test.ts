import { deepEqual, equal, notEqual, ok } from "node:assert/strict";
import {
  BLOCKER_SURCHARGE,
  clearLine,
  decide,
  distanceMap,
  type GameEvent,
  lineCells,
  PhaseContext,
  playerOf,
  playPlayerAction,
  Rng,
  runMonsterPhase,
  safetyMap,
  settleAndNarrate,
  settleOrderFor,
  UNREACHABLE,
} from "../src/engine/mod.ts";
import { arena, byId } from "./support/arena.ts";
import { mindsContent } from "./support/minds_content.ts";
import { delveContent } from "./support/content.ts";

const { rules } = await mindsContent();
const unlimited = { ...rules, sightRadius: 0 };
const LETTERS = { a: "archer", g: "goblin", T: "troll", F: "fungus", b: "bat", o: "orc" };

/** One monster phase, settled and told: its events. */
function phase(state: ReturnType<typeof arena>, r = unlimited): GameEvent[] {
  return settleAndNarrate(state, r, runMonsterPhase(state, r).events);
}

Deno.test("line of fire: Bresenham's cells from start (left out) to end, the same each way round", () => {
  deepEqual(lineCells({ x: 0, y: 0 }, { x: 3, y: 1 }), [{ x: 1, y: 0 }, { x: 2, y: 1 }, { x: 3, y: 1 }]);
  deepEqual(lineCells({ x: 2, y: 2 }, { x: 2, y: 2 }), []);
  for (const [x, y] of [[5, 0], [0, 5], [-4, 3], [7, -7], [3, -6]]) {
    const line = lineCells({ x: 0, y: 0 }, { x, y });
    equal(line.length, Math.max(Math.abs(x), Math.abs(y)), "one cell a step");
    deepEqual(line.at(-1), { x, y });
  }
  const open = new Uint8Array(25).fill(1);
  ok(clearLine(open, 5, 0, 0, 4, 4, () => false));
  ok(!clearLine(open, 5, 0, 0, 4, 4, (cell) => cell === 12), "someone in the middle blocks it");
  ok(clearLine(open, 5, 0, 0, 4, 4, (cell) => cell === 24), "the target's own cell does not");
});

Deno.test("an archer in range with a clear line shoots: the shot's path, its own message, the damage", () => {
  const state = arena(
    unlimited,
    `
    #########
    #@.....a#
    #########`,
    LETTERS,
  );
  const player = playerOf(state);
  const events = phase(state);
  const shot = events.find((e) => e.type === "shot");
  ok(shot && shot.type === "shot", JSON.stringify(events));
  deepEqual(shot.path.map((p) => p.x), [6, 5, 4, 3, 2, 1], "it flies from the archer to the player");
  equal(shot.targetId, 0);
  equal(shot.glyph, "|");
  equal(player.fighter!.hp, 30 - (2 - 1));
  ok(state.log.some((l) => l.text === "Goblin Archer shoots an arrow at Player for 1 hit points."));
});

Deno.test("an archer out of range, or with someone in its line of fire, comes closer instead", () => {
  const far = arena(
    unlimited,
    `
    ############
    #@.........a#
    ############`.replace("a#\n", "a\n"),
    LETTERS,
  );
  const archer = far.entities.find((e) => e.template === "archer")!;
  const x = archer.x;
  phase(far);
  equal(archer.x, x - 1, "out of range (7 > 6): it steps closer");
  const blocked = arena(
    unlimited,
    `
    #########
    #@..F..a#
    #########`,
    LETTERS,
  );
  const events = phase(blocked);
  ok(!events.some((e) => e.type === "shot"), "the fungus stands in the line of fire");
});

Deno.test("an archer next to the player steps back; cornered, it fights in melee", () => {
  const open = arena(
    unlimited,
    `
    #######
    #@a...#
    #######`,
    LETTERS,
  );
  const archer = byId(open, 1);
  phase(open);
  equal(archer.x, 3, "it stepped away");
  const cornered = arena(
    unlimited,
    `
    ####
    #@a#
    ####`,
    LETTERS,
  );
  const events = phase(cornered);
  ok(events.some((e) => e.type === "attacked" && e.attackerId === 1), JSON.stringify(events));
});

Deno.test("a goblin below its flee threshold runs along the safety map; cornered, it turns to fight", () => {
  const state = arena(
    unlimited,
    `
    ###########
    #.........#
    #@g.......#
    #.........#
    ###########`,
    LETTERS,
  );
  const goblin = byId(state, 1);
  goblin.fighter!.hp = 4; // below half of 10
  const player = playerOf(state);
  for (let k = 0; k < 4; k++) phase(state);
  ok(goblin.x - player.x >= 4, `it ran: at ${goblin.x}`);
  ok(!state.log.some((l) => l.text.startsWith("Goblin attacks")), "it never attacked while it could run");
  const cornered = arena(
    unlimited,
    `
    ####
    #@g#
    ####`,
    LETTERS,
  );
  byId(cornered, 1).fighter!.hp = 1;
  const events = phase(cornered);
  ok(events.some((e) => e.type === "attacked" && e.attackerId === 1), "nowhere safer: it attacks");
  const healthy = arena(unlimited, "#####\n#@g.#\n#####", LETTERS);
  ok(phase(healthy).some((e) => e.type === "attacked"), "at full HP it fights as hostile");
});

Deno.test("the safety map leads out of a dead end rather than into it", () => {
  // The player stands between the monster and the only way out (the corridor at the right).
  const picture = [
    "##########",
    "#...@.....",
    "##########",
  ];
  const width = 10, height = 3;
  const cost = new Uint8Array(width * height);
  picture.forEach((row, y) => [...row].forEach((ch, x) => (cost[y * width + x] = ch === "#" ? 0 : 1)));
  const order = settleOrderFor(width * height);
  // The safety map reads what this search recorded in `order`.
  distanceMap(cost, width, height, [1 * width + 4], {}, undefined, order);
  const safe = safetyMap(order, cost, width, height);
  ok(safe[1 * width + 9] < safe[1 * width + 1], "the far open end is safer than the dead end");
  for (let x = 1; x < 9; x++) ok(safe[width + x] <= 0, "no cell is worse than its start");
});

/** The safety map by its definition: each cell the least of its start and each neighbour's value plus the step into it, relaxed until nothing changes. */
function safetyByDefinition(dist: Int32Array, cost: Uint8Array, width: number, height: number): Int32Array {
  const safe = dist.map((d) => d === UNREACHABLE ? UNREACHABLE : -Math.floor((d * 6) / 5));
  for (let changed = true; changed;) {
    changed = false;
    for (let cell = 0; cell < safe.length; cell++) {
      if (cost[cell] === 0 || safe[cell] === UNREACHABLE) continue;
      const cx = cell % width, cy = (cell - cx) / width;
      for (
        const [dx, dy, step] of [[0, -1, 2], [1, 0, 2], [0, 1, 2], [-1, 0, 2], [1, -1, 3], [1, 1, 3], [
          -1,
          1,
          3,
        ], [-1, -1, 3]]
      ) {
        const nx = cx + dx, ny = cy + dy;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const m = ny * width + nx;
        if (cost[m] !== 0 && safe[cell] + cost[cell] * step < safe[m]) {
          safe[m] = safe[cell] + cost[cell] * step;
          changed = true;
        }
      }
    }
  }
  return safe;
}

Deno.test("the safety map is exactly its definition on random floors with actors in the way and walled-off pockets", () => {
  const rng = Rng.fromSeed(17);
  for (let round = 0; round < 40; round++) {
    const width = rng.int(3, 40), height = rng.int(3, 30);
    const cost = new Uint8Array(width * height);
    // Walls, floor, and actors standing on it (a floor cell's cost and the surcharge).
    for (let i = 0; i < cost.length; i++) {
      cost[i] = rng.int(0, 9) < 3 ? 0 : rng.int(0, 9) < 2 ? 1 + BLOCKER_SURCHARGE : 1;
    }
    const player = rng.int(0, cost.length - 1);
    cost[player] = 1 + BLOCKER_SURCHARGE;
    const order = settleOrderFor(cost.length);
    const dist = distanceMap(cost, width, height, [player], {}, undefined, order);
    // Twice: the second call reuses the first's queue.
    safetyMap(order, cost, width, height);
    deepEqual(
      safetyMap(order, cost, width, height),
      safetyByDefinition(dist, cost, width, height),
      `round ${round}`,
    );
  }
});

Deno.test("a sleeping troll: asleep until the player is near and not stealthy enough, or it is hurt", () => {
  const far = arena(
    unlimited,
    `
    ##############
    #@..........T#
    ##############`,
    LETTERS,
  );
  const troll = byId(far, 1);
  const rngBefore = [...far.rng];
  for (let k = 0; k < 5; k++) phase(far);
  ok(troll.ai?.type === "hostile" && troll.ai.asleep, "out of its perception it sleeps");
  equal(troll.x, 12);
  deepEqual(far.rng, rngBefore, "and no roll is made");
  // Hurt: awake at once, with no draw.
  playPlayerAction(far, unlimited, { type: "wait" });
  const hurtRng = [...far.rng];
  const player = playerOf(far);
  Object.assign(player, { x: 11 });
  playPlayerAction(far, unlimited, { type: "melee", dx: 1, dy: 0 });
  ok(troll.ai?.type === "hostile" && !troll.ai.asleep, "the blow woke it");
  deepEqual(far.rng, hurtRng, "waking on a blow draws nothing");

  // Within perception: each turn a roll against the player's stealth (50 in the mod).
  let woke = 0;
  // One generator for all the trials (a fresh seed's first draws follow the seed too closely).
  const rolls = Rng.fromSeed(7);
  for (let trial = 0; trial < 40; trial++) {
    const near = arena(
      unlimited,
      `
      ########
      #@...T.#
      ########`,
      LETTERS,
    );
    rolls.int(0, 1);
    near.rng = rolls.state();
    const events = phase(near);
    if (events.some((e) => e.type === "woke")) woke++;
  }
  ok(woke > 8 && woke < 32, `about half wake on the first turn: ${woke} of 40`);
  const sneak = { ...unlimited, templates: { ...unlimited.templates } };
  sneak.templates.player = { ...sneak.templates.player, stealth: 100 };
  const unseen = arena(sneak, "########\n#@..T..#\n########", LETTERS);
  for (let k = 0; k < 20; k++) phase(unseen, sneak);
  ok(
    byId(unseen, 1).ai?.type === "hostile" && (byId(unseen, 1).ai as { asleep?: true }).asleep,
    "stealth 100",
  );
});

Deno.test("a troll that wakes says so when seen, then hunts", () => {
  const loud = { ...unlimited, templates: { ...unlimited.templates } };
  loud.templates.player = { ...loud.templates.player, stealth: 0 };
  const state = arena(loud, "########\n#@...T.#\n########", LETTERS);
  phase(state, loud);
  ok(state.log.some((l) => l.text === "Troll wakes up."));
  const troll = byId(state, 1);
  phase(state, loud);
  equal(troll.x, 4, "awake, it comes for the player");
});

Deno.test("a stationary fungus never moves, and attacks what stands next to it", () => {
  const state = arena(unlimited, "########\n#@....F#\n########", LETTERS);
  const fungus = byId(state, 1);
  for (let k = 0; k < 5; k++) phase(state);
  deepEqual([fungus.x, fungus.y], [6, 1]);
  Object.assign(playerOf(state), { x: 5 });
  ok(phase(state).some((e) => e.type === "attacked" && e.attackerId === 1));
});

Deno.test("an erratic bat spends about its share of turns on random steps", () => {
  let random = 0, turns = 0;
  const rng = Rng.fromSeed(7);
  for (let trial = 0; trial < 60; trial++) {
    const state = arena(
      unlimited,
      `
      #########
      #.......#
      #@.....b#
      #.......#
      #########`,
      LETTERS,
    );
    const bat = byId(state, 1);
    const ctx = new PhaseContext(state.map, state.entities, playerOf(state), undefined, unlimited.templates);
    const decision = decide(bat, ctx, rng)!;
    turns++;
    if (decision.action.type === "bump") random++;
    else deepEqual(decision.action, { type: "move", dx: -1, dy: 0 }, "otherwise it hunts");
  }
  ok(random > 15 && random < 45, `half of 60 (erratic 0.5): ${random}`);
  equal(turns, 60);
});

Deno.test("a wanderer that never saw the player walks about; a hostile one stands still", () => {
  const picture = `
    #############
    #@#.........#
    ###.........#
    #...g.....o.#
    #############`;
  const state = arena(unlimited, picture, LETTERS);
  const goblin = byId(state, 1), orc = byId(state, 2);
  const start = [goblin.x, goblin.y], orcAt = [orc.x, orc.y];
  const cells = new Set<string>();
  for (let k = 0; k < 20; k++) {
    phase(state);
    cells.add(`${goblin.x},${goblin.y}`);
  }
  ok(cells.size > 3, `it went places: ${[...cells].join(" ")}`);
  notEqual(cells.has(`${start[0]},${start[1]}`) && cells.size === 1, true);
  deepEqual([orc.x, orc.y], orcAt, "hostile, never having seen the player, waits");
});

Deno.test("with fleeUntil a hurt coward out of sight stays to heal, then comes back hunting; without, it hunts", async () => {
  const { rules: delve } = await delveContent();
  const mind = delve.templates.goblin.ai;
  ok(typeof mind === "object" && mind.fleeUntil === 0.8 && mind.fleeBelow === 0.4);
  // The goblin behind the wall's far end, out of the player's sight, knows where it saw him.
  const picture = `
    ##############
    #@...........#
    ############.#
    #g...........#
    ##############`;
  const run = (rules: typeof delve, hp: (max: number) => number) => {
    const state = arena(rules, picture, { g: "goblin" });
    const goblin = byId(state, 1), player = playerOf(state);
    goblin.fighter!.hp = hp(goblin.fighter!.maxHp);
    if (goblin.ai?.type === "hostile") {
      Object.assign(goblin.ai, { lastSeen: player.y * state.map.width + player.x });
    }
    const start = { x: goblin.x, y: goblin.y };
    for (let k = 0; k < 5; k++) phase(state, rules);
    return goblin.x !== start.x || goblin.y !== start.y;
  };
  equal(run(delve, (max) => Math.floor(max * 0.5)), false, "at half HP, out of sight, it stays to heal");
  equal(run(delve, (max) => max), true, "healed, it comes back hunting");
  equal(
    run(rules, (max) => Math.floor(max * 0.5)),
    true,
    "the minds mod's goblin, without the word, hunts hurt",
  );
});
