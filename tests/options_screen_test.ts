/**
 * The options screen (docs/options.md, The options screen): a rebinding
 * waits for the next key and applies at once; a key two commands share is
 * marked on the screen and saving waits until it is settled; `s` hands the
 * options to be written.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { GameSession } from "../src/app/game_session.ts";
import { newGame, playerOf } from "../src/engine/state.ts";
import { HeadlessTerminal } from "../src/terminal/headless_terminal.ts";
import { type OptionsChoice, OptionsScreen } from "../src/ui/options_screen.ts";
import { COMMAND_NAMES } from "../src/ui/key_presets.ts";
import { InProcessRunner } from "../src/worker/mod.ts";
import { bundledContent } from "./support/content.ts";
import { feed, screenText } from "./support/ui_harness.ts";

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
  for (let k = 0; k < 2 + COMMAND_NAMES.indexOf(name); k++) await feed(app, "Down");
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
  await feed(app, "Down", "Right", "Right", "Left");
  equal(told.at(-1)!.choice!.walkDelayMs, 5);
  await feed(app, "Escape");
  const p = playerOf(app.state), x = p.x;
  await feed(app, "d"); // laptop: d is east
  ok(p.x === x + 1 || app.state.log.at(-1)?.text === "That way is blocked.", "d steps east");
});
