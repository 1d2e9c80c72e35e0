/**
 * Resting (docs/rules.md, Resting): a behaviour (behavior.ts) that waits a
 * turn at a time until the player is healed (or, given a count, for that
 * many turns), and stops, saying why, when a monster comes into view, the
 * player is hurt, or a status they are under ends. It does not start with a
 * monster in view, nor when waiting would heal nothing. The data's words
 * narrow both (`walks.restNearOnly`, `walks.restThroughStatuses`).
 *
 * @module
 */
import { type Behavior, type BehaviorStep, MAX_WALK_STEPS } from "./behavior.ts";
import type { Entity } from "../entity.ts";
import type { Rules } from "../rules.ts";
import { regenerationOf } from "../time.ts";
import { type GameState, playerOf } from "../state.ts";
import { monstersInView } from "./travel.ts";
import { monstersThatCanReach } from "./reach.ts";
import type { WalkWords } from "./behavior.ts";

/** A rest: until healed, or for `turns` turns. */
export interface Rest {
  readonly kind: "rest";
  readonly turns?: number;
}

/** True when waiting heals `e`: it regenerates, or a status it is under heals it. */
function heals(e: Entity, rules: Rules): boolean {
  if (regenerationOf(e, rules) !== undefined) return true;
  return (e.statuses ?? []).some((s) => (rules.statuses?.[s.id]?.healPerTurn ?? 0) > 0);
}

/** True when a status `e` is under hurts it each turn (its damage does not stop a rest). */
function poisoned(e: Entity, rules: Rules): boolean {
  return (e.statuses ?? []).some((s) => (rules.statuses?.[s.id]?.damagePerTurn ?? 0) > 0);
}

/**
 * The rest `rest` as a behaviour, from the state as it begins; `words` (the
 * data's `walks`) say which monsters it heeds and whether a status ending
 * stops it.
 */
export function restBehavior(rules: Rules, rest: Rest, words: WalkWords = {}): Behavior {
  return new RestBehavior(
    rules,
    Math.min(rest.turns ?? MAX_WALK_STEPS, MAX_WALK_STEPS),
    rest.turns !== undefined,
    words,
  );
}

class RestBehavior implements Behavior {
  #steps = 0;
  #hp = 0;
  /** The statuses the player was under before the last wait, by id. */
  #statuses: readonly string[] = [];
  /** True when a status hurt the player each turn before the last wait. */
  #poisoned = false;

  constructor(
    readonly rules: Rules,
    readonly turns: number,
    readonly counted: boolean,
    readonly words: WalkWords,
  ) {}

  next(state: GameState): BehaviorStep {
    const player = playerOf(state);
    const fighter = player.fighter;
    const seen = this.words.restNearOnly ? monstersThatCanReach(state, this.rules) : monstersInView(state);
    if (seen.length > 0) {
      // Not begun: the monsters were there before the key, so they are not news but the reason.
      return { stop: { reason: this.#steps === 0 ? "in_view" : "monster", names: seen.map((e) => e.name) } };
    }
    if (!fighter) return { stop: { reason: "end" } };
    if (this.#steps > 0) {
      const now = new Set((player.statuses ?? []).map((s) => s.id));
      const ended = this.#statuses.filter((id) => !now.has(id));
      // A rest until healed is about HP: a status ending (a poison worn off) is no reason to stop it there.
      const heeded = this.counted || !this.words.restThroughStatuses;
      if (heeded && ended.length > 0) {
        return {
          stop: { reason: "status", names: ended.map((id) => this.rules.statuses?.[id]?.name ?? id) },
        };
      }
      // A poison's last tick hurts as it ends: the poison, not a new blow, took that HP.
      const dotted = this.#poisoned || poisoned(player, this.rules);
      if (fighter.hp < this.#hp && !dotted) return { stop: { reason: "hurt" } };
    }
    const healed = fighter.hp >= fighter.maxHp;
    if (this.#steps >= this.turns || (!this.counted && healed)) return { stop: { reason: "rested" } };
    if (!this.counted && !heals(player, this.rules)) return { stop: { reason: "cannot_rest" } };
    this.#hp = fighter.hp;
    this.#statuses = (player.statuses ?? []).map((s) => s.id);
    this.#poisoned = poisoned(player, this.rules);
    this.#steps++;
    return { act: { type: "wait" } };
  }
}
