/**
 * The server's database: players, sessions, the game index, the server's
 * scores and the versions of the data its games name, in one SQLite file through Deno's built-in `node:sqlite`. The
 * schema is versioned ({@link MIGRATIONS}, each step applied once in its own
 * transaction), every query takes its values as parameters, and every row
 * read back is checked before it is believed: the file is input too.
 *
 * Session tokens are kept only as their SHA-256, so a copy of the file lets
 * no one in; passwords are kept as passwords.ts derives them.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import type { StoredPassword } from "./passwords.ts";
import { migrate } from "./store_schema.ts";
import {
  type GameEnd,
  gameFrom,
  type GameProgress,
  type GameRecord,
  integer,
  type NewScore,
  optionalText,
  passwordFrom,
  type Row,
  scoreFrom,
  type ScoreRecord,
  StoreError,
  text,
} from "./store_rows.ts";

export { MIGRATIONS, SCHEMA_VERSION } from "./store_schema.ts";
export {
  type GameEnd,
  type GameProgress,
  type GameRecord,
  type NewScore,
  type ScoreRecord,
  StoreError,
} from "./store_rows.ts";

/** How long a session lasts from its login. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** Milliseconds a query waits for another connection's write lock before failing. */
const BUSY_TIMEOUT_MS = 5000;

/** A session token as {@link ServerStore.createSession} makes them: 128 bits in hex. */
const SESSION_TOKEN = /^[0-9a-f]{32}$/;

/** The outcome of a game whose program was left with the game saved: not finished, its save plays on. */
export const LEFT_OUTCOME = "left";

/** A game id as {@link ServerStore.startGame} makes them: 96 bits in base64url. */
const GAME_ID = /^[A-Za-z0-9_-]{16}$/;

/** True when `text` has the form of a game id (whether or not such a game exists): safe in a URL and a path. */
export function isGameId(text: string): boolean {
  return GAME_ID.test(text);
}

/** `value` when it is a whole number from 0; a RangeError naming `what` otherwise (a caller's mistake). */
function count(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what}: expected a whole number from 0, found ${value}`);
  }
  return value;
}

function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0"))
    .join("");
}

function randomGameId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_");
}

const GAME_COLUMNS =
  "id, player, started_at, ended_at, depth, level, turns, outcome, morgue_path, replay_path";
const SCORE_COLUMNS = "id, player, score, depth, level, turns, outcome, ended_at, game_id";

/** The server's database; see the module doc. Opened with {@link ServerStore.open}. */
export class ServerStore {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();

  private constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /**
   * Opens the database at `path`, creating the file when there is none (not
   * its folder), in WAL mode with foreign keys on, and brings its schema up
   * to {@link SCHEMA_VERSION}. A file at a newer version is refused with a
   * {@link StoreError}.
   */
  static open(path: string): ServerStore {
    const db = new DatabaseSync(path);
    try {
      db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
      db.exec("PRAGMA journal_mode = WAL");
      // In WAL mode NORMAL is what SQLite recommends: a commit writes the log without waiting for the disk,
      // the file cannot be corrupted, and only the last commits before a power loss may be lost.
      db.exec("PRAGMA synchronous = NORMAL");
      db.exec("PRAGMA foreign_keys = ON");
      migrate(db, path);
    } catch (error) {
      db.close();
      throw error;
    }
    return new ServerStore(db);
  }

  /** Closes the file; the store is not used after. Closing again does nothing. */
  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }

  /** How this connection writes: its journal mode and its `synchronous` level (1 is NORMAL). */
  get journal(): { mode: string; synchronous: number } {
    const mode = text(this.#row("PRAGMA journal_mode") ?? {}, "pragma", "journal_mode");
    return { mode, synchronous: integer(this.#row("PRAGMA synchronous") ?? {}, "pragma", "synchronous") };
  }

  /** The schema version recorded in the file. */
  get schemaVersion(): number {
    return integer(this.#row("SELECT version FROM schema_version") ?? {}, "schema_version", "version");
  }

  #statement(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  #row(sql: string, ...values: SQLInputValue[]): Row | undefined {
    return this.#statement(sql).get(...values);
  }

  #rows(sql: string, ...values: SQLInputValue[]): Row[] {
    return this.#statement(sql).all(...values);
  }

  /** Rows changed by the statement. */
  #run(sql: string, ...values: SQLInputValue[]): number {
    return Number(this.#statement(sql).run(...values).changes);
  }

  /** Adds a player with `stored` as their password; false when the name is taken, in any case. */
  addPlayer(name: string, stored: StoredPassword, now: Date = new Date()): boolean {
    return this.#run(
      `INSERT INTO players (name, password_salt, password_hash, password_iterations, created_at)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT (name) DO NOTHING`,
      name,
      stored.salt,
      stored.hash,
      stored.iterations,
      now.toISOString(),
    ) === 1;
  }

  /** The name as the player spelled it when they registered, found in any case; undefined for no such player. */
  playerName(name: string): string | undefined {
    const row = this.#row("SELECT name FROM players WHERE name = ?", name);
    return row && text(row, "players", "name");
  }

  /** The player's stored password, or undefined for no such player. */
  passwordOf(name: string): StoredPassword | undefined {
    const row = this.#row(
      "SELECT password_salt, password_hash, password_iterations FROM players WHERE name = ?",
      name,
    );
    return row && passwordFrom(row);
  }

  /** The player's options file as they last saved it, or undefined for none (or no such player). */
  playerOptions(name: string): string | undefined {
    const row = this.#row("SELECT options_json FROM players WHERE name = ?", name);
    return row && optionalText(row, "players", "options_json");
  }

  /** Keeps `json` as the player's options file (undefined forgets it); false for no such player. */
  setPlayerOptions(name: string, json: string | undefined): boolean {
    return this.#run("UPDATE players SET options_json = ? WHERE name = ?", json ?? null, name) === 1;
  }

  /**
   * A new session for the player `name` (any case), lasting
   * {@link SESSION_LIFETIME_MS} from `now`: its token, 128 random bits in hex,
   * which the file keeps only as its SHA-256. Sessions expired by `now` are
   * forgotten. Throws for no such player.
   */
  createSession(name: string, now: Date): string {
    const token = randomHex(16);
    this.#run("DELETE FROM sessions WHERE expires_ms <= ?", now.getTime());
    const added = this.#run(
      `INSERT INTO sessions (token_sha256, player, created_at, expires_ms)
       SELECT ?, name, ?, ? FROM players WHERE name = ?`,
      sha256Hex(token),
      now.toISOString(),
      now.getTime() + SESSION_LIFETIME_MS,
      name,
    );
    if (added !== 1) throw new RangeError("a session for no player: register the name first");
    return token;
  }

  /** The player (as they spell their name) whose unexpired session `token` is, or undefined. */
  sessionPlayer(token: string, now: Date): string | undefined {
    if (!SESSION_TOKEN.test(token)) return undefined;
    const row = this.#row(
      `SELECT players.name AS name FROM sessions JOIN players ON players.name = sessions.player
       WHERE sessions.token_sha256 = ? AND sessions.expires_ms > ?`,
      sha256Hex(token),
      now.getTime(),
    );
    return row && text(row, "players", "name");
  }

  /** Ends the session `token` (logging out); nothing when there is none. */
  endSession(token: string): void {
    if (SESSION_TOKEN.test(token)) this.#run("DELETE FROM sessions WHERE token_sha256 = ?", sha256Hex(token));
  }

  /** Indexes a new live game of the player `player` (any case) begun at `now`; its id. Throws for no such player. */
  startGame(player: string, now: Date): string {
    const id = randomGameId();
    const added = this.#run(
      "INSERT INTO games (id, player, started_at) SELECT ?, name, ? FROM players WHERE name = ?",
      id,
      now.toISOString(),
      player,
    );
    if (added !== 1) throw new RangeError("a game for no player: register the name first");
    return id;
  }

  /** Records where the live game `id` is; false when there is no such live game (a finished one stays as it ended). */
  updateGame(id: string, progress: GameProgress): boolean {
    return this.#run(
      "UPDATE games SET depth = ?, level = ?, turns = ? WHERE id = ? AND ended_at IS NULL",
      count(progress.depth, "depth"),
      count(progress.level, "level"),
      count(progress.turns, "turns"),
      id,
    ) === 1;
  }

  /**
   * Records where each live game of `progress` (by id) is, all in one
   * transaction: one write of the log however many games moved. Gives how
   * many were live games (a finished one stays as it ended).
   */
  updateGames(progress: ReadonlyMap<string, GameProgress>): number {
    if (progress.size === 0) return 0;
    let changed = 0;
    this.#db.exec("BEGIN IMMEDIATE");
    try {
      for (const [id, row] of progress) if (this.updateGame(id, row)) changed++;
      this.#db.exec("COMMIT");
    } catch (error) {
      if (this.#db.isTransaction) this.#db.exec("ROLLBACK");
      throw error;
    }
    return changed;
  }

  /** Ends the live game `id`; false when there is no such live game (a game ends once: a second end changes nothing). */
  endGame(id: string, end: GameEnd): boolean {
    return this.#run(
      `UPDATE games SET ended_at = ?, outcome = ?, morgue_path = ?, replay_path = ?
       WHERE id = ? AND ended_at IS NULL`,
      end.now.toISOString(),
      end.outcome,
      end.morguePath ?? null,
      end.replayPath ?? null,
      id,
    ) === 1;
  }

  /** The game `id`, live or finished, or undefined. */
  game(id: string): GameRecord | undefined {
    const row = this.#row(`SELECT ${GAME_COLUMNS} FROM games WHERE id = ?`, id);
    return row && gameFrom(row);
  }

  /**
   * The `limit` games that came to an end last, after skipping `offset`,
   * newest first: a game {@link LEFT_OUTCOME} (its program quit, its save
   * played on as a game of its own) did not finish and is not among them.
   */
  finishedGames(limit: number, offset = 0): GameRecord[] {
    return this.#rows(
      `SELECT ${GAME_COLUMNS} FROM games WHERE ended_at IS NOT NULL AND outcome IS NOT ?
       ORDER BY ended_at DESC, rowid DESC LIMIT ? OFFSET ?`,
      LEFT_OUTCOME,
      count(limit, "games listed"),
      count(offset, "games skipped"),
    ).map(gameFrom);
  }

  /** The player's games not ended, oldest first (one, unless the server stopped without ending one). */
  liveGamesOf(player: string): GameRecord[] {
    return this.#rows(
      `SELECT ${GAME_COLUMNS} FROM games WHERE player = ? AND ended_at IS NULL ORDER BY started_at, rowid`,
      player,
    ).map(gameFrom);
  }

  /** Keeps a score in the server's table. Throws when the player or the game is unknown. */
  addScore(score: NewScore): void {
    const added = this.#run(
      `INSERT INTO scores (player, score, depth, level, turns, outcome, ended_at, game_id)
       SELECT name, ?, ?, ?, ?, ?, ?, ? FROM players WHERE name = ?`,
      count(score.score, "score"),
      count(score.depth, "depth"),
      count(score.level, "level"),
      count(score.turns, "turns"),
      score.cause,
      score.date,
      score.gameId,
      score.player,
    );
    if (added !== 1) throw new RangeError("a score for no player: register the name first");
  }

  /** The kept version of the data `checksum`: its file's bytes (gzipped JSON), or undefined. */
  dataVersion(checksum: number): Uint8Array<ArrayBuffer> | undefined {
    const row = this.#row("SELECT record FROM data_versions WHERE checksum = ?", checksum);
    if (!row) return undefined;
    const record = row.record;
    if (!(record instanceof Uint8Array)) throw new StoreError("data_versions.record: expected a blob");
    return new Uint8Array(record);
  }

  /** Whether a version of the data is kept under `checksum`. */
  hasDataVersion(checksum: number): boolean {
    return this.#row("SELECT 1 AS kept FROM data_versions WHERE checksum = ?", checksum) !== undefined;
  }

  /** Keeps `record` (a version's file: gzipped JSON) under `checksum`, in place of any kept there. */
  putDataVersion(checksum: number, folder: string, keptAt: string, record: Uint8Array): void {
    this.#run(
      `INSERT INTO data_versions (checksum, folder, kept_at, record) VALUES (?, ?, ?, ?)
       ON CONFLICT (checksum) DO UPDATE SET folder = excluded.folder, kept_at = excluded.kept_at,
       record = excluded.record`,
      checksum,
      folder,
      keptAt,
      record,
    );
  }

  /** The checksums of every version of the data kept. */
  dataVersionChecksums(): number[] {
    return this.#rows("SELECT checksum FROM data_versions ORDER BY checksum")
      .map((row) => integer(row, "data_versions", "checksum"));
  }

  /** Forgets the version of the data `checksum`. */
  forgetDataVersion(checksum: number): void {
    this.#run("DELETE FROM data_versions WHERE checksum = ?", checksum);
  }

  /** Notes that the file at `path` names the version `checksum` (`fixed`: it is never written again). */
  nameDataVersion(path: string, checksum: number, fixed: boolean): void {
    this.#run(
      `INSERT INTO data_version_names (path, checksum, fixed) VALUES (?, ?, ?)
       ON CONFLICT (path) DO UPDATE SET checksum = excluded.checksum, fixed = excluded.fixed`,
      path,
      checksum,
      fixed ? 1 : 0,
    );
  }

  /** Every file noted as naming a version of the data. */
  dataVersionNames(): { path: string; checksum: number; fixed: boolean }[] {
    return this.#rows("SELECT path, checksum, fixed FROM data_version_names ORDER BY path").map((row) => ({
      path: text(row, "data_version_names", "path"),
      checksum: integer(row, "data_version_names", "checksum"),
      fixed: integer(row, "data_version_names", "fixed") === 1,
    }));
  }

  /** Forgets that the file at `path` names a version (it is gone). */
  forgetDataVersionName(path: string): void {
    this.#run("DELETE FROM data_version_names WHERE path = ?", path);
  }

  /** The `limit` best scores: highest first, the earlier of two equal scores first. */
  topScores(limit: number): ScoreRecord[] {
    return this.#rows(
      `SELECT ${SCORE_COLUMNS} FROM scores ORDER BY score DESC, ended_at ASC, id ASC LIMIT ?`,
      count(limit, "scores listed"),
    ).map(scoreFrom);
  }
}
