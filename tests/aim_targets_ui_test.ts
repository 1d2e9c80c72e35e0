/**
 * The aim cursor of Delve's own game (docs/rules.md, Look and aim cursor), played through the headless terminal:
 * it starts on the nearest monster in view, Tab and Shift+Tab step through them, and the fire key aims the last
 * item at the last target again, so firing again is two keys. The tutorials' cursor still starts on the player.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import type { GameSession } from "../src/app/mod.ts";
import type { Content } from "../src/content/mod.ts";
import { attackersWhoHurt, instantiate, playerOf, type Point } from "../src/engine/mod.ts";
import { PlayScreen, screenCellOf, TargetScreen } from "../src/ui/mod.ts";
import { arenaStill } from "./support/arena.ts";
import { bundledContent, delveContent } from "./support/content.ts";
import { feed, screenText, sessionOn, type } from "./support/ui_harness.ts";

const tutorial = await bundledContent();

/** A room with the player, an orc two steps east and a troll four steps west, and three daggers in the pack (a stack or three, as the rules say). */
function aimingApp(content: Content): GameSession {
  const state = arenaStill(
    content.rules,
    `
    ###############
    #.............#
    #..T...@.o....#
    #.............#
    ###############`,
    { o: "orc", T: "troll" },
  );
  const player = playerOf(state);
  player.inventory!.items = [0, 1, 2].map(() =>
    instantiate(content.rules.templates.dagger, state.nextId++, 0, 0)
  );
  return sessionOn(content, state);
}

const at = (app: GameSession, name: string): Point => {
  const e = app.state.entities.find((x) => x.name === name)!;
  return { x: e.x, y: e.y };
};
const daggers = (app: GameSession) =>
  playerOf(app.state).inventory!.items.reduce((n, e) => n + (e.name === "Dagger" ? e.count ?? 1 : 0), 0);
/** Whether the game is back to the map, the turn, and the daggers left. */
const afterThrow = (app: GameSession) => [app.top instanceof PlayScreen, app.state.turn, daggers(app)];

Deno.test("aiming starts on the nearest monster in view; Tab and Shift+Tab step through them by distance", async () => {
  const app = aimingApp({ ...tutorial, game: { ...tutorial.game, aimStart: "targets" } });
  await type(app, "ta");
  ok(app.top instanceof TargetScreen);
  deepEqual(app.ui.pointer, at(app, "Orc"), "the nearest first");
  await type(app, "\t");
  deepEqual(app.ui.pointer, at(app, "Troll"), "Tab: the next by distance");
  await type(app, "\t");
  deepEqual(app.ui.pointer, at(app, "Orc"), "round again");
  await type(app, "\x1b[Z");
  deepEqual(app.ui.pointer, at(app, "Troll"), "Shift+Tab: the one before");
  await type(app, "\r");
  deepEqual(afterThrow(app), [true, 1, 2], "thrown at the troll");
});

Deno.test("the fire key aims the last item at the last target, though another is nearer: f f throws again", async () => {
  const app = aimingApp({ ...tutorial, game: { ...tutorial.game, aimStart: "targets" } });
  await type(app, "ta\t\r");
  equal(app.state.turn, 1);
  await type(app, "f");
  ok(app.top instanceof TargetScreen);
  deepEqual(app.ui.pointer, at(app, "Troll"), "the last target, not the nearest");
  await type(app, "f");
  deepEqual(afterThrow(app), [true, 2, 1], "two keys, one more throw");
  ok(app.state.log.filter((e) => e.text.includes("Troll")).length >= 2, "both at the troll");
});

Deno.test("the fire key with nothing aimed yet opens the throwing window", async () => {
  const app = aimingApp({ ...tutorial, game: { ...tutorial.game, aimStart: "targets" } });
  await type(app, "f");
  ok(!(app.top instanceof TargetScreen) && !(app.top instanceof PlayScreen), "a window to choose the item");
});

Deno.test("the tutorials' aim still starts on the player, and Tab cancels it as any other key", async () => {
  const app = aimingApp(tutorial);
  await type(app, "ta");
  deepEqual(app.ui.pointer, { x: playerOf(app.state).x, y: playerOf(app.state).y });
  await type(app, "\t");
  deepEqual(afterThrow(app), [true, 0, 3]);
  await type(app, "f");
  ok(app.top instanceof PlayScreen, "no fire key");
});

/** The names line under the map, as text. */
const panel = (app: GameSession) => screenText(app)[app.ui.layout.names.y];

for (const [name, delve] of [["Delve's own game", true], ["the tutorials", false]] as const) {
  Deno.test(`${name}: the names line ${delve ? "forgets" : "keeps naming"} the cell of a look cursor that has closed`, async () => {
    const content = delve
      ? { ...tutorial, game: { ...tutorial.game, aimStart: "targets" as const } }
      : tutorial;
    const app = aimingApp(content);
    await type(app, "/ll");
    ok(panel(app).includes("Orc"), panel(app));
    await feed(app, "Escape");
    ok(app.top instanceof PlayScreen);
    equal(panel(app).includes("Orc"), !delve, panel(app));
  });
}

Deno.test("Delve's aim order: who hurt you last turn, then archers, then the nearest, a rooted fungus last", async () => {
  const delve = await delveContent();
  const state = arenaStill(
    delve.rules,
    `
    ###############
    #.............#
    #.....F@.o...a#
    #.............#
    ###############`,
    { F: "shrieker", o: "orc", a: "goblin_archer" },
  );
  playerOf(state).inventory!.items = [instantiate(delve.rules.templates.dart, state.nextId++, 0, 0)];
  const app = sessionOn(delve, state);
  deepEqual(delve.game.aimOrder, ["hurtYou", "shoots", "reaches"]);
  await type(app, "ta");
  deepEqual(app.ui.pointer, at(app, "Goblin Archer"), "the archer first, though farthest");
  await type(app, "\t");
  deepEqual(app.ui.pointer, at(app, "Orc"), "then the orc");
  await type(app, "\t");
  deepEqual(app.ui.pointer, at(app, "Violet Fungus"), "the fungus beside the player last");
  await feed(app, "Escape");
  // The orc hurt the player in the turn just played: it comes first.
  const orc = app.state.entities.find((e) => e.name === "Orc")!;
  app.ui.hurtBy = attackersWhoHurt([
    { type: "attacked", attackerId: orc.id, attacker: "Orc", targetId: 0, target: "Player", damage: 3 },
  ], app.state.playerId);
  await type(app, "ta");
  deepEqual(app.ui.pointer, at(app, "Orc"), "who hurt you last turn first");
});

Deno.test("Delve's aim draws a throw's line of fire and tells a wall in it before the throw", async () => {
  const delve = await delveContent();
  const state = arenaStill(
    delve.rules,
    "##########\n#........#\n#.#......#\n#..@.....#\n#........#\n##########",
  );
  playerOf(state).inventory!.items = [instantiate(delve.rules.templates.dart, state.nextId++, 0, 0)];
  const app = sessionOn(delve, state);
  await type(app, "ta");
  ok(app.top instanceof TargetScreen);
  // Cursor from the player (3,3) up-left past the pillar at (2,2) to (2,1).
  await type(app, "kkh");
  deepEqual(app.ui.pointer, { x: 2, y: 1 });
  equal(app.ui.prompt, "throw_blocked");
  ok(
    screenText(app).some((line) => line.includes("A wall is in the way of that throw.")),
    screenText(app).join("\n"),
  );
  const pillar = screenCellOf(app.ui, { x: 2, y: 2 })!;
  equal(app.screen.bg[pillar.y * 80 + pillar.x] !== 0, true, "the wall in the line is tinted");
  await type(app, "\r");
  deepEqual([app.state.turn, app.top instanceof TargetScreen], [0, true], "refused: no turn, still aiming");
  await type(app, "l");
  equal(app.ui.prompt, "select_target", "a clear line asks as ever");
});
