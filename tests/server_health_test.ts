/**
 * The server's health (src/server/server_health.ts): keys' times to their
 * frames and the thread's pauses, a period at a time, and the line the
 * operator reads (the game host's timing is in server_game_host_test).
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import {
  doorTallySince,
  healthLine,
  readHealthLine,
  ServerHealth,
  TimeHistogram,
} from "../src/server/mod.ts";

Deno.test("health: keys' times come out as quantiles of the period, and a take starts the next period", () => {
  let now = 1000;
  const health = new ServerHealth(() => now);
  try {
    for (let k = 1; k <= 100; k++) {
      const since = now;
      now += k;
      health.keyAnswered(since);
    }
    const first = health.take();
    equal(first.keys, 100);
    equal(first.keyP50Ms, 52, "the 51 ms key's bucket, 51 to 52 ms, by its upper edge");
    equal(first.keyP99Ms, 100);
    equal(first.keyLongestMs, 100);
    equal(first.periodMs, 5050);
    const second = health.take();
    equal(second.keys, 0);
    equal(second.keyLongestMs, 0);
    equal(second.periodMs, 0);
  } finally {
    health.stop();
  }
});

Deno.test("health: a thread held up is seen as its longest pause, and only in the period it fell in", async () => {
  const health = new ServerHealth();
  try {
    await new Promise((r) => setTimeout(r, 30));
    const until = performance.now() + 120;
    while (performance.now() < until) {
      // The thread held, as a long piece of work would hold it.
    }
    await new Promise((r) => setTimeout(r, 30));
    const held = health.take();
    ok(held.longestPauseMs >= 100, `the 120 ms hold seen: ${held.longestPauseMs}`);
    await new Promise((r) => setTimeout(r, 50));
    ok(health.take().longestPauseMs < 100, "the next period starts clean");
  } finally {
    health.stop();
  }
});

Deno.test("health: the operator's line says the period, the games, the keys' times and the longest pause", () => {
  const line = healthLine(
    { periodMs: 60_000, keys: 12_345, keyP50Ms: 0.42, keyP99Ms: 3.1, keyLongestMs: 27.6, longestPauseMs: 18 },
    50,
  );
  equal(
    line,
    "in the last 60 s: 50 games, 12,345 keys, to their frames p50 0.4 ms, p99 3.1 ms, longest 28 ms; " +
      "the thread's longest pause 18 ms",
  );
  ok(
    healthLine({ periodMs: 1000, keys: 0, keyP50Ms: 0, keyP99Ms: 0, keyLongestMs: 0, longestPauseMs: 2 }, 1)
      .includes("1 game, no keys;"),
  );
  deepEqual(readHealthLine(`delve serve: ${line}\n`), {
    keys: 12_345,
    keyP50Ms: 0.4,
    keyP99Ms: 3.1,
    keyLongestMs: 28,
    longestPauseMs: 18,
  }, "read back by the bench as written, to the figures it shows");
  equal(
    readHealthLine("delve serve: in the last 2 s: 0 games, no keys; the thread's longest pause 11 ms")?.keys,
    0,
  );
  equal(readHealthLine("delve serve: listening on http://127.0.0.1:8080/"), undefined);
});

Deno.test("health: the line says what the door turned away in the period, when it turned any away", () => {
  const report = { periodMs: 60_000, keys: 0, keyP50Ms: 0, keyP99Ms: 0, keyLongestMs: 0, longestPauseMs: 12 };
  const door = doorTallySince(
    { closedUnread: 100, closedBusy: 5, cut: 1 },
    { closedUnread: 1_334, closedBusy: 45, cut: 3 },
  );
  const line = healthLine(report, 2, door);
  ok(
    line.endsWith(
      "the thread's longest pause 12 ms; the door closed unread 1,234 connections from addresses shut out " +
        "and 40 past its rate, and cut 2",
    ),
    line,
  );
  equal(readHealthLine(line)?.longestPauseMs, 12, "the bench still reads the figures before it");
  const withDoor = healthLine({ ...report, doorPauseMs: 7.25 }, 2);
  ok(withDoor.endsWith("the thread's longest pause 12 ms (the door's thread 7.3 ms)"), withDoor);
  equal(readHealthLine(withDoor)?.doorPauseMs, 7.3, "the door's thread's pause read back");
  equal(readHealthLine(healthLine(report, 2))?.doorPauseMs, undefined, "not said, not read");
  equal(
    healthLine(report, 2, { closedUnread: 0, closedBusy: 0, cut: 0 }),
    healthLine(report, 2),
    "none: not said",
  );
});

Deno.test("health: times are counted in buckets, 0.1 ms below 10 ms and 1 ms above, the longest kept exactly", () => {
  const times = new TimeHistogram();
  equal(times.quantile(0.99), 0, "no times");
  for (let k = 0; k < 1_000_000; k++) times.add(0.05);
  times.add(5.37);
  times.add(2_500);
  equal(times.count, 1_000_002);
  equal(times.quantile(0.5), 0.1);
  equal(times.quantile(0.999_999), 5.4);
  equal(times.quantile(1), 2_500, "past the last bucket's edge: the longest itself");
  equal(times.longest, 2_500);
  const one = new TimeHistogram();
  one.add(3.33);
  equal(one.quantile(0.99), 3.33, "never above the longest");
  times.clear();
  equal(times.count + times.longest + times.quantile(0.5), 0);
});
