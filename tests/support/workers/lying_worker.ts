/**
 * A worker that thinks as the real one does, but every answer it sends says
 * its game after the turn is other than it is: the app finds out only once
 * it has replayed the answer's moves.
 */
import { type Answer, type FromWorker, Thinker, type ToWorker } from "../../../src/worker/mod.ts";

const scope = self as unknown as {
  postMessage(message: FromWorker[]): void;
  onmessage: ((event: MessageEvent<ToWorker[]>) => void) | null;
};
const lie = (message: FromWorker): FromWorker =>
  message.type === "answer" && message.patch
    ? { ...message, patch: { ...message.patch, after: message.patch.after + 1 } } satisfies Answer
    : message;
const thinker = new Thinker({
  post: (message) => scope.postMessage([lie(message)]),
  now: () => performance.now(),
  urgent: () => false,
});
scope.postMessage([{ type: "ready" }]);
scope.onmessage = (event) => {
  for (const message of event.data) thinker.receive(message);
  while (thinker.think());
};
