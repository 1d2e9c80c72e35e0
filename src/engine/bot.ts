/**
 * A player that plays by itself, for the balance simulator and soak runs
 * (docs/rules.md, The bot): it fights what is next to it, drinks when hurt,
 * reads its scrolls and aims its wands and throws at monsters, wears
 * better gear, explores, and takes the stairs when the floor is done. With
 * kept floors it climbs away to rest when losing, rests when hurt, tries
 * unknown potions and scrolls when safe, and carries the goal item out. It
 * chooses through the same actions a person's keys make, and only from
 * what a player would know: it is meant to be the same player every time,
 * not the best one.
 *
 * @module
 */
import { betterToWear, knownItem, throwable, unknownToTry, wearValue } from "./bot_items.ts";
import { isWorn, wornIn } from "./equipment.ts";
import { type Entity, isAlive } from "./entity.ts";
import { carriesGoal, isBottom } from "./floors.ts";
import { chebyshev, type Point } from "./geometry.ts";
import { inBlast } from "./items.ts";
import { isWalkable } from "./game_map.ts";
import { clearLine } from "./minds/line_of_fire.ts";
import { levelUpPending } from "./progression.ts";
import { regenerationOf } from "./time.ts";
import type { Rules } from "./rules.ts";
import type { Command } from "./turn.ts";
import { type GameState, playerOf } from "./state.ts";
import { exploreStep, knownItemCells, monstersInView, travelStep } from "./travel.ts";

const WAIT: Command = { act: { type: "wait" } };

/** Below this share of max HP the bot drinks what heals. */
const DRINK_BELOW = 0.4;
/** Below this share, with nothing to drink, it climbs away from a fight it is losing. */
const FLEE_BELOW = 0.3;
/** With nothing in view it rests until this share (where HP comes back by itself). */
const REST_UNTIL = 0.8;
/** How far it throws and zaps. */
const REACH = 6;
/** How far off a monster in view is gone after; one farther is left to come (it does, if it hunts). */
const CHASE = 5;

function stepTo(player: Entity, map: GameState["map"], cell: number): Command {
  const x = cell % map.width, y = (cell - x) / map.width;
  return { act: { type: "bump", dx: x - player.x, dy: y - player.y } };
}

/** Whether `monster` never moves: it is left alone unless it is in the way. */
function stationary(rules: Rules, monster: Entity): boolean {
  const ai = rules.templates[monster.template]?.ai;
  return typeof ai === "object" && ai.stationary === true;
}

/** Whether HP comes back by itself (the rules' regeneration, the player's own, or a worn thing's). */
function regenerates(rules: Rules, player: Entity): boolean {
  return regenerationOf(player, rules) !== undefined;
}

/**
 * A step toward `target`, round `avoid` if there is a way round (else
 * through: a fungus in the only corridor is fought), or the action to take
 * the stairs there.
 */
function goTo(state: GameState, player: Entity, target: Point, avoid: number[], there: Command): Command {
  if (player.x === target.x && player.y === target.y) return there;
  let step = travelStep(state.map, player, target, avoid);
  if (step < 0 && avoid.length > 0) step = travelStep(state.map, player, target);
  return step >= 0 ? stepTo(player, state.map, step) : WAIT;
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
  const distance = (e: Point) => Math.hypot(e.x - player.x, e.y - player.y);
  const seen = monstersInView(state);
  // Monsters that never move are walked round, not fought, unless one stands in the way: all those the
  // player has seen, where they stood (they are still there), so the way round does not change as they
  // come into view and go out of it.
  const avoid = state.entities
    .filter((m) => m.ai && isAlive(m) && stationary(rules, m) && map.explored[m.y * map.width + m.x] === 1)
    .map((m) => m.y * map.width + m.x);
  // One that never moves, or sleeps, is fought only when next to the bot (the one would hit it anyway, the
  // other is let lie), and one far off is left to come: going after all they see, and back to what it was
  // doing when they drop out of view, would walk the bot to and fro.
  const monsters = seen.filter((m) =>
    chebyshev(m, player) <= 1 ||
    !stationary(rules, m) && !(m.ai?.type === "hostile" && m.ai.asleep) && chebyshev(m, player) <= CHASE
  );
  monsters.sort((a, b) => distance(a) - distance(b) || a.id - b.id);
  const nearest = monsters[0];
  const up = map.upStairs;
  const goal = carriesGoal(player, rules);
  // Hurt: drink what is known to heal.
  const potion = knownItem(state, rules, player, (e) => e.type === "heal");
  if (fighter.hp < fighter.maxHp * DRINK_BELOW && potion >= 0) {
    return { act: { type: "use", item: potion } };
  }
  // Losing, with nothing to drink: climb away (never out of the dungeon without the goal).
  if (nearest && up && fighter.hp < fighter.maxHp * FLEE_BELOW && (state.floor > 1 || goal)) {
    return goTo(state, player, up, avoid, { act: { type: "ascend" } });
  }
  const fought = nearest && fight(state, rules, player, nearest, avoid);
  if (fought) return fought;
  // Nothing in view: rest, pick up, dress better, try what is unknown, explore, go on.
  if (seen.length === 0 && regenerates(rules, player) && fighter.hp < fighter.maxHp * REST_UNTIL) return WAIT;
  const here = state.entities.some((e) => e.layer === "item" && e.x === player.x && e.y === player.y);
  // A mod's player may carry nothing at all.
  const inventory = player.inventory ?? { capacity: 0, items: [] };
  const full = inventory.items.length >= inventory.capacity;
  const isGoal = (e: Entity) => e.template === rules.goal?.item;
  const goalHere = state.entities.some((e) =>
    e.layer === "item" && isGoal(e) && e.x === player.x && e.y === player.y
  );
  if (here && !full && (goalHere || worthTaking(state, player))) return { act: { type: "pickup" } };
  // A full pack makes room for the goal beside it (on the goal itself the thing dropped would be the one
  // picked up again): the first thing not worn goes.
  if (full && rules.goal && !goal) {
    const goalItem = state.entities.find((e) => e.layer === "item" && isGoal(e));
    const spare = inventory.items.findIndex((i) => !isWorn(player, i));
    if (goalItem && spare >= 0 && chebyshev(goalItem, player) === 1) {
      return { act: { type: "drop", item: spare } };
    }
    if (goalHere) return stepAside(state, player);
  }
  const better = betterToWear(player);
  if (better >= 0) return { act: { type: "use", item: better } };
  // An unknown potion is tried when a little hurt (a healing one is refused at full health) and safe.
  const unknownPotion = fighter.hp < fighter.maxHp ? unknownToTry(state, rules, player, "potion") : -1;
  if (unknownPotion >= 0) return { act: { type: "use", item: unknownPotion } };
  if (goal && up) return goTo(state, player, up, avoid, { act: { type: "ascend" } });
  // Things worth taking, and the goal even with a full pack.
  const items = knownItemCells(
    state,
    (e) => (e.x === player.x && e.y === player.y) || (full ? !isGoal(e) : !worthTaking(state, player, e)),
  );
  const explore = exploreStep(map, player, items, avoid);
  if (explore.kind === "step") return stepTo(player, map, explore.to);
  // Past the goal's floor without it, there is nothing to go deeper for.
  if (rules.goal && !goal && state.floor >= rules.goal.floor) return WAIT;
  if (isBottom(rules, state.floor)) return WAIT;
  return goTo(state, player, map.stairs, avoid, { act: { type: "descend" } });
}

/** A step to a free walkable neighbour (the first in reading order), or a wait if there is none. */
function stepAside(state: GameState, player: Entity): Command {
  const taken = new Set(state.entities.filter((e) => e.blocksMovement).map((e) => `${e.x},${e.y}`));
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const x = player.x + dx, y = player.y + dy;
      if ((dx || dy) && isWalkable(state.map, x, y) && !taken.has(`${x},${y}`)) {
        return { act: { type: "bump", dx, dy } };
      }
    }
  }
  return WAIT;
}

/** Whether a thing thrown from `player` would fly to `target` with nothing in the way. */
function inLineOfFire(state: GameState, player: Entity, target: Entity): boolean {
  const { map } = state;
  const blockers = new Set(state.entities.filter((e) => e.blocksMovement).map((e) => e.y * map.width + e.x));
  const from = player.y * map.width + player.x;
  return clearLine(
    map.transparent,
    map.width,
    player.x,
    player.y,
    target.x,
    target.y,
    (c) => c !== from && blockers.has(c),
  );
}

/**
 * Whether the thing lying at the bot's feet (or `item`) is worth a place in
 * the pack: anything but a thing to wear no better than what is worn.
 */
function worthTaking(state: GameState, player: Entity, item?: Entity): boolean {
  const thing = item ??
    state.entities.find((e) => e.layer === "item" && e.x === player.x && e.y === player.y);
  if (!thing?.equippable) return true;
  const worn = wornIn(player, thing.equippable.slot);
  return worn === undefined || wearValue(thing) > wearValue(worn);
}

/**
 * What to do about `nearest`, the closest monster in view: a scroll, a
 * wand, a throw, a blow, or a step closer; undefined when none of these
 * can reach it (seen where no known way leads): the bot goes on as if it
 * were not there.
 */
function fight(
  state: GameState,
  rules: Rules,
  player: Entity,
  nearest: Entity,
  avoid: number[],
): Command | undefined {
  const near = Math.hypot(nearest.x - player.x, nearest.y - player.y);
  const at = { x: nearest.x, y: nearest.y };
  const items = player.inventory?.items ?? [];
  const lightning = knownItem(state, rules, player, (e) => e.type === "damage_nearest");
  const range = (e: Entity) => (e.item?.effect?.type === "damage_nearest" ? e.item.effect.range : 0);
  if (lightning >= 0 && near < range(items[lightning]) + 1) {
    return { act: { type: "use", item: lightning } };
  }
  const fireball = knownItem(state, rules, player, (e) => e.type === "damage_area");
  const blast = (e: Entity) => (e.item?.effect?.type === "damage_area" ? e.item.effect.radius : 0);
  if (fireball >= 0 && !inBlast(nearest, blast(items[fireball]), player)) {
    return { act: { type: "use", item: fireball, target: at } };
  }
  const confusion = knownItem(state, rules, player, (e) => e.type === "confuse");
  if (confusion >= 0 && near < 3 && nearest.ai?.type === "hostile") {
    return { act: { type: "use", item: confusion, target: at } };
  }
  // A strong monster close by: put it to sleep, slow it or confuse it, if the pack knows how.
  const strong = (nearest.fighter?.hp ?? 0) >= player.fighter!.maxHp / 2 && !nearest.statuses;
  const status = knownItem(state, rules, player, (e) => e.type === "apply_status" && e.on === "target");
  if (strong && status >= 0 && near < 4) return { act: { type: "use", item: status, target: at } };
  const bolt = knownItem(state, rules, player, (e) => e.type === "bolt");
  if (bolt >= 0 && near <= REACH) return { act: { type: "use", item: bolt, target: at } };
  // An unknown scroll is read at a monster not yet upon it: aimed ones need a target, the rest ignore it.
  // Within 4 cells: a scroll that strikes the nearest enemy reaches it, and one aimed there is in sight.
  const scroll = near >= 2 && near <= 4 ? unknownToTry(state, rules, player, "scroll") : -1;
  if (scroll >= 0) return { act: { type: "use", item: scroll, target: at } };
  if (chebyshev(nearest, player) <= 1) {
    return { act: { type: "bump", dx: nearest.x - player.x, dy: nearest.y - player.y } };
  }
  const dart = throwable(player);
  if (dart >= 0 && near <= REACH && inLineOfFire(state, player, nearest)) {
    return { act: { type: "throw", item: dart, target: at } };
  }
  // One that shoots and keeps its distance (stepping back before the bot is next to it) is not chased: it
  // would lead the bot to and fro. The bot goes about its business, and fights it when it comes close.
  const ai = rules.templates[nearest.template]?.ai;
  if (typeof ai === "object" && (ai.ranged?.keepAway ?? 0) > 1) return undefined;
  const toward = travelStep(state.map, player, nearest, avoid);
  return toward >= 0 ? stepTo(player, state.map, toward) : undefined;
}
