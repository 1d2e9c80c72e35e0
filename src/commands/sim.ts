/**
 * `deno task sim [--games N] [--seed S] [--data DIR] [--turns T]`: plays
 * games headless with the bot and prints a balance report (depth reached,
 * turns, level, cause of death, kills by floor), what a modder tunes data
 * by. It doubles as a soak test: it must never throw.
 *
 * @module
 */
import {
  HELP_USAGE,
  intFlag,
  loadDataOr,
  parseFlags,
  pathFlag,
  readCommandLine,
  record,
  type Recording,
  sayOut,
} from "../app/mod.ts";
import type { Content } from "../content/mod.ts";
import {
  botDecide,
  isGameOver,
  type KillCount,
  MAX_SEED,
  newGame,
  playCommand,
  playerOf,
} from "../engine/mod.ts";
import { deathText } from "../ui/mod.ts";

/** The attacks of one kind of monster on the bot: how many, how many landed, the damage in all. */
export interface AttackTally {
  readonly attacks: number;
  readonly hits: number;
  readonly damage: number;
}

/** How one game went. */
export interface GameResult {
  readonly seed: number;
  /** The deepest floor reached. */
  readonly depth: number;
  readonly turns: number;
  readonly level: number;
  /**
   * "killed by an Orc", "burned to death", "won: escaped with the Amulet", "left the dungeon", or
   * "alive" when the turns ran out.
   */
  readonly end: string;
  /** Monsters killed on each floor (index 0 is floor 1). */
  readonly kills: number[];
  /** Monsters killed, by name. */
  readonly killsByMonster: readonly KillCount[];
  /** The blows and shots each kind of monster aimed at the bot, by name, and the damage they did in all. */
  readonly attacksOnBot: Readonly<Record<string, AttackTally>>;
}

/** Plays one game with the bot for at most `maxTurns` turns, recording it into `recording` if given. */
export function simulate(
  content: Content,
  seed: number,
  maxTurns: number,
  recording?: Recording,
): GameResult {
  const { rules } = content;
  const state = newGame(rules, seed);
  const attacksOnBot: Record<string, { attacks: number; hits: number; damage: number }> = {};
  // Every command is a turn or a level-up choice; a cap guards against a stuck bot.
  for (let commands = 0; state.turn < maxTurns && commands < maxTurns * 4; commands++) {
    const command = botDecide(state, rules);
    const turnBefore = state.turn;
    const events = playCommand(state, rules, command) ?? [];
    for (const e of events) {
      const aimed = (e.type === "attacked" || e.type === "missed" || e.type === "shot") &&
        e.targetId === state.playerId;
      if (!aimed) continue;
      const tally = attacksOnBot[e.attacker] ??= { attacks: 0, hits: 0, damage: 0 };
      const landed = e.type === "attacked" || (e.type === "shot" && !e.missed);
      tally.attacks++;
      if (landed) {
        tally.hits++;
        tally.damage += e.damage;
      }
    }
    if (recording) record(recording, command, state, turnBefore);
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
  return {
    seed,
    depth,
    turns: state.turn,
    level: playerOf(state).level?.current ?? 1,
    end: death ? deathText(death) : left ?? "alive",
    kills: Array.from({ length: depth }, (_, f) => killsByFloor[f] ?? 0),
    killsByMonster: kills,
    attacksOnBot,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
// A fold, not Math.max(...xs): --games may be larger than the stack takes arguments.
const best = (xs: number[]) => xs.reduce((a, b) => Math.max(a, b), 0);

/** The balance report for a set of games. */
export function balanceReport(results: readonly GameResult[], label: string): string {
  const lines = [`Delve balance report: ${results.length} games, data ${label}`, ""];
  lines.push("seed        depth  turns  level  end");
  for (const r of results) {
    lines.push(
      `${String(r.seed).padEnd(10)}  ${String(r.depth).padStart(5)}  ${String(r.turns).padStart(5)}  ${
        String(r.level).padStart(5)
      }  ${r.end}`,
    );
  }
  const depths = results.map((r) => r.depth), turns = results.map((r) => r.turns);
  lines.push(
    "",
    `depth reached: mean ${mean(depths).toFixed(2)}, median ${median(depths)}, best ${best(depths)}`,
  );
  lines.push(`turns: mean ${mean(turns).toFixed(0)}, median ${median(turns)}`);
  lines.push(`level: mean ${mean(results.map((r) => r.level)).toFixed(2)}`);
  const won = results.filter((r) => r.end.startsWith("won")).length;
  const deep = results.filter((r) => r.depth >= 5).length;
  const percent = (n: number) => `${(100 * n / Math.max(1, results.length)).toFixed(1)} %`;
  lines.push(`won: ${won} (${percent(won)}); reached floor 5: ${deep} (${percent(deep)})`);
  const ends = new Map<string, number>();
  for (const r of results) ends.set(r.end, (ends.get(r.end) ?? 0) + 1);
  lines.push("", "how games ended:");
  for (const [end, n] of [...ends].sort((a, b) => b[1] - a[1])) {
    lines.push(`  ${String(n).padStart(4)}  ${end}`);
  }
  const floors = best(depths);
  lines.push("", "kills by floor (mean over the games that reached it):");
  for (let f = 0; f < floors; f++) {
    const reached = results.filter((r) => r.depth > f);
    lines.push(
      `  floor ${f + 1}: ${mean(reached.map((r) => r.kills[f] ?? 0)).toFixed(2)} (${reached.length} games)`,
    );
  }
  const byMonster = new Map<string, number>();
  for (const r of results) {
    for (const k of r.killsByMonster) byMonster.set(k.name, (byMonster.get(k.name) ?? 0) + k.count);
  }
  lines.push("", "kills by monster (mean per game):");
  for (const [name, n] of [...byMonster].sort((a, b) => b[1] - a[1])) {
    lines.push(`  ${(n / results.length).toFixed(2).padStart(7)}  ${name}`);
  }
  // No monster should become harmless (issue 19): the damage an attack of each kind does on average.
  const onBot = new Map<string, AttackTally>();
  for (const r of results) {
    for (const [name, t] of Object.entries(r.attacksOnBot)) {
      const sum = onBot.get(name) ?? { attacks: 0, hits: 0, damage: 0 };
      onBot.set(name, {
        attacks: sum.attacks + t.attacks,
        hits: sum.hits + t.hits,
        damage: sum.damage + t.damage,
      });
    }
  }
  lines.push("", "monsters' blows and shots at the bot: HP a hit takes on average, and how many land:");
  const rows = [...onBot].map(([name, t]) => ({ name, perHit: t.damage / Math.max(1, t.hits), ...t }));
  for (const r of rows.sort((a, b) => b.perHit - a.perHit)) {
    const landed = `${(100 * r.hits / r.attacks).toFixed(0)} % of ${r.attacks}`;
    lines.push(
      `  ${r.perHit.toFixed(2).padStart(7)}  ${r.name} (${landed})${r.perHit < 1 ? "  harmless" : ""}`,
    );
  }
  return lines.join("\n");
}

/** `deno task sim --help`. */
export const SIM_HELP = {
  name: "sim",
  about: "Plays games headless with the bot and prints a balance report: depth reached, turns, level,\n" +
    "wins, cause of death, kills by floor and by monster.",
  usage: `Usage: deno task sim [--games N] [--seed S] [--data DIR] [--turns T]

Options:
  --games N     games to play, 1 to 100000 (default: 20)
  --seed S      the first game's seed (the others follow it), 0 to ${MAX_SEED}
                (default: 1)
  --data DIR    play with the data files in DIR (default: the bundled data/)
  --turns T     turns a game may last, 1 to 1000000 (default: 100000)
${HELP_USAGE}`,
};

/** Runs the simulator with `args`; resolves to the exit status. */
export async function simCommand(args: readonly string[]): Promise<number> {
  const line = readCommandLine(SIM_HELP, args, () => {
    const { values } = parseFlags(args, {
      games: { type: "string" },
      seed: { type: "string" },
      data: { type: "string" },
      turns: { type: "string" },
    });
    return {
      games: intFlag("--games", values.games, 1, 100_000) ?? 20,
      seed: intFlag("--seed", values.seed, 0, MAX_SEED) ?? 1,
      turns: intFlag("--turns", values.turns, 1, 1_000_000) ?? 100_000,
      data: pathFlag("--data", values.data),
    };
  });
  if ("exit" in line) return line.exit;
  const { games, seed, turns, data } = line.run;
  const loaded = await loadDataOr(data);
  if (!loaded) return 2;
  const { content, label } = loaded;
  const results = Array.from({ length: games }, (_, k) => simulate(content, (seed + k) >>> 0, turns));
  sayOut(balanceReport(results, label));
  return 0;
}

if (import.meta.main) Deno.exit(await simCommand(Deno.args));
