/**
 * The AI worker: monster turns and pathfinding off the main thread. Started
 * with no permissions; it only computes. It takes the app's messages as its
 * event loop brings them (a batch to a `postMessage`, protocol.ts), and
 * between them thinks ahead a branch at a time (src/worker/handler/
 * thinker.ts), each branch a turn of the event loop of its own, so a message
 * waits for one branch at most; a branch is given up half way when the app
 * raises its flag. A failure is answered, not thrown: an uncaught error in a
 * worker is printed on the terminal under the game.
 *
 * @module
 */
import { type FromWorker, Thinker, type ToWorker, WarmUp } from "../src/worker/mod.ts";

interface WorkerScope {
  onmessage: ((event: MessageEvent<readonly ToWorker[]>) => void) | null;
  postMessage(message: readonly FromWorker[]): void;
}

const scope = self as unknown as WorkerScope;
/** The app's flag (protocol.ts, `start`), and its value when the worker last heeded it. */
let urgent: Int32Array | undefined;
let heeded = 0;

/**
 * Answers go in batches: a message costs about what a small floor's branch
 * does, so the branches thought within `BATCH_MS` go together; a message's
 * answer, and a branch that took longer, go at once.
 */
const BATCH_MS = 1;
let batch: FromWorker[] = [];
let batchBegan = 0;

function send(): void {
  if (batch.length === 0) return;
  scope.postMessage(batch);
  batch = [];
}

const thinker = new Thinker({
  post: (message: FromWorker) => {
    if (batch.length === 0) batchBegan = performance.now();
    batch.push(message);
  },
  now: () => performance.now(),
  urgent: () => {
    if (!urgent) return false;
    const raised = Atomics.load(urgent, 0);
    if (raised === heeded) return false;
    // Heeded once: the message it stands for is read before the next branch.
    heeded = raised;
    return true;
  },
});

/**
 * The next branch comes by a message to itself rather than a timer: a
 * timer of 0 ms is clamped to a few milliseconds, and the app's messages
 * are taken between the two.
 */
const loop = new MessageChannel();
let scheduled = false;
loop.port1.onmessage = () => {
  scheduled = false;
  let more = thinker.think();
  if (!more || performance.now() - batchBegan >= BATCH_MS) send();
  if (!more && warming) {
    // Nothing of the player's to think: the warm-up plays a slice, if it has time left.
    if (performance.now() < warmUntil) {
      warming.play(WARM_UP_SLICE_MS);
      more = true;
    } else warming = undefined;
  }
  if (more) thinkAgain();
};

/** The warm-up (protocol.ts, `start`), until the player's game comes or its time is up. */
let warming: WarmUp | undefined;
let warmUntil = 0;
/** How long the warm-up plays at a time: a message waits for a slice at most. */
const WARM_UP_SLICE_MS = 5;

function thinkAgain(): void {
  if (scheduled) return;
  scheduled = true;
  loop.port2.postMessage(null);
}

scope.onmessage = (event) => {
  // What waits in the batch goes first: the app's messages may change the copies its answers were taken of.
  send();
  for (const message of event.data) {
    if (message.type === "start" && message.urgent) urgent = new Int32Array(message.urgent);
    if (message.type === "start" && message.warmUpMs) {
      warming = new WarmUp(message.rules, () => performance.now());
      warmUntil = performance.now() + message.warmUpMs;
    }
    if (message.type === "load") warming = undefined;
    // Read now: whatever the flag was raised for is heeded.
    if (urgent) heeded = Atomics.load(urgent, 0);
    thinker.receive(message);
  }
  send();
  thinkAgain();
};

// Loaded: the app may count on it from now on.
scope.postMessage([{ type: "ready" }]);
