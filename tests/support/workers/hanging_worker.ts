/** A worker that loads, then never answers a turn (asked, or told). */
const scope = self as unknown as {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent<{ type: string }[]>) => void) | null;
};
scope.postMessage([{ type: "ready" }]);
scope.onmessage = (event) => {
  for (const message of event.data) {
    if (message.type === "play" || message.type === "took") { for (;;) { /* hang */ } }
  }
};
