/**
 * The balance report in text: what a modder reads after `deno task sim`.
 *
 * @module
 */
import type { AttackTally, GameResult } from "./simulate.ts";

/** The middle value of `xs` (the upper one of an even count). */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
/** The mean of `xs`, 0 for none. */
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
// A fold, not Math.max(...xs): --games may be larger than the stack takes arguments.
/** The largest of `xs`, 0 for none. */
const best = (xs: number[]) => xs.reduce((a, b) => Math.max(a, b), 0);

/** The balance report for a set of games. */
export function balanceReport(results: readonly GameResult[], label: string): string {
  const lines = [`Delve balance report: ${results.length} games, data ${label}`, ""];
  const backgrounds = new Set(results.map((r) => r.background));
  // The background of each game where games differ in it, and a line of each background's figures.
  const several = backgrounds.size > 1;
  lines.push(`seed        ${several ? "background  " : ""}depth  turns  level  end`);
  for (const r of results) {
    lines.push(
      `${String(r.seed).padEnd(10)}  ${several ? (r.background ?? "").padEnd(10) + "  " : ""}${
        String(r.depth).padStart(5)
      }  ${String(r.turns).padStart(5)}  ${String(r.level).padStart(5)}  ${r.end}`,
    );
  }
  if (backgrounds.size > 1 || [...backgrounds][0] !== undefined) lines.push("", ...backgroundLines(results));
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
  lines.push("", ...botTroubles(results));
  const floors = best(depths);
  lines.push("", "kills by floor (mean over the games that reached it):");
  for (let f = 0; f < floors; f++) {
    const reached = results.filter((r) => r.depth > f);
    lines.push(
      `  floor ${f + 1}: ${mean(reached.map((r) => r.kills[f] ?? 0)).toFixed(2)} (${reached.length} games)`,
    );
  }
  lines.push("", "turn of first arrival by floor (median over the games that reached it):");
  for (let f = 1; f < floors; f++) {
    const reached = results.filter((r) => r.arrivals.length > f);
    lines.push(`  floor ${f + 1}: ${median(reached.map((r) => r.arrivals[f]))} (${reached.length} games)`);
  }
  lines.push("", ...itemVariety(results));
  const byMonster = new Map<string, number>();
  for (const r of results) {
    for (const k of r.killsByMonster) byMonster.set(k.name, (byMonster.get(k.name) ?? 0) + k.count);
  }
  lines.push("", "kills by monster (mean per game):");
  for (const [name, n] of [...byMonster].sort((a, b) => b[1] - a[1])) {
    lines.push(`  ${(n / results.length).toFixed(2).padStart(7)}  ${name}`);
  }
  // No monster should become harmless: the damage an attack of each kind does on average.
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

/**
 * For games of several backgrounds: a line a background, in the order first played, with its games, wins and
 * the median and mean of the deepest floor reached.
 */
export function backgroundLines(results: readonly GameResult[]): string[] {
  const by = new Map<string, GameResult[]>();
  for (const r of results) {
    const key = r.background ?? "(none)";
    by.set(key, [...(by.get(key) ?? []), r]);
  }
  const lines = ["by background: games, won, deepest floor median and mean"];
  for (const [name, games] of by) {
    const won = games.filter((r) => r.end.startsWith("won")).length;
    const depths = games.map((r) => r.depth);
    lines.push(
      `  ${name.padEnd(12)} ${String(games.length).padStart(5)}  won ${String(won).padStart(4)} (${
        (100 * won / games.length).toFixed(1).padStart(5)
      } %)  depth median ${median(depths)}, mean ${mean(depths).toFixed(2)}`,
    );
  }
  return lines;
}

/**
 * The games that say more about the bot than the game: those still going at
 * the turn limit (where), deaths with a known way out unused in the pack,
 * and deaths while fleeing.
 */
export function botTroubles(results: readonly GameResult[]): string[] {
  const limit = results.filter((r) => r.turnLimit);
  const deaths = results.filter((r) => r.died);
  const unused = deaths.filter((r) => r.unusedEscape !== undefined);
  const fleeing = deaths.filter((r) => r.diedFleeing);
  const lines = [`games at the turn limit: ${limit.length}`];
  for (const r of limit) lines.push(`  seed ${r.seed}: floor ${r.endFloor}, turn ${r.turns}`);
  lines.push(
    `deaths with a known escape or healing unused in the pack: ${unused.length} of ${deaths.length}`,
  );
  for (const r of unused) lines.push(`  seed ${r.seed}: floor ${r.endFloor}, ${r.unusedEscape}`);
  lines.push(`deaths while fleeing: ${fleeing.length} of ${deaths.length}`);
  return lines;
}

/**
 * How varied the items the dungeon gave were (lying on each floor when first reached): the kinds a game
 * found and the copies of its most found kind, median over the games, and which kind that was most often.
 */
export function itemVariety(results: readonly GameResult[]): string[] {
  const kinds: number[] = [], copies: number[] = [];
  const topKinds = new Map<string, number>();
  for (const r of results) {
    const found = Object.entries(r.itemsFound ?? {});
    kinds.push(found.length);
    const top = found.reduce((most, kind) => kind[1] > most[1] ? kind : most, ["", 0] as [string, number]);
    copies.push(top[1]);
    if (top[1] > 0) topKinds.set(top[0], (topKinds.get(top[0]) ?? 0) + 1);
  }
  const [kind, games] = [...topKinds].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0] ?? ["none", 0];
  return [
    "items found on the floors reached (median per game):",
    `  kinds: ${median(kinds)}; copies of the most found kind: ${median(copies)}` +
    ` (most often ${kind}, in ${games} games)`,
  ];
}
