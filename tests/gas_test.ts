/**
 * Gas (docs/rules.md, Gas): a `cloud` effect (or anything calling
 * `releaseGas`) fills cells with a kind of gas; at the end of each turn it
 * spreads to open neighbours by taking their mean, thins by its kind's
 * share and is gone at last; walls and closed doors hold it; whoever stands
 * in it comes under its kind's status, told once. It is saved and carried
 * by the worker's patches, tints the map and is named by look. Rules
 * without `gases` never hold any.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { themeFromContent } from "../src/app/mod.ts";
import {
  applyPatch,
  cloneState,
  displayText,
  endOfTurn,
  type Entity,
  type GameEvent,
  type GameState,
  gasCells,
  hasGas,
  ignite,
  instantiate,
  patchOf,
  playerOf,
  playPlayerAction,
  releaseGas,
  type Rules,
  setTile,
  stateDigest,
  Tile,
} from "../src/engine/mod.ts";
import { decodeSave, encodeSave } from "../src/store/mod.ts";
import { GameSession } from "../src/app/mod.ts";
import { HeadlessTerminal } from "../src/terminal/mod.ts";
import { screenCellOf } from "../src/ui/mod.ts";
import { describeCell } from "../src/ui/cell_names.ts";
import { InProcessRunner } from "../src/worker/mod.ts";
import { arena, byId } from "./support/arena.ts";
import { bundledContent } from "./support/content.ts";

const delve = await loadContent(new URL("../data/", import.meta.url), "data/");
const base = delve.rules;
/** Delve's rules with a potion that lets out caustic gas around its drinker, and a scroll that aims it. */
const rules: Rules = {
  ...base,
  templates: {
    ...base.templates,
    gas_potion: {
      ...base.templates.health_potion,
      id: "gas_potion",
      unknown: undefined,
      item: { effect: { type: "cloud", kind: "caustic", volume: 5, on: "self" } },
    },
    gas_scroll: {
      ...base.templates.health_potion,
      id: "gas_scroll",
      unknown: undefined,
      item: { effect: { type: "cloud", kind: "confusion", volume: 9, on: "target" } },
    },
  },
};

function room(picture: string, things: Record<string, string> = {}): GameState {
  const state = arena(rules, picture, things);
  if (rules.combat) state.rolls = [1, 2, 3, 4];
  return state;
}

function carry(state: GameState, template: string): Entity {
  const item = instantiate(rules.templates[template], state.nextId++, 0, 0);
  playerOf(state).inventory!.items.push(item);
  return item;
}

function turns(state: GameState, n: number): GameEvent[] {
  const events: GameEvent[] = [];
  for (let k = 0; k < n; k++) endOfTurn(state, rules, events);
  return events;
}

const total = (state: GameState) => gasCells(state.map).reduce((sum, i) => sum + state.map.gas![i], 0);

Deno.test("Delve's data names its gases; the tutorials' none, and without them no gas is let out", async () => {
  deepEqual(base.gases!.map((g) => [g.id, g.status]), [
    ["caustic", "poisoned"],
    ["confusion", "confused"],
    ["sleep", "asleep"],
  ]);
  const { rules: tutorial } = await bundledContent();
  equal(tutorial.gases, undefined);
  const state = arena(tutorial, "#####\n#@..#\n#####");
  equal(releaseGas(state.map, tutorial, "caustic", { x: 2, y: 1 }, 3), false);
  equal(state.map.gas, undefined);
});

Deno.test("a potion of gas drunk fills its volume of open cells around the drinker, and says so", () => {
  const state = room("#######\n#.....#\n#..@..#\n#.....#\n#######");
  carry(state, "gas_potion");
  ok(playPlayerAction(state, rules, { type: "use", item: 0 }));
  equal(gasCells(state.map).length, 5);
  ok(hasGas(state.map, 3, 2), "the drinker's own cell first");
  equal(base.gases![state.map.gasKind![2 * 7 + 3]].id, "caustic");
  ok(state.log.some((l) => displayText(l) === "A cloud of caustic gas billows out!"));
});

Deno.test("an aimed cloud starts where it is aimed, only in view", () => {
  const state = room("#########\n#@......#\n#.......#\n#########");
  carry(state, "gas_scroll");
  state.map.visible[1 * 9 + 6] = 0;
  equal(playPlayerAction(state, rules, { type: "use", item: 0, target: { x: 6, y: 1 } }), undefined);
  ok(playPlayerAction(state, rules, { type: "use", item: 0, target: { x: 5, y: 2 } }));
  ok(hasGas(state.map, 5, 2));
  ok(!hasGas(state.map, 1, 1), "nine cells do not reach the reader");
});

Deno.test("gas spreads to open neighbours, thins each turn by its kind's share, and is gone at last", () => {
  const state = room("###########\n#@........#\n#.........#\n###########");
  releaseGas(state.map, rules, "caustic", { x: 5, y: 1 }, 1);
  const first = total(state);
  turns(state, 1);
  ok(gasCells(state.map).length > 1, "spread");
  ok(total(state) < first, "thinned");
  turns(state, 60);
  deepEqual(gasCells(state.map), []);
});

Deno.test("walls and closed doors hold gas back", () => {
  const state = room("#########\n#@..#...#\n#...+...#\n#...#...#\n#########");
  setTile(state.map, 4, 2, Tile.ClosedDoor);
  releaseGas(state.map, rules, "caustic", { x: 2, y: 2 }, 9);
  turns(state, 5);
  for (let y = 1; y <= 3; y++) for (let x = 4; x <= 7; x++) ok(!hasGas(state.map, x, y), `${x},${y}`);
});

Deno.test("whoever stands in gas comes under its status, told once, and it lasts while they stay", () => {
  const state = room("#######\n#@.o..#\n#######", { o: "orc" });
  releaseGas(state.map, rules, "caustic", { x: 2, y: 1 }, 7);
  const events = turns(state, 3);
  const started = events.filter((e) => e.type === "status_started");
  deepEqual(started.map((e) => (e as { entityId: number }).entityId), [0, 1], "each told once");
  const poisoned = rules.statuses!.poisoned;
  ok(playerOf(state).statuses!.some((s) => s.id === "poisoned" && s.turns >= poisoned.turns - 1));
  ok(byId(state, 1).statuses!.some((s) => s.id === "poisoned"));
});

Deno.test("a floor without gas has no gas grid, and turns ending on it leave none", () => {
  const state = room("#####\n#@..#\n#####");
  turns(state, 5);
  equal(state.map.gas, undefined);
  deepEqual(gasCells(state.map), []);
});

Deno.test("gas is saved and read back, and a turn's patch carries it to another copy", () => {
  const state = room("########\n#@....>#\n########");
  releaseGas(state.map, rules, "sleep", { x: 4, y: 1 }, 3);
  const read = decodeSave(
    JSON.parse(encodeSave(state, { checksum: 0, folder: "data/" }, "0", new Date())),
    rules,
  );
  deepEqual([...read.map.gas!], [...state.map.gas!]);
  deepEqual([...read.map.gasKind!], [...state.map.gasKind!]);
  equal(stateDigest(read), stateDigest(state));
  const before = cloneState(state), after = cloneState(state);
  turns(after, 1);
  after.turn++;
  const patch = patchOf(before, after, []);
  ok(patch.gas && patch.gas.length > 0);
  const other = cloneState(before);
  applyPatch(other, patch);
  deepEqual([...other.map.gas!], [...after.map.gas!]);
  deepEqual(gasCells(other.map), gasCells(after.map));
  equal(stateDigest(other), stateDigest(after));
});

Deno.test("the map tints gas in view by its kind's colour, and look names it", () => {
  const theme = themeFromContent(delve);
  deepEqual(theme.gases!.map((g) => g.name), ["caustic gas", "confusion gas", "sleeping gas"]);
  equal(theme.gases![0].color, 0x2e6e1e);
});

Deno.test("on screen: fire in view is drawn over its cell and gas tints its cell; look names each", () => {
  const state = room('########\n#@.."..#\n########');
  setTile(state.map, 4, 1, Tile.Grass);
  ignite(state.map, rules, 1 * 8 + 4);
  releaseGas(state.map, rules, "caustic", { x: 2, y: 1 }, 1);
  const app = new GameSession(new HeadlessTerminal(80, 24), delve, state, new InProcessRunner(rules), {
    colorDepth: "truecolor",
  });
  app.render();
  const theme = app.ui.theme;
  const cell = (x: number, y: number) => {
    const at = screenCellOf(app.ui, { x, y })!;
    return { glyph: [...app.screen.rowText(at.y)][at.x], bg: app.screen.bg[at.y * app.screen.width + at.x] };
  };
  deepEqual(cell(4, 1), { glyph: theme.fire!.glyph, bg: theme.fire!.bg });
  deepEqual(cell(2, 1), { glyph: ".", bg: theme.gases![0].color });
  equal(describeCell(app.ui, { x: 4, y: 1 }), "Fire");
  equal(describeCell(app.ui, { x: 2, y: 1 }), "Caustic gas, floor");
});
