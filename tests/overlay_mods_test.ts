import { deepEqual, equal, ok } from "node:assert/strict";
import { type Content, ContentError, loadContent } from "../src/content/mod.ts";
import { newGame } from "../src/engine/mod.ts";
import { parseServeArgs } from "../src/commands/mod.ts";
import { dataStamp, decodeRecording, encodeSave, startRecording, summarizeSave } from "../src/store/mod.ts";

const DELVE_DATA = new URL("../data/", import.meta.url);

type Files = Record<string, unknown>;

/** Mod folders of `mods` (name → file name → JSON), made in a new folder; each as loadContent takes it. */
async function modFolders(mods: Record<string, Files>): Promise<{ dir: URL; label: string }[]> {
  const root = await Deno.makeTempDir({ prefix: "delve-overlay-" });
  const folders = [];
  for (const [name, files] of Object.entries(mods)) {
    await Deno.mkdir(`${root}/${name}`);
    for (const [file, json] of Object.entries(files)) {
      await Deno.writeTextFile(`${root}/${name}/${file}`, JSON.stringify(json));
    }
    folders.push({ dir: new URL(`file://${root}/${name}/`), label: `mods/${name}/` });
  }
  return folders;
}

/** A `mod.json` for the mod `name`, made for Delve 0.1. */
function manifest(name: string, more: Files = {}): Files {
  return { name, version: "1.0.0", delve: "^0.1", ...more };
}

/** Delve's data with the mods laid over it, in order: the content, or every problem. */
async function withMods(mods: Record<string, Files>): Promise<Content | readonly string[]> {
  try {
    return await loadContent(DELVE_DATA, "data/", { mods: await modFolders(mods), delveVersion: "0.1.0" });
  } catch (e) {
    if (e instanceof ContentError) return e.problems;
    throw e;
  }
}

async function loaded(mods: Record<string, Files>): Promise<Content> {
  const result = await withMods(mods);
  ok(!Array.isArray(result), `loads: ${JSON.stringify(result)}`);
  return result as Content;
}

Deno.test("a mod of a few lines adds a monster to floors 2 to 4: copyFrom, and spawn steps merged by floor", async () => {
  const content = await loaded({
    cave_bear: {
      "mod.json": manifest("cave_bear"),
      "entities.json": {
        cave_bear: { copyFrom: "wolf", name: "Cave Bear", glyph: "B", fighter: { hp: 24 } },
      },
      "spawn_tables.json": {
        extend: {
          monsters: [{ floor: 2, weights: { cave_bear: 8 } }, { floor: 5, weights: { cave_bear: 0 } }],
        },
      },
    },
  });
  const bear = content.rules.templates.cave_bear, wolf = content.rules.templates.wolf;
  equal(bear.name, "Cave Bear");
  // The copy keeps what the entry does not name, object by object.
  deepEqual(bear.fighter, { ...wolf.fighter, hp: 24 });
  deepEqual(bear.ai, wolf.ai);
  const steps = content.rules.spawn.monsters;
  const at = (floor: number) => steps.find((s) => s.floor === floor)?.weights ?? {};
  equal(at(2).cave_bear, 8, "merged into floor 2's step");
  equal(at(5).cave_bear, 0);
  deepEqual(
    steps.map((s) => s.floor),
    [...steps.map((s) => s.floor)].sort((a, b) => a - b),
    "still in order",
  );
  deepEqual(content.mods, [{ name: "cave_bear", version: "1.0.0" }]);
});

Deno.test("extend merges objects key by key and appends to lists; delete removes; game.json takes paths", async () => {
  const base = await loadContent(DELVE_DATA, "data/");
  const content = await loaded({
    tweaks: {
      "mod.json": manifest("tweaks"),
      "entities.json": {
        orc: { extend: { fighter: { hp: 99 } } },
        player: { extend: { startingEquipment: ["protection_ring"] } },
        frost_mage: { delete: true },
      },
      "spawn_tables.json": { delete: ["monsters[floor=6].weights.frost_mage"] },
      "game.json": { extend: { sightRadius: 9 }, delete: ["messages.walk_loop", "walks.noLoops"] },
    },
  });
  deepEqual(content.rules.templates.orc.fighter, { ...base.rules.templates.orc.fighter, hp: 99 });
  deepEqual(content.rules.templates.player.startingEquipment, [
    ...base.rules.templates.player.startingEquipment!,
    "protection_ring",
  ]);
  equal(content.rules.templates.frost_mage, undefined);
  equal(content.rules.sightRadius, 9);
  equal(content.rules.messages.walk_loop, undefined);
});

Deno.test("overlay mistakes are one line each, naming the mod's file and what it found", async () => {
  const problems = await withMods({
    first: {
      "mod.json": manifest("first"),
      "entities.json": {
        dragon: { copyFrom: "fire_drake", name: "Dragon" },
        rat: { delete: true },
        loop_a: { copyFrom: "loop_b" },
        loop_b: { copyFrom: "loop_a" },
        orcc: { extend: { xp: 1 } },
      },
      "spawn_tables.json": { extnd: {}, delete: ["monsters[floor=42].weights.rat"] },
    },
    second: {
      "mod.json": manifest("second", { requires: { first: "^2" }, conflicts: ["third"] }),
      "entities.json": {
        dragon: { copyFrom: "fire_drake", name: "Another Dragon" },
        rat_king: { copyFrom: "rat", name: "Rat King" },
      },
    },
    third: { "mod.json": manifest("third", { delve: "^3" }) },
    fourth: { "mod.json": manifest("fourth", { version: "one" }) },
  }) as string[];
  deepEqual(problems.slice(0, 10), [
    // The manifests first: each mod.json's own, then the mods' order.
    'mods/fourth/mod.json: $.version: expected a version like "1.2.0", found "one"',
    'mods/second/mod.json: $.requires.first: expected a version in "^2", found 1.0.0',
    'mods/second/mod.json: $.conflicts: expected none of these mods played with it, found "third"',
    `mods/third/mod.json: $.delve: expected a range holding this Delve's 0.1.0, found "^3"`,
    // Then each mod's files, in order.
    "mods/first/spawn_tables.json: $.extnd: unexpected key, an overlay holds extend and delete " +
    '(did you mean "extend"?)',
    "mods/first/spawn_tables.json: $.delete[0]: expected a path to something there, found nothing at " +
    '"monsters[floor=42].weights.rat"',
    "mods/first/entities.json: $.loop_b.copyFrom: expected no cycle, found loop_a → loop_b → loop_a",
    'mods/first/entities.json: $.orcc: expected a template to extend, found none (did you mean "orc"?)',
    "mods/second/entities.json: $.dragon: expected a new template id, found one mods/first/entities.json " +
    'made (say "replaces": true to replace it)',
    'mods/second/entities.json: $.rat_king.copyFrom: expected a template, found "rat" ' +
    "(mods/first/entities.json deleted it)",
  ]);
  // The data's own checks of the whole follow: the rat's deletion leaves references to it.
  ok(problems.length > 10);
  ok(problems.slice(10).every((line) => line.includes('found "rat"')), problems.slice(10).join("\n"));
});

Deno.test("a mod's manifest: the Delve it was made for, and the mods it needs before it", async () => {
  const problems = await withMods({
    late: { "mod.json": manifest("late", { requires: { early: "^1" } }) },
    early: { "mod.json": manifest("early", { delve: ">=2" }) },
  });
  deepEqual(problems, [
    'mods/late/mod.json: $.requires.early: expected the mod "early" given before this one, found it after',
    `mods/early/mod.json: $.delve: expected a range holding this Delve's 0.1.0, found ">=2"`,
  ]);
});

Deno.test("a template a mod made is told under the mod's file when it is wrong", async () => {
  const problems = await withMods({
    bad: {
      "mod.json": manifest("bad"),
      "entities.json": { ghost: { copyFrom: "wraith", name: "Ghost", fighter: { hp: -4 } } },
    },
  });
  deepEqual(problems, [
    "mods/bad/entities.json: $.ghost.fighter.hp: expected a positive integer, at most 1000000, found -4",
  ]);
});

Deno.test("validate takes --mod, in order, and says which mods it checked", async () => {
  const [bear] = await modFolders({
    cave_bear: {
      "mod.json": manifest("cave_bear"),
      "entities.json": { cave_bear: { copyFrom: "wolf", name: "Cave Bear", glyph: "B" } },
    },
  });
  const run = (...args: string[]) =>
    new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--allow-read",
        new URL("../src/commands/validate.ts", import.meta.url).pathname,
        ...args,
      ],
      stdout: "piped",
      stderr: "piped",
    }).output();
  const good = await run("--mod", bear.dir.pathname);
  equal(good.code, 0, new TextDecoder().decode(good.stderr));
  ok(new TextDecoder().decode(good.stdout).startsWith("data/ with cave_bear: OK"));
  const twice = await run("--mod", bear.dir.pathname, "--mod", bear.dir.pathname);
  equal(twice.code, 2);
  ok(new TextDecoder().decode(twice.stderr).includes('expected each mod once, found "cave_bear" again'));
});

Deno.test("a modded game's save and replay name each mod and its version, in order, and read back", async () => {
  const content = await loaded({
    cave_bear: { "mod.json": manifest("cave_bear"), "entities.json": {} },
    tweaks: { "mod.json": manifest("tweaks", { version: "2.1.0" }) },
  });
  const stamp = dataStamp(content);
  const mods = [{ name: "cave_bear", version: "1.0.0" }, { name: "tweaks", version: "2.1.0" }];
  deepEqual(stamp.mods, mods);
  const save = JSON.parse(encodeSave(newGame(content.rules, 3), stamp, "t", new Date(0)));
  deepEqual(summarizeSave(save).data?.mods, mods);
  const recording = decodeRecording(JSON.parse(JSON.stringify(startRecording(3, "t", stamp))));
  deepEqual(recording.version === 4 && recording.data.mods, mods);
  // Delve's data alone names no mods: its saves are as they were.
  equal(dataStamp(await loadContent(DELVE_DATA, "data/")).mods, undefined);
});

Deno.test("sim and serve take --mod too: the bot plays a modded game, and the server's games play by it", async () => {
  const [bear] = await modFolders({
    cave_bear: {
      "mod.json": manifest("cave_bear"),
      "entities.json": { cave_bear: { copyFrom: "wolf", name: "Cave Bear", glyph: "B" } },
      "spawn_tables.json": { extend: { monsters: [{ floor: 1, weights: { cave_bear: 1000 } }] } },
    },
  });
  const sim = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      new URL("../src/commands/sim.ts", import.meta.url).pathname,
      ...["--games", "2", "--jobs", "1", "--turns", "200", "--mod", bear.dir.pathname],
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const report = new TextDecoder().decode(sim.stdout);
  equal(sim.code, 0, new TextDecoder().decode(sim.stderr));
  ok(report.includes("data/ with cave_bear"), report.slice(0, 200));
  ok(report.includes("Cave Bear"), "the mod's monster fought on floor 1");
  deepEqual(parseServeArgs(["--mod", "a", "--mod", "b", "--state", "/tmp/x"]).modDirs, ["a", "b"]);
});

Deno.test("fifty seeded mistakes in one mod are fifty lines in one run, none an echo of another", async () => {
  const mod = new URL("./fixtures/overlays/fifty_mistakes/", import.meta.url);
  let problems: readonly string[] = [];
  try {
    await loadContent(DELVE_DATA, "data/", {
      mods: [{ dir: mod, label: "mods/fifty/" }],
      delveVersion: "0.1.0",
    });
  } catch (e) {
    if (!(e instanceof ContentError)) throw e;
    problems = e.problems;
  }
  // 41 templates with a mistake each, 5 of them a second (a misspelt kind checked as the kind meant, and a wrong
  // radius in it); an overlay's misspelt word and a path to nothing; a wrong number and a misspelt id laid over
  // the data's files.
  equal(problems.length, 50, problems.join("\n"));
  equal(new Set(problems).size, 50);
  for (let i = 0; i < 41; i++) {
    ok(problems.some((line) => line.includes(`$.bad_${String(i).padStart(2, "0")}`)), `bad_${i} is told`);
  }
  ok(
    problems.every((line) => /^(mods\/fifty\/|data\/)\S+\.json( \+ \S+\.json)?: \$/.test(line)),
    "each names its file",
  );
});
