/**
 * The story of a game, kept as it happens for the morgue file, the high
 * scores and the simulator's report: what was killed where, the XP earned
 * in all, and what killed the player.
 *
 * @module
 */
import { type DeathCause, deathCauseOf } from "./death_cause.ts";
import type { GameEvent } from "./events.ts";

export type { DeathCause };

/** One kind of monster killed, by its name when alive. */
export interface KillCount {
  readonly name: string;
  count: number;
}

/** The running story of one game. */
export interface Chronicle {
  /** Monsters that died, by name, in the order each was first killed. */
  kills: KillCount[];
  /** Monsters that died on each floor (index 0 is floor 1). */
  killsByFloor: number[];
  /** All the XP the player earned, whatever levelling later took away. */
  xpEarned: number;
  /** What killed the player, once they have died (the floor and turn are the state's last). */
  death?: DeathCause;
  /**
   * How the player left the dungeon by floor 1's up stairs, once they have
   * (docs/rules.md, A goal): `won` carrying the goal item, `left` without it.
   */
  escaped?: "won" | "left";
}

/** The chronicle of a game not yet played. */
export function emptyChronicle(): Chronicle {
  return { kills: [], killsByFloor: [], xpEarned: 0 };
}

/**
 * Adds settled `events` (deaths with their XP) to `chronicle`. Every
 * non-player death counts as a kill, as it gives the player its XP; with
 * `ownKillsOnly` (the rules' `"killsCounted": "own_kills"`) only the
 * deaths the player dealt do.
 */
export function chronicleEvents(
  chronicle: Chronicle,
  events: readonly GameEvent[],
  where: { readonly playerId: number; readonly floor: number },
  ownKillsOnly = false,
): void {
  events.forEach((e, i) => {
    if (e.type === "xp_gained") chronicle.xpEarned += e.amount;
    if (e.type !== "died") return;
    if (e.entityId === where.playerId) {
      chronicle.death ??= deathCauseOf(events, i, where.playerId);
      return;
    }
    if (ownKillsOnly && e.by !== where.playerId) return;
    const f = where.floor - 1;
    for (let k = chronicle.killsByFloor.length; k <= f; k++) chronicle.killsByFloor.push(0);
    chronicle.killsByFloor[f]++;
    const known = chronicle.kills.find((k) => k.name === e.name);
    if (known) known.count++;
    else chronicle.kills.push({ name: e.name, count: 1 });
  });
}

/** How many monsters died in all. */
export function totalKills(chronicle: Chronicle): number {
  return chronicle.kills.reduce((sum, k) => sum + k.count, 0);
}
