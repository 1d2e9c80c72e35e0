/** A stand-in for the door's thread: it says it listens (on a port it does not hold), then throws when pinged. */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ type: string }>) => void) | null;
  postMessage(message: unknown): void;
};
scope.onmessage = ({ data }) => {
  if (data.type === "open") scope.postMessage({ type: "listening", hostname: "127.0.0.1", port: 9 });
  if (data.type === "ping") throw new Error("the door broke");
};
