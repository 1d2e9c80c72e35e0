/** A worker that loads, then throws on every turn. */
import { onAppMessage } from "./app_messages.ts";

(self as unknown as { postMessage(message: unknown): void }).postMessage({ type: "ready" });
onAppMessage((message) => {
  if (message.type === "play") throw new Error("the AI broke");
});
