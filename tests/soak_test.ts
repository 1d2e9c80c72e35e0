/**
 * The soak: a slice of it plays through the real app and the worker without
 * throwing and samples memory as it goes; the growth figures call a leak a
 * leak. No memory or time is asserted: those belong to `deno task soak`.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { growthOf, HEAP_SLOPE_BOUND_KB, type MemorySample, runSoak, soakCommand } from "../tools/soak.ts";
import { bundledContent } from "./support/content.ts";
import { captureConsole } from "./support/console_capture.ts";

const content = await bundledContent();

Deno.test("a 1,000-turn soak slice plays games through the app and the worker, sampling memory", async () => {
  const seen: MemorySample[] = [];
  const r = await runSoak({
    turns: 1000,
    seed: 7,
    sampleEvery: 100,
    gameTurns: 400,
    content,
    onSample: (s) => seen.push(s),
  });
  ok(r.turns >= 1000 && r.turns < 1010, `turns ${r.turns}`);
  // 1,000 turns in games of at most 400: at least two games ended and a third began.
  ok(r.games >= 3, `games ${r.games}`);
  ok(r.frames > r.turns, "a frame after every command, and one for each new game");
  ok(r.chars > r.frames, "every frame wrote something");
  ok(r.workerTurns > 0, "the monsters thought in the worker");
  deepEqual(seen, r.samples, "each sample was told as it was taken");
  equal(r.samples[0].turn, 0);
  equal(r.samples.at(-1)?.turn, r.turns);
  ok(r.samples.length >= 11, `samples ${r.samples.length}`);
  for (const [k, s] of r.samples.entries()) {
    ok(s.rss > 0 && s.heapUsed > 0 && s.heapTotal >= s.heapUsed, JSON.stringify(s));
    if (k > 0) ok(s.turn >= r.samples[k - 1].turn + 100 || s === r.samples.at(-1), `sample ${k} too soon`);
  }
  equal(r.growth.peakRss, Math.max(...r.samples.map((s) => s.rss)));
});

/** 41 samples over 10,000 turns: RSS and the live heap growing by so many bytes a turn, RSS wobbling. */
const series = (rssPerTurn: number, heapPerTurn: number, wobble = 0): MemorySample[] =>
  Array.from({ length: 41 }, (_, k) => {
    const turn = k * 250;
    const noise = (k % 2 ? 1 : -1) * wobble;
    return {
      turn,
      rss: 100e6 + turn * rssPerTurn + noise,
      heapTotal: 40e6,
      heapUsed: 9e6 + turn * heapPerTurn,
    };
  });

Deno.test("memory that stays level (give or take) is flat; memory kept each turn is growing", () => {
  const flat = growthOf(series(0, 0, 3e6), true);
  equal(flat.verdict, "flat");
  equal(flat.heapSlope, 0);
  // 1 KB kept each turn: 1,000 KB per 1,000 turns on the live heap.
  const leak = growthOf(series(1024, 1024), true);
  equal(leak.verdict, "growing");
  ok(Math.abs(leak.heapSlope - 1000) < 1e-6, String(leak.heapSlope));
  ok(leak.rssQuarterDiff > 0);
  // Memory outside the main heap (the worker, buffers) shows in RSS alone.
  const outside = growthOf(series(8 * 1024, 0), true);
  equal(outside.verdict, "growing");
  ok(Math.abs(outside.rssSlope - 8000) < 1e-6, String(outside.rssSlope));
});

Deno.test("a small heap slope counts only when the heap was collected before each sample", () => {
  const bytesPerTurn = (HEAP_SLOPE_BOUND_KB * 2 * 1024) / 1000;
  equal(growthOf(series(bytesPerTurn, bytesPerTurn), true).verdict, "growing");
  equal(growthOf(series(bytesPerTurn, bytesPerTurn), false).verdict, "flat");
});

Deno.test("soak's command line: a bad flag or value is one line and exit 2", async () => {
  const many = await captureConsole(() => soakCommand(["--turns", "many"]));
  const bogus = await captureConsole(() => soakCommand(["--bogus"]));
  deepEqual([many.result, bogus.result], [2, 2]);
  const errors = [...many.err, ...bogus.err];
  ok(errors[0].startsWith('delve soak: --turns: expected an integer from 1 to 10000000, found "many"'));
  ok(errors[1].startsWith("delve soak: unknown flag --bogus"));
});
