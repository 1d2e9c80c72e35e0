/**
 * Delve: a roguelike in the terminal. `deno task play --help` for the flags.
 *
 * @module
 */
import { CRASH_EXIT, crashMessage, say } from "./src/cli/mod.ts";
import { debugging, main } from "./src/app/mod.ts";

if (import.meta.main) {
  let code: number;
  try {
    code = await main(Deno.args);
  } catch (e) {
    say(crashMessage(e, debugging()));
    code = CRASH_EXIT;
  }
  Deno.exit(code);
}
