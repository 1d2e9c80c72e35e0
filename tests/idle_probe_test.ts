/**
 * The attack bench's idle process (tools/bench/idle_probe.ts), the
 * machine's measure beside the server's: asked over its stdin, it answers
 * with its longest pause and its timer's p99 lateness, and a stop the test
 * makes is seen whole.
 */
import { ok } from "node:assert/strict";
import { IdleProbe } from "../tools/bench/idle_probe.ts";

Deno.test("the idle process answers each ask with its longest pause, and a stop it was made to take is in it", async () => {
  const probe = new IdleProbe();
  try {
    const first = await probe.take();
    ok(Number.isFinite(first.longestMs) && first.longestMs >= 0, `a pause in ms: ${first.longestMs}`);
    ok(first.p99Ms >= 0 && first.p99Ms <= first.longestMs, `a p99 within it: ${first.p99Ms}`);
    Deno.kill(probe.pid, "SIGSTOP");
    await new Promise((r) => setTimeout(r, 300));
    Deno.kill(probe.pid, "SIGCONT");
    // Its timer, due long ago, fires once it runs again: asked only after that.
    await new Promise((r) => setTimeout(r, 100));
    const { longestMs } = await probe.take();
    ok(longestMs >= 250, `the 300 ms stop seen: ${longestMs}`);
  } finally {
    await probe.stop();
  }
});
