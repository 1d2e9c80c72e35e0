/**
 * A player that plays by itself, for the balance simulator and soak runs:
 * it fights what is next to it, drinks when hurt, reads its scrolls at
 * monsters, wears better gear, explores, and takes the stairs when the
 * floor is done. It chooses through the same actions a person's keys make.
 *
 * @module
 */
import type { Entity } from "./entity.ts";
import { isWorn, wornIn } from "./equipment.ts";
import { chebyshev, type Point } from "./geometry.ts";
import { inBlast } from "./items.ts";
import { levelUpPending } from "./progression.ts";
import type { Rules } from "./rules.ts";
import type { Command } from "./turn.ts";
import { type GameState, playerOf } from "./state.ts";
import { exploreStep, knownItemCells, monstersInView, travelStep } from "./travel.ts";

const WAIT: Command = { act: { type: "wait" } };

function stepTo(player: Entity, map: GameState["map"], cell: number): Command {
  const x = cell % map.width, y = (cell - x) / map.width;
  return { act: { type: "bump", dx: x - player.x, dy: y - player.y } };
}

function slotWith(player: Entity, test: (item: Entity) => boolean): number {
  return player.inventory?.items.findIndex(test) ?? -1;
}

/** The bot's next command. */
export function botDecide(state: GameState, rules: Rules): Command {
  const player = playerOf(state);
  const { map } = state;
  // Level-ups: take the choices in turn.
  if (levelUpPending(state, rules)) {
    return { level: (player.level?.current ?? 1) % rules.progression.choices.length };
  }
  const fighter = player.fighter!;
  const monsters = monstersInView(state);
  const distance = (e: Point) => Math.hypot(e.x - player.x, e.y - player.y);
  monsters.sort((a, b) => distance(a) - distance(b) || a.id - b.id);
  const nearest = monsters[0];
  // Hurt: drink.
  const potion = slotWith(player, (i) => i.item?.effect?.type === "heal");
  if (fighter.hp < fighter.maxHp * 0.4 && potion >= 0) {
    return { act: { type: "use", item: potion } };
  }
  if (nearest) {
    const near = distance(nearest);
    const lightning = slotWith(player, (i) => i.item?.effect?.type === "damage_nearest");
    const range = (e: Entity) => (e.item?.effect?.type === "damage_nearest" ? e.item.effect.range : 0);
    if (lightning >= 0 && near < range(player.inventory!.items[lightning]) + 1) {
      return { act: { type: "use", item: lightning } };
    }
    const fireball = slotWith(player, (i) => i.item?.effect?.type === "damage_area");
    const blast = (e: Entity) => (e.item?.effect?.type === "damage_area" ? e.item.effect.radius : 0);
    if (fireball >= 0 && !inBlast(nearest, blast(player.inventory!.items[fireball]), player)) {
      return { act: { type: "use", item: fireball, target: { x: nearest.x, y: nearest.y } } };
    }
    const confusion = slotWith(player, (i) => i.item?.effect?.type === "confuse");
    if (confusion >= 0 && near < 3 && nearest.ai?.type === "hostile") {
      return { act: { type: "use", item: confusion, target: { x: nearest.x, y: nearest.y } } };
    }
    if (chebyshev(nearest, player) <= 1) {
      return { act: { type: "bump", dx: nearest.x - player.x, dy: nearest.y - player.y } };
    }
    const toward = travelStep(map, player, nearest);
    return toward >= 0 ? stepTo(player, map, toward) : WAIT;
  }
  // Nothing in view: pick up, dress better, explore, go down.
  const here = state.entities.some((e) => e.layer === "item" && e.x === player.x && e.y === player.y);
  // A mod's player may carry nothing at all.
  const inventory = player.inventory ?? { capacity: 0, items: [] };
  if (here && inventory.items.length < inventory.capacity) return { act: { type: "pickup" } };
  const better = inventory.items.findIndex((i) => {
    if (!i.equippable || isWorn(player, i)) return false;
    // Against what is worn in the same slot (with more slots than two, a ring is not weighed against armour).
    const worn = wornIn(player, i.equippable.slot)?.equippable;
    const gain = i.equippable.slot === "weapon"
      ? i.equippable.power - (worn?.power ?? 0)
      : i.equippable.defense - (worn?.defense ?? 0);
    return gain > 0;
  });
  if (better >= 0) return { act: { type: "use", item: better } };
  const items = knownItemCells(state, (e) => e.x === player.x && e.y === player.y);
  const explore = exploreStep(map, player, inventory.items.length < inventory.capacity ? items : []);
  if (explore.kind === "step") return stepTo(player, map, explore.to);
  const { stairs } = map;
  if (player.x === stairs.x && player.y === stairs.y) return { act: { type: "descend" } };
  const toStairs = travelStep(map, player, stairs);
  return toStairs >= 0 ? stepTo(player, map, toStairs) : WAIT;
}
