/**
 * A flood of input (a paste, a held key on a slow machine) is bounded: keys
 * beyond the queue's limit are dropped and counted, the player is told, and
 * Ctrl-C acts at once whatever waits.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { GameSession } from "../src/app/mod.ts";
import { InProcessRunner } from "../src/worker/mod.ts";
import { newGame } from "../src/engine/mod.ts";
import {
  HeadlessTerminal,
  INPUT_QUEUE_LIMIT,
  InputQueue,
  keyEvent,
  mouseEvent,
  type TerminalEvent,
} from "../src/terminal/mod.ts";
import { bundledContent } from "./support/content.ts";
import { assertRestored, saveFile, startGame } from "./support/e2e_game.ts";
import { TmuxPane } from "./support/tmux.ts";
import { shownMessages } from "./support/ui_harness.ts";

const content = await bundledContent();

async function take(queue: InputQueue, n: number): Promise<TerminalEvent[]> {
  const out: TerminalEvent[] = [];
  for (let i = 0; i < n; i++) out.push((await queue.next()).value as TerminalEvent);
  return out;
}

Deno.test("the input queue keeps at most its limit of keys and counts the rest as dropped", async () => {
  const queue = new InputQueue(3);
  for (const key of "abcdef") queue.push(keyEvent(key));
  equal(queue.size, 3);
  equal(queue.dropped, 3);
  deepEqual((await take(queue, 3)).map((e) => e.type === "key" && e.key), ["a", "b", "c"]);
  queue.push(keyEvent("g"));
  equal(queue.size, 1, "room again once keys are taken");
});

Deno.test("Ctrl-C jumps the queue: what waits is dropped, a waiting resize is kept", async () => {
  const queue = new InputQueue();
  for (let i = 0; i < 100; i++) queue.push(keyEvent("j"));
  queue.push({ type: "resize", columns: 90, rows: 30 });
  queue.push(keyEvent("k"));
  queue.push(keyEvent("c", { ctrl: true }));
  deepEqual(await take(queue, 2), [
    { type: "resize", columns: 90, rows: 30 },
    keyEvent("c", { ctrl: true }),
  ]);
  equal(queue.dropped, 101);
  equal(queue.size, 0);
});

Deno.test("a mouse movement replaces one still waiting, a resize likewise; keys are never merged", async () => {
  const queue = new InputQueue();
  queue.push(mouseEvent("move", "none", 1, 1));
  queue.push(mouseEvent("move", "none", 2, 1));
  queue.push({ type: "resize", columns: 80, rows: 24 });
  queue.push({ type: "resize", columns: 81, rows: 25 });
  queue.push(keyEvent("a"));
  queue.push(keyEvent("a"));
  deepEqual(await take(queue, 4), [
    mouseEvent("move", "none", 2, 1),
    { type: "resize", columns: 81, rows: 25 },
    keyEvent("a"),
    keyEvent("a"),
  ]);
  equal(queue.dropped, 0, "a replaced movement is not a dropped key");
});

Deno.test("draining waiting input (a key that stops a walk) is not counted as dropped", () => {
  const queue = new InputQueue();
  queue.push(keyEvent("a"));
  queue.push(keyEvent("b"));
  equal(queue.drain().length, 2);
  equal(queue.dropped, 0);
});

function floodedGame(): { app: GameSession; terminal: HeadlessTerminal } {
  const terminal = new HeadlessTerminal(80, 24);
  const app = new GameSession(
    terminal,
    content,
    newGame(content.rules, 7),
    new InProcessRunner(content.rules),
    {
      colorDepth: "truecolor",
    },
  );
  return { app, terminal };
}

Deno.test("after a paste of 50,000 keys, Ctrl-C is the very next event the game handles", async () => {
  const { app, terminal } = floodedGame();
  for (let i = 0; i < 50_000; i++) terminal.input(keyEvent(i % 2 ? "h" : "l"));
  terminal.input(keyEvent("c", { ctrl: true }));
  equal(await app.run(), "interrupt");
  equal(app.eventsDone, 0, "no key of the flood was played before Ctrl-C");
  equal(terminal.droppedInput, 50_000);
});

Deno.test("a flood without Ctrl-C plays the keys the queue kept and tells the player how many were dropped", async () => {
  const { app, terminal } = floodedGame();
  const running = app.run();
  // The first key goes straight to the waiting game; the queue keeps its limit of the rest.
  for (let i = 0; i < 1000; i++) terminal.input(keyEvent("."));
  terminal.end();
  equal(await running, "input-closed");
  equal(app.eventsDone, 1 + INPUT_QUEUE_LIMIT);
  const told = shownMessages(app).filter((m) => m.text.includes("keys typed ahead were dropped"));
  equal(told.length, 1);
  ok(told[0].text.startsWith(`${1000 - 1 - INPUT_QUEUE_LIMIT} keys`), told[0].text);
});

Deno.test("e2e 80x24: Ctrl-C after pasting 50,000 characters saves, restores the terminal and exits 130", async () => {
  await using pane = await TmuxPane.open(80, 24);
  await startGame(pane, 4004);
  // A paste arrives as one burst of bytes: far more keys than the game can play before Ctrl-C. They open
  // the message history and take no turn: a paste of waits could let the monsters kill the player first
  // (the kept 256 waits take a fraction of a second), and a death leaves no save to check.
  await Deno.writeTextFile(`${pane.dir}/flood`, "v".repeat(50_000));
  await pane.tmux("load-buffer", "-b", "flood", `${pane.dir}/flood`);
  await pane.tmux("paste-buffer", "-b", "flood", "-t", "0");
  await pane.keys("C-c");
  // Without the bounded queue the game plays the paste first (about half a minute): this waits less.
  await assertRestored(pane, 130);
  ok((await Deno.stat(saveFile(pane))).isFile, "Ctrl-C saved the game");
});
