/**
 * One bot game, played headless, and what the balance report needs of it.
 *
 * @module
 */
import { record, type Recording } from "../../store/mod.ts";
import type { Content } from "../../content/mod.ts";
import {
  Bot,
  type Command,
  type GameState,
  isGameOver,
  type KillCount,
  knownEscape,
  newGame,
  playCommand,
  playerOf,
} from "../../engine/mod.ts";
import { deathText } from "../../ui/mod.ts";

/** The attacks of one kind of monster on the bot: how many, how many landed, the damage in all. */
export interface AttackTally {
  readonly attacks: number;
  readonly hits: number;
  readonly damage: number;
}

/** The bot's level and HP are sampled every this many turns, for the report's curves. */
export const SAMPLE_TURNS = 100;

/** How one game went. */
export interface GameResult {
  readonly seed: number;
  /** The background the bot started with (docs/rules.md, Backgrounds); absent: none, the template's start. */
  readonly background?: string;
  /** The deepest floor reached. */
  readonly depth: number;
  /** The floor the game ended on (where the bot died, or 1 for a winner). */
  readonly endFloor: number;
  readonly turns: number;
  readonly level: number;
  /**
   * "killed by an Orc", "burned to death", "won: escaped with the Amulet", "left the dungeon", or
   * "alive" when the turns ran out.
   */
  readonly end: string;
  /** True when the bot died (not won, left or ran out of turns). */
  readonly died: boolean;
  /** True when the game was still going at the turn limit (its floor is endFloor, its turn turns). */
  readonly turnLimit: boolean;
  /** For a death: the true name of a thing in the pack the bot knew would heal or save it, unused. */
  readonly unusedEscape?: string;
  /** For a death: true when the bot was fleeing (walking away to the stairs) at the blow. */
  readonly diedFleeing: boolean;
  /** Monsters killed on each floor (index 0 is floor 1). */
  readonly kills: number[];
  /** The turn the bot first stood on each floor (index 0 is floor 1, turn 0), for each floor reached. */
  readonly arrivals: number[];
  /** Monsters killed, by name. */
  readonly killsByMonster: readonly KillCount[];
  /** The blows and shots each kind of monster aimed at the bot, by name, and the damage they did in all. */
  readonly attacksOnBot: Readonly<Record<string, AttackTally>>;
  /** Items the bot used or threw, by their true name, and how often. */
  readonly itemsUsed: Readonly<Record<string, number>>;
  /**
   * The items lying on each floor when the bot first stood on it (what the dungeon gave this run), by their
   * true name: how many of each.
   */
  readonly itemsFound: Readonly<Record<string, number>>;
  /** The bot's level and HP at turn 0, SAMPLE_TURNS, 2 × SAMPLE_TURNS, … while it lived. */
  readonly levels: readonly number[];
  readonly hps: readonly number[];
}

/** Counts a blow or shot aimed at the player into `tallies`, by the attacker's name. */
function countAttacks(
  state: GameState,
  events: ReturnType<typeof playCommand>,
  tallies: Record<string, { attacks: number; hits: number; damage: number }>,
): void {
  for (const e of events ?? []) {
    const aimed = (e.type === "attacked" || e.type === "missed" || e.type === "shot") &&
      e.targetId === state.playerId;
    if (!aimed) continue;
    const tally = tallies[e.attacker] ??= { attacks: 0, hits: 0, damage: 0 };
    const landed = e.type === "attacked" || (e.type === "shot" && !e.missed);
    tally.attacks++;
    if (landed) {
      tally.hits++;
      tally.damage += e.damage;
    }
  }
}

/** The true name of the item a command uses or throws, if it does. */
function itemUsedBy(state: GameState, command: Command): string | undefined {
  if (!("act" in command) || (command.act.type !== "use" && command.act.type !== "throw")) return undefined;
  return playerOf(state).inventory?.items[command.act.item]?.name;
}

/**
 * Plays one game with the bot for at most `maxTurns` turns, recording it into `recording` if given, started
 * with the background `background` if given.
 */
export function simulate(
  content: Content,
  seed: number,
  maxTurns: number,
  recording?: Recording,
  background?: string,
): GameResult {
  const { rules } = content;
  const state = newGame(rules, seed, background);
  const attacksOnBot: Record<string, { attacks: number; hits: number; damage: number }> = {};
  const itemsUsed: Record<string, number> = {};
  const levels: number[] = [], hps: number[] = [];
  const arrivals: number[] = [0];
  const sample = () => {
    const player = playerOf(state);
    while (levels.length * SAMPLE_TURNS <= state.turn && (player.fighter?.hp ?? 0) > 0) {
      levels.push(player.level?.current ?? 1);
      hps.push(player.fighter?.hp ?? 0);
    }
  };
  sample();
  const itemsFound: Record<string, number> = {};
  const countItems = () => {
    for (const e of state.entities) {
      if (e.layer === "item" && e.item) itemsFound[e.name] = (itemsFound[e.name] ?? 0) + 1;
    }
  };
  countItems();
  // Every command is a turn or a level-up choice; a cap guards against a stuck bot.
  const bot = new Bot();
  for (let commands = 0; state.turn < maxTurns && commands < maxTurns * 4; commands++) {
    const command = bot.decide(state, rules);
    const turnBefore = state.turn;
    const used = itemUsedBy(state, command);
    const events = playCommand(state, rules, command);
    if (used !== undefined && state.turn > turnBefore) itemsUsed[used] = (itemsUsed[used] ?? 0) + 1;
    countAttacks(state, events, attacksOnBot);
    if (recording) record(recording, command, state, turnBefore);
    sample();
    // A new deepest floor: the turn it was first reached.
    if (arrivals.length < state.floor) countItems();
    while (arrivals.length < state.floor) arrivals.push(state.turn);
    if (isGameOver(state)) break;
  }
  const { death, killsByFloor, kills, escaped } = state.chronicle;
  // The deepest floor reached: with kept floors, a winner ends on floor 1.
  const depth = Math.max(state.floor, ...(state.keptFloors ?? []).map((k) => k.floor));
  const goalName = rules.goal ? rules.templates[rules.goal.item]?.name : undefined;
  const left = escaped === "won"
    ? `won: escaped with the ${goalName}`
    : escaped === "left"
    ? "left the dungeon"
    : undefined;
  const player = playerOf(state);
  const escape = death ? knownEscape(state, rules, player) : -1;
  return {
    seed,
    ...(background === undefined ? {} : { background }),
    depth,
    endFloor: state.floor,
    turns: state.turn,
    level: playerOf(state).level?.current ?? 1,
    end: death ? deathText(death) : left ?? "alive",
    died: death !== undefined,
    turnLimit: !death && !left,
    unusedEscape: escape >= 0 ? player.inventory?.items[escape]?.name : undefined,
    diedFleeing: death !== undefined && bot.intent === "flee",
    kills: Array.from({ length: depth }, (_, f) => killsByFloor[f] ?? 0),
    arrivals,
    killsByMonster: kills,
    attacksOnBot,
    itemsUsed,
    itemsFound,
    levels,
    hps,
  };
}
