/**
 * How a death reads: "killed by an Orc", "burned to death". Used by the
 * game-over screen, the morgue file, the high scores and the simulator.
 *
 * @module
 */
import type { DeathCause } from "../engine/mod.ts";

/** `name` with "a" or "an" before it. */
export function withArticle(name: string): string {
  return /^[aeiou]/i.test(name) ? `an ${name}` : `a ${name}`;
}

/** The cause of death as a phrase that follows "You were …" or stands alone. */
export function deathText(cause: DeathCause): string {
  switch (cause.kind) {
    case "melee":
      return `killed by ${withArticle(cause.by)}`;
    case "fire":
      return "burned to death";
    case "lightning":
      return "struck by lightning";
    case "unknown":
      return "died";
  }
}
