/**
 * The server process of `deno task serve` (docs/server.md), started by its
 * launcher with exactly the grants the command line names: it loads the
 * data, listens, says where on stderr, and on SIGTERM or SIGINT saves every
 * game, closes every socket with the reason and leaves with status 0.
 *
 * @module
 */
import { loadDataOr, readCommandLine, say, VERSION } from "../cli/mod.ts";
import { randomSeed } from "../app/mod.ts";
import { DelveServer, doorTallySince, healthLine } from "../server/mod.ts";
import { SERVER_TURNS, WorkerRunner } from "../worker/mod.ts";
import { parseServeArgs, SERVE_HELP } from "./serve_flags.ts";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** Runs the server until a signal stops it; resolves to the exit status. */
export async function serveCommand(args: readonly string[]): Promise<number> {
  const line = readCommandLine(SERVE_HELP, args, () => parseServeArgs(args));
  if ("exit" in line) return line.exit;
  const command = line.run;
  const loaded = await loadDataOr(command.dataDir, command.modDirs);
  if (!loaded) return 2;
  const workerUrl = command.workerFile ? pathToFileURL(resolve(command.workerFile)) : undefined;
  const listening = await DelveServer.start({
    hostname: command.hostname,
    port: command.port,
    content: loaded.content,
    stateDir: command.stateDir,
    limits: command.limits,
    ...(command.publicOrigin ? { publicOrigin: command.publicOrigin } : {}),
    version: VERSION,
    makeRunner: (rules) => {
      // Every game shares this thread: it waits for a worker's answer in its event loop. A turn too small
      // to be worth the hand-off plays here (SERVER_TURNS), and the worker starts with the first turn that
      // needs it: a game on small floors never has one. It asks, not thinks ahead (docs/server.md, Games).
      let told = false;
      return new WorkerRunner(rules, {
        policy: SERVER_TURNS,
        ...(workerUrl ? { workerUrl } : {}),
        // A worker's fault leaves its game's turn in-process, slower: the operator is told, once a game.
        onFault: (fault) => {
          if (told) return;
          told = true;
          say(`delve serve: a game's AI worker met a fault (${fault}); the game went on in-process`);
        },
      });
    },
    randomSeed,
  }).catch((error: unknown) => error instanceof Error ? error : new Error(String(error)));
  if (listening instanceof Error) {
    // The port taken, an address this machine does not have, a database from a newer Delve: said in one line.
    const where = command.hostname.includes(":") ? `[${command.hostname}]` : command.hostname;
    say(
      `delve serve: cannot serve on ${where}:${command.port} with ${command.stateDir}: ${listening.message}`,
    );
    return 1;
  }
  const server = listening;
  // How the server keeps up, for its operator: a line a period when there were games to keep up with, and one
  // whenever SIGUSR2 asks (where the system has it). Not SIGUSR1: Deno, as Node does, opens a debugger on it,
  // which anyone on the machine could then connect to and run code as the server.
  let doorBefore = server.doorTally;
  const sayHealth = (always: boolean) => {
    const report = { ...server.health.take(), doorPauseMs: server.takeDoorPause() };
    const doorNow = server.doorTally;
    const door = doorTallySince(doorBefore, doorNow);
    doorBefore = doorNow;
    if (always || server.games > 0 || report.keys > 0 || door.closedUnread + door.closedBusy + door.cut > 0) {
      say(`delve serve: ${healthLine(report, server.games, door)}`);
    }
  };
  const healthTimer = command.healthSeconds === 0
    ? undefined
    : setInterval(() => sayHealth(false), command.healthSeconds * 1000);
  const onHealthSignal = () => sayHealth(true);
  const healthSignal = Deno.build.os === "windows" ? undefined : "SIGUSR2" as const;
  // Signals are listened for before the server says it listens: whoever reads that may send one at once.
  if (healthSignal) Deno.addSignalListener(healthSignal, onHealthSignal);
  const stopped = Promise.withResolvers<string>();
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    Deno.addSignalListener(signal, () => stopped.resolve(signal));
  }
  const { hostname, port } = server.address;
  say(`delve serve: listening on http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}/`);
  // A door that failed takes no visitors: the games are saved and the server stops, for its keeper to restart.
  const why = await Promise.race([stopped.promise, server.doorFailed]);
  clearInterval(healthTimer);
  if (healthSignal) Deno.removeSignalListener(healthSignal, onHealthSignal);
  say(`delve serve: ${why}: saving every game and closing`);
  await server.shutdown();
  say("delve serve: stopped");
  return 0;
}

if (import.meta.main) Deno.exit(await serveCommand(Deno.args));
