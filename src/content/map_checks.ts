/**
 * Checks of the map words (docs/rules.md, Map kinds; Vaults): floor plans in
 * order whose numbers make a floor, and vaults that fit the map and name
 * characters and templates that exist.
 *
 * @module
 */
import { cellularCave, countOpen, Rng } from "../engine/mod.ts";
import { foundTemplate, jsonPath } from "./problems.ts";
import type { GameConfig, TemplateConfig } from "./schemas.ts";

/** The fewest floor cells a cave must make: room for a start, stairs and a little more. */
export const MIN_CAVE_FLOOR = 10;
/** Seeds a cave's numbers are tried with before the game starts. */
const TRIAL_SEEDS = 4;
/** The smallest side a cave or mixed floor may have. */
export const MIN_CAVE_SIDE = 8;

function planProblems(label: string, game: GameConfig): string[] {
  const problems: string[] = [];
  const { width, height } = game.map;
  (game.map.floors ?? []).forEach((plan, i) => {
    const where = `${label}: $.map.floors[${i}]`;
    const previous = game.map.floors![i - 1];
    if (previous && plan.from <= previous.from) {
      problems.push(
        `${where}.from: expected a floor above ${previous.from} (plans in ascending order), found ${plan.from}`,
      );
    }
    if (plan.generator === "rooms") return;
    if (Math.min(width, height) < MIN_CAVE_SIDE) {
      problems.push(
        `${where}.generator: expected a map at least ${MIN_CAVE_SIDE}x${MIN_CAVE_SIDE} for ${plan.generator}, ` +
          `found ${width}x${height}`,
      );
      return;
    }
    // Whether the numbers make a floor is found by trying them: the automaton's outcome has no formula.
    let fewest = Infinity;
    for (let seed = 1; seed <= TRIAL_SEEDS; seed++) {
      fewest = Math.min(fewest, countOpen(cellularCave({ width, height, ...plan }, Rng.fromSeed(seed))));
    }
    if (plan.generator === "caves" && fewest < MIN_CAVE_FLOOR) {
      problems.push(
        `${where}: expected cave numbers that make a connected floor of at least ${MIN_CAVE_FLOOR} cells ` +
          `(tried ${TRIAL_SEEDS} seeds), found one of ${fewest} with fill ${plan.fill}, smoothing ` +
          `${plan.smoothing}, birth ${plan.birth}, survive ${plan.survive}`,
      );
    }
  });
  return problems;
}

function vaultProblems(
  label: string,
  entitiesLabel: string,
  game: GameConfig,
  entities: Readonly<Record<string, TemplateConfig>> | undefined,
): string[] {
  const problems: string[] = [];
  const { width, height } = game.map;
  const ids = new Set<string>();
  (game.vaults ?? []).forEach((vault, i) => {
    const where = `${label}: $.vaults[${i}]`;
    if (ids.has(vault.id)) {
      problems.push(`${where}.id: expected an id no other vault uses, found "${vault.id}"`);
    }
    ids.add(vault.id);
    if (vault.to !== undefined && vault.to < vault.from) {
      problems.push(`${where}.to: expected at least from (${vault.from}), found ${vault.to}`);
    }
    const w = vault.rows[0].length, h = vault.rows.length;
    vault.rows.forEach((row, r) => {
      if (row.length !== w) {
        problems.push(`${where}.rows[${r}]: expected ${w} characters as rows[0] has, found ${row.length}`);
      }
      const unknown = [...row].find((ch) => !"#.+".includes(ch) && !Object.hasOwn(vault.legend, ch));
      if (unknown !== undefined) {
        problems.push(
          `${where}.rows[${r}]: expected characters of the legend ("#", ".", "+" or one in $.vaults[${i}].legend), ` +
            `found "${unknown}" at column ${row.indexOf(unknown)}`,
        );
      }
    });
    if (w > width - 2 || h > height - 2) {
      problems.push(
        `${where}.rows: expected a vault of at most ${width - 2}x${
          height - 2
        } (inside the ${width}x${height} ` +
          `map's outer wall), found ${w}x${h}`,
      );
    }
    if (!entities) return;
    for (const [ch, cell] of Object.entries(vault.legend)) {
      if (typeof cell !== "object" || !("template" in cell)) continue;
      const t = entities[cell.template];
      const at = `${label}: ${jsonPath(["vaults", i, "legend", ch, "template"])}`;
      if (!t) {
        problems.push(
          `${at}: expected a template from ${entitiesLabel}, found ${foundTemplate(cell.template, entities)}`,
        );
      } else if (!(t.fighter && t.ai) && !(t.item || t.equippable)) {
        problems.push(`${at}: expected a monster (fighter and ai) or an item, found "${cell.template}"`);
      }
    }
  });
  return problems;
}

/** Every problem of the map words in `game`. */
export function mapProblems(
  label: string,
  entitiesLabel: string,
  game: GameConfig,
  entities: Readonly<Record<string, TemplateConfig>> | undefined,
): string[] {
  return [...planProblems(label, game), ...vaultProblems(label, entitiesLabel, game, entities)];
}
