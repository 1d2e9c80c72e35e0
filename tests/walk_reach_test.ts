/**
 * Walks as a careful player walks (docs/rules.md, Walks; keeping out of
 * reach): explore and travel go round the monsters that never move and the
 * cells they can hit, do not begin beside a monster that can hit the
 * player nor step into one's reach, and a walk whose way keeps changing
 * ends rather than going back and forth. Each rule is a word of
 * `game.json`'s `walks`; without them walks go as they always did.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { readRecording } from "../src/commands/mod.ts";
import type { Content } from "../src/content/mod.ts";
import {
  type Entity,
  forkState,
  type GameState,
  isGameOver,
  isTold,
  type KnownMonsters,
  newGame,
  playCommand,
  playerOf,
  stillMonsterReach,
  Tile,
  tileAt,
  walkBehavior,
  type WalkStop,
  type WalkWords,
} from "../src/engine/mod.ts";
import { bundledArchive, DataShelf, recordedData, replaySteps } from "../src/store/mod.ts";
import { arena } from "./support/arena.ts";
import { delveContent } from "./support/content.ts";

const delve = await delveContent();
const { rules } = delve;
const delveWords = delve.game.walks!;
/** Delve's walk words without the three that keep walks out of reach. */
const before: WalkWords = { ...delveWords, goRoundStill: false, keepOutOfReach: false, noLoops: false };

/** A walk played to its end (at most `limit` steps): the cells stepped to, and why it stopped. */
function walkOut(
  state: GameState,
  walk: Parameters<typeof walkBehavior>[1],
  words: WalkWords,
  options: { visited?: Set<number>; known?: KnownMonsters; limit?: number } = {},
): { cells: string[]; stop?: WalkStop } {
  const behavior = walkBehavior(state, walk, options.visited ?? new Set(), rules, true, options.known, words);
  const cells: string[] = [];
  for (let k = 0; k < (options.limit ?? 500); k++) {
    const next = behavior.next(state);
    if ("stop" in next) return { cells, stop: next.stop };
    playCommand(state, rules, { act: next.act });
    const { x, y } = playerOf(state);
    cells.push(`${x},${y}`);
  }
  return { cells };
}

// A room with a fungus between the player and the far wall.
const room = `
  ##########
  #........#
  #........#
  #@..F....#
  #........#
  #........#
  ##########`;

/** `picture` with its monsters, and a stream of combat rolls (Delve's data rolls its blows). */
function game(picture: string, monsters: Record<string, string>): GameState {
  const state = arena(rules, picture, monsters);
  state.rolls = [1, 2, 3, 4];
  return state;
}

/** Steps (Chebyshev) from cell "x,y" to `p`. */
function stepsTo(cell: string, p: { x: number; y: number }): number {
  const [x, y] = cell.split(",").map(Number);
  return Math.max(Math.abs(x - p.x), Math.abs(y - p.y));
}

Deno.test("travel goes round a fungus and every cell it can hit, where the data say goRoundStill", () => {
  const fungus = { x: 4, y: 3 };
  const by = (words: WalkWords) =>
    walkOut(game(room, { F: "shrieker" }), { kind: "travel", to: { x: 8, y: 3 } }, words);
  const beside = by(before), round = by(delveWords);
  ok(beside.cells.some((c) => stepsTo(c, fungus) === 1), `without the word, beside it: ${beside.cells}`);
  ok(round.cells.every((c) => stepsTo(c, fungus) >= 2), `kept out of its reach: ${round.cells}`);
  deepEqual([round.cells.at(-1), round.stop?.reason], ["8,3", "arrived"]);
});

Deno.test("a still monster is kept out of reach of where it was seen, out of view too, once walks know it", () => {
  const state = game(room, { F: "shrieker" });
  const fungus = state.entities.find((e) => e.template === "shrieker")!;
  const cell = fungus.y * state.map.width + fungus.x;
  const cellsOf = (known: KnownMonsters) => stillMonsterReach(state, rules, known).flatMap((s) => s.cells);
  const seen: KnownMonsters = new Map([[fungus.id, { x: fungus.x, y: fungus.y, steps: 3 }]]);
  equal(cellsOf(new Map()).length, 9, "in view: its cell and the 8 beside it");
  state.map.visible[cell] = 0;
  deepEqual(cellsOf(new Map()), [], "out of view and never known: nothing");
  equal(cellsOf(seen).length, 9, "known: kept");
  fungus.fighter!.hp = 0;
  deepEqual(cellsOf(seen), [], "dead: nothing");
});

Deno.test("a way only past a fungus's reach stops the walk at once, naming the fungus", () => {
  const state = game(
    `
    #########
    #@..F...#
    #########`,
    { F: "shrieker" },
  );
  const walked = walkOut(state, { kind: "travel", to: { x: 7, y: 1 } }, delveWords);
  deepEqual(walked, { cells: [], stop: { reason: "blocked", name: "Violet Fungus" } });
});

Deno.test("explore and travel do not begin while a monster in view can hit the player; asleep or far, it can't", () => {
  const open = `
    ############
    #@o........#
    #..........#
    ############`;
  deepEqual(walkOut(game(open, { o: "orc" }), { kind: "explore" }, delveWords), {
    cells: [],
    stop: { reason: "threat", names: ["Orc"] },
  });
  // Without the word, the walk steps off regardless.
  ok(walkOut(game(open, { o: "orc" }), { kind: "explore" }, before, { limit: 1 }).cells.length === 1);
  // An archer shoots from six cells: four away is within its reach.
  const far = `
    ############
    #@...a.....#
    #..........#
    ############`;
  deepEqual(walkOut(game(far, { a: "goblin_archer" }), { kind: "explore" }, delveWords, { limit: 1 }).stop, {
    reason: "threat",
    names: ["Goblin Archer"],
  });
  // A pit viper asleep beside the player does not bite: the walk begins.
  equal(walkOut(game(open, { o: "snake" }), { kind: "explore" }, delveWords, { limit: 1 }).cells.length, 1);
});

/**
 * A travel to (8, 3) walked by `words`, its steps made by hand, no turn
 * played (the monsters stand where they are), for at most 20 steps: why it
 * stopped, and the cells it stood on.
 */
function travelByHand(state: GameState, words: WalkWords): { stop?: WalkStop; steps: string[] } {
  const to = { x: 8, y: 3 };
  const walked = walkBehavior(state, { kind: "travel", to }, new Set(), rules, true, new Map(), words);
  const steps: string[] = [];
  for (let k = 0; k < 20; k++) {
    const next = walked.next(state);
    if ("stop" in next) return { stop: next.stop, steps };
    if (next.act.type === "move") {
      const p = playerOf(state);
      Object.assign(p, { x: p.x + next.act.dx, y: p.y + next.act.dy });
      steps.push(`${p.x},${p.y}`);
    }
  }
  return { steps };
}

Deno.test("a walk stops before the step that would bring a monster in view within reach of the player", () => {
  const state = game(
    `
    ##########
    #@.......#
    #........#
    #.....o..#
    ##########`,
    { o: "orc" },
  );
  // The walk's steps are made by hand, no turn played: the orc stands where it is, awake.
  const orc = state.entities.find((e) => e.template === "orc")!;
  const { stop, steps } = travelByHand(state, delveWords);
  deepEqual(stop, { reason: "threat", names: ["Orc"] });
  const p = playerOf(state);
  equal(Math.max(Math.abs(p.x - orc.x), Math.abs(p.y - orc.y)), 2, `stopped one step short: ${steps}`);
});

Deno.test("with passErratic a walk steps beside a bat all the same; without, the bat stops it a step short", () => {
  const picture = `
    ##########
    #@.......#
    #........#
    #.....b..#
    ##########`;
  const travel = (words: WalkWords) => {
    return travelByHand(game(picture, { b: "bat" }), words).stop;
  };
  equal(delveWords.passErratic, true);
  deepEqual(travel({ ...delveWords, passErratic: false }), { reason: "threat", names: ["Bat"] });
  // The walk goes past the bat (round its cell) to where it was sent.
  deepEqual(travel(delveWords), { reason: "arrived" });
});

/** Delve's data as the reproduction was recorded with it, from the versions Delve keeps. */
async function recordedWith(checksum: number): Promise<Content> {
  const found = await new DataShelf(delve, { archive: bundledArchive() }).find(checksum);
  if (found.kind === "missing" || found.kind === "refused") throw new Error(`data ${checksum} not kept`);
  return found.content;
}

/**
 * The reproduction (tests/fixtures/reproductions): a game of Delve's data in
 * which, on floor 3, three explore presses walked a cell east and a cell
 * west beside violet fungi for dozens of turns each. Played to the first
 * press, with the items the walks had stopped on as the game's walks had
 * them; three presses of explore from there, each step's cell and the
 * count of cells explored as it stood there.
 */
async function oscillation(words: WalkWords): Promise<{ visits: string[]; stops: WalkStop[] }> {
  const recording = await readRecording(
    new URL("fixtures/reproductions/explore-oscillation.replay.json.gz", import.meta.url).pathname,
  );
  const { rules: recorded } = await recordedWith(recordedData(recording).checksum);
  const visited = new Set<number>();
  let floor = 0, at = 0;
  for (const state of replaySteps(recording, recorded)) {
    if (state.floor !== floor) [floor] = [state.floor, visited.clear()];
    const p = playerOf(state);
    for (const e of state.entities) if (e.layer === "item" && e.x === p.x && e.y === p.y) visited.add(e.id);
    if (++at < 1934) continue;
    const game = forkState(state),
      known: KnownMonsters = new Map(),
      visits: string[] = [],
      stops: WalkStop[] = [];
    for (let press = 0; press < 3; press++) {
      const behavior = walkBehavior(game, { kind: "explore" }, visited, recorded, true, known, words);
      for (let k = 0; k < 100; k++) {
        const next = behavior.next(game);
        if ("stop" in next) {
          stops.push(next.stop);
          break;
        }
        playCommand(game, recorded, { act: next.act });
        const me = playerOf(game);
        visits.push(`${me.x},${me.y}@${game.map.explored.reduce((n, v) => n + v, 0)}`);
      }
    }
    return { visits, stops };
  }
  throw new Error("the reproduction ended before its first press");
}

Deno.test("the reproduction's explore presses no longer walk back and forth beside the fungi", async () => {
  const old = await oscillation(before);
  const repeats = (visits: string[]) => visits.length - new Set(visits).size;
  ok(repeats(old.visits) > 50, `the loop as it was seen: ${old.visits.slice(0, 6)}`);
  const now = await oscillation(delveWords);
  equal(repeats(now.visits), 0, `no cell stood on twice with nothing explored between: ${now.visits}`);
  ok(now.stops.every(isTold), JSON.stringify(now.stops));
  // The loop guard alone ends such a walk, saying why, one step after the way turned back.
  const guarded = await oscillation({ ...before, noLoops: true });
  ok(guarded.stops.some((s) => s.reason === "loop"), JSON.stringify(guarded.stops));
  ok(repeats(guarded.visits) <= 3, `${guarded.visits}`);
});

/** The living monster beside the player a walk named, if there is one. */
function besideNamed(state: GameState, names: readonly string[]): Entity | undefined {
  const p = playerOf(state);
  return state.entities.find((e) =>
    e !== p && e.fighter && e.fighter.hp > 0 && names.includes(e.name) &&
    Math.max(Math.abs(e.x - p.x), Math.abs(e.y - p.y)) === 1
  );
}

Deno.test("over many games, every explore step moves the player or opens a door, and no walk stands twice where nothing was learned", () => {
  let walks = 0, steps = 0, opened = 0;
  const stops = new Map<string, number>();
  for (let seed = 1; seed <= 24; seed++) {
    const state = newGame(rules, seed), visited = new Set<number>(), known: KnownMonsters = new Map();
    let floor = state.floor;
    for (let press = 0; press < 60 && !isGameOver(state); press++) {
      if (state.floor !== floor) [floor] = [state.floor, known.clear()];
      const player = playerOf(state);
      // An invulnerable explorer: the walks are under test, not the fights.
      player.fighter!.hp = player.fighter!.maxHp;
      const behavior = walkBehavior(state, { kind: "explore" }, visited, rules, true, known, delveWords);
      const stood = new Set<string>();
      walks++;
      let stop: WalkStop | undefined;
      for (let k = 0; k < 300 && !stop; k++) {
        const next = behavior.next(state);
        if ("stop" in next) {
          stop = next.stop;
          break;
        }
        const from = `${player.x},${player.y}`, act = next.act as { dx: number; dy: number };
        const door = tileAt(state.map, player.x + act.dx, player.y + act.dy) === Tile.ClosedDoor;
        playCommand(state, rules, { act: next.act });
        player.fighter!.hp = player.fighter!.maxHp;
        steps++;
        // A step into a closed door opens it, the turn spent where the player stands: the way on changed.
        if (door) {
          opened++;
          continue;
        }
        ok(
          `${player.x},${player.y}` !== from,
          `seed ${seed}: a walk step at ${from} did not move the player`,
        );
        const visit = `${player.x},${player.y}@${state.map.explored.reduce((n, v) => n + v, 0)}`;
        ok(!stood.has(visit), `seed ${seed}, press ${press}: back at ${visit} with nothing learned`);
        stood.add(visit);
      }
      if (!stop) continue;
      stops.set(stop.reason, (stops.get(stop.reason) ?? 0) + 1);
      ok(isTold(stop) || stop.reason === "end", `seed ${seed}: a stop told nothing: ${JSON.stringify(stop)}`);
      if (stop.reason === "explored") {
        // Down to the next floor, as a player does once the floor is explored.
        const { x, y } = state.map.stairs ?? player;
        Object.assign(player, { x, y });
        playCommand(state, rules, { act: { type: "descend" } });
        continue;
      }
      // A monster that stops the walk is fought where it stands beside the player, else awaited.
      const names = "names" in stop ? stop.names : "name" in stop && stop.name ? [stop.name] : [];
      const foe = besideNamed(state, names);
      playCommand(state, rules, {
        act: foe ? { type: "bump", dx: foe.x - player.x, dy: foe.y - player.y } : { type: "wait" },
      });
    }
  }
  ok(walks > 500 && steps > 5000, `${walks} walks, ${steps} steps`);
  console.log(
    `${walks} walks, ${steps} steps (${opened} opening a door); stops: ${
      JSON.stringify(Object.fromEntries(stops))
    }`,
  );
});
