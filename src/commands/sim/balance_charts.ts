/**
 * The balance report's charts as Vega-Lite specifications: each chart is the
 * figures it shows (rows a test can count) and the spec that draws them.
 * Pure: no rendering here (see report_page.ts).
 *
 * @module
 */
import { type GameResult, SAMPLE_TURNS } from "./simulate.ts";

/** One chart of the report. */
export interface Chart {
  /** A stable name, used as the figure's id (`chart-<id>`). */
  readonly id: string;
  readonly title: string;
  /** What the chart shows, in a sentence under it. */
  readonly caption: string;
  /** The rows drawn, one mark each (for the curves: one point of each line). */
  readonly rows: readonly Record<string, string | number>[];
  /** The Vega-Lite specification (its data are `rows`). */
  readonly spec: Record<string, unknown>;
}

const WIDTH = 560;
/** The share of games that must still be running at a turn for the curves to show it. */
export const CURVE_MIN_SHARE = 0.1;
/** z for a 95 % confidence interval. */
const Z95 = 1.959964;

/** The Wilson score interval of `k` successes in `n` trials, at 95 %. */
export function wilsonInterval(k: number, n: number): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = k / n, z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** The `q` quantile (0..1) of sorted `xs`, linearly interpolated. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const at = (sorted.length - 1) * q, low = Math.floor(at), high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

const countBy = <T>(items: readonly T[], key: (t: T) => string) => {
  const counts = new Map<string, number>();
  for (const t of items) counts.set(key(t), (counts.get(key(t)) ?? 0) + 1);
  return counts;
};

const bars = (
  x: Record<string, unknown>,
  y: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) => ({
  width: WIDTH,
  mark: { type: "bar", tooltip: true },
  encoding: { x, y, ...extra },
});

function depthChart(results: readonly GameResult[]): Chart {
  const deepest = results.reduce((m, r) => Math.max(m, r.depth), 1);
  const counts = countBy(results, (r) => String(r.depth));
  const rows = Array.from(
    { length: deepest },
    (_, f) => ({ floor: f + 1, games: counts.get(String(f + 1)) ?? 0 }),
  );
  return {
    id: "depth",
    title: "Deepest floor reached",
    caption: "How many games went no deeper than each floor.",
    rows,
    spec: bars(
      { field: "floor", type: "ordinal", title: "deepest floor" },
      { field: "games", type: "quantitative", title: "games" },
    ),
  };
}

function deathsChart(results: readonly GameResult[]): Chart {
  const counts = countBy(results.filter((r) => r.died), (r) => JSON.stringify([r.endFloor, r.end]));
  const rows = [...counts].map(([key, games]) => {
    const [floor, cause] = JSON.parse(key) as [number, string];
    return { floor, cause, games };
  }).sort((a, b) => a.floor - b.floor || b.games - a.games || a.cause.localeCompare(b.cause));
  return {
    id: "deaths",
    title: "Causes of death by floor",
    caption: "The floor each death happened on, split by what dealt the last blow.",
    rows,
    spec: bars(
      { field: "floor", type: "ordinal", title: "floor" },
      { field: "games", type: "quantitative", title: "deaths", stack: "zero" },
      { color: { field: "cause", type: "nominal", title: "cause", scale: { scheme: "tableau20" } } },
    ),
  };
}

/** The bot's troubles by the floor they happened on: what a sound bot keeps few. */
function troublesChart(results: readonly GameResult[]): Chart {
  const troubles = [
    ["at the turn limit", (r: GameResult) => r.turnLimit],
    ["died with a known escape or healing unused", (r: GameResult) => r.unusedEscape !== undefined],
    ["died fleeing", (r: GameResult) => r.diedFleeing],
  ] as const;
  const rows = troubles.flatMap(([trouble, test]) =>
    [...countBy(results.filter(test), (r) => String(r.endFloor))].map(([floor, games]) => ({
      floor: Number(floor),
      trouble,
      games,
    }))
  ).sort((a, b) => a.floor - b.floor || a.trouble.localeCompare(b.trouble));
  return {
    id: "troubles",
    title: "The bot's troubles by floor",
    caption:
      "Games still going at the turn limit, deaths with a known escape or healing unused in the pack, and deaths while fleeing, on the floor where they happened.",
    rows,
    spec: bars(
      { field: "floor", type: "ordinal", title: "floor" },
      { field: "games", type: "quantitative", title: "games", stack: "zero" },
      { color: { field: "trouble", type: "nominal", title: "trouble" } },
    ),
  };
}

function curvesChart(results: readonly GameResult[]): Chart {
  const rows: Record<string, string | number>[] = [];
  const needed = Math.max(1, Math.ceil(results.length * CURVE_MIN_SHARE));
  const longest = results.reduce((m, r) => Math.max(m, r.levels.length), 0);
  for (
    const [measure, of] of [["level", (r: GameResult) => r.levels], ["HP", (r: GameResult) => r.hps]] as const
  ) {
    for (let at = 0; at < longest; at++) {
      const values = results.map(of).filter((xs) => xs.length > at).map((xs) => xs[at]).sort((a, b) => a - b);
      if (values.length < needed) break;
      rows.push({
        measure,
        turn: at * SAMPLE_TURNS,
        q1: quantile(values, 0.25),
        median: quantile(values, 0.5),
        q3: quantile(values, 0.75),
        games: values.length,
      });
    }
  }
  const x = { field: "turn", type: "quantitative", title: "turn" };
  return {
    id: "curves",
    title: "Level and HP over turns",
    caption: `The median (line) and the middle half (band) of the games still going, while at least ${
      100 * CURVE_MIN_SHARE
    } % of them are.`,
    rows,
    spec: {
      facet: { row: { field: "measure", type: "nominal", title: null } },
      resolve: { scale: { y: "independent" } },
      spec: {
        width: WIDTH,
        height: 160,
        layer: [
          {
            mark: { type: "area", opacity: 0.3 },
            encoding: { x, y: { field: "q1", type: "quantitative", title: null }, y2: { field: "q3" } },
          },
          { mark: { type: "line" }, encoding: { x, y: { field: "median", type: "quantitative" } } },
        ],
      },
    },
  };
}

function namedBars(
  id: string,
  title: string,
  caption: string,
  totals: Map<string, number>,
  per: number,
): Chart {
  const rows = [...totals].map(([name, n]) => ({ name, value: n / per }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
  return {
    id,
    title,
    caption,
    rows,
    spec: bars(
      { field: "value", type: "quantitative", title: "per game" },
      { field: "name", type: "nominal", title: null, sort: "-x" },
    ),
  };
}

function killsChart(results: readonly GameResult[]): Chart {
  const totals = new Map<string, number>();
  for (const r of results) {
    for (const k of r.killsByMonster) totals.set(k.name, (totals.get(k.name) ?? 0) + k.count);
  }
  return namedBars(
    "kills",
    "Kills by monster kind",
    "Monsters of each kind the bot killed, per game.",
    totals,
    results.length,
  );
}

function itemsChart(results: readonly GameResult[]): Chart {
  const totals = new Map<string, number>();
  for (const r of results) {
    for (const [name, n] of Object.entries(r.itemsUsed)) totals.set(name, (totals.get(name) ?? 0) + n);
  }
  return namedBars(
    "items",
    "Item use",
    "Items the bot drank, read, zapped, put on or threw, per game.",
    totals,
    results.length,
  );
}

function ratesChart(results: readonly GameResult[]): Chart {
  const n = results.length;
  const rate = (outcome: string, k: number) => ({
    outcome,
    rate: k / Math.max(1, n),
    ...wilsonInterval(k, n),
  });
  const rows = [
    rate("won", results.filter((r) => r.end.startsWith("won")).length),
    rate("reached floor 5", results.filter((r) => r.depth >= 5).length),
    rate("died", results.filter((r) => r.died).length),
  ];
  const y = { field: "outcome", type: "nominal", title: null, sort: null };
  const percent = { type: "quantitative", axis: { format: "%" }, scale: { domain: [0, 1] } };
  return {
    id: "rates",
    title: "Win rate, with its 95 % confidence interval",
    caption: `Share of the ${n} games with each outcome; the bar is the Wilson interval.`,
    rows,
    spec: {
      width: WIDTH,
      layer: [
        {
          mark: { type: "rule", strokeWidth: 2 },
          encoding: { y, x: { field: "low", ...percent, title: "games" }, x2: { field: "high" } },
        },
        {
          mark: { type: "point", filled: true, size: 80, tooltip: true },
          encoding: { y, x: { field: "rate", ...percent } },
        },
      ],
    },
  };
}

/** Every chart of the balance report for `results`. */
export function balanceCharts(results: readonly GameResult[]): Chart[] {
  return [
    ratesChart(results),
    depthChart(results),
    deathsChart(results),
    troublesChart(results),
    curvesChart(results),
    killsChart(results),
    itemsChart(results),
  ];
}
