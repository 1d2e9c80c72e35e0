/**
 * Fire (docs/rules.md, Fire): a blast or a breath that ignites sets grass
 * alight; at the end of each turn fire burns whoever stands in it (but the
 * immune), spreads to grass by its chance and burns down; what burnt is
 * burnt floor. Monsters walk round it unless immune, walks stop before it,
 * the map draws it and look names it, and it is saved and carried by the
 * worker's patches. Rules without `fire` never burn.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { themeFromContent } from "../src/app/mod.ts";
import {
  applyPatch,
  Bot,
  burningCells,
  cloneState,
  displayText,
  endOfTurn,
  type Entity,
  type GameEvent,
  type GameState,
  ignite,
  instantiate,
  isBurning,
  patchOf,
  playerOf,
  playPlayerAction,
  type Rules,
  runMonsterPhase,
  setTile,
  stateDigest,
  stopBeforeStep,
  Tile,
} from "../src/engine/mod.ts";
import { decodeSave, encodeSave } from "../src/store/mod.ts";
import { arena, byId } from "./support/arena.ts";
import { bundledContent } from "./support/content.ts";

const delve = await loadContent(new URL("../data/", import.meta.url), "data/");
const { rules } = delve;
const fire = rules.fire!;

/** `rules` with fire's numbers changed. */
function withFire(change: Partial<NonNullable<Rules["fire"]>>): Rules {
  return { ...rules, fire: { ...fire, ...change } };
}

/** An arena where `"` is grass (floor otherwise), seen from the player. */
function field(picture: string, things: Record<string, string> = {}, on: Rules = rules): GameState {
  const state = arena(on, picture, things);
  // Delve rolls its blows from a stream of their own.
  if (on.combat) state.rolls = [1, 2, 3, 4];
  const rows = picture.trim().split("\n").map((r) => r.trim());
  rows.forEach((row, y) => [...row].forEach((ch, x) => ch === '"' && setTile(state.map, x, y, Tile.Grass)));
  return state;
}

const at = (state: GameState, x: number, y: number) => y * state.map.width + x;

function carry(state: GameState, template: string): Entity {
  const item = instantiate(rules.templates[template], state.nextId++, 0, 0);
  playerOf(state).inventory!.items.push(item);
  state.known = [template];
  return item;
}

/** Ends `n` turns of game time. */
function turns(state: GameState, on: Rules, n: number): GameEvent[] {
  const events: GameEvent[] = [];
  for (let k = 0; k < n; k++) endOfTurn(state, on, events);
  return events;
}

Deno.test("Delve's data turns fire on; the tutorials' never name it, and without it nothing catches", async () => {
  ok(rules.fire);
  equal(rules.templates.fireball_scroll.item!.effect!.type, "damage_area");
  ok(rules.templates.fire_drake.fireImmune);
  const { rules: tutorial } = await bundledContent();
  equal(tutorial.fire, undefined);
  const state = field('#####\n#@".#\n#####', {}, tutorial);
  equal(ignite(state.map, tutorial, at(state, 2, 1)), false);
  equal(state.map.fire, undefined, "no grid is made");
  equal(state.map.tiles[at(state, 2, 1)], Tile.Grass);
});

Deno.test("a fireball that ignites sets the grass it covers alight (burnt floor under it), not floor or walls", () => {
  const state = field('#############\n#@..."""..."#\n#...."""....#\n#############');
  carry(state, "fireball_scroll");
  const events = playPlayerAction(state, rules, { type: "use", item: 0, target: { x: 6, y: 1 } });
  ok(events, "no one in the blast, but grass: the scroll is read");
  for (const [x, y] of [[5, 1], [6, 1], [7, 1], [5, 2], [6, 2], [7, 2]]) {
    ok(isBurning(state.map, x, y), `${x},${y}`);
    equal(state.map.tiles[at(state, x, y)], Tile.BurntFloor);
    equal(state.map.fire![at(state, x, y)], fire.turns);
  }
  equal(state.map.tiles[at(state, 11, 1)], Tile.Grass, "out of the blast's 3");
  ok(!isBurning(state.map, 4, 1), "floor does not burn");
  deepEqual(burningCells(state.map), [18, 19, 20, 31, 32, 33]);
});

Deno.test("a blast that hits no one and lights nothing is refused as before", () => {
  const state = field("##########\n#@.......#\n#........#\n##########");
  carry(state, "fireball_scroll");
  equal(playPlayerAction(state, rules, { type: "use", item: 0, target: { x: 7, y: 1 } }), undefined);
  equal(displayText(state.log.at(-1)!), "There are no targets in the radius.");
});

Deno.test("fire burns whoever stands in it each turn, by the data's damage and words; the immune are not burnt", () => {
  const state = field('#######\n#@""DT#\n#######', { D: "fire_drake", T: "troll" });
  for (const x of [1, 4, 5]) setTile(state.map, x, 1, Tile.Grass);
  for (const x of [1, 4, 5]) ignite(state.map, rules, at(state, x, 1));
  const player = playerOf(state), hp = player.fighter!.hp;
  const drake = byId(state, 1), troll = byId(state, 2);
  const drakeHp = drake.fighter!.hp, trollHp = troll.fighter!.hp;
  const events = turns(state, withFire({ spread: 0 }), 1);
  equal(player.fighter!.hp, hp - fire.damage);
  equal(troll.fighter!.hp, trollHp - fire.damage);
  equal(drake.fighter!.hp, drakeHp, "immune");
  deepEqual(
    events.filter((e) => e.type === "burned").map((e) => (e as { entityId: number }).entityId),
    [0, 2],
  );
});

Deno.test("fire spreads to grass by its chance, burns each cell for its turns, then goes out; burnt floor never burns again", () => {
  const picture = '#########\n#@."""""#\n#########';
  const always = withFire({ spread: 1000 }), never = withFire({ spread: 0 });
  const a = field(picture), b = field(picture);
  ignite(a.map, always, at(a, 3, 1));
  ignite(b.map, never, at(b, 3, 1));
  turns(a, always, 1);
  turns(b, never, 1);
  ok(isBurning(a.map, 4, 1), "caught from its neighbour");
  ok(!isBurning(a.map, 5, 1), "one cell a turn");
  ok(!isBurning(b.map, 4, 1));
  turns(a, always, 10);
  turns(b, never, fire.turns);
  deepEqual(burningCells(a.map), [], "out");
  deepEqual(burningCells(b.map), [], "out after its turns");
  for (let x = 3; x <= 7; x++) equal(a.map.tiles[at(a, x, 1)], Tile.BurntFloor);
  equal(b.map.tiles[at(b, 4, 1)], Tile.Grass, "never caught");
  equal(ignite(a.map, always, at(a, 3, 1)), false, "burnt floor does not burn");
});

Deno.test("the spread's chance is drawn from the seed and the clock, not the game's RNG: the same game spreads alike", () => {
  const picture = '###########\n#@""""""""#\n#"""""""""#\n###########';
  const half = withFire({ spread: 350 });
  const a = field(picture), b = field(picture);
  for (const s of [a, b]) ignite(s.map, half, at(s, 5, 1));
  const rng = [...a.rng];
  turns(a, half, 3);
  turns(b, half, 3);
  deepEqual(burningCells(a.map), burningCells(b.map));
  deepEqual(a.rng, rng, "the RNG untouched");
  ok(burningCells(a.map).length > 1, "it spread");
});

Deno.test("a floor without fire has no fire grid, and turns ending on it leave none", () => {
  const state = field('#####\n#@".#\n#####');
  turns(state, rules, 5);
  equal(state.map.fire, undefined);
  deepEqual(burningCells(state.map), []);
});

Deno.test("monsters walk round fire unless immune", () => {
  // From M to the player: 5 steps through the fire along the top, or 7 round by the bottom row.
  const picture = '########\n#@..".M#\n#.####.#\n#......#\n########';
  const orc = rules.templates.orc;
  const salamander = { ...orc, id: "salamander", fireImmune: true };
  for (const detour of [fire.detour, 0]) {
    const on = { ...withFire({ spread: 0, detour }), templates: { ...rules.templates, salamander } };
    for (const template of ["orc", "salamander"]) {
      const state = field(picture, { M: template }, on);
      ignite(state.map, on, at(state, 4, 1));
      const monster = byId(state, 1);
      monster.ai = { type: "hostile", lastSeen: -1, path: [] };
      runMonsterPhase(state, on);
      const round = template === "orc" && detour > 0;
      deepEqual([monster.x, monster.y], round ? [6, 2] : [5, 1], `${template}, detour ${detour}`);
    }
  }
});

Deno.test("a walk stops before fire in view, naming it", () => {
  const state = field('#######\n#@"...#\n#######');
  ignite(state.map, rules, at(state, 2, 1));
  deepEqual(stopBeforeStep(state, { x: 2, y: 1 }, rules), { reason: "blocked", name: "fire" });
  equal(stopBeforeStep(state, { x: 2, y: 1 }), undefined, "rules that do not burn never stop for it");
  state.map.visible[at(state, 2, 1)] = 0;
  equal(stopBeforeStep(state, { x: 2, y: 1 }, rules), undefined, "unseen fire is not known");
});

Deno.test("a fire drake's breath sets the grass it lands on alight", () => {
  const state = field('########\n#@"...D#\n########', { D: "fire_drake" });
  setTile(state.map, 1, 1, Tile.Grass);
  const drake = byId(state, 1);
  drake.ai = { type: "hostile", lastSeen: -1, path: [] };
  const events = runMonsterPhase(state, withFire({ spread: 0 })).events;
  ok(events.some((e) => e.type === "shot"), "it breathed");
  // Fire burnt the grass under the player: it landed there.
  equal(state.map.tiles[at(state, 1, 1)], Tile.BurntFloor);
});

Deno.test("fire is saved and read back, and a turn's patch carries it to another copy", () => {
  const state = field('########\n#@"""">#\n########');
  ignite(state.map, rules, at(state, 3, 1));
  const read = decodeSave(
    JSON.parse(encodeSave(state, { checksum: 0, folder: "data/" }, "0", new Date())),
    rules,
  );
  deepEqual([...read.map.fire!], [...state.map.fire!]);
  deepEqual(burningCells(read.map), burningCells(state.map));
  equal(stateDigest(read), stateDigest(state));
  const before = cloneState(state), after = cloneState(state);
  turns(after, withFire({ spread: 1000 }), 1);
  after.turn++;
  const patch = patchOf(before, after, []);
  ok(patch.fire && patch.fire.length > 0);
  const other = cloneState(before);
  applyPatch(other, patch);
  deepEqual([...other.map.fire!], [...after.map.fire!]);
  deepEqual(burningCells(other.map), burningCells(after.map));
  equal(stateDigest(other), stateDigest(after));
});

Deno.test("the map draws fire in view over its terrain, and look calls it fire", () => {
  const theme = themeFromContent(delve);
  ok(theme.fire);
  equal(theme.fire.name, "fire");
  equal(theme.fire.glyph, "^");
  equal(themeFromContent(delve).tiles[Tile.BurntFloor].name, "burnt floor");
});

Deno.test("the bot steps out of fire it stands in, to a cell not burning", () => {
  const state = field('######\n#"@".#\n#""".#\n######');
  setTile(state.map, 2, 1, Tile.Grass);
  for (const x of [1, 2, 3]) ignite(state.map, rules, at(state, x, 1));
  for (const x of [1, 2]) ignite(state.map, rules, at(state, x, 2));
  const command = new Bot().decide(state, rules);
  ok("act" in command && command.act.type === "move", JSON.stringify(command));
  const { dx, dy } = command.act as { dx: number; dy: number };
  const player = playerOf(state);
  ok(!isBurning(state.map, player.x + dx, player.y + dy), `${dx},${dy}`);
});
