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
  PARK_ACTIVE_MS,
  PARK_SLICE_MS,
  type ToWorker,
  WorkerBell,
  type WorkerMemory,
} from "../src/worker/mod.ts";

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
const memory: WorkerMemory = {};
const now = () => performance.now();
let bell: WorkerBell | undefined;
let parked = false;

// Loaded: turns may be timed from now on.
scope.postMessage({ type: "ready" });

/** Posts `answer`, the numbers of its moves moved to the app, not copied. */
function send(answer: FromWorker): void {
  const moves = answer.type === "moves" || answer.type === "played" ? answer.moves : undefined;
  scope.postMessage(answer, moves ? [moves.ints.buffer] : []);
  bell?.posted();
}

/** Parks on the bell between messages while the app is playing, its event loop turning between slices. */
function park(): void {
  parked = bell?.park(PARK_SLICE_MS, PARK_ACTIVE_MS) ?? false;
  if (parked) setTimeout(park, 0);
}

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === "bell") bell = new WorkerBell(message.bell, now);
  bell?.read();
  try {
    const answer = handleToWorker(memory, message, send, now);
    if (answer) send(answer);
  } catch (e) {
    const seq = message.type === "play" ? message.seq : -1;
    send({ type: "failed", seq, error: e instanceof Error ? e.message : String(e) });
  }
  if (!parked) {
    parked = true;
    setTimeout(park, 0);
  }
};
