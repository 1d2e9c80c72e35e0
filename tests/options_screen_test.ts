/**
 * The options screen (docs/options.md, The options screen): a rebinding
 * waits for the next key and applies at once; a key two commands share is
 * marked on the screen and saving waits until it is settled; `s` hands the
 * options to be written.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { GameSession } from "../src/app/mod.ts";
import { newGame, playerOf } from "../src/engine/mod.ts";
import { HeadlessTerminal } from "../src/terminal/mod.ts";
import {
  COMMAND_NAMES,
  HistoryScreen,
  type OptionsChoice,
  OptionsScreen,
  picksUp,
  pickupKinds,
} from "../src/ui/mod.ts";
import { InProcessRunner } from "../src/worker/mod.ts";
import { bundledContent, delveContent } from "./support/content.ts";
import { feed, screenText } from "./support/ui_harness.ts";
import { arena } from "./support/arena.ts";

const content = await bundledContent();

/** A game on a seed whose player has room to the east, with the options told to `saved`. */
function game(saved: { choice?: OptionsChoice; save?: boolean }[], rows = 24): GameSession {
  const state = newGame(content.rules, 11);
  const app = new GameSession(
    new HeadlessTerminal(80, rows),
    content,
    state,
    new InProcessRunner(content.rules),
    {
      colorDepth: "truecolor",
      choice: { preset: "default", bind: {}, walkDelayMs: 0 },
      onOptions: (choice, save) => {
        saved.push({ choice, save });
        return Promise.resolve(save ? "Saved to the test's file." : undefined);
      },
    },
  );
  app.render();
  return app;
}

/** Moves the options screen's choice to `name`'s row. */
async function toCommand(app: GameSession, name: string): Promise<void> {
  // Six settings (preset, palette, walk delay, message lines, explore and items, auto-pickup), then the commands.
  for (let k = 0; k < 6 + COMMAND_NAMES.indexOf(name); k++) await feed(app, "Down");
}

Deno.test("O opens the options; a command rebound there takes the next key, and the new key works at once", async () => {
  const told: { choice?: OptionsChoice; save?: boolean }[] = [];
  const app = game(told);
  await feed(app, "O");
  ok(app.top instanceof OptionsScreen);
  ok(screenText(app).join("\n").includes("┤Options├"), "the window");
  await toCommand(app, "wait");
  await feed(app, "Enter");
  ok(screenText(app).join("\n").includes("Press the key for wait"), "it waits for the key");
  await feed(app, "F5");
  deepEqual(told.at(-1), {
    choice: { preset: "default", bind: { wait: ["F5"] }, walkDelayMs: 0 },
    save: false,
  });
  ok(screenText(app).some((l) => /> wait\s+\* F5/.test(l)), screenText(app).join("\n"));
  await feed(app, "Escape");
  const turn = app.state.turn;
  await feed(app, "F5");
  equal(app.state.turn, turn + 1, "F5 waits a turn now");
  await feed(app, ".");
  equal(app.state.turn, turn + 1, "and . no longer does");
});

Deno.test("a key two commands share is marked ! and named; saving waits until it is settled, then hands the options on", async () => {
  const told: { choice?: OptionsChoice; save?: boolean }[] = [];
  const app = game(told, 50);
  await feed(app, "O");
  await toCommand(app, "look");
  await feed(app, "Enter", "x"); // explore's key
  let text = screenText(app).join("\n");
  ok(text.includes("x is also explore's (marked !)"), text);
  ok(/explore\s+! x/.test(text) && /look\s+! x/.test(text), text);
  await feed(app, "s");
  ok(screenText(app).join("\n").includes("Two commands share a key"), "not saved");
  equal(told.filter((t) => t.save).length, 0);
  await feed(app, "Delete"); // look back to its own key
  await feed(app, "s");
  deepEqual(told.at(-1), { choice: { preset: "default", bind: {}, walkDelayMs: 0 }, save: true });
  text = screenText(app).join("\n");
  ok(text.includes("Saved to the test's file."), text);
});

Deno.test("left and right change the preset and the walk delay; the player's own bindings stay over the preset", async () => {
  const told: { choice?: OptionsChoice; save?: boolean }[] = [];
  const app = game(told);
  await feed(app, "O", "Right", "Right");
  equal(told.at(-1)!.choice!.preset, "laptop");
  await feed(app, "Down", "Down", "Right", "Right", "Left");
  equal(told.at(-1)!.choice!.walkDelayMs, 5);
  await feed(app, "Escape");
  const p = playerOf(app.state), x = p.x;
  await feed(app, "d"); // laptop: d is east
  ok(p.x === x + 1 || app.state.log.at(-1)?.text === "That way is blocked.", "d steps east");
});

/** A game on an arena under the tutorial's rules with `choice`, at 80x50. */
function arenaGame(
  picture: string,
  things: Record<string, string>,
  choice: Partial<OptionsChoice>,
): GameSession {
  const state = arena(content.rules, picture, things);
  const app = new GameSession(
    new HeadlessTerminal(80, 50),
    content,
    state,
    new InProcessRunner(content.rules),
    {
      colorDepth: "truecolor",
      walkDelayMs: 0,
      choice: { preset: "default", bind: {}, walkDelayMs: 0, ...choice },
    },
  );
  app.render();
  return app;
}

Deno.test("auto-pickup: stepping onto an item of a kind the options name picks it up, a turn of its own; other kinds stay", async () => {
  const app = arenaGame("#######\n#.@!~.#\n#######", { "!": "health_potion", "~": "lightning_scroll" }, {
    autoPickup: ["health_potion"],
  });
  const p = playerOf(app.state);
  await feed(app, "l");
  deepEqual([p.inventory!.items.map((i) => i.template), app.state.turn], [["health_potion"], 2]);
  await feed(app, "l");
  deepEqual([p.inventory!.items.length, app.state.turn], [1, 3], "the scroll is left");
});

Deno.test("explore past items: with exploreStopsForItems false, explore does not stop on an item or go to it", async () => {
  // A corridor longer than the sight radius: there is more to explore past the potion.
  const picture = `${"#".repeat(22)}\n#@..!${".".repeat(16)}#\n${"#".repeat(22)}`;
  const stops = await Promise.all([true, false].map(async (stop) => {
    const app = arenaGame(picture, { "!": "health_potion" }, { exploreStopsForItems: stop });
    await feed(app, "x");
    return [playerOf(app.state).x, app.state.log.at(-1)?.text];
  }));
  deepEqual(stops[0], [4, "There is a Health Potion here."], "stopped on the potion");
  // Past it, until the corridor's end comes into sight and nothing is left.
  ok(Number(stops[1][0]) > 4 && stops[1][1] === "Nothing left to explore.", JSON.stringify(stops[1]));
});

Deno.test("message lines: the panel shows as many of the newest as the options say", async () => {
  const app = arenaGame("#####\n#@..#\n#####", {}, { logLines: 2 });
  for (let k = 0; k < 3; k++) await feed(app, "h", "g"); // "That way is blocked.", "There is nothing here…"
  const log = screenText(app).slice(45, 50).map((line) => line.slice(21).trim());
  deepEqual(log.filter((l) => l !== "").length, 2, log.join("\n"));
});

Deno.test("the auto-pickup row opens the data's item kinds; Enter ticks one, Esc goes back to the list", async () => {
  const told: { choice?: OptionsChoice; save?: boolean }[] = [];
  const app = game(told);
  await feed(app, "O", "Down", "Down", "Down", "Down", "Down", "Enter");
  let text = screenText(app).join("\n");
  ok(text.includes("> [ ] Health Potion"), text);
  await feed(app, "Enter");
  deepEqual(told.at(-1)!.choice!.autoPickup, ["health_potion"]);
  ok(screenText(app).join("\n").includes("> [x] Health Potion"));
  await feed(app, "Escape");
  text = screenText(app).join("\n");
  ok(text.includes("Auto-pickup: Health Potion"), text);
  ok(app.top instanceof OptionsScreen, "Esc left the list, not the screen");
});

Deno.test("a command of another screen rebound in the options works there at once, and its help and prompt say so", async () => {
  // A room with nothing in it, where nothing kills the player.
  const app = arenaGame("#####\n#.@.#\n#####", {}, {});
  await feed(app, "O");
  await toCommand(app, "scroll.line_up");
  await feed(app, "Enter", "w");
  ok(screenText(app).some((l) => /scroll\.line_up\s+\* w/.test(l)), screenText(app).join("\n"));
  await feed(app, "Escape");
  for (let k = 0; k < 100; k++) app.notices.add(app.state.log, `Line ${k} of a long history.`, "white");
  await feed(app, "v");
  equal(app.top.title, "Message history");
  const scroll = (app.top as HistoryScreen).scroll;
  const before = scroll.top;
  await feed(app, "w");
  equal(app.top.title, "Message history", "w did not close the history");
  ok(
    scroll.top === before - 1 || (before === 0 && scroll.top > 0),
    `w scrolls up a line: ${before} to ${scroll.top}`,
  );
  await feed(app, "?");
  ok(screenText(app).some((l) => /│ *w +scroll up a line/.test(l)), screenText(app).join("\n"));
});

Deno.test("a key two commands of one screen share, on any screen, is marked and blocks saving", async () => {
  const saved: { choice?: OptionsChoice; save?: boolean }[] = [];
  const app = game(saved);
  await feed(app, "O");
  await toCommand(app, "count.cancel");
  await feed(app, "Enter", "Backspace"); // Backspace is count.back's: one screen, two commands
  const text = screenText(app).join("\n");
  ok(/count\.cancel\s+! Backspace/.test(text) && /count\.back\s+! Backspace/.test(text), text);
  await feed(app, "s");
  ok(screenText(app).join("\n").includes("Two commands share a key"), "saving waits");
  equal(saved.filter((s) => s.save).length, 0);
  // The same key on two screens is no clash: Backspace for the game's wait.
  const other = game([]);
  await feed(other, "O");
  await toCommand(other, "wait");
  await feed(other, "Enter", "Backspace");
  ok(!/! Backspace/.test(screenText(other).join("\n")), "no mark");
});

Deno.test("the auto-pickup row names what is picked in the player's words, never by the data's ids", async () => {
  const delve = await delveContent();
  const choice: OptionsChoice = {
    preset: "default",
    bind: {},
    walkDelayMs: 25,
    autoPickup: ["lightning_wand", "potion", "amulet_of_the_deep", "health_potion", "elven_cloak"],
  };
  const row = new OptionsScreen(choice, pickupKinds(delve.rules)).lines().find((l) =>
    l.includes("Auto-pickup")
  );
  // health_potion is a kind of unknown potion in Delve's game: listed only as "every potion", it is another
  // data's id here, as is a cloak Delve has not.
  equal(
    row,
    "  Auto-pickup: every potion, Wand of Lightning, Amulet of the Deep, 2 from other data  (Enter)",
  );
});

Deno.test("auto-pickup takes a thing of an unknown kind by its kind alone: its template's id would tell it apart", async () => {
  const delve = await delveContent();
  const choice: OptionsChoice = {
    preset: "default",
    bind: {},
    walkDelayMs: 25,
    autoPickup: ["health_potion"],
  };
  equal(picksUp(choice, delve.rules, "health_potion"), false);
  equal(picksUp({ ...choice, autoPickup: ["potion"] }, delve.rules, "health_potion"), true);
  equal(picksUp(choice, content.rules, "health_potion"), true, "the tutorial's potions are known by name");
});
