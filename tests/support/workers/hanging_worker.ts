/** A worker that loads, then never answers a turn. */
import { onAppMessage } from "./app_messages.ts";

(self as unknown as { postMessage(message: unknown): void }).postMessage({ type: "ready" });
onAppMessage((message) => {
  if (message.type === "play") { for (;;) { /* hang */ } }
});
