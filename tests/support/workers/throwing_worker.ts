/** A worker that loads, then throws on every turn. */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ type: string }>) => void) | null;
  postMessage(message: unknown): void;
};
scope.postMessage({ type: "ready" });
scope.onmessage = (event) => {
  if (event.data.type === "play") throw new Error("the AI broke");
};
