/**
 * The seed catalogue (tools/seed_catalogue.ts): the first floors of a few
 * fixed seeds of Delve's own data, kept as text in tests/fixtures, so that
 * a change of generation shows as a diff to review.
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { BUNDLED_DATA_DIR, userDir } from "../src/store/mod.ts";
import { type Content, loadContent } from "../src/content/mod.ts";
import {
  ACCEPT_HINT,
  CATALOGUE_DIR,
  CATALOGUE_FLOORS,
  CATALOGUE_SEEDS,
  catalogueCommand,
  catalogueDifferences,
  catalogueFile,
  readCatalogue,
  seedCatalogue,
} from "../tools/seed_catalogue.ts";
import { captureConsole } from "./support/console_capture.ts";

const content = await loadContent(BUNDLED_DATA_DIR, "data/");

/** `content` with the first monster of the first spawn step three times as likely (and one more). */
function reweighed(content: Content): Content {
  const [first, ...rest] = content.rules.spawn.monsters;
  const [id, weight] = Object.entries(first.weights)[0];
  const monsters = [{ ...first, weights: { ...first.weights, [id]: weight * 3 + 1 } }, ...rest];
  return { ...content, rules: { ...content.rules, spawn: { ...content.rules.spawn, monsters } } };
}

Deno.test("the seed catalogue in tests/fixtures is what Delve's data generates today", async () => {
  const problems = catalogueDifferences(await readCatalogue(CATALOGUE_DIR), seedCatalogue(content, "data/"));
  deepEqual(problems, [], [...problems, ACCEPT_HINT].join("\n"));
});

Deno.test("the catalogue keeps the first floors of each of its seeds, whole maps with what stands on them", () => {
  const floors = seedCatalogue(content, "data/");
  deepEqual(
    floors.map((f) => f.file),
    CATALOGUE_SEEDS.flatMap((seed) =>
      Array.from({ length: CATALOGUE_FLOORS }, (_, k) => catalogueFile(seed, k + 1))
    ),
  );
  const { width, height } = content.rules.dungeon;
  for (const { file, text } of floors) {
    const lines = text.split("\n");
    equal(
      lines.slice(2, 2 + height).filter((l) => l.length === width).length,
      height,
      `${file}: the whole map`,
    );
    match(text, /^stairs down: \d+,\d+; up: \d+,\d+; player: \d+,\d+$/m, file);
    match(text, /^monsters \(\d+\):$/m, file);
    match(text, /^items \(\d+\):$/m, file);
  }
  // Floors after the first are made too, not copies of it.
  const map = (text: string) => text.split("\n").slice(2, 2 + height).join("\n");
  ok(map(floors[1].text) !== map(floors[0].text) && map(floors[2].text) !== map(floors[1].text));
});

Deno.test("a changed spawn weight shows as a difference naming the seed, the floor and the first lines that differ", async () => {
  const written = await readCatalogue(CATALOGUE_DIR);
  const problems = catalogueDifferences(written, seedCatalogue(reweighed(content), "data/"));
  ok(problems.length > 0, "some floor changed");
  for (const problem of problems) {
    const [head, first, ...lines] = problem.split("\n");
    match(head, /^seed \d+, floor \d+ \(seed_\d+_floor_\d+\.txt\): differs from what generation makes now$/);
    match(first, /^ {2}first at line \d+:$/);
    ok(lines.length >= 2 && lines.length <= 12, problem);
    ok(lines.every((l) => /^ {4}line \d+ (written|made): {1,4}(".*"|\(none\))$/.test(l)), problem);
  }
});

Deno.test("a floor without its file and a file for a floor no longer made are both named", () => {
  const floors = seedCatalogue(content, "data/", [7], 1);
  deepEqual(catalogueDifferences(new Map([["seed_8_floor_1.txt", "x"]]), floors), [
    "seed 7, floor 1 (seed_7_floor_1.txt): no file written",
    "seed_8_floor_1.txt: a floor the catalogue no longer makes",
  ]);
});

Deno.test("deno task catalogue writes the files, --check says they are up to date, then names a floor edited by hand", async () => {
  const dir = await Deno.makeTempDir({ prefix: "delve-catalogue-" });
  try {
    await Deno.writeTextFile(`${dir}/seed_999_floor_1.txt`, "a seed no longer kept\n");
    const wrote = await captureConsole(() => catalogueCommand(["--out", dir]));
    deepEqual([wrote.result, wrote.err], [0, []]);
    const names = [...(await readCatalogue(userDir(dir))).keys()].sort();
    deepEqual(names, [...(await readCatalogue(CATALOGUE_DIR)).keys()].sort(), "the stale file removed");
    const clean = await captureConsole(() => catalogueCommand(["--check", "--out", dir]));
    deepEqual([clean.result, clean.err], [0, []]);
    const file = `${dir}/${catalogueFile(CATALOGUE_SEEDS[0], 2)}`;
    await Deno.writeTextFile(file, (await Deno.readTextFile(file)).replace("monsters (", "beasts ("));
    const stale = await captureConsole(() => catalogueCommand(["--check", "--out", dir]));
    equal(stale.result, 1);
    const said = stale.err.join("\n");
    ok(said.startsWith(`seed ${CATALOGUE_SEEDS[0]}, floor 2 (`), said);
    ok(said.includes('written: "beasts (') && said.endsWith(ACCEPT_HINT), said);
    ok((await Deno.readTextFile(file)).includes("beasts ("), "--check wrote nothing");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("deno task catalogue refuses a bad flag in one line with exit 2, and a catalogue file that is not a file", async () => {
  const bad = await captureConsole(() => catalogueCommand(["--bogus"]));
  equal(bad.result, 2);
  equal(bad.err.join("\n").split("\n")[0], "delve catalogue: unknown flag --bogus");
  const dir = await Deno.makeTempDir({ prefix: "delve-catalogue-" });
  try {
    await Deno.mkdir(`${dir}/${catalogueFile(1, 1)}`);
    const refused = await captureConsole(() => catalogueCommand(["--check", "--out", dir]));
    equal(refused.result, 1);
    deepEqual(refused.err, [
      `delve catalogue: ${fileURLToPath(userDir(dir))}${
        catalogueFile(1, 1)
      }: expected a file, found a folder`,
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
