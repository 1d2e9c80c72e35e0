/**
 * Runs Delve's programs as the user does, without a terminal (stdin
 * closed), and decodes what they print: the game's entry, any script, or a
 * `deno task`. One helper for every test that starts a program and reads
 * its exit status and output.
 */

/** What a program did: its exit status and what it printed. */
export interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** How a program is started besides its arguments. */
export interface RunOptions {
  /** Variables set for it (added to the test's own unless `clearEnv`). */
  readonly env?: Record<string, string>;
  /** Start from an empty environment (`env` only, and where Deno keeps its cache: nothing is fetched again). */
  readonly clearEnv?: boolean;
  readonly cwd?: string | URL;
}

/** The project's folder. */
export const ROOT: string = new URL("../../", import.meta.url).pathname;
/** The game's entry. */
export const MAIN: string = `${ROOT}main.ts`;
/** The permissions tests give the game run directly: reading and the environment, never writing. */
export const READ_AND_ENV: readonly string[] = ["--allow-read", "--allow-env"];

let denoDir: Promise<string> | undefined;

/** Where the Deno running the tests keeps its cache (a test that moves HOME keeps it: nothing is fetched again). */
export function denoCache(): Promise<string> {
  denoDir ??= new Deno.Command(Deno.execPath(), { args: ["info", "--json"], stdout: "piped" }).output()
    .then((out) => JSON.parse(new TextDecoder().decode(out.stdout)).denoDir);
  return denoDir;
}

/** Runs the Deno running the tests with `args`; resolves to its exit status and output, decoded. */
export async function runDeno(args: readonly string[], options: RunOptions = {}): Promise<Ran> {
  const env = options.clearEnv
    ? { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", DENO_DIR: await denoCache(), ...options.env }
    : options.env;
  const out = await new Deno.Command(Deno.execPath(), {
    args: [...args],
    env,
    clearEnv: options.clearEnv,
    cwd: options.cwd,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  return { code: out.code, stdout: decoder.decode(out.stdout), stderr: decoder.decode(out.stderr) };
}

/** `deno run --no-prompt` of `script` (a path or URL) with `permissions`, then `args`. */
export function runScript(
  script: string | URL,
  args: readonly string[],
  permissions: readonly string[] = READ_AND_ENV,
  options?: RunOptions,
): Promise<Ran> {
  const path = script instanceof URL ? script.pathname : script;
  return runDeno(["run", "--no-prompt", ...permissions, path, ...args], options);
}

/** The game (main.ts) with `args`, allowed to read and see the environment. */
export function runMain(args: readonly string[], options?: RunOptions): Promise<Ran> {
  return runScript(MAIN, args, READ_AND_ENV, options);
}

/** `deno task -q <name>` from the project's folder, with `args`. */
export function runTask(name: string, args: readonly string[], options?: RunOptions): Promise<Ran> {
  return runDeno(["task", "-q", name, ...args], { cwd: ROOT, ...options });
}
