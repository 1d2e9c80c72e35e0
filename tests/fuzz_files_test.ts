/**
 * `deno task fuzz --files`: damaged saves, replays, score tables and data
 * files go through every reader the game has, and each is refused in one
 * line or taken and played on with the invariants holding.
 */
import { deepEqual, equal, match, notEqual, ok } from "node:assert/strict";
import { fuzzCommand } from "../tools/fuzz/fuzz.ts";
import type { CommandOutput } from "../src/cli/mod.ts";
import {
  controlCharacters,
  flipBits,
  hugeNumber,
  nestDeep,
  nudgeNumber,
  repeatKey,
  truncate,
  wrongKind,
} from "../tools/fuzz/file_mutations.ts";
import { FILE_KINDS, runFileFuzz } from "../tools/fuzz/fuzz_files.ts";
import { parseUntrustedJson } from "../src/content/mod.ts";
import { Rng } from "../src/engine/mod.ts";

const SAMPLE = JSON.stringify({ a: 1, b: [2, 3, { c: "text", d: -4 }], e: { f: true, g: null } });

Deno.test("each mutation damages JSON its own way, the same way for the same seed", () => {
  const mutate = (m: (t: string, r: Rng) => string, seed: number) => m(SAMPLE, Rng.fromSeed(seed));
  for (const m of [nestDeep, hugeNumber, controlCharacters, wrongKind, repeatKey, nudgeNumber]) {
    equal(mutate(m, 5), mutate(m, 5), `${m.name} is reproducible`);
  }
  const deep = Array.from({ length: 30 }, (_, k) => mutate(nestDeep, k));
  ok(deep.some((t) => t.includes("[".repeat(1000)) || t.includes('{"a":'.repeat(1000))), "nests deep");
  ok(
    deep.some((t) => parseUntrustedJson(t, { maxDepth: 500_000 }).kind === "refused"),
    "sometimes leaves it open",
  );
  const repeated = mutate(repeatKey, 3);
  const read = parseUntrustedJson(repeated, { maxDepth: 64 });
  ok(read.kind === "read" && read.keyProblems.length === 1, `a key twice in ${repeated}`);
  ok(mutate(controlCharacters, 1).match(/\\u(001b|009b|202e|200b|0085|0000|d800)/), "an unsafe character");
  const nudged = Array.from({ length: 20 }, (_, k) => mutate(nudgeNumber, k));
  ok(
    nudged.every((t) => parseUntrustedJson(t, { maxDepth: 64 }).kind === "read"),
    "a nudge keeps the JSON whole",
  );
  ok(nudged.some((t) => t !== SAMPLE), "a nudge changes a number");
  const bytes = new TextEncoder().encode(SAMPLE);
  notEqual(flipBits(bytes, Rng.fromSeed(1)).join(), bytes.join());
  ok(truncate(bytes, Rng.fromSeed(1)).length < bytes.length);
});

Deno.test("fuzz --files: 800 rounds damage every kind of file, and every reader refuses or takes each without a crash", async () => {
  const result = await runFileFuzz({ seed: 1, rounds: 800, tempRoot: "/tmp" });
  equal(result.failure, undefined, JSON.stringify(result.failure));
  equal(result.rounds, 800);
  for (const kind of FILE_KINDS) ok(result.refused[kind] > 0, `some ${kind} files refused`);
  ok(FILE_KINDS.some((kind) => result.taken[kind] > 0), "some damaged files still taken and played");
});

/** Runs the command with `args`, collecting what it prints. */
async function command(args: string[], afterRead?: (round: number) => void) {
  const out: string[] = [], err: string[] = [];
  const output: CommandOutput = { out: (l) => out.push(l), err: (l) => err.push(l) };
  const code = await fuzzCommand(args, output, { afterRead });
  return { code, out, err };
}

Deno.test("fuzz --files: a reader that throws is reported with its round, its stack and the line that reproduces it", async () => {
  const { code, err } = await command(["--files", "--seed", "4", "--rounds", "50"], (round) => {
    if (round === 17) throw new TypeError("planted reader bug");
  });
  equal(code, 1);
  match(err[0], /planted reader bug[\s\S]*fuzz_files_test\.ts/);
  match(
    err.at(-1)!,
    /^fuzz --files: TypeError: planted reader bug reading \w+ \([\w+]+\), round 17 \(seed 4\); reproduce with: deno task fuzz --files --seed 4 --round 17$/,
  );
  const again = await command(["--files", "--seed", "4", "--round", "17"], (round) => {
    if (round === 17) throw new TypeError("planted reader bug");
  });
  equal(again.err.at(-1), err.at(-1), "--round plays that round alone, the same");
});

Deno.test("fuzz --files: a clean run says what was refused and taken of each kind; exit 0", async () => {
  const { code, out, err } = await command(["--files", "--seed", "2", "--rounds", "40"]);
  equal(code, 0, err.join("\n"));
  deepEqual(err, []);
  equal(out[0], "fuzz --files: 40 rounds, seed 2");
  match(
    out.at(-1)!,
    /^fuzz --files: 40 files in [\d.]+ s; refused: save \d+, replay \d+, scores \d+, data \d+; /,
  );
});

Deno.test("fuzz --files: flags of the other mode are refused in one line, exit 2", async () => {
  for (
    const [args, line] of [
      [["--rounds", "5"], "delve fuzz: --rounds and --round go with --files"],
      [["--files", "--events", "5"], "delve fuzz: --events and --worker do not go with --files"],
      [
        ["--files", "--rounds", "0"],
        'delve fuzz: --rounds: expected an integer from 1 to 100000000, found "0"',
      ],
    ]
  ) {
    const { code, err } = await command(args as string[]);
    equal(code, 2, String(args));
    equal(err[0].split("\n")[0], line);
  }
});
