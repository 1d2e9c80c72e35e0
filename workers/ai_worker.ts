/**
 * The AI worker: monster turns and pathfinding off the main thread. Started
 * with no permissions; it only computes. A failure is answered, not thrown:
 * an uncaught error in a worker is printed on the terminal under the game.
 *
 * @module
 */
import { type FromWorker, handleToWorker, type ToWorker, type WorkerMemory } from "../src/worker/mod.ts";

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
const memory: WorkerMemory = {};

// Loaded: turns may be timed from now on.
scope.postMessage({ type: "ready" });

/** Posts `answer`, the numbers of its moves moved to the app, not copied. */
function send(answer: FromWorker): void {
  const moves = answer.type === "moves" || answer.type === "played" ? answer.moves : undefined;
  scope.postMessage(answer, moves ? [moves.ints.buffer] : []);
}

scope.onmessage = (event) => {
  try {
    const answer = handleToWorker(memory, event.data, send, () => performance.now());
    if (answer) send(answer);
  } catch (e) {
    const seq = event.data.type === "play" ? event.data.seq : -1;
    scope.postMessage({ type: "failed", seq, error: e instanceof Error ? e.message : String(e) });
  }
};
