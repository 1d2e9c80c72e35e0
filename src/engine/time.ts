/**
 * Time (docs/rules.md, Speed and energy; Statuses; Regeneration): what an
 * action costs, the energy an actor has, and the end of a turn, when
 * statuses count down and hurt or heal, actors regenerate and, with the
 * energy scheduler, every actor gains its speed in energy.
 *
 * Nothing here draws from the RNG: the end of a turn is the same on the
 * game and on the AI worker's copy, which both play it.
 *
 * @module
 */
import { tickFire } from "./fire.ts";
import { tickGas } from "./gas.ts";
import { tickWater } from "./water.ts";
import { type Action, type ActionResult, perform } from "./actions.ts";
import { takeDamage } from "./combat.ts";
import { type Entity, isAlive } from "./entity.ts";
import { wornRegeneration } from "./items/equipment.ts";
import type { GameEvent } from "./events.ts";
import { type Occupancy, scanOccupancy } from "./occupancy.ts";
import type { Rules, StatusDef } from "./rules.ts";
import { speedOf, tickStatuses } from "./statuses.ts";
import type { GameState } from "./state.ts";

/** The energy an actor needs to act (and what an action costs unless the rules say otherwise). */
export const ENERGY_TO_ACT = 100;

/** True when the rules run the energy scheduler (speeds, costs or speed-changing statuses). */
export function usesEnergy(rules: Rules): boolean {
  return rules.time?.energy === true;
}

/**
 * The energy `e` has: what it kept, or, before it first acts, enough for
 * one action or a turn's worth (its speed), whichever is more: every actor
 * starts ready to act.
 */
export function energyOf(e: Entity, rules: Rules): number {
  return e.energy ?? Math.max(ENERGY_TO_ACT, speedOf(e, rules));
}

/**
 * What `action` (as finally performed: a bump is a move or an attack) costs;
 * `actor`'s step, while it sneaks, what sneaking's costs (docs/rules.md, Noise and sneaking).
 */
export function costOf(rules: Rules, action: Action, actor?: Entity): number {
  if (action.type === "move" && actor?.sneaking && rules.sneak) return rules.sneak.moveCost;
  const costs = rules.time?.costs;
  if (!costs) return ENERGY_TO_ACT;
  switch (action.type) {
    case "melee":
      return costs.attack;
    case "use":
    case "pickup":
    case "drop":
      return costs.use;
    case "wait":
    case "recover":
      return costs.wait;
    default:
      return costs.move;
  }
}

/** A resolved action and the action that was finally performed (a bump becomes a move or an attack). */
export interface Resolved {
  readonly result: Exclude<ActionResult, { kind: "alternate" }>;
  readonly performed: Action;
}

/** Performs `action` as `resolve` does, telling also which action it came to. */
export function resolveTimed(
  state: GameState,
  rules: Rules,
  actor: Entity,
  action: Action,
  occupancy: Occupancy = scanOccupancy(state.entities),
): Resolved {
  let performed = action;
  let result = perform(state, rules, actor, performed, occupancy);
  while (result.kind === "alternate") {
    performed = result.action;
    result = perform(state, rules, actor, performed, occupancy);
  }
  return { result, performed };
}

/** Charges `actor` for `performed`, when the scheduler keeps energy. */
export function payFor(actor: Entity, rules: Rules, performed: Action): void {
  if (usesEnergy(rules)) actor.energy = energyOf(actor, rules) - costOf(rules, performed, actor);
}

/**
 * How `e` regenerates: its template's, else the rules', or what it wears
 * where that is faster (docs/rules.md, Regeneration); undefined if not at all.
 */
export function regenerationOf(
  e: Entity,
  rules: Rules,
): { readonly hp: number; readonly turns: number } | undefined {
  const own = rules.templates[e.template]?.regeneration ?? rules.time?.regeneration;
  const worn = wornRegeneration(e);
  if (!worn) return own;
  return !own || worn.turns / worn.hp < own.turns / own.hp ? worn : own;
}

/** The turn count regeneration goes by: game time with the scheduler, else the player's turns. */
function clockOf(state: GameState): number {
  return state.ticks ?? state.turn;
}

/**
 * The end of a turn of game time: for every living actor, in the order of
 * the entities, its statuses hurt or heal and count down, then it
 * regenerates; with the scheduler, each then gains its speed in energy.
 * Rules without time or statuses do nothing here.
 */
export function endOfTurn(state: GameState, rules: Rules, events: GameEvent[]): void {
  if (state.map.fire) tickFire(state, rules, events);
  if (state.map.gas) tickGas(state, rules, events);
  if (rules.water) tickWater(state, rules, events);
  if (!rules.time && !rules.statuses) return;
  const energy = usesEnergy(rules);
  if (energy) state.ticks = (state.ticks ?? 0) + 1;
  const clock = clockOf(state);
  const hurt = (e: Entity, amount: number, status: StatusDef) => {
    events.push({
      type: "status_hurt",
      entityId: e.id,
      id: status.id,
      name: e.name,
      status: status.name,
      damage: amount,
    });
    takeDamage(e, amount, rules, events);
  };
  for (const e of state.entities) {
    if (!isAlive(e)) continue;
    if (e.statuses) tickStatuses(e, rules, events, hurt);
    if (!isAlive(e)) continue;
    const regen = regenerationOf(e, rules);
    const fighter = e.fighter!;
    if (regen && fighter.hp < fighter.maxHp && clock % regen.turns === 0) {
      const amount = Math.min(regen.hp, fighter.maxHp - fighter.hp);
      fighter.hp += amount;
      events.push({ type: "regenerated", entityId: e.id, amount });
    }
    if (energy && (e.ai || e.id === state.playerId)) e.energy = energyOf(e, rules) + speedOf(e, rules);
  }
}
