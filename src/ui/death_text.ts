/**
 * How a death reads: "killed by an Orc", "burned to death". Used by the
 * game-over screen, the morgue file, the high scores and the simulator.
 *
 * @module
 */
import { type Chronicle, type DeathCause, type Rules, withArticle } from "../engine/mod.ts";

/** The cause of death as a phrase that follows "You were …" or stands alone. */
export function deathText(cause: DeathCause): string {
  switch (cause.kind) {
    case "melee":
      return `killed by ${withArticle(cause.by)}`;
    case "fire":
      return "burned to death";
    case "lightning":
      return "struck by lightning";
    case "bolt":
      return "struck by a bolt";
    case "thrown":
      return `killed by ${withArticle(cause.by)}`;
    case "status":
      // A status's name is how one is while under it ("Poisoned"): "died while poisoned".
      return `died while ${cause.by.toLowerCase()}`;
    case "unknown":
      return "died";
  }
}

/**
 * How a game that ended ended, for the scores and the morgue file: out of
 * the dungeon with the goal item or without it (docs/rules.md, A goal), or
 * the death; undefined while it goes on.
 */
export function endText(chronicle: Chronicle, rules: Rules): string | undefined {
  if (chronicle.escaped === "won") {
    const goal = rules.goal ? rules.templates[rules.goal.item]?.name : undefined;
    return goal ? `escaped with the ${goal}` : "escaped the dungeon";
  }
  if (chronicle.escaped === "left") return "left the dungeon";
  return chronicle.death ? deathText(chronicle.death) : undefined;
}
