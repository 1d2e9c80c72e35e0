import { deepEqual, equal } from "node:assert/strict";
import config from "../deno.json" with { type: "json" };
import { HELP, runPlan, TEST_DIR } from "./run_args.ts";

const ROOT = new URL("../", import.meta.url);
/** Set in the runs this file starts, so that a runner that dropped its arguments does not run this file again. */
const NESTED = "DELVE_RUNNER_TEST_NESTED";

Deno.test("with no arguments the runner plans what CI runs: the three checks and every test", () => {
  deepEqual(runPlan([]), { help: false, checks: true, testArgs: [TEST_DIR] });
});

Deno.test("named test files and folders run alone, without the checks, and flags go to deno test in order", () => {
  deepEqual(runPlan(["tests/a_test.ts", "tests/b/"]), {
    help: false,
    checks: false,
    testArgs: ["tests/a_test.ts", "tests/b/"],
  });
  deepEqual(runPlan(["--filter", "tests/a", "--fail-fast"]).testArgs, [
    "--filter",
    "tests/a",
    "--fail-fast",
    TEST_DIR,
  ], "a flag's value is not a file to run");
  deepEqual(runPlan(["--shuffle=3", "tests/a_test.ts", "--", "tests/not_a_file"]).testArgs, [
    "--shuffle=3",
    "tests/a_test.ts",
    "--",
    "tests/not_a_file",
  ]);
  deepEqual(runPlan(["--", "x"]), { help: false, checks: false, testArgs: [TEST_DIR, "--", "x"] });
});

Deno.test("--checks and --no-checks decide the checks whatever else is given, and --help runs nothing", () => {
  deepEqual(runPlan(["--checks", "tests/a_test.ts"]), {
    help: false,
    checks: true,
    testArgs: ["tests/a_test.ts"],
  });
  deepEqual(runPlan(["--no-checks"]), { help: false, checks: false, testArgs: [TEST_DIR] });
  equal(runPlan(["tests/a_test.ts", "-h"]).help, true);
  equal(runPlan(["--help"]).help, true);
});

/**
 * `deno task test ARGS` from the project's folder: its exit code, its last line
 * (the summary), and all it printed. Runs that begin the checks are stopped
 * there (none of these asks for them; a runner that dropped its arguments
 * would go on to the whole suite). The task's own command is run rather than
 * `deno task`, so that stopping it stops the runner.
 */
async function runTask(...args: string[]): Promise<{ code: number; last: string; out: string }> {
  const [deno, ...task] = config.tasks.test.split(" ");
  equal(deno, "deno");
  const child = new Deno.Command(Deno.execPath(), {
    args: [...task, ...args],
    cwd: ROOT,
    env: { [NESTED]: "1" },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const errors = new Response(child.stderr).text();
  let out = "";
  for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) {
    out += chunk;
    if (out.includes("== format")) {
      child.kill();
      await child.status;
      await errors;
      throw new Error(`the checks began:\n${out}`);
    }
  }
  const { code } = await child.status;
  return { code, last: out.trimEnd().split("\n").at(-1)!, out: `${out}\n${await errors}` };
}

Deno.test({
  name: "deno task test runs one file, and one test of it by --filter, counting only those",
  ignore: Deno.env.has(NESTED),
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "delve-runner-" });
    try {
      const file = `${dir}/two_test.ts`;
      await Deno.writeTextFile(
        file,
        `Deno.test("passes", () => {});\nDeno.test("fails", () => { throw new Error("as meant"); });\n`,
      );
      const one = await runTask(file, "--filter", "passes");
      equal(one.code, 0, one.out);
      equal(one.last, "1 passed, 0 failed", one.out);
      const other = await runTask("--filter", "/^fails$/", file);
      equal(other.code, 1, other.out);
      equal(other.last, "0 passed, 1 failed", other.out);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "deno task test --help prints the flags and the defaults and runs nothing",
  ignore: Deno.env.has(NESTED),
  async fn() {
    const { code, out } = await runTask("--help");
    equal(code, 0);
    equal(out.trim(), HELP.trim());
  },
});
