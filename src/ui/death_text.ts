/**
 * How a death reads: "killed by an Orc", "burned to death". Used by the
 * game-over screen, the morgue file, the high scores and the simulator.
 *
 * @module
 */
import { type DeathCause, withArticle } from "../engine/mod.ts";

/** The cause of death as a phrase that follows "You were …" or stands alone. */
export function deathText(cause: DeathCause): string {
  switch (cause.kind) {
    case "melee":
      return `killed by ${withArticle(cause.by)}`;
    case "fire":
      return "burned to death";
    case "lightning":
      return "struck by lightning";
    case "status":
      return `killed by ${cause.by.toLowerCase()}`;
    case "unknown":
      return "died";
  }
}
