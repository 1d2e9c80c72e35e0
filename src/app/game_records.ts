/**
 * What a game leaves behind when it ends, by death or abandoned for a new
 * one: its morgue file, its line in the high scores and, abandoned, its
 * replay kept beside its morgue file (the next game's replay takes the
 * last-game file's place).
 *
 * @module
 */
import type { Content } from "../content/mod.ts";
import {
  deepestFloor,
  type GameState,
  type HighScore,
  type MessageId,
  playerOf,
  scoreOf,
} from "../engine/mod.ts";
import { endText, type GameOverReport, morgueText, type MorgueWritten } from "../ui/mod.ts";
import {
  addHighScore,
  briefly,
  type DailyMark,
  type DataShelf,
  type Recording,
  ScoresNotWritten,
  writeMorgue,
  writeMorgueReplay,
  writeReplayBeside,
} from "../store/mod.ts";
import { themeFromContent } from "./theme_from_content.ts";

/** Where a game's records go, and what stamps them. */
export interface RecordPlaces {
  readonly morgueDir: string;
  readonly scoresPath: string;
  /** This program's version, written into each. */
  readonly version: string;
  readonly now: () => Date;
  /** Where the version of the data a replay kept beside a morgue file names is kept, for as long as it is there. */
  readonly shelf?: DataShelf;
  /** Set for a daily game: its date, and whether it is scored. */
  readonly daily?: DailyMark;
  /** The seed is hidden until the game ends (a morgue file written before says so). */
  readonly hideSeed?: boolean;
  /** Told each score as it goes into the table, with the game's morgue file (a server keeps its own table). */
  readonly onScore?: (entry: HighScore, morguePath: string | undefined) => void;
}

/**
 * Keeps the version of `content` for the replay at `path` kept beside a
 * morgue file, which is never written again. The game's save named it
 * already: a store that fails here loses nothing the game had.
 */
async function keepFor(places: RecordPlaces, content: Content, path: string): Promise<void> {
  await places.shelf?.keep(content, [path], true).catch(() => {});
}

/** A message of the rules for a game's log, with its values. */
export type Told = readonly [MessageId, Readonly<Record<string, string | number>>];

/** Writes the morgue file of `state`; resolves to its path, or why it could not be written. */
export function writeMorgueOf(
  places: RecordPlaces,
  state: GameState,
  content: Content,
  abandoned = false,
): Promise<MorgueWritten> {
  const now = places.now();
  const text = morgueText(state, content.rules, themeFromContent(content), {
    version: places.version,
    now,
    abandoned,
    ...(places.daily ? { daily: places.daily } : {}),
    ...(places.hideSeed ? { hideSeed: true } : {}),
  });
  return writeMorgue(places.morgueDir, state, text, now, places.hideSeed).then(
    (path) => ({ path }),
    (e: Error) => ({ error: briefly(e) }),
  );
}

/** `{ background }`, the name of the background `state` started with, or nothing when it took none. */
function optionalBackground(state: GameState, content: Content): { background?: string } {
  const id = state.background;
  const name = id === undefined ? undefined : content.rules.backgrounds?.find((b) => b.id === id)?.name;
  return name === undefined ? {} : { background: name };
}

/** Adds the game that ended (with `cause`) to the high scores: its rank, or why it could not be. */
export async function addScoreOf(
  places: RecordPlaces,
  state: GameState,
  content: Content,
  cause: string,
  morguePath?: string,
): Promise<Pick<GameOverReport, "rank" | "scoreError" | "scoresKeptAs" | "unscored">> {
  // One daily game a day is scored: the day's others are played for the fun of it.
  if (places.daily && !places.daily.scored) return { unscored: true };
  const now = places.now();
  const player = playerOf(state);
  const entry: HighScore = {
    score: scoreOf(state, content.rules.score, content.rules.goal),
    depth: deepestFloor(state),
    level: player.level?.current ?? 1,
    xp: state.chronicle.xpEarned,
    turns: state.turn,
    seed: state.seed,
    date: now.toISOString(),
    cause,
    version: places.version,
    ...(state.chronicle.escaped === "won" ? { won: true } : {}),
    ...(places.daily ? { daily: places.daily.date } : {}),
    ...optionalBackground(state, content),
  };
  places.onScore?.(entry, morguePath);
  try {
    const { rank, keptAs } = await addHighScore(places.scoresPath, entry, now);
    return { rank, scoresKeptAs: keptAs };
  } catch (e) {
    const keptAs = e instanceof ScoresNotWritten ? e.keptAs : undefined;
    return { scoreError: briefly(e as Error), scoresKeptAs: keptAs };
  }
}

/**
 * After a death, or the way out of the dungeon: the morgue file, the game's `recording` (if any) beside it,
 * and the game in the high scores.
 */
export async function recordDeath(
  places: RecordPlaces,
  state: GameState,
  content: Content,
  recording?: Recording,
): Promise<GameOverReport> {
  const morgue = await writeMorgueOf(places, state, content);
  const cause = endText(state.chronicle, content.rules) ?? "died";
  const path = "path" in morgue ? morgue.path : undefined;
  const replay = path && recording
    ? await writeReplayBeside(path, JSON.stringify(recording)).then(
      async (replay) => {
        await keepFor(places, content, replay);
        return { replay };
      },
      (e: Error) => ({ replayError: briefly(e) }),
    )
    : {};
  return { morgue, ...replay, ...(await addScoreOf(places, state, content, cause, path)) };
}

/**
 * Ends a game the player gave up for a new one: its replay kept in the
 * morgue folder under its morgue file's name, its morgue file written
 * ("Abandoned on …"), its score in the table with the cause "abandoned".
 * Resolves to what the new game's log tells of it, or to the lines of a
 * popup when its replay could not be kept: then nothing was written, and
 * the game must stay where it is.
 */
export async function abandonGame(
  places: RecordPlaces,
  game: { readonly state: GameState; readonly content: Content; readonly recording?: Recording },
): Promise<{ readonly told: Told[] } | { readonly popup: string[] }> {
  const { state, content, recording } = game;
  if (recording) {
    try {
      const replay = await writeMorgueReplay(
        places.morgueDir,
        state,
        JSON.stringify(recording),
        places.now(),
        places.hideSeed,
      );
      await keepFor(places, content, replay);
    } catch (e) {
      return {
        popup: [
          "The old game was not abandoned:",
          `its replay could not be kept (${briefly(e as Error)}); it is as it was.`,
        ],
      };
    }
  }
  const told: Told[] = [["game_abandoned", { dir: places.morgueDir }]];
  const morgue = await writeMorgueOf(places, state, content, true);
  if ("error" in morgue) told.push(["morgue_failed", { reason: morgue.error }]);
  const path = "path" in morgue ? morgue.path : undefined;
  const score = await addScoreOf(places, state, content, "abandoned", path);
  if (score.scoreError !== undefined) told.push(["scores_failed", { reason: score.scoreError }]);
  return { told };
}
