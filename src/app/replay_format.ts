/**
 * Replays: the seed, the version, a checksum of the data, every command
 * the player gave (an action per turn, a choice per level-up) and a
 * checksum of the state every 100 turns. Playing the commands again from
 * the seed must give the same sums, or the replay is out of sync.
 *
 * @module
 */
import { z } from "zod";
import { stateChecksum } from "../engine/checksum.ts";
import type { Rules } from "../engine/rules.ts";
import { type GameState, newGame } from "../engine/state.ts";
import { type Command, playCommand } from "../engine/turn.ts";
import type { JsonLimits } from "../content/untrusted_json.ts";

export type { Command } from "../engine/turn.ts";

/** How often a checksum is taken. */
export const CHECK_EVERY = 100;

/**
 * Bumped whenever the state checksum changes. Version 2: the checksum sorts
 * keys, leaves out the message log (screens write notices into it that no
 * command makes) and covers the chronicle.
 */
export const REPLAY_VERSION = 2;

/**
 * What a replay file may hold. A command takes ~40 bytes: 32 MB holds some
 * 800,000 of them, a game of as many turns. Nothing in a replay nests more
 * than 5 deep (a command's target), so 64 is far from anything real.
 */
export const REPLAY_LIMITS: JsonLimits = {
  maxBytes: 16 * 1024 * 1024,
  maxInflatedBytes: 32 * 1024 * 1024,
  maxDepth: 64,
};

/** A recorded game. */
export interface Recording {
  readonly format: "delve-replay";
  readonly version: typeof REPLAY_VERSION;
  readonly game: string;
  readonly seed: number;
  readonly dataChecksum: number;
  readonly commands: Command[];
  /** The state's checksum after turn `turn`. */
  readonly checks: { turn: number; sum: number }[];
}

/** A recording's start. */
export function startRecording(seed: number, game: string, dataChecksum: number): Recording {
  return {
    format: "delve-replay",
    version: REPLAY_VERSION,
    game,
    seed,
    dataChecksum,
    commands: [],
    checks: [],
  };
}

/** Adds a command; after a turn that ends a hundred, the state's checksum too. */
export function record(recording: Recording, command: Command, state: GameState, turnBefore: number): void {
  recording.commands.push(command);
  if (state.turn !== turnBefore && state.turn % CHECK_EVERY === 0) {
    recording.checks.push({ turn: state.turn, sum: stateChecksum(state) });
  }
}

/** Why a replay could not be played. */
export class ReplayError extends Error {
  override name = "ReplayError";
}

/**
 * Plays `recording` from its seed, yielding the state after each command;
 * throws {@link ReplayError} "replay out of sync at turn T" at the first
 * checksum that differs, or if the game ends before a recorded checksum.
 */
export function* replaySteps(recording: Recording, rules: Rules): Generator<GameState, GameState> {
  const state = newGame(rules, recording.seed);
  let next = 0;
  for (const command of recording.commands) {
    const turnBefore = state.turn;
    playCommand(state, rules, command);
    const check = recording.checks[next];
    if (check && state.turn !== turnBefore && state.turn === check.turn) {
      if (stateChecksum(state) !== check.sum) {
        throw new ReplayError(`replay out of sync at turn ${check.turn}`);
      }
      next++;
    }
    yield state;
  }
  if (next < recording.checks.length) {
    throw new ReplayError(
      `replay out of sync at turn ${recording.checks[next].turn} (the game ended before it)`,
    );
  }
  return state;
}

/** Plays `recording` through (see {@link replaySteps}); returns the final state. */
export function playRecording(recording: Recording, rules: Rules): GameState {
  const steps = replaySteps(recording, rules);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

const point = z.strictObject({ x: z.int(), y: z.int() });
const step = z.int().min(-1).max(1);
const actionSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("bump"), dx: step, dy: step }),
  z.strictObject({ type: z.literal("move"), dx: step, dy: step }),
  z.strictObject({ type: z.literal("melee"), dx: step, dy: step }),
  z.strictObject({ type: z.literal("wait") }),
  z.strictObject({ type: z.literal("pickup") }),
  z.strictObject({ type: z.literal("drop"), item: z.int().nonnegative() }),
  z.strictObject({ type: z.literal("use"), item: z.int().nonnegative(), target: point.optional() }),
  z.strictObject({ type: z.literal("descend") }),
]);

const recordingSchema = z.strictObject({
  format: z.literal("delve-replay"),
  version: z.literal(REPLAY_VERSION),
  game: z.string(),
  seed: z.int().min(0).max(0xffff_ffff),
  dataChecksum: z.int().min(0).max(0xffff_ffff),
  commands: z.array(
    z.union([z.strictObject({ act: actionSchema }), z.strictObject({ level: z.int().nonnegative() })]),
  ),
  checks: z.array(z.strictObject({ turn: z.int().positive(), sum: z.int().min(0).max(0xffff_ffff) })),
});

/**
 * The recording a saved game carries, to go on with: one from an older
 * version keeps its commands (their shape has not changed) and drops its
 * checksums, which were taken another way, so the game stays recorded.
 */
export function continueRecording(json: unknown): Recording {
  const old = json as { format?: unknown; version?: unknown } | null;
  if (old?.format === "delve-replay" && old.version === 1) {
    return decodeRecording({ ...old, version: REPLAY_VERSION, checks: [] });
  }
  return decodeRecording(json);
}

/** A recording from JSON, checked; a bad one is a {@link ReplayError} saying why. */
export function decodeRecording(json: unknown): Recording {
  const { format, version } = (json ?? {}) as { format?: unknown; version?: unknown };
  if (format === "delve-replay" && typeof version === "number" && version !== REPLAY_VERSION) {
    throw new ReplayError(
      version < REPLAY_VERSION
        ? `recorded by an older Delve (replay version ${version}); this one checks version ${REPLAY_VERSION} only`
        : `recorded by a newer Delve (replay version ${version}); this one reads up to ${REPLAY_VERSION}`,
    );
  }
  const parsed = recordingSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.join(".");
    throw new ReplayError(`not a Delve replay${where ? ` (at ${where})` : ""}: ${issue.message}`);
  }
  return parsed.data as Recording;
}
