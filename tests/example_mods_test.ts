import { equal, ok } from "node:assert/strict";
import { type Content, loadContent } from "../src/content/mod.ts";
import { simulate } from "../src/commands/mod.ts";
import config from "../deno.json" with { type: "json" };

const ROOT = new URL("..", import.meta.url);

/** Delve's data with the example mods `names` laid over it, in order. */
function withMods(...names: string[]): Promise<Content> {
  return loadContent(new URL("data/", ROOT), "data/", {
    mods: names.map((name) => ({ dir: new URL(`mods/${name}/`, ROOT), label: `mods/${name}/` })),
    delveVersion: config.version,
  });
}

Deno.test("every example mod loads over Delve's data, and the bot plays a game with it", async () => {
  const names = [...Deno.readDirSync(new URL("mods/", ROOT))].filter((e) => e.isDirectory).map((e) => e.name);
  ok(names.length >= 4, names.join());
  for (const name of names.sort()) {
    const content = await withMods(name);
    equal(content.mods?.[0].name, name);
    const result = simulate(content, 7, 3000);
    ok(result.turns > 0, `${name}: played`);
  }
});

Deno.test("the example mods do what their manifests say", async () => {
  const bear = (await withMods("cave_bear")).rules;
  equal(bear.templates.cave_bear.fighter?.hp, 24);
  ok(bear.spawn.monsters.find((s) => s.floor === 2)?.weights.cave_bear, "on floor 2");
  const quiet = (await withMods("quiet_third")).rules;
  const third = quiet.spawn.monsters.find((s) => s.floor === 3)!.weights;
  ok(!("shrieker" in third) && !("goblin_archer" in third), "floor 3 without them");
  const fury = (await withMods("ring_of_fury")).rules.templates.fury_ring;
  equal(fury.equippable?.power, 3);
  equal(fury.unknown, "ring", "unknown as the ring it was copied from");
});

Deno.test("two example mods together: cave bears and orc veterans in one game's data", async () => {
  const both = await withMods("cave_bear", "orc_veterans");
  ok(both.rules.templates.cave_bear && both.rules.templates.orc_veteran);
  equal(both.label, "data/ with cave_bear, orc_veterans");
  ok(simulate(both, 3, 3000).turns > 0);
});
