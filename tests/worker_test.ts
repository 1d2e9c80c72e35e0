import { deepEqual, equal, fail, ok } from "node:assert/strict";
import { pathToFileURL as toFileUrl } from "node:url";
import { bundleWorker } from "../src/commands/mod.ts";
import { GameSession } from "../src/app/mod.ts";
import { AI_WORKER_OPTIONS, InProcessRunner, mirrorOf, WorkerRunner } from "../src/worker/mod.ts";
import { newGame, playerOf } from "../src/engine/mod.ts";
import { HeadlessTerminal, keyEvent } from "../src/terminal/mod.ts";
import { bundledContent } from "./support/content.ts";
import { runWithDeliberateWorkerErrors } from "./support/deliberate_errors.ts";
import { faultyGame, script, snapshot, turn } from "./support/faulty_game.ts";

const content = await bundledContent();
const { rules } = content;

Deno.test("the worker asked every turn (from its source or the server's one-file bundle) and in-process AI give the same game, compared after every turn", async () => {
  const state = await Deno.makeTempDir({ prefix: "delve-bundle-" });
  const bundle = await bundleWorker(state, (line) => fail(line));
  ok(bundle !== undefined);
  const workerUrl = toFileUrl(bundle);
  let fights = 0;
  const cases = [[1], [2], [3], [4, workerUrl], [5, workerUrl]] as const;
  for (const [seed, url] of cases) {
    const viaWorker = newGame(rules, seed), inProcess = newGame(rules, seed);
    const worker = new WorkerRunner(rules, url ? { workerUrl: url } : {});
    const local = new InProcessRunner(rules);
    ok(await worker.ready, "the worker loaded");
    let timed = 0;
    try {
      for (const action of script(seed, 150)) {
        if (await turn(viaWorker, worker, action)) timed++;
        await turn(inProcess, local, action);
        deepEqual(snapshot(viaWorker), snapshot(inProcess));
        deepEqual(viaWorker.map.visible, inProcess.map.visible);
      }
      deepEqual(
        [worker.faults, worker.stats.workerTurns],
        [[], timed],
        `the worker answered every turn ${worker.faults}`,
      );
      fights += viaWorker.log.filter((e) => e.text.includes("attacks")).length;
    } finally {
      worker.close();
    }
  }
  ok(fights > 5, "there was fighting to compare");
  await Deno.remove(state, { recursive: true });
});

/** The faults of a 12-turn game with the worker in `workerFile`; the game must be the same as in-process. */
async function faultsOf(workerFile: string, timeoutMs: number): Promise<readonly string[]> {
  const { faults, faulty, reference } = await faultyGame(rules, workerFile, timeoutMs);
  deepEqual(faulty, reference, "the game went on as if nothing happened");
  return faults;
}

/**
 * The same, for a worker whose error is deliberate: played in a process of
 * its own, whose stderr may hold Deno's report of that error and nothing else.
 */
async function quietFaultsOf(
  workerFile: string,
  timeoutMs: number,
  message: string,
): Promise<readonly string[]> {
  const out = await runWithDeliberateWorkerErrors(
    new URL("./support/faulty_game_main.ts", import.meta.url),
    [workerFile, String(timeoutMs)],
    new URL(`./support/workers/${workerFile}`, import.meta.url),
    message,
  );
  const { faults, same } = JSON.parse(out) as { faults: string[]; same: boolean };
  ok(same, "the game went on as if nothing happened");
  return faults;
}

Deno.test("a worker that throws is replaced and the turn runs in-process", async () => {
  const faults = await quietFaultsOf("throwing_worker.ts", 1000, "the AI broke");
  ok(faults.length > 0 && faults.every((f) => f === "error"), faults.join());
});

Deno.test("a worker that fails to load is given up on at once, and the turns run in-process", async () => {
  const faults = await quietFaultsOf("broken_worker.ts", 1000, "this worker cannot load");
  ok(faults.length > 0 && faults.every((f) => f === "error"), faults.join());
});

Deno.test("a worker that hangs is given up on after the timeout and replaced", async () => {
  const faults = await faultsOf("hanging_worker.ts", 150);
  ok(faults.length > 0 && faults.every((f) => f === "timeout"), faults.join());
});

Deno.test("each fault is told as it is met, as well as kept: the server tells its operator", async () => {
  const told: string[] = [];
  const runner = new WorkerRunner(rules, {
    timeoutMs: 150,
    workerUrl: new URL("./support/workers/hanging_worker.ts", import.meta.url),
    onFault: (fault) => void told.push(fault),
  });
  ok(await runner.ready);
  try {
    await runner.play(newGame(rules, 3), { act: { type: "wait" } });
  } finally {
    runner.close();
  }
  deepEqual(told, ["timeout"]);
  deepEqual(runner.faults, told);
});

Deno.test("killing the worker mid-game loses no key: keys queue and apply once each, in order", async () => {
  const keys = "llllljjjjjhhhhhkkkkk.....yyuubbnn".split("").map((k) => keyEvent(k));
  const play = async (kill: boolean) => {
    const terminal = new HeadlessTerminal(80, 24);
    const state = newGame(rules, 21);
    const runner = kill ? new WorkerRunner(rules, { timeoutMs: 300 }) : new InProcessRunner(rules);
    if (runner instanceof WorkerRunner) await runner.ready;
    const app = new GameSession(terminal, content, state, runner, { colorDepth: "truecolor" });
    const running = app.run();
    // Everything typed at once, while turns are still resolving.
    terminal.input(...keys.slice(0, 10));
    if (runner instanceof WorkerRunner) {
      await new Promise((r) => setTimeout(r, 50));
      runner.killWorker();
      // Killed while turns were queued: the next ones must still all happen.
    }
    terminal.input(...keys.slice(10));
    terminal.end();
    await running;
    runner.close();
    return { state, faults: runner instanceof WorkerRunner ? runner.faults : [] };
  };
  const killed = await play(true), reference = await play(false);
  deepEqual(snapshot(killed.state), snapshot(reference.state));
  ok(killed.faults.length >= 1, "the dead worker was noticed");
  equal(killed.state.turn, reference.state.turn);
});

Deno.test("a fault found between keys is painted over: the next frame draws the whole screen, the one after only what changed", async () => {
  const terminal = new HeadlessTerminal(80, 24);
  const runner = new WorkerRunner(rules, { timeoutMs: 300 });
  ok(await runner.ready);
  const state = newGame(rules, 21);
  const app = new GameSession(terminal, content, state, runner, { colorDepth: "truecolor" });
  const running = app.run();
  /** What the key `k` drew, and what came in while the event loop turned after it. */
  const frameOf = async (k: string) => {
    const before = terminal.writes.length;
    terminal.input(keyEvent(k));
    await new Promise((resolve) => setTimeout(resolve, 100));
    return terminal.writes.slice(before).join("");
  };
  try {
    const frames = [await frameOf(".")];
    // The copy loses its player: a command the copy follows (as a walk's end) fails, answered between keys.
    const { state: copy, transfer } = mirrorOf({ ...state, entities: state.entities.slice(1) });
    runner.post({ type: "load", node: runner.node, state: copy }, transfer);
    runner.post({ type: "took", node: runner.node + 1, command: { act: { type: "wait" } } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    deepEqual(runner.faults, ["failed"], "the fault came between keys");
    frames.push(await frameOf("."), await frameOf("."));
    // A whole 80x24 screen is thousands of bytes; a wait's frame, a hundred or so.
    deepEqual(
      frames.map((f) => f.length > 2000),
      [false, true, false],
      `the screen drawn whole once, at the fault: ${frames.map((f) => f.length)}`,
    );
  } finally {
    terminal.end();
    await running;
    runner.close();
  }
});

Deno.test("the AI worker's options grant nothing: no file reads, no environment, no processes", async () => {
  const worker = new Worker(new URL("./support/workers/probe_worker.ts", import.meta.url), AI_WORKER_OPTIONS);
  const answer = await new Promise((resolve) => {
    worker.onmessage = (e) => resolve(e.data);
    worker.postMessage("go");
  });
  worker.terminate();
  deepEqual(answer, { read: "NotCapable", env: "NotCapable", run: "NotCapable" });
});

Deno.test("while the worker is still loading, turns run in-process at once: a cold start never stalls a key", async () => {
  const runner = new WorkerRunner(rules);
  const state = newGame(rules, 4), reference = newGame(rules, 4);
  try {
    const started = performance.now();
    await turn(state, runner, { type: "wait" });
    ok(performance.now() - started < 500, "the first turn did not wait for the worker to load");
    await turn(reference, new InProcessRunner(rules), { type: "wait" });
    deepEqual(snapshot(state), snapshot(reference));
    ok(await runner.ready);
    await turn(state, runner, { type: "wait" });
    equal(runner.stats.workerTurns, 1, "once loaded, the worker takes the turns");
  } finally {
    runner.close();
  }
});

Deno.test("the game travels to the worker once, and each turn only the command; a change it cannot derive sends it again", async () => {
  const runner = new WorkerRunner(rules);
  ok(await runner.ready);
  const sent: { type: string; keys: string[] }[] = [];
  runner.onPost = (message) => {
    sent.push({ type: message.type, keys: Object.keys(message).sort() });
    if (message.type === "load") {
      const { map } = message.state;
      ok(!(map.tiles.buffer instanceof SharedArrayBuffer), "the copy's grids are its own, not the game's");
    }
  };
  try {
    const state = newGame(rules, 6);
    for (let k = 0; k < 5; k++) await turn(state, runner, { type: "wait" });
    deepEqual(sent.map((m) => m.type), ["load", "play", "play", "play", "play", "play"]);
    deepEqual(sent[2].keys, ["act", "node", "seq", "type"], "a turn carries the command, not the game");
    // A change no command made (a new map put in by hand): the game is sent again.
    state.map = newGame(rules, 7).map;
    await turn(state, runner, { type: "wait" });
    deepEqual(sent.slice(6).map((m) => m.type), ["load", "play"]);
    playerOf(state).fighter!.hp -= 1;
    await turn(state, runner, { type: "wait" });
    deepEqual(sent.slice(8).map((m) => m.type), ["load", "play"]);
    deepEqual([runner.faults, runner.stats.workerTurns, runner.stats.loads], [[], 7, 3]);
  } finally {
    runner.close();
  }
});
