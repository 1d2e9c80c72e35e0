/**
 * Text from a file never reaches the terminal raw: escape sequences, C1
 * controls, bidi overrides and zero-width characters in a data file, a
 * replay, a save or a command line come out as visible escapes on stderr,
 * on the screen and in the morgue file. Each test captures what is really
 * written (a child's stderr, the headless terminal's bytes, the file).
 */
import { equal, ok } from "node:assert/strict";
import { dataStamp, encodeSave, gzip, writeSave } from "../src/store/mod.ts";
import { addMessage, newGame } from "../src/engine/mod.ts";
import { bundledContent, copyOfData } from "./support/content.ts";
import { titleSession } from "./support/title_session.ts";
import { runScript } from "./support/run_program.ts";
import { lastShown } from "./support/ui_harness.ts";

const content = await bundledContent();
const { rules } = content;

/** Retitles the window (OSC 0 … BEL), clears the screen (C1 CSI), reverses what follows (RLO), hides (ZWSP). */
const HOSTILE = "\u001b]0;pwned\u0007\u009b2J\u202eevil\u200bend";

/** What must never be written raw: C0 but the line break, DEL, C1, bidi controls, zero-width and invisible ones, lone surrogates. */
const RAW =
  // Control characters are what this looks for.
  // deno-lint-ignore no-control-regex
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|\p{Cs}/u;

function assertNoRaw(text: string, where: string): void {
  const found = RAW.exec(text);
  ok(
    !found,
    found
      ? `${where}: raw U+${found[0].codePointAt(0)!.toString(16)} in ${
        JSON.stringify(text.slice(Math.max(0, found.index - 40), found.index + 40))
      }`
      : "",
  );
}

/**
 * What the terminal was sent, less the renderer's own cursor and colour
 * sequences: CSI sequences, the reverse index, and the three C0 controls its
 * short cursor moves use (carriage return, backspace, vertical tab; see
 * src/terminal/cursor_moves.ts). Those three in text would pass unseen here:
 * the tests look at the cells' text for them too ({@link assertNoRaw} on the
 * screen's rows).
 */
function sentText(writes: readonly string[]): string {
  // deno-lint-ignore no-control-regex
  return writes.join("").replace(/\x1b\[\??[0-9;]*[A-Za-z]|\x1bM|[\r\b\v]/g, "");
}

/** The hostile text as every visible escape shows it (the C0 ones may come JSON-escaped from a quoted key). */
function assertShownEscaped(text: string, where: string): void {
  ok(/\\x1b\]0;pwned|\\u001b\]0;pwned/.test(text), `${where}: the ESC is shown as an escape: ${text}`);
  ok(text.includes("\\u{202e}evil\\u{200b}end"), `${where}: RLO and ZWSP shown as escapes: ${text}`);
}

/** `script` (from this folder) run with reading and the environment allowed, and `args`. */
const run = (script: string, ...args: string[]) => runScript(new URL(script, import.meta.url), args);

Deno.test("validate: a duplicate and unknown key holding escape sequences is printed escaped, never raw", async () => {
  const dir = await copyOfData("delve-leak-data-");
  const file = `${dir}/entities.json`;
  const key = JSON.stringify(HOSTILE);
  await Deno.writeTextFile(
    file,
    (await Deno.readTextFile(file)).replace('"orc": {', `"orc": {\n    ${key}: 1,\n    ${key}: 2,`),
  );
  const { code, stderr, stdout } = await run("../src/commands/validate.ts", "--data", dir);
  equal(code, 2, stderr);
  equal(stdout, "");
  ok(stderr.includes("entities.json"), stderr);
  assertNoRaw(stderr, "validate's stderr");
  assertShownEscaped(stderr, "validate's stderr");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("replay: an unknown key and a file name holding escape sequences are printed escaped, never raw", async () => {
  const dir = await Deno.makeTempDir({ prefix: "delve-leak-replay-" });
  const path = `${dir}/game.replay.json.gz`;
  const recording = {
    format: "delve-replay",
    version: 2,
    game: "test",
    seed: 1,
    dataChecksum: 0,
    commands: [],
    checks: [],
    [HOSTILE]: 1,
  };
  await Deno.writeFile(path, await gzip(JSON.stringify(recording)));
  const unknownKey = await run("../src/commands/replay.ts", path, "--check");
  equal(unknownKey.code, 1, unknownKey.stderr);
  assertNoRaw(unknownKey.stderr, "the replay error");
  ok(unknownKey.stderr.includes("\\u{202e}evil\\u{200b}end"), unknownKey.stderr);
  const missing = await run("../src/commands/replay.ts", `${dir}/${HOSTILE}.gz`, "--check");
  equal(missing.code, 1, missing.stderr);
  assertNoRaw(missing.stderr, "the missing replay's line");
  assertShownEscaped(missing.stderr, "the missing replay's line");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("command lines: a stray argument or a flag's value holding escape sequences is quoted escaped", async () => {
  for (
    const [script, args] of [["../main.ts", [HOSTILE]], ["../src/commands/sim.ts", [
      "--seed",
      HOSTILE,
    ]]] as const
  ) {
    const { code, stderr } = await run(script, ...args);
    equal(code, 2, stderr);
    assertNoRaw(stderr, script);
    assertShownEscaped(stderr, script);
  }
});

Deno.test("the exit guard's crash line shows an error message's escape sequences escaped", async () => {
  const { code, stderr } = await run("./support/crash_line_main.ts", HOSTILE);
  equal(code, 70, stderr);
  ok(stderr.startsWith("delve: internal error: "), stderr);
  assertNoRaw(stderr, "the crash line");
  assertShownEscaped(stderr, "the crash line");
});

Deno.test("a save's messages and kills holding escape sequences reach the screen and the morgue file escaped", async () => {
  const t = await titleSession(async (savePath) => {
    const state = newGame(rules, 31);
    addMessage(state.log, `The orc says ${HOSTILE}`, "white");
    state.chronicle.kills.push({ name: `orc ${HOSTILE}`, count: 1 });
    await writeSave(savePath, encodeSave(state, dataStamp(content), "test", new Date()));
  });
  await t.tick();
  await t.press("c");
  ok(t.gameText().includes("The orc says"), t.gameText());
  await t.press("c", "m");
  const path = /^Morgue file written to (.*)$/.exec(lastShown(t.app.game!).text)?.[1];
  ok(path, lastShown(t.app.game!).text);
  const morgue = await Deno.readTextFile(path);
  assertNoRaw(morgue, "the morgue file");
  assertShownEscaped(morgue, "the morgue file");
  ok(morgue.includes("orc \\x1b]0;pwned"), morgue);
  const screen = sentText(t.terminal.writes);
  assertNoRaw(screen, "the screen");
  assertNoRaw(t.gameText().replaceAll("\n", ""), "the screen's cells");
  assertShownEscaped(screen, "the screen");
  await t.press("Escape", "Escape", "q");
  await t.running;
});

Deno.test("a damaged save's key holding escape sequences is shown escaped in the title's popup", async () => {
  const t = await titleSession(async (savePath) => {
    const key = JSON.stringify(HOSTILE);
    const json = encodeSave(newGame(rules, 31), dataStamp(content), "test", new Date());
    await writeSave(savePath, json.replace('"state":{', `"state":{${key}:1,${key}:2,`));
  });
  await t.tick();
  await t.press("c");
  ok(t.text().includes("Failed to load save:"), t.text());
  const screen = sentText(t.terminal.writes);
  assertNoRaw(screen, "the popup");
  assertNoRaw(t.text().replaceAll("\n", ""), "the popup's cells");
  ok(screen.includes("\\u{202e}evil"), screen);
  await t.press("Escape", "q");
  await t.running;
});
