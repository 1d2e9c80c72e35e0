/**
 * Deep water (docs/rules.md, Deep water): walked and seen through like
 * floor, and never burning; where the rules say what it does, each turn the
 * player stands in it, it may sweep away a heavy thing carried and not
 * worn, by a roll drawn as fire's spread is (no draw from the RNG).
 *
 * @module
 */
import { isWorn } from "./items/equipment.ts";
import { itemName } from "./items/item_names.ts";
import { takeOut } from "./items/stacks.ts";
import { isAlive } from "./entity.ts";
import type { GameEvent } from "./events.ts";
import { fieldRoll } from "./fire.ts";
import type { Rules } from "./rules.ts";
import { type GameState, playerOf } from "./state.ts";
import { Tile } from "./tiles.ts";

/** The end of a turn for the player in deep water: the first heavy thing in the pack not worn may be lost. */
export function tickWater(state: GameState, rules: Rules, events: GameEvent[]): void {
  const water = rules.water;
  const player = playerOf(state);
  const { map } = state;
  const at = player.y * map.width + player.x;
  if (!water || !isAlive(player) || map.tiles[at] !== Tile.DeepWater) return;
  const items = player.inventory?.items;
  const heavy = items?.findIndex((e) => rules.templates[e.template]?.heavy === true && !isWorn(player, e)) ??
    -1;
  if (heavy < 0 || fieldRoll(state, at, -1) >= water.drop) return;
  const lost = takeOut(player.inventory!, heavy);
  events.push({ type: "swept_away", entityId: player.id, item: itemName(state, rules, lost) });
}
