import { deepEqual, equal, ok } from "node:assert/strict";
import { GameSession } from "../src/app/mod.ts";
import { InProcessRunner } from "../src/worker/mod.ts";
import { newGame, playerOf } from "../src/engine/mod.ts";
import { HeadlessTerminal, keyEvent } from "../src/terminal/mod.ts";
import { bundledContent } from "./support/content.ts";
import { VtScreen } from "./support/vt_screen.ts";

const content = await bundledContent();

function start(columns: number, rows: number, seed = 42) {
  const terminal = new HeadlessTerminal(columns, rows);
  const state = newGame(content.rules, seed);
  const app = new GameSession(terminal, content, state, new InProcessRunner(content.rules), {
    colorDepth: "truecolor",
  });
  return { terminal, app };
}

function screenText(app: GameSession): string[] {
  return [...Array(app.screen.height).keys()].map((y) => app.screen.rowText(y).trimEnd());
}

Deno.test("80x50: the map, the @, the level line and the welcome in their places and colours", async () => {
  const { terminal, app } = start(80, 50);
  terminal.end();
  equal(await app.run(), "input-closed");
  const p = playerOf(app.state);
  const at = p.y * 80 + p.x;
  equal(String.fromCodePoint(app.screen.glyphs[at]), "@");
  deepEqual([app.screen.fg[at], app.screen.bg[at]], [0xffffff, 0xc8b432]);
  const text = screenText(app);
  equal(text[47], "Dungeon level: 1");
  // The log runs from column 21 to the right edge: the welcome takes one line of it.
  equal(text[48], "");
  equal(text[49], "                     Hello and welcome, adventurer, to yet another dungeon!");
  equal(app.screen.fg[49 * 80 + 21], 0x20a0ff);
  // Never-seen cells are black; a lit wall next to the player's room is the light wall colour.
  const { map } = app.state;
  const seenWall = [...map.tiles.keys()].find((i) => map.tiles[i] === 0 && map.visible[i])!;
  equal(app.screen.bg[seenWall], 0x826e32);
  const unseen = [...map.tiles.keys()].find((i) => !map.explored[i])!;
  equal(app.screen.bg[unseen], 0x000000);
});

Deno.test("80x24: the view scrolls to keep the player in it, and the bytes written show the buffer", async () => {
  const { terminal, app } = start(80, 24, 7);
  const vt = new VtScreen(80, 24);
  // Walk about; after each frame the player's @ is on screen.
  const keys = "jjjjjjjjjjkkkkkkkkkkkkkkkkllllllllllllhhhhhhhhhhhhhhnnnnnnyyyyyy".split("");
  terminal.input(...keys.map((k) => keyEvent(k)));
  terminal.end();
  await app.run();
  for (const w of terminal.writes) await vt.apply(w);
  ok(screenText(app).slice(0, 20).some((row) => row.includes("@")));
  for (let i = 0; i < 80 * 24; i++) {
    equal(vt.glyphs[i], app.screen.cellText(i));
    equal(vt.bg[i], app.screen.bg[i]);
  }
});

Deno.test("a move writes only what changed: far less than the first frame", async () => {
  const { terminal, app } = start(80, 24, 42);
  const p = playerOf(app.state);
  const dir = [["l", 1, 0], ["h", -1, 0], ["j", 0, 1], ["k", 0, -1]].find(([, dx, dy]) =>
    app.state.map.tiles[(p.y + (dy as number)) * 80 + p.x + (dx as number)] === 1
  )!;
  terminal.input(keyEvent(dir[0] as string));
  terminal.end();
  await app.run();
  equal(terminal.writes.length, 2);
  ok(terminal.writes[1].length > 0 && terminal.writes[1].length < terminal.writes[0].length / 10);
});

Deno.test("Esc quits, Ctrl-C interrupts, and keys after them are not played", async () => {
  for (
    const [key, reason] of [[keyEvent("Escape"), "quit"], [
      keyEvent("c", { ctrl: true }),
      "interrupt",
    ]] as const
  ) {
    const { terminal, app } = start(80, 24);
    terminal.input(key, keyEvent("j"));
    equal(await app.run(), reason);
    equal(app.state.turn, 0);
  }
});

Deno.test("below 80x24 a notice replaces the game; growing back restores it and no key is played meanwhile", async () => {
  const { terminal, app } = start(80, 24);
  app.render();
  const normal = screenText(app);
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  const running = app.run();
  await tick();
  terminal.resize(60, 20);
  await tick();
  terminal.input(keyEvent("."));
  await tick();
  terminal.resize(80, 24);
  terminal.end();
  await running;
  const vt = new VtScreen(60, 20);
  const small = terminal.writes.findIndex((w) => w.includes("terminal too small"));
  ok(small > 0);
  await vt.apply(terminal.writes[small]);
  ok(vt.glyphs.join("").includes("terminal too small (need 80x24, have 60x20)"));
  equal(app.state.turn, 0, "the key pressed while too small did nothing");
  deepEqual(screenText(app), normal);
});
