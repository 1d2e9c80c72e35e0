/**
 * The bytes of one admitted connection, carried both ways between the
 * visitor and the server's HTTP side (docs/server.md, The door below HTTP),
 * with a budget on what the visitor sends: a connection that sends more
 * than any page of the server ever does is cut before its bytes are read
 * any further. Deno reads a WebSocket message whole (up to 64 MiB) before
 * the server can see its size; here a message far over the protocol's
 * limit is cut after its first bytes, and never costs the thread every game
 * shares the reading of the rest.
 *
 * @module
 */
import { TokenBucket } from "../http_parts.ts";

/** What a visitor's connection may send: a rate, in bursts of at most so many bytes. */
export interface InboundBudget {
  readonly bytesPerSecond: number;
  readonly burstBytes: number;
}

/**
 * Bytes read at most at once from the visitor: a page's request or message
 * is far smaller (a message is at most 4 KiB), and a buffer is held by
 * every idle connection while it waits.
 */
const VISITOR_CHUNK = 8192;

/** Bytes read at most at once from the server's side: a frame of a tall terminal in a few reads. */
const SERVER_CHUNK = 16384;

/**
 * How long a visitor is given to end its side once the server has ended
 * its own: long enough for a page to read the last answer and close, and
 * no longer for one that never does.
 */
const LINGER_MS = 2000;

/** How a relay ended, for the door to count. */
export type RelayEnd = "closed" | "over budget";

/** Writes all of `bytes` to `to`. */
async function writeAll(to: Deno.Conn, bytes: Uint8Array): Promise<void> {
  for (let at = 0; at < bytes.length;) at += await to.write(bytes.subarray(at));
}

/** Closes `conn`, if it is not closed already. */
export function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch {
    // Closed already.
  }
}

/** How one direction of a relay ended. */
type CarryEnd = "ended" | "over budget" | "failed";

/**
 * Carries `from`'s bytes to `to` until `from` ends (then `to` is told there
 * is no more), a side fails, or `charge` says the bytes are over budget
 * (then nothing more is carried).
 */
async function carry(
  from: Deno.Conn,
  to: Deno.Conn,
  chunk: number,
  charge: (bytes: number) => boolean,
): Promise<CarryEnd> {
  const buffer = new Uint8Array(chunk);
  try {
    for (;;) {
      const read = await from.read(buffer);
      if (read === null) break;
      if (!charge(read)) return "over budget";
      await writeAll(to, buffer.subarray(0, read));
    }
    await to.closeWrite();
    return "ended";
  } catch {
    return "failed";
  }
}

/**
 * Carries bytes between `visitor` and `server` both ways until both have
 * ended, or until either side fails or the visitor sends over its `budget`
 * (then both are closed at once; "over budget" is given for the budget).
 * Each side is closed when it ends.
 */
export async function relay(
  visitor: Deno.Conn,
  server: Deno.Conn,
  budget: InboundBudget,
  now: () => number = Date.now,
): Promise<RelayEnd> {
  const allowance = new TokenBucket(budget.bytesPerSecond, now(), budget.burstBytes);
  const cut = () => {
    closeQuietly(visitor);
    closeQuietly(server);
  };
  // A side that fails (a visitor's connection reset) ends both at once: the server's side must see its
  // socket close, or a page that vanished would count as present.
  const cutUnlessEnded = (end: CarryEnd) => {
    if (end !== "ended") cut();
    return end;
  };
  const inbound = carry(visitor, server, VISITOR_CHUNK, (bytes) => allowance.charge(bytes, now()) >= 0)
    .then(cutUnlessEnded);
  // Once the server's side has ended the visitor has a moment to end its own: closed at once with bytes of
  // its still unread, the connection would be reset, and the last answer lost with it.
  let linger: ReturnType<typeof setTimeout> | undefined;
  const outbound = carry(server, visitor, SERVER_CHUNK, () => true).then(cutUnlessEnded).then(() => {
    linger = setTimeout(cut, LINGER_MS);
  });
  const [end] = await Promise.all([inbound, outbound]);
  clearTimeout(linger);
  cut();
  return end === "over budget" ? "over budget" : "closed";
}
