/**
 * The words of the panel and the character window, as the data says them
 * (docs/rules.md, Screen layout; Windows), and the player's figures that
 * fill their `{placeholders}`.
 *
 * @module
 */
import {
  attackOf,
  damageDiceOf,
  defenseOf,
  formatTemplate,
  type GameState,
  MAX_LEVEL,
  parseDice,
  playerOf,
  type Rules,
  sightOf,
  threshold,
  xpForNextLevel,
} from "../engine/mod.ts";

/** A side-panel figure line: one text, or two sharing the row. */
export type FigureLine = string | readonly [string, string];

/** Where the panel under the map puts its HP bar and lines, in the 80x50 panel. */
export interface BelowPanelTexts {
  readonly x: number;
  readonly barRow: number;
  readonly linesRow: number;
  readonly lines: readonly string[];
}

/** What the panels and the character window say. */
export interface ScreenTexts {
  readonly panel: {
    readonly hp: string;
    readonly below: BelowPanelTexts;
    readonly side: {
      readonly lines: readonly FigureLine[];
      readonly slot: string;
      readonly emptySlot: string;
      /** The monsters list's health words, each from a share of HP on. */
      readonly health: readonly { readonly from: number; readonly word: string }[];
      /** "and {count} more". */
      readonly more: string;
      /** The monsters list's word for a monster asleep by its mind. */
      readonly asleep: string;
      /** Look mode's line for a monster asleep by its mind. */
      readonly asleepLook: string;
    };
  };
  readonly character: {
    readonly title: string;
    readonly lines: readonly string[];
    readonly unlimitedSight: string;
    readonly maxLevel: string;
  };
}

/** A number as the windows show it: whole, or with two decimals. */
function shown(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

/**
 * `dice` with `add` folded into its constant, as one sum is written: `1d10+1` and 4 make `1d10+5`, `1d4` and
 * -1 `1d4-1`, `1d6+2` and -2 `1d6`; dice that do not parse keep `add` written after them.
 */
export function diceWithBonus(dice: string, add: number): string {
  const parsed = parseDice(dice);
  const signed = (n: number) => (n === 0 ? "" : `${n > 0 ? "+" : ""}${n}`);
  if (!parsed) return `${dice}${signed(add)}`;
  const bonus = parsed.bonus + add;
  return parsed.count === 0 ? String(bonus) : `${parsed.count}d${parsed.sides}${signed(bonus)}`;
}

/** What a blow does: the damage dice and the attack added to them where combat is rolled ("1d6+2"), else the attack. */
function attackText(state: GameState, rules: Rules): string {
  const player = playerOf(state), attack = attackOf(player, rules);
  const dice = rules.combat ? damageDiceOf(player) : undefined;
  if (dice === undefined) return String(attack);
  return diceWithBonus(dice, attack);
}

/** The player's figures, by placeholder name. */
export function statValues(
  state: GameState,
  rules: Rules,
  words: Pick<ScreenTexts["character"], "unlimitedSight" | "maxLevel">,
): Record<string, string | number> {
  const player = playerOf(state);
  const level = player.level ?? { current: 1, xp: 0 };
  const sight = sightOf(player, rules);
  return {
    hp: player.fighter?.hp ?? 0,
    max_hp: player.fighter?.maxHp ?? 0,
    level: level.current,
    xp: shown(level.xp),
    // The XP at which the next level comes, whichever way the rules compare: never one the player has reached.
    next_xp: level.current >= MAX_LEVEL
      ? words.maxLevel
      : shown(xpForNextLevel(rules.progression, level.current)),
    // The threshold itself, as the TCOD and ROT.js tutorials print it (under ">" XP must pass it).
    threshold: level.current >= MAX_LEVEL
      ? words.maxLevel
      : shown(threshold(rules.progression, level.current)),
    attack: attackText(state, rules),
    defense: defenseOf(player, rules),
    sight: sight === 0 ? words.unlimitedSight : sight,
    depth: state.floor,
    turn: state.turn,
    seed: state.seed,
  };
}

/** Each of `texts` with the player's figures filled in. */
export function fillStats(
  texts: readonly string[],
  values: Readonly<Record<string, string | number>>,
): string[] {
  return texts.map((text) => formatTemplate(text, values));
}
