/**
 * `deno task versions`: keeps the versions of the bundled data in
 * `data/versions/`, one file a checksum of rules (src/store/data_versions.ts):
 * `data/`, each rule set of `data/rulesets/` and each mod of `data/mods/` as
 * they are now. A version already kept is left as it is, and none is ever
 * removed: saves and replays made with the data of any release go on by
 * their own rules after the data changes (docs/playing.md, Saves).
 *
 * @module
 */
import { join } from "node:path";
import { ContentError, loadContent } from "../src/content/mod.ts";
import { HELP_USAGE, parseFlags, readCommandLine, say, sayOut, VERSION } from "../src/cli/mod.ts";
import {
  bundledArchive,
  bundledFolders,
  VERSION_LIMITS,
  type VersionArchive,
  versionFile,
  writeSave,
} from "../src/store/mod.ts";

/** `deno task versions --help`. */
export const VERSIONS_HELP = {
  name: "versions",
  about: "Keeps the versions of the bundled data (data/, data/rulesets/*, data/mods/*) in data/versions/:\n" +
    "run it after changing their data (a test fails while one is missing). None is ever removed.",
  usage: `Usage: deno task versions

Options:
${HELP_USAGE}`,
};

/**
 * Runs the command, keeping the versions in `archive` (data/versions/ but
 * for tests); resolves to the exit status (2 when a bundled folder does not load).
 */
export async function versionsCommand(
  args: readonly string[],
  now: Date = new Date(),
  archive: VersionArchive = bundledArchive(),
): Promise<number> {
  const line = readCommandLine(VERSIONS_HELP, args, () => parseFlags(args, {}));
  if ("exit" in line) return line.exit;
  let status = 0;
  for (const [dir, label] of await bundledFolders()) {
    let content;
    try {
      content = await loadContent(dir, label);
    } catch (e) {
      if (!(e instanceof ContentError)) throw e;
      say(`${label}: not kept, for it does not load:\n${e.problems.join("\n")}`);
      status = 2;
      continue;
    }
    const { checksum, json } = versionFile(content, now, VERSION);
    const name = `data/versions/${checksum}.json.gz`;
    // One kept whole stays as it was first kept; a damaged one is written again (the same rules).
    if (await archive.read(checksum).catch(() => undefined)) {
      sayOut(`${label}: kept already as ${name}`);
      continue;
    }
    await writeSave(join(archive.dir, `${checksum}.json.gz`), json, {
      backup: false,
      noun: "data version",
      limits: VERSION_LIMITS,
    });
    sayOut(`${label}: kept as ${name}`);
  }
  return status;
}

if (import.meta.main) Deno.exit(await versionsCommand(Deno.args));
