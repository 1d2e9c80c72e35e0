import { takeMessage } from "../../../src/worker/mod.ts";

/**
 * Hands `handle` every message the app sends a worker, by whichever way it
 * comes: the worker's own (the bell, and everything where memory cannot be
 * shared) or the port the bell's message brings, which the app posts every
 * later message to (read when a "wake" says one waits). For stand-in workers that fail on purpose.
 */
export function onAppMessage(handle: (message: { type: string }) => void): void {
  const scope = self as unknown as { onmessage: ((event: MessageEvent) => void) | null };
  let port: MessagePort | undefined;
  scope.onmessage = (event) => {
    const message = event.data as { type: string; port?: MessagePort };
    if (message.port) port = message.port;
    if (message.type !== "wake") return handle(message);
    for (let next = port && takeMessage<{ type: string }>(port); next; next = takeMessage(port!)) {
      handle(next);
    }
  };
}
