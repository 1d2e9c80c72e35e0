/**
 * `deno task test`: format check, lint, type check and every test, ending
 * with one plain line `N passed, N failed` (the three checks count as one
 * test each). Given test files, folders or deno test flags, it runs only
 * those tests; `--help` tells the rest.
 */
import { HELP, runPlan, TEST_PERMISSIONS } from "./run_args.ts";

const plan = runPlan(Deno.args);
if (plan.help) {
  console.log(HELP);
  Deno.exit(0);
}
const DENO = Deno.execPath();

async function run(label: string, args: string[], capture = false): Promise<{ ok: boolean; output: string }> {
  console.log(`\n== ${label}: deno ${args.join(" ")}`);
  const child = new Deno.Command(DENO, {
    args,
    stdout: capture ? "piped" : "inherit",
    stderr: "inherit",
    env: { NO_COLOR: "1" },
  }).spawn();
  let output = "";
  if (capture) {
    const decoder = new TextDecoder();
    for await (const chunk of child.stdout) {
      const text = decoder.decode(chunk, { stream: true });
      output += text;
      await Deno.stdout.write(chunk);
    }
  }
  const status = await child.status;
  return { ok: status.success, output };
}

let passed = 0;
let failed = 0;
const checks = [
  ["format", ["fmt", "--check"]],
  ["lint", ["lint"]],
  ["types", ["check", "main.ts", "src/", "workers/", "tests/", "tools/"]],
] as const;
for (const [label, args] of plan.checks ? checks : []) {
  const { ok } = await run(label, [...args]);
  if (ok) passed++;
  else failed++;
}

const tests = await run("tests", ["test", ...TEST_PERMISSIONS, ...plan.testArgs], true);
const summary = /(\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed/.exec(tests.output);
if (summary) {
  passed += Number(summary[1]);
  failed += Number(summary[2]);
} else {
  // The runner died before its summary: count that as a failure.
  failed++;
}
if (!tests.ok && (!summary || Number(summary[2]) === 0)) failed++;

console.log(`\n${passed} passed, ${failed} failed`);
Deno.exit(failed === 0 ? 0 : 1);
