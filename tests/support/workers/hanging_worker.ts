/** A worker that loads, then never answers a turn. */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ type: string }>) => void) | null;
  postMessage(message: unknown): void;
};
scope.postMessage({ type: "ready" });
scope.onmessage = (event) => {
  if (event.data.type === "play") { for (;;) { /* hang */ } }
};
