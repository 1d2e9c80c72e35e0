/**
 * The share of the front's thread its replays spend between them
 * (docs/server.md, Limits): spending within the reserve goes on at once;
 * overdrawn, a showing waits until the share has filled again, and the
 * later of two spenders waits the longer.
 */
import { equal, ok } from "node:assert/strict";
import { TimeShare } from "../src/server/mod.ts";

/** Whether `promise` has settled before a timer of 0 ms fires. */
async function settlesAtOnce(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
}

Deno.test("a time share: spending within its reserve goes on at once, and the reserve is what is left", async () => {
  const share = new TimeShare({ msPerSecond: 100, reserveMs: 20 });
  ok(await settlesAtOnce(share.spend(12)), "12 ms of a 20 ms reserve");
  ok(share.balance < 9, `about 8 ms left: ${share.balance}`);
});

Deno.test("a time share: overdrawn, a spender waits for the share to fill; the later of two waits longer", async () => {
  const share = new TimeShare({ msPerSecond: 1000, reserveMs: 0 });
  const start = performance.now();
  const waited: number[] = [];
  const first = share.spend(30).then(() => waited.push(performance.now() - start));
  const second = share.spend(30).then(() => waited.push(performance.now() - start));
  ok(!(await settlesAtOnce(first)), "30 ms overdrawn: the first waits");
  await Promise.all([first, second]);
  equal(waited.length, 2);
  ok(waited[0] >= 25, `the first waited its 30 ms: ${waited[0]}`);
  ok(waited[1] >= 55, `the second waited for both: ${waited[1]}`);
  ok(share.balance >= 0, "paid back");
});
