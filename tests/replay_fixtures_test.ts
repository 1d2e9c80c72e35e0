/**
 * Replays of bot games recorded with every bundled rule set
 * (tests/fixtures/replays/, 400 to 1,500 commands each, a state checksum
 * every 100 turns): the game must play them back to the same states, so a
 * change that moves code without meaning to change the rules is seen to
 * change nothing. The TCOD and RogueBasin ones date from before the AI
 * worker came to keep its own copy of the game; the ROT.js and Caves of
 * Zircon ones were recorded again when those rule sets' rules changed on
 * purpose to follow their tutorials more closely (a room's
 * maxima on every floor; XP for the destroyer only; Zircon's levels rising at
 * the kill), 1,500 bot commands each; and again (`deno task sim --games 1
 * --seed S --data DIR --turns 1500 --record FILE`) when ROT.js's spawning
 * lost its floors and Caves of Zircon took its tutorial's monsters and told
 * a level before the death that earned it.
 */
import { equal, ok } from "node:assert/strict";
import { readRecording } from "../src/commands/mod.ts";
import { playRecording } from "../src/store/mod.ts";
import { loadContent } from "../src/content/mod.ts";

const FIXTURES = new URL("./fixtures/replays/", import.meta.url);
const FOLDERS: Record<string, string> = {
  tcod: "../data/rulesets/tcod/",
  rotjs: "../data/rulesets/rotjs/",
  roguebasin: "../data/rulesets/roguebasin/",
  zircon: "../data/rulesets/zircon/",
};

Deno.test("replays recorded before the refactor play back with every checksum matching, in every rule set", async () => {
  const files = [...Deno.readDirSync(FIXTURES)].map((e) => e.name).sort();
  equal(files.length, 12);
  for (const file of files) {
    const set = file.slice(0, file.indexOf("-"));
    const { rules } = await loadContent(new URL(FOLDERS[set], import.meta.url), `${set}/`);
    const recording = await readRecording(new URL(file, FIXTURES).pathname);
    ok(recording.checks.length >= 4, `${file} holds checksums to compare`);
    const end = playRecording(recording, rules);
    ok(end.turn >= recording.checks.at(-1)!.turn, `${file} played through`);
  }
});
