/**
 * The source tree read as a graph of files: which `.ts` files there are and
 * the relative modules each imports (for the layers and circles tests).
 */
import { join } from "node:path";
import { ROOT } from "./run_program.ts";

/** Every `.ts` file under `dir` (repository paths). */
export async function sources(dir: string): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(join(ROOT, dir))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) found.push(...await sources(path));
    else if (entry.name.endsWith(".ts")) found.push(path);
  }
  return found;
}

/** The relative modules `text` imports or re-exports, statically or with `import()`. */
export function importedPaths(text: string): string[] {
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+"(\.{1,2}\/[^"]+)"/gms),
    ...text.matchAll(/\bimport\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g),
  ];
  return specifiers.map((m) => m[1]);
}
