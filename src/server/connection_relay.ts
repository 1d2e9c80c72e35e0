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
import { TokenBucket } from "./http_parts.ts";

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

/**
 * Carries `from`'s bytes to `to` until `from` ends, ends or fails (then `to`
 * is told there is no more), or `charge` says the bytes are over budget
 * (then true is given, and nothing more is carried).
 */
async function carry(
  from: Deno.Conn,
  to: Deno.Conn,
  chunk: number,
  charge: (bytes: number) => boolean,
): Promise<boolean> {
  const buffer = new Uint8Array(chunk);
  try {
    for (;;) {
      const read = await from.read(buffer);
      if (read === null) break;
      if (!charge(read)) return true;
      await writeAll(to, buffer.subarray(0, read));
    }
    await to.closeWrite();
  } catch {
    // A side that failed ends the relay; the other side is closed below.
  }
  return false;
}

/**
 * Carries bytes between `visitor` and `server` both ways until both have
 * ended, or until the visitor sends over its `budget` (then both are closed
 * at once and "over budget" is given). Each side is closed when it ends.
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
  const inbound = carry(visitor, server, VISITOR_CHUNK, (bytes) => allowance.charge(bytes, now()) >= 0)
    .then((over) => {
      if (over) cut();
      return over;
    });
  // Once the server's side has ended the visitor has a moment to end its own: closed at once with bytes of
  // its still unread, the connection would be reset, and the last answer lost with it.
  let linger: ReturnType<typeof setTimeout> | undefined;
  const outbound = carry(server, visitor, SERVER_CHUNK, () => true).then(() => {
    linger = setTimeout(cut, LINGER_MS);
  });
  const [over] = await Promise.all([inbound, outbound]);
  clearTimeout(linger);
  cut();
  return over ? "over budget" : "closed";
}
