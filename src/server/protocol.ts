/**
 * The messages between a browser page and the server over a WebSocket
 * (docs/server.md, Messages). Every message in is text, JSON, at most
 * {@link MAX_MESSAGE_BYTES} bytes, and one of two shapes; anything else is
 * refused with a reason and changes nothing.
 *
 * @module
 */

/** The largest message a page may send, in bytes (UTF-8). */
export const MAX_MESSAGE_BYTES = 4096;

/** What a page sends: the bytes typed, its terminal's size, or how a replay page wants the showing to go. */
export type ClientMessage =
  | { readonly type: "input"; readonly data: string }
  | { readonly type: "resize"; readonly columns: number; readonly rows: number }
  | ReplayControl;

/** A replay page's controls: paused or not, the speed (commands a second), and a turn to go to, if asked. */
export interface ReplayControl {
  readonly type: "replay";
  readonly paused: boolean;
  readonly speed: number;
  readonly turn?: number;
}

/** The most commands a second a replay page may ask for. */
export const MAX_REPLAY_SPEED = 1000;

/**
 * What the server sends: output to draw, the game's size (to watchers), why
 * the socket closes, or how many watch (to the player).
 */
export type ServerMessage =
  | { readonly type: "output"; readonly data: string }
  | { readonly type: "size"; readonly columns: number; readonly rows: number }
  | { readonly type: "notice"; readonly text: string }
  | { readonly type: "watchers"; readonly count: number };

/** A message in, or why it is refused. */
export type ReadMessage = { readonly message: ClientMessage } | { readonly problem: string };

const isCount = (n: unknown): n is number =>
  typeof n === "number" && Number.isInteger(n) && n > 0 && n < 10_000;

/**
 * Reads one WebSocket message: `string` for a text frame, anything else
 * (a binary frame) is refused. Text is what the socket decoded as UTF-8; a
 * frame that was not UTF-8 never reaches here (the socket closes).
 */
export function readClientMessage(raw: unknown): ReadMessage {
  if (typeof raw !== "string") return { problem: "expected a text message, found binary data" };
  // A UTF-16 length over the limit is over it in UTF-8 too; under it, measure the bytes.
  if (raw.length > MAX_MESSAGE_BYTES || new TextEncoder().encode(raw).length > MAX_MESSAGE_BYTES) {
    return { problem: `expected at most ${MAX_MESSAGE_BYTES} bytes, found more` };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { problem: "expected JSON, found text that is not" };
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    return { problem: "expected an object with a type" };
  }
  const m = json as Record<string, unknown>;
  if (m.type === "input" && typeof m.data === "string" && Object.keys(m).length === 2) {
    return { message: { type: "input", data: m.data } };
  }
  if (m.type === "resize" && isCount(m.columns) && isCount(m.rows) && Object.keys(m).length === 3) {
    return { message: { type: "resize", columns: m.columns, rows: m.rows } };
  }
  if (m.type === "replay") return readReplayControl(m);
  return { problem: 'expected {"type":"input","data":"…"} or {"type":"resize","columns":N,"rows":N}' };
}

/** A replay page's controls, or why they are refused. */
function readReplayControl(m: Record<string, unknown>): ReadMessage {
  const { paused, speed, turn } = m;
  const keys = Object.keys(m).length;
  const turnOk = turn === undefined || (typeof turn === "number" && Number.isInteger(turn) && turn >= 0);
  if (
    typeof paused === "boolean" && typeof speed === "number" && Number.isInteger(speed) && speed >= 1 &&
    speed <= MAX_REPLAY_SPEED && turnOk && keys === (turn === undefined ? 3 : 4)
  ) {
    return {
      message: { type: "replay", paused, speed, ...(turn === undefined ? {} : { turn: turn as number }) },
    };
  }
  return {
    problem:
      `expected {"type":"replay","paused":true|false,"speed":1…${MAX_REPLAY_SPEED},"turn":N (if seeking)}`,
  };
}

/** A message out, as sent. */
export function serverMessage(message: ServerMessage): string {
  return JSON.stringify(message);
}
