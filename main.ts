/**
 * Delve: a roguelike in the terminal. `deno task play --help` for the flags.
 *
 * @module
 */
import { main } from "./src/app/main.ts";

if (import.meta.main) Deno.exit(await main(Deno.args));
