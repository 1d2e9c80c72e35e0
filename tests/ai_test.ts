import { deepEqual, equal, ok } from "node:assert/strict";
import {
  decide,
  displayText,
  PhaseContext,
  playCommand,
  playerOf,
  Rng,
  runMonsterPhase,
} from "../src/engine/mod.ts";
import { arena, byId } from "./support/arena.ts";
import { bruteDistances } from "./support/brute_paths.ts";
import { bundledContent } from "./support/content.ts";

const { rules } = await bundledContent();
const unlimited = { ...rules, sightRadius: 0 };

function randomArena(rng: Rng, width: number, height: number, monsters: number) {
  const cells: string[][] = [];
  for (let y = 0; y < height; y++) {
    cells.push([]);
    for (let x = 0; x < width; x++) {
      const edge = x === 0 || y === 0 || x === width - 1 || y === height - 1;
      cells[y].push(edge || rng.int(0, 99) < 20 ? "#" : ".");
    }
  }
  const place = (ch: string) => {
    for (;;) {
      const x = rng.int(1, width - 2), y = rng.int(1, height - 2);
      if (cells[y][x] === ".") return void (cells[y][x] = ch);
    }
  };
  place("@");
  for (let k = 0; k < monsters; k++) place("o");
  return arena(unlimited, cells.map((r) => r.join("")).join("\n"), { o: "orc" });
}

Deno.test("a hunting monster's step is one an optimal path takes (exhaustive search, 300 maps)", () => {
  const rng = Rng.fromSeed(12);
  let checked = 0;
  for (let trial = 0; trial < 300; trial++) {
    const state = randomArena(rng, rng.int(5, 14), rng.int(5, 14), rng.int(1, 6));
    const { map } = state;
    const player = playerOf(state);
    const ctx = new PhaseContext(map, state.entities, player);
    const goal = player.y * map.width + player.x;
    const best = bruteDistances(ctx.cost, map.width, map.height, goal);
    for (const monster of state.entities.filter((e) => e.ai)) {
      const here = monster.y * map.width + monster.x;
      const decision = decide(monster, ctx, rng)!;
      if (!map.visible[here]) continue;
      const { action } = decision;
      if (Math.max(Math.abs(player.x - monster.x), Math.abs(player.y - monster.y)) <= 1) {
        deepEqual(action, { type: "melee", dx: player.x - monster.x, dy: player.y - monster.y });
        continue;
      }
      if (best[here] === Infinity) {
        deepEqual(action, { type: "wait" });
        continue;
      }
      ok(action.type === "move", `trial ${trial}: ${JSON.stringify(action)}`);
      const next = (monster.y + action.dy) * map.width + monster.x + action.dx;
      const stepCost = ctx.cost[next] * (action.dx && action.dy ? 3 : 2);
      equal(
        stepCost + best[next],
        best[here],
        `trial ${trial}: monster ${monster.id} steps off the optimal path`,
      );
      checked++;
    }
  }
  ok(checked > 200, `only ${checked} steps checked`);
});

Deno.test("monsters route around each other: a blocker costs +10, it is not a wall", () => {
  // Orc 2 could go through orc 1 (cost 11) or step diagonally around it.
  const state = arena(unlimited, "#######\n#.....#\n#@.oo.#\n#.....#\n#######", { o: "orc" });
  const ctx = new PhaseContext(state.map, state.entities, playerOf(state));
  equal(ctx.cost[2 * 7 + 3], 11);
  equal(ctx.cost[2 * 7 + 2], 1);
  deepEqual(decide(byId(state, 2), ctx, Rng.fromSeed(1))!.action, { type: "move", dx: -1, dy: 1 });
});

Deno.test("out of sight, a monster walks on to where it last saw the player, then waits", () => {
  const state = arena(rules, "#########\n#@......#\n#.......#\n#......o#\n#########", { o: "orc" });
  const orc = byId(state, 1);
  runMonsterPhase(state, rules);
  equal((orc.ai as { lastSeen: number }).lastSeen, 1 * 9 + 1, "it saw the player");
  // The player slips away to the far corner, unseen from now on.
  Object.assign(playerOf(state), { x: 7, y: 1 });
  state.map.visible.fill(0);
  for (let k = 0; k < 5; k++) runMonsterPhase(state, rules);
  deepEqual([orc.x, orc.y], [1, 1], "it reached where the player was");
  runMonsterPhase(state, rules);
  deepEqual(
    [orc.x, orc.y, (orc.ai as { lastSeen: number }).lastSeen],
    [1, 1, -1],
    "then it stays and forgets",
  );
});

Deno.test("a monster that never saw the player waits", () => {
  const state = arena(rules, "#############\n#@##########o#\n#############".replace("o#\n", "o\n"), {
    o: "orc",
  });
  const orc = byId(state, 1);
  const before = [orc.x, orc.y];
  runMonsterPhase(state, rules);
  deepEqual([orc.x, orc.y], before);
});

Deno.test("monsters act in ascending id: the first to choose a cell gets it", () => {
  // Both orcs want the cell between them and the player.
  const state = arena(unlimited, "#####\n#o..#\n#.#.#\n#..@#\n#####".replace("#.#.#", "#.###"), { o: "orc" });
  const result = runMonsterPhase(state, unlimited);
  deepEqual(result.moves.map((m) => m.id), [1]);
  const two = arena(unlimited, "#######\n#o...o#\n###@###\n#######", { o: "orc" });
  deepEqual(runMonsterPhase(two, unlimited).moves.map((m) => m.id), [1, 2]);
});

Deno.test("confusion: ten random bumps, then recovery on the 11th turn with the rules' message", () => {
  const state = arena(rules, "#####\n#@o.#\n#.o.#\n#####", { o: "orc" });
  const orc = byId(state, 1);
  orc.ai = { type: "confused", turnsRemaining: 10, previous: orc.ai! };
  for (let turn = 0; turn < 10; turn++) {
    playCommand(state, rules, { act: { type: "wait" } });
    equal((orc.ai as { turnsRemaining: number }).turnsRemaining, 9 - turn);
  }
  ok(!state.log.some((e) => e.text.includes("no longer confused")), "still confused after 10 bumps");
  playCommand(state, rules, { act: { type: "wait" } });
  equal(orc.ai!.type, "hostile", "the 11th turn brings it back");
  ok(state.log.some((e) => displayText(e) === "The Orc is no longer confused." && e.color === "white"));
});

Deno.test("a confused monster's bump on another monster is an attack in enemy_atk", () => {
  // The confused orc C is ringed by orcs that cannot see the walled-in player, so they stay put.
  const state = arena(rules, "#########\n#ooo#####\n#oCo###@#\n#ooo#####\n#########", { o: "orc", C: "orc" });
  const confused = state.entities.find((e) => e.x === 2 && e.y === 2)!;
  confused.ai = { type: "confused", turnsRemaining: 5, previous: confused.ai! };
  playCommand(state, rules, { act: { type: "wait" } });
  const hurt = state.entities.filter((e) => e.fighter!.hp === 7);
  equal(hurt.length, 1, "exactly one neighbour took 3 damage");
  equal(Math.max(Math.abs(hurt[0].x - 2), Math.abs(hurt[0].y - 2)), 1);
  const last = state.log.at(-1)!;
  deepEqual([displayText(last), last.color], ["Orc attacks Orc for 3 hit points.", "enemy_atk"]);
});
