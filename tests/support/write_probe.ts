/**
 * What a program given a launch plan's exact permissions may write: this
 * script, run in the game's place with the plan's flags, asks Deno about
 * each path, makes the files it is told to make (not there yet: a grant of a
 * path that does not exist must hold), and tries to write the ones it must
 * not. The plan's flags are the launcher's, word for word.
 */
import type { Launch } from "../../src/app/mod.ts";
import { MAIN, runDeno } from "./run_program.ts";

/** What to ask: paths to query, files to make, files that must be refused. */
export interface ProbeRequest {
  readonly query: readonly string[];
  readonly make: readonly string[];
  readonly forbidden: readonly string[];
}

/** What Deno answered: each queried path's state, the files made, and each forbidden write's error. */
export interface ProbeResult {
  readonly states: Record<string, string>;
  readonly made: string[];
  readonly refused: Record<string, string>;
}

/** Runs this probe with the permissions `plan` gives the game. */
export async function probeGrants(plan: Launch, request: ProbeRequest): Promise<ProbeResult> {
  if (plan.kind !== "run") throw new Error(`refused: ${plan.line}`);
  const flags = plan.args.slice(0, plan.args.indexOf(MAIN));
  const ran = await runDeno([...flags, new URL(import.meta.url).pathname, JSON.stringify(request)]);
  if (ran.code !== 0) throw new Error(`the probe failed: ${ran.stderr}`);
  return JSON.parse(ran.stdout);
}

if (import.meta.main) {
  const request: ProbeRequest = JSON.parse(Deno.args[0]);
  const result: ProbeResult = { states: {}, made: [], refused: {} };
  for (const path of request.query) {
    result.states[path] = (await Deno.permissions.query({ name: "write", path })).state;
  }
  for (const path of request.make) {
    await Deno.writeTextFile(path, "made by the probe\n", { createNew: true });
    result.made.push(path);
  }
  for (const path of request.forbidden) {
    result.refused[path] = await Deno.writeTextFile(path, "probe\n").then(() => "written", (e) => e.name);
  }
  console.log(JSON.stringify(result));
}
