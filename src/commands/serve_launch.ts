/**
 * `deno task serve`: starts the server (src/commands/serve.ts) with
 * exactly the grants its command line names: the network on the chosen
 * host and port alone, reading the data and the state folder, writing only
 * under the state folder. Signals are passed on, so SIGTERM or SIGINT saves
 * every game before the server leaves, and SIGUSR2 asks for its health.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { join, resolve } from "node:path";
import { readCommandLine, say } from "../cli/mod.ts";
import { runLaunch } from "../app/mod.ts";
import { parseServeArgs, SERVE_HELP, type ServeCommand } from "./serve_flags.ts";

const SERVER = fileURLToPath(new URL("./serve.ts", import.meta.url));
const CONFIG = fileURLToPath(new URL("../../deno.json", import.meta.url));
/** The code (the AI worker's entry is read as a file when a game starts it) and the bundled data. */
const CODE = fileURLToPath(new URL("../../", import.meta.url));
const WORKER_ENTRY = fileURLToPath(new URL("../../workers/ai_worker.ts", import.meta.url));

/** Where in the state folder the launcher writes the AI worker's bundle. */
export function workerBundlePath(stateDir: string): string {
  return join(resolve(stateDir), "code", "ai_worker.js");
}

/**
 * Bundles the AI worker into one file in the state folder with `deno
 * bundle`: each game's worker then loads one module rather than the
 * engine's seventy, which takes less memory a game (docs/server.md, Games).
 * Resolves to its path; or, having said why, to undefined, and games load
 * the source entry. A link where the bundle goes is refused, not followed.
 */
export async function bundleWorker(
  stateDir: string,
  tell: (line: string) => void = say,
): Promise<string | undefined> {
  const path = workerBundlePath(stateDir);
  for (const place of [join(path, ".."), path]) {
    const link = await Deno.lstat(place).then((info) => info.isSymlink, () => false);
    if (link) {
      tell(`delve serve: ${place} is a link, not followed: games load the AI worker from its source`);
      return undefined;
    }
  }
  const bundled = await new Deno.Command("deno", {
    args: ["bundle", "--quiet", `--config=${CONFIG}`, `--output=${path}`, WORKER_ENTRY],
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output().catch((error: Error) => ({ success: false, stderr: new TextEncoder().encode(error.message) }));
  if (bundled.success) return path;
  const why = new TextDecoder().decode(bundled.stderr).trim().split("\n")[0] || "no reason given";
  tell(`delve serve: could not bundle the AI worker (${why}): games load it from its source`);
  return undefined;
}

/**
 * The `deno` arguments that run the server for `args`, the AI worker
 * bundled first unless `--worker` names one.
 */
export async function launchArgs(
  args: readonly string[],
  tell: (line: string) => void = say,
): Promise<string[]> {
  const command = parseServeArgs(args);
  if (command.workerFile !== undefined) return serveArgs(command, args);
  const bundle = await bundleWorker(command.stateDir, tell);
  const withWorker = bundle ? [...args, `--worker=${bundle}`] : [...args];
  return serveArgs(parseServeArgs(withWorker), withWorker);
}

/** The `deno` arguments that run the server for `command` (its own arguments passed on unchanged). */
export function serveArgs(command: ServeCommand, args: readonly string[]): string[] {
  const state = resolve(command.stateDir);
  const reads = [
    CODE,
    ...(command.dataDir ? [resolve(command.dataDir)] : []),
    state,
    ...(command.workerFile ? [resolve(command.workerFile)] : []),
  ];
  const host = command.hostname.includes(":") ? `[${command.hostname}]` : command.hostname;
  return [
    "run",
    "--no-prompt",
    "--quiet",
    // Each game's AI worker is an isolate with a young generation of its own, which grows only as it is
    // used: the workers, idle on small floors, stay small; the main thread, which plays those turns for
    // every game, gets room to collect less often (docs/server.md, Games).
    "--v8-flags=--max-semi-space-size=8",
    "--unstable-worker-options",
    // The public port, and loopback: the server's HTTP side listens there on a port of the system's choosing,
    // and the door on the public port relays each connection to it (docs/server.md, The door below HTTP).
    `--allow-net=${host}:${command.port},127.0.0.1`,
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
  const paths = [command.stateDir, command.dataDir ?? "", command.workerFile ?? ""];
  if (paths.some((p) => p.includes(","))) {
    say("delve serve: cannot grant a path with a comma exactly (Deno splits grants at commas)");
    Deno.exit(2);
  }
  // The server logs its health on SIGUSR2 (where the system has it): sent to the launcher, it is passed on.
  const health: Deno.Signal[] = Deno.build.os === "windows" ? [] : ["SIGUSR2"];
  Deno.exit(await runLaunch(await launchArgs(Deno.args), undefined, health));
}
