/** The minds mod (tests/fixtures/mods/minds): an archer, a fleeing goblin, a sleeping troll, a fungus, a bat. */
import { type Content, loadContent } from "../../src/content/mod.ts";

export const MINDS_DIR = new URL("../fixtures/mods/minds/", import.meta.url);

let cached: Content | undefined;

/** The minds mod's content, loaded once. */
export async function mindsContent(): Promise<Content> {
  cached ??= await loadContent(MINDS_DIR, "tests/fixtures/mods/minds/");
  return cached;
}
