/**
 * What `deno task test` was asked to run: its own flags read, every other
 * argument handed to `deno test` as it was given.
 *
 * @module
 */

/** The folder of tests run when no test file or folder is named. */
export const TEST_DIR = "tests/";

/**
 * What every test run is given. Every permission: the tests start programs (tmux, mount for a full disk,
 * the game itself) and read /proc. The tests of the game's own grants run it in processes of its own, with
 * the tasks' flags.
 */
export const TEST_PERMISSIONS: readonly string[] = ["--unstable-worker-options", "--allow-all"];

/** The runner's help, for `deno task test --help`. */
export const HELP = `deno task test [options] [test files or folders...]

With no arguments: the format check, the lint and the type check of the whole
project, then every test under ${TEST_DIR}, ending with one line "N passed, N failed"
(the three checks count as one test each). This is what CI runs.

With test files or folders, or deno test flags, only those tests run (under
${TEST_DIR} when no file or folder is named), and the three checks are skipped:
deno test type-checks the files it runs.

  deno task test tests/foo_test.ts              one file
  deno task test tests/foo_test.ts tests/bar/   several files and folders
  deno task test --filter "part of a name"      the tests whose name contains it
  deno task test --filter "/regexp/" tests/foo_test.ts
  deno task test --fail-fast                    every test, stopping at the first failure

Options:
  --checks      run the format check, lint and type check as well
  --no-checks   skip them (with no other argument: every test, no checks)
  -h, --help    this text

Every other argument goes to deno test unchanged (see deno test --help): the
runner always adds ${TEST_PERMISSIONS.join(" ")} and runs the tests
with NO_COLOR=1.`;

/** The runner's plan. */
export interface RunPlan {
  /** Print the help and run nothing. */
  readonly help: boolean;
  /** Run the format check, lint and type check first. */
  readonly checks: boolean;
  /** The arguments after `deno test` and its permissions: the caller's, then the default folder if none was named. */
  readonly testArgs: readonly string[];
}

/** `deno test` flags that take their value as the next argument (the others are `--flag` or `--flag=value`). */
const TAKES_VALUE = new Set([
  "--filter",
  "--reporter",
  "--junit-path",
  "--retry",
  "--repeats",
  "--shard",
  "--related",
  "--ext",
  "--import-map",
  "--cert",
  "--location",
  "--seed",
  "--preload",
  "--require",
  "--conditions",
  "--config",
  "-c",
  "--lock",
  "--node-modules-linker",
]);

/** Reads the runner's arguments (`Deno.args`). */
export function runPlan(args: readonly string[]): RunPlan {
  let help = false, checks: boolean | undefined;
  const testArgs: string[] = [];
  let namesTests = false;
  // After "--", the arguments are the tests' own (Deno.args in a test), passed on after everything else.
  const end = args.indexOf("--");
  const own = end < 0 ? args : args.slice(0, end), theirs = end < 0 ? [] : args.slice(end);
  for (let i = 0; i < own.length; i++) {
    const arg = own[i];
    if (arg === "-h" || arg === "--help") help = true;
    else if (arg === "--checks") checks = true;
    else if (arg === "--no-checks") checks = false;
    else if (TAKES_VALUE.has(arg) && i + 1 < own.length) testArgs.push(arg, own[++i]);
    else {
      // A bare argument to deno test names a file or folder of tests.
      if (!arg.startsWith("-")) namesTests = true;
      testArgs.push(arg);
    }
  }
  return {
    help,
    checks: checks ?? (testArgs.length === 0 && theirs.length === 0),
    testArgs: [...testArgs, ...(namesTests ? [] : [TEST_DIR]), ...theirs],
  };
}
