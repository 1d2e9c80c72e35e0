/** The whole program from its title, on a headless terminal with its own save folder. */
import type { DelveOptions, DelveProgram, ExitReason } from "../../src/app/mod.ts";
import { type GameState, instantiate, isWalkable, playerOf, type Rules } from "../../src/engine/mod.ts";
import type { Content } from "../../src/content/mod.ts";
import { type HeadlessTerminal, keyEvent } from "../../src/terminal/mod.ts";
import { delveSession } from "./delve_session.ts";

/** What a title session gives a test. */
export interface TitleSession {
  readonly dir: string;
  readonly savePath: string;
  readonly terminal: HeadlessTerminal;
  readonly app: DelveProgram;
  /** The title screen's text. */
  readonly text: () => string;
  /** The game's screen text. */
  readonly gameText: () => string;
  /** Types each key with a pause after it. */
  readonly press: (...keys: string[]) => Promise<void>;
  readonly tick: () => Promise<unknown>;
  /** The program's run, started. */
  readonly running: Promise<ExitReason>;
}

/** A title session on a headless terminal with its own save folder (`before` runs first). */
export async function titleSession(
  before?: (savePath: string) => Promise<void>,
  options: Partial<DelveOptions> = {},
  content?: Content,
): Promise<TitleSession> {
  const { dir, terminal, app, savePath } = await delveSession(
    {
      seed: 31,
      now: () => new Date("2026-11-21T10:00:00Z"),
      savePath: await (async () => {
        const folder = await Deno.makeTempDir({ prefix: "delve-title-" });
        await before?.(`${folder}/savegame.json.gz`);
        return `${folder}/savegame.json.gz`;
      })(),
      ...options,
    },
    80,
    24,
    content,
  );
  const text = () => [...Array(24).keys()].map((y) => app.screen.rowText(y)).join("\n");
  const gameText = () => [...Array(24).keys()].map((y) => app.game!.screen.rowText(y)).join("\n");
  const tick = () => new Promise((r) => setTimeout(r, 20));
  let finished = false;
  const running = app.run().finally(() => finished = true);
  // After each key, wait until the program is done with it (drawn, written to disk), however busy the
  // machine: the game counted it, a game began, the title counted it (a game it began is over), or it quit.
  const press = async (...keys: string[]) => {
    for (const k of keys) {
      const game = app.game, gameDone = game?.eventsDone ?? 0, titleDone = app.eventsDone;
      terminal.input(keyEvent(k));
      const done = () =>
        finished || (app.game !== undefined && app.game !== game) ||
        (game !== undefined && game.eventsDone > gameDone) || app.eventsDone > titleDone;
      for (let n = 0; n < 2000 && !done(); n++) await new Promise((r) => setTimeout(r, 5));
      if (!done()) throw new Error(`the program did not finish with key ${k} in 10 s`);
      // A game's end is written while its window answers keys: on disk once the game is idle.
      await app.game?.idle();
    }
  };
  // The title is drawn once what it says of the save and the scores is read: tests start from there.
  for (let n = 0; n < 2000 && !finished && !text().includes("[N] Play a new game"); n++) await tick();
  return { dir, savePath, terminal, app, text, gameText, press, tick, running };
}

/** Leaves the player 1 HP with an orc beside them: the next turn is their last. */
export function doomPlayer(state: GameState, rules: Rules): void {
  const player = playerOf(state);
  player.fighter!.hp = 1;
  const spot = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [-1, -1], [1, -1], [-1, 1]]
    .map(([dx, dy]) => ({ x: player.x + dx, y: player.y + dy }))
    .find((c) => isWalkable(state.map, c.x, c.y) && !state.entities.some((e) => e.x === c.x && e.y === c.y))!;
  state.entities.push(instantiate(rules.templates.orc, state.nextId++, spot.x, spot.y));
}
