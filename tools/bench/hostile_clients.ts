/**
 * One hostile visitor of the browser server, run as a process of its own
 * by the hostile load bench (tools/bench/server_hostile.ts) so its own work
 * never stalls the players whose latency is measured. Each kind keeps at it
 * until killed, coming back whenever the server closes it, from loopback
 * addresses of its own (127.0.2.x; the replays from {@link REPLAY_ADDRESSES}
 * of them unless told otherwise):
 *
 * - `huge`: a 60 MB message each second on a watch socket;
 * - `replays`: a thousand replay sockets at once;
 * - `resizes`: a player resizing a hundred times a second, to 400x200 and back;
 * - `keys`: a player sending messages of 4,000 keys, as fast as the rate lets;
 * - `stalled-watcher`: a watcher that sends small frames and never reads;
 * - `stalled-player`: a player that never reads and resizes 95 times a second.
 *
 * @module
 */
import { HELP_USAGE, intFlag, readCommandLine, shownValue, UsageError } from "../../src/cli/mod.ts";
import { RawSocket } from "./raw_socket.ts";
import { registeredCookie } from "./register.ts";

/** The kinds, as the bench names them. */
export const HOSTILE_KINDS = [
  "huge",
  "replays",
  "resizes",
  "keys",
  "stalled-watcher",
  "stalled-player",
] as const;

/** How many addresses the replay sockets come from, unless told otherwise: a small crowd of machines. */
export const REPLAY_ADDRESSES = 64;

/** One of {@link HOSTILE_KINDS}. */
export type HostileKind = typeof HOSTILE_KINDS[number];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Registers `name` and gives its session cookie. */
const cookieOf = (origin: string, name: string) => registeredCookie(origin, name, "hostile password");

const input = (data: string) => JSON.stringify({ type: "input", data });
const resize = (columns: number, rows: number) => JSON.stringify({ type: "resize", columns, rows });

/**
 * Opens `path` from `from` (again whenever the server ends it, or refuses
 * it) and sends `next(k)` every `everyMs`, for ever.
 */
async function keepSending(
  origin: string,
  path: string,
  from: string,
  everyMs: number,
  next: (k: number) => string,
  options: { cookie?: string; reads?: boolean } = {},
): Promise<never> {
  for (;;) {
    const socket = await RawSocket.open(origin, path, { from, ...options });
    for (let k = 0; socket?.send(next(k)); k++) await sleep(everyMs);
    socket?.close();
    await sleep(socket ? 10 : 1000);
  }
}

/** Runs the visitor `kind` against `origin` until the process is killed. */
export async function runHostile(
  kind: HostileKind,
  origin: string,
  watchId: string,
  replayId: string,
  replayAddresses = REPLAY_ADDRESSES,
): Promise<never> {
  const from = `127.0.2.${HOSTILE_KINDS.indexOf(kind) + 1}`;
  switch (kind) {
    case "huge": {
      const huge = "x".repeat(60 * 1024 * 1024);
      return await keepSending(origin, `/ws/watch/${watchId}`, from, 1000, () => huge);
    }
    case "replays":
      for (;;) {
        const sockets = await Promise.all(
          [...Array(1000).keys()].map((k) =>
            RawSocket.open(origin, `/ws/replay/${replayId}`, { from: `127.0.3.${(k % replayAddresses) + 1}` })
          ),
        );
        await sleep(1000);
        for (const socket of sockets) socket?.close();
      }
    case "resizes": {
      const cookie = await cookieOf(origin, "hostile-resizes");
      return await keepSending(
        origin,
        "/ws/play",
        from,
        10,
        (k) => k === 0 ? input("n") : k % 2 ? resize(400, 200) : resize(299, 119),
        { cookie },
      );
    }
    case "keys": {
      const cookie = await cookieOf(origin, "hostile-keys");
      const keys = input("hjklyubn".repeat(500));
      return await keepSending(origin, "/ws/play", from, 10, (k) => k === 0 ? input("n") : keys, { cookie });
    }
    case "stalled-watcher":
      return await keepSending(origin, `/ws/watch/${watchId}`, from, 10, () => input("x"), { reads: false });
    case "stalled-player": {
      const cookie = await cookieOf(origin, "hostile-stalled");
      return await keepSending(
        origin,
        "/ws/play",
        from,
        Math.round(1000 / 95),
        (k) => k === 0 ? input("n") : k % 2 ? resize(400, 200) : resize(299, 119),
        { cookie, reads: false },
      );
    }
  }
}

/** `deno run --allow-net tools/bench/hostile_clients.ts --help`. */
export const HOSTILE_CLIENTS_HELP = {
  name: "hostile_clients.ts",
  about: "One hostile visitor of the browser server, until killed; the hostile load bench\n" +
    "(tools/bench/server_hostile.ts) starts one of each kind.",
  usage: `Usage: deno run --allow-net tools/bench/hostile_clients.ts
         KIND ORIGIN WATCH_ID REPLAY_ID [ADDRESSES]

  KIND       ${HOSTILE_KINDS.slice(0, 3).join(", ")},
             ${HOSTILE_KINDS.slice(3).join(", ")}
  ORIGIN     the server, as http://127.0.0.1:PORT
  WATCH_ID   a live game's id, for the watchers
  REPLAY_ID  a finished game's id, for the replays
  ADDRESSES  how many addresses the replays come from, 1 to 250
             (default: ${REPLAY_ADDRESSES})
${HELP_USAGE}`,
};

if (import.meta.main) {
  const line = readCommandLine(HOSTILE_CLIENTS_HELP, Deno.args, () => {
    const [kind, origin, watchId, replayId, addresses] = Deno.args;
    if (!HOSTILE_KINDS.includes(kind as HostileKind)) {
      throw new UsageError(
        `expected a kind (${HOSTILE_KINDS.join(", ")}), found ${shownValue(kind ?? "", { quoted: true })}`,
      );
    }
    if (!origin || !watchId || !replayId) throw new UsageError("expected ORIGIN WATCH_ID REPLAY_ID");
    const replayAddresses = intFlag("ADDRESSES", addresses, 1, 250) ?? REPLAY_ADDRESSES;
    return { kind: kind as HostileKind, origin, watchId, replayId, replayAddresses };
  });
  if ("exit" in line) Deno.exit(line.exit);
  const { kind, origin, watchId, replayId, replayAddresses } = line.run;
  await runHostile(kind, origin, watchId, replayId, replayAddresses);
}
