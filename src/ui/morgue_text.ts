/**
 * The morgue file: a game's story in plain text, written at death, when a
 * game is abandoned for a new one (or on request from the character
 * window): who, where, what killed them, their stats, gear and pack, what
 * they killed, their last messages, and the map.
 *
 * @module
 */
import {
  DEFAULT_SLOTS,
  displayText,
  type GameState,
  isGameOver,
  itemName,
  playerOf,
  type Rules,
  scoreOf,
  totalKills,
  wornIn,
} from "../engine/mod.ts";
import { printable } from "../text/mod.ts";
import { asciiMap } from "./ascii_map.ts";
import { characterLines } from "./character_screen.ts";
import { endText } from "./death_text.ts";
import { inventoryLines } from "./inventory_screen.ts";
import { statusLines } from "./panel.ts";
import type { Theme } from "./theme.ts";

/** How many of the last messages the file repeats. */
export const MORGUE_MESSAGES = 20;

/** Who wrote the file, and when. */
export interface MorgueInfo {
  readonly version: string;
  readonly now: Date;
  /** The player gave the game up for a new one (alive, the game over all the same). */
  readonly abandoned?: boolean;
  /** A daily game: its date, and whether it was scored. */
  readonly daily?: { readonly date: string; readonly scored: boolean };
  /** The seed is hidden until the game ends. */
  readonly hideSeed?: boolean;
}

/** The background the game started with, in a line of its own (docs/rules.md, Backgrounds); none: no line. */
function backgroundLine(state: GameState, rules: Rules): string[] {
  const background = rules.backgrounds?.find((b) => b.id === state.background);
  return background ? [`Background: ${background.name} (${background.description})`] : [];
}

const indent = (lines: readonly string[]) => lines.map((l) => `  ${l}`);

/** "2026-11-21 09:30:12 UTC". */
export function utcStamp(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/**
 * The morgue file's text for `state`, dead or alive. Each line is made
 * printable: names and messages come from files, and someone will `cat` it.
 */
export function morgueText(state: GameState, rules: Rules, theme: Theme, info: MorgueInfo): string {
  const player = playerOf(state);
  const { chronicle } = state;
  const hp = player.fighter;
  const ended = endText(chronicle, rules);
  const fate = chronicle.escaped
    ? `${chronicle.escaped === "won" ? "Won: " : ""}${capitalize(ended!)} after ${turns(state.turn)}.`
    : ended
    ? `${capitalize(ended)} on dungeon level ${state.floor} after ${turns(state.turn)}.`
    : `${info.abandoned ? "Abandoned" : "Alive"} on dungeon level ${state.floor} after ${turns(state.turn)}.`;
  const gear = (rules.equipmentSlots ?? DEFAULT_SLOTS).map((slot) => {
    const worn = wornIn(player, slot);
    return `${capitalize(slot.replaceAll("_", " "))}: ${worn ? itemName(state, rules, worn) : "(none)"}`;
  });
  const pack = player.inventory;
  const kills = [...chronicle.kills].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const byFloor = chronicle.killsByFloor.map((n, f) => `${f + 1}: ${n}`).join(", ");
  const messages = state.log.slice(-MORGUE_MESSAGES).map(displayText);
  return [
    `Delve ${info.version} morgue file, written ${utcStamp(info.now)}`,
    "",
    // A dead player's name is their remains': the template keeps the living one.
    `${rules.templates[player.template]?.name ?? player.name}, seed ${
      info.hideSeed && !isGameOver(state) ? "hidden until the game ends" : state.seed
    }`,
    // Only for a game that chose one: the tutorial's rule sets have none, and their files read as before.
    ...backgroundLine(state, rules),
    fate,
    ...(info.daily
      ? [`Daily game of ${info.daily.date}${info.daily.scored ? "" : " (played unscored)"}`]
      : []),
    `Score: ${scoreOf(state, rules.score, rules.goal)}`,
    "",
    "Character",
    ...indent([
      `HP: ${hp?.hp ?? 0}/${hp?.maxHp ?? 0}`,
      ...characterLines(state, rules, theme.texts.character).filter((line) => line !== ""),
      `XP earned in all: ${chronicle.xpEarned}`,
      // Only when under any: the tutorial's rule sets have none, and their files read as before.
      ...(player.statuses ? [`Statuses: ${statusLines({ state, rules }, Infinity, 1)[0]}`] : []),
    ]),
    "",
    "Equipment",
    ...indent(gear),
    "",
    `Inventory (${pack?.items.length ?? 0} of ${pack?.capacity ?? 0})`,
    ...indent(inventoryLines(state, rules)),
    "",
    `Kills: ${totalKills(chronicle)}`,
    ...indent(kills.map((k) => `${String(k.count).padStart(4)}  ${k.name}`)),
    ...(byFloor ? indent([`By dungeon level: ${byFloor}`]) : []),
    "",
    `Last ${messages.length === 1 ? "message" : `${messages.length} messages`}`,
    ...indent(messages),
    "",
    `Dungeon level ${state.floor}`,
    ...indent(asciiMap(state, theme)),
    "",
  ].map((l) => printable(l.trimEnd())).join("\n");
}

function turns(n: number): string {
  return n === 1 ? "1 turn" : `${n} turns`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
