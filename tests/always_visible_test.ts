/**
 * "Stays drawn once seen" (docs/rules.md, Colours): a template's
 * `alwaysVisible` keeps an item drawn on explored cells out of sight, as the
 * RogueBasin tutorial draws its items and stairs and Delve's own game its
 * items; the other rule sets draw things only in view.
 */
import { deepEqual } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { instantiate, Tile } from "../src/engine/mod.ts";
import { startApp } from "./support/ui_harness.ts";
import { modProblems } from "./support/mod_problems.ts";

const ruleset = (name: string) =>
  name === "delve"
    ? loadContent(new URL("../data/", import.meta.url), "data/")
    : loadContent(new URL(`../data/rulesets/${name}/`, import.meta.url), `${name}/`);

/** The glyph and colour drawn at a map cell (the map view starts at the screen's corner). */
function drawnAt(app: ReturnType<typeof startApp>, x: number, y: number): [string, number] {
  const i = y * app.screen.width + x;
  return [app.screen.rowText(y)[x], app.screen.fg[i]];
}

Deno.test("RogueBasin and Delve's own game draw items on explored cells out of sight, in their own colours; TCOD does not", async () => {
  for (const [name, kept] of [["roguebasin", true], ["delve", true], ["tcod", false]] as const) {
    const content = await ruleset(name);
    const app = startApp(80, 50, 7, "truecolor", content);
    const { map } = app.state;
    // A floor cell remembered but out of sight, with a potion on it.
    const cell = [...map.tiles.keys()].find((i) => map.tiles[i] === Tile.Floor && map.visible[i] === 0)!;
    const [x, y] = [cell % map.width, Math.floor(cell / map.width)];
    map.explored[cell] = 1;
    const potion = instantiate(content.rules.templates.health_potion, app.state.nextId++, x, y);
    app.state.entities.push(potion);
    const stairs = map.stairs.y * map.width + map.stairs.x;
    map.explored[stairs] = 1;
    map.visible[stairs] = 0;
    app.render();
    deepEqual(drawnAt(app, x, y)[0] === potion.glyph, kept, `${name}: the potion`);
    if (kept) deepEqual(drawnAt(app, x, y)[1], potion.color);
    if (name === "roguebasin") {
      deepEqual(drawnAt(app, map.stairs.x, map.stairs.y), ["<", 0xffffff], "the stairs, white out of sight");
    }
  }
});

Deno.test("alwaysVisible on a monster is refused: it would be seen through walls", async () => {
  const problems = await modProblems(new URL("../data/rulesets/roguebasin/", import.meta.url), (files) => {
    files.entities.orc.alwaysVisible = true;
  });
  deepEqual(problems, [
    "mod/entities.json: $.orc.alwaysVisible: expected only on an item or a thing to wear, found true",
  ]);
});
