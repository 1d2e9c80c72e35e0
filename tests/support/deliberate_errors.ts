/**
 * Programs whose workers fail on purpose, run in a process of their own.
 * Deno reports a worker's uncaught error on stderr, stack and all, even when
 * the program handles it: in a process of its own, that report is read and
 * checked here rather than printed into the test run. Only the reports of
 * the error thrown on purpose are taken; anything else on stderr fails the
 * test, shown whole, so a real failure is never hidden.
 *
 * @module
 */

/**
 * The lines of `stderr` that are not Deno's reports of `message` thrown in
 * the worker whose source is `source`: each report is its first line
 * (`error: Uncaught (in worker "…") … Error: message`), then the line of the
 * source that threw, its caret and its stack.
 */
export function strayLines(stderr: string, source: string, message: string): string[] {
  // deno-lint-ignore no-control-regex
  const plain = stderr.replace(/\x1b\[[0-9;]*m/g, "");
  const sourceLines = new Set(source.split("\n").map((l) => l.trim()).filter(Boolean));
  const stray: string[] = [];
  let reports = 0, inReport = false;
  for (const line of plain.split("\n")) {
    if (line.trim() === "") continue;
    const report = /^error: Uncaught \(in worker "[^"]*"\) (?:\(in promise\) )?Error: (.*)$/.exec(line);
    if (report) {
      inReport = report[1] === message;
      if (inReport) reports++;
      else stray.push(line);
      continue;
    }
    const body = /^\s*\^+\s*$/.test(line) || /^\s+at /.test(line) || sourceLines.has(line.trim());
    if (!(inReport && body)) stray.push(line);
  }
  if (reports === 0) stray.push(`(no report of the error thrown on purpose: "${message}")`);
  return stray;
}

/**
 * Runs `program` with `args` (read access, worker options), its workers
 * failing on purpose in `worker` with `message`; resolves to its stdout.
 * It fails if the program fails or says anything on stderr besides the
 * reports of that error.
 */
export async function runWithDeliberateWorkerErrors(
  program: URL,
  args: readonly string[],
  worker: URL,
  message: string,
): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", "--unstable-worker-options", "--allow-read", program.pathname, ...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(out.stderr);
  const stray = strayLines(stderr, await Deno.readTextFile(worker), message);
  if (!out.success || stray.length > 0) {
    throw new Error(
      `${program.pathname} ${
        out.success ? "said more than its deliberate worker errors" : `exited ${out.code}`
      }: ` +
        `${stray.join(" | ")}\n--- its stderr ---\n${stderr}`,
    );
  }
  return new TextDecoder().decode(out.stdout);
}
