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
import type { Rules } from "./rules.ts";
import { carry } from "./items/stacks.ts";
import type { GameState } from "./state.ts";
import { instantiate } from "./templates.ts";

/** The rolls stream's seed: the game's, mixed so that the stream is not the main one's. */
function rollsSeed(seed: number): number {
  return (Math.imul(seed ^ 0x5bd1e995, 0x27d4eb2d) ^ 0x68e31da4) >>> 0;
}

/**
 * A new game: the player with their starting gear worn without a word
 * (docs/rules.md, Entities), on floor 1 made from `seed`, and the welcome message.
 */
export function newGame(rules: Rules, seed: number): GameState {
  const template = rules.templates[rules.playerTemplate];
  const player = instantiate(template, 0, 0, 0);
  player.level = { current: 1, xp: 0 };
  player.sight = rules.sightRadius;
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
  if (rollsCombat(rules)) state.rolls = Rng.fromSeed(rollsSeed(seed)).state();
  for (const id of template.startingEquipment ?? []) {
    const item = instantiate(rules.templates[id], state.nextId++, 0, 0);
    if (player.inventory) carry(player.inventory, item, rules);
    equip(player, item, [], true);
  }
  enterFloor(state, rules, 1);
  tell(state.log, rules, "welcome");
  return state;
}
