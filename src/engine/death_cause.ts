/**
 * What dealt a death, read from the events of the action or phase it came
 * in: the last blow, shot, blast, bolt, throw or status damage that reached
 * the dead before it died. The chronicle keeps the player's; rules that
 * name their causes say them in a monster's death line
 * (docs/rules.md, Combat and death).
 *
 * @module
 */
import type { GameEvent } from "./events.ts";

/** What dealt an actor's last blow. */
export type DeathCause =
  /** A blow or a shot; `by` is who dealt it. */
  | { readonly kind: "melee"; readonly by: string }
  | { readonly kind: "lightning" }
  | { readonly kind: "fire" }
  /** A wand's or a scroll's bolt. */
  | { readonly kind: "bolt" }
  /** A thrown item; `by` is its name. */
  | { readonly kind: "thrown"; readonly by: string }
  /** The damage a status does each turn (`by` is the status's name). */
  | { readonly kind: "status"; readonly by: string }
  | { readonly kind: "unknown" };

/** The kinds of cause, in the order the data lists their words. */
export const DEATH_CAUSE_KINDS = [
  "melee",
  "lightning",
  "fire",
  "bolt",
  "thrown",
  "status",
  "unknown",
] as const;

/** What killed `victimId`, whose death is `events[upTo]`: the last harm done to it before. */
export function deathCauseOf(events: readonly GameEvent[], upTo: number, victimId: number): DeathCause {
  for (let i = upTo; i >= 0; i--) {
    const e = events[i];
    switch (e.type) {
      // A shot kills as a blow does: "killed by the archer".
      case "attacked":
        if (e.targetId === victimId) return { kind: "melee", by: e.attacker };
        break;
      case "shot":
        if (e.targetId === victimId && !e.missed) return { kind: "melee", by: e.attacker };
        break;
      case "engulfed":
        if (e.targetId === victimId) return { kind: "fire" };
        break;
      case "burned":
        if (e.entityId === victimId) return { kind: "fire" };
        break;
      case "lightning":
        if (e.targetId === victimId) return { kind: "lightning" };
        break;
      case "bolt_hit":
        if (e.targetId === victimId) return { kind: "bolt" };
        break;
      case "thrown_hit":
        if (e.targetId === victimId && e.damage !== undefined) return { kind: "thrown", by: e.item };
        break;
      case "status_hurt":
        if (e.entityId === victimId) return { kind: "status", by: e.status };
        break;
    }
  }
  return { kind: "unknown" };
}
