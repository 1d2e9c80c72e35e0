/**
 * Small pieces of HTTP the server needs, each bounded: the session cookie,
 * a form body read up to a limit, the security headers every answer has,
 * and a token bucket for input rates.
 *
 * @module
 */

/** The session cookie's name. */
export const SESSION_COOKIE = "delve_session";

/** A session token as the store makes them: 128 bits in hex. */
const TOKEN = /^[0-9a-f]{32}$/;

/**
 * The policy every page is served with: nothing but the server's own
 * scripts, styles, images and sockets; no inline script; no framing. xterm.js
 * sets its cells' styles from script, which `style-src 'self'` allows for the
 * style properties it sets but not for the stylesheet it writes its colours
 * into, hence `'unsafe-inline'` for styles alone.
 */
export const CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; " +
  "style-src 'self' 'unsafe-inline'; img-src 'self'; font-src 'self'; connect-src 'self'; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** The headers every answer carries. */
export function securityHeaders(type: string): Headers {
  return new Headers({
    "content-type": type,
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    // No address of ours goes to another site; our own forms still name their origin (no-referrer makes it "null").
    "referrer-policy": "same-origin",
    "cache-control": "no-store",
  });
}

/**
 * A refusal that is no page: its line as plain text, with only the headers
 * plain text needs. Sockets are refused so (a browser shows a refused
 * socket's page to no one), and so is a request turned away at the door,
 * both of which come in crowds when they come: each costs the thread every
 * game shares as little as an answer can.
 */
export function plainRefusal(status: number, line: string): Response {
  return new Response(`${line}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" },
  });
}

/** The session token the request's cookie holds, if it holds a well-formed one. */
export function sessionToken(request: Request): string | undefined {
  const header = request.headers.get("cookie") ?? "";
  if (header.length > 4096) return undefined;
  for (const part of header.split(";")) {
    const [name, value] = part.trim().split("=", 2);
    if (name === SESSION_COOKIE && value !== undefined && TOKEN.test(value)) return value;
  }
  return undefined;
}

/** The cookie that keeps `token` (HttpOnly, SameSite=Strict, for the whole site), or clears it. */
export function sessionCookie(token: string | undefined): string {
  const base = `${SESSION_COOKIE}=${token ?? ""}; Path=/; HttpOnly; SameSite=Strict`;
  return token === undefined ? `${base}; Max-Age=0` : `${base}; Max-Age=${30 * 24 * 3600}`;
}

/**
 * A request whose body could not be read whole: its connection ended (or
 * broke) before the body did, as a client that sends `Content-Length:
 * 99999999999` and closes makes it. The visitor has gone; the server says
 * so in one line.
 */
export class BodyCutShort extends Error {
  override name = "BodyCutShort";
}

/**
 * A form's fields, or undefined when the body is not a form within `limit`
 * bytes; {@link BodyCutShort} when the body ends before its connection does.
 */
export async function readForm(request: Request, limit = 4096): Promise<URLSearchParams | undefined> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") || !request.body) return undefined;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch {
      const declared = request.headers.get("content-length");
      throw new BodyCutShort(
        `its body was cut short: the connection ended after ${size} bytes` +
          (declared !== null && /^\d{1,20}$/.test(declared) ? ` of the ${declared} it announced` : ""),
      );
    }
    const { done, value } = read;
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  try {
    return new URLSearchParams(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
}

/** The longest part of a request's address a log line quotes. */
const LOGGED_PATH = 100;

/** A request as a log line names it: its method and path (a long path cut short, its query left out). */
export function requestLine(request: Request): string {
  let path: string;
  try {
    path = new URL(request.url).pathname;
  } catch {
    path = "?";
  }
  const method = request.method.slice(0, 16);
  return `${method} ${path.length > LOGGED_PATH ? `${path.slice(0, LOGGED_PATH)}…` : path}`;
}

/** What went wrong, in one line for the log: the error's own first line, never its stack. */
export function errorLine(error: unknown): string {
  const said = error instanceof BodyCutShort
    ? error.message
    : error instanceof Error
    ? `${error.name}: ${error.message}`
    : String(error);
  const line = said.split("\n")[0];
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/**
 * The origins a page of this server may have: the address it was asked at,
 * and the public origin a proxy in front serves it as (`--public-origin`).
 */
export function ownOrigins(request: Request, publicOrigin?: string): string[] {
  return publicOrigin ? [new URL(request.url).origin, publicOrigin] : [new URL(request.url).origin];
}

/**
 * Whether a form post may come from where `request` says it comes from: a
 * browser names the page's site (`Sec-Fetch-Site`) and origin (`Origin`), and
 * a post from another site's page is refused. A request naming neither is no
 * browser's page (a command-line client), which no other site can make.
 */
export function postFromThisSite(request: Request, publicOrigin?: string): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return false;
  const origin = request.headers.get("origin");
  return origin === null || ownOrigins(request, publicOrigin).includes(origin);
}

/** Whether `request` asks to become a WebSocket; a socket's address answers nothing else. */
export function asksForWebSocket(request: Request): boolean {
  return request.headers.get("upgrade")?.toLowerCase() === "websocket";
}

/** What a socket's address answers a request that is not a WebSocket's. */
export const NOT_A_WEBSOCKET = "Expected a WebSocket.";

/**
 * At most `rate` events a second, in bursts of up to `burst` (`rate` unless
 * told); the rest refused and counted. A caller that must go on whatever
 * the rate (a showing that waits its turn) may {@link TokenBucket.charge}
 * it below empty instead.
 */
export class TokenBucket {
  #tokens: number;
  #last: number;
  /** Events refused so far. */
  dropped = 0;

  constructor(readonly rate: number, now: number, readonly burst: number = rate) {
    this.#tokens = burst;
    this.#last = now;
  }

  /** What the bucket holds at `now` (ms): below 0 while it is overdrawn. */
  balance(now: number): number {
    this.#tokens = Math.min(this.burst, this.#tokens + ((now - this.#last) / 1000) * this.rate);
    this.#last = now;
    return this.#tokens;
  }

  /** Whether an event at `now` (ms) is within the rate. */
  take(now: number): boolean {
    if (this.balance(now) >= 1) {
      this.#tokens -= 1;
      return true;
    }
    this.dropped++;
    return false;
  }

  /** Takes `amount` at `now` (ms) whatever the bucket holds; what it holds after (below 0: overdrawn). */
  charge(amount: number, now: number): number {
    this.#tokens = this.balance(now) - amount;
    return this.#tokens;
  }
}
