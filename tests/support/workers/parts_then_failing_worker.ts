/**
 * A worker that keeps its copy of the game as the real one does and sends
 * each long turn's parts as it decides them, then, in place of the turn's
 * last moves, says it failed: the app has made some of the turn's moves by
 * then. Its answers go the worker's own way (it ignores the bell).
 */
import {
  type FromWorker,
  handleToWorker,
  type ToWorker,
  type WorkerMemory,
} from "../../../src/worker/mod.ts";
import { onAppMessage } from "./app_messages.ts";

const post = (message: FromWorker) =>
  (self as unknown as { postMessage(m: unknown): void }).postMessage(message);
const memory: WorkerMemory = {};

post({ type: "ready" });
onAppMessage((received) => {
  const message = received as ToWorker;
  if (message.type !== "play" || message.quiet) return void handleToWorker(memory, message);
  let parts = 0;
  handleToWorker(memory, message, (part) => {
    parts++;
    post(part);
  });
  post({ type: "failed", seq: message.seq, error: `failed after ${parts} parts` });
});
