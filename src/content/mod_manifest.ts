/**
 * A mod's `mod.json`: its name and version, the versions of Delve it was
 * made for, and the mods it needs before it or cannot go with
 * (docs/modding.md, Overlay mods). The ranges are npm's semver ranges.
 *
 * @module
 */
import { z } from "zod";
// @deno-types="@types/semver"
import semver from "semver";
import { idSchema } from "./schema_parts.ts";
import { textSchema } from "./text_schema.ts";

const versionSchema = z.string().max(64).refine((v) => semver.valid(v) !== null, {
  message: 'expected a version like "1.2.0"',
});
const rangeSchema = z.string().max(200).refine((r) => semver.validRange(r) !== null, {
  message: 'expected a range of versions like "^0.1" or ">=1.0 <2"',
});

/** The shape of `mod.json`. */
export const modManifestSchema = z.strictObject({
  $schema: z.string().max(4096).optional(),
  name: idSchema.describe("The mod's name: what saves, replays and other mods call it."),
  version: versionSchema.describe("The mod's own version (semver)."),
  description: textSchema(200).optional().describe("One line about the mod."),
  delve: rangeSchema.describe('The versions of Delve it was made for, as a semver range ("^0.1").'),
  requires: z.record(idSchema, rangeSchema).optional().describe(
    "The mods it needs, each given before it, by name and the range of their versions it works with.",
  ),
  conflicts: z.array(idSchema).max(100).optional().describe("The mods it cannot be played with."),
});

/** A `mod.json` as written. */
export type ModManifest = z.output<typeof modManifestSchema>;

/**
 * What is wrong with playing `mods` (their manifests, in order, each with
 * its `mod.json`'s label) on Delve `delveVersion`: one line each.
 */
export function modOrderProblems(
  mods: readonly { readonly manifest: ModManifest; readonly label: string }[],
  delveVersion: string,
): string[] {
  const problems: string[] = [];
  mods.forEach(({ manifest, label }, i) => {
    if (!semver.satisfies(delveVersion, manifest.delve, { includePrerelease: true })) {
      problems.push(
        `${label}: $.delve: expected a range holding this Delve's ${delveVersion}, found "${manifest.delve}"`,
      );
    }
    const before = mods.slice(0, i).map((m) => m.manifest);
    const twice = before.find((m) => m.name === manifest.name);
    if (twice) problems.push(`${label}: $.name: expected each mod once, found "${manifest.name}" again`);
    for (const [name, range] of Object.entries(manifest.requires ?? {})) {
      const found = before.find((m) => m.name === name);
      if (!found) {
        const later = mods.slice(i + 1).some((m) => m.manifest.name === name);
        problems.push(
          `${label}: $.requires.${name}: expected the mod "${name}" given before this one, found ${
            later ? "it after" : "none"
          }`,
        );
      } else if (!semver.satisfies(found.version, range, { includePrerelease: true })) {
        problems.push(
          `${label}: $.requires.${name}: expected a version in "${range}", found ${found.version}`,
        );
      }
    }
    for (const name of manifest.conflicts ?? []) {
      if (mods.some((m) => m.manifest.name === name)) {
        problems.push(`${label}: $.conflicts: expected none of these mods played with it, found "${name}"`);
      }
    }
  });
  return problems;
}
