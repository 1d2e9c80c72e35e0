/**
 * The AI worker: monster turns and pathfinding off the main thread. Started
 * with no permissions; it only computes. A failure is answered, not thrown:
 * an uncaught error in a worker is printed on the terminal under the game.
 *
 * @module
 */
import { handleToWorker, type WorkerMemory } from "../src/worker/handler/mirror.ts";
import type { FromWorker, ToWorker } from "../src/worker/protocol.ts";

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
const memory: WorkerMemory = {};

// Loaded: turns may be timed from now on.
scope.postMessage({ type: "ready" });

scope.onmessage = (event) => {
  try {
    const answer = handleToWorker(memory, event.data, () => performance.now());
    // The moves' numbers are moved to the app, not copied.
    if (answer) {
      scope.postMessage(answer, answer.type === "played" && answer.moves ? [answer.moves.ints.buffer] : []);
    }
  } catch (e) {
    const seq = event.data.type === "play" || event.data.type === "plan" ? event.data.seq : -1;
    scope.postMessage({ type: "failed", seq, error: e instanceof Error ? e.message : String(e) });
  }
};
