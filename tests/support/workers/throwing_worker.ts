/** A worker that loads, then throws on every turn (asked, or told). */
import { onAppMessages } from "./app_scope.ts";

onAppMessages((message) => {
  if (message.type === "play" || message.type === "took") throw new Error("the AI broke");
});
