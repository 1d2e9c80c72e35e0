import { equal } from "node:assert/strict";
import { type ColorDepth, detectColorDepth, toAnsi16, toAnsi256 } from "../src/terminal/mod.ts";

Deno.test("colour depth comes from FORCE_COLOR, then NO_COLOR, then COLORTERM, then TERM", () => {
  const cases: [Record<string, string>, ColorDepth][] = [
    [{}, "16"],
    [{ TERM: "xterm" }, "16"],
    [{ TERM: "xterm-256color" }, "256"],
    [{ TERM: "tmux-256color", COLORTERM: "truecolor" }, "truecolor"],
    [{ COLORTERM: "24bit" }, "truecolor"],
    [{ TERM: "xterm-direct" }, "truecolor"],
    [{ TERM: "dumb" }, "none"],
    [{ TERM: "xterm-256color", NO_COLOR: "1" }, "none"],
    [{ TERM: "xterm-256color", NO_COLOR: "" }, "256"],
    [{ NO_COLOR: "1", FORCE_COLOR: "3" }, "truecolor"],
    [{ COLORTERM: "truecolor", FORCE_COLOR: "0" }, "none"],
    [{ FORCE_COLOR: "1" }, "16"],
    [{ FORCE_COLOR: "2" }, "256"],
  ];
  for (const [env, depth] of cases) equal(detectColorDepth((k) => env[k]), depth, JSON.stringify(env));
});

Deno.test("RGB maps to the nearest xterm 256 and ANSI 16 colours", () => {
  equal(toAnsi256(0x000000), 16);
  equal(toAnsi256(0xffffff), 231);
  equal(toAnsi256(0x808080), 244);
  equal(toAnsi256(0xff0000), 196);
  equal(toAnsi16(0x000000), 0);
  equal(toAnsi16(0xffffff), 15);
  equal(toAnsi16(0xff3030), 9);
  equal(toAnsi16(0x00a000), 2);
});
