/**
 * `deno task replay FILE [--speed N] [--check] [--floors] [--data DIR] [--mod DIR]...`:
 * plays a recorded game back in the terminal (N commands a second; a key
 * stops it), or with `--check` only verifies it, or with `--floors` tells it
 * floor by floor (replay_floors.ts). A checksum that differs stops it with
 * "replay out of sync at turn T" and exit status 1.
 *
 * Every replay is played by its own rules, found by their checksum
 * (docs/playing.md, Replays): the data named with `--data` (else `data/`),
 * a folder that comes with Delve, the versions Delve comes with, and the
 * versions kept for a player's games (beside the save, and beside the
 * replay and its folder: a morgue file's replay finds its save folder's).
 *
 * @module
 */
import { dirname, join, resolve } from "node:path";
import {
  bundledArchive,
  DataShelf,
  decodeRecording,
  defaultSaveDir,
  playRecording,
  readJsonFile,
  recordedData,
  type Recording,
  REPLAY_LIMITS,
  ReplayError,
  VersionArchive,
  VERSIONS_FOLDER_NAME,
} from "../store/mod.ts";
import {
  guardExits,
  HELP_USAGE,
  intFlag,
  loadDataOr,
  parseFlags,
  pathFlag,
  pathFlags,
  readCommandLine,
  readEnv,
  say,
  sayOut,
  shownValue,
  UsageError,
} from "../cli/mod.ts";
import { showReplay } from "../app/mod.ts";
import type { Content } from "../content/mod.ts";
import { detectColorDepth, TtyTerminal } from "../terminal/mod.ts";
import { floorRows, floorTable } from "./replay_floors.ts";

/** `deno task replay --help`. */
export const REPLAY_HELP = {
  name: "replay",
  about: "Plays a recorded game (a replay file, such as last-game.replay.json.gz beside the save) back\n" +
    "in the terminal; a key stops it. With --check, or when stdout is not a terminal, only checks it.",
  usage: `Usage: deno task replay FILE [--speed N] [--check] [--floors] [--data DIR]
                        [--mod DIR]...

Options:
  --speed N     commands a second, 1 to 1000 (default: 10)
  --check       check the replay to its end without showing it
                (default: show it)
  --floors      check it, then print a table of its floors: turns, HP lost,
                the worst command, the lowest HP, kills, items used up
  --data DIR    the data it was recorded with, if Delve does not keep it
                (default: found by its checksum: the bundled data/, the
                folders and versions that come with Delve, and the versions
                kept beside the save, the replay and the replay's folder)
  --mod DIR     a mod it was recorded with, laid over --data's folder (or
                data/); repeat for several, in order (default: none)
${HELP_USAGE}`,
};

/** Reads and checks a replay file; a problem is a ReplayError in one sentence. */
export async function readRecording(path: string): Promise<Recording> {
  const read = await readJsonFile(path, "replay", REPLAY_LIMITS);
  if (read.kind === "missing") throw new ReplayError(`${shownValue(path)}: no such file`);
  if (read.kind === "unreadable") {
    throw new ReplayError(`${shownValue(path)}: ${read.reason}`);
  }
  return decodeRecording(read.json);
}

/**
 * Where the versions of the data a replay at `file` may have been played
 * by are kept besides Delve's own: beside the default save, beside the file
 * and beside its folder (a morgue file's replay, whose save folder it is).
 */
function versionsNear(file: string): VersionArchive[] {
  const here = dirname(resolve(file));
  const dirs = new Set([join(here, VERSIONS_FOLDER_NAME), join(dirname(here), VERSIONS_FOLDER_NAME)]);
  const own = defaultSaveDir(readEnv);
  if (own !== undefined) dirs.add(join(resolve(own), VERSIONS_FOLDER_NAME));
  return [...dirs].map((dir) => new VersionArchive(dir));
}

/** The data `recording` (read from `file`) was played by, or a ReplayError saying it is nowhere, in one line. */
async function dataOf(recording: Recording, file: string, ours: Content): Promise<Content> {
  const shelf = new DataShelf(ours, { archive: bundledArchive(), readers: versionsNear(file) });
  const { checksum, folder } = recordedData(recording);
  const found = await shelf.find(checksum);
  if (found.kind === "refused") throw new ReplayError(found.reason);
  if (found.kind !== "missing") return found.content;
  const named = folder === undefined ? "" : ` of ${JSON.stringify(folder)}`;
  throw new ReplayError(
    `${
      shownValue(file)
    } was recorded with data ${checksum}${named}, which is kept nowhere here: give --data the folder it was played with`,
  );
}

async function playInTerminal(recording: Recording, content: Content, speed: number): Promise<void> {
  const terminal = TtyTerminal.open();
  guardExits({ save: () => Promise.resolve(), restore: () => terminal.restore(), debug: false });
  try {
    const pace = { speed, colorDepth: detectColorDepth(readEnv), stopped: () => terminal.hasPendingInput() };
    await showReplay(terminal, recording, content, { ...pace, waitAtEnd: true });
  } finally {
    terminal.restore();
  }
}

/** Runs the replay command; resolves to the exit status. */
export async function replayMain(args: readonly string[]): Promise<number> {
  const line = readCommandLine(REPLAY_HELP, args, () => {
    const { values, positionals } = parseFlags(
      args,
      {
        speed: { type: "string" },
        check: { type: "boolean" },
        floors: { type: "boolean" },
        data: { type: "string" },
        mod: { type: "string", multiple: true },
      },
      true,
    );
    if (positionals.length !== 1) throw new UsageError("expected one replay FILE");
    return {
      file: positionals[0],
      speed: intFlag("--speed", values.speed, 1, 1000, "commands a second") ?? 10,
      check: values.check ?? false,
      floors: values.floors ?? false,
      data: pathFlag("--data", values.data),
      mods: pathFlags("--mod", values.mod),
    };
  });
  if ("exit" in line) return line.exit;
  const { file, speed, check, floors, data, mods } = line.run;
  const loaded = await loadDataOr(data, mods);
  if (!loaded) return 2;
  try {
    const recording = await readRecording(file);
    const content = await dataOf(recording, file, loaded.content);
    try {
      if (floors) {
        sayOut(floorTable(floorRows(recording, content.rules)));
      } else if (check || !Deno.stdout.isTerminal()) {
        const end = playRecording(recording, content.rules);
        sayOut(
          `replay OK: ${recording.commands.length} commands, turn ${end.turn}, dungeon level ${end.floor}`,
        );
      } else {
        await playInTerminal(recording, content, speed);
      }
    } catch (e) {
      // What playing it found names the file, as what reading it found does.
      if (e instanceof ReplayError) throw new ReplayError(`${shownValue(file)}: ${e.message}`);
      throw e;
    }
    return 0;
  } catch (e) {
    if (!(e instanceof ReplayError)) throw e;
    say(`delve replay: ${e.message}`);
    return 1;
  }
}

if (import.meta.main) Deno.exit(await replayMain(Deno.args));
