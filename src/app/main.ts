/**
 * The program: read the command line and the data, then play in the
 * terminal. Every failure a user can cause is one line and an exit status.
 *
 * @module
 */
import { MAX_SEED, type Rules } from "../engine/mod.ts";
import { detectColorDepth, TtyTerminal } from "../terminal/mod.ts";
import { parseCli, USAGE } from "./play_flags.ts";
import {
  guardExits,
  helpText,
  loadDataOr,
  readEnv,
  say,
  sayOut,
  UsageError,
  VERSION,
  versionText,
} from "../cli/mod.ts";
import { DelveProgram } from "./program.ts";
import { runAndLeave } from "./leaving.ts";
import { InProcessRunner, WorkerConnection, WorkerRunner } from "../worker/mod.ts";
import {
  checkGrants,
  checkPlaces,
  defaultOptionsPath,
  lockSave,
  NO_SAVE_PLACE,
  PlaceRefused,
  playFiles,
} from "../store/mod.ts";
import { dailySeed, utcDate } from "./daily.ts";
import { readPlayerOptions } from "./player_options.ts";
import { WARM_UP_MS, warmUp } from "./warm_up.ts";

const env = readEnv;

/** A seed for a new game, from the system's random source. */
export function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] % (MAX_SEED + 1);
}

/** Runs Delve with `args`; resolves to the exit status. */
export async function main(args: readonly string[]): Promise<number> {
  let command;
  try {
    command = parseCli(args);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    say(`delve: ${e.message}\n\n${USAGE}`);
    return 2;
  }
  if (command.kind === "help") {
    sayOut(helpText({ name: "play", about: `Delve ${VERSION}: a roguelike in the terminal.`, usage: USAGE }));
    return 0;
  }
  if (command.kind === "version") {
    sayOut(versionText());
    return 0;
  }
  const loaded = await loadDataOr(command.dataDir, command.modDirs);
  if (!loaded) return 2;
  const { content } = loaded;
  const problem = backgroundProblem(content.rules, command.background);
  if (problem) {
    say(`delve: ${problem}`);
    return 2;
  }
  const files = playFiles(command, env);
  if (!files) {
    say(`delve: ${NO_SAVE_PLACE}`);
    return 2;
  }
  // Where the game writes is checked before the screen opens (whether it may write there, once it will play).
  const paths = await unlessRefused(() => checkPlaces(files));
  if (!paths) return 2;
  if (!Deno.stdin.isTerminal() || !Deno.stdout.isTerminal()) {
    say("delve: needs an interactive terminal (stdin and stdout must be a TTY)");
    return 1;
  }
  if (!(await unlessRefused(() => checkGrants(files, paths).then(() => true)))) return 2;
  const locked = await unlessRefused(() => lockSave(paths.savePath));
  if (!locked) return 2;
  const { lock, inUse: saveInUse } = locked;
  const optionsPath = command.optionsPath ?? defaultOptionsPath(env);
  const { choice, problems: optionsProblems } = await readPlayerOptions(
    optionsPath,
    content,
    command.walkDelayMs,
  );
  const terminal = TtyTerminal.open();
  const colorDepth = detectColorDepth(env);
  // The day is the UTC date as the program starts: a game begun before midnight stays that day's.
  const daily = command.daily ? utcDate(new Date()) : undefined;
  // The AI worker thinks the monsters' turns ahead of the player's keys (docs/architecture.md, How it
  // runs), one thread for every game, warmed as the title shows; with one processor it would take the one
  // the screen needs, and the monsters decide here.
  const aiThread = command.oneThread || (navigator.hardwareConcurrency ?? 1) < 2
    ? undefined
    : new WorkerConnection();
  const app = new DelveProgram(terminal, content, {
    ...paths,
    saveInUse,
    seed: daily === undefined ? command.seed : dailySeed(daily),
    ...(daily === undefined ? {} : { daily }),
    ...(command.hideSeed ? { hideSeed: true } : {}),
    ...(command.background === undefined ? {} : { background: command.background }),
    walkDelayMs: choice.walkDelayMs,
    choice,
    optionsProblems,
    optionsPath,
    colorDepth,
    version: VERSION,
    // The title is up meanwhile; keys pressed wait for it (WARM_UP_MS at most). The AI worker warms
    // up beside it.
    warmUp: () => {
      aiThread?.warmUp(content.rules, WARM_UP_MS);
      return warmUp(content, { columns: terminal.columns, rows: terminal.rows, colorDepth });
    },
    makeRunner: (rules) =>
      aiThread ? new WorkerRunner(rules, { ahead: true, connection: aiThread }) : new InProcessRunner(rules),
    randomSeed,
  });
  guardExits({ save: () => app.saveInProgress(), restore: () => terminal.restore(), debug: debugging() });
  try {
    return await runAndLeave(app, terminal, debugging());
  } finally {
    aiThread?.close();
    // Every save is written by now: another Delve may have the save.
    lock?.release();
  }
}

/** Why `--background ID` cannot be played by `rules`, or undefined when it can (or none was given). */
export function backgroundProblem(rules: Rules, background: string | undefined): string | undefined {
  if (background === undefined) return undefined;
  const ids = (rules.backgrounds ?? []).map((b) => b.id);
  if (ids.includes(background)) return undefined;
  return ids.length === 0
    ? `--background ${background}: this data has no backgrounds`
    : `--background ${background}: expected one of ${ids.join(", ")}`;
}

/** What `check` resolves to; a place it refuses is said in one line, and gives undefined. */
async function unlessRefused<T>(check: () => Promise<T>): Promise<T | undefined> {
  try {
    return await check();
  } catch (e) {
    if (!(e instanceof PlaceRefused)) throw e;
    say(`delve: ${e.message}`);
    return undefined;
  }
}

/** True when `DELVE_DEBUG` is set: crashes then print their stack. */
export function debugging(): boolean {
  return env("DELVE_DEBUG") !== undefined;
}
