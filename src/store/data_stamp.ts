/**
 * Which data a game is played by, as its save and its replay both name it:
 * the checksum of its rules (the data's identity: a kept version is found
 * by it, docs/playing.md, Saves) and the data folder as the player named it
 * (for telling them which one to play it with). Later additions to what
 * names a game's data (mods) are fields added here, with defaults.
 *
 * @module
 */
import { z } from "zod";
import type { Content, ModStamp } from "../content/mod.ts";
import { dataChecksum } from "../engine/mod.ts";
import { whole } from "./save_schema.ts";

/** Which data a game is played by. */
export interface DataStamp {
  readonly checksum: number;
  readonly folder: string;
  /** The mods laid over the folder, in order, each by name and version (absent: none). */
  readonly mods?: readonly ModStamp[];
}

/** The most mods a stamp names: far past what a player lays over one game. */
const MAX_MODS = 64;

/** The stamp as a save or a replay holds it. */
export const stampSchema = z.strictObject({
  checksum: whole(0, 0xffff_ffff),
  folder: z.string().max(4096),
  mods: z.array(z.strictObject({ name: z.string().max(64), version: z.string().max(64) })).max(MAX_MODS)
    .optional(),
});

/** The stamp of a loaded data folder, with its mods. */
export function dataStamp(content: Content): DataStamp {
  const { mods } = content;
  return { checksum: dataChecksum(content.rules), folder: content.label, ...(mods?.length ? { mods } : {}) };
}
