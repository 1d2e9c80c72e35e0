/**
 * `deno task replay FILE [--speed N] [--check] [--floors] [--data DIR]`:
 * plays a recorded game back in the terminal (N commands a second; a key
 * stops it), or with `--check` only verifies it, or with `--floors` tells it
 * floor by floor (replay_floors.ts). A checksum that differs stops it with
 * "replay out of sync at turn T" and exit status 1.
 *
 * @module
 */
import {
  bundledDataWith,
  decodeRecording,
  playRecording,
  readJsonFile,
  type Recording,
  REPLAY_LIMITS,
  ReplayError,
} from "../store/mod.ts";
import {
  guardExits,
  HELP_USAGE,
  intFlag,
  loadDataOr,
  parseFlags,
  pathFlag,
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
import { dataChecksum } from "../engine/mod.ts";
import { floorRows, floorTable } from "./replay_floors.ts";

/** `deno task replay --help`. */
export const REPLAY_HELP = {
  name: "replay",
  about: "Plays a recorded game (a replay file, such as last-game.replay.json.gz beside the save) back\n" +
    "in the terminal; a key stops it. With --check, or when stdout is not a terminal, only checks it.",
  usage: `Usage: deno task replay FILE [--speed N] [--check] [--floors] [--data DIR]

Options:
  --speed N     commands a second, 1 to 1000 (default: 10)
  --check       check the replay to its end without showing it
                (default: show it)
  --floors      check it, then print a table of its floors: turns, HP lost,
                the worst command, the lowest HP, kills, items used up
  --data DIR    the data it was recorded with (default: the bundled data/)
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
    };
  });
  if ("exit" in line) return line.exit;
  const { file, speed, check, floors, data } = line.run;
  const loaded = await loadDataOr(data);
  if (!loaded) return 2;
  const { content } = loaded;
  try {
    const recording = await readRecording(file);
    if (recording.dataChecksum !== dataChecksum(content.rules)) {
      const bundled = await bundledDataWith(recording.dataChecksum);
      throw new ReplayError(
        `${shownValue(file)} was recorded with other data (${
          bundled ? `give --data ${bundled.label}` : "give the same --data it was played with"
        })`,
      );
    }
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
