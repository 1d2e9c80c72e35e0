/**
 * The program: read the command line and the data, then play in the
 * terminal. Every failure a user can cause is one line and an exit status.
 *
 * @module
 */
import { dirname, join } from "node:path";
import denoConfig from "../../deno.json" with { type: "json" };
import { MAX_SEED } from "../engine/rng.ts";
import { detectColorDepth } from "../terminal/color.ts";
import { TtyTerminal } from "../terminal/tty_terminal.ts";
import { parseCli, USAGE } from "./cli.ts";
import { UsageError } from "./flags.ts";
import { guardExits } from "./exit_guard.ts";
import { DelveApp } from "./delve_app.ts";
import { runAndLeave } from "./leaving.ts";
import { WorkerRunner } from "./monster_runner.ts";
import { loadDataOr, readEnv } from "./data_dir.ts";
import { defaultSaveDir, SAVE_FILE_NAME } from "./save_file.ts";
import { SCORES_FILE_NAME } from "./high_scores.ts";

/** The version, from deno.json. */
export const VERSION: string = denoConfig.version;

const env = readEnv;

function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] % (MAX_SEED + 1);
}

/** Runs Delve with `args`; resolves to the exit status. */
export async function main(args: readonly string[]): Promise<number> {
  let command;
  try {
    command = parseCli(args);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`delve: ${e.message}\n\n${USAGE}`);
    return 2;
  }
  if (command.kind === "help") {
    console.log(`Delve ${VERSION}: a roguelike in the terminal.\n\n${USAGE}`);
    return 0;
  }
  if (command.kind === "version") {
    console.log(`delve ${VERSION}`);
    return 0;
  }
  const loaded = await loadDataOr(command.dataDir);
  if (!loaded) return 2;
  const { content } = loaded;
  const saveDir = defaultSaveDir(env);
  const savePath = command.savePath ?? (saveDir ? join(saveDir, SAVE_FILE_NAME) : undefined);
  if (!savePath) {
    console.error("delve: no place for saves: set HOME or XDG_DATA_HOME, or give --save PATH");
    return 2;
  }
  if (!Deno.stdin.isTerminal() || !Deno.stdout.isTerminal()) {
    console.error("delve: needs an interactive terminal (stdin and stdout must be a TTY)");
    return 1;
  }
  // The first game's AI worker starts before the screen opens: it is warm by
  // the time a game begins, and if it cannot start at all, Deno's one-line
  // reason lands on an untouched terminal.
  let prepared: WorkerRunner | undefined = new WorkerRunner(content.rules);
  prepared.start();
  const terminal = TtyTerminal.open();
  const app = new DelveApp(terminal, content, {
    savePath,
    seed: command.seed,
    walkDelayMs: command.walkDelayMs ?? 25,
    recordPath: command.recordPath ?? join(dirname(savePath), "last-game.replay.json.gz"),
    morgueDir: join(dirname(savePath), "morgue"),
    scoresPath: join(dirname(savePath), SCORES_FILE_NAME),
    colorDepth: detectColorDepth(env),
    version: VERSION,
    makeRunner: (rules) => {
      // The one started early plays by the data given; a game continued with another's gets its own.
      const runner = prepared?.rules === rules ? prepared : new WorkerRunner(rules);
      if (runner === prepared) prepared = undefined;
      runner.start();
      return runner;
    },
    randomSeed,
  });
  guardExits({ save: () => app.saveInProgress(), restore: () => terminal.restore(), debug: debugging() });
  return await runAndLeave(app, terminal, debugging());
}

/** True when `DELVE_DEBUG` is set: crashes then print their stack. */
export function debugging(): boolean {
  return env("DELVE_DEBUG") !== undefined;
}
