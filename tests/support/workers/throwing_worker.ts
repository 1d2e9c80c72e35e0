/** A worker that loads, then throws on every turn (asked, or told). */
const scope = self as unknown as {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent<{ type: string }[]>) => void) | null;
};
scope.postMessage([{ type: "ready" }]);
scope.onmessage = (event) => {
  for (const message of event.data) {
    if (message.type === "play" || message.type === "took") throw new Error("the AI broke");
  }
};
