/**
 * `deno task test`: format check, lint, type check and every test, ending
 * with one plain line `N passed, N failed` (the three checks count as one
 * test each).
 */
const DENO = Deno.execPath();
// Every permission: the tests start programs (tmux, mount for a full disk, the game itself) and read
// /proc. The tests of the game's own grants run it in processes of its own, with the tasks' flags.
const TEST_PERMISSIONS = ["--unstable-worker-options", "--allow-all"];

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
for (
  const [label, args] of [
    ["format", ["fmt", "--check"]],
    ["lint", ["lint"]],
    ["types", ["check", "main.ts", "src/", "workers/", "tests/", "tools/"]],
  ] as const
) {
  const { ok } = await run(label, [...args]);
  if (ok) passed++;
  else failed++;
}

const tests = await run("tests", ["test", ...TEST_PERMISSIONS, "tests/"], true);
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
