/**
 * What validates plays (docs/rules.md, Map kinds): every bundled rule set
 * and every test mod plays bot turns with every invariant holding and makes
 * floors 1 to 6 on many seeds without stopping; a
 * small cave whose numbers once left some seeds no room for a start and
 * stairs is grown again, then falls back to a clearing, on every seed; and
 * `validate`'s floor trials name a floor some seed cannot make.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { floorTrialProblems, loadContent, trialSeeds } from "../src/content/mod.ts";
import {
  Bot,
  buildFloor,
  enterFloor,
  type FloorPlan,
  isGameOver,
  newGame,
  playCommand,
  Rng,
  type Rules,
  stateProblems,
  Tile,
} from "../src/engine/mod.ts";
import { modCopy, type ModFiles, modProblems } from "./support/mod_problems.ts";

const ROOT = new URL("../", import.meta.url);
const SEEDS = 30;
const DEEPEST = 6;
/** Turns the bot plays on each seed. */
const TURNS = 20;

/** The bundled data folders and the test mods, as repository paths. */
function dataFolders(): string[] {
  const mods = [...Deno.readDirSync(new URL("tests/fixtures/mods/", ROOT))].filter((e) => e.isDirectory)
    .map((e) => `tests/fixtures/mods/${e.name}/`);
  const rulesets = [...Deno.readDirSync(new URL("data/rulesets/", ROOT))].filter((e) => e.isDirectory)
    .map((e) => `data/rulesets/${e.name}/`);
  return ["data/", ...rulesets, ...mods].sort();
}

/**
 * On each seed, {@link TURNS} turns of a game played by the bot, every
 * invariant holding after each, then floors 1..{@link DEEPEST} (stopping at
 * the rules' bottom) of a new game; the first stop or broken invariant, if any.
 */
function firstStop(rules: Rules, folder: string, seeds: number): string | undefined {
  for (let seed = 1; seed <= seeds; seed++) {
    try {
      const played = newGame(rules, seed);
      const bot = new Bot();
      for (let turn = 0; turn < TURNS && !isGameOver(played); turn++) {
        playCommand(played, rules, bot.decide(played, rules));
        const [problem] = stateProblems(played, rules);
        if (problem !== undefined) return `${folder} seed ${seed}, turn ${turn + 1}: ${problem}`;
      }
      const state = newGame(rules, seed);
      for (let floor = 2; floor <= Math.min(DEEPEST, rules.bottom ?? DEEPEST); floor++) {
        enterFloor(state, rules, floor);
      }
    } catch (e) {
      return `${folder} seed ${seed}: ${e instanceof Error ? e.message : e}`;
    }
  }
  return undefined;
}

Deno.test(`every bundled rule set and test mod validates, plays ${TURNS} turns and makes floors 1 to ${DEEPEST} on ${SEEDS} seeds`, async () => {
  const folders = dataFolders();
  ok(folders.length >= 13, folders.join(", "));
  for (const folder of folders) {
    const { rules } = await loadContent(new URL(folder, ROOT), folder);
    deepEqual(floorTrialProblems(`${folder}game.json`, rules), []);
    equal(firstStop(rules, folder, SEEDS), undefined);
  }
});

/** The maps mod as a small cave alone: numbers the loader's four trial seeds pass, that leave some seeds no room. */
const SMALL_CAVE = (files: ModFiles) => {
  const map = files.game.map;
  map.width = 10;
  map.height = 8;
  map.roomMinSize = 3;
  map.roomMaxSize = 5;
  map.floors = [{
    from: 1,
    generator: "caves",
    fill: 0.4,
    smoothing: 4,
    birth: 5,
    survive: 4,
    areaSize: 4,
    vaults: 0,
  }];
  delete files.game.vaults;
};

Deno.test("a small cave that validates makes its floor, and plays, on every one of 300 seeds", async () => {
  const maps = new URL("tests/fixtures/mods/maps/", ROOT);
  deepEqual(await modProblems(maps, SMALL_CAVE), []);
  // The same change written out, so the game loads it as a player would.
  const dir = await modCopy(maps, SMALL_CAVE);
  try {
    const { rules } = await loadContent(new URL(`file://${dir}/`), "mod/");
    deepEqual(floorTrialProblems("mod/game.json", rules), []);
    for (let seed = 1; seed <= 300; seed++) {
      const state = newGame(rules, seed);
      ok(
        state.map.stairs.x !== state.entities[0].x || state.map.stairs.y !== state.entities[0].y,
        `seed ${seed}`,
      );
    }
    equal(firstStop(rules, "mod/", 300), undefined);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a cave plan that never leaves room falls back to a clearing: every cell inside the outer wall open", () => {
  const plan: FloorPlan = {
    from: 1,
    generator: "caves",
    fill: 1,
    smoothing: 0,
    birth: 5,
    survive: 4,
    areaSize: 4,
    vaults: 0,
  };
  const params = { width: 9, height: 8, maxRooms: 1, roomMinSize: 3, roomMaxSize: 4 };
  const built = buildFloor(params, plan, [], 1, Rng.fromSeed(7));
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 9; x++) {
      const inside = x > 0 && x < 8 && y > 0 && y < 7;
      const tile = built.map.tiles[y * 9 + x];
      equal(inside ? tile !== Tile.Wall : tile === Tile.Wall, true, `(${x}, ${y}) is ${tile}`);
    }
  }
  // The same seed, the same clearing and the same start.
  deepEqual(buildFloor(params, plan, [], 1, Rng.fromSeed(7)).start, built.start);
});

Deno.test("validate's floor trials name the plan and the first seed a floor stops on", async () => {
  const { rules } = await loadContent(new URL("tests/fixtures/mods/maps/", ROOT), "mod/");
  // Rooms larger than the map (data the loader refuses, handed to the trials directly) stop the rooms floor.
  const broken = { ...rules, dungeon: { ...rules.dungeon, roomMinSize: 90, roomMaxSize: 90 } };
  const seeds = trialSeeds(rules.dungeon.width * rules.dungeon.height);
  deepEqual(floorTrialProblems("mod/game.json", broken), [
    `mod/game.json: $.map.floors[2]: expected a floor 3 every seed makes (tried ${seeds}), found seed 1 stopping ` +
    `with "no room of size 90..90 fits a 80x43 map"`,
  ]);
});
