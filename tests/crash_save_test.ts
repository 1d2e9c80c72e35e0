/**
 * An internal error never loses the game: the program leaves the way main
 * leaves (runAndLeave), saving the game in progress whole, giving the
 * terminal back, saying one line and exiting 70.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { runAndLeave } from "../src/app/leaving.ts";
import type { PlanAnswer, PlanRequest } from "../src/worker/mod.ts";
import { continueRecording, playRecording } from "../src/app/replay_format.ts";
import { readSave } from "../src/app/save_file.ts";
import { decodeSave, savedReplay } from "../src/app/save_format.ts";
import { stateChecksum } from "../src/engine/checksum.ts";
import type { GameState } from "../src/engine/state.ts";
import { keyEvent } from "../src/terminal/input_events.ts";
import { captureConsole } from "./support/console_capture.ts";
import { bundledContent } from "./support/content.ts";
import { delveSession } from "./support/delve_session.ts";
import { HookedRunner } from "./support/hooked_runner.ts";

const { rules } = await bundledContent();

/** The monsters in-process, until the turn (its monsters' half) or the walk it was told to fail on. */
class FailingRunner extends HookedRunner {
  constructor(readonly failTurn: number, readonly failPlan = false, readonly message = "injected fault") {
    super(rules, (_state, turn) => {
      if (turn === failTurn) throw new Error(message);
    });
  }

  override plan(state: GameState, request: PlanRequest): Promise<PlanAnswer> {
    if (this.failPlan) throw new Error("injected fault");
    return super.plan(state, request);
  }
}

/**
 * Starts the program as main does, plays `keys` after a new game, and
 * returns what leaving gave: the exit status, stderr, how often the terminal
 * was restored, the game's checksum after each key, and the save on disk.
 */
async function crash(runner: FailingRunner, keys: string[]) {
  const { app, terminal, savePath } = await delveSession({ seed: 5, makeRunner: () => runner });
  let restored = 0;
  const sums: number[] = [];
  const { result: status, err } = await captureConsole(async () => {
    let left = false;
    const leaving = runAndLeave(app, { restore: () => restored++ }, false).finally(() => left = true);
    // Waits until `done` or the program has left, however busy the machine.
    const until = async (done: () => boolean) => {
      for (let k = 0; k < 2000 && !left && !done(); k++) await new Promise((r) => setTimeout(r, 5));
    };
    terminal.input(keyEvent("n"));
    await until(() => app.game !== undefined);
    const game = app.game!;
    for (const key of keys) {
      sums.push(stateChecksum(game.state));
      const before = game.eventsDone;
      terminal.input(keyEvent(key));
      await until(() => game.eventsDone > before);
    }
    return await leaving;
  });
  const read = await readSave(savePath);
  if (read.kind !== "read") throw new Error(`no save after the error: ${JSON.stringify(read)}`);
  return { status, err, restored, sums, json: read.json };
}

Deno.test("an error in the monsters' turn saves the game as that turn began, recorded to match; exit 70", async () => {
  const runner = new FailingRunner(3);
  const { status, err, restored, sums, json } = await crash(runner, [".", ".", "."]);
  equal(status, 70);
  deepEqual(err, ["delve: internal error: injected fault"]);
  ok(restored >= 1, "the terminal was given back");
  const saved = decodeSave(json, rules);
  equal(saved.turn, 2, "two whole turns; the third, cut short, is not in the save");
  equal(stateChecksum(saved), sums[2], "the game as the failed turn found it");
  const replayed = playRecording(continueRecording(savedReplay(json)), rules);
  equal(stateChecksum(replayed), stateChecksum(saved), "and its recording plays back to it");
});

Deno.test("an error between turns (a walk that cannot be planned) saves the game as it stands; exit 70", async () => {
  const runner = new FailingRunner(0, true);
  const { status, err, sums, json } = await crash(runner, [".", ".", "x"]);
  equal(status, 70);
  deepEqual(err, ["delve: internal error: injected fault"]);
  const saved = decodeSave(json, rules);
  equal(saved.turn, 2);
  equal(stateChecksum(saved), sums[2]);
});

Deno.test("the crash line on main's way out shows escape sequences and bidi controls escaped, never raw", async () => {
  const runner = new FailingRunner(1, false, "boom \x1b]0;pwned\x07 \u202eevil \x1b[2J");
  const { status, err } = await crash(runner, ["."]);
  equal(status, 70);
  deepEqual(err, ["delve: internal error: boom \\x1b]0;pwned\\x07 \\u{202e}evil \\x1b[2J"]);
});
