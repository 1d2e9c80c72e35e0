/**
 * The exit guard alone, meeting an uncaught error whose message is the
 * first argument: a test reads the crash line it leaves on stderr.
 */
import { guardExits } from "../../src/cli/mod.ts";

guardExits({ save: () => Promise.resolve(), restore: () => {}, debug: false });
setTimeout(() => {
  throw new Error(Deno.args[0]);
}, 0);
