/**
 * What a stand-in AI worker sees of its scope: it says it loaded, and is
 * handed each message the app sends (they come in batches, protocol.ts).
 * For workers that fail on purpose.
 */
export function onAppMessages(handle: (message: { type: string }) => void): void {
  const scope = self as unknown as {
    postMessage(message: unknown): void;
    onmessage: ((event: MessageEvent<{ type: string }[]>) => void) | null;
  };
  scope.postMessage([{ type: "ready" }]);
  scope.onmessage = (event) => {
    for (const message of event.data) handle(message);
  };
}
