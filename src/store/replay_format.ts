/**
 * Replays: the seed, the version, the data it was played by (its stamp:
 * the checksum of its rules, and the folder), every command
 * the player gave (an action, done or found impossible; a choice per
 * level-up; the end of a walk, with its reason) and a checksum of the state
 * every 100 turns. Playing the commands again from
 * the seed must give the same sums, or the replay is out of sync.
 *
 * @module
 */
import { z } from "zod";
import {
  type Command,
  type GameState,
  isGameOver,
  newGame,
  playCommand,
  type Rules,
  stateChecksum,
  stateChecksumWithoutLog,
} from "../engine/mod.ts";
import { type JsonLimits, parseToFirstProblem } from "../content/mod.ts";
import { type DataStamp, stampSchema } from "./data_stamp.ts";

export { type Command } from "../engine/mod.ts";

/** How often a checksum is taken. */
export const CHECK_EVERY = 100;

/**
 * Bumped whenever the state checksum or the file's shape changes. Version 2:
 * the checksum sorts keys, leaves out the message log (the program wrote
 * notices into it then that no command makes) and covers the chronicle.
 * Version 3: the program's notices are kept apart and a walk's end is a
 * command, so the checksum covers the whole log again. Version 4: the data
 * is named by its stamp, `data` (its checksum and its folder), as a save
 * names it, instead of `dataChecksum` alone; its checksums are version 3's.
 * From version 4 on, a change only adds fields, with defaults
 * (CONTRIBUTING.md, Saves and replays outlive the data).
 */
export const REPLAY_VERSION = 4;

/** The oldest version whose checksums this Delve still checks, the way that version took them. */
export const OLDEST_REPLAY_VERSION = 2;

/** A version this Delve checks. */
export type ReplayVersion = 2 | 3 | 4;

/** The state's checksum as a replay of `version` takes it. */
export function checksumOf(version: ReplayVersion, state: GameState): number {
  return version === 2 ? stateChecksumWithoutLog(state) : stateChecksum(state);
}

/**
 * What a replay file may hold. A command takes about 30 bytes and 4 values
 * (an object or two, a text, a number or two): the bot's longest games of
 * Delve's data, some 20,000 turns, replay in 600 KB and 80,000 values, and
 * a game of 100,000 turns in some 3 MB and 400,000 values. These take
 * several times that, and bound what reading one costs (see SAVE_LIMITS in
 * save_file.ts). Nothing in a replay nests more than 5 deep (a command's
 * target), so 64 is far from anything real.
 */
export const REPLAY_LIMITS: JsonLimits = {
  maxBytes: 6 * 1024 * 1024,
  maxInflatedBytes: 48 * 1024 * 1024,
  maxDepth: 64,
  maxValues: 500_000,
  /** A command has one key, its action four at most. */
  maxKeys: 1000,
};

/** A recorded game, in the shape of its file. */
export type Recording =
  & RecordingBody
  & (
    /** Versions 2 and 3 name their data by its checksum alone. */
    | { readonly version: 2 | 3; readonly dataChecksum: number }
    | { readonly version: 4; readonly data: DataStamp }
  );

/** What every version of a recording holds. */
interface RecordingBody {
  readonly format: "delve-replay";
  readonly game: string;
  readonly seed: number;
  /**
   * The background the game started with (docs/rules.md, Backgrounds); absent: none, the player's template's
   * start (every replay from before backgrounds).
   */
  readonly background?: string;
  readonly commands: Command[];
  /** The state's checksum after turn `turn`. */
  readonly checks: { turn: number; sum: number }[];
}

/** The data a recording was played by: the checksum of its rules, and its folder when the file names it. */
export function recordedData(recording: Recording): { readonly checksum: number; readonly folder?: string } {
  return recording.version === 4 ? recording.data : { checksum: recording.dataChecksum };
}

/**
 * A recording's start: a game of `seed`, by the Delve `game`, played by the data `data`, started with the
 * background `background` if one was chosen.
 */
export function startRecording(seed: number, game: string, data: DataStamp, background?: string): Recording {
  return {
    format: "delve-replay",
    version: REPLAY_VERSION,
    game,
    seed,
    ...(background === undefined ? {} : { background }),
    data,
    commands: [],
    checks: [],
  };
}

/** The game a recording starts from: its seed, with its background if it names one its rules have. */
export function recordedStart(recording: Recording, rules: Rules): GameState {
  const { background } = recording;
  if (background !== undefined && !rules.backgrounds?.some((b) => b.id === background)) {
    const known = rules.backgrounds?.map((b) => b.id).join(", ");
    throw new ReplayError(
      `the replay starts with the background "${background}", which its data ${
        known ? `does not have (it has ${known})` : "has none of"
      }`,
    );
  }
  return newGame(rules, recording.seed, background);
}

/** Adds a command; after a turn that ends a hundred, the state's checksum too. */
export function record(recording: Recording, command: Command, state: GameState, turnBefore: number): void {
  recording.commands.push(command);
  if (state.turn !== turnBefore && state.turn % CHECK_EVERY === 0) {
    recording.checks.push({ turn: state.turn, sum: checksumOf(recording.version, state) });
  }
}

/** Why a replay could not be played. */
export class ReplayError extends Error {
  override name = "ReplayError";
}

/**
 * Plays `recording` from its seed, yielding the state after each command
 * (`before`, if given, sees the state as each command finds it); throws
 * {@link ReplayError} "replay out of sync at turn T" at the first checksum
 * that differs, or if the game ends before a recorded checksum; and at the
 * first command after the game ended (no game records one: its commands end
 * with the one that ended it).
 */
export function* replaySteps(
  recording: Recording,
  rules: Rules,
  before?: (state: GameState, command: Command) => void,
): Generator<GameState, GameState> {
  const state = recordedStart(recording, rules);
  const { commands } = recording;
  let next = 0;
  for (let at = 0; at < commands.length; at++) {
    const command = commands[at];
    if (isGameOver(state)) {
      // A checksum still to come says the recorded game went on: this one is out of sync.
      throw next < recording.checks.length
        ? endedEarly(recording, next)
        : afterTheEnd(state, at, commands.length);
    }
    before?.(state, command);
    const turnBefore = state.turn;
    playCommand(state, rules, command);
    const check = recording.checks[next];
    if (check && state.turn !== turnBefore && state.turn === check.turn) {
      if (checksumOf(recording.version, state) !== check.sum) {
        throw new ReplayError(`replay out of sync at turn ${check.turn}`);
      }
      next++;
    }
    yield state;
  }
  if (next < recording.checks.length) throw endedEarly(recording, next);
  return state;
}

/** The refusal of a replay whose game ended before its checksum `next`. */
function endedEarly(recording: Recording, next: number): ReplayError {
  return new ReplayError(
    `replay out of sync at turn ${recording.checks[next].turn} (the game ended before it)`,
  );
}

/** The refusal of the commands from `at` on, of `count`, played after the game in `state` ended. */
function afterTheEnd(state: GameState, at: number, count: number): ReplayError {
  const more = count - at - 1;
  return new ReplayError(
    `the game ended at turn ${state.turn} (command ${at - 1}): expected no command after it, found one at ` +
      `$.commands[${at}]${more > 0 ? ` and ${more.toLocaleString("en-US")} more` : ""}`,
  );
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
  // Older replays never name the item: the topmost is taken.
  z.strictObject({ type: z.literal("pickup"), item: z.int().nonnegative().optional() }),
  z.strictObject({
    type: z.literal("drop"),
    item: z.int().nonnegative(),
    count: z.int().positive().optional(),
  }),
  z.strictObject({ type: z.literal("throw"), item: z.int().nonnegative(), target: point }),
  z.strictObject({ type: z.literal("use"), item: z.int().nonnegative(), target: point.optional() }),
  z.strictObject({ type: z.literal("descend") }),
  // Only rules that close doors make it (docs/rules.md, Doors); older replays never hold it.
  z.strictObject({ type: z.literal("close"), dx: step, dy: step }),
  // Only rules that keep floors make it (docs/rules.md, Persistent floors); older replays never hold it.
  z.strictObject({ type: z.literal("ascend") }),
]);

const names = z.array(z.string().max(200)).min(1).max(10_000);
const walkStopSchema = z.discriminatedUnion("reason", [
  z.strictObject({ reason: z.enum(["monster", "closer", "item", "status", "in_view", "threat"]), names }),
  z.strictObject({ reason: z.literal("blocked"), name: z.string().max(200).optional() }),
  z.strictObject({
    reason: z.enum([
      "hurt",
      "loop",
      "interrupted",
      "explored",
      "stairs",
      "no_way",
      "arrived",
      "end",
      "rested",
      "cannot_rest",
      "low_hp",
    ]),
  }),
]);

const recordingBody = {
  format: z.literal("delve-replay"),
  game: z.string(),
  seed: z.int().min(0).max(0xffff_ffff),
  background: z.string().regex(/^[a-z][a-z0-9_]*$/).max(100).optional(),
  commands: z.array(
    z.union([
      z.strictObject({ act: actionSchema }),
      z.strictObject({ level: z.int().nonnegative() }),
      z.strictObject({ stop: walkStopSchema }),
      // Only rules that let the player sneak make it (docs/rules.md, Noise and sneaking).
      z.strictObject({ sneak: z.boolean() }),
    ]),
  ),
  checks: z.array(z.strictObject({ turn: z.int().positive(), sum: z.int().min(0).max(0xffff_ffff) })),
};

/** A recording of version 2 or 3, which names its data by the checksum alone. */
const checksumNamedSchema = z.strictObject({
  ...recordingBody,
  version: z.union([z.literal(2), z.literal(3)]),
  dataChecksum: z.int().min(0).max(0xffff_ffff),
});

/** A recording of version 4: its data named by its stamp. */
const stampedSchema = z.strictObject({ ...recordingBody, version: z.literal(4), data: stampSchema });

/**
 * The recording a saved game carries, to go on with, in its own version: the
 * game's log may hold notices from before version 3, so its checksums go on
 * being taken that version's way. One from version 1 keeps its commands
 * (their shape has not changed) and drops its checksums, which were taken
 * another way: it goes on as version 2. One of version 3 goes on as version
 * 4 (whose checksums are taken the same way), named by the save's `stamp`
 * when that is the data it names.
 */
export function continueRecording(json: unknown, stamp?: DataStamp): Recording {
  const old = json as { format?: unknown; version?: unknown } | null;
  if (old?.format === "delve-replay" && old.version === 1) {
    return decodeRecording({ ...old, version: 2, checks: [] });
  }
  const recording = decodeRecording(json);
  if (recording.version !== 3 || stamp?.checksum !== recording.dataChecksum) return recording;
  const { dataChecksum: _, ...body } = recording;
  return { ...body, version: REPLAY_VERSION, data: stamp };
}

/** A recording from JSON, checked; a bad one is a {@link ReplayError} saying why. */
export function decodeRecording(json: unknown): Recording {
  const { format, version } = (json ?? {}) as { format?: unknown; version?: unknown };
  if (
    format === "delve-replay" && typeof version === "number" &&
    !(version >= OLDEST_REPLAY_VERSION && version <= REPLAY_VERSION)
  ) {
    throw new ReplayError(
      version < REPLAY_VERSION
        ? `recorded by an older Delve (replay version ${version}); this one checks versions ${OLDEST_REPLAY_VERSION} to ${REPLAY_VERSION}`
        : `recorded by a newer Delve (replay version ${version}); this one reads up to ${REPLAY_VERSION}`,
    );
  }
  const parsed = parseToFirstProblem(version === 4 ? stampedSchema : checksumNamedSchema, json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.join(".");
    throw new ReplayError(`not a Delve replay${where ? ` (at ${where})` : ""}: ${issue.message}`);
  }
  return parsed.data as Recording;
}
