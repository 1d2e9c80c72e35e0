/**
 * The AI worker: monster turns and pathfinding off the main thread. Started
 * with no permissions; it only computes. A failure is answered, not thrown:
 * an uncaught error in a worker is printed on the terminal under the game.
 *
 * @module
 */
import {
  type FromWorker,
  handleToWorker,
  MoveBuffer,
  PARK_ACTIVE_MS,
  PARK_SLICE_MS,
  takeMessage,
  type ToWorker,
  type WireMoves,
  WorkerBell,
  type WorkerMemory,
} from "../src/worker/mod.ts";

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker<WireMoves>, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
const memory: WorkerMemory = {};
const now = () => performance.now();
let bell: WorkerBell | undefined;
/** The worker's end of the port the app's messages come by once it has rung the bell; answers go back by it. */
let port: MessagePort | undefined;
/** Where its moves are written for the app to read, once it has rung the bell (and if this runtime can). */
let moves: MoveBuffer | undefined;
/** True while the worker keeps to its bell (in `park`, or about to be). */
let parked = false;
/** The way back to the bell after the event loop's turn (see `park`). */
const parkAgain = new MessageChannel();
parkAgain.port1.onmessage = () => park();

// Loaded: turns may be timed from now on.
scope.postMessage({ type: "ready" });

/** Posts `answer`, the numbers of its moves written to the shared buffer, or else moved to the app, not copied. */
function send(answer: FromWorker): void {
  const encoded = answer.type === "moves" || answer.type === "played" ? answer.moves : undefined;
  const wire = encoded && moves ? moves.place(encoded) : encoded;
  const message: FromWorker<WireMoves> = wire === encoded
    ? answer
    : { ...answer, moves: wire } as FromWorker<WireMoves>;
  const transfer = wire && "ints" in wire ? [wire.ints.buffer] : [];
  if (port) {
    port.postMessage(message, transfer);
    if (!bell?.appListens) scope.postMessage({ type: "wake" });
  } else {
    scope.postMessage(message, transfer);
  }
  bell?.posted();
}

/** Handles every message waiting on the port; true if there was one. */
function takeWaiting(): boolean {
  let took = false;
  for (let message = port && takeMessage<ToWorker>(port); message; message = takeMessage<ToWorker>(port!)) {
    took = true;
    receive(message);
  }
  return took;
}

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
  bell?.read();
  // A command's answer is written from the start: the app has read all of the last one.
  if (message.type === "play") moves?.rewind();
  try {
    const answer = handleToWorker(memory, message, send, now);
    if (answer) send(answer);
  } catch (e) {
    const seq = message.type === "play" ? message.seq : -1;
    send({ type: "failed", seq, error: e instanceof Error ? e.message : String(e) });
  }
  if (!parked && bell) park();
}

// The port is read only by `takeMessage` (see the app's `#takeWaiting` for why): a "wake" here says
// a message waits on it, for when the worker sleeps in its event loop.
scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === "wake") {
    takeWaiting();
    if (!parked && bell) park();
    return;
  }
  if (message.type === "bell") {
    bell = new WorkerBell(message.bell, now);
    port = message.port;
    moves = message.moves && new MoveBuffer(message.moves);
  }
  receive(message);
};
