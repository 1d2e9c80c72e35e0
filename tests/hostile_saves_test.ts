import { deepEqual, equal, ok } from "node:assert/strict";
import { BUNDLED_DATA_DIR, decodeSave, readSave, SaveError } from "../src/store/mod.ts";
import { loadContent } from "../src/content/mod.ts";
import { PhaseScheduler, playerOf } from "../src/engine/mod.ts";
import {
  applyCase,
  HOSTILE_VALUES,
  type PathStep,
  richGame,
  runSaveSweep,
} from "../tools/fuzz/save_sweep.ts";
import { titleSession } from "./support/title_session.ts";
import { shownMessages } from "./support/ui_harness.ts";

// Delve's own data: energy, rolled combat, statuses, four slots and kept floors.
const content = await loadContent(BUNDLED_DATA_DIR, "data/");
const { rules } = content;
const rich = richGame(content, 1);

/** The one line a save damaged by setting `path` to `value` is refused with (fails if it is taken). */
function refusal(path: readonly PathStep[], value: unknown): string {
  try {
    decodeSave(applyCase(rich.json, { path, value, deleted: value === undefined }), rules);
  } catch (e) {
    if (!(e instanceof SaveError)) throw e;
    ok(!e.message.includes("\n"), e.message);
    return e.message;
  }
  throw new Error(`${path.join(".")} = ${JSON.stringify(value)} was taken`);
}

/** Where in the rich save's entities the first thing `test` picks is. */
function entityPath(test: (e: Record<string, unknown>) => boolean): PathStep[] {
  const entities = (rich.json as { state: { entities: Record<string, unknown>[] } }).state.entities;
  const at = entities.findIndex(test);
  ok(at >= 0, "the rich game has one");
  return ["state", "entities", at];
}

Deno.test("a grid that is not base64 (map tiles, explored, visible, a kept floor's cells) is refused at its path", () => {
  ok(rich.state.keptFloors!.length >= 2, "the rich game keeps floors");
  for (const grid of ["tiles", "explored", "visible"]) {
    for (const text of ["AAAAA", "A"]) {
      const line = refusal(["state", "map", grid], text);
      ok(line.includes(`at $.state.map.${grid}: expected base64`), line);
    }
  }
  const line = refusal(["state", "keptFloors", 1, "cells"], "AAAAA");
  ok(line.includes("at $.state.keptFloors[1].cells: expected base64"), line);
  const short = refusal(["state", "map", "tiles"], "AAAA");
  ok(/at \$\.state\.map\.tiles: expected \d+ cells .*found 3$/.test(short), short);
});

Deno.test("a monster's energy past what the scheduler can leave it is refused, naming what was expected", () => {
  const monster = entityPath((e) => e.ai !== undefined && e.energy !== undefined);
  for (const energy of [2 ** 31 - 1, 1_000_000, -(2 ** 31)]) {
    const line = refusal([...monster, "energy"], energy);
    ok(line.includes(`at $.state.entities[${monster[2]}].energy holds energy ${energy}, expected `), line);
    ok(new RegExp(`holds energy ${energy}, expected -?\\d+ to \\d+`).test(line), line);
  }
  // What a played game holds is taken.
  const held =
    (rich.json as { state: { entities: { energy?: number }[] } }).state.entities[monster[2] as number];
  decodeSave(
    applyCase(rich.json, { path: [...monster, "energy"], value: held.energy, deleted: false }),
    rules,
  );
});

Deno.test("a save without the dice stream, for rules that roll, is refused", () => {
  ok(rich.state.rolls, "these rules roll");
  const line = refusal(["state", "rolls"], undefined);
  ok(line.endsWith("the dice stream (rolls) is missing, and these rules roll, at $.state.rolls"), line);
});

Deno.test("an item for an equipment slot the data does not have is refused, on a floor or in a pack", () => {
  const pack = entityPath((e) => e.inventory !== undefined);
  const holder = (rich.json as {
    state: {
      entities: {
        inventory?: { items: { id: number; equippable?: unknown }[] };
        equipment?: Record<string, number>;
      }[];
    };
  }).state.entities[pack[2] as number];
  const wearing = new Set(Object.values(holder.equipment ?? {}));
  // Not one it wears: a worn one is refused first for the slot it is worn in.
  const spare = holder.inventory!.items.findIndex((i) => i.equippable !== undefined && !wearing.has(i.id));
  ok(spare >= 0, "the pack holds something to wear, not worn");
  const line = refusal([...pack, "inventory", "items", spare, "equippable", "slot"], "tail");
  ok(
    line.includes(
      `at $.state.entities[${pack[2]}].inventory.items[${spare}].equippable.slot is worn in tail, ` +
        "expected one of the slots weapon, armor",
    ),
    line,
  );
});

Deno.test("the game never writes a save its own loader refuses: the save before it stays", async () => {
  const t = await titleSession();
  await t.tick();
  await t.press("n", "Escape");
  const before = await readSave(t.savePath);
  ok(before.kind === "read");
  await t.press("c");
  const game = t.app.game!;
  const player = playerOf(game.state);
  const item = playerOf(rich.state).inventory!.items.find((e) => e.equippable)!;
  player.inventory!.items.push({
    ...structuredClone(item),
    id: game.state.nextId++,
    letter: 25,
    equippable: { ...item.equippable!, slot: "tail" },
  });
  await t.press("Escape");
  ok(shownMessages(game).some((m) => m.text.includes("could not be loaded again")), "the player is told why");
  ok(t.app.game, "the game goes on");
  const after = await readSave(t.savePath);
  ok(after.kind === "read");
  deepEqual(after.json, before.json, "the save before it is kept whole");
  player.inventory!.items.pop();
  await t.press("Escape");
  await t.press("q");
  await t.running;
});

Deno.test("a monster with energy no game holds cannot stop a turn for long: the phase counts its actions", () => {
  const state = structuredClone(rich.state);
  const monster = state.entities.find((e) => e.ai && e.fighter && e.fighter.hp > 0)!;
  monster.energy = 2 ** 31 - 1;
  const scheduler = new PhaseScheduler(state, rules, [], 50);
  let actions = 0;
  while (scheduler.next() && actions < 1000) actions++;
  equal(actions, 50, "the phase ends at its cap of steps, actions counted");
});

Deno.test("hostile save sweep, where it failed: each grid, energy, the dice stream, a slot, set to each hostile value", async () => {
  // The first path ending in each of these keys (a monster's, for energy): where the four failures were found.
  const focus = ["tiles", "explored", "visible", "cells", "energy", "rolls", "slot"];
  const fits = (path: readonly PathStep[]) => {
    if (!focus.includes(String(path.at(-1)))) return false;
    if (path.at(-1) !== "energy") return true;
    let at: unknown = rich.json;
    for (const step of path.slice(0, -1)) at = (at as Record<PathStep, unknown>)[step];
    return (at as { ai?: unknown }).ai !== undefined;
  };
  const first = (path: readonly PathStep[], all: readonly PathStep[][]) =>
    fits(path) && all.find((p) => fits(p) && p.at(-1) === path.at(-1)) === path;
  const result = await runSaveSweep({ content, seed: 1, rich, sample: true, paths: first });
  equal(result.failure, undefined, JSON.stringify(result.failure));
  equal(result.cases, focus.length * (HOSTILE_VALUES.length + 1));
});

Deno.test("hostile save sweep (a slice of every path): each is refused in one line or plays on whole", async () => {
  const result = await runSaveSweep({ content, seed: 1, rich, sample: true, stride: 131 });
  equal(result.failure, undefined, JSON.stringify(result.failure));
  ok(result.refused > 0 && result.taken > 0, JSON.stringify(result));
});
