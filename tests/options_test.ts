/**
 * The options file (docs/options.md): the defaults when it is missing, the
 * keys it binds, and every bad entry named in one line and ignored while
 * the rest is used; the presets give no key twice.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import {
  DEFAULT_OPTIONS,
  defaultOptionsPath,
  optionsJsonSchema,
  parseOptions,
  readOptions,
} from "../src/store/mod.ts";
import {
  boundKeys,
  KEY_PRESETS,
  keyConflicts,
  keysOf,
  lookupKey,
  MOVE_BINDINGS,
  moveOf,
  PLAY_BINDINGS,
  presetKeys,
} from "../src/ui/mod.ts";
import { KEYS_FILES, keysTable, withKeysTable } from "../tools/keys_table.ts";
import { keyEvent } from "../src/terminal/mod.ts";

async function optionsFile(text: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "delve-options-" });
  await Deno.writeTextFile(`${dir}/options.json`, text);
  return `${dir}/options.json`;
}

Deno.test("no options file: the defaults, nothing to say; the default path follows XDG_CONFIG_HOME, then HOME", async () => {
  deepEqual(await readOptions("/nonexistent/delve/options.json"), { options: DEFAULT_OPTIONS, problems: [] });
  const env = (vars: Record<string, string>) => (name: string) => vars[name];
  equal(defaultOptionsPath(env({ XDG_CONFIG_HOME: "/c", HOME: "/h" })), "/c/delve/options.json");
  equal(defaultOptionsPath(env({ HOME: "/h" })), "/h/.config/delve/options.json");
  equal(defaultOptionsPath(env({})), undefined);
});

Deno.test("a good file: the preset, the file's own bindings over it, and the walk delay", () => {
  const { options, problems } = parseOptions({
    $schema: "file:///x/options.schema.json",
    version: 1,
    keys: { preset: "laptop", bind: { explore: ["V", "F5"], "move.east": ["Right", "Ctrl+l"] } },
    walkDelayMs: 40,
  }, "o.json");
  deepEqual(problems, []);
  deepEqual(options.keys.explore, ["V", "F5"]);
  deepEqual(options.keys["move.east"], ["Right", "Ctrl+l"]);
  deepEqual(options.keys["move.north"], presetKeys("laptop")["move.north"]);
  equal(options.walkDelayMs, 40);
  // The keys work as bound: F5 explores, Ctrl+l steps east, l alone no longer does, w steps north.
  const bound = (key: string, mods: Partial<{ ctrl: boolean }> = {}) => ({ ...keyEvent(key), ...mods });
  equal(lookupKey(PLAY_BINDINGS, bound("F5"), options.keys)?.value, "explore");
  deepEqual(moveOf(bound("l", { ctrl: true }), options.keys), { dx: 1, dy: 0, shift: false });
  equal(moveOf(bound("l"), options.keys), undefined);
  deepEqual(moveOf(bound("w"), options.keys), { dx: 0, dy: -1, shift: false });
  deepEqual(moveOf(bound("W"), options.keys), { dx: 0, dy: -1, shift: true }, "a capital runs");
});

Deno.test("bad entries are named in one line each (file, JSON path, expected, found) and ignored; the rest is used", () => {
  const { options, problems } = parseOptions({
    version: 2,
    colour: "red",
    walkDelayMs: 5000,
    keys: {
      preset: "emacs",
      bind: {
        teleport: ["t"],
        explore: ["F13", "Shift+x", "V", 7],
        rest: "R",
        "move.north": ["Ctrl+c", "8"],
        look: ["g"],
      },
    },
  }, "o.json");
  deepEqual(problems, [
    "o.json: $.version: expected one of 1, found 2",
    "o.json: $.colour: unexpected key (ignored)",
    "o.json: $.walkDelayMs: expected milliseconds, a whole number from 0 to 1000, found 5000",
    'o.json: $.keys.preset: expected one of "default", "vi", "laptop", "numpad", found "emacs"',
    'o.json: $.keys.bind["teleport"]: expected a command name such as move.north or inventory.use, found "teleport"',
    'o.json: $.keys.bind["explore"][0]: expected a key: one printable character or a key name such as Up, F5, KP8 or Enter, found "F13"',
    'o.json: $.keys.bind["explore"][1]: expected Shift+ only on a named key (write the capital), found "Shift+x"',
    'o.json: $.keys.bind["explore"][3]: expected a key name, found 7',
    'o.json: $.keys.bind["rest"]: expected a list of at most 8 keys, found "R"',
    'o.json: $.keys.bind["move.north"][0]: expected a key other than Ctrl+c, which saves the game and quits, found "Ctrl+c"',
    'o.json: $.keys.bind["look"][0]: expected a key no other command of the game screen has, found "g" (pick_up\'s; ignored here)',
  ]);
  deepEqual([options.preset, options.walkDelayMs], ["default", undefined]);
  deepEqual(options.keys.explore, ["V"]);
  deepEqual(options.keys["move.north"], ["8"]);
  deepEqual(options.keys.look, [], "the clashing key is the later binding's to lose");
  equal(options.keys.rest, undefined, "the table's own keys stay");
});

Deno.test("two commands of the file asking for one key: the later loses it; swapping two keys is no clash", () => {
  const swap = parseOptions({ keys: { bind: { "inventory.drop": ["e"], describe: ["d"] } } }, "o.json");
  deepEqual(swap.problems, []);
  const clash = parseOptions({ keys: { bind: { explore: ["z"], rest: ["z", "R"] } } }, "o.json");
  deepEqual(clash.problems, [
    'o.json: $.keys.bind["rest"][0]: expected a key no other command of the game screen has, found "z" (explore\'s; ignored here)',
  ]);
  deepEqual([clash.options.keys.explore, clash.options.keys.rest], [["z"], ["R"]]);
});

Deno.test("a file that is not an options file gives the defaults and one line", async () => {
  for (
    const [text, said] of [
      ["[1, 2]", "$: expected an object, found a list of 2 items; the defaults are used"],
      ["{ nope", "invalid JSON at line 1, column 3"],
      ["", "expected JSON, found an empty file"],
      ["[".repeat(20) + "]".repeat(20), "nested at most 8 deep"],
      [" ".repeat(70 * 1024), "expected a file of at most 64 KB"],
    ]
  ) {
    const path = await optionsFile(text);
    const { options, problems } = await readOptions(path);
    await Deno.remove(path.replace(/\/options\.json$/, ""), { recursive: true });
    deepEqual(options, DEFAULT_OPTIONS);
    equal(problems.length, 1, String(problems));
    ok(problems[0].startsWith(`${path}: `) && problems[0].includes(said), problems[0]);
  }
});

Deno.test("no preset gives one key to two commands of any one screen, nor a move the look cursor's Enter or ?", () => {
  for (const preset of KEY_PRESETS) {
    deepEqual([...keyConflicts(presetKeys(preset))], [], preset);
    for (const move of MOVE_BINDINGS) {
      for (const key of keysOf(move, presetKeys(preset))) {
        ok(!["Enter", "KPEnter", "?"].includes(key), preset);
      }
    }
  }
  // The check sees a clash on any screen: the history's scroll key given to help.
  deepEqual([...keyConflicts({ help: ["Up"] })], [["Up", ["move.north", "help", "scroll.line_up"]]]);
});

Deno.test("data/schema/options.schema.json is the schema the game reads options by (deno task schema writes it)", async () => {
  const file = await Deno.readTextFile(new URL("../data/schema/options.schema.json", import.meta.url));
  equal(file, optionsJsonSchema());
  ok(file.includes('"move.north"') && file.includes('"laptop"'), "it names the commands and the presets");
});

Deno.test("docs/options.md's key table is the default key map (deno task keys writes it)", async () => {
  for (const file of KEYS_FILES) {
    const text = await Deno.readTextFile(new URL(`../${file}`, import.meta.url));
    equal(withKeysTable(text, file), text, `${file}: run deno task keys`);
  }
  const table = keysTable();
  for (const command of boundKeys()) {
    const row = table.split("\n").find((line) => line.startsWith(`| \`${command.name}\` `));
    ok(row && command.keys.every((k) => row.includes(`\`${k === " " ? "Space" : k}\``)), command.name);
  }
  ok(table.includes("`scroll.line_up`") && table.includes("`count.cancel`"), "every screen's commands");
});

Deno.test("message lines, explore and items, and auto-pickup are read, and bad values named", () => {
  const good = parseOptions(
    { logLines: 3, exploreStopsForItems: false, autoPickup: ["potion", "dart"] },
    "o.json",
  );
  deepEqual(good.problems, []);
  deepEqual(
    [good.options.logLines, good.options.exploreStopsForItems, good.options.autoPickup],
    [3, false, ["potion", "dart"]],
  );
  const bad = parseOptions({ logLines: -1, exploreStopsForItems: "no", autoPickup: ["Potion!"] }, "o.json");
  deepEqual(bad.problems, [
    "o.json: $.logLines: expected a number of lines from 0 (as many as fit) to 50, found -1",
    'o.json: $.exploreStopsForItems: expected boolean, found "no"',
    'o.json: $.autoPickup[0]: expected an item kind: a template id or potion, scroll, ring…, found "Potion!"',
  ]);
  deepEqual([bad.options.logLines, bad.options.exploreStopsForItems, bad.options.autoPickup], [
    undefined,
    undefined,
    undefined,
  ]);
});
