/** Drives the real app on a headless terminal, one input at a time. */
import { equal } from "node:assert/strict";
import { GameSession, type GameSessionOptions } from "../../src/app/mod.ts";
import { InProcessRunner, type MonsterRunner } from "../../src/worker/mod.ts";
import { type GameState, type LogEntry, newGame, type Rules } from "../../src/engine/mod.ts";
import {
  type ColorDepth,
  HeadlessTerminal,
  type InputEvent,
  KeyDecoder,
  keyEvent,
} from "../../src/terminal/mod.ts";
import { bundledContent } from "./content.ts";
import type { Content } from "../../src/content/mod.ts";
import { shownLog } from "../../src/ui/mod.ts";

const content = await bundledContent();

/** An app at a fixed seed, size and colour depth, rendered once, on the tutorial's data or `data`. */
export function startApp(
  columns: number,
  rows: number,
  seed = 42,
  colorDepth: ColorDepth = "truecolor",
  data: Content = content,
): GameSession {
  const terminal = new HeadlessTerminal(columns, rows);
  const app = new GameSession(
    terminal,
    data,
    newGame(data.rules, seed),
    new InProcessRunner(data.rules),
    { colorDepth },
  );
  app.render();
  return app;
}

/**
 * The tutorial's look with Delve's keys: `>` and `<` away from the stairs walk to them, as the walk tests
 * need (the tutorial rule sets refuse, as their seeds do: docs/rules.md, Walks).
 */
const walkingContent = { ...content, game: { ...content.game, stairsAway: undefined } };

/** An app on `state` (an arena, a seeded game) under `rules`, at 80x50, rendered once; `>` walks; `options` as given. */
export function appOn(
  state: GameState,
  rules: Rules,
  runner: MonsterRunner = new InProcessRunner(rules),
  columns = 80,
  rows = 50,
  options: Partial<GameSessionOptions> = {},
): GameSession {
  const app = new GameSession(
    new HeadlessTerminal(columns, rows),
    { ...walkingContent, rules },
    state,
    runner,
    { colorDepth: "truecolor", ...options },
  );
  app.render();
  return app;
}

/** An app on `state` with `content` as it is (its own game.json words), at 80x50, rendered once. */
export function sessionOn(content: Content, state: GameState): GameSession {
  const runner = new InProcessRunner(content.rules);
  const app = new GameSession(new HeadlessTerminal(80, 50), content, state, runner, {
    colorDepth: "truecolor",
  });
  app.render();
  return app;
}

/** Feeds events (or keys by name) and renders after each, as the loop does. */
export async function feed(app: GameSession, ...inputs: (InputEvent | string)[]): Promise<void> {
  for (const input of inputs) {
    await app.handleInput(typeof input === "string" ? keyEvent(input) : input);
    app.render();
  }
}

/** Feeds raw terminal bytes through the real decoder (escape sequences and all). */
export async function type(app: GameSession, bytes: string): Promise<void> {
  await feed(app, ...new KeyDecoder().feed(new TextEncoder().encode(bytes)));
}

/**
 * The log as the player reads it (the game's messages with the program's
 * notices among them), oldest first.
 */
export function shownMessages(app: GameSession): LogEntry[] {
  return shownLog(app.state.log, app.notices);
}

/** The newest message the player reads: a notice or the game's. */
export function lastShown(app: GameSession): LogEntry {
  return shownMessages(app).at(-1)!;
}

/** The screen as text, one line per row, trailing spaces cut. */
export function screenText(app: GameSession): string[] {
  return [...Array(app.screen.height).keys()].map((y) => app.screen.rowText(y).trimEnd());
}

/** Compares the screen with `tests/snapshots/NAME.txt` (UPDATE_SNAPSHOTS=1 rewrites it). */
export async function assertSnapshot(app: GameSession, name: string): Promise<void> {
  const file = new URL(`../snapshots/${name}.txt`, import.meta.url);
  const text = screenText(app).join("\n") + "\n";
  if (Deno.env.get("UPDATE_SNAPSHOTS") === "1") await Deno.writeTextFile(file, text);
  equal(text, await Deno.readTextFile(file), `screen differs from tests/snapshots/${name}.txt`);
}
