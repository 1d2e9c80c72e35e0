/**
 * Morgue files on disk: one text file a game, in the `morgue` folder beside
 * the save, named by the time and the seed.
 *
 * @module
 */
import { join } from "node:path";
import type { GameState } from "../engine/state.ts";
import { writeFileAtomic } from "./save_file.ts";

/** `morgue-20261121-093012-seed42.txt`. */
export function morgueFileName(state: GameState, now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  return `morgue-${stamp}-seed${state.seed}.txt`;
}

/**
 * Writes `text` as the morgue file of `state` in `dir`, never over another
 * (two in the same second get `-2`, `-3`…); resolves to its path.
 */
export async function writeMorgue(dir: string, state: GameState, text: string, now: Date): Promise<string> {
  const name = morgueFileName(state, now).replace(/\.txt$/, "");
  let path = join(dir, `${name}.txt`);
  for (let n = 2; await exists(path); n++) path = join(dir, `${name}-${n}.txt`);
  await writeFileAtomic(path, new TextEncoder().encode(text));
  return path;
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return false;
    throw e;
  }
}
