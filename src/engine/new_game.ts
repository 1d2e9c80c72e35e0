/**
 * A new game: the player, their starting gear, floor 1 and the welcome.
 *
 * @module
 */
import { emptyChronicle } from "./chronicle.ts";
import { rollsCombat } from "./combat.ts";
import { equip } from "./items/equipment.ts";
import { enterFloor } from "./floors/floors.ts";
import { createMap } from "./game_map.ts";
import { tell } from "./narration.ts";
import { Rng } from "../algorithms/mod.ts";
import type { Background, Rules } from "./rules.ts";
import type { Entity } from "./entity.ts";
import { carry } from "./items/stacks.ts";
import type { GameState } from "./state.ts";
import { instantiate } from "./templates.ts";

/** The rolls stream's seed: the game's, mixed so that the stream is not the main one's. */
function rollsSeed(seed: number): number {
  return (Math.imul(seed ^ 0x5bd1e995, 0x27d4eb2d) ^ 0x68e31da4) >>> 0;
}

/** The background `id` of `rules`; throws when the rules have none of that id. */
export function backgroundOf(rules: Rules, id: string): Background {
  const background = rules.backgrounds?.find((b) => b.id === id);
  if (!background) {
    const known = (rules.backgrounds ?? []).map((b) => b.id).join(", ") || "none";
    throw new Error(`no background "${id}" in these rules (they have: ${known})`);
  }
  return background;
}

/** `player` changed by `background`'s numbers (docs/rules.md, Backgrounds). */
function takeBackground(player: Entity, background: Background, rules: Rules): void {
  const template = rules.templates[rules.playerTemplate];
  const fighter = player.fighter!;
  const add = background.fighter ?? {};
  if (add.hp) fighter.maxHp = fighter.hp = Math.max(1, fighter.maxHp + add.hp);
  if (add.defense) fighter.defense += add.defense;
  if (add.power) fighter.power += add.power;
  if (add.accuracy) fighter.accuracy = (fighter.accuracy ?? 0) + add.accuracy;
  if (add.evasion) fighter.evasion = (fighter.evasion ?? 0) + add.evasion;
  if (background.stealth) {
    player.stealth = Math.max(0, Math.min(100, (template.stealth ?? 0) + background.stealth));
  }
  if (background.speed) player.speed = Math.max(1, (template.speed ?? 100) + background.speed);
  if (background.sight && player.sight !== 0) player.sight = Math.max(1, player.sight! + background.sight);
}

/**
 * A new game: the player with their starting gear worn without a word
 * (docs/rules.md, Entities), on floor 1 made from `seed`, and the welcome message.
 * With `background` (the id of one of the rules' backgrounds), the player starts as it says
 * (docs/rules.md, Backgrounds); without, as the template says.
 */
export function newGame(rules: Rules, seed: number, background?: string): GameState {
  const template = rules.templates[rules.playerTemplate];
  const chosen = background === undefined ? undefined : backgroundOf(rules, background);
  const player = instantiate(template, 0, 0, 0);
  player.level = { current: 1, xp: 0 };
  player.sight = rules.sightRadius;
  if (chosen) takeBackground(player, chosen, rules);
  const state: GameState = {
    seed,
    rng: Rng.fromSeed(seed).state(),
    turn: 0,
    floor: 0,
    map: createMap(1, 1),
    entities: [player],
    playerId: player.id,
    nextId: 1,
    log: [],
    chronicle: emptyChronicle(),
  };
  if (chosen) state.background = chosen.id;
  if (rollsCombat(rules)) state.rolls = Rng.fromSeed(rollsSeed(seed)).state();
  for (const id of chosen?.equipment ?? template.startingEquipment ?? []) {
    const item = instantiate(rules.templates[id], state.nextId++, 0, 0);
    if (player.inventory) carry(player.inventory, item, rules);
    equip(player, item, [], true);
  }
  for (const { item: id, count = 1 } of chosen?.items ?? []) {
    const kind = rules.templates[id];
    // A stack is one thing; others come one by one.
    for (let made = 0; made < (kind.item?.stacks ? 1 : count); made++) {
      const item = instantiate(kind, state.nextId++, 0, 0);
      if (kind.item?.stacks && count > 1) item.count = count;
      if (player.inventory) carry(player.inventory, item, rules);
    }
    // What one starts with, one knows.
    if (kind.unknown !== undefined && !state.known?.includes(id)) (state.known ??= []).push(id);
  }
  enterFloor(state, rules, 1);
  tell(state.log, rules, "welcome");
  return state;
}
