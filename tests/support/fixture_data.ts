/**
 * The replay fixtures (tests/fixtures/replays/) with the data each was
 * recorded with: the rule set's folder as it is, or the version of it that
 * Delve keeps (data/versions/) once the rule set has changed since.
 *
 * @module
 */
import { type Content, loadContent } from "../../src/content/mod.ts";
import { bundledArchive, DataShelf, type Recording } from "../../src/store/mod.ts";
import { readRecording } from "../../src/commands/mod.ts";

/** The fixtures' folder. */
export const FIXTURES = new URL("../fixtures/replays/", import.meta.url);

/** The fixture files, in order of name (`SET-seedN.replay.json.gz`). */
export function fixtureFiles(): string[] {
  return [...Deno.readDirSync(FIXTURES)].map((e) => e.name).sort();
}

/**
 * The kept data version a rule set's fixtures play with, where the rule set
 * changed on purpose after they were recorded (the fixtures are older than
 * data stamps, so their own stamp names no kept version): RogueBasin's, as it
 * was before its spawning lost its floors.
 */
const RECORDED_WITH: Readonly<Record<string, number>> = { roguebasin: 1409005223 };

/** The fixture `file`, read, and the content it plays with: its rule set's, or the version it was recorded with. */
export async function fixtureWithData(file: string): Promise<{ recording: Recording; content: Content }> {
  const set = file.slice(0, file.indexOf("-"));
  const ours = await loadContent(new URL(`../../data/rulesets/${set}/`, import.meta.url), `${set}/`);
  const recording = await readRecording(new URL(file, FIXTURES).pathname);
  const kept = RECORDED_WITH[set];
  if (kept === undefined) return { recording, content: ours };
  const found = await new DataShelf(ours, { archive: bundledArchive() }).find(kept);
  if (found.kind === "missing" || found.kind === "refused") {
    throw new Error(`${file}: its data is ${found.kind}`);
  }
  return { recording, content: found.content };
}
