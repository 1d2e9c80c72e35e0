/**
 * The AI worker: monster turns and pathfinding off the main thread. Started
 * with no permissions; it only computes.
 *
 * @module
 */
import {
  type FromWorker,
  handleToWorker,
  type ToWorker,
  type WorkerMemory,
} from "../src/engine/worker_protocol.ts";

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker): void;
}

const scope = self as unknown as WorkerScope;
const memory: WorkerMemory = {};

scope.onmessage = (event) => {
  const answer = handleToWorker(memory, event.data);
  if (answer) scope.postMessage(answer);
};
