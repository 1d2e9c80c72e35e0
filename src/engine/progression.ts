/**
 * Experience and levels, by the rules' curve (docs/rules.md, Experience and levels): how much XP a kill
 * gives, when the next level is reached, and what a level-up choice raises.
 * A level rises when its choice is made, or, where the rules say
 * `levelRisesAt: "kill"`, at once at the kill, with its heal, the choice
 * then raising only its stats.
 *
 * @module
 */
import type { Entity, Fighter, Level } from "./entity.ts";
import type { GameEvent } from "./events.ts";
import type { Progression, Rules } from "./rules.ts";
import { updateVisibility } from "./game_map.ts";
import { MAX_LEVEL } from "./limits.ts";
import { type GameState, playerOf } from "./state.ts";
import { sightOf } from "./stats.ts";

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

/** How many level-up choices `level` has to make: levels earned not yet taken, or taken at the kill and not yet chosen. */
export function choicesOwed(p: Progression, level: Level): number {
  return p.levelRisesAt === "kill" ? level.choices ?? 0 : levelsEarned(p, level);
}

/** True when the player has a level-up to choose. */
export function levelUpPending(state: GameState, rules: Rules): boolean {
  const level = playerOf(state).level;
  return level !== undefined && choicesOwed(rules.progression, level) > 0;
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
    if (xp > 0 && p.levelRisesAt === "kill") {
      // The level rises inside the destruction, which is logged after it ("advanced to level 2." then "dies").
      level.xp += xp;
      out.push({ type: "xp_gained", entityId: player.id, amount: xp });
      riseAtOnce(player, p, out);
      out.push({ ...e, xp });
      continue;
    }
    out.push({ ...e, xp });
    if (xp <= 0) continue;
    const before = levelsEarned(p, level);
    level.xp += xp;
    out.push({ type: "xp_gained", entityId: player.id, amount: xp });
    // Where the rules tell a level at the check before the next turn, it is told there (finishTurn).
    if (p.levelToldAt === "next_turn") continue;
    const after = levelsEarned(p, level);
    for (let k = before + 1; k <= after; k++) {
      out.push({ type: "level_advanced", entityId: player.id, name: player.name, level: level.current + k });
    }
  }
  return out;
}

/** The levels the player's XP has earned and not yet taken, one `level_advanced` each. */
export function levelsToTell(state: GameState, rules: Rules): GameEvent[] {
  const player = playerOf(state), level = player.level;
  if (!level) return [];
  const earned = levelsEarned(rules.progression, level);
  return Array.from({ length: earned }, (_, k) => ({
    type: "level_advanced" as const,
    entityId: player.id,
    name: player.name,
    level: level.current + k + 1,
  }));
}

/**
 * Where levels rise at the kill: takes every level the XP has earned now,
 * one after the other, each healing by the new level at once and owing a
 * choice, so a later kill in the same turn is credited at the new level.
 */
function riseAtOnce(player: Entity, p: Progression, out: GameEvent[]): void {
  const { level, fighter } = player;
  if (!level) return;
  while (levelsEarned(p, level) > 0) {
    if (p.xpAfterLevelUp === "reduce") level.xp -= threshold(p, level.current);
    level.current++;
    level.choices = (level.choices ?? 0) + 1;
    out.push({ type: "level_advanced", entityId: player.id, name: player.name, level: level.current });
    if (fighter) heal(fighter, p.healOnLevelUpPerLevel * level.current);
  }
}

function heal(fighter: Fighter, amount: number): void {
  fighter.hp = Math.max(0, Math.min(fighter.maxHp, fighter.hp + amount));
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
  if (!choice || !level || !fighter || choicesOwed(p, level) === 0) return [];
  const risenAlready = p.levelRisesAt === "kill";
  if (risenAlready) {
    // Absent rather than 0, so a game without choices owed saves as it did.
    if ((level.choices ?? 1) > 1) level.choices = (level.choices ?? 1) - 1;
    else delete level.choices;
  } else {
    if (p.xpAfterLevelUp === "reduce") level.xp -= threshold(p, level.current);
    level.current++;
  }
  const r = choice.raise;
  fighter.maxHp += r.maxHp ?? 0;
  fighter.power += r.power ?? 0;
  fighter.defense += r.defense ?? 0;
  player.sight = (player.sight ?? rules.sightRadius) + (r.sight ?? 0);
  // Where the level rose at the kill, its heal came with it.
  heal(fighter, (r.hp ?? 0) + (risenAlready ? 0 : p.healOnLevelUpPerLevel * level.current));
  // Keener eyes see further at once.
  if (r.sight) updateVisibility(state.map, player, sightOf(player, rules));
  return [{ type: "level_chosen", entityId: player.id, message: choice.message }];
}
