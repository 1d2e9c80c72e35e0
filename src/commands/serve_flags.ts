/**
 * `deno task serve`'s command line (docs/server.md): read the same way by
 * the launcher, which grants exactly what it names, and by the server.
 *
 * @module
 */
import {
  HELP_USAGE,
  intFlag,
  parseFlags,
  pathFlag,
  pathFlags,
  readEnv,
  shownValue,
  UsageError,
} from "../cli/mod.ts";
import { DEFAULT_LIMITS, type ServerLimits } from "../server/mod.ts";
import { xdgBase } from "../store/mod.ts";

/** How often the server logs its health, in seconds, unless told otherwise. */
export const DEFAULT_HEALTH_SECONDS = 60;

/** `deno task serve --help`. */
export const SERVE_HELP = {
  name: "serve",
  about: "Serves Delve to browsers: a lobby, play and watch pages, accounts and high scores.\n" +
    "Each game runs on the server with its own AI worker, as in the terminal.",
  usage: `Usage: deno task serve [--port N] [--host ADDR] [--data DIR] [--state DIR] …

Options:
  --port N            the port to listen on (default: 8080)
  --host ADDR         the address to listen on (default: 127.0.0.1)
  --data DIR          the data folder games play by (default: the bundled data/)
  --mod DIR           a mod folder laid over it; repeat for several, laid in
                      order (default: none)
  --state DIR         where the database, saves, morgue files and replays go
                      (default: $XDG_DATA_HOME/delve-server, else
                      ~/.local/share/delve-server)
  --max-games N       games running at once (default: ${DEFAULT_LIMITS.games})
  --max-watchers N    watchers of one game (default: ${DEFAULT_LIMITS.watchers})
  --input-rate N      messages a second per connection; the rest are dropped
                      (default: ${DEFAULT_LIMITS.inputRate})
  --idle-minutes N    a game without a key this long is saved and closed
                      (default: ${DEFAULT_LIMITS.idleMinutes})
  --login-rate N      login attempts a minute for one name from one address;
                      an address may make four times as many in all
                      (default: ${DEFAULT_LIMITS.logins})
  --public-origin URL the origin browsers reach the server at through an
                      HTTPS proxy (https://example.org): the pages' sockets
                      and forms name it, and it is let in as the server's own
                      (default: none; only the address the server is asked at)
  --max-sockets-per-address N
                      WebSockets open at once from one address
                      (default: ${DEFAULT_LIMITS.socketsPerAddress})
  --max-sockets N     WebSockets open at once in all (default: ${DEFAULT_LIMITS.sockets})
  --max-replays N     replays shown at once in all (default: ${DEFAULT_LIMITS.replays})
  --request-rate N    requests of any kind one address may make a second;
                      the rest are refused at once (default: ${DEFAULT_LIMITS.requestRate})
  --socket-rate N     WebSockets one address may ask to open a second
                      (default: ${DEFAULT_LIMITS.socketRate})
  --connection-rate N connections the server takes a second, from everyone;
                      the rest are closed unread (default: ${DEFAULT_LIMITS.connectionRate})
  --health-every S    log how the server keeps up every S seconds: its keys'
                      time to their frames and its longest pause; 0 for
                      never (default: ${DEFAULT_HEALTH_SECONDS}); kill -USR2 asks at once
  --worker FILE       the AI worker each game loads (default: a one-file
                      bundle of workers/ai_worker.ts the launcher writes in
                      the state folder, or that file itself if it cannot)
${HELP_USAGE}`,
};

/** What the command line asks for. */
export interface ServeCommand {
  readonly hostname: string;
  readonly port: number;
  readonly dataDir?: string;
  /** `--mod DIR`, each: mod folders laid over the data, in order. */
  readonly modDirs?: readonly string[];
  readonly stateDir: string;
  /** The AI worker's entry games load, when not the source's own. */
  readonly workerFile?: string;
  readonly limits: ServerLimits;
  /** `--public-origin`: the origin pages are served as behind a proxy. */
  readonly publicOrigin?: string;
  /** `--health-every`: seconds between health lines in the log; 0 for none. */
  readonly healthSeconds: number;
}

/** `text` when it is an origin alone (http or https, a host, perhaps a port; no path); a UsageError if not. */
function originFlag(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.origin !== text) {
    throw new UsageError(
      `--public-origin: expected an origin such as https://example.org (no path, no "/" at the end), found ${
        shownValue(text, { quoted: true })
      }`,
    );
  }
  return text;
}

/** Reads `args`; throws {@link UsageError} naming a mistake. */
export function parseServeArgs(args: readonly string[], env = readEnv): ServeCommand {
  const { values } = parseFlags(args, {
    port: { type: "string" },
    host: { type: "string" },
    data: { type: "string" },
    mod: { type: "string", multiple: true },
    state: { type: "string" },
    "max-games": { type: "string" },
    "max-watchers": { type: "string" },
    "input-rate": { type: "string" },
    "idle-minutes": { type: "string" },
    "login-rate": { type: "string" },
    "max-sockets-per-address": { type: "string" },
    "max-sockets": { type: "string" },
    "max-replays": { type: "string" },
    "request-rate": { type: "string" },
    "socket-rate": { type: "string" },
    "connection-rate": { type: "string" },
    worker: { type: "string" },
    "health-every": { type: "string" },
    "public-origin": { type: "string" },
  });
  const hostname = values.host ?? "127.0.0.1";
  if (!/^[A-Za-z0-9.:[\]-]{1,253}$/.test(hostname)) {
    throw new UsageError(
      `--host: expected an address or a host name, found ${shownValue(hostname, { quoted: true })}`,
    );
  }
  const home = xdgBase(env, "XDG_DATA_HOME", ".local/share");
  const stateDir = pathFlag("--state", values.state) ?? (home ? `${home}/delve-server` : undefined);
  if (stateDir === undefined) {
    throw new UsageError(
      "--state: no default: set HOME, or XDG_DATA_HOME to an absolute path, or give --state DIR",
    );
  }
  const limit = (flag: string, value: string | undefined, fallback: number, max: number) =>
    intFlag(`--${flag}`, value, 1, max) ?? fallback;
  const dataDir = pathFlag("--data", values.data);
  const modDirs = pathFlags("--mod", values.mod);
  const workerFile = pathFlag("--worker", values.worker);
  const publicOrigin = originFlag(values["public-origin"]);
  return {
    hostname,
    port: intFlag("--port", values.port, 0, 65535) ?? 8080,
    ...(dataDir ? { dataDir } : {}),
    ...(modDirs.length > 0 ? { modDirs } : {}),
    stateDir,
    ...(workerFile ? { workerFile } : {}),
    ...(publicOrigin ? { publicOrigin } : {}),
    healthSeconds: intFlag("--health-every", values["health-every"], 0, 86_400) ?? DEFAULT_HEALTH_SECONDS,
    limits: {
      games: limit("max-games", values["max-games"], DEFAULT_LIMITS.games, 10_000),
      watchers: limit("max-watchers", values["max-watchers"], DEFAULT_LIMITS.watchers, 10_000),
      inputRate: limit("input-rate", values["input-rate"], DEFAULT_LIMITS.inputRate, 100_000),
      idleMinutes: limit("idle-minutes", values["idle-minutes"], DEFAULT_LIMITS.idleMinutes, 10_000),
      logins: limit("login-rate", values["login-rate"], DEFAULT_LIMITS.logins, 10_000),
      socketsPerAddress: limit(
        "max-sockets-per-address",
        values["max-sockets-per-address"],
        DEFAULT_LIMITS.socketsPerAddress,
        100_000,
      ),
      sockets: limit("max-sockets", values["max-sockets"], DEFAULT_LIMITS.sockets, 100_000),
      replays: limit("max-replays", values["max-replays"], DEFAULT_LIMITS.replays, 10_000),
      requestRate: limit("request-rate", values["request-rate"], DEFAULT_LIMITS.requestRate, 1_000_000),
      socketRate: limit("socket-rate", values["socket-rate"], DEFAULT_LIMITS.socketRate, 1_000_000),
      connectionRate: limit(
        "connection-rate",
        values["connection-rate"],
        DEFAULT_LIMITS.connectionRate,
        1_000_000,
      ),
    },
  };
}
