/**
 * The report's rows for the AI worker thinking ahead (tools/bench/
 * ahead_games.ts): the share of turns answered ahead in games played at a
 * player's pace, what the worker spends thinking per turn, and key to
 * frame on crowded floors beside the same keys in-process.
 *
 * @module
 */
import { loadContent } from "../../src/content/mod.ts";
import {
  type AheadRun,
  botAtPace,
  crowdedKeys,
  HUMAN_KEYS,
  scriptedGame,
  shareAhead,
} from "./ahead_games.ts";
import { benchContent, TARGET_SCALES } from "./app_cases.ts";
import { formatMs, notes, progress, rows, thousands, times } from "./report_rows.ts";

/** A player's pace: ms from a frame to the next command. */
const PACE: readonly [number, number] = [100, 250];

/** The share of steps, waits and walk steps answered ahead, and the misses by kind. */
function shareText(run: AheadRun): string {
  const percent = (x: number) => `${(100 * x).toFixed(1)}%`;
  const missed = (["step", "wait", "walk", "other"] as const)
    .map((k) => `${k} ${run.here[k] + run.asked[k]}`)
    .join(", ");
  return `${percent(shareAhead(run, ["step", "wait", "walk"]))} of ${thousands(run.turns)} turns ` +
    `(steps ${run.ahead.step}, waits ${run.ahead.wait}, walk steps ${run.ahead.walk}, of which ` +
    `${run.waited} waited a moment); not ahead: ${missed}`;
}

/** Rows of the answered-ahead share, the worker's thinking, and crowded floors' keys. */
export async function aheadRows(): Promise<void> {
  const content = await loadContent(new URL("../../data/", import.meta.url), "data/");
  progress("answered ahead: a bot game at a player's pace");
  const bot = await botAtPace(content, 3, 400, PACE);
  rows.push({
    figure: `answered ahead: a bot game of Delve's data at a player's pace (a command every ${PACE[0]}–${
      PACE[1]
    } ms; seed 3, 400 commands)`,
    ours: shareText(bot),
    target: "≥ 95% of steps, waits and walk steps",
    met: shareAhead(bot, ["step", "wait", "walk"]) >= 0.95,
  });
  progress("answered ahead: a scripted game, as a person plays");
  const human = await scriptedGame(content, 24, HUMAN_KEYS, 250, PACE);
  rows.push({
    figure:
      `answered ahead: a scripted game of Delve's data as a person plays it (steps, waits, explore, rest, ` +
      `travel and stairs, an item now and then; keys ${PACE[0]}–${
        PACE[1]
      } ms apart, walks at 25 ms; seed 24, ` +
      "250 keys)",
    ours: shareText(human),
    target: "≥ 95% of steps, waits and walk steps",
    met: shareAhead(human, ["step", "wait", "walk"]) >= 0.95,
  });
  for (const [name, run] of [["the bot game", bot], ["the scripted game", human]] as const) {
    const perTurn = run.busyMs / run.turns;
    rows.push({
      figure:
        `the AI worker's thinking while the player reads, per turn played, ${name} above; a turn's cost ` +
        "in the worker (its answers used: the copy, both halves, the encoding)",
      ours: `${formatMs(perTurn)} a turn; a turn ${formatMs(run.turnMs)}: ${times(perTurn / run.turnMs)}`,
      target: "≤ 10× a turn",
      met: perTurn <= 10 * run.turnMs,
    });
    if (run.faults > 0) notes.push(`${name}: ${run.faults} worker faults`);
  }
  const tutorial = await benchContent();
  const targets: Readonly<Record<number, number>> = { 1000: 2, 10_000: 5 };
  for (const scale of TARGET_SCALES.filter((s) => targets[s.monsters] !== undefined)) {
    const keys = scale.monsters >= 10_000 ? 120 : 200;
    progress(`key to frame thinking ahead, ${thousands(scale.monsters)} monsters, keys 250 ms apart`);
    const ahead = await crowdedKeys(tutorial, scale, keys, 250, true);
    progress(`the same keys in-process, ${thousands(scale.monsters)} monsters`);
    const here = await crowdedKeys(tutorial, scale, keys, 250, false);
    rows.push({
      figure:
        `key to frame in the app, ${ahead.label}, every monster hunting the player, keys 250 ms apart ` +
        `(east, west, wait; ${ahead.keys} keys): thinking ahead; in-process beside it`,
      ours: `p50 ${formatMs(ahead.p50)}, p99 ${formatMs(ahead.p99)}, longest ${formatMs(ahead.longest)}` +
        (ahead.run
          ? ` (answered ahead ${(100 * shareAhead(ahead.run, ["step", "wait"])).toFixed(0)}%)`
          : "") +
        `; in-process p50 ${formatMs(here.p50)}, p99 ${formatMs(here.p99)}`,
      target: `p99 < ${targets[scale.monsters]} ms`,
      met: ahead.p99 < targets[scale.monsters],
    });
  }
}
