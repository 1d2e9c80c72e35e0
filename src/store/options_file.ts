/**
 * The player's options file (docs/options.md): where it is, and what it
 * says. It is a stranger's file like any other: read within limits, and a
 * bad entry never stops the game. Each problem is named in one line (file,
 * JSON path, expected, found), the entry is ignored and the rest is used.
 * Nothing here writes it.
 *
 * @module
 */
import { z } from "zod";
import {
  checkJson,
  describeJsonProblem,
  describeValue,
  type JsonLimits,
  readUntrustedJson,
} from "../content/mod.ts";
import {
  COMMAND_NAMES,
  commandsByScreen,
  KEY_PRESETS,
  keyLabel,
  type KeyMap,
  keyMapOf,
  type KeyPreset,
  MAX_LOG_LINES,
  type OptionsChoice,
  parseKeyName,
} from "../ui/mod.ts";
import { writeFileAtomic } from "./save_file.ts";
import { briefly } from "./os_error.ts";

/** The version of the options file this Delve writes and reads. */
export const OPTIONS_VERSION = 1;

/** An options file is a few hundred bytes: far past any real one, and nested no deeper than its shape. */
export const OPTIONS_LIMITS: JsonLimits = {
  maxBytes: 64 * 1024,
  maxDepth: 8,
  maxValues: 20_000,
  maxKeys: 1000,
};

/** Keys a command may have. */
const MAX_KEYS_A_COMMAND = 8;

/** What the options say, with the defaults where they say nothing usable. */
export interface Options {
  /** The preset the key map starts from. */
  readonly preset: KeyPreset;
  /** The file's own bindings that were taken, by command name. */
  readonly bind: Readonly<Record<string, readonly string[]>>;
  /** The keys of every command the preset or the file changes. */
  readonly keys: KeyMap;
  /** The pause between a walk's steps, if the file sets it. */
  readonly walkDelayMs?: number;
  /** The most message lines shown (0: as many as fit), if the file sets it. */
  readonly logLines?: number;
  /** Whether explore goes to items and stops on them, if the file sets it. */
  readonly exploreStopsForItems?: boolean;
  /** The item kinds picked up on stepping onto them, if the file names any. */
  readonly autoPickup?: readonly string[];
  /** The display palette's id, if the file names one (checked against the data's palettes later). */
  readonly palette?: string;
}

/** No options file: the tables' own keys. */
export const DEFAULT_OPTIONS: Options = { preset: "default", bind: {}, keys: {} };

/** The options as read, and a line for each problem found. */
export interface OptionsRead {
  readonly options: Options;
  readonly problems: readonly string[];
}

const fieldSchemas = {
  $schema: z.string().max(4096),
  version: z.literal(OPTIONS_VERSION),
  walkDelayMs: z.int({ error: "expected milliseconds, a whole number from 0 to 1000" })
    .min(0, { error: "expected milliseconds, a whole number from 0 to 1000" })
    .max(1000, { error: "expected milliseconds, a whole number from 0 to 1000" }),
  logLines: z.int({ error: `expected a number of lines from 0 (as many as fit) to ${MAX_LOG_LINES}` })
    .min(0, { error: `expected a number of lines from 0 (as many as fit) to ${MAX_LOG_LINES}` })
    .max(MAX_LOG_LINES, { error: `expected a number of lines from 0 (as many as fit) to ${MAX_LOG_LINES}` }),
  exploreStopsForItems: z.boolean(),
  autoPickup: z.array(
    z.string().regex(/^[a-z][a-z0-9_]*$/, {
      error: "expected an item kind: a template id or potion, scroll, ring…",
    }),
  ).max(200),
  palette: z.string().max(40).regex(/^[a-z][a-z0-9_]*$/, {
    // Which ids there are is the data's to say: checked against its palettes once the data is loaded.
    error: "expected a palette id: lower-case letters, digits and _ (default, deuteranopia, …)",
  }),
} as const;

/**
 * The whole file's shape, for editors (data/schema/options.schema.json,
 * written by `deno task schema`); the game reads each entry on its own.
 */
const optionsSchema = z.strictObject({
  ...fieldSchemas,
  keys: z.strictObject({
    preset: z.enum(KEY_PRESETS).optional().describe(
      "The key map to start from (default: the tables' own keys).",
    ),
    bind: z.partialRecord(
      z.enum(COMMAND_NAMES as [string, ...string[]]),
      z.array(
        z.string().describe("A key: one printable character, or Up, F5, KP8, Enter…, after Ctrl+ or Alt+"),
      )
        .max(MAX_KEYS_A_COMMAND),
    ).optional().describe("Keys by command name; they replace the command's keys."),
  }).optional(),
}).partial().describe("Delve's options (docs/options.md).");

/** The JSON Schema of the options file, as text. */
export function optionsJsonSchema(): string {
  return JSON.stringify(z.toJSONSchema(optionsSchema, { io: "input", unrepresentable: "any" }), null, 2) +
    "\n";
}

/** Where the options file's `$schema` points: the schema beside the data this Delve runs with. */
const SCHEMA_URL = new URL("../../data/schema/options.schema.json", import.meta.url).href;

/** The options file's text for `choice`: what the options screen saves. */
export function optionsText(choice: OptionsChoice): string {
  const file = {
    $schema: SCHEMA_URL,
    version: OPTIONS_VERSION,
    keys: { preset: choice.preset, bind: choice.bind },
    walkDelayMs: choice.walkDelayMs,
    logLines: choice.logLines ?? 0,
    exploreStopsForItems: choice.exploreStopsForItems !== false,
    autoPickup: choice.autoPickup ?? [],
    palette: choice.palette ?? "default",
  };
  return JSON.stringify(file, null, 2) + "\n";
}

/**
 * Saves `choice` as the options file at `path` (atomically, the old file
 * kept as `path.bak`, never through a link); resolves to the line that says
 * where, or why not.
 */
export async function saveOptionsFile(path: string | undefined, choice: OptionsChoice): Promise<string> {
  if (path === undefined) {
    return "No place for the options file: set HOME, or XDG_CONFIG_HOME to an absolute path, or give --options PATH.";
  }
  const { state } = await Deno.permissions.query({ name: "write", path });
  if (state !== "granted") return `Delve may not write ${path}: run it with deno task play to save options.`;
  try {
    await writeFileAtomic(path, new TextEncoder().encode(optionsText(choice)), { backup: true });
    return `Saved to ${path} (the file before kept as ${path}.bak).`;
  } catch (e) {
    return `Could not save the options to ${path}: ${briefly(e as Error)}.`;
  }
}

/** Reads the options file at `path`: missing is the defaults; nothing in it throws. */
export async function readOptions(path: string): Promise<OptionsRead> {
  const read = await readUntrustedJson(path, OPTIONS_LIMITS);
  if (read.kind === "missing") return { options: DEFAULT_OPTIONS, problems: [] };
  if (read.kind === "refused") {
    return {
      options: DEFAULT_OPTIONS,
      problems: [`${path}: ${describeJsonProblem(read.problem)}; the defaults are used`],
    };
  }
  const keyProblems = read.keyProblems.map((k) => `${path}: ${k.path}: ${k.message}`);
  const parsed = parseOptions(read.json, path);
  return { options: parsed.options, problems: [...keyProblems, ...parsed.problems] };
}

/** The options `json` says, labelled `label` in the problems. */
export function parseOptions(json: unknown, label: string): OptionsRead {
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    return {
      options: DEFAULT_OPTIONS,
      problems: [`${label}: $: expected an object, found ${describeValue(json)}; the defaults are used`],
    };
  }
  const problems: string[] = [];
  const file = json as Record<string, unknown>;
  const taken: Record<string, unknown> = {};
  let keys: Readonly<Record<string, unknown>> = {};
  for (const [field, value] of Object.entries(file)) {
    if (field === "keys") {
      const checked = checkJson(label, z.strictObject({ keys: z.record(z.string(), z.unknown()) }), {
        keys: value,
      });
      if (checked.value) keys = checked.value.keys;
      else problems.push(...checked.problems);
      continue;
    }
    if (!Object.hasOwn(fieldSchemas, field)) {
      problems.push(`${label}: $.${field}: unexpected key (ignored)`);
      continue;
    }
    const schema = fieldSchemas[field as keyof typeof fieldSchemas];
    const checked = checkJson(label, z.strictObject({ [field]: schema }), { [field]: value });
    if (!checked.value) problems.push(...checked.problems);
    else if (field !== "$schema" && field !== "version") taken[field] = value;
  }
  const { preset, bind, keyMap } = readKeys(keys, label, problems);
  return { options: { ...taken, preset, bind, keys: keyMap } as Options, problems };
}

/** `keys`: a preset, then bindings by command name, each checked on its own; conflicts go to the earlier binding. */
function readKeys(
  keys: Readonly<Record<string, unknown>>,
  label: string,
  problems: string[],
): { preset: KeyPreset; bind: Record<string, readonly string[]>; keyMap: KeyMap } {
  let preset: KeyPreset = "default";
  const bind: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(keys)) {
    if (field === "preset") {
      if ((KEY_PRESETS as readonly unknown[]).includes(value)) preset = value as KeyPreset;
      else {
        problems.push(
          `${label}: $.keys.preset: expected one of ${KEY_PRESETS.map((p) => `"${p}"`).join(", ")}, found ${
            describeValue(value)
          }`,
        );
      }
    } else if (field === "bind") {
      readBindings(value, label, problems, bind);
    } else problems.push(`${label}: $.keys.${field}: unexpected key (ignored)`);
  }
  dropConflicts(keyMapOf({ preset, bind }), Object.keys(bind), label, problems, bind);
  return { preset, bind, keyMap: keyMapOf({ preset, bind }) };
}

function readBindings(
  value: unknown,
  label: string,
  problems: string[],
  bind: Record<string, string[]>,
): void {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    problems.push(
      `${label}: $.keys.bind: expected an object of command names, found ${describeValue(value)}`,
    );
    return;
  }
  for (const [command, list] of Object.entries(value)) {
    const at = `${label}: $.keys.bind[${JSON.stringify(command)}]`;
    if (!COMMAND_NAMES.includes(command)) {
      problems.push(`${at}: expected a command name such as move.north or inventory.use, found "${command}"`);
      continue;
    }
    if (!Array.isArray(list) || list.length > MAX_KEYS_A_COMMAND) {
      problems.push(
        `${at}: expected a list of at most ${MAX_KEYS_A_COMMAND} keys, found ${describeValue(list)}`,
      );
      continue;
    }
    const taken: string[] = [];
    list.forEach((name, i) => {
      const key = typeof name === "string" ? parseKeyName(name) : { problem: "expected a key name" };
      if ("key" in key) {
        if (!taken.includes(key.key)) taken.push(key.key);
      } else problems.push(`${at}[${i}]: ${key.problem}, found ${describeValue(name)}`);
    });
    bind[command] = taken;
  }
}

/**
 * Takes from the file's bindings every key that another command of the
 * main game already has: the tables' keys and the preset's come first, then
 * the file's in its order, and the later binding loses the key.
 */
function dropConflicts(
  keyMap: KeyMap,
  order: readonly string[],
  label: string,
  problems: string[],
  bind: Record<string, readonly string[]>,
): void {
  const rank = (name: string) => (order.includes(name) ? 1 + order.indexOf(name) : 0);
  // A key clashes only between two commands of one screen; a command that loses it loses it everywhere.
  for (const { screen, commands } of commandsByScreen(keyMap)) {
    const owner = new Map<string, string>();
    for (const command of [...commands].sort((a, b) => rank(a.name) - rank(b.name))) {
      for (const key of bind[command.name] ?? command.keys) {
        const first = owner.get(key);
        // The tables and the presets give no key twice on a screen (tests/options_test.ts): only the file's can.
        if (first === undefined || first === command.name || rank(command.name) === 0) {
          owner.set(key, first ?? command.name);
          continue;
        }
        const i = bind[command.name]?.indexOf(key) ?? -1;
        problems.push(
          `${label}: $.keys.bind[${JSON.stringify(command.name)}]${
            i >= 0 ? `[${i}]` : ""
          }: expected a key no ` +
            `other command of the ${screen} screen has, found "${keyLabel(key)}" (${first}'s; ignored here)`,
        );
        bind[command.name] = (bind[command.name] ?? command.keys).filter((k) => k !== key);
      }
    }
  }
}
