/**
 * A generated part of a Markdown document: the text a tool writes between
 * two HTML comments (`<!-- NAME: written by `deno task TASK` -->` and
 * `<!-- /NAME -->`), the rest of the file left as people wrote it. The key
 * table (`deno task keys`) and the performance table (`deno task bench`) are
 * written so, and a test fails while a file differs from what its tool writes.
 *
 * @module
 */
import { writeFileAtomic } from "../src/store/mod.ts";

/** Where a generated part begins and ends in its file. */
export interface Markers {
  readonly begin: string;
  readonly end: string;
}

/** The markers of the part `name` that `deno task task` writes. */
export function markersOf(name: string, task: string): Markers {
  return { begin: `<!-- ${name}: written by \`deno task ${task}\` -->`, end: `<!-- /${name} -->` };
}

/** `text` with `body` between its markers (a blank line either side); throws when the markers are missing. */
export function withMarkedSection(text: string, markers: Markers, body: string, file: string): string {
  const start = text.indexOf(markers.begin), end = text.indexOf(markers.end);
  if (start < 0 || end < start) throw new Error(`${file}: no ${markers.begin} … ${markers.end} markers`);
  return `${text.slice(0, start)}${markers.begin}\n\n${body}\n\n${text.slice(end)}`;
}

/** Writes `body` between the markers of `file` (a path from the repository's root), atomically. */
export async function writeMarkedSection(file: string, markers: Markers, body: string): Promise<void> {
  const path = new URL(`../${file}`, import.meta.url).pathname;
  const text = withMarkedSection(await Deno.readTextFile(path), markers, body, file);
  await writeFileAtomic(path, new TextEncoder().encode(text));
}
