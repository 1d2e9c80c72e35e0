/**
 * `deno task play`: starts the game with write access to exactly the
 * paths it writes. A task's command line can only paste `$HOME` into a
 * grant, where a space breaks the command, a comma widens the grant (Deno
 * splits `--allow-write` at every comma) and no `HOME` grants `/delve`;
 * and a grant of a folder is a grant of everything in it, so `--save
 * ~/delve.json.gz` must not grant the whole home. This launcher works the
 * paths out as the game does (src/store/write_paths.ts: the save, its backup,
 * lock and temporary file, the high-score table's, the replay's, and the
 * morgue, kept-aside and data-versions folders, from `--save` and
 * `--record` or the defaults) and runs `deno run` with them as one argument, so any path is
 * granted exactly or refused in one line.
 *
 * It stays out of the game's way: the terminal and every key are the
 * game's, signals sent to the launcher are passed on to the game (which
 * saves and restores the terminal), and it leaves with the game's status.
 * Only when the game dies by a signal it cannot answer (killed, out of
 * memory, crashed) does the launcher give the terminal back itself and say
 * in one line what happened and where the last save is (child_death.ts).
 *
 * @module
 */
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
// Small modules, each named, rather than their layers' surfaces (mod.ts), which would load the engine,
// the schemas and the screens into a process that only waits for the game: see docs/architecture.md.
import { deathLine, fileThere, noteTerminal, restoreTerminal } from "./child_death.ts";
import { parseCli } from "./play_flags.ts";
import { UsageError } from "../cli/parse_flags.ts";
import { say } from "../cli/say.ts";
import { defaultOptionsPath, defaultSaveDir, TEMP_SUFFIX } from "../store/default_places.ts";
import { grantFolder, grantsFor, NO_SAVE_PLACE, playFiles } from "../store/write_paths.ts";
import { shownValue } from "../text/shown_value.ts";

/** The game's entry. */
const MAIN = fileURLToPath(new URL("../../main.ts", import.meta.url));
/** Its configuration (imports, lock file), whatever folder the launcher is started from. */
const CONFIG = fileURLToPath(new URL("../../deno.json", import.meta.url));

/** What the game may do besides writing: read (data and any mod folder) and a few named variables. */
export const GAME_FLAGS: readonly string[] = [
  "--no-prompt",
  // Deno's own status line (drawn and cleared on stderr when a worker loads its modules) would
  // otherwise erase the screen's line under the cursor: the game's terminal is the game's alone.
  "--quiet",
  "--unstable-worker-options",
  "--allow-read",
  "--allow-env=COLORTERM,TERM,NO_COLOR,FORCE_COLOR,HOME,XDG_DATA_HOME,XDG_CONFIG_HOME,DELVE_DEBUG",
];

/** What to do: run `deno` with `args` (a game saving at `save`), or refuse with one line (exit status 2). */
export type Launch =
  | { readonly kind: "run"; readonly args: readonly string[]; readonly save?: string }
  | { readonly kind: "refuse"; readonly line: string };

/** `deno run` of the game with `flags`, then the player's own arguments unchanged; it saves at `save`. */
function runGame(flags: readonly string[], args: readonly string[], save?: string): Launch {
  return { kind: "run", args: ["run", ...GAME_FLAGS, ...flags, `--config=${CONFIG}`, MAIN, ...args], save };
}

/**
 * The paths to grant for the game `args` asks for ({@link grantsFor}), or
 * the one line that refuses it. Help, version and a mistaken command line
 * go to the game with no write access at all: it answers them as it always has.
 */
export async function launchPlan(
  args: readonly string[],
  env: (name: string) => string | undefined,
): Promise<Launch> {
  let command;
  try {
    command = parseCli(args);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    return runGame([], args);
  }
  if (command.kind !== "play") return runGame([], args);
  const files = playFiles(command, env);
  if (!files) return { kind: "refuse", line: `delve: ${NO_SAVE_PLACE}` };
  const grants = await grantsFor(files, env);
  const comma = grants.find((path) => path.includes(","));
  if (comma !== undefined) {
    const fix = !files.saveFlag && defaultSaveDir(env)?.includes(",")
      ? "set XDG_DATA_HOME to a folder without one, or give --save PATH"
      : "give --save and --record paths without one";
    return {
      kind: "refuse",
      line: `delve: cannot grant writing to ${
        shownValue(comma)
      } exactly: Deno splits its grants at commas; ${fix}`,
    };
  }
  // The options file: granted when it can be, exactly; without the grant only its saving is refused, on screen.
  const options = (await optionsGrants(command.optionsPath ?? defaultOptionsPath(env))).filter((p) =>
    !p.includes(",")
  );
  return runGame([`--allow-write=${[...grants, ...options].join(",")}`], args, files.save);
}

/**
 * What to grant for saving the options file at `path`: the file, its
 * backup and its temporary file, in its folder's real place, or the folder
 * whole when it is not there yet (the game makes it: it is Delve's own).
 */
export async function optionsGrants(path: string | undefined): Promise<string[]> {
  if (path === undefined) return [];
  const folder = await grantFolder(path).catch(() => undefined);
  if (folder === undefined) return [];
  const there = await Deno.lstat(folder).then(() => true, () => false);
  if (!there) return [folder];
  const file = `${folder}/${basename(path)}`;
  return [file, `${file}.bak`, `${file}${TEMP_SUFFIX}`];
}

/** What the launcher does when the game dies by a signal it was not passed: see {@link runLaunch}. */
export interface AfterDeath {
  /** The game's save, named in the line (undefined: a run that saves nothing). */
  readonly save?: string;
}

/**
 * Runs `deno` with `args`, the terminal handed over, and resolves to the
 * game's exit status (Deno gives 128 + n for a child ended by signal n).
 * SIGTERM, SIGHUP and SIGINT (and any `alsoPassed`, signals the program
 * listens for) sent to the launcher are passed on: the game
 * saves and gives the terminal back, and the launcher waits for it rather
 * than leaving it behind. With `afterDeath`, a game ended by any other
 * signal (SIGKILL, V8's SIGTRAP when out of memory, a crash) has the
 * terminal given back by the launcher, and one line said.
 */
export async function runLaunch(
  args: readonly string[],
  afterDeath?: AfterDeath,
  alsoPassed: readonly Deno.Signal[] = [],
): Promise<number> {
  const signals: readonly Deno.Signal[] = ["SIGTERM", "SIGHUP", "SIGINT", ...alsoPassed];
  const forwarded = new Set<Deno.Signal>();
  let child: Deno.ChildProcess | undefined;
  const forward = (signal: Deno.Signal) => () => {
    forwarded.add(signal);
    try {
      child?.kill(signal);
    } catch {
      // Already gone: its status is on the way.
    }
  };
  const listeners = signals.map((signal) => [signal, forward(signal)] as const);
  // Listening before the game starts: no signal can end the launcher and leave the game behind.
  for (const [signal, listener] of listeners) Deno.addSignalListener(signal, listener);
  if (afterDeath) noteTerminal();
  try {
    // "deno" by name, found on PATH as the task's `--allow-run=deno` found it: that grant can only name a
    // command, and Deno allows running exactly what the name resolved to, not Deno.execPath() (the real
    // path of this binary, which differs when PATH holds a link to it). The game's `--version` names the
    // Deno it runs on.
    child = new Deno.Command("deno", {
      args: [...args],
      stdin: "inherit",
      stdout: "inherit",
      stderr: "inherit",
    })
      .spawn();
    const status = await child.status;
    // A signal passed on is one the game answers itself; if it ended the game first, it came before the
    // game took the terminal.
    if (afterDeath && status.signal !== null && !forwarded.has(status.signal)) {
      restoreTerminal();
      const save = afterDeath.save;
      say(deathLine(status.signal, save, save !== undefined && await fileThere(save)));
    }
    return status.code;
  } finally {
    for (const [signal, listener] of listeners) Deno.removeSignalListener(signal, listener);
  }
}

if (import.meta.main) {
  const plan = await launchPlan(Deno.args, (name) => Deno.env.get(name));
  if (plan.kind === "refuse") {
    say(plan.line);
    Deno.exit(2);
  }
  Deno.exit(await runLaunch(plan.args, { save: plan.save }));
}
