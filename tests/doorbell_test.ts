import { equal, ok } from "node:assert/strict";
import { AppBell, canShareMemory, WorkerBell } from "../src/worker/mod.ts";

Deno.test("this runtime can share memory and block on it (the doorbell is used)", () => {
  ok(canShareMemory());
});

Deno.test("the app's wait returns at once for a message posted and not yet read, and times out when all are read", () => {
  const app = new AppBell();
  const worker = new WorkerBell(app.buffer, () => 0);
  equal(app.waitForMessage(1), false, "nothing posted yet");
  worker.ring();
  worker.ring();
  equal(app.waitForMessage(1000), true);
  app.read();
  equal(app.waitForMessage(1000), true, "one more on its way");
  app.read();
  const started = performance.now();
  equal(app.waitForMessage(5), false);
  ok(performance.now() - started >= 4, "it waited its time out");
});

Deno.test("the worker parks only while the app was heard from lately, and not at all when the app rang since its last park", () => {
  let clock = 0;
  const app = new AppBell();
  const worker = new WorkerBell(app.buffer, () => clock);
  worker.read();
  app.ring();
  const started = performance.now();
  equal(worker.park(1000, 100), true, "a ring not yet seen: back to the event loop for its message");
  ok(performance.now() - started < 500, "without waiting out the slice");
  equal(worker.park(5, 100), true, "no ring since: it waited a slice");
  clock = 101;
  equal(worker.park(1000, 100), false, "the app has been quiet: the worker sleeps in its event loop");
});

Deno.test("the app's wait polls first when asked to, then sleeps, and still ends at its time out", () => {
  const app = new AppBell();
  const worker = new WorkerBell(app.buffer, () => 0);
  const started = performance.now();
  equal(app.waitForMessage(20, 5), false);
  ok(performance.now() - started >= 19, "the whole wait, not the polling alone");
  worker.ring();
  equal(app.waitForMessage(1000, 5), true, "a message posted is seen while polling");
});

Deno.test("a closed bell ends the worker's parking at once, however recently the app was heard from", () => {
  const app = new AppBell();
  const worker = new WorkerBell(app.buffer, () => 0);
  worker.read();
  equal(worker.park(5, 1000), true, "the app is there");
  app.close();
  const started = performance.now();
  equal(worker.park(1000, 1000), false);
  ok(performance.now() - started < 500, "without waiting out the slice");
});

Deno.test("each side sees whether the other reads the port on the bell, so a wake by the event loop is sent only when needed", () => {
  const app = new AppBell();
  const worker = new WorkerBell(app.buffer, () => 0);
  equal(app.otherListens, false, "a new worker sleeps in its event loop");
  equal(worker.otherListens, false);
  worker.listening(true);
  app.listening(true);
  equal(app.otherListens, true);
  equal(worker.otherListens, true);
  app.listening(false);
  equal(worker.otherListens, false);
});
