/** The item powers' JSON-only mod (tests/fixtures/mods/powers/), loaded once for tests. */
import { type Content, loadContent } from "../../src/content/mod.ts";

export const POWERS_DIR = new URL("../fixtures/mods/powers/", import.meta.url);

let cached: Content | undefined;

/** The powers mod's content. */
export async function powersContent(): Promise<Content> {
  cached ??= await loadContent(POWERS_DIR, "powers/");
  return cached;
}
