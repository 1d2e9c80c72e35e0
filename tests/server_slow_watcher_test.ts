/**
 * A watcher that stops reading, over a real TCP socket: the server's
 * frames pile up in the kernel's buffers and then in the server's socket,
 * and past the backlog the server drops them for that watcher alone.
 */
import { ok } from "node:assert/strict";
import { Buffer } from "node:buffer";
import { ScreenPage, sessionOf, startTestServer, TestPage } from "./support/delve_server.ts";

/** A watch page's socket that reads nothing after the handshake until told to. */
class StalledWatcher extends ScreenPage {
  /** Bytes of WebSocket frames read since it was told to read again. */
  bytesRead = 0;
  #pending: Uint8Array = new Uint8Array(0);

  private constructor(readonly connection: Deno.Conn, leftover: Uint8Array) {
    super();
    this.#pending = leftover;
  }

  /** Opens the watch socket at `path` by hand: the upgrade request, and its answer read up to its end. */
  static async open(origin: string, path: string): Promise<StalledWatcher> {
    const { hostname, port } = new URL(origin);
    const connection = await Deno.connect({ hostname, port: Number(port) });
    const key = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
    const request = `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${origin}\r\n` +
      `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\n` +
      "Sec-WebSocket-Version: 13\r\n\r\n";
    await connection.write(new TextEncoder().encode(request));
    let head: Uint8Array = new Uint8Array(0);
    for (;;) {
      const chunk = new Uint8Array(4096);
      const n = await connection.read(chunk);
      if (n === null) throw new Error("the server closed the upgrade");
      head = concat(head, chunk.subarray(0, n));
      const text = new TextDecoder("latin1").decode(head);
      const end = text.indexOf("\r\n\r\n");
      if (end < 0) continue;
      ok(text.startsWith("HTTP/1.1 101"), text.slice(0, 200));
      return new StalledWatcher(connection, head.subarray(end + 4));
    }
  }

  /** Reads from now on, each frame taken as a page takes it, until the socket closes. */
  async resume(): Promise<void> {
    this.#frames();
    const chunk = new Uint8Array(64 * 1024);
    for (;;) {
      const n = await this.connection.read(chunk).catch(() => null);
      if (n === null) return;
      this.bytesRead += n;
      this.#pending = concat(this.#pending, chunk.subarray(0, n));
      this.#frames();
    }
  }

  /** Takes every whole frame in what was read (the server's frames are unmasked and unfragmented). */
  #frames(): void {
    for (;;) {
      const bytes = this.#pending;
      if (bytes.length < 2) return;
      let length = bytes[1] & 0x7f, start = 2;
      if (length === 126) [length, start] = [bytes.length >= 4 ? (bytes[2] << 8) | bytes[3] : -1, 4];
      if (length === 127) {
        const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        [length, start] = [bytes.length >= 10 ? Number(view.getBigUint64(2)) : -1, 10];
      }
      if (length < 0 || bytes.length < start + length) return;
      if ((bytes[0] & 0x0f) === 1) {
        this.receive(new TextDecoder().decode(bytes.subarray(start, start + length)));
      }
      this.#pending = bytes.slice(start + length);
    }
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/** The bytes of output a page has been sent. */
const outputBytes = (page: ScreenPage) =>
  page.messages.reduce((sum, m) => sum + (m.type === "output" ? String(m.data).length : 0), 0);

Deno.test("over real sockets, a watcher that stops reading never holds the game up: its frames are dropped, and reading again it is sent the whole screen", async () => {
  // Resizes taken as they come (not one per gap): the test sends one only after the last one's frame.
  await using served = await startTestServer({}, { resizeGapMs: 0 });
  const { origin } = served;
  const { cookie } = await sessionOf(origin, "sam");
  await using page = await TestPage.open(origin, "/ws/play", cookie);
  page.send({ type: "resize", columns: 80, rows: 24 });
  await page.waitFor((s) => s.includes("[N] Play a new game"), "the title");
  page.send({ type: "input", data: "n" });
  await page.waitFor((s) => s.includes("@") && s.includes("HP"), "the game");
  const id = (await (await fetch(`${origin}/lobby.json`)).json()).live[0].id;
  const watcher = await StalledWatcher.open(origin, `/ws/watch/${id}`);

  // Each resize draws the whole screen again: at 300x120, a frame of some tens of KB, which the player's page
  // gets at once each time while the watcher reads nothing. Loopback's kernel buffers hold some MB (4 here)
  // before the server's socket starts to queue: the player is sent well past that.
  const STALLED_BYTES = 40 * 1024 * 1024;
  let frames = 0;
  while (outputBytes(page) < STALLED_BYTES) {
    const before = outputBytes(page);
    page.send({ type: "resize", columns: 300 - (frames % 2), rows: 120 });
    for (let wait = 0; outputBytes(page) === before; wait++) {
      ok(wait < 500, `the player's page got no frame for its resize ${frames}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    frames++;
  }
  page.send({ type: "resize", columns: 80, rows: 24 });
  const drawn = await page.waitFor((s) => s.includes("@") && s.includes("HP"), "the game at 80x24");

  const reading = watcher.resume();
  // The watcher drains what its socket held; the next frame finds it caught up and sends it the whole screen.
  await new Promise((r) => setTimeout(r, 300));
  page.send({ type: "input", data: "?" });
  const helped = await page.waitFor((s) => s !== drawn, "the help screen");
  await watcher.waitFor((s) => s === helped, "the player's screen, watched");
  ok(
    watcher.bytesRead < outputBytes(page) / 2,
    `the stalled watcher was sent ${watcher.bytesRead} B of the ${outputBytes(page)} B of ${frames} frames`,
  );
  watcher.connection.close();
  await reading;
  watcher.screen.dispose();
});
