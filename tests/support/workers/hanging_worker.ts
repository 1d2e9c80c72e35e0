/** A worker that loads, then never answers a turn (asked, or told). */
import { onAppMessages } from "./app_scope.ts";

onAppMessages((message) => {
  if (message.type === "play" || message.type === "took") { for (;;) { /* hang */ } }
});
