/**
 * Checks of the combat words that span fields or files: random dice only
 * where game.json rolls combat, and a to-hit range that is one
 * (docs/rules.md, Combat rolls).
 *
 * @module
 */
import { isRandomDice } from "../engine/mod.ts";
import type { Labels } from "./data_files.ts";
import type { GameConfig, TemplateConfig } from "./schemas.ts";

/** Each dice a template writes, with its JSON path. */
function diceOf(id: string, t: TemplateConfig): [string, string][] {
  const found: [string, string | undefined][] = [
    [`$.${id}.fighter.damage`, t.fighter?.damage],
    [`$.${id}.equippable.damage`, t.equippable?.damage],
    [`$.${id}.item.thrown.damage`, t.item?.thrown?.damage],
  ];
  return found.filter((entry): entry is [string, string] => entry[1] !== undefined);
}

/** Every problem of the combat words, for the files that parsed. */
export function combatProblems(
  labels: Labels,
  game: GameConfig | undefined,
  entities: Readonly<Record<string, TemplateConfig>> | undefined,
): string[] {
  const problems: string[] = [];
  const toHit = game?.combat?.toHit;
  if (toHit && toHit.min > toHit.max) {
    problems.push(
      `${labels.game}: $.combat.toHit.max: expected at least min (${toHit.min}), found ${toHit.max}`,
    );
  }
  // Without $.combat there is no rolls stream: the rule set plays with no draws in combat at all.
  if (game && entities && !game.combat) {
    for (const [id, t] of Object.entries(entities)) {
      for (const [path, dice] of diceOf(id, t)) {
        if (isRandomDice(dice)) {
          problems.push(
            `${labels.entities}: ${path}: expected a plain number unless ${labels.game} has $.combat ` +
              `(which rolls dice), found "${dice}"`,
          );
        }
      }
    }
  }
  return problems;
}
