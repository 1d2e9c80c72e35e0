/**
 * {@link faultyGame} in a process of its own, for a worker that fails on
 * purpose: Deno reports a worker's uncaught error on the process's stderr,
 * which the test reads (and checks) rather than letting it into the test
 * run's output. Prints the result as JSON. Arguments: the worker's file, the
 * timeout in milliseconds.
 */
import { deepEqual } from "node:assert/strict";
import { bundledContent } from "./content.ts";
import { faultyGame } from "./faulty_game.ts";

const { rules } = await bundledContent();
const { faults, faulty, reference } = await faultyGame(rules, Deno.args[0], Number(Deno.args[1]));
let same = true;
try {
  deepEqual(faulty, reference);
} catch {
  same = false;
}
console.log(JSON.stringify({ faults, same }));
