/** A worker that never answers a turn. */
const scope = self as unknown as { onmessage: ((event: MessageEvent<{ type: string }>) => void) | null };
scope.onmessage = (event) => {
  if (event.data.type === "turn") { for (;;) { /* hang */ } }
};
