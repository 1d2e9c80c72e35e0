/**
 * Dice as the data writes them: `"2d4+1"`, `"1d6"`, `"d8-1"` or a plain
 * number `"3"` (docs/rules.md, Dice). Parsed where they are rolled; the
 * content checks every one as it loads, so a bad one never reaches a roll.
 *
 * @module
 */
import type { Rng } from "./rng.ts";

/** Dice parsed: `count` dice of `sides` sides, plus `bonus`. */
export interface Dice {
  readonly count: number;
  readonly sides: number;
  readonly bonus: number;
}

/** The most dice, sides and bonus a data set may write: enough for any game, small enough to add safely. */
export const DICE_LIMITS = { count: 100, sides: 1000, bonus: 10_000 } as const;

const FORM = /^(?:(\d{0,3})d(\d{1,4})([+-]\d{1,5})?|(-?\d{1,5}))$/;

/** `text` as dice, or undefined when it is not dice within {@link DICE_LIMITS}. */
export function parseDice(text: string): Dice | undefined {
  const match = FORM.exec(text);
  if (!match) return undefined;
  const [, count, sides, bonus, constant] = match;
  const dice = constant !== undefined
    ? { count: 0, sides: 1, bonus: Number(constant) }
    : { count: count === "" ? 1 : Number(count), sides: Number(sides), bonus: Number(bonus ?? 0) };
  if (constant === undefined && (dice.count < 1 || dice.sides < 1)) return undefined;
  if (dice.count > DICE_LIMITS.count || dice.sides > DICE_LIMITS.sides) return undefined;
  if (Math.abs(dice.bonus) > DICE_LIMITS.bonus) return undefined;
  return dice;
}

/** True when rolling `text` draws anything: some die has more than one side. */
export function isRandomDice(text: string): boolean {
  const dice = parseDice(text);
  return dice !== undefined && dice.count > 0 && dice.sides > 1;
}

/** The least and most `text` can roll. */
export function diceRange(text: string): { readonly min: number; readonly max: number } {
  const d = parseDice(text) ?? { count: 0, sides: 1, bonus: 0 };
  return { min: d.count + d.bonus, max: d.count * d.sides + d.bonus };
}

/**
 * Rolls `text` with `rng`: one draw a die with more than one side, none for
 * a plain number (so constant dice never touch the RNG).
 */
export function rollDice(text: string, rng: Rng | undefined): number {
  const dice = parseDice(text);
  if (!dice) throw new Error(`not dice: ${text}`);
  let total = dice.bonus;
  for (let k = 0; k < dice.count; k++) {
    if (dice.sides === 1) total += 1;
    else if (!rng) throw new Error(`rolling ${text} needs the rolls stream`);
    else total += rng.int(1, dice.sides);
  }
  return total;
}
