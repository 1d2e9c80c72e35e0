/**
 * Experience and levels, by the rules' curve (docs/rules.md, Experience and levels): how much XP a kill
 * gives, when the next level is reached, and what a level-up choice raises.
 * Every non-player death gives the player its XP, whoever caused it.
 *
 * @module
 */
import type { Entity, Level } from "./entity.ts";
import type { GameEvent } from "./events.ts";
import type { Progression, Rules } from "./rules.ts";
import { updateVisibility } from "./game_map.ts";
import { MAX_LEVEL } from "./limits.ts";
import { type GameState, playerOf, sightOf } from "./state.ts";

/** XP needed to leave `level` (compared by the rules' `levelUpWhen`). */
export function threshold(p: Progression, level: number): number {
  const curve = p.xpForNextLevel;
  return curve.formula === "linear"
    ? curve.base + curve.factor * level
    : curve.factor * level ** curve.exponent;
}

/**
 * The least XP that earns the level after `level`, as the player reads it
 * beside their XP: XP comes in whole points (kills give whole numbers), so
 * under ">" it is one more than the threshold, under ">=" the threshold
 * itself (either way rounded up to a whole point).
 */
export function xpForNextLevel(p: Progression, level: number): number {
  const needed = threshold(p, level);
  return p.levelUpWhen === ">=" ? Math.ceil(needed) : Math.floor(needed) + 1;
}

function reached(p: Progression, level: Level): boolean {
  const needed = threshold(p, level.current);
  return p.levelUpWhen === ">=" ? level.xp >= needed : level.xp > needed;
}

/** How many levels `level`'s XP has earned that are not taken yet (none past {@link MAX_LEVEL}). */
export function levelsEarned(p: Progression, level: Level): number {
  const at = { ...level };
  let n = 0;
  while (at.current < MAX_LEVEL && reached(p, at)) {
    if (p.xpAfterLevelUp === "reduce") at.xp -= threshold(p, at.current);
    at.current++;
    n++;
  }
  return n;
}

/**
 * The XP it takes to leave `level`: the threshold itself when levelling
 * takes the XP away, else how far it is above the last one.
 */
export function levelCost(p: Progression, level: number): number {
  const before = p.xpAfterLevelUp === "keep" && level > 1 ? threshold(p, level - 1) : 0;
  return threshold(p, level) - before;
}

/**
 * The first level the game can leave that costs less than 1 XP (or is not
 * a finite number), or undefined when every one costs at least 1: then the
 * XP earned bounds the levels it buys, and the level-up window closes.
 */
export function cheapLevel(p: Progression): { level: number; cost: number } | undefined {
  for (let level = 1; level < MAX_LEVEL; level++) {
    const cost = levelCost(p, level);
    if (!(cost >= 1 && Number.isFinite(threshold(p, level)))) return { level, cost };
  }
  return undefined;
}

/** True when the player has a level-up to choose. */
export function levelUpPending(state: GameState, rules: Rules): boolean {
  const level = playerOf(state).level;
  return level !== undefined && levelsEarned(rules.progression, level) > 0;
}

/** The XP the player earns for `victim`'s death. */
export function xpForKill(p: Progression, victim: Entity, killerLevel: number): number {
  if (p.xpPerKill.formula === "template") return victim.xpGiven ?? 0;
  const f = victim.fighter;
  const xp = (f?.maxHp ?? 0) + (f?.power ?? 0) + (f?.defense ?? 0) - p.xpPerKill.levelFactor * killerLevel;
  return Math.max(0, xp);
}

/**
 * After an action: each non-player death gives the player XP (only those
 * the player dealt, where the rules say `own_kills`). Returns the events
 * with the XP filled into each death and what it earned after it.
 */
export function settleDeaths(state: GameState, rules: Rules, events: readonly GameEvent[]): GameEvent[] {
  const player = playerOf(state);
  const level = player.level;
  if (!level) return [...events];
  const p = rules.progression;
  const out: GameEvent[] = [];
  for (const e of events) {
    if (e.type !== "died" || e.entityId === player.id) {
      out.push(e);
      continue;
    }
    const victim = state.entities.find((x) => x.id === e.entityId);
    // Where only the destroyer gains experience, a death the player did not deal is worth nothing to them.
    const theirs = p.xpFor !== "own_kills" || e.by === player.id;
    const xp = victim && theirs ? xpForKill(p, victim, level.current) : 0;
    out.push({ ...e, xp });
    if (xp <= 0) continue;
    const before = levelsEarned(p, level);
    level.xp += xp;
    out.push({ type: "xp_gained", entityId: player.id, amount: xp });
    const after = levelsEarned(p, level);
    for (let k = before + 1; k <= after; k++) {
      out.push({ type: "level_advanced", entityId: player.id, name: player.name, level: level.current + k });
    }
  }
  return out;
}

/**
 * Takes one earned level with the choice at `index` (no turn passes):
 * the level goes up, XP is reduced if the rules say so, the stats rise.
 */
export function chooseLevelUp(state: GameState, rules: Rules, index: number): GameEvent[] {
  const player = playerOf(state);
  const p = rules.progression;
  const choice = p.choices[index];
  const { level, fighter } = player;
  if (!choice || !level || !fighter || levelsEarned(p, level) === 0) return [];
  if (p.xpAfterLevelUp === "reduce") level.xp -= threshold(p, level.current);
  level.current++;
  const r = choice.raise;
  fighter.maxHp += r.maxHp ?? 0;
  fighter.power += r.power ?? 0;
  fighter.defense += r.defense ?? 0;
  player.sight = (player.sight ?? rules.sightRadius) + (r.sight ?? 0);
  const heal = (r.hp ?? 0) + p.healOnLevelUpPerLevel * level.current;
  fighter.hp = Math.max(0, Math.min(fighter.maxHp, fighter.hp + heal));
  // Keener eyes see further at once.
  if (r.sight) updateVisibility(state.map, player, sightOf(player, rules));
  return [{ type: "level_chosen", entityId: player.id, message: choice.message }];
}
