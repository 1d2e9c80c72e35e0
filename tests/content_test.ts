import { deepEqual, equal, rejects } from "node:assert/strict";
import { loadContent } from "../src/content/load_content.ts";
import { ContentError } from "../src/content/problems.ts";
import { DATA_DIR } from "./support/content.ts";

/** A copy of the bundled data with `edit` applied to each file's JSON (or text). */
async function modded(
  edits: Record<string, (json: Record<string, unknown>) => unknown>,
  rawText: Record<string, string> = {},
): Promise<URL> {
  const dir = await Deno.makeTempDir({ prefix: "delve-data-" });
  for (const name of ["game.json", "entities.json"]) {
    const json = JSON.parse(await Deno.readTextFile(new URL(name, DATA_DIR)));
    const text = rawText[name] ?? JSON.stringify(edits[name] ? edits[name](json) : json, null, 2);
    await Deno.writeTextFile(`${dir}/${name}`, text);
  }
  return new URL(`file://${dir}/`);
}

async function problemsOf(dir: URL): Promise<readonly string[]> {
  try {
    await loadContent(dir, "mod/");
  } catch (e) {
    if (e instanceof ContentError) return e.problems;
    throw e;
  }
  return [];
}

Deno.test("the bundled data loads into the SPEC numbers", async () => {
  const { rules } = await loadContent(DATA_DIR, "data/");
  equal(rules.sightRadius, 8);
  deepEqual(rules.player, { name: "Player", glyph: "@", color: 0xffffff });
  deepEqual(rules.messages.blocked, { text: "That way is blocked.", color: "impossible" });
});

Deno.test("every problem in every file is reported at once, one line each, with file and JSON path", async () => {
  const dir = await modded({
    "game.json": (g) => {
      const map = g.map as Record<string, unknown>;
      map.width = -3;
      map.widht = 80;
      delete map.maxRooms;
      (g.tiles as Record<string, Record<string, Record<string, string>>>).wall.light.bg = "brown";
      return g;
    },
    "entities.json": (e) => ({ ...e, player: { ...(e.player as object), glyph: "@@" } }),
  });
  deepEqual(await problemsOf(dir), [
    "mod/game.json: $.map.width: expected a positive integer, found -3",
    "mod/game.json: $.map.maxRooms: expected number, found nothing",
    "mod/game.json: $.map.widht: unexpected key",
    'mod/game.json: $.tiles.wall.light.bg: expected a colour like "#RRGGBB", found "brown"',
    'mod/entities.json: $.player.glyph: expected one single-width character, found "@@"',
  ]);
});

Deno.test("invalid JSON is reported with its line and column", async () => {
  const dir = await modded({}, { "game.json": '{\n  "map": {\n    "width" 80\n  }\n}' });
  deepEqual(await problemsOf(dir), [
    "mod/game.json: invalid JSON at line 3, column 13: Expected ':' after property name",
  ]);
});

Deno.test("cross-file checks: room sizes, message colours named in the palette", async () => {
  const dir = await modded({
    "game.json": (g) => {
      Object.assign(g.map as object, { roomMinSize: 12, roomMaxSize: 8, height: 10 });
      (g.messages as Record<string, Record<string, string>>).blocked.color = "mauve";
      return g;
    },
  });
  deepEqual(await problemsOf(dir), [
    "mod/game.json: $.map.roomMaxSize: expected at least roomMinSize (12), found 8",
    "mod/game.json: $.map.roomMinSize: expected a room that fits the 80x10 map, found 12",
    'mod/game.json: $.messages.blocked.color: expected a colour named in $.palette, found "mauve"',
  ]);
});

Deno.test("a missing file is named", async () => {
  const dir = await modded({});
  await Deno.remove(new URL("entities.json", dir));
  deepEqual(await problemsOf(dir), ["mod/entities.json: cannot read: file not found"]);
  await rejects(loadContent(dir, "mod/"), ContentError);
});
