/**
 * A WebSocket client for the server benches, over `node:net` so it can
 * come from an address of its own on loopback (127.x.y.z): each bench
 * player and each hostile visitor is then a different address to the
 * server, whose limits count per address. It sends masked text frames of
 * any length, and either reads what it is sent (telling each chunk's
 * arrival) or never reads at all.
 *
 * @module
 */
import net from "node:net";
import { Buffer } from "node:buffer";

/** How a {@link RawSocket} is opened. */
export interface RawSocketOptions {
  /** The loopback address it comes from. */
  readonly from: string;
  readonly cookie?: string;
  /** False: nothing is read after the handshake (the kernel's buffers fill, then the server's). */
  readonly reads?: boolean;
  /** Told of the bytes as they arrive (a frame, part of one, or several). */
  readonly onData?: (bytes: Uint8Array) => void;
}

/** A client's masked text frame of `payload`. */
export function maskedFrame(payload: Uint8Array): Uint8Array {
  const mask = crypto.getRandomValues(new Uint8Array(4));
  const extended = payload.length < 126 ? 0 : payload.length < 65536 ? 2 : 8;
  const frame = new Uint8Array(2 + extended + 4 + payload.length);
  frame[0] = 0x81;
  if (extended === 0) frame[1] = 0x80 | payload.length;
  else if (extended === 2) {
    [frame[1], frame[2], frame[3]] = [0x80 | 126, payload.length >> 8, payload.length & 255];
  } else {
    frame[1] = 0x80 | 127;
    new DataView(frame.buffer).setBigUint64(2, BigInt(payload.length));
  }
  frame.set(mask, 2 + extended);
  const start = 2 + extended + 4;
  for (let i = 0; i < payload.length; i++) frame[start + i] = payload[i] ^ mask[i & 3];
  return frame;
}

/**
 * The text messages in what a server sent, however it came in chunks: its
 * frames are unmasked, and each is a whole message (a server sends no
 * fragments). Control frames (ping, close) are passed over.
 */
export class ServerFrames {
  /** The start of a frame whose end has not come yet. */
  #rest: Uint8Array | undefined;
  /** The code of the close frame the server sent, once it has (RFC 6455's, 1005 when it gave none). */
  closeCode: number | undefined;

  /** Takes a chunk that arrived; gives the text messages it completed, each as its payload's bytes. */
  take(chunk: Uint8Array): Uint8Array[] {
    let bytes = chunk;
    if (this.#rest) {
      bytes = new Uint8Array(this.#rest.length + chunk.length);
      bytes.set(this.#rest);
      bytes.set(chunk, this.#rest.length);
      this.#rest = undefined;
    }
    const messages: Uint8Array[] = [];
    let at = 0;
    while (bytes.length - at >= 2) {
      const short = bytes[at + 1] & 127;
      const head = short === 126 ? 4 : short === 127 ? 10 : 2;
      if (bytes.length - at < head) break;
      const length = short === 126
        ? (bytes[at + 2] << 8) | bytes[at + 3]
        : short === 127
        ? Number(new DataView(bytes.buffer, bytes.byteOffset + at + 2, 8).getBigUint64(0))
        : short;
      if (bytes.length - at < head + length) break;
      const opcode = bytes[at] & 15;
      if (opcode === 1) messages.push(bytes.subarray(at + head, at + head + length));
      if (opcode === 8) this.closeCode = length >= 2 ? (bytes[at + head] << 8) | bytes[at + head + 1] : 1005;
      at += head + length;
    }
    // Kept as a copy: the chunk's buffer may be reused by the socket.
    if (at < bytes.length) this.#rest = bytes.slice(at);
    return messages;
  }
}

/** One WebSocket connection; see the module doc. */
export class RawSocket {
  #ended = false;

  private constructor(readonly socket: net.Socket) {
    socket.on("close", () => (this.#ended = true));
    socket.on("error", () => (this.#ended = true));
  }

  /** Whether the connection has ended (closed by either side, or failed). */
  get ended(): boolean {
    return this.#ended;
  }

  /** Opens `path` on `origin`; undefined when the server does not upgrade it. */
  static open(origin: string, path: string, options: RawSocketOptions): Promise<RawSocket | undefined> {
    const { hostname, port } = new URL(origin);
    const socket = net.connect({ host: hostname, port: Number(port), localAddress: options.from });
    const key = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
    const request = `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${origin}\r\n` +
      (options.cookie ? `Cookie: ${options.cookie}\r\n` : "") +
      `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\n` +
      "Sec-WebSocket-Version: 13\r\n\r\n";
    return new Promise((resolve) => {
      let head = "";
      const fail = () => {
        socket.destroy();
        resolve(undefined);
      };
      socket.on("error", fail);
      // A server may close a connection without a word (a door that refuses it before reading it).
      socket.on("close", fail);
      socket.on("connect", () => socket.write(request));
      const onHead = (chunk: Buffer) => {
        head += chunk.toString("latin1");
        const end = head.indexOf("\r\n\r\n");
        if (end < 0) return;
        socket.off("data", onHead);
        socket.off("error", fail);
        socket.off("close", fail);
        if (!head.startsWith("HTTP/1.1 101")) return fail();
        const raw = new RawSocket(socket);
        if (options.reads === false) socket.pause();
        else {
          // The server's first frames may come in the chunk that ends the handshake's answer.
          const rest = Buffer.from(head.slice(end + 4), "latin1");
          if (rest.length > 0) options.onData?.(rest);
          socket.on("data", (chunk: Buffer) => options.onData?.(chunk));
        }
        resolve(raw);
      };
      socket.on("data", onHead);
    });
  }

  /** Sends `text` as one frame; false once the connection has ended. */
  send(text: string): boolean {
    if (this.#ended) return false;
    this.socket.write(maskedFrame(new TextEncoder().encode(text)));
    return true;
  }

  /** Ends the connection. */
  close(): void {
    this.#ended = true;
    this.socket.destroy();
  }
}
