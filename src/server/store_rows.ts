/**
 * The rows of the server's database as the code knows them, and the checks
 * every row read back passes before it is believed: the file is input too.
 *
 * @module
 */
import type { HighScore } from "../engine/mod.ts";
import type { StoredPassword } from "./passwords.ts";

/** The database file refused: newer than this code, or holding a row that is not what was written. */
export class StoreError extends Error {
  override name = "StoreError";
}

/** A game in the index. Absent fields are those not known yet (a live game has no end). */
export interface GameRecord {
  readonly id: string;
  readonly player: string;
  /** ISO 8601. */
  readonly startedAt: string;
  /** ISO 8601; absent while the game is live. */
  readonly endedAt?: string;
  readonly depth: number;
  readonly level: number;
  readonly turns: number;
  /** How it ended ("killed by an Orc", "left"); absent while live. */
  readonly outcome?: string;
  readonly morguePath?: string;
  readonly replayPath?: string;
}

/** Where a live game is. */
export interface GameProgress {
  readonly depth: number;
  readonly level: number;
  readonly turns: number;
}

/** How a game ended. */
export interface GameEnd {
  readonly outcome: string;
  readonly now: Date;
  readonly morguePath?: string;
  readonly replayPath?: string;
}

/** A score to keep: a game's {@link HighScore} (its cause and date) with who played it and which game. */
export interface NewScore extends Pick<HighScore, "score" | "depth" | "level" | "turns" | "cause" | "date"> {
  readonly player: string;
  readonly gameId: string;
}

/** A score of the server's table. */
export interface ScoreRecord {
  readonly id: number;
  readonly player: string;
  readonly score: number;
  readonly depth: number;
  readonly level: number;
  readonly turns: number;
  /** The cause of the game's end. */
  readonly outcome: string;
  /** ISO 8601. */
  readonly endedAt: string;
  readonly gameId: string;
}

/** A row as `node:sqlite` hands it back, before it is checked. */
export type Row = Readonly<Record<string, unknown>>;

function describe(value: unknown): string {
  if (value === null) return "null";
  if (value instanceof Uint8Array) return "a blob";
  return `a ${typeof value}`;
}

/** The row's `column` as text, or a {@link StoreError} naming the table and column. */
export function text(row: Row, table: string, column: string): string {
  const value = row[column];
  if (typeof value !== "string") {
    throw new StoreError(`${table}.${column}: expected text, found ${describe(value)}`);
  }
  return value;
}

/** The row's `column` as text, undefined for NULL. */
export function optionalText(row: Row, table: string, column: string): string | undefined {
  return row[column] === null ? undefined : text(row, table, column);
}

/** The row's `column` as a safe integer. */
export function integer(row: Row, table: string, column: string): number {
  const value = row[column];
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    throw new StoreError(`${table}.${column}: expected an integer, found ${describe(value)}`);
  }
  return value;
}

export function passwordFrom(row: Row): StoredPassword {
  return {
    salt: text(row, "players", "password_salt"),
    hash: text(row, "players", "password_hash"),
    iterations: integer(row, "players", "password_iterations"),
  };
}

export function gameFrom(row: Row): GameRecord {
  const optional = (column: string) => optionalText(row, "games", column);
  return {
    id: text(row, "games", "id"),
    player: text(row, "games", "player"),
    startedAt: text(row, "games", "started_at"),
    endedAt: optional("ended_at"),
    depth: integer(row, "games", "depth"),
    level: integer(row, "games", "level"),
    turns: integer(row, "games", "turns"),
    outcome: optional("outcome"),
    morguePath: optional("morgue_path"),
    replayPath: optional("replay_path"),
  };
}

export function scoreFrom(row: Row): ScoreRecord {
  return {
    id: integer(row, "scores", "id"),
    player: text(row, "scores", "player"),
    score: integer(row, "scores", "score"),
    depth: integer(row, "scores", "depth"),
    level: integer(row, "scores", "level"),
    turns: integer(row, "scores", "turns"),
    outcome: text(row, "scores", "outcome"),
    endedAt: text(row, "scores", "ended_at"),
    gameId: text(row, "scores", "game_id"),
  };
}
