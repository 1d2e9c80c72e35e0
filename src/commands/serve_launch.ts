/**
 * `deno task serve`: starts the server (src/commands/serve.ts) with
 * exactly the grants its command line names: the network on the chosen
 * host and port alone, reading the data and the state folder, writing only
 * under the state folder. Signals are passed on, so SIGTERM or SIGINT saves
 * every game before the server leaves.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { resolve } from "node:path";
import { readCommandLine, runLaunch, say } from "../app/mod.ts";
import { parseServeArgs, SERVE_HELP, type ServeCommand } from "./serve_flags.ts";

const SERVER = fileURLToPath(new URL("./serve.ts", import.meta.url));
const CONFIG = fileURLToPath(new URL("../../deno.json", import.meta.url));
/** The code (the AI worker's entry is read as a file when a game starts it) and the bundled data. */
const CODE = fileURLToPath(new URL("../../", import.meta.url));

/** The `deno` arguments that run the server for `command` (its own arguments passed on unchanged). */
export function serveArgs(command: ServeCommand, args: readonly string[]): string[] {
  const state = resolve(command.stateDir);
  const reads = [CODE, ...(command.dataDir ? [resolve(command.dataDir)] : []), state];
  const host = command.hostname.includes(":") ? `[${command.hostname}]` : command.hostname;
  return [
    "run",
    "--no-prompt",
    "--quiet",
    // Each game's AI worker is an isolate with a young generation of its own: kept small, fifty games
    // fit in less memory at no cost a player feels (docs/server.md, Games).
    "--v8-flags=--max-semi-space-size=1",
    "--unstable-worker-options",
    `--allow-net=${host}:${command.port}`,
    `--allow-read=${reads.join(",")}`,
    `--allow-write=${state}`,
    "--allow-env=HOME,XDG_DATA_HOME",
    `--config=${CONFIG}`,
    SERVER,
    ...args,
  ];
}

if (import.meta.main) {
  const line = readCommandLine(SERVE_HELP, Deno.args, () => parseServeArgs(Deno.args));
  if ("exit" in line) Deno.exit(line.exit);
  const command = line.run;
  const paths = [command.stateDir, command.dataDir ?? ""];
  if (paths.some((p) => p.includes(","))) {
    say("delve serve: cannot grant a path with a comma exactly (Deno splits grants at commas)");
    Deno.exit(2);
  }
  Deno.exit(await runLaunch(serveArgs(command, Deno.args)));
}
