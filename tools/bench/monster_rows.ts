/**
 * The report's monster rows: turns with every monster hunting the player,
 * all of today's minds and then mixed ones, in-process and through the AI
 * worker, beside their targets.
 *
 * @module
 */
import { loadContent } from "../../src/content/mod.ts";
import type { Rules } from "../../src/engine/mod.ts";
import { benchContent, type MonsterScale, TARGET_SCALES } from "./app_cases.ts";
import { type MonsterTurns, monsterTurns, type MonsterTurnsOptions } from "./monster_turns.ts";
import { formatMs, notes, progress, rows, thousands, times } from "./report_rows.ts";

/** The earlier targets for the worker's own time on its side of a turn. */
const MONSTER_TARGETS_MS: Readonly<Record<number, number>> = { 1000: 5, 10_000: 60 };

/**
 * The pause before each timed turn of the idle row: about what a player
 * leaves between keys at the quickest, long enough for the processors to
 * go idle.
 */
export const IDLE_MS = 5;

/**
 * Turns timed, and untimed ones before them, at each number of monsters.
 * The untimed turns last until V8 has compiled what runs once a turn: with
 * 1,000 monsters the round trip falls from 2–4 ms in the first turns to its
 * steady figure only after about 130 (the replay's setup and the worker's
 * part cutter were the last functions compiled, `--trace-opt`), and with
 * 10,000 after about 50; the in-process turn settles sooner. The row gives
 * the untimed turns' median too.
 */
const MONSTER_TURNS: Readonly<Record<number, [number, number]>> = {
  20: [200, 50],
  1000: [100, 200],
  10_000: [40, 60],
};

/**
 * The round trip's targets: for 1,000 monsters within 1.3 times the same
 * turn in-process and 0.3 ms; for 10,000 within 30 ms.
 */
function tripTarget(monsters: number, inProcess: number): { target?: string; limit?: number } {
  if (monsters === 1000) return { target: "≤ 1.3× in-process + 0.3 ms", limit: 1.3 * inProcess + 0.3 };
  if (monsters === 10_000) return { target: "≤ 30 ms", limit: 30 };
  return {};
}

/**
 * The monsters' phase in-process and in the worker, each on its own thread's clock, and the worker's whole
 * turn beside the in-process one (the player's wait with its view, the phase, the settling: on a map the
 * player sees all of, the view is a large share).
 */
function phaseFigures(m: MonsterTurns): string {
  return `${formatMs(m.phase)} in-process; ${formatMs(m.phaseInWorker)} in the worker (whole turn ${
    formatMs(m.inWorker)
  } there, ${formatMs(m.turn)} in-process)`;
}

/**
 * The turns of `scale` played as `options` say, `what` naming them in the
 * progress line and in the notes on faults and on games that differ.
 */
async function timedTurns(
  rules: Rules,
  scale: MonsterScale,
  what: string,
  options: MonsterTurnsOptions = {},
): Promise<MonsterTurns> {
  progress(`monster turns, ${what}`);
  const [turns, warmup] = MONSTER_TURNS[scale.monsters];
  const m = await monsterTurns(rules, scale, turns, warmup, options);
  // A turn the worker did not answer ran in-process: the round trip would be a fallback's.
  if (m.faults.length > 0) notes.push(`${what}: worker faults ${m.faults}`);
  if (!m.same) notes.push(`${what}: the games in-process and through the worker differ`);
  return m;
}

/** The all-hostile rows at every scale. */
export async function monsterRows(): Promise<void> {
  const { rules } = await benchContent();
  for (const scale of TARGET_SCALES) {
    const m = await timedTurns(rules, scale, `${scale.monsters} monsters`);
    const size = `${thousands(scale.monsters)} monsters on ${scale.width}x${scale.height}`;
    const phaseTarget = MONSTER_TARGETS_MS[scale.monsters];
    rows.push({
      figure: `monster phase, ${size}`,
      ours: phaseFigures(m),
      target: phaseTarget ? `≤ ${phaseTarget} ms in the worker` : undefined,
      met: phaseTarget ? m.phaseInWorker <= phaseTarget : undefined,
    });
    const { target, limit } = tripTarget(scale.monsters, m.turn);
    rows.push({
      figure: `a turn asked of the worker, ${size} (command in, its changes made)`,
      ours: `${formatMs(m.trip)} (in-process ${formatMs(m.turn)}: ${
        times(m.trip / m.turn)
      }); its first ${m.warmup} turns ${formatMs(m.tripWarmingUp)}`,
      target,
      met: limit === undefined ? undefined : m.trip <= limit,
    });
    if (scale.monsters === 1000) await idleRow(rules, scale, size);
  }
}

/**
 * The same turns with the machine idle before each, as between a player's
 * keys: no target, the figure that shows what the worker costs a player
 * where every turn goes through it. On this machine the woken worker often
 * waits for the main thread's processor while the other one idles.
 */
async function idleRow(rules: Rules, scale: MonsterScale, size: string): Promise<void> {
  const m = await timedTurns(rules, scale, `${scale.monsters} monsters, ${IDLE_MS} ms idle before each`, {
    idleMs: IDLE_MS,
  });
  rows.push({
    figure: `a turn asked of the worker, ${size}, ${IDLE_MS} ms idle before each (as between keys)`,
    ours: `${formatMs(m.trip)} (in-process after the same idle ${formatMs(m.turn)}: ${
      times(m.trip / m.turn)
    })`,
  });
}

/** The mixed-minds rows (tests/fixtures/mods/minds): the same targets as the all-hostile rows. */
export async function mindRows(): Promise<void> {
  const { rules } = await loadContent(new URL("../../tests/fixtures/mods/minds/", import.meta.url), "minds/");
  for (const scale of TARGET_SCALES.filter((s) => s.monsters >= 1000)) {
    const m = await timedTurns(rules, scale, `${scale.monsters} monsters of mixed minds`, { mixed: true });
    const target = MONSTER_TARGETS_MS[scale.monsters];
    rows.push({
      figure: `monster phase, ${
        thousands(scale.monsters)
      } monsters of mixed minds on ${scale.width}x${scale.height}`,
      ours: phaseFigures(m),
      target: `≤ ${target} ms in the worker`,
      met: m.phaseInWorker <= target,
    });
  }
}
