/** The bundled data, loaded once for tests. */
import { type Content, loadContent } from "../../src/content/load_content.ts";

export const DATA_DIR = new URL("../../data/", import.meta.url);

let cached: Content | undefined;

/** The bundled data folder's content. */
export async function bundledContent(): Promise<Content> {
  cached ??= await loadContent(DATA_DIR, "data/");
  return cached;
}
