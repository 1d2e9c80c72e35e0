/**
 * What must hold of every game state, whatever was played: for the fuzzer,
 * the property tests and the checks of a save being loaded. Each check returns the problems it finds as
 * lines of text (none when all is well), so a caller can assert, count or
 * print them as it likes.
 *
 * @module
 */
import { rollsCombat } from "./combat.ts";
import { DEFAULT_SLOTS } from "./items/equipment.ts";
import { type Ai, type Entity, isAlive, withCarried } from "./entity.ts";
import { computeFov } from "../algorithms/mod.ts";
import { carriesGoal, isBottom } from "./floors/floors.ts";
import { type GameMap, inBounds, isWalkable, tileAt } from "./game_map.ts";
import { Tile } from "./tiles.ts";
import type { Rules } from "./rules.ts";
import { type GameState } from "./state.ts";
import { sightOf } from "./stats.ts";
import { speedOf } from "./statuses.ts";
import { ENERGY_TO_ACT, usesEnergy } from "./time.ts";

function named(e: Entity, where = ""): string {
  return `${e.name} #${e.id}${where && ` ${where}`}`;
}

/** How a problem names an entity, and the field of it that is wrong where the problem is one field's. */
type Namer = (e: Entity, field?: string) => string;

/**
 * Where each entity lies in a state written out whole (a save's JSON) under
 * `root`: its floor's list (or a kept floor's) and, for a carried thing,
 * the pack it is in, at any depth.
 */
function entityPaths(state: GameState, root: string): Map<Entity, string> {
  const paths = new Map<Entity, string>();
  const walk = (things: readonly Entity[], at: string) => {
    things.forEach((e, i) => {
      paths.set(e, `${at}[${i}]`);
      if (e.inventory) walk(e.inventory.items, `${at}[${i}].inventory.items`);
    });
  };
  walk(state.entities, `${root}.entities`);
  state.keptFloors?.forEach((k, i) => walk(k.entities, `${root}.keptFloors[${i}].entities`));
  return paths;
}

/** Where in a save's JSON a problem lies (`, at $.state.map.stairs`), or nothing for a state in play. */
type Locator = (path: string) => string;

/** Names by name and id (and `where`, a kept floor), or with the JSON path when `paths` has one. */
function namer(paths: Map<Entity, string> | undefined, where = ""): Namer {
  return (e, field) => {
    const path = paths?.get(e);
    return path === undefined ? named(e, where) : `${e.name} #${e.id} at ${path}${field ? `.${field}` : ""}`;
  };
}

/**
 * The problems of `state` alone: an entity in a wall or off the map, an id
 * used twice (carried items included, at any depth) or not below the id
 * counter, two blockers on one cell, HP outside [0, max], a fighter at 0
 * HP that is not a corpse (or a corpse with HP), a dead blocker, a corpse
 * that still thinks, an AI heading for a cell off the map, more carried
 * than the capacity, a worn item not carried, not exactly one player, a
 * player who cannot fight or is moved by an AI, kills counted on floors
 * not yet reached, stairs that are not a staircase, a view that is not
 * the player's field of view (or not explored), a floor below the bottom,
 * and a story that contradicts the game: a death told of a living player,
 * an escape made alive from floor 1 only, won exactly when the goal item
 * came along, and no goal item before its floor. Loading a save checks
 * these too, so a save holds nothing a played game could not; given the
 * state's `root` in the save's JSON (`$.state`), each entity a problem names
 * is named with its JSON path, and the field's where one field is wrong.
 */
export function stateProblems(state: GameState, rules: Rules, root?: string): string[] {
  const problems: string[] = [];
  const ids = new Set<number>();
  const paths = root === undefined ? undefined : entityPaths(state, root);
  const name = namer(paths);
  const at: Locator = (path) => (root === undefined ? "" : `, at ${root}${path}`);
  idProblems(state, state.entities, ids, problems, name);
  const deepest = Math.max(state.floor, ...(state.keptFloors ?? []).map((k) => k.floor));
  if (state.chronicle.killsByFloor.length > deepest) {
    problems.push(
      `kills are counted on floors deeper than the one reached (${deepest})${at(".chronicle.killsByFloor")}`,
    );
  }
  if (rules.bottom !== undefined && deepest > rules.bottom) {
    problems.push(`floor ${deepest} is reached, expected none below the bottom floor ${rules.bottom}`);
  }
  thingProblems(state.map, state.entities, rules, problems, name);
  problems.push(...playerProblems(state, rules, name, at));
  const floors = new Set([state.floor]);
  for (const [i, kept] of (state.keptFloors ?? []).entries()) {
    const where = `on kept floor ${kept.floor}`;
    if (floors.has(kept.floor)) {
      problems.push(`floor ${kept.floor} is kept twice${at(`.keptFloors[${i}].floor`)}`);
    }
    floors.add(kept.floor);
    idProblems(state, kept.entities, ids, problems, namer(paths, where));
    thingProblems(kept.map, kept.entities, rules, problems, namer(paths, where));
    stairsProblems(
      kept.map,
      isBottom(rules, kept.floor),
      problems,
      where,
      (p) => at(`.keptFloors[${i}]${p}`),
    );
  }
  statusProblems(state, rules, problems, name);
  goalProblems(state, rules, deepest, problems);
  problems.push(...storyProblems(state, rules, at));
  if (rollsCombat(rules) && !state.rolls) {
    problems.push(`the dice stream (rolls) is missing, and these rules roll${at(".rolls")}`);
  }
  for (const [i, id] of (state.known ?? []).entries()) {
    if (!Object.hasOwn(rules.templates, id)) {
      problems.push(
        `the player knows ${JSON.stringify(id)}, a template these rules lack${at(`.known[${i}]`)}`,
      );
    }
  }
  for (const id of Object.keys(state.drawn ?? {})) {
    if (!Object.hasOwn(rules.templates, id)) {
      problems.push(
        `the run has drawn ${JSON.stringify(id)}, a template these rules lack${at(`.drawn.${id}`)}`,
      );
    }
  }
  if (state.background !== undefined && !rules.backgrounds?.some((b) => b.id === state.background)) {
    problems.push(
      `the game's background ${JSON.stringify(state.background)} is not one of these rules'${
        at(".background")
      }`,
    );
  }
  for (const entities of [state.entities, ...(state.keptFloors ?? []).map((k) => k.entities)]) {
    templateProblems(entities, rules, problems, name);
    slotProblems(entities, rules, problems, name);
    energyProblems(entities, rules, problems, name);
  }
  return problems;
}

/** Every thing, on a floor or in a pack at any depth, made from a template the rules have (their own). */
function templateProblems(entities: readonly Entity[], rules: Rules, problems: string[], name: Namer): void {
  for (const e of entities) {
    if (!Object.hasOwn(rules.templates, e.template)) {
      problems.push(
        `${name(e, "template")} is made from ${JSON.stringify(e.template)}, a template these rules lack`,
      );
    }
    if (e.inventory) templateProblems(e.inventory.items, rules, problems, name);
  }
}

/** Every equippable thing, on a floor or in a pack at any depth, for a slot the rules have. */
function slotProblems(entities: readonly Entity[], rules: Rules, problems: string[], name: Namer): void {
  const slots = rules.equipmentSlots ?? DEFAULT_SLOTS;
  for (const e of entities) {
    const slot = e.equippable?.slot;
    if (slot !== undefined && !slots.includes(slot)) {
      problems.push(
        `${name(e, "equippable.slot")} is worn in ${slot}, expected one of the slots ${slots.join(", ")}`,
      );
    }
    if (e.inventory) slotProblems(e.inventory.items, rules, problems, name);
  }
}

/**
 * Energy within what the scheduler can leave an actor (docs/rules.md, Speed
 * and energy): an actor acts only with {@link ENERGY_TO_ACT} and pays at
 * most the dearest action, so it never holds less than the one minus the
 * other; it gains its speed at a turn's end and spends down below
 * {@link ENERGY_TO_ACT}, so it holds less than that plus the most speed it
 * had since: its speed now, before any slowing status put on it and with
 * anything it carries taken off or put on.
 */
function energyProblems(entities: readonly Entity[], rules: Rules, problems: string[], name: Namer): void {
  const costs = rules.time?.costs;
  const dearest = Math.max(ENERGY_TO_ACT, ...(costs ? Object.values(costs) : []));
  for (const e of entities) {
    if (e.energy === undefined) continue;
    if (!usesEnergy(rules)) {
      problems.push(`${name(e, "energy")} holds energy ${e.energy}, and these rules keep none`);
      continue;
    }
    let undo = 1;
    for (const s of e.statuses ?? []) undo /= Math.min(1, rules.statuses?.[s.id]?.speed ?? 1);
    let carried = 0;
    for (const item of e.inventory?.items ?? []) carried += Math.abs(item.equippable?.speed ?? 0);
    const least = ENERGY_TO_ACT - dearest;
    // One more speed than now for the rounding of a slowed speed.
    const most = Math.ceil(ENERGY_TO_ACT + (speedOf(e, rules) + carried + 1) * undo);
    if (!(e.energy >= least && e.energy <= most)) {
      problems.push(`${name(e, "energy")} holds energy ${e.energy}, expected ${least} to ${most}`);
    }
  }
}

/** The longest any status `id` can be put on for: its own turns, or any the data's items and blows name. */
function longestTurns(rules: Rules, id: string): number {
  let longest = rules.statuses?.[id]?.turns ?? 0;
  for (const t of Object.values(rules.templates)) {
    const effect = t.item?.effect;
    if (effect?.type === "apply_status" && effect.status === id) {
      longest = Math.max(longest, effect.turns ?? 0);
    }
    for (const hit of t.onHit ?? []) if (hit.status === id) longest = Math.max(longest, hit.turns ?? 0);
  }
  return longest;
}

/** A status with turns outside 1 to the longest it can be put on for (docs/rules.md, Statuses), or unknown. */
function statusProblems(state: GameState, rules: Rules, problems: string[], name: Namer): void {
  const all = [state.entities, ...(state.keptFloors ?? []).map((k) => k.entities)];
  for (const entities of all) {
    for (const e of entities) {
      for (const [i, status] of (e.statuses ?? []).entries()) {
        const longest = longestTurns(rules, status.id);
        if (!Object.hasOwn(rules.statuses ?? {}, status.id)) {
          problems.push(`${name(e, `statuses[${i}].id`)} is under an unknown status ${status.id}`);
        } else if (status.turns < 1 || status.turns > longest) {
          problems.push(
            `${
              name(e, `statuses[${i}].turns`)
            } is ${status.id} for ${status.turns} turns, expected 1 to ${longest}`,
          );
        }
      }
    }
  }
}

/**
 * The goal item (docs/rules.md, A goal): nowhere before its floor has been
 * made, then there exactly once, on a floor or in a pack, until the game ends.
 */
function goalProblems(state: GameState, rules: Rules, deepest: number, problems: string[]): void {
  const goal = rules.goal;
  if (!goal || state.chronicle.escaped) return;
  let count = 0;
  const look = (things: readonly Entity[]) => {
    for (const e of things) {
      if (e.template === goal.item) count++;
      look(e.inventory?.items ?? []);
    }
  };
  look(state.entities);
  for (const kept of state.keptFloors ?? []) look(kept.entities);
  if (deepest < goal.floor) {
    if (count > 0) {
      problems.push(
        `the goal item ${goal.item} is there ${count} times, expected none before its floor ${goal.floor}`,
      );
    }
  } else if (count !== 1) problems.push(`the goal item ${goal.item} is there ${count} times, not once`);
}

/**
 * What the story says against the game: a death told of a living player,
 * and a way out of the dungeon (docs/rules.md, A goal) taken other than alive by floor 1's up
 * stairs, or called won without the goal item (or left with it).
 */
function storyProblems(state: GameState, rules: Rules, at: Locator): string[] {
  const problems: string[] = [];
  const player = state.entities.find((e) => e.id === state.playerId);
  if (!player) return problems; // said by the player's own checks
  const { death, escaped } = state.chronicle;
  if (death && isAlive(player)) {
    problems.push(`the player is alive, expected dead as the story tells${at(".chronicle.death")}`);
  }
  if (!escaped) return problems;
  const where = at(".chronicle.escaped");
  if (state.floor !== 1) {
    problems.push(
      `the player left the dungeon from floor ${state.floor}, expected floor 1 (its way out)${where}`,
    );
  }
  if (!isAlive(player)) problems.push(`the player left the dungeon dead, expected alive${where}`);
  const carried = carriesGoal(player, rules);
  if (escaped === "won" && !carried) {
    problems.push(
      `the game is won without the goal item, expected it carried (${
        rules.goal ? rules.goal.item : "these rules name none"
      })${where}`,
    );
  }
  if (escaped === "left" && carried) {
    problems.push(`the player left carrying the goal item ${rules.goal!.item}, expected a win${where}`);
  }
  return problems;
}

/** The stairs are where the map says; on the bottom floor, with no way down, the down stairs' cell is floor. */
function stairsProblems(
  map: GameMap,
  bottom: boolean,
  problems: string[],
  where: string,
  at: Locator,
): void {
  const { stairs, upStairs } = map;
  const down = bottom ? Tile.Floor : Tile.DownStairs;
  if (!inBounds(map, stairs.x, stairs.y) || tileAt(map, stairs.x, stairs.y) !== down) {
    problems.push(
      `the stairs at ${stairs.x},${stairs.y} are not a staircase on the map${where && ` ${where}`}${
        at(".stairs")
      }`,
    );
  }
  if (
    upStairs &&
    (!inBounds(map, upStairs.x, upStairs.y) || tileAt(map, upStairs.x, upStairs.y) !== Tile.UpStairs)
  ) {
    problems.push(
      `the up stairs at ${upStairs.x},${upStairs.y} are not a staircase on the map${where && ` ${where}`}${
        at(".upStairs")
      }`,
    );
  }
}

/** Ids used twice or not below the counter, on one floor (`name` names a kept floor's things so). */
function idProblems(
  state: GameState,
  entities: readonly Entity[],
  ids: Set<number>,
  problems: string[],
  name: Namer,
): void {
  for (const e of withCarried(entities)) {
    if (ids.has(e.id)) problems.push(`id ${e.id} used twice (${name(e)})`);
    ids.add(e.id);
    if (e.id >= state.nextId) {
      problems.push(`${name(e)} has an id not below the counter ${state.nextId}`);
    }
  }
}

/** The problems of the things on one floor (`name` names a kept floor's things so). */
function thingProblems(
  map: GameMap,
  entities: readonly Entity[],
  rules: Rules,
  problems: string[],
  name: Namer,
): void {
  const blockers = new Set<number>();
  for (const e of entities) {
    if (!isWalkable(map, e.x, e.y)) {
      problems.push(`${name(e)} in a wall or off the map at ${e.x},${e.y}`);
    }
    const f = e.fighter;
    if (f && !(f.hp >= 0 && f.hp <= f.maxHp)) {
      problems.push(`${name(e)} has ${f.hp} of ${f.maxHp} HP`);
    }
    // Only a death makes a corpse, and only at 0 HP.
    if (f && f.hp === 0 && e.layer !== "corpse") problems.push(`${name(e)} has 0 HP but is not dead`);
    if (f && f.hp > 0 && e.layer === "corpse") problems.push(`the corpse ${name(e)} has ${f.hp} HP`);
    if (e.blocksMovement) {
      const cell = e.y * map.width + e.x;
      if (blockers.has(cell)) problems.push(`two blockers on ${e.x},${e.y} (${name(e)} and another)`);
      blockers.add(cell);
      if (!f || f.hp <= 0) problems.push(`${name(e)} is dead but blocks`);
    }
    if (e.layer === "corpse" && e.ai) problems.push(`the corpse ${name(e)} still has an AI`);
    const offMap = aiTargets(e.ai).find((cell) => !(cell >= 0 && cell < map.tiles.length));
    if (offMap !== undefined) problems.push(`${name(e)} heads for cell ${offMap}, off the map`);
    const pack = e.inventory;
    if (!pack) continue;
    if (pack.items.length > pack.capacity) {
      problems.push(
        `${name(e)} carries ${pack.items.length} items, over the capacity ${pack.capacity}`,
      );
    }
    for (const [slot, id] of Object.entries(e.equipment ?? {})) {
      const worn = pack.items.find((i) => i.id === id);
      if (!(rules.equipmentSlots ?? DEFAULT_SLOTS).includes(slot)) {
        problems.push(`${name(e)} wears #${id} in ${slot}, not a slot of these rules`);
      } else if (!worn) problems.push(`${name(e)} wears #${id} as its ${slot} but does not carry it`);
      else if (worn.equippable?.slot !== slot) {
        problems.push(`${name(e)} wears ${name(worn)} as its ${slot}`);
      }
    }
  }
}

/** The player's own problems and the view's, on the floor they are on. */
function playerProblems(state: GameState, rules: Rules, name: Namer, at: Locator): string[] {
  const problems: string[] = [];
  const { map } = state;
  const players = state.entities.filter((e) => e.id === state.playerId);
  if (players.length !== 1) {
    problems.push(`${players.length} players on the map${at(".playerId")}`);
    return problems;
  }
  stairsProblems(map, isBottom(rules, state.floor), problems, "", (p) => at(`.map${p}`));
  const p = players[0];
  if (!p.fighter) problems.push(`the player ${name(p)} cannot fight`);
  if (p.ai) problems.push(`the player ${name(p)} is moved by an AI`);
  // The view is only the player's FOV from a cell on the map (else the player is reported above).
  if (!inBounds(map, p.x, p.y)) return problems;
  const fov = computeFov(map.transparent, map.width, map.height, p.x, p.y, sightOf(p, rules));
  for (let i = 0; i < fov.length; i++) {
    if (fov[i] !== map.visible[i]) {
      problems.push(
        `the view is not the player's FOV (first at ${i % map.width},${Math.floor(i / map.width)})${
          at(".map.visible")
        }`,
      );
      break;
    }
  }
  const unexplored = map.visible.findIndex((v, i) => v === 1 && map.explored[i] !== 1);
  if (unexplored >= 0) {
    problems.push(
      `a cell in view is not explored (${unexplored % map.width},${Math.floor(unexplored / map.width)})${
        at(".map.explored")
      }`,
    );
  }
  return problems;
}

/** The cells an AI means to go to: where it last saw the player and its path, under any confusion. */
function aiTargets(ai: Ai | undefined): number[] {
  const cells: number[] = [];
  // A loop, not recursion: confusion upon confusion nests as deep as scrolls were read.
  for (let at = ai; at; at = at.type === "confused" ? at.previous : undefined) {
    if (at.type === "hostile") {
      if (at.lastSeen !== -1) cells.push(at.lastSeen);
      for (const cell of at.path) cells.push(cell);
    }
  }
  return cells;
}

/** One item in a ledger. */
export interface LedgerEntry {
  /** In someone's pack (else lying on the floor). */
  readonly carried: boolean;
  /** It has a use effect, so using it may use it up. */
  readonly consumable: boolean;
  readonly name: string;
  /** What it is made from, and how many a stack of it holds (docs/rules.md, Stacks). */
  readonly template: string;
  readonly count: number;
}

/** Where each item is at one moment, to compare with another. */
export interface ItemLedger {
  /** The dungeon level the ledger was taken on. */
  readonly floor: number;
  /** The id counter then: things made later have ids from here on. */
  readonly nextId: number;
  /** Every item, on the floor or carried, by id. */
  readonly items: ReadonlyMap<number, LedgerEntry>;
}

/** The ledger of every item in `state`: those lying on the floor and those carried by anyone. */
export function itemLedger(state: GameState): ItemLedger {
  const items = new Map<number, LedgerEntry>();
  const note = (e: Entity, carried: boolean) =>
    items.set(e.id, {
      carried,
      consumable: e.item?.effect !== undefined,
      name: e.name,
      template: e.template,
      count: e.count ?? 1,
    });
  // Kept floors' items too (docs/rules.md, Persistent floors): found again, they did not appear from nowhere.
  for (const entities of [state.entities, ...(state.keptFloors ?? []).map((k) => k.entities)]) {
    for (const e of entities) {
      if (e.layer === "item") note(e, false);
      for (const carried of e.inventory?.items ?? []) note(carried, true);
    }
  }
  return { floor: state.floor, nextId: state.nextId, items };
}

/**
 * What no single turn may do to the items, `before` to `after` (one game).
 * On one floor, items only move between the floor and a pack, and one
 * carried consumable may be used up; nothing appears. Taking the stairs
 * leaves the old floor's items behind and finds newly made ones below,
 * but everything carried comes along.
 */
export function ledgerProblems(before: ItemLedger, after: ItemLedger): string[] {
  const problems: string[] = [];
  const sameFloor = before.floor === after.floor;
  // Stacks merge (a thing picked up or dropped onto its like is gone, its count added to the other's) and
  // split (part of a stack dropped is a new thing): how many there are of each kind is what must add up.
  const [had, has] = [totals(before), totals(after)];
  const merged = (template: string) => (has.get(template) ?? 0) >= (had.get(template) ?? 0);
  const split = (template: string) => (has.get(template) ?? 0) <= (had.get(template) ?? 0);
  for (const [id, item] of after.items) {
    if (before.items.has(id)) continue;
    if (sameFloor && !(had.has(item.template) && split(item.template))) {
      problems.push(`${item.name} #${id} appeared from nowhere`);
    } else if (id < before.nextId) {
      problems.push(`${item.name} #${id} appeared on the new floor with an old id`);
    } else if (item.carried) problems.push(`${item.name} #${id} appeared in a pack on the new floor`);
  }
  const gone = [...before.items].filter(([id]) => !after.items.has(id));
  if (!sameFloor) {
    for (const [id, item] of gone) {
      if (item.carried) problems.push(`${item.name} #${id} was carried but lost on the stairs`);
    }
    return problems;
  }
  const lost = gone.filter(([, item]) => !merged(item.template));
  for (const [id, item] of lost) {
    if (!item.carried) problems.push(`${item.name} #${id} vanished from the floor`);
    else if (!item.consumable) {
      problems.push(`${item.name} #${id} vanished from a pack but cannot be used up`);
    }
  }
  for (const [template, n] of had) {
    // One thing used a turn: a stack may lose one, never more.
    const now = has.get(template) ?? 0;
    if (now < n - 1) problems.push(`${n - now} of ${template} went in one turn`);
  }
  if (lost.length > 1) problems.push(`${lost.length} items vanished in one turn`);
  return problems;
}

/** How many things of each template a ledger holds, stacks counted whole. */
function totals(ledger: ItemLedger): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of ledger.items.values()) {
    counts.set(item.template, (counts.get(item.template) ?? 0) + item.count);
  }
  return counts;
}
