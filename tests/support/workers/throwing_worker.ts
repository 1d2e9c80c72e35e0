/** A worker that throws on every turn. */
const scope = self as unknown as { onmessage: ((event: MessageEvent<{ type: string }>) => void) | null };
scope.onmessage = (event) => {
  if (event.data.type === "turn") throw new Error("the AI broke");
};
