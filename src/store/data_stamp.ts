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
import type { Content } from "../content/mod.ts";
import { dataChecksum } from "../engine/mod.ts";
import { whole } from "./save_schema.ts";

/** Which data a game is played by. */
export interface DataStamp {
  readonly checksum: number;
  readonly folder: string;
}

/** The stamp as a save or a replay holds it. */
export const stampSchema = z.strictObject({ checksum: whole(0, 0xffff_ffff), folder: z.string().max(4096) });

/** The stamp of a loaded data folder. */
export function dataStamp(content: Content): DataStamp {
  return { checksum: dataChecksum(content.rules), folder: content.label };
}
