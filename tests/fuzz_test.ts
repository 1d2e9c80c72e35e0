/**
 * The fuzzer: a slice of `deno task fuzz` (the real program fed random
 * keys, mouse reports and resizes) finds nothing and reaches every screen;
 * the same seed replays the same run; and each kind of fault, planted at a
 * known event, is reported at that event, with the line that reproduces it.
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import config from "../deno.json" with { type: "json" };
import type { CommandOutput } from "../src/cli/mod.ts";
import { dataStamp, encodeSave } from "../src/store/mod.ts";
import type { DelveProgram } from "../src/app/mod.ts";
import { fuzzCommand, type FuzzOptions, runFuzz } from "../tools/fuzz/fuzz.ts";
import {
  type Entity,
  type GameState,
  instantiate,
  isGameOver,
  isWalkable,
  playerOf,
} from "../src/engine/mod.ts";
import { bundledContent } from "./support/content.ts";
import { gzipSync } from "node:zlib";
import { runTask } from "./support/run_program.ts";

const content = await bundledContent();
const { rules } = content;

/** Every screen the program has, by the title the fuzzer counts it under. */
const SCREENS = [
  "title",
  "Dungeon",
  "Message history",
  "Look",
  "Help",
  "Select an item to use",
  "Select an item to throw",
  "Select an item to drop",
  "Select an item to describe",
  "Describe",
  "Rest how many turns?",
  "Target",
  rules.progression.window.title,
  "Character Information",
  "Options",
  "Overview",
  "Game over",
];

Deno.test("three seeded runs of 6,000 events break no invariant and between them visit every screen", async () => {
  const seen = new Set<string>();
  for (const seed of [1, 2, 3]) {
    const result = await runFuzz({ seed, events: 6000, content });
    equal(result.failure, undefined, `seed ${seed}: ${JSON.stringify(result.failure)}`);
    equal(result.events, 6000);
    ok(
      result.turns > 3000 && result.games > 10,
      `seed ${seed}: ${result.turns} turns, ${result.games} games`,
    );
    Object.keys(result.screens).forEach((s) => seen.add(s));
  }
  deepEqual([...seen].sort(), [...SCREENS].sort());
});

Deno.test("with the worker, every monster phase is the worker's, and the game is the same as in-process", async () => {
  const inWorker = await runFuzz({ seed: 4, events: 1500, content, worker: true });
  equal(inWorker.failure, undefined, JSON.stringify(inWorker.failure));
  ok(inWorker.turns > 500, `${inWorker.turns} turns`);
  deepEqual([inWorker.workerTurns, inWorker.workerFaults], [inWorker.turns, []]);
  const inProcess = await runFuzz({ seed: 4, events: 1500, content });
  deepEqual([inProcess.turns, inProcess.games], [inWorker.turns, inWorker.games]);
});

Deno.test("the same seed gives the same run; another seed another", async () => {
  const a = await runFuzz({ seed: 5, events: 2000, content });
  const b = await runFuzz({ seed: 5, events: 2000, content });
  const c = await runFuzz({ seed: 6, events: 2000, content });
  deepEqual(a, b);
  ok(JSON.stringify(a) !== JSON.stringify(c));
});

/**
 * A hook that plants a fault with `plant` at the first event from 300 on
 * after which a game is on its map and `when` holds (a monster is there);
 * `at()` says where.
 */
function planter(
  plant: (state: GameState) => void,
  when = (state: GameState) => state.entities.some((e) => e.ai),
) {
  let plantedAt: number | undefined;
  const afterEvent = (index: number, app: DelveProgram) => {
    const game = app.game;
    if (plantedAt !== undefined || index < 300 || !game || game.top !== game.stack[0]) return;
    if (isGameOver(game.state) || !when(game.state)) return;
    plant(game.state);
    plantedAt = index;
  };
  return { afterEvent, at: () => plantedAt };
}

/** The fault `plant` makes, reported: at the event it was planted after, in words matching `problem`. */
async function reportsPlanted(
  plant: (state: GameState) => void,
  problem: RegExp,
  when?: (state: GameState) => boolean,
): Promise<void> {
  const { afterEvent, at } = planter(plant, when);
  const result = await runFuzz({ seed: 11, events: 5000, content, afterEvent });
  ok(at() !== undefined, "the fault was planted");
  equal(result.failure?.index, at());
  match(result.failure?.problem ?? "", problem);
  equal(result.events, at()! + 1, "the run stops at the failure");
}

const monster = (state: GameState): Entity => state.entities.find((e) => e.ai)!;
const carried = (state: GameState): Entity[] => playerOf(state).inventory!.items;

Deno.test("an orc put in a wall is reported at the event it happened", async () => {
  await reportsPlanted((state) => {
    const orc = monster(state);
    const { map } = state;
    const wall = map.tiles.findIndex((_, i) => !isWalkable(map, i % map.width, Math.floor(i / map.width)));
    orc.x = wall % map.width;
    orc.y = Math.floor(wall / map.width);
  }, /#\d+ in a wall or off the map at/);
});

Deno.test("a carried item duplicated (the same id twice) is reported", async () => {
  await reportsPlanted((state) => carried(state).push({ ...carried(state)[0] }), /^id \d+ used twice/);
});

Deno.test("an item made from nothing (a new id in the pack) is reported", async () => {
  await reportsPlanted(
    (state) => carried(state).push(instantiate(rules.templates.health_potion, state.nextId++, 0, 0)),
    /^Health Potion #\d+ appeared from nowhere$/,
  );
});

Deno.test("an item gone from the floor is reported", async () => {
  const onFloor = (state: GameState) => state.entities.find((e) => e.layer === "item");
  await reportsPlanted(
    (state) => state.entities.splice(state.entities.indexOf(onFloor(state)!), 1),
    /^.+ #\d+ vanished from the floor$/,
    (state) => onFloor(state) !== undefined,
  );
});

Deno.test("a worn item gone from the pack is reported", async () => {
  await reportsPlanted(
    (state) => carried(state).splice(0, 1),
    /wears #\d+ as its weapon but does not carry it/,
  );
});

Deno.test("HP above the maximum is reported", async () => {
  await reportsPlanted((state) => {
    const f = playerOf(state).fighter!;
    f.hp = f.maxHp + 5;
  }, /^Player #0 has (\d+) of \d+ HP$/);
});

Deno.test("a continued game that is not the game saved (here its XP) is reported when it is entered", async () => {
  let left: GameState | undefined, current: DelveProgram["game"], plantedAt: number | undefined;
  const result = await runFuzz({
    seed: 11,
    events: 5000,
    content,
    afterEvent: (index, app) => {
      const game = app.game;
      if (game === current || plantedAt !== undefined) return;
      if (game && left && game.state.seed === left.seed && game.state.turn > 0) {
        playerOf(game.state).level!.xp += 1;
        plantedAt = index;
      }
      left = current?.state ?? left;
      current = game;
    },
  });
  ok(plantedAt !== undefined, "a game was continued");
  deepEqual(result.failure, {
    index: plantedAt,
    problem: `the game continued (seed ${left!.seed}, turn ${left!.turn}) is not the game saved ` +
      `(seed ${left!.seed}, turn ${left!.turn})`,
  });
});

Deno.test("a stale save (the game as it was at its start) is reported when it is continued", async () => {
  let current: DelveProgram["game"], first: Uint8Array | undefined, planted = 0;
  const result = await runFuzz({
    seed: 11,
    events: 5000,
    content,
    afterEvent: (_index, app) => {
      const game = app.game;
      if (game && game !== current && !isGameOver(game.state)) {
        first = gzipSync(encodeSave(game.state, dataStamp(content), "fuzz", new Date(0)));
      }
      // Back at the title from a game that moved on: put its first save back in place.
      if (!game && current && first && !isGameOver(current.state) && current.state.turn > 0) {
        Deno.writeFileSync(app.options.savePath, first);
        planted++;
      }
      current = game;
    },
  });
  ok(planted > 0, "a stale save was planted");
  ok(
    /^the game continued \(seed \d+, turn \d+\) is not the game saved/.test(result.failure?.problem ?? ""),
    JSON.stringify(result.failure),
  );
});

Deno.test("a game that its replay does not play back to (here a stronger player) is reported when left", async () => {
  const { afterEvent, at } = planter((state) => void (playerOf(state).fighter!.power += 1), () => true);
  const result = await runFuzz({ seed: 12, events: 5000, content, afterEvent });
  ok(at() !== undefined, "the fault was planted");
  match(result.failure?.problem ?? "", /^the replay of the game left \(seed \d+\) /);
});

Deno.test("an exception from the app (here its drawing) is a failure at the event being handled, with its stack", async () => {
  let plantedAt: number | undefined;
  const result = await runFuzz({
    seed: 12,
    events: 5000,
    content,
    afterEvent: (index, app) => {
      if (plantedAt !== undefined || index < 200 || !app.game) return;
      plantedAt = index;
      app.game.render = () => {
        throw new Error("planted drawing bug");
      };
    },
  });
  ok(plantedAt !== undefined && result.failure, JSON.stringify(result));
  // The next event the game draws after is the one that throws.
  ok(result.failure.index > plantedAt, `${result.failure.index} after ${plantedAt}`);
  equal(result.failure.problem, "the app threw Error: planted drawing bug");
  match(result.failure.stack ?? "", /planted drawing bug[\s\S]*fuzz_test\.ts/);
});

/** Runs the command with `args`, collecting what it prints. */
async function command(args: string[], afterEvent?: FuzzOptions["afterEvent"]) {
  const out: string[] = [], err: string[] = [];
  const output: CommandOutput = { out: (l) => out.push(l), err: (l) => err.push(l) };
  const code = await fuzzCommand(args, output, { afterEvent });
  return { code, out, err };
}

Deno.test("deno task fuzz: a failure prints the problem, the event and the seed, and how to reproduce it; exit 1", async () => {
  const { afterEvent, at } = planter((state) => {
    playerOf(state).fighter!.hp = -1;
  });
  const { code, out, err } = await command(["--seed", "3", "--events", "3000"], afterEvent);
  equal(code, 1);
  const i = at()!;
  match(
    err.at(-1)!,
    new RegExp(
      `^fuzz: Player #0 has -1 of \\d+ HP at event ${i} \\(seed 3\\); ` +
        `reproduce with: deno task fuzz --seed 3 --events ${i + 1}$`,
    ),
  );
  match(
    out.join("\n"),
    new RegExp(`^fuzz: ${i + 1} events in [\\d.]+ s \\(\\d+ events/s\\), \\d+ turns, \\d+ games$`, "m"),
  );
});

Deno.test("deno task fuzz: a clean run prints events/s, turns, games and the screens visited; exit 0", async () => {
  const { code, out, err } = await command(["--seed", "2", "--events", "1500"]);
  equal(code, 0, err.join("\n"));
  deepEqual(err, []);
  match(out[1], /^fuzz: 1500 events in [\d.]+ s \(\d+ events\/s\), \d+ turns, \d+ games$/);
  match(out[2], /^fuzz: screens visited: .*Dungeon \d+/);
});

Deno.test("deno task fuzz: a bad flag or value is one line naming it, exit 2", async () => {
  for (
    const [args, line] of [
      [["--bogus"], "delve fuzz: unknown flag --bogus"],
      [["--events", "0"], 'delve fuzz: --events: expected an integer from 1 to 1000000000, found "0"'],
      [["--seed", "-1"], 'delve fuzz: --seed: expected an integer from 0 to 4294967295, found "-1"'],
      [["stray"], 'delve fuzz: unexpected argument "stray"'],
    ]
  ) {
    const { code, out, err } = await command(args as string[]);
    equal(code, 2, String(args));
    deepEqual(out, []);
    equal(err.length, 1);
    equal(err[0].split("\n")[0], line);
  }
});

Deno.test("the fuzz task may read only data/, the code the AI worker loads and /tmp, write only /tmp, and that is enough for the worker", async () => {
  const flags = config.tasks.fuzz.split(/\s+/).filter((w) => w.startsWith("-"));
  deepEqual(flags.sort(), [
    "--allow-read=data,src,workers,/tmp",
    "--allow-write=/tmp",
    "--no-prompt",
    "--unstable-worker-options",
  ]);
  const run = await runTask("fuzz", ["--events", "400", "--seed", "9", "--worker"], {
    env: { NO_COLOR: "1" },
  });
  const text = run.stdout + run.stderr;
  equal(run.code, 0, text);
  match(text, /fuzz: 400 events, seed 9, monsters in the AI worker/);
  match(text, /, [1-9]\d* monster phases in the AI worker, 0 worker faults/);
  match(text, /fuzz: 400 events in/);
});
