/**
 * The AI worker: monster turns and pathfinding off the main thread. Started
 * with no permissions; it only computes. A failure is answered, not thrown:
 * an uncaught error in a worker is printed on the terminal under the game.
 *
 * @module
 */
import {
  ChannelEnd,
  type FromWorker,
  handleToWorker,
  openWorkerEnd,
  PARK_ACTIVE_MS,
  PARK_SLICE_MS,
  type ToWorker,
  type WorkerBell,
  type WorkerMemory,
} from "../src/worker/mod.ts";

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
const memory: WorkerMemory = {};
const now = () => performance.now();
/** The worker's end of the channel: its own way until the app's bell comes, then the port the bell brings. */
let channel = new ChannelEnd<FromWorker, ToWorker, WorkerBell>(scope);
/** True while the worker keeps to its bell (in `park`, or about to be). */
let parked = false;
/** The way back to the bell after the event loop's turn (see `park`). */
const parkAgain = new MessageChannel();
parkAgain.port1.onmessage = () => park();

// Loaded: turns may be timed from now on.
scope.postMessage({ type: "ready" } satisfies FromWorker);

/** Handles every message waiting on the port; true if there was one. */
const takeWaiting = () => channel.takeWaiting(receive);

/**
 * Keeps to the bell while the app is playing, taking each message from the
 * port as the bell wakes it, a slice or a message at a time; between them
 * the event loop takes a turn, for V8's own tasks (garbage collection's
 * among them: a worker that never leaves the bell collects only when it
 * must, and its turns took half again as long). Not on a timer: a timer of
 * 0 ms keeps a worker from its bell for about 2 ms, and a message that
 * comes then waits for the event loop; a message to itself takes it back at
 * once. When the app has been quiet for `PARK_ACTIVE_MS`, or closes the
 * bell, the worker sleeps in its event loop (where alone a `terminate`
 * takes effect) until the next "wake".
 */
function park(): void {
  const bell = channel.bell;
  parked = true;
  bell?.listening(true);
  const active = bell?.park(PARK_SLICE_MS, PARK_ACTIVE_MS) ?? false;
  if (takeWaiting() || active) return parkAgain.port2.postMessage(null);
  // Deaf from here: a message posted meanwhile is taken now, or comes with a "wake".
  bell?.listening(false);
  if (takeWaiting()) return parkAgain.port2.postMessage(null);
  parked = false;
}

function receive(message: ToWorker): void {
  // A command's answer is written from the start: the app has read all of the last one.
  if (message.type === "play") channel.line?.moves?.rewind();
  const send = (answer: FromWorker) => channel.send(answer);
  try {
    const answer = handleToWorker(memory, message, send, now);
    if (answer) send(answer);
  } catch (e) {
    const seq = message.type === "play" ? message.seq : -1;
    send({ type: "failed", seq, error: e instanceof Error ? e.message : String(e) });
  }
  if (!parked && channel.bell) park();
}

// The port is read only by the channel (see `ChannelEnd.takeWaiting` for why): a "wake" here says a
// message waits on it, for when the worker sleeps in its event loop.
scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === "wake") {
    takeWaiting();
    if (!parked && channel.bell) park();
    return;
  }
  if (message.type === "bell") {
    channel = openWorkerEnd(scope, message, now);
    // The app has just been heard from: the worker keeps to its bell from here.
    channel.bell?.read();
  }
  receive(message);
};
