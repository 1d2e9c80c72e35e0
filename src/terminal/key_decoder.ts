/**
 * Turns the bytes a terminal sends into key and mouse events. Sequences may
 * arrive split across reads or several in one read; an Esc that could begin
 * a sequence is held until more bytes come or {@link KeyDecoder.flush} is
 * called after a short quiet time (a lone Esc key).
 *
 * @module
 */
import { type InputEvent, keyEvent, type MouseButton, mouseEvent } from "./input_events.ts";

const ESC = 0x1b;

const TILDE_KEYS: Readonly<Record<number, string>> = {
  1: "Home",
  2: "Insert",
  3: "Delete",
  4: "End",
  5: "PageUp",
  6: "PageDown",
  7: "Home",
  8: "End",
  11: "F1",
  12: "F2",
  13: "F3",
  14: "F4",
  15: "F5",
  17: "F6",
  18: "F7",
  19: "F8",
  20: "F9",
  21: "F10",
  23: "F11",
  24: "F12",
};

/** Final bytes shared by CSI and SS3 (`ESC [ A`, `ESC O A`, `ESC [ 1;5A`). */
const LETTER_KEYS: Readonly<Record<string, string>> = {
  A: "Up",
  B: "Down",
  C: "Right",
  D: "Left",
  H: "Home",
  F: "End",
  E: "Begin",
  G: "Begin",
  P: "F1",
  Q: "F2",
  R: "F3",
  S: "F4",
};

/** Keypad keys in application mode (`ESC O p` … `ESC O y`, …). */
const KEYPAD_KEYS: Readonly<Record<string, string>> = {
  p: "KP0",
  q: "KP1",
  r: "KP2",
  s: "KP3",
  t: "KP4",
  u: "KP5",
  v: "KP6",
  w: "KP7",
  x: "KP8",
  y: "KP9",
  M: "KPEnter",
  j: "KPMultiply",
  k: "KPPlus",
  l: "KPComma",
  m: "KPMinus",
  n: "KPDecimal",
  o: "KPDivide",
  X: "KPEqual",
};

/** rxvt sends Shift+arrows as `ESC [ a`…`d` and Ctrl+arrows as `ESC O a`…`d`. */
const RXVT_ARROWS: Readonly<Record<string, string>> = { a: "Up", b: "Down", c: "Right", d: "Left" };

interface Mods {
  shift: boolean;
  ctrl: boolean;
  alt: boolean;
}

/** xterm's modifier parameter: 1 + (shift 1 | alt 2 | ctrl 4 | meta 8). */
function modsFromParam(param: number | undefined): Mods {
  const bits = param && param > 1 ? param - 1 : 0;
  return { shift: (bits & 1) !== 0, alt: (bits & 10) !== 0, ctrl: (bits & 4) !== 0 };
}

/** A parse step: the events found and how many bytes they used. */
interface Step {
  readonly events: InputEvent[];
  readonly length: number;
}

const INCOMPLETE = null;

function utf8Length(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

function controlKey(byte: number): InputEvent {
  switch (byte) {
    case 0x0d:
    case 0x0a:
      return keyEvent("Enter");
    case 0x09:
      return keyEvent("Tab");
    case 0x08:
    case 0x7f:
      return keyEvent("Backspace");
    case 0x00:
      return keyEvent(" ", { ctrl: true });
    case ESC:
      return keyEvent("Escape");
  }
  if (byte >= 0x01 && byte <= 0x1a) return keyEvent(String.fromCharCode(byte + 0x60), { ctrl: true });
  return keyEvent(String.fromCharCode(byte + 0x40), { ctrl: true });
}

/** One plain key (not an escape sequence) at `i`, or INCOMPLETE. */
function plainKey(buf: Uint8Array, i: number): Step | typeof INCOMPLETE {
  const byte = buf[i];
  if (byte < 0x20 || byte === 0x7f) return { events: [controlKey(byte)], length: 1 };
  // Printable ASCII, most keys: no decoder needed.
  if (byte < 0x80) return { events: [keyEvent(String.fromCharCode(byte))], length: 1 };
  const length = utf8Length(byte);
  if (length === 0) return { events: [keyEvent("\uFFFD")], length: 1 };
  for (let k = 1; k < length && i + k < buf.length; k++) {
    if ((buf[i + k] & 0xc0) !== 0x80) return { events: [keyEvent("\uFFFD")], length: 1 };
  }
  if (i + length > buf.length) return INCOMPLETE;
  try {
    return { events: [keyEvent(utf8.decode(buf.subarray(i, i + length)))], length };
  } catch {
    return { events: [keyEvent("\uFFFD")], length: 1 };
  }
}

function sgrMouse(params: string, final: string): InputEvent | undefined {
  const [b, x, y] = params.split(";").map(Number);
  // Buttons 8–11 (bit 128) mean nothing here; coordinates start at 1.
  if (![b, x, y].every(Number.isInteger) || b >= 128 || x < 1 || y < 1) return undefined;
  const mods = { shift: (b & 4) !== 0, alt: (b & 8) !== 0, ctrl: (b & 16) !== 0 };
  const low = b & 3;
  if (b & 64) {
    const wheel: MouseButton[] = ["wheelUp", "wheelDown", "wheelLeft", "wheelRight"];
    return mouseEvent("wheel", wheel[low], x - 1, y - 1, mods);
  }
  const buttons: MouseButton[] = ["left", "middle", "right", "none"];
  const action = b & 32 ? "move" : final === "M" ? "press" : "release";
  return mouseEvent(action, buttons[low], x - 1, y - 1, mods);
}

function csiEvent(params: string, final: string): InputEvent | undefined {
  if (params.startsWith("<")) {
    return final === "M" || final === "m" ? sgrMouse(params.slice(1), final) : undefined;
  }
  const numbers = params.split(";").map((p) => (p === "" ? undefined : Number(p)));
  if (final === "~") {
    const name = TILDE_KEYS[numbers[0] ?? -1];
    return name ? keyEvent(name, modsFromParam(numbers[1])) : undefined;
  }
  if (final === "$" || final === "^" || final === "@") {
    const name = TILDE_KEYS[numbers[0] ?? -1];
    const mods = { shift: final !== "^", ctrl: final !== "$" };
    return name ? keyEvent(name, mods) : undefined;
  }
  if (final === "Z") return keyEvent("Tab", { shift: true });
  if (params === "" && final in RXVT_ARROWS) return keyEvent(RXVT_ARROWS[final], { shift: true });
  const name = LETTER_KEYS[final];
  return name ? keyEvent(name, modsFromParam(numbers[1] ?? numbers[0])) : undefined;
}

function ss3Event(params: string, final: string): InputEvent | undefined {
  const mods = modsFromParam(params === "" ? undefined : Number(params.split(";").at(-1)));
  if (params === "" && final in RXVT_ARROWS) return keyEvent(RXVT_ARROWS[final], { ctrl: true });
  const name = KEYPAD_KEYS[final] ?? LETTER_KEYS[final];
  return name ? keyEvent(name, mods) : undefined;
}

/**
 * Where the scan of an unfinished sequence stopped, so that the next read
 * goes on from there rather than from its start (a long unfinished
 * sequence, pasted in many reads, is then read once, not once a read), and
 * how many bytes the scans looked at.
 */
interface Scan {
  /** An index in the buffer the parameter bytes are known to run up to (0: none known). */
  resume: number;
  examined: number;
}

/** A CSI or SS3 sequence whose introducer (`[` or `O`) is at `i + 1`. */
function controlSequence(buf: Uint8Array, i: number, scan: Scan): Step | typeof INCOMPLETE {
  const intro = buf[i + 1];
  // Linux console F1–F5: ESC [ [ A … ESC [ [ E.
  if (intro === 0x5b && buf[i + 2] === 0x5b) {
    if (i + 3 >= buf.length) return INCOMPLETE;
    const f = buf[i + 3] - 0x41;
    return f >= 0 && f < 5 ? { events: [keyEvent(`F${f + 1}`)], length: 4 } : { events: [], length: 3 };
  }
  const from = Math.max(i + 2, scan.resume);
  let j = from;
  // Parameter and intermediate bytes; rxvt ends some sequences with `$`.
  while (j < buf.length && buf[j] >= 0x20 && buf[j] <= 0x3f && !(buf[j] === 0x24 && j > i + 2)) j++;
  scan.examined += j - from;
  if (j >= buf.length) {
    scan.resume = j;
    return INCOMPLETE;
  }
  const final = buf[j];
  if (final !== 0x24 && (final < 0x40 || final > 0x7e)) {
    // Not a sequence after all: drop the introducer, keep what follows.
    return { events: [], length: 2 };
  }
  const params = new TextDecoder().decode(buf.subarray(i + 2, j));
  // Legacy X10 mouse (ESC [ M b x y): consume and drop; SGR mode is asked for.
  if (intro === 0x5b && final === 0x4d && params === "") {
    return i + 5 < buf.length ? { events: [], length: 6 } : INCOMPLETE;
  }
  const finalChar = String.fromCharCode(final);
  const event = intro === 0x5b ? csiEvent(params, finalChar) : ss3Event(params, finalChar);
  return { events: event ? [event] : [], length: j + 1 - i };
}

const isIntroducer = (byte: number | undefined) => byte === 0x5b || byte === 0x4f;

/** An escape sequence starting at `i` (buf[i] is ESC), or INCOMPLETE. */
function escapeSequence(buf: Uint8Array, i: number, scan: Scan): Step | typeof INCOMPLETE {
  if (i + 1 >= buf.length) return INCOMPLETE;
  const next = buf[i + 1];
  if (isIntroducer(next)) return controlSequence(buf, i, scan);
  if (next === ESC) {
    // ESC ESC [ A is Alt+Up; any other ESC ESC is an Escape, then more.
    if (i + 2 >= buf.length) return INCOMPLETE;
    if (!isIntroducer(buf[i + 2])) return { events: [keyEvent("Escape")], length: 1 };
    const inner = controlSequence(buf, i + 1, scan);
    if (inner === INCOMPLETE) return INCOMPLETE;
    return {
      events: inner.events.map((e) => e.type === "key" ? { ...e, alt: true } : e),
      length: inner.length + 1,
    };
  }
  // ESC then a plain key: that key with Alt.
  const inner = plainKey(buf, i + 1);
  if (inner === INCOMPLETE) return INCOMPLETE;
  return {
    events: inner.events.map((e) => e.type === "key" ? { ...e, alt: true } : e),
    length: inner.length + 1,
  };
}

/** Stateful decoder: feed it bytes as they arrive. */
export class KeyDecoder {
  /** The bytes not yet decoded are `#buf[#start..#end]`; room after them takes the next read. */
  #buf: Uint8Array = new Uint8Array(256);
  #start = 0;
  #end = 0;
  /** How far past `#start` the unfinished sequence there is known to run (0: not known). */
  #resume = 0;
  #examined = 0;

  /** Decodes what can be decoded; an unfinished tail waits for more. */
  feed(bytes: Uint8Array): InputEvent[] {
    this.#append(bytes);
    const buf = this.#buf.subarray(0, this.#end);
    const events: InputEvent[] = [];
    let i = this.#start;
    const scan: Scan = { resume: this.#resume && this.#start + this.#resume, examined: 0 };
    while (i < buf.length) {
      const step = buf[i] === ESC ? escapeSequence(buf, i, scan) : plainKey(buf, i);
      if (step === INCOMPLETE) break;
      events.push(...step.events);
      i += step.length;
      scan.resume = 0;
    }
    this.#examined += scan.examined + (i - this.#start);
    this.#resume = scan.resume && scan.resume - i;
    this.#start = i;
    if (this.#start === this.#end) this.#start = this.#end = 0;
    return events;
  }

  /**
   * The bytes the decoder has looked at and moved so far: at most a few
   * times those fed it, however they were split into reads (for the tests
   * that hold decoding to linear time).
   */
  get examined(): number {
    return this.#examined;
  }

  /** True while bytes wait for the rest of a sequence. */
  get hasPending(): boolean {
    return this.#end > this.#start;
  }

  /**
   * No more bytes came. A lone Esc was the Esc key; Esc with `[` or `O`
   * alone was Alt+`[` or Alt+`O`; a longer unfinished sequence was cut off
   * and is dropped (replaying its bytes would invent keys, an Esc that quits
   * among them); an unfinished character becomes U+FFFD.
   */
  flush(): InputEvent[] {
    const buf = this.#buf.subarray(this.#start, this.#end);
    this.#start = this.#end = this.#resume = 0;
    if (buf.length === 0) return [];
    // Pending bytes that are not an Esc are one cut-off character.
    if (buf[0] !== ESC) return [keyEvent("\uFFFD")];
    if (buf.length === 1) return [keyEvent("Escape")];
    if (buf.length === 2 && isIntroducer(buf[1])) {
      return [keyEvent(String.fromCharCode(buf[1]), { alt: true })];
    }
    if (buf.length === 2 && buf[1] === ESC) return [keyEvent("Escape"), keyEvent("Escape")];
    return [];
  }

  /**
   * Adds `bytes` after the pending ones. Out of room, the pending bytes move
   * to the front of a buffer at least twice what they and `bytes` need, so
   * each byte is moved a bounded number of times on average.
   */
  #append(bytes: Uint8Array): void {
    if (this.#end + bytes.length > this.#buf.length) {
      const live = this.#end - this.#start;
      const size = Math.max(this.#buf.length, 2 * (live + bytes.length));
      const next = size === this.#buf.length ? this.#buf : new Uint8Array(size);
      if (next === this.#buf) next.copyWithin(0, this.#start, this.#end);
      else next.set(this.#buf.subarray(this.#start, this.#end));
      this.#examined += live;
      this.#buf = next;
      this.#start = 0;
      this.#end = live;
    }
    this.#buf.set(bytes, this.#end);
    this.#end += bytes.length;
  }
}
