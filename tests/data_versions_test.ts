/**
 * Kept versions of the data (docs/playing.md, Saves): the bundled data's
 * are all in data/versions/ (`deno task versions`); a version read back
 * gives the very rules it was kept with and the folder's look; one from a
 * stranger is refused in one line naming where it was, whatever is wrong
 * with it; and a place that keeps them (the folder beside the save, a
 * server's table) keeps each once, for as long as a file names it.
 */
import { deepEqual, equal, match, notEqual, ok, rejects, throws } from "node:assert/strict";
import { join } from "node:path";
import { type Content, loadContent, lookOf } from "../src/content/mod.ts";
import { dataChecksum, sortedKeys, textChecksum } from "../src/engine/mod.ts";
import {
  bundledArchive,
  bundledFolders,
  FolderVersions,
  gzip,
  VersionArchive,
  versionFile,
  versionFromJson,
  VersionRefused,
  type VersionStore,
  writeSave,
} from "../src/store/mod.ts";
import { ServerStore, TableVersions } from "../src/server/mod.ts";
import { versionsCommand } from "../tools/data_versions.ts";
import { captureConsole } from "./support/console_capture.ts";
import { bundledContent } from "./support/content.ts";

const NOW = new Date("2026-11-21T10:00:00Z");

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

/** A version's file of `content` as JSON, to damage. */
function fileOf(content: Content): Json {
  return JSON.parse(versionFile(content, NOW, "test").json);
}

/** `json` kept under the checksum its rules sum to now (as a stranger who knows the sum would file it). */
function refiled(json: Json): { json: Json; checksum: number } {
  const checksum = textChecksum(JSON.stringify(json.rules));
  return { json: { ...json, checksum }, checksum };
}

/** Why `json`, kept under `checksum`, is refused: one line, naming where it was. */
function refusal(json: unknown, checksum: number): string {
  try {
    versionFromJson(json, checksum, "kept/1.json.gz");
  } catch (e) {
    ok(e instanceof VersionRefused, `a refusal, not ${e}`);
    const { message } = e as Error;
    ok(!message.includes("\n") && message.startsWith("kept/1.json.gz: "), message);
    return message.slice("kept/1.json.gz: ".length);
  }
  throw new Error("taken");
}

Deno.test("every bundled data folder's version is kept in data/versions/, and each kept there reads back whole", async () => {
  const archive = bundledArchive();
  const folders = await bundledFolders();
  ok(folders.length >= 6, "data/, four rule sets and a mod at least");
  for (const [dir, label] of folders) {
    const content = await loadContent(dir, label);
    const checksum = dataChecksum(content.rules);
    ok(await archive.has(checksum), `${label} (${checksum}) is kept: run deno task versions`);
  }
  for (const entry of Deno.readDirSync(archive.dir)) {
    const checksum = Number(/^(\d+)\.json\.gz$/.exec(entry.name)?.[1]);
    ok(Number.isInteger(checksum), `only versions in data/versions/: ${entry.name}`);
    const kept = await archive.read(checksum);
    equal(dataChecksum(kept!.content.rules), checksum, entry.name);
  }
});

Deno.test("deno task versions keeps each bundled version once, and never writes one kept again", async () => {
  const dir = await Deno.makeTempDir({ prefix: "delve-archive-" });
  const archive = new VersionArchive(dir);
  const first = await captureConsole(() => versionsCommand([], NOW, archive));
  equal(first.result, 0);
  const folders = await bundledFolders();
  equal(
    first.out.filter((line) => / kept as data\/versions\/\d+\.json\.gz$/.test(line)).length,
    folders.length,
  );
  const bytes = new Map(
    [...Deno.readDirSync(dir)].map((e) => [e.name, Deno.readFileSync(join(dir, e.name))]),
  );
  equal(
    bytes.size,
    new Set(await Promise.all(folders.map(async ([d, l]) => dataChecksum((await loadContent(d, l)).rules))))
      .size,
  );
  const again = await captureConsole(() =>
    versionsCommand([], new Date(NOW.getTime() + 86_400_000), archive)
  );
  ok(again.out.every((line) => line.includes(": kept already as data/versions/")), again.out.join("\n"));
  deepEqual(
    new Map([...Deno.readDirSync(dir)].map((e) => [e.name, Deno.readFileSync(join(dir, e.name))])),
    bytes,
  );
});

Deno.test("a version read back is the very rules it was kept with, in their order, and the folder's look", async () => {
  for (const [dir, label] of await bundledFolders()) {
    const content = await loadContent(dir, label);
    const { checksum, json } = versionFile(content, NOW, "test");
    const kept = versionFromJson(JSON.parse(json), checksum, "x");
    equal(JSON.stringify(kept.content.rules), JSON.stringify(content.rules), `${label}: the rules as kept`);
    // The look, what the folder is besides its rules, as it was (the rules are written back in their own way:
    // colours as lower-case text, a vault's every legend, the time's costs where the scheduler runs).
    equal(
      JSON.stringify(lookOf(kept.content), sortedKeys),
      JSON.stringify(lookOf(content), sortedKeys),
      label,
    );
    ok(Object.keys(lookOf(content).game).includes("tiles"), "the look holds the tiles");
    deepEqual(kept.content.palettes, content.palettes);
    deepEqual([kept.content.label, kept.since], [label, NOW.toISOString()]);
  }
});

Deno.test("a kept version from a stranger is refused in one line, whatever is wrong with it", async () => {
  const good = fileOf(await bundledContent());
  const sum = good.checksum as number;
  equal(refusal({ ...good, checksum: 7 }, sum), `the data version is kept under ${sum} but says it is 7`);
  const hp = structuredClone(good);
  hp.rules.templates.orc.fighter.hp += 1;
  match(refusal(hp, sum), new RegExp(`^the data version is damaged: its rules sum to \\d+, not ${sum}$`));
  // A stranger who sums the rules again: the rules are checked as data files are.
  const cases: [string, (json: Json) => void, RegExp][] = [
    [
      "HP past the data's bound",
      (j) => (j.rules.templates.orc.fighter.hp = 1e9),
      /its entities\.json: \$\.orc\.fighter\.hp: expected at most/,
    ],
    [
      "an escape as a glyph",
      (j) => (j.rules.templates.orc.glyph = "\u001b"),
      /its entities\.json: \$\.orc\.glyph: expected one printable character/,
    ],
    [
      "a word the data has not",
      (j) => (j.rules.cheat = true),
      /^the data version is damaged: \$\.rules\.cheat: expected what its data makes of it/,
    ],
    [
      "the player made of another",
      (j) => (j.rules.playerTemplate = "orc"),
      /\$\.rules\.playerTemplate: expected what its data makes/,
    ],
    [
      "a template spawned that is not there",
      (j) => delete j.rules.templates.troll,
      /spawn_tables\.json.*troll/,
    ],
    [
      "a status id not its key",
      (j) => (j.rules.templates.orc.id = "troll"),
      /\$\.rules\.templates\.orc\.id: expected what/,
    ],
    [
      "rules that are not an object",
      (j) => (j.rules = [1, 2]),
      /^the data version is damaged: its game\.json/,
    ],
    ["no palettes", (j) => delete j.look.palettes, /its palettes\.json/],
    [
      "a look that is a string",
      (j) => (j.look = "look"),
      /^the data version is damaged: its (game|palettes)\.json/,
    ],
  ];
  for (const [what, damage, expected] of cases) {
    const bad = structuredClone(good);
    damage(bad);
    const { json, checksum } = refiled(bad);
    match(refusal(json, checksum), expected, what);
  }
  match(refusal({ ...good, version: 9 }, sum), /kept by a newer Delve \(version 9; this one reads up to 1\)/);
  match(refusal({ ...good, format: "delve-save" }, sum), /^not a kept version of the data at \$\.format/);
  match(
    refusal({ ...good, folder: "mods/\u001b[2J/" }, sum),
    /^not a kept version of the data at \$\.folder/,
  );
  match(refusal("text", sum), /^not a kept version of the data/);
});

Deno.test("a kept version's file is read as a stranger's: damaged bytes, a __proto__ key, nesting too deep", async () => {
  const content = await bundledContent();
  const dir = await Deno.makeTempDir({ prefix: "delve-versions-" });
  const store = new FolderVersions(dir, { gameVersion: "test", now: () => NOW });
  const sum = dataChecksum(content.rules);
  const path = join(dir, `${sum}.json.gz`);
  const files: [string, Uint8Array, RegExp][] = [
    ["not gzip", new TextEncoder().encode("hello"), /expected whole gzip data/],
    [
      "a __proto__ key",
      await gzip(`{"__proto__": {"polluted": 1}}`),
      /\$\.__proto__: expected a key other than __proto__/,
    ],
    [
      "nested too deep",
      await gzip("[".repeat(100) + "]".repeat(100)),
      /expected lists and objects nested at most/,
    ],
  ];
  for (const [what, bytes, expected] of files) {
    await Deno.writeFile(path, bytes);
    const refused = await store.read(sum).then(() => "taken", (e: Error) => e.message);
    ok(refused.startsWith(`${path}: `) && expected.test(refused), `${what}: ${refused}`);
  }
  equal(await store.read(1), undefined, "none kept under a checksum: nothing, not a refusal");
});

/** The versions `store` keeps, by checksum. */
async function keptIn(store: VersionStore, checksums: number[]): Promise<number[]> {
  const kept: number[] = [];
  for (const checksum of checksums) if (await store.has(checksum)) kept.push(checksum);
  return kept;
}

/** Two data folders' contents (the tutorial's, and it with an orc made tougher), and a folder of files. */
async function twoVersions(): Promise<{ a: Content; b: Content; files: string }> {
  const a = await bundledContent();
  const b: Content = {
    ...a,
    rules: {
      ...a.rules,
      templates: {
        ...a.rules.templates,
        orc: { ...a.rules.templates.orc, fighter: { ...a.rules.templates.orc.fighter!, hp: 99 } },
      },
    },
  };
  return { a, b, files: await Deno.makeTempDir({ prefix: "delve-named-" }) };
}

/** A save's JSON naming `content` (what pruning reads of it). */
const saveNaming = (content: Content) =>
  JSON.stringify({
    format: "delve-save",
    version: 5,
    data: { checksum: dataChecksum(content.rules), folder: "x/" },
  });

/** What both places that keep versions must do; `open` makes one. */
async function keepsWhileNamed(open: () => Promise<VersionStore>): Promise<void> {
  const { a, b, files } = await twoVersions();
  const [sa, sb] = [dataChecksum(a.rules), dataChecksum(b.rules)];
  const store = await open();
  const save = join(files, "save.json.gz"), morgue = join(files, "morgue.replay.json.gz");
  await writeSave(save, saveNaming(a));
  await store.keep(a, [save]);
  await writeSave(morgue, saveNaming(b));
  await store.keep(b, [morgue], true);
  equal(dataChecksum((await store.read(sa))!.content.rules), sa);
  deepEqual(await store.prune(), [], "each named by a file that is there");
  await store.copyName(save, `${save}.bak`, false);
  // The save now names the other version: the first is named by nothing once its backup goes.
  await writeSave(save, saveNaming(b), { backup: true });
  deepEqual(await store.prune(), [], "the backup names the first");
  await Deno.remove(`${save}.bak`);
  deepEqual(await store.prune(), [sa], "named by nothing: forgotten");
  deepEqual(await keptIn(store, [sa, sb]), [sb]);
  await Deno.remove(save);
  deepEqual(await store.prune(), [], "the morgue file's replay still names the second");
  await Deno.remove(morgue);
  deepEqual(await store.prune(), [sb]);
  // Kept again when a file names it again; kept once whatever the number of files.
  await store.keep(a, [save]);
  const kept = await store.read(sa);
  await store.keep(a, [morgue], true);
  equal((await store.read(sa))!.since, kept!.since, "not written again");
}

Deno.test("a folder beside the save keeps each version once, while a save, replay or morgue file names it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "delve-versions-" });
  let minute = 0;
  await keepsWhileNamed(() =>
    Promise.resolve(
      new FolderVersions(join(dir, "data-versions"), {
        gameVersion: "test",
        now: () => new Date(NOW.getTime() + 60_000 * minute++),
      }),
    )
  );
});

Deno.test("a server's table keeps each version once, while a save, replay or finished game names it; a damaged row is refused", async () => {
  const dir = await Deno.makeTempDir({ prefix: "delve-versions-" });
  const db = ServerStore.open(join(dir, "delve.sqlite"));
  try {
    let minute = 0;
    await keepsWhileNamed(() =>
      Promise.resolve(
        new TableVersions(db, "delve.sqlite", {
          gameVersion: "test",
          now: () => new Date(NOW.getTime() + 60_000 * minute++),
        }),
      )
    );
    const content = await bundledContent();
    const sum = dataChecksum(content.rules);
    db.putDataVersion(sum, "x/", NOW.toISOString(), await gzip('{"format": "delve-data-version"}'));
    const table = new TableVersions(db, "delve.sqlite", { gameVersion: "test" });
    await rejects(() => table.read(sum), (e: Error) =>
      e instanceof VersionRefused &&
      e.message.startsWith(`delve.sqlite, data version ${sum}: not a kept version of the data at $.version`));
    // Kept again, the damaged row is replaced by the version in hand.
    await table.keep(content, []);
    equal(dataChecksum((await table.read(sum))!.content.rules), sum);
  } finally {
    db.close();
  }
});

Deno.test("a folder whose list of names is gone or damaged prunes nothing; a damaged version is replaced when kept", async () => {
  const { a, files } = await twoVersions();
  const dir = join(files, "data-versions");
  const store = new FolderVersions(dir, { gameVersion: "test", now: () => NOW });
  const save = join(files, "save.json.gz");
  await store.keep(a, [save]);
  const sum = dataChecksum(a.rules);
  await Deno.remove(join(dir, "names.json"));
  deepEqual(await store.prune(), [], "no list: nothing is known to be unnamed");
  await Deno.writeTextFile(join(dir, "names.json"), "{ damaged");
  deepEqual(await store.prune(), [], "a damaged list: the same");
  ok(await store.has(sum));
  await Deno.writeFile(join(dir, `${sum}.json.gz`), await gzip("{}"));
  const fresh = new FolderVersions(dir, { gameVersion: "test", now: () => NOW });
  await rejects(() => fresh.read(sum), VersionRefused);
  await fresh.keep(a, []);
  notEqual(await fresh.read(sum), undefined, "written again whole");
  throws(() => versionFromJson({}, 1, "x"), VersionRefused);
});
