/**
 * Morgue files on disk: one text file a game, in the `morgue` folder beside
 * the save, named by the time and the seed.
 *
 * @module
 */
import { join } from "node:path";
import type { GameState } from "../engine/state.ts";
import { claimName, writeFileAtomic } from "./save_file.ts";

/** `morgue-20261121-093012-seed42.txt`. */
export function morgueFileName(state: GameState, now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  return `morgue-${stamp}-seed${state.seed}.txt`;
}

/**
 * Writes `text` as the morgue file of `state` in `dir`, never over another
 * (two in the same second get `-2`, `-3`…); resolves to its path.
 */
export function writeMorgue(dir: string, state: GameState, text: string, now: Date): Promise<string> {
  const base = join(dir, morgueFileName(state, now).replace(/\.txt$/, ""));
  const data = new TextEncoder().encode(text);
  return claimName(base, ".txt", (path) => writeFileAtomic(path, data, { fresh: true }));
}
