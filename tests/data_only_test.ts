/**
 * Data and saves are data only: no code path evaluates anything, and text
 * that looks like code or like a placeholder is shown exactly as written.
 */
import { equal, ok } from "node:assert/strict";
import { dataStamp, decodeSave, encodeSave, userDir } from "../src/store/mod.ts";
import { loadContent } from "../src/content/mod.ts";
import { displayText, instantiate, newGame, playCommand, playerOf } from "../src/engine/mod.ts";
import { copyOfData } from "./support/content.ts";

const CODE_RUNNERS = [
  /\beval\s*\(/,
  /\bnew\s+Function\b/,
  /(?<![.\w])Function\s*\(/,
  /(?<![.\w])import\s*\(/,
];

Deno.test("no source file can run code from text: no eval, Function or dynamic import anywhere", async () => {
  const root = new URL("../", import.meta.url);
  const files: string[] = ["main.ts"];
  for (const dir of ["src", "workers"]) {
    const walk = async (path: string) => {
      for await (const e of Deno.readDir(new URL(path, root))) {
        if (e.isDirectory) await walk(`${path}/${e.name}`);
        else if (e.name.endsWith(".ts")) files.push(`${path}/${e.name}`);
      }
    };
    await walk(dir);
  }
  ok(files.length > 50, `${files.length} files read`);
  for (const file of files) {
    const text = await Deno.readTextFile(new URL(file, root));
    for (const pattern of CODE_RUNNERS) ok(!pattern.test(text), `${file} matches ${pattern}`);
  }
});

Deno.test("code-like and placeholder-like names in data and saves are only ever shown, exactly as written", async () => {
  const dir = await copyOfData("delve-data-only-");
  const entities = JSON.parse(await Deno.readTextFile(`${dir}/entities.json`));
  const hostile = "${globalThis.delvePwned=1}{target}`x`";
  entities.orc.name = hostile;
  await Deno.writeTextFile(`${dir}/entities.json`, JSON.stringify(entities));
  const content = await loadContent(userDir(dir), dir);
  const { rules } = content;
  const state = newGame(rules, 1);
  const player = playerOf(state);
  // An orc beside the player, who attacks it until it dies.
  const spot = [[1, 0], [-1, 0], [0, 1], [0, -1]].map(([dx, dy]) => ({ x: player.x + dx, y: player.y + dy }))
    .find((c) =>
      state.map.tiles[c.y * state.map.width + c.x] === 1 &&
      !state.entities.some((e) => e.x === c.x && e.y === c.y)
    )!;
  state.entities.push(instantiate(rules.templates.orc, state.nextId++, spot.x, spot.y));
  for (let k = 0; k < 20; k++) {
    playCommand(state, rules, { act: { type: "bump", dx: spot.x - player.x, dy: spot.y - player.y } });
  }
  const lines = state.log.map(displayText);
  ok(lines.some((l) => l.startsWith(`Player attacks ${hostile} `)), lines.join("\n"));
  ok(lines.includes(`${hostile} is dead!`), "the placeholder in the name stayed text");
  const loaded = decodeSave(JSON.parse(encodeSave(state, dataStamp(content), "test", new Date(0))), rules);
  ok(loaded.entities.some((e) => e.name === `Remains of ${hostile}`));
  equal((globalThis as Record<string, unknown>).delvePwned, undefined, "nothing was run");
  await Deno.remove(dir, { recursive: true });
});
