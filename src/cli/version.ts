/**
 * This program's version, from deno.json: written into saves and replays,
 * and answered by every command's `--version`.
 *
 * @module
 */
import denoConfig from "../../deno.json" with { type: "json" };

/** The version, as deno.json says. */
export const VERSION: string = denoConfig.version;
