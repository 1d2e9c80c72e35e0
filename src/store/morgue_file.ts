/**
 * Morgue files on disk: one text file a game, in the `morgue` folder beside
 * the save, named by the time and the seed; an abandoned game's replay, and
 * a finished one's, is kept beside its morgue file, under the same name.
 *
 * @module
 */
import { join } from "node:path";
import { type GameState, isGameOver } from "../engine/mod.ts";
import { claimName, writeFileAtomic, writeSave } from "./save_file.ts";
import { REPLAY_LIMITS } from "./replay_format.ts";

/**
 * `morgue-20261121-093012-seed42.txt`; with `hideSeed`, while the game goes on, `morgue-20261121-093012.txt`
 * (docs/options.md, Hidden seeds): a file's name, shown in the log, must not tell the seed either.
 */
export function morgueFileName(state: GameState, now: Date, hideSeed = false): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  return hideSeed && !isGameOver(state) ? `morgue-${stamp}.txt` : `morgue-${stamp}-seed${state.seed}.txt`;
}

/** The end of a replay's name kept beside a morgue file. */
export const MORGUE_REPLAY_EXT = ".replay.json.gz";

/** The morgue file's path in `dir` without its `.txt`. */
function morgueBase(dir: string, state: GameState, now: Date, hideSeed = false): string {
  return join(dir, morgueFileName(state, now, hideSeed).replace(/\.txt$/, ""));
}

/**
 * Writes `text` as the morgue file of `state` in `dir`, never over another
 * (two in the same second get `-2`, `-3`…); resolves to its path. It is
 * named by the time and the seed, or with `hideSeed` by the time alone
 * while the game goes on.
 */
export function writeMorgue(
  dir: string,
  state: GameState,
  text: string,
  now: Date,
  hideSeed = false,
): Promise<string> {
  const data = new TextEncoder().encode(text);
  return claimName(
    morgueBase(dir, state, now, hideSeed),
    ".txt",
    (path) => writeFileAtomic(path, data, { fresh: true }),
  );
}

/**
 * Writes the recording `json` of `state` gzipped in `dir`, named as its
 * morgue file is with {@link MORGUE_REPLAY_EXT} for `.txt`, never over
 * another; resolves to its path.
 */
export function writeMorgueReplay(
  dir: string,
  state: GameState,
  json: string,
  now: Date,
  hideSeed = false,
): Promise<string> {
  return claimName(
    morgueBase(dir, state, now, hideSeed),
    MORGUE_REPLAY_EXT,
    (path) => writeSave(path, json, { backup: false, fresh: true, noun: "replay", limits: REPLAY_LIMITS }),
  );
}

/**
 * Writes the recording `json` of a game that ended beside its morgue file `morguePath`, under the same name
 * with {@link MORGUE_REPLAY_EXT} for `.txt`, never over another file; resolves to its path. The last game's
 * replay is overwritten by the next game's: this copy stays.
 */
export async function writeReplayBeside(morguePath: string, json: string): Promise<string> {
  const path = morguePath.replace(/\.txt$/, "") + MORGUE_REPLAY_EXT;
  await writeSave(path, json, { backup: false, fresh: true, noun: "replay", limits: REPLAY_LIMITS });
  return path;
}
