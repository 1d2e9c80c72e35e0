/** The whole program (title and games) on a headless terminal with its own save folder. */
import { type DelveOptions, DelveProgram } from "../../src/app/mod.ts";
import { InProcessRunner } from "../../src/worker/mod.ts";
import { HeadlessTerminal } from "../../src/terminal/mod.ts";
import type { Content } from "../../src/content/mod.ts";
import { bundledContent } from "./content.ts";

/** What a session gives a test. */
export interface DelveSession {
  readonly dir: string;
  readonly terminal: HeadlessTerminal;
  readonly app: DelveProgram;
  readonly savePath: string;
  readonly recordPath: string;
}

/** A DelveProgram saving into a new temporary folder; `options` override the defaults (and `data` the bundled data). */
export async function delveSession(
  options: Partial<DelveOptions> = {},
  columns = 80,
  rows = 24,
  data?: Content,
): Promise<DelveSession> {
  const content = data ?? await bundledContent();
  const dir = await Deno.makeTempDir({ prefix: "delve-session-" });
  const terminal = new HeadlessTerminal(columns, rows);
  const app = new DelveProgram(terminal, content, {
    savePath: `${dir}/savegame.json.gz`,
    recordPath: `${dir}/last-game.replay.json.gz`,
    morgueDir: `${dir}/morgue`,
    scoresPath: `${dir}/scores.json`,
    colorDepth: "truecolor",
    version: "test",
    makeRunner: () => new InProcessRunner(content.rules),
    randomSeed: () => 1,
    ...options,
  });
  return { dir, terminal, app, savePath: app.options.savePath, recordPath: app.options.recordPath };
}
