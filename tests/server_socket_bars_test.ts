/**
 * How long an address that broke a socket's limits is barred
 * (docs/server.md, Limits): a minute the first time, twice as long each
 * time again, at most a day, and a minute again once it has kept the
 * limits a while after a bar.
 */
import { equal, ok } from "node:assert/strict";
import { BARRED_MS, FORGIVEN_AFTER_MS, LONGEST_BAR_MS, SocketCounts } from "../src/server/mod.ts";

/** The refusal `counts` gives `address` at `now`, or "open" when a socket is let in (and given back). */
function ask(counts: SocketCounts, address: string, now: number): string {
  const taken = counts.take(address, now);
  if (typeof taken !== "function") return taken.refused;
  taken();
  return "open";
}

Deno.test("an address that breaks the limits again is barred twice as long each time", () => {
  const counts = new SocketCounts(32, 1000);
  let now = 0;
  counts.bar("a", now);
  equal(counts.barredFor("a", now), BARRED_MS);
  ok(ask(counts, "a", now).includes("wait a minute"));
  now += BARRED_MS;
  equal(ask(counts, "a", now), "open", "the first bar is over");
  counts.bar("a", now);
  equal(counts.barredFor("a", now), 2 * BARRED_MS);
  ok(ask(counts, "a", now).includes("wait 2 minutes"));
  now += 2 * BARRED_MS;
  counts.bar("a", now);
  equal(counts.barredFor("a", now), 4 * BARRED_MS);
  equal(ask(counts, "b", now), "open", "another address is not barred");
});

Deno.test("a bar is at most a day, and an address that kept the limits a while after its bar starts again", () => {
  const counts = new SocketCounts(32, 1000);
  let now = 0;
  for (let k = 0; k < 20; k++) {
    counts.bar("a", now);
    now += counts.barredFor("a", now);
  }
  counts.bar("a", now);
  equal(counts.barredFor("a", now), LONGEST_BAR_MS);
  now += LONGEST_BAR_MS + FORGIVEN_AFTER_MS;
  equal(ask(counts, "a", now), "open");
  counts.bar("a", now);
  equal(counts.barredFor("a", now), BARRED_MS, "forgiven: a minute again");
});
