/**
 * `deno task replay FILE [--speed N] [--check] [--data DIR]`: plays a
 * recorded game back in the terminal (N commands a second; a key stops it),
 * or with `--check` only verifies it. A checksum that differs stops it with
 * "replay out of sync at turn T" and exit status 1.
 *
 * @module
 */
import { parseArgs } from "node:util";
import type { Content } from "../content/load_content.ts";
import { detectColorDepth } from "../terminal/color.ts";
import { TtyTerminal } from "../terminal/tty_terminal.ts";
import { guardExits } from "./exit_guard.ts";
import { GameApp } from "./game_app.ts";
import { InProcessRunner } from "./monster_runner.ts";
import { loadDataOr, readEnv } from "./data_dir.ts";
import {
  dataChecksum,
  decodeRecording,
  playRecording,
  type Recording,
  ReplayError,
  replaySteps,
} from "./replay_format.ts";
import { readSave } from "./save_file.ts";

const USAGE = "Usage: deno task replay FILE [--speed N] [--check] [--data DIR]";

/** Reads and checks a replay file; a problem is a ReplayError in one sentence. */
export async function readRecording(path: string): Promise<Recording> {
  const read = await readSave(path, "replay");
  if (read.kind === "missing") throw new ReplayError(`${path}: no such file`);
  if (read.kind === "unreadable") {
    throw new ReplayError(`${path}: ${read.reason}`);
  }
  return decodeRecording(read.json);
}

async function playInTerminal(recording: Recording, content: Content, speed: number): Promise<void> {
  const terminal = TtyTerminal.open();
  guardExits({ save: () => Promise.resolve(), restore: () => terminal.restore(), debug: false });
  try {
    const steps = replaySteps(recording, content.rules);
    const first = steps.next();
    if (first.done) return;
    const app = new GameApp(terminal, content, first.value, new InProcessRunner(content.rules), {
      colorDepth: detectColorDepth(readEnv),
    });
    app.render();
    for (let step = steps.next(); !step.done; step = steps.next()) {
      await new Promise((r) => setTimeout(r, 1000 / speed));
      if (terminal.hasPendingInput()) return;
      app.render();
    }
    app.render();
    await new Promise((r) => setTimeout(r, 1500));
  } finally {
    terminal.restore();
  }
}

/** Runs the replay command; resolves to the exit status. */
export async function replayMain(args: readonly string[]): Promise<number> {
  let file: string, speed: number, check: boolean, data: string | undefined;
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: true,
      options: { speed: { type: "string" }, check: { type: "boolean" }, data: { type: "string" } },
    });
    if (positionals.length !== 1) throw new Error("expected one replay FILE");
    file = positionals[0];
    speed = values.speed === undefined ? 10 : Number(values.speed);
    if (!Number.isInteger(speed) || speed < 1 || speed > 1000) {
      throw new Error(`--speed: expected commands a second from 1 to 1000, found "${values.speed}"`);
    }
    check = values.check ?? false;
    data = values.data;
  } catch (e) {
    console.error(`delve replay: ${(e as Error).message.split("\n")[0]}\n${USAGE}`);
    return 2;
  }
  const loaded = await loadDataOr(data);
  if (!loaded) return 2;
  const { content } = loaded;
  try {
    const recording = await readRecording(file);
    if (recording.dataChecksum !== dataChecksum(content.rules)) {
      throw new ReplayError(`${file} was recorded with other data (give the same --data it was played with)`);
    }
    if (check || !Deno.stdout.isTerminal()) {
      const end = playRecording(recording, content.rules);
      console.log(
        `replay OK: ${recording.commands.length} commands, turn ${end.turn}, dungeon level ${end.floor}`,
      );
    } else {
      await playInTerminal(recording, content, speed);
    }
    return 0;
  } catch (e) {
    if (!(e instanceof ReplayError)) throw e;
    console.error(`delve replay: ${e.message}`);
    return 1;
  }
}

if (import.meta.main) Deno.exit(await replayMain(Deno.args));
