import { deepEqual, equal, ok } from "node:assert/strict";
import type { GameSession } from "../src/app/mod.ts";
import { loadContent } from "../src/content/mod.ts";
import { displayText, inBlast, instantiate, message, playerOf, playPlayerAction } from "../src/engine/mod.ts";
import { type MouseEvent, mouseEvent } from "../src/terminal/mod.ts";
import { InventoryScreen, paletteColor, PlayScreen, type Screen, TargetScreen } from "../src/ui/mod.ts";
import { bundledContent, copyOfData } from "./support/content.ts";
import { feed, lastShown, screenText, startApp, type } from "./support/ui_harness.ts";

const { rules } = await bundledContent();
const top = (app: GameSession): Screen => app.top;
const lastLine = (app: GameSession) => {
  const e = lastShown(app);
  return [displayText(e), e.color];
};
const click = (x: number, y: number, button: MouseEvent["button"] = "left") =>
  mouseEvent("press", button, x, y);

function give(app: GameSession, ...templates: string[]): void {
  for (const t of templates) {
    playerOf(app.state).inventory!.items.push(instantiate(rules.templates[t], app.state.nextId++, 0, 0));
  }
}

/** An app whose monsters cannot reach the player: they are removed, one orc kept in view. */
function quietApp(columns = 80, rows = 50) {
  const app = startApp(columns, rows, 10);
  const p = playerOf(app.state);
  // An empty pack: these tests are about the items they give.
  p.inventory!.items = [];
  p.equipment = {};
  app.state.entities = app.state.entities.filter((e) => !e.ai);
  const spot = [[2, 0], [0, 2], [-2, 0], [0, -2]].map(([dx, dy]) => ({ x: p.x + dx, y: p.y + dy }))
    .find((c) => app.state.map.tiles[c.y * 80 + c.x] === 1 && app.state.map.visible[c.y * 80 + c.x])!;
  const orc = instantiate(rules.templates.orc, app.state.nextId++, spot.x, spot.y);
  orc.ai = undefined; // a dummy: it stands still
  app.state.entities.push(orc);
  app.render();
  return { app, orc };
}

Deno.test("i and d open the inventory windows: titled, 25/26 wide, away from the player, (Empty) or (a) lines", async () => {
  const { app } = quietApp();
  await feed(app, "i");
  const p = playerOf(app.state);
  const x = p.x <= 30 ? 40 : 0;
  let text = screenText(app);
  equal(text[0].slice(x, x + 25), "┌┤Select an item to use├┐");
  equal(text[1].slice(x, x + 25), "│(Empty)                │");
  await feed(app, "Escape");
  give(app, "health_potion", "confusion_scroll");
  await feed(app, "d");
  text = screenText(app);
  equal(text[0].slice(x, x + 26), "┌┤Select an item to drop├┐");
  equal(text[1].slice(x, x + 26), "│(a) Health Potion       │");
  equal(text[2].slice(x, x + 26), "│(b) Confusion Scroll    │");
  equal(text[3].slice(x, x + 26), "└────────────────────────┘");
});

Deno.test("the inventory window widens for a long (modded) name", async () => {
  const { app } = quietApp();
  give(app, "health_potion");
  playerOf(app.state).inventory!.items[0].name = "Potion of Remarkably Long Names";
  await feed(app, "i");
  ok(screenText(app)[1].includes("│(a) Potion of Remarkably Long Names│"));
});

Deno.test("a letter with no item: Invalid entry., the window stays; any other key closes, no turn", async () => {
  const { app } = quietApp();
  give(app, "health_potion");
  await feed(app, "i", "c");
  deepEqual(lastLine(app), ["Invalid entry.", "invalid"]);
  ok(top(app) instanceof InventoryScreen);
  await feed(app, "Escape");
  ok(top(app) instanceof PlayScreen);
  equal(app.state.turn, 0);
});

Deno.test("an impossible use keeps the window open; a possible one closes it after the turn", async () => {
  const { app } = quietApp();
  give(app, "health_potion");
  await feed(app, "i", "a");
  deepEqual(lastLine(app), ["Your health is already full.", "impossible"]);
  ok(top(app) instanceof InventoryScreen);
  playerOf(app.state).fighter!.hp = 20;
  await feed(app, "a");
  deepEqual(lastLine(app), ["You consume the Health Potion, and recover 4 HP!", "health_recovered"]);
  ok(top(app) instanceof PlayScreen);
  equal(app.state.turn, 1);
});

Deno.test("g picks up, d drops: each a turn", async () => {
  const { app } = quietApp();
  const p = playerOf(app.state);
  app.state.entities.push(instantiate(rules.templates.health_potion, app.state.nextId++, p.x, p.y));
  await feed(app, "g");
  deepEqual(lastLine(app), ["You picked up the Health Potion!", "white"]);
  await feed(app, "d", "a");
  deepEqual(lastLine(app), ["You dropped the Health Potion.", "white"]);
  deepEqual([app.state.turn, top(app) instanceof PlayScreen], [2, true]);
});

Deno.test("confusion scroll: targeting replaces the window, Esc uses nothing, refusals keep aiming, keys aim", async () => {
  const { app, orc } = quietApp();
  give(app, "confusion_scroll");
  await feed(app, "i", "a");
  ok(top(app) instanceof TargetScreen);
  equal(app.stack.length, 2, "the inventory window was replaced");
  // The prompt is in the prompt line (the log's bottom row), in its colour, and never in the log.
  const row = screenText(app)[49];
  ok(row.slice(21).startsWith("Select a target location."), row);
  equal(app.screen.fg[49 * 80 + 21], paletteColor(app.ui.theme, "needs_target"));
  ok(!app.state.log.some((e) => e.text === "Select a target location."), "not in the log");
  await feed(app, "Escape");
  ok(!screenText(app).join("\n").includes("Select a target location."), "gone with the aiming");
  deepEqual([top(app) instanceof PlayScreen, app.state.turn, playerOf(app.state).inventory!.items.length], [
    true,
    0,
    1,
  ]);
  await feed(app, "i", "a", "Enter");
  deepEqual(lastLine(app), ["You cannot confuse yourself!", "impossible"]);
  ok(top(app) instanceof TargetScreen, "still aiming");
  const p = playerOf(app.state);
  const dx = Math.sign(orc.x - p.x), dy = Math.sign(orc.y - p.y);
  const arrow = dx > 0 ? "\x1b[C" : dx < 0 ? "\x1b[D" : dy > 0 ? "\x1b[B" : "\x1b[A";
  await type(app, arrow + arrow + "\r");
  deepEqual(lastLine(app), [
    "The eyes of the Orc look vacant, as it starts to stumble around!",
    "status_effect_applied",
  ]);
  deepEqual([top(app) instanceof PlayScreen, app.state.turn, playerOf(app.state).inventory!.items.length], [
    true,
    1,
    0,
  ]);
});

Deno.test("targeting by mouse: a left click on the map uses the item there; a click off the map cancels", async () => {
  const { app, orc } = quietApp();
  give(app, "confusion_scroll", "confusion_scroll");
  await feed(app, "i", "a", click(5, 48));
  deepEqual([top(app) instanceof PlayScreen, app.state.turn], [true, 0], "cancelled, nothing used");
  await feed(app, "i", "a", click(orc.x, orc.y));
  deepEqual(lastLine(app), [
    "The eyes of the Orc look vacant, as it starts to stumble around!",
    "status_effect_applied",
  ]);
  equal(playerOf(app.state).inventory!.items.length, 1);
});

Deno.test("the fireball preview tints exactly the cells the blast reaches", async () => {
  const { app } = quietApp();
  give(app, "fireball_scroll");
  await feed(app, "i", "a");
  const p = playerOf(app.state);
  const before = startApp(80, 50, 10).screen;
  const { map } = app.state;
  for (let y = p.y - 4; y <= p.y + 4; y++) {
    for (let x = p.x - 4; x <= p.x + 4; x++) {
      if (x === p.x && y === p.y) continue;
      if (!map.explored[y * 80 + x]) continue;
      const tinted = app.screen.bg[y * 80 + x] !== before.bg[y * 80 + x];
      equal(tinted, inBlast(p, 3, { x, y }), `cell ${x - p.x},${y - p.y}`);
    }
  }
  await feed(app, "Escape");
});

Deno.test("a fireball aimed where its blast would reach the player asks first: y uses it, any other key aims again", async () => {
  const { app } = quietApp();
  give(app, "fireball_scroll", "fireball_scroll");
  const p = playerOf(app.state), hp = p.fighter!.hp, logged = app.state.log.length;
  const asked = message(rules, "blast_reaches_you")!.text;
  const promptLine = () => screenText(app)[49].slice(21);
  // On the player: it asks, in the prompt line, and nothing is used yet.
  await feed(app, "i", "a", "Enter");
  ok(promptLine().startsWith(asked), promptLine());
  deepEqual([top(app) instanceof TargetScreen, app.state.turn, p.inventory!.items.length], [true, 0, 2]);
  // Any other key: back to aiming, nothing used, nothing logged.
  await feed(app, "n");
  ok(promptLine().startsWith("Select a target location."), promptLine());
  deepEqual([top(app) instanceof TargetScreen, app.state.turn, p.inventory!.items.length], [true, 0, 2]);
  equal(app.state.log.length, logged, "the question is never in the log");
  // Asked again, y uses it.
  await feed(app, "Enter", "y");
  deepEqual([top(app) instanceof PlayScreen, app.state.turn, p.inventory!.items.length], [true, 1, 1]);
  ok(p.fighter!.hp < hp, "the blast reached the player");
  // Aimed where the blast cannot reach the player, it asks nothing.
  const { map } = app.state;
  const cells = [...map.visible.keys()].map((i) => ({ x: i % 80, y: Math.floor(i / 80) }));
  const far = cells.find((c) =>
    map.visible[c.y * 80 + c.x] && map.tiles[c.y * 80 + c.x] === 1 && !inBlast(c, 3, p) &&
    !app.state.entities.some((e) => e.x === c.x && e.y === c.y)
  );
  ok(far, "a visible floor cell out of the blast's reach");
  app.state.entities.push(instantiate(rules.templates.orc, app.state.nextId++, far.x, far.y));
  const across = Array(Math.abs(far.x - p.x)).fill(far.x > p.x ? "l" : "h");
  const down = Array(Math.abs(far.y - p.y)).fill(far.y > p.y ? "j" : "k");
  await feed(app, "i", "a", ...across, ...down, "Enter");
  deepEqual([top(app) instanceof PlayScreen, app.state.turn, p.inventory!.items.length], [true, 2, 0]);
  ok(app.state.log.some((e) => e.text.startsWith("The Orc is engulfed")), "used at once");
});

Deno.test("a scroll made in JSON only spawns where its table says and works", async () => {
  const dir = await copyOfData("delve-frost-");
  const entities = JSON.parse(await Deno.readTextFile(`${dir}/entities.json`));
  entities.frost_scroll = {
    name: "Frost Scroll",
    glyph: "~",
    color: "#9FD8FF",
    item: { effect: { type: "damage_area", amount: 5, radius: 1 } },
  };
  await Deno.writeTextFile(`${dir}/entities.json`, JSON.stringify(entities));
  const spawn = JSON.parse(await Deno.readTextFile(`${dir}/spawn_tables.json`));
  spawn.items[0].weights.frost_scroll = 1000;
  await Deno.writeTextFile(`${dir}/spawn_tables.json`, JSON.stringify(spawn));
  const modded = (await loadContent(new URL(`file://${dir}/`), "mod/")).rules;
  const { newGame } = await import("../src/engine/mod.ts");
  const game = newGame(modded, 2);
  ok(game.entities.some((e) => e.template === "frost_scroll"), "it spawns on floor 1");
  const p = playerOf(game);
  const orc = instantiate(modded.templates.orc, game.nextId++, p.x + 1, p.y);
  game.entities.push(orc);
  p.inventory!.items.push(instantiate(modded.templates.frost_scroll, game.nextId++, 0, 0));
  const slot = p.inventory!.items.length - 1;
  ok(playPlayerAction(game, modded, { type: "use", item: slot, target: { x: p.x + 1, y: p.y } }));
  deepEqual([orc.fighter!.hp, p.fighter!.hp], [5, 25], "the orc and the player beside it both took 5");
  ok(game.log.some((e) => e.text === "The Orc is engulfed in a fiery explosion, taking 5 damage!"));
});
