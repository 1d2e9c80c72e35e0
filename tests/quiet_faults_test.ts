/**
 * Test runs print no stack traces for errors the tests cause on purpose,
 * and hide no other: a worker's deliberate error is reported in a process
 * of its own, whose stderr is checked line by line.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { runWithDeliberateWorkerErrors, strayLines } from "./support/deliberate_errors.ts";

const THROWING = new URL("./support/workers/throwing_worker.ts", import.meta.url);
const MAIN = new URL("./support/faulty_game_main.ts", import.meta.url);

Deno.test("the worker tests whose workers fail on purpose print no worker error or stack trace", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "test",
      "--unstable-worker-options",
      "--allow-all",
      "--filter",
      "/a worker that (throws|fails to load)/",
      new URL("./worker_test.ts", import.meta.url).pathname,
    ],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  ok(out.success, text);
  ok(/2 passed/.test(text), text);
  ok(!text.includes("Uncaught (in worker"), text);
  ok(!/^\s+at /m.test(text), text);
});

Deno.test("only the deliberate error's report is taken: another error, a stray line or no report at all is shown", async () => {
  const source = await Deno.readTextFile(THROWING);
  // What Deno really prints for the throwing worker, read from a run of it.
  const run = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--unstable-worker-options", "--allow-read", MAIN.pathname, "throwing_worker.ts", "1000"],
    stdout: "null",
    stderr: "piped",
  }).output();
  const report = new TextDecoder().decode(run.stderr);
  ok(report.includes("the AI broke"), report);
  deepEqual(strayLines(report, source, "the AI broke"), []);
  ok(strayLines(report, source, "another error").length > 0, "a report of another error is shown");
  deepEqual(strayLines(`${report}something went wrong\n`, source, "the AI broke"), ["something went wrong"]);
  deepEqual(strayLines(`    at somewhere (x.ts:1:1)\n${report}`, source, "the AI broke"), [
    "    at somewhere (x.ts:1:1)",
  ]);
  equal(strayLines("", source, "the AI broke").length, 1, "no report at all is shown");
  // And the runner fails, with the whole stderr, when the error is not the one meant.
  const refused = await runWithDeliberateWorkerErrors(MAIN, ["throwing_worker.ts", "1000"], THROWING, "other")
    .then(() => "", (e: Error) => e.message);
  ok(
    refused.includes("said more than its deliberate worker errors") && refused.includes("the AI broke"),
    refused,
  );
});
