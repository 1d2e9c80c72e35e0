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
import { fireInView, isBurning } from "../fire.ts";
import {
  betterToWear,
  knownEffect,
  knownItem,
  slotWith,
  throwable,
  unknownToTry,
  wearValue,
} from "./bot_items.ts";
import { chebyshev, distanceMap, downhillStep, type Point, UNREACHABLE } from "../../algorithms/mod.ts";
import { isWorn, wornIn } from "../items/equipment.ts";
import { type Entity, isAlive } from "../entity.ts";
import { carriesGoal, isBottom } from "../floors/floors.ts";
import { inBlast } from "../items/items.ts";
import { isWalkable } from "../game_map.ts";
import { clearLine } from "../monsters/minds/line_of_fire.ts";
import { levelUpPending } from "../progression.ts";
import { regenerationOf } from "../time.ts";
import type { Rules } from "../rules.ts";
import type { Command } from "../turn.ts";
import { type GameState, playerOf } from "../state.ts";
import { frontier, knownCost, knownItemCells, monstersInView, travelStep } from "../walks/travel.ts";
import { itemsUnderfoot } from "../walks/walk_stop.ts";

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

/** What the bot is about, as a player would say it: the reason for its last command. */
export type BotIntent =
  | "level"
  | "heal"
  | "escape"
  | "flee"
  | "fight"
  | "rest"
  | "pick_up"
  | "dress"
  | "tidy"
  | "try"
  | "map"
  | "carry_out"
  | "explore"
  | "descend"
  | "wait";

/** Turns without progress after which the bot gives up what it is going for (a cell, a monster). */
const GIVE_UP_AFTER = 60;
/** Goals given up on one floor after which the bot leaves the floor by the stairs down. */
const LEAVE_AFTER = 4;
/** Within this many steps of the up stairs, climbing away from a fight can work. */
const STAIRS_NEAR = 6;

/**
 * The balance bot (docs/rules.md, The bot): one player for one game, with a
 * short memory: the cells and monsters it has given up on this floor, what
 * it was last going for, and how many turns have passed since it last got
 * anywhere (a new cell explored, a floor, a kill, a thing picked up, HP
 * back). A goal that makes no progress for a while is given up and
 * something else tried; past a few on one floor, it takes the stairs down.
 * It remembers only what a player would, so the same seed plays the same
 * game.
 */
export class Bot {
  #intent: BotIntent = "wait";
  #floor = -1;
  #progressTurn = 0;
  #progressKey = "";
  #lastHp = 0;
  #carried = new Set<number>();
  #givenUpCells = new Set<number>();
  #givenUpMonsters = new Set<number>();
  #givenUpCount = 0;

  /** Why the bot chose its last command. */
  get intent(): BotIntent {
    return this.#intent;
  }

  /** How many goals it has given up on the floor it is on. */
  get givenUp(): number {
    return this.#givenUpCount;
  }

  /** The bot's next command for `state`. */
  decide(state: GameState, rules: Rules): Command {
    this.#remember(state);
    const command = this.#choose(state, rules);
    return command;
  }

  /** Notes progress since the last command, and forgets the last floor's goals on a new one. */
  #remember(state: GameState): void {
    const player = playerOf(state);
    if (state.floor !== this.#floor) {
      this.#floor = state.floor;
      this.#forget();
      this.#progressTurn = state.turn;
    }
    let explored = 0;
    for (const e of state.map.explored) explored += e;
    const kills = state.chronicle.kills.reduce((n, k) => n + k.count, 0);
    // A thing new to the pack is progress; one thrown and picked up again (its stack's id kept) is not.
    for (const item of player.inventory?.items ?? []) this.#carried.add(item.id);
    const key = `${explored}/${kills}/${this.#carried.size}/${player.level?.xp ?? 0}`;
    const hp = player.fighter?.hp ?? 0;
    // Resting is progress while HP comes back.
    const rested = this.#intent === "rest" && hp > this.#lastHp;
    if (key !== this.#progressKey || rested) {
      this.#progressKey = key;
      this.#progressTurn = state.turn;
    }
    this.#lastHp = hp;
  }

  /**
   * Whether the bot has gone long enough without progress to give up what it
   * is going for now (the caller remembers it); the count starts again.
   * One count for all goals: a bot going to and fro between two is stalled
   * on both.
   */
  #stalled(state: GameState): boolean {
    if (state.turn - this.#progressTurn < GIVE_UP_AFTER) return false;
    this.#progressTurn = state.turn;
    this.#givenUpCount++;
    return true;
  }

  #as(intent: BotIntent, command: Command): Command {
    this.#intent = intent;
    return command;
  }

  #choose(state: GameState, rules: Rules): Command {
    const player = playerOf(state);
    const { map } = state;
    // Level-ups: take the choices in turn.
    if (levelUpPending(state, rules)) {
      return this.#as("level", { level: (player.level?.current ?? 1) % rules.progression.choices.length });
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
    // Fire in view is walked round too, and stepped out of first (docs/rules.md, Fire).
    if (map.fire) {
      avoid.push(...fireInView(map));
      if (isBurning(map, player.x, player.y)) {
        const out = stepOutOfFire(state, player);
        if (out) return this.#as("escape", out);
      }
    }
    // One that never moves, or sleeps, is fought only when next to the bot (the one would hit it anyway, the
    // other is let lie), and one far off is left to come; one given up on is fought only when next to it.
    const monsters = seen.filter((m) =>
      chebyshev(m, player) <= 1 ||
      !stationary(rules, m) && !(m.ai?.type === "hostile" && m.ai.asleep) && chebyshev(m, player) <= CHASE &&
        !this.#givenUpMonsters.has(m.id)
    );
    monsters.sort((a, b) => distance(a) - distance(b) || a.id - b.id);
    const nearest = monsters[0];
    const up = map.upStairs;
    const goal = carriesGoal(player, rules);
    const hurt = fighter.hp < fighter.maxHp * DRINK_BELOW;
    // Hurt: drink what is known to heal.
    const potion = knownItem(state, rules, player, (e) => e.type === "heal");
    if (hurt && potion >= 0) return this.#as("heal", { act: { type: "use", item: potion } });
    // Losing, with nothing to drink: a known escape first, then the stairs up if they are near enough to
    // reach, else it fights on (a retreat from a monster as fast as it is mostly ends in its back).
    const losing = nearest && fighter.hp < fighter.maxHp * FLEE_BELOW;
    if (losing) {
      const away = knownItem(state, rules, player, (e) => e.type === "teleport");
      if (away >= 0) return this.#as("escape", { act: { type: "use", item: away } });
      const near = up && travelDistance(state, player, up, avoid) <= STAIRS_NEAR;
      if (near && up && (state.floor > 1 || goal) && !faster(nearest, player)) {
        return this.#as("flee", goTo(state, player, up, avoid, { act: { type: "ascend" } }));
      }
    }
    // Hurt in a fight: haste or regeneration, if the pack knows them and the bot is not under them yet.
    if (nearest && hurt) {
      const boost = knownItem(
        state,
        rules,
        player,
        (e) =>
          e.type === "apply_status" && e.on === "self" && BOOSTS.includes(e.status) &&
          !player.statuses?.some((s) => s.id === e.status),
      );
      if (boost >= 0) return this.#as("escape", { act: { type: "use", item: boost } });
    }
    if (nearest) {
      if (chebyshev(nearest, player) > 1 && this.#stalled(state)) {
        this.#givenUpMonsters.add(nearest.id);
      } else {
        const fought = fight(state, rules, player, nearest, avoid, hurt);
        if (fought) return this.#as("fight", fought);
      }
    }
    // Nothing to fight: rest while no awake monster that moves is in view, pick up, dress better, try what
    // is unknown, explore, go on.
    const calm = seen.every((m) =>
      stationary(rules, m) || (m.ai?.type === "hostile" && m.ai.asleep) || chebyshev(m, player) > CHASE * 2
    );
    if (calm && regenerates(rules, player) && fighter.hp < fighter.maxHp * REST_UNTIL) {
      const regen = fighter.hp < fighter.maxHp * DRINK_BELOW
        ? knownItem(
          state,
          rules,
          player,
          (e) =>
            e.type === "apply_status" && e.on === "self" && e.status === "regenerating" &&
            !player.statuses?.some((s) => s.id === e.status),
        )
        : -1;
      if (regen >= 0) return this.#as("rest", { act: { type: "use", item: regen } });
      return this.#as("rest", WAIT);
    }
    const hereCell = player.y * map.width + player.x;
    // What pick-up would take: the top of the stack underfoot.
    const top = itemsUnderfoot(state)[0];
    // A mod's player may carry nothing at all.
    const inventory = player.inventory ?? { capacity: 0, items: [] };
    const full = inventory.items.length >= inventory.capacity;
    const isGoal = (e: Entity) => e.template === rules.goal?.item;
    const goalHere = top !== undefined && isGoal(top);
    if (top && !full && (goalHere || worthTaking(state, rules, player, top))) {
      return this.#as("pick_up", { act: { type: "pickup" } });
    }
    // What lies on top here is not worth taking (and pick-up takes the top thing): the cell is given up.
    if (top && !goalHere) this.#givenUpCells.add(hereCell);
    // A full pack makes room for the goal beside it (on the goal itself the thing dropped would be the one
    // picked up again): the first thing not worn goes.
    if (full && rules.goal && !goal) {
      const goalItem = state.entities.find((e) => e.layer === "item" && isGoal(e));
      const spare = inventory.items.findIndex((i) => !isWorn(player, i));
      if (goalItem && spare >= 0 && chebyshev(goalItem, player) === 1) {
        return this.#as("pick_up", { act: { type: "drop", item: spare } });
      }
      if (goalHere) return this.#as("pick_up", stepAside(state, player));
    }
    const better = betterToWear(state, rules, player);
    if (better >= 0) return this.#as("dress", { act: { type: "use", item: better } });
    // A wand known to be spent only takes a place in the pack.
    const spent = slotWith(
      player,
      (i) => i.item?.charges === 0 && knownEffect(state, rules, i) !== undefined,
    );
    if (spent >= 0 && calm) return this.#as("tidy", { act: { type: "drop", item: spent } });
    // An unknown potion is tried when a little hurt (a healing one is refused at full health) and safe.
    const unknownPotion = fighter.hp < fighter.maxHp && calm
      ? unknownToTry(state, rules, player, "potion")
      : -1;
    if (unknownPotion >= 0) return this.#as("try", { act: { type: "use", item: unknownPotion } });
    if (goal && up) return this.#as("carry_out", goTo(state, player, up, avoid, { act: { type: "ascend" } }));
    // The stairs down not yet found: a known map of the floor.
    if (!map.explored[map.stairs.y * map.width + map.stairs.x]) {
      const mapping = knownItem(state, rules, player, (e) => e.type === "reveal_map");
      if (mapping >= 0) return this.#as("map", { act: { type: "use", item: mapping } });
    }
    const leave = this.#givenUpCount >= LEAVE_AFTER && !isBottom(rules, state.floor) &&
      !(rules.goal && !goal && state.floor >= rules.goal.floor);
    if (!leave) {
      // Things worth taking, and the goal even with a full pack.
      const items = knownItemCells(
        state,
        (e) =>
          (e.x === player.x && e.y === player.y) ||
          this.#givenUpCells.has(e.y * map.width + e.x) ||
          (full ? !isGoal(e) : !worthTaking(state, rules, player, e)),
      );
      const explore = this.#exploreStep(state, player, items, avoid) ??
        this.#exploreStep(state, player, items, []);
      if (explore) {
        if (this.#stalled(state)) this.#givenUpCells.add(explore.goal);
        else return this.#as("explore", stepTo(player, map, explore.to));
      }
    }
    // Past the goal's floor without it, there is nothing to go deeper for.
    const stay = (rules.goal && !goal && state.floor >= rules.goal.floor) || isBottom(rules, state.floor);
    const next = stay ? WAIT : goTo(state, player, map.stairs, avoid, { act: { type: "descend" } });
    // Nowhere to go and nothing left to try: what was given up is tried again.
    if (next === WAIT && this.#stalled(state)) this.#forget();
    return this.#as(stay ? "wait" : "descend", next);
  }

  /** Forgets the goals given up on this floor, to try them again. */
  #forget(): void {
    this.#givenUpCells.clear();
    this.#givenUpMonsters.clear();
    this.#givenUpCount = 0;
  }

  /**
   * Exploring as the player's own explore walk does (travel.ts), less the
   * cells given up on: the next step and the cell it heads for, or
   * undefined when nothing is left to go to.
   */
  #exploreStep(
    state: GameState,
    player: Entity,
    items: readonly number[],
    avoid: readonly number[],
  ): { to: number; goal: number } | undefined {
    const { map } = state;
    const cost = knownCost(map, avoid);
    const here = player.y * map.width + player.x;
    const goals = [...frontier(map, cost), ...items.filter((i) => cost[i])]
      .filter((i) => i !== here && !this.#givenUpCells.has(i));
    if (goals.length === 0) return undefined;
    const dist = distanceMap(cost, map.width, map.height, goals);
    if (dist[here] === UNREACHABLE) return undefined;
    const to = downhillStep(dist, cost, map.width, map.height, here);
    if (to < 0) return undefined;
    // The goal is where the way downhill ends.
    let at = to;
    for (let n = 0; dist[at] > 0 && n < cost.length; n++) {
      const next = downhillStep(dist, cost, map.width, map.height, at);
      if (next < 0) break;
      at = next;
    }
    return { to, goal: at };
  }
}

/** Statuses the bot puts on itself to fight on. */
const BOOSTS = ["hasted", "regenerating"];

/** Whether `monster` acts more often than `player` (docs/rules.md, Speed and energy). */
function faster(monster: Entity, player: Entity): boolean {
  return (monster.speed ?? 100) > (player.speed ?? 100);
}

/** Steps along the known way from `player` to `target` (a large number when there is none). */
function travelDistance(state: GameState, player: Point, target: Point, avoid: readonly number[]): number {
  const { map } = state;
  const cost = knownCost(map, avoid);
  const goal = target.y * map.width + target.x;
  if (!cost[goal]) return UNREACHABLE;
  const d = distanceMap(cost, map.width, map.height, [goal])[player.y * map.width + player.x];
  // A straight step costs 2 in the distance map.
  return d === UNREACHABLE ? d : Math.floor(d / 2);
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

/** A step to a free walkable neighbour not on fire (the first in reading order), if there is one. */
function stepOutOfFire(state: GameState, player: Entity): Command | undefined {
  const taken = new Set(state.entities.filter((e) => e.blocksMovement).map((e) => `${e.x},${e.y}`));
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const x = player.x + dx, y = player.y + dy;
      if (
        (dx || dy) && isWalkable(state.map, x, y) && !taken.has(`${x},${y}`) && !isBurning(state.map, x, y)
      ) {
        return { act: { type: "move", dx, dy } };
      }
    }
  }
  return undefined;
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
 * Whether `thing` is worth a place in the pack: anything but a spent wand or a thing to wear no better than
 * what is worn.
 */
function worthTaking(state: GameState, rules: Rules, player: Entity, thing: Entity): boolean {
  if (thing.item?.charges === 0) return false;
  if (!thing.equippable) return true;
  const worn = wornIn(player, thing.equippable.slot);
  return worn === undefined || wearValue(state, rules, thing) > wearValue(state, rules, worn);
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
  hurt: boolean,
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
  // A strong monster close by, or any when the bot is hurt: put it to sleep, slow it or confuse it, if the
  // pack knows how.
  const strong = ((nearest.fighter?.hp ?? 0) >= player.fighter!.maxHp / 2 || hurt) && !nearest.statuses;
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
