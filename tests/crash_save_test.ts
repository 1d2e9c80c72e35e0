/**
 * An internal error never loses the game: the program leaves the way main
 * leaves (runAndLeave), saving the game in progress whole, giving the
 * terminal back, saying one line and exiting 70.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { continueRecording, decodeSave, playRecording, readSave, savedReplay } from "../src/store/mod.ts";
import { GameSession, runAndLeave } from "../src/app/mod.ts";
import { newGame, playerOf, stateChecksum } from "../src/engine/mod.ts";
import { HeadlessTerminal, keyEvent } from "../src/terminal/mod.ts";
import { captureConsole } from "./support/console_capture.ts";
import { bundledContent } from "./support/content.ts";
import { delveSession } from "./support/delve_session.ts";
import { HookedRunner } from "./support/hooked_runner.ts";

const content = await bundledContent();
const { rules } = content;

/** The monsters in-process, until the turn (its monsters' half) it was told to fail on. */
class FailingRunner extends HookedRunner {
  constructor(readonly failTurn: number, readonly message = "injected fault") {
    super(rules, (_state, turn) => {
      if (turn === failTurn) throw new Error(message);
    });
  }
}

/** How {@link crash} plays. */
interface CrashPlay {
  /** Asking whether a key waits (between a walk's steps) fails. */
  readonly walksFail?: boolean;
  /** Continues the game saved there instead of starting a new one. */
  readonly savePath?: string;
}

/**
 * Starts the program as main does, plays `keys` after a new game (or the
 * saved one continued), and returns what leaving gave: the exit status,
 * stderr, how often the terminal was restored, the game's checksum before
 * each key and before each step of a walk, and the save on disk.
 */
async function crash(runner: FailingRunner, keys: string[], play: CrashPlay = {}) {
  const { walksFail, savePath: from } = play;
  const { app, terminal, savePath } = await delveSession({
    seed: 5,
    makeRunner: () => runner,
    ...from && { savePath: from },
  });
  const steps: number[] = [];
  // A walk asks between its steps whether a key waits: that is the one place asking fails.
  const pending = terminal.hasPendingInput.bind(terminal);
  terminal.hasPendingInput = () => {
    if (walksFail) throw new Error("injected fault");
    if (app.game) steps.push(stateChecksum(app.game.state));
    return pending();
  };
  let restored = 0;
  const sums: number[] = [];
  const { result: status, err } = await captureConsole(async () => {
    let left = false;
    const leaving = runAndLeave(app, { restore: () => restored++ }, false).finally(() => left = true);
    // Waits until `done` or the program has left, however busy the machine.
    const until = async (done: () => boolean) => {
      for (let k = 0; k < 2000 && !left && !done(); k++) await new Promise((r) => setTimeout(r, 5));
    };
    terminal.input(keyEvent(from ? "c" : "n"));
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
  return { status, err, restored, sums, steps, savePath, json: read.json };
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

Deno.test("an error between turns (in a walk, between its steps) saves the game as it stands; exit 70", async () => {
  const runner = new FailingRunner(0);
  const { status, err, sums, json } = await crash(runner, [".", ".", "x"], { walksFail: true });
  equal(status, 70);
  deepEqual(err, ["delve: internal error: injected fault"]);
  const saved = decodeSave(json, rules);
  equal(saved.turn, 2);
  equal(stateChecksum(saved), sums[2]);
});

Deno.test("an error in a walk's step saves the game as that step found it, recorded to match", async () => {
  const runner = new FailingRunner(5);
  const { status, steps, json } = await crash(runner, [".", ".", "x"]);
  equal(status, 70);
  const saved = decodeSave(json, rules);
  equal(saved.turn, 4, "two turns and two whole steps; the third, cut short, is not in the save");
  equal(stateChecksum(saved), steps.at(-1), "the game as the failed step found it");
  const replayed = playRecording(continueRecording(savedReplay(json)), rules);
  equal(stateChecksum(replayed), stateChecksum(saved), "and its recording plays back to it");
});

Deno.test("an error in a continued game saves it as the failed turn found it, its recording whole", async () => {
  const first = await crash(new FailingRunner(3), [".", ".", "."]);
  equal(decodeSave(first.json, rules).turn, 2);
  const { status, sums, json } = await crash(new FailingRunner(3), [".", ".", "."], {
    savePath: first.savePath,
  });
  equal(status, 70);
  const saved = decodeSave(json, rules);
  equal(saved.turn, 4, "the two turns saved, two more; the one cut short is not in the save");
  equal(stateChecksum(saved), sums[2], "the game as the failed turn found it");
  const replayed = playRecording(continueRecording(savedReplay(json)), rules);
  equal(
    stateChecksum(replayed),
    stateChecksum(saved),
    "and its recording, from the new game on, plays back to it",
  );
});

Deno.test("after a new floor and a level-up choice, an error mid-turn leaves the game as that turn found it", async () => {
  const state = newGame(rules, 10);
  const player = playerOf(state);
  [player.x, player.y] = [state.map.stairs.x, state.map.stairs.y];
  player.level!.xp = 1000;
  const runner = new FailingRunner(4);
  const game = new GameSession(new HeadlessTerminal(80, 24), content, state, runner, {
    colorDepth: "none",
  });
  ok(await game.perform({ act: { type: "descend" } }));
  equal(game.state.floor, 2);
  ok(await game.perform({ level: 0 }));
  ok(await game.perform({ act: { type: "wait" } }));
  ok(await game.perform({ act: { type: "wait" } }));
  const before = stateChecksum(game.state);
  const level = playerOf(game.state).level!.current;
  ok(level > 1, "a level was chosen");
  await game.perform({ act: { type: "wait" } }).then(() => ok(false, "the turn fails"), () => {});
  ok(stateChecksum(game.state) !== before, "the failed turn changed the game half way");
  equal(stateChecksum(game.wholeState()), before, "the game whole is as the failed turn found it");
  equal(playerOf(game.wholeState()).level!.current, level);
});

Deno.test("the crash line on main's way out shows escape sequences and bidi controls escaped, never raw", async () => {
  const runner = new FailingRunner(1, "boom \x1b]0;pwned\x07 \u202eevil \x1b[2J");
  const { status, err } = await crash(runner, ["."]);
  equal(status, 70);
  deepEqual(err, ["delve: internal error: boom \\x1b]0;pwned\\x07 \\u{202e}evil \\x1b[2J"]);
});
