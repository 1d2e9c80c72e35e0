import { deepEqual, equal, ok } from "node:assert/strict";
import { KeyDecoder, keyEvent, mouseEvent } from "../src/terminal/mod.ts";

const enc = new TextEncoder();
const decode = (text: string) => new KeyDecoder().feed(enc.encode(text));
const key = keyEvent;

Deno.test("printable characters arrive as typed, capitals and symbols included", () => {
  deepEqual(decode("aZ>.?/"), ["a", "Z", ">", ".", "?", "/"].map((k) => key(k)));
  deepEqual(decode("é€😀"), ["é", "€", "😀"].map((k) => key(k)));
});

Deno.test("control bytes become Enter, Tab, Backspace and Ctrl+letter", () => {
  deepEqual(decode("\r\n\t\x7f\x08\x03\x00"), [
    key("Enter"),
    key("Enter"),
    key("Tab"),
    key("Backspace"),
    key("Backspace"),
    key("c", { ctrl: true }),
    key(" ", { ctrl: true }),
  ]);
});

Deno.test("cursor and editing keys in CSI, SS3 and tilde forms", () => {
  const cases: [string, string][] = [
    ["\x1b[A", "Up"],
    ["\x1b[B", "Down"],
    ["\x1b[C", "Right"],
    ["\x1b[D", "Left"],
    ["\x1bOA", "Up"],
    ["\x1bOD", "Left"],
    ["\x1b[H", "Home"],
    ["\x1b[F", "End"],
    ["\x1bOH", "Home"],
    ["\x1bOF", "End"],
    ["\x1b[1~", "Home"],
    ["\x1b[7~", "Home"],
    ["\x1b[4~", "End"],
    ["\x1b[8~", "End"],
    ["\x1b[2~", "Insert"],
    ["\x1b[3~", "Delete"],
    ["\x1b[5~", "PageUp"],
    ["\x1b[6~", "PageDown"],
    ["\x1b[E", "Begin"],
    ["\x1b[G", "Begin"],
    ["\x1bOE", "Begin"],
  ];
  for (const [bytes, name] of cases) deepEqual(decode(bytes), [key(name)], JSON.stringify(bytes));
});

Deno.test("F1 to F12 in every common encoding", () => {
  const cases: [string, string][] = [
    ["\x1bOP", "F1"],
    ["\x1bOQ", "F2"],
    ["\x1bOR", "F3"],
    ["\x1bOS", "F4"],
    ["\x1b[11~", "F1"],
    ["\x1b[15~", "F5"],
    ["\x1b[17~", "F6"],
    ["\x1b[18~", "F7"],
    ["\x1b[19~", "F8"],
    ["\x1b[20~", "F9"],
    ["\x1b[21~", "F10"],
    ["\x1b[23~", "F11"],
    ["\x1b[24~", "F12"],
    ["\x1b[[A", "F1"],
    ["\x1b[[E", "F5"],
  ];
  for (const [bytes, name] of cases) deepEqual(decode(bytes), [key(name)], JSON.stringify(bytes));
});

Deno.test("keypad in application mode, KP5 included, and in normal mode", () => {
  const app = "pqrstuvwxy".split("").map((c) => `\x1bO${c}`).join("");
  deepEqual(decode(app), [...Array(10).keys()].map((n) => key(`KP${n}`)));
  deepEqual(decode("\x1bOM\x1bOk\x1bOm\x1bOj\x1bOo\x1bOn\x1bOX"), [
    key("KPEnter"),
    key("KPPlus"),
    key("KPMinus"),
    key("KPMultiply"),
    key("KPDivide"),
    key("KPDecimal"),
    key("KPEqual"),
  ]);
  // Normal mode with Num Lock sends digits; without it, KP5 is Begin.
  deepEqual(decode("8\x1b[E"), [key("8"), key("Begin")]);
});

Deno.test("Shift, Ctrl and Alt on arrows and keys (CSI 1;m forms, rxvt, Esc prefix)", () => {
  deepEqual(decode("\x1b[1;2A"), [key("Up", { shift: true })]);
  deepEqual(decode("\x1b[1;3B"), [key("Down", { alt: true })]);
  deepEqual(decode("\x1b[1;5C"), [key("Right", { ctrl: true })]);
  deepEqual(decode("\x1b[1;6D"), [key("Left", { shift: true, ctrl: true })]);
  deepEqual(decode("\x1b[1;8H"), [key("Home", { shift: true, alt: true, ctrl: true })]);
  deepEqual(decode("\x1b[5;5~"), [key("PageUp", { ctrl: true })]);
  deepEqual(decode("\x1b[1;2P"), [key("F1", { shift: true })]);
  deepEqual(decode("\x1b[a\x1bOb"), [key("Up", { shift: true }), key("Down", { ctrl: true })]);
  deepEqual(decode("\x1bx\x1b\x1b[A"), [key("x", { alt: true }), key("Up", { alt: true })]);
  deepEqual(decode("\x1b[Z"), [key("Tab", { shift: true })]);
});

Deno.test("SGR mouse: press, release, drag, motion, wheel, modifiers", () => {
  const m = mouseEvent;

  deepEqual(decode("\x1b[<0;10;5M"), [m("press", "left", 9, 4)]);
  deepEqual(decode("\x1b[<0;10;5m"), [m("release", "left", 9, 4)]);
  deepEqual(decode("\x1b[<2;1;1M"), [m("press", "right", 0, 0)]);
  deepEqual(decode("\x1b[<32;3;4M"), [m("move", "left", 2, 3)]);
  deepEqual(decode("\x1b[<35;80;24M"), [m("move", "none", 79, 23)]);
  deepEqual(decode("\x1b[<64;5;5M\x1b[<65;5;5M"), [
    m("wheel", "wheelUp", 4, 4),
    m("wheel", "wheelDown", 4, 4),
  ]);
  deepEqual(decode("\x1b[<20;2;2M"), [m("press", "left", 1, 1, { shift: true, ctrl: true })]);
});

Deno.test("sequences split across reads decode once, at the end", () => {
  const whole = "a\x1b[1;2A\x1b[<0;12;7M\x1bOu€\x1b[15~b";
  const expected = decode(whole);
  const bytes = enc.encode(whole);
  for (let cut = 1; cut < bytes.length; cut++) {
    const d = new KeyDecoder();
    deepEqual([...d.feed(bytes.slice(0, cut)), ...d.feed(bytes.slice(cut))], expected, `cut at ${cut}`);
  }
  // One byte at a time, too.
  const d = new KeyDecoder();
  deepEqual(bytes.reduce((events, b) => [...events, ...d.feed(Uint8Array.of(b))], [] as unknown[]), expected);
});

Deno.test("a lone Esc waits for the flush; then it is the Escape key", () => {
  const d = new KeyDecoder();
  deepEqual(d.feed(enc.encode("\x1b")), []);
  deepEqual(d.hasPending, true);
  deepEqual(d.flush(), [key("Escape")]);
  deepEqual(d.hasPending, false);
  // Esc and [ typed together, then nothing: Alt+[.
  deepEqual(d.feed(enc.encode("\x1b[")), []);
  deepEqual(d.flush(), [key("[", { alt: true })]);
  // Esc followed by a sequence in the same read is still two things.
  deepEqual(decode("\x1b\x1b"), []);
});

Deno.test("unknown sequences are dropped without eating the next key", () => {
  deepEqual(decode("\x1b[99~x\x1b[?1;2cy"), [key("x"), key("y")]);
  deepEqual(new KeyDecoder().feed(Uint8Array.of(0xff, 0x61)), [key("\uFFFD"), key("a")]);
});

Deno.test("a cut-off sequence is dropped on flush: it never becomes Escape (which quits) or digits", () => {
  for (const partial of ["\x1b[1;5", "\x1b[<0;12", "\x1b[15", "\x1bO2"]) {
    const d = new KeyDecoder();
    deepEqual(d.feed(enc.encode(partial)), []);
    deepEqual(d.flush(), [], JSON.stringify(partial));
  }
  const d = new KeyDecoder();
  d.feed(enc.encode("\x1bO"));
  deepEqual(d.flush(), [key("O", { alt: true })]);
});

Deno.test("rxvt's modified editing keys end in $, ^ or @", () => {
  deepEqual(decode("\x1b[7$\x1b[5^\x1b[3@j"), [
    key("Home", { shift: true }),
    key("PageUp", { ctrl: true }),
    key("Delete", { shift: true, ctrl: true }),
    key("j"),
  ]);
});

Deno.test("runs of Esc: each is an Escape; only one Esc before [ or O makes Alt; no recursion", () => {
  deepEqual(decode("\x1b\x1b\x1bx"), [key("Escape"), key("Escape"), key("x", { alt: true })]);
  deepEqual(decode("\x1b\x1b[A"), [key("Up", { alt: true })]);
  const many = new Uint8Array(60_001).fill(0x1b);
  many[60_000] = 0x61;
  const events = new KeyDecoder().feed(many);
  equal(events.length, 60_000);
  deepEqual(events.at(-1), key("a", { alt: true }));
});

Deno.test("bad bytes never swallow the key after them", () => {
  deepEqual(new KeyDecoder().feed(Uint8Array.of(0xf0, 0x6a)), [key("\uFFFD"), key("j")]);
  const d = new KeyDecoder();
  deepEqual(d.feed(Uint8Array.of(0xe2, 0x82)), []);
  deepEqual(d.flush(), [key("\uFFFD")]);
  deepEqual(decode("\x1b[[\x1b[A"), [key("Up")]);
});

Deno.test("mouse reports with extra buttons or zero coordinates are dropped", () => {
  deepEqual(decode("\x1b[<128;5;5M\x1b[<0;0;0Mk"), [key("k")]);
});

Deno.test("a huge unfinished sequence pasted in many reads is read in linear work, and decodes as if whole", () => {
  // ESC [ then a megabyte of parameter bytes, in 1 KB reads, then its final byte.
  const params = enc.encode("1;".repeat(512 * 1024));
  const d = new KeyDecoder();
  const start = enc.encode("\x1b[");
  let fed = start.length;
  deepEqual(d.feed(start), []);
  for (let at = 0; at < params.length; at += 1024) {
    const chunk = params.subarray(at, at + 1024);
    fed += chunk.length;
    deepEqual(d.feed(chunk), []);
  }
  const events = [...d.feed(enc.encode("Ax")), ...d.flush()];
  fed += 2;
  const whole = new KeyDecoder().feed(new Uint8Array([...start, ...params, ...enc.encode("Ax")]));
  deepEqual(events, whole);
  // Rescanning the pending bytes on every read would look at each about 500 times.
  ok(d.examined <= 4 * fed, `${d.examined} bytes examined for ${fed} fed`);
});

Deno.test("every split of a stream into reads decodes as the whole, resumed scans included", () => {
  const whole = "\x1b[12;5~a\x1b\x1b[1;3B\x1b[<0;12;7m\x1bOp\x1b[[B\x1b[7$";
  const bytes = enc.encode(whole);
  const expected = decode(whole);
  for (let a = 1; a < bytes.length; a++) {
    for (let b = a; b < bytes.length; b++) {
      const d = new KeyDecoder();
      const events = [...d.feed(bytes.slice(0, a)), ...d.feed(bytes.slice(a, b)), ...d.feed(bytes.slice(b))];
      deepEqual(events, expected, `cut at ${a} and ${b}`);
    }
  }
});
