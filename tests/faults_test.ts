/**
 * Faults while saving, in the real program on a headless terminal: a full
 * disk and a read-only save folder are told in the game, which plays on with
 * the old save whole; leaving mid-walk saves after the step in progress.
 */
import { deepEqual, equal, match, notEqual, ok, rejects } from "node:assert/strict";
import { dirname } from "node:path";
import { decodeSave, readSave, readScores } from "../src/store/mod.ts";
import { SaveOnLeavingFailed } from "../src/app/mod.ts";
import { isGameOver, type Rules, stateChecksum } from "../src/engine/mod.ts";
import { keyEvent } from "../src/terminal/mod.ts";
import { bundledContent } from "./support/content.ts";
import { doomPlayer, type TitleSession, titleSession } from "./support/title_session.ts";
import { smallDisk } from "./support/full_disk.ts";
import { readOnly } from "./support/read_only.ts";
import { lastShown } from "./support/ui_harness.ts";
import { HookedRunner } from "./support/hooked_runner.ts";

const { rules } = await bundledContent();

/** A saved game, continued and played on a little: the save on disk is older than the game. */
async function playedOnPastTheSave(t: TitleSession): Promise<{ saved: Uint8Array; turn: number }> {
  await t.tick();
  await t.press("n", "l", "Escape");
  const saved = await Deno.readFile(t.savePath);
  await t.press("c", "j", "k", "j");
  return { saved, turn: t.app.game!.state.turn };
}

const lastLine = (t: TitleSession) => lastShown(t.app.game!).text;

async function savedTurn(path: string): Promise<number> {
  const read = await readSave(path);
  if (read.kind !== "read") throw new Error(`the save cannot be read: ${JSON.stringify(read)}`);
  return decodeSave(read.json, rules).turn;
}

/** The names in `dir` but the filler that fills its disk. */
const namesIn = (dir: string) =>
  [...Deno.readDirSync(dir)].map((e) => e.name).filter((n) => n !== "filler").sort();

Deno.test("a full disk while saving: the game says so and plays on; the old save survives, no temp file left", async () => {
  await using disk = await smallDisk();
  const t = await titleSession(undefined, { savePath: `${disk.dir}/savegame.json.gz` });
  const { saved } = await playedOnPastTheSave(t);
  const before = namesIn(disk.dir);
  await disk.fill();
  await t.press("Escape");
  ok(t.app.game, "still playing");
  match(lastLine(t), /^Could not save the game: No space left on device/);
  equal((await Deno.readFile(t.savePath)).join(), saved.join(), "the old save is untouched");
  deepEqual(namesIn(disk.dir), before, "the failed temporary file is gone");
  await disk.free();
  await t.press("l");
  const turn = t.app.game!.state.turn;
  await t.press("Escape");
  ok(!t.app.game, "with room again, Esc saves and leaves");
  equal(await savedTurn(t.savePath), turn);
  await t.press("q");
  await t.running;
});

Deno.test("a read-only save folder: saving fails with the reason told, the game plays on, and death still ends it", async () => {
  const t = await titleSession();
  const { saved } = await playedOnPastTheSave(t);
  // The morgue file and the scores go beside the save in the real program: lock their folder too.
  const undos = [await readOnly(dirname(t.savePath)), await readOnly(t.dir)];
  try {
    await t.press("Escape");
    ok(t.app.game, "still playing");
    match(lastLine(t), /^Could not save the game: /);
    equal((await Deno.readFile(t.savePath)).join(), saved.join(), "the old save is untouched");
    // Death in a folder that cannot be written: the screen says what could not be kept.
    doomPlayer(t.app.game!.state, rules);
    await t.press(".");
    ok(isGameOver(t.app.game!.state));
  } finally {
    for (const undo of undos) await undo();
  }
  const screen = t.gameText();
  ok(screen.includes("You died on dungeon level 1"), screen);
  match(screen, /No morgue file: /);
  match(screen, /High scores not saved: /);
  await t.press("Escape", "q");
  equal(await t.running, "quit");
});

/** The AI as slow as a busy worker: each monster phase starts after `ms`. */
const slowRunner = (rules: Rules, ms: number) =>
  new HookedRunner(rules, () => new Promise((r) => setTimeout(r, ms)));

Deno.test("leaving with keys typed ahead saves a whole turn, and no key starts a turn after it", async () => {
  const t = await titleSession(undefined, { makeRunner: () => slowRunner(rules, 30) });
  await t.tick();
  await t.press("n");
  const game = t.app.game!;
  t.terminal.input(keyEvent("l"), keyEvent("h"), keyEvent("l"), keyEvent("h"));
  await new Promise((r) => setTimeout(r, 10)); // the first key's monsters are thinking
  await t.app.saveInProgress();
  await new Promise((r) => setTimeout(r, 200)); // what was typed ahead has had its chance
  const read = await readSave(t.savePath);
  if (read.kind !== "read") throw new Error("no save");
  const saved = decodeSave(read.json, rules);
  equal(saved.turn, game.state.turn, "no turn after the save");
  equal(stateChecksum(saved), stateChecksum(game.state), "the save is the game as it stands, monsters moved");
  t.terminal.end();
  await t.running;
});

Deno.test("leaving during the turn that kills the player leaves no save of the dead game", async () => {
  const t = await titleSession(undefined, { makeRunner: () => slowRunner(rules, 30) });
  await t.tick();
  await t.press("n", "Escape", "c");
  ok((await readSave(t.savePath)).kind === "read", "a save to delete");
  doomPlayer(t.app.game!.state, rules);
  t.terminal.input(keyEvent("."));
  await new Promise((r) => setTimeout(r, 10)); // the orc is deciding
  await t.app.saveInProgress();
  ok(isGameOver(t.app.game!.state));
  equal((await readSave(t.savePath)).kind, "missing", "one life: the dead game cannot be continued");
  t.terminal.end();
  await t.running;
});

Deno.test("Ctrl-C with a full disk: leaving fails loudly (SaveOnLeavingFailed), never quietly with the game lost", async () => {
  await using disk = await smallDisk();
  const t = await titleSession(undefined, { savePath: `${disk.dir}/savegame.json.gz` });
  const { saved } = await playedOnPastTheSave(t);
  await disk.fill();
  t.terminal.input(keyEvent("c", { ctrl: true }));
  await rejects(
    t.running,
    (e: unknown) => e instanceof SaveOnLeavingFailed && /No space left/.test(e.message),
  );
  equal((await Deno.readFile(t.savePath)).join(), saved.join(), "the old save is untouched");
});

Deno.test("a signal just after the fatal turn waits for the morgue file and the score before the exit", async () => {
  const t = await titleSession(undefined, { makeRunner: () => slowRunner(rules, 30) });
  await t.tick();
  await t.press("n");
  doomPlayer(t.app.game!.state, rules);
  t.terminal.input(keyEvent("."));
  for (let k = 0; k < 400 && !isGameOver(t.app.game!.state); k++) await new Promise((r) => setTimeout(r, 1));
  ok(isGameOver(t.app.game!.state), "dead, the files not yet written");
  await t.app.saveInProgress(); // what the exit guard awaits before Deno.exit
  const morgue = [...Deno.readDirSync(`${t.dir}/morgue`)].map((e) => e.name).sort();
  equal(morgue.length, 2, `the morgue file and the replay beside it are there: ${morgue}`);
  const scores = await readScores(`${t.dir}/scores.json`);
  equal(scores.kind === "read" && scores.scores.length, 1, "the score is there");
  t.terminal.end();
  await t.running;
});

Deno.test("leaving mid-walk waits for the step in progress, not the whole walk, and saves where the walk stopped", async () => {
  const t = await titleSession(undefined, { seed: 22, walkDelayMs: 100 });
  await t.tick();
  await t.press("n");
  const game = t.app.game!;
  await t.press("x");
  await new Promise((r) => setTimeout(r, 350));
  const started = game.state.turn;
  ok(started >= 1, "the walk is under way");
  await t.app.saveInProgress();
  const stopped = game.state.turn;
  ok(stopped - started <= 2, `the walk stopped after the step in progress (${started} → ${stopped})`);
  await new Promise((r) => setTimeout(r, 400));
  equal(game.state.turn, stopped, "the walk went no further");
  equal(await savedTurn(t.savePath), stopped);
  notEqual(game.state.turn, 0);
  t.terminal.end();
  await t.running;
});
