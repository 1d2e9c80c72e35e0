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
 * a level before the death that earned it. Since data versions are kept,
 * a rule set's change leaves them as they are: each plays with the version
 * of its rule set it was recorded with (RogueBasin's, from before its
 * spawning lost its floors).
 */
import { equal, ok } from "node:assert/strict";
import { playRecording } from "../src/store/mod.ts";
import { fixtureFiles, fixtureWithData } from "./support/fixture_data.ts";

Deno.test("replays recorded before the refactor play back with every checksum matching, in every rule set", async () => {
  const files = fixtureFiles();
  equal(files.length, 12);
  for (const file of files) {
    // A rule set changed on purpose since keeps the data the fixture was recorded with (data/versions/).
    const { recording, content } = await fixtureWithData(file);
    ok(recording.checks.length >= 4, `${file} holds checksums to compare`);
    const end = playRecording(recording, content.rules);
    ok(end.turn >= recording.checks.at(-1)!.turn, `${file} played through`);
  }
});
