/**
 * The real program with a fault injected from outside the game: once the
 * file named by `DELVE_FAULT_TRIGGER` exists, an uncaught error (argument
 * `error`) or an unhandled rejection (`rejection`) is raised. The rest of
 * the arguments go to Delve.
 */
import { main } from "../../src/app/mod.ts";

const [fault, ...args] = Deno.args;
const trigger = Deno.env.get("DELVE_FAULT_TRIGGER") ?? "";
const poll = setInterval(() => {
  try {
    Deno.statSync(trigger);
  } catch {
    return;
  }
  clearInterval(poll);
  if (fault === "error") throw new Error("injected fault");
  Promise.reject(new Error("injected rejection"));
}, 50);
Deno.exit(await main(args));
