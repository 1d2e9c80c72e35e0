/**
 * The options file in the real program (docs/options.md): a key bound in
 * it moves the player and the table's key no longer does; a broken entry is
 * named on the title and in the game's log, and the game plays on with the rest.
 */
import { equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { isWalkable, newGame, playerOf } from "../src/engine/mod.ts";
import { assertRestored, optionsFile, quit, startGame } from "./support/e2e_game.ts";
import { TmuxPane } from "./support/tmux.ts";

const { rules } = await loadContent(new URL("../data/rulesets/tcod/", import.meta.url), "tcod/");

/** A seed whose player starts with a free floor cell to the east. */
function seedWithRoomEast(): number {
  for (let seed = 500;; seed++) {
    const state = newGame(rules, seed), p = playerOf(state);
    const taken = state.entities.some((e) => e.x === p.x + 1 && e.y === p.y && e.blocksMovement);
    if (isWalkable(state.map, p.x + 1, p.y) && !taken) return seed;
  }
}

const at = (screen: string, x: number, y: number) => [...(screen.split("\n")[y] ?? "")][x];

for (const rows of [24, 50]) {
  Deno.test(`e2e 80x${rows}: a key the options file binds moves the player, and the table's key it replaced does not`, async () => {
    await using pane = await TmuxPane.open(80, rows);
    await Deno.mkdir(`${pane.dir}/config/delve`, { recursive: true });
    await Deno.writeTextFile(optionsFile(pane), JSON.stringify({ keys: { bind: { "move.east": ["w"] } } }));
    let screen = await startGame(pane, seedWithRoomEast());
    const row = screen.split("\n").findIndex((line) => line.includes("@"));
    const column = [...screen.split("\n")[row]].indexOf("@");
    await pane.keys("l"); // no longer east
    await pane.keys("?");
    screen = await pane.waitFor((s) => s.includes("┤Keys: Dungeon├"), "the help");
    ok(/\bw\s+move east/.test(screen), `the help lists w for east:\n${screen}`);
    await pane.keys("Escape");
    await pane.waitFor((s) => !s.includes("Keys: Dungeon"), "the game again");
    ok(at(await pane.screen(), column, row) === "@", "l did not move the player");
    await pane.keys("w");
    await pane.waitFor((s) => at(s, column + 1, row) === "@", "the player one step east");
    await quit(pane);
    await assertRestored(pane, 0);
  });
}

Deno.test("e2e 80x24: a broken options entry is named on the title and in the game's log, and the game plays on", async () => {
  await using pane = await TmuxPane.open(80, 24);
  await Deno.mkdir(`${pane.dir}/config/delve`, { recursive: true });
  await Deno.writeTextFile(optionsFile(pane), JSON.stringify({ keys: { preset: "emacs" }, walkDelayMs: 0 }));
  const title = await startGame(pane, 7, undefined, false);
  // The popup's and the log's text alone: no borders, no title shading, lines joined.
  const words = (s: string) => s.replace(/[│┌┐└┘─░\s]+/g, " ");
  ok(words(title).includes("The options file has problems"), title);
  ok(
    words(title).includes(
      '$.keys.preset: expected one of "default", "vi", "laptop", "numpad", found "emacs"',
    ),
    title,
  );
  await pane.keys("Space"); // dismisses the popup
  await pane.waitFor((s) => !s.includes("The options file has problems"), "the title without the popup");
  await pane.keys("n");
  const game = await pane.waitFor(
    (s) => s.includes("@") && s.includes("Options: $.keys.preset"),
    "the problem told",
  );
  ok(
    words(game).includes(
      'Options: $.keys.preset: expected one of "default", "vi", "laptop", "numpad", found "emacs"',
    ),
  );
  await quit(pane);
  await assertRestored(pane, 0);
});

Deno.test("e2e 80x24: a key rebound in the options screen and saved moves the player in the next run; the old file is kept as .bak", async () => {
  await using pane = await TmuxPane.open(80, 24);
  await Deno.mkdir(`${pane.dir}/config/delve`, { recursive: true });
  const before = JSON.stringify({ walkDelayMs: 0 });
  await Deno.writeTextFile(optionsFile(pane), before);
  const seed = seedWithRoomEast();
  await startGame(pane, seed);
  await pane.keys("O");
  await pane.waitFor((s) => s.includes("┤Options├"), "the options screen");
  // Six settings (preset, palette, walk delay, message lines, explore and items, auto-pickup), then the
  // commands in the help's order: move.east is the fourth.
  for (let k = 0; k < 9; k++) await pane.keys("Down");
  await pane.keys("Enter");
  await pane.waitFor((s) => s.includes("Press the key for move.east"), "the question");
  await pane.keys("w");
  await pane.waitFor((s) => /move\.east\s+\* w/.test(s), "the new key listed");
  await pane.keys("s");
  await pane.waitFor((s) => s.includes("Saved to"), "saved");
  const saved = JSON.parse(await Deno.readTextFile(optionsFile(pane)));
  equal(saved.keys.bind["move.east"][0], "w");
  ok(String(saved.$schema).endsWith("data/schema/options.schema.json"), saved.$schema);
  equal(await Deno.readTextFile(`${optionsFile(pane)}.bak`), before);
  await pane.keys("Escape");
  await quit(pane);
  await assertRestored(pane, 0);
  // The next run reads the file: w steps east in the game continued.
  await startGame(pane, seed, undefined, false);
  await pane.keys("c");
  const screen = await pane.waitFor(
    (s) => s.includes("@") && s.includes("Dungeon level: 1"),
    "the game again",
  );
  const row = screen.split("\n").findIndex((line) => line.includes("@"));
  const column = [...screen.split("\n")[row]].indexOf("@");
  await pane.keys("w");
  await pane.waitFor((s) => at(s, column + 1, row) === "@", "the player one step east");
  await quit(pane);
  await assertRestored(pane, 0);
});

Deno.test("e2e 80x24: [O] Options on the title changes the preset and saves it; Esc goes back to the title", async () => {
  await using pane = await TmuxPane.open(80, 24);
  await startGame(pane, 7, undefined, false);
  await pane.keys("o");
  await pane.waitFor((s) => s.includes("┤Options├") && s.includes("Key preset: default"), "the options");
  await pane.keys("Right");
  await pane.waitFor((s) => s.includes("Key preset: vi"), "the next preset");
  await pane.keys("s");
  await pane.waitFor((s) => s.includes("Saved to"), "saved");
  equal(JSON.parse(await Deno.readTextFile(optionsFile(pane))).keys.preset, "vi");
  await pane.keys("Escape");
  await pane.waitFor((s) => !s.includes("┤Options├") && s.includes("[O] Options"), "the title again");
  await pane.keys("q");
  await assertRestored(pane, 0);
});
