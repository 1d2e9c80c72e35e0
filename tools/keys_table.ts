/**
 * `deno task keys`: writes the table of every command, its default keys and
 * the screens it is on, from the key tables the game plays by, into
 * docs/options.md between its `keys-table` markers (tools/marked_section.ts).
 * A test fails while it differs from what this writes.
 *
 * @module
 */
import { HELP_USAGE, parseFlags, readCommandLine, sayOut } from "../src/cli/mod.ts";
import { NAMED_COMMANDS } from "../src/ui/mod.ts";
import { markersOf, withMarkedSection, writeMarkedSection } from "./marked_section.ts";

/** `deno task keys --help`. */
export const KEYS_HELP = {
  name: "keys",
  about: "Writes the table of commands and their default keys into docs/options.md, between its\n" +
    "keys-table markers: run it after changing a screen's keys.",
  usage: `Usage: deno task keys

Options:
${HELP_USAGE}`,
};

/** The markers the table sits between. */
export const KEYS_MARKERS = markersOf("keys-table", "keys");

/** A key as the options file writes it (`KP8`, `Space`), in backticks. */
function shown(key: string): string {
  return `\`${key === " " ? "Space" : key}\``;
}

/** The table, as Markdown padded as `deno fmt` pads it. */
export function keysTable(): string {
  const rows = NAMED_COMMANDS.map((c) => [
    `\`${c.name}\``,
    c.binding.keys.map(shown).join(" "),
    c.help,
    c.screens.join(", "),
  ]);
  const header = ["command", "default keys", "what it does", "on"];
  const widths = header.map((h, i) => Math.max([...h].length, ...rows.map((r) => [...r[i]].length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => c + " ".repeat(widths[i] - [...c].length)).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** `text` with the table between its markers put right; throws when the markers are missing. */
export function withKeysTable(text: string, file: string): string {
  return withMarkedSection(text, KEYS_MARKERS, keysTable(), file);
}

/** The files the table goes in. */
export const KEYS_FILES = ["docs/options.md"];

/** Runs the command; resolves to the exit status. */
export async function keysCommand(args: readonly string[]): Promise<number> {
  const line = readCommandLine(KEYS_HELP, args, () => parseFlags(args, {}));
  if ("exit" in line) return line.exit;
  for (const file of KEYS_FILES) {
    await writeMarkedSection(file, KEYS_MARKERS, keysTable());
    sayOut(`wrote the key table into ${file}`);
  }
  return 0;
}

if (import.meta.main) Deno.exit(await keysCommand(Deno.args));
