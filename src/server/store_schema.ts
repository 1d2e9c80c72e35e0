/**
 * The server's database schema, one step a version, and how a file is
 * brought up to the newest (or refused when it is newer than this code).
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { integer, StoreError } from "./store_rows.ts";

/**
 * The schema, one step a version: step `i` takes the database from version
 * `i` to `i + 1`. Steps are only ever added at the end; a step once released
 * never changes. Names compare without regard to case everywhere (the
 * spelling given is kept), and tables are STRICT so a column holds its type.
 */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE players (
     name TEXT PRIMARY KEY COLLATE NOCASE,
     password_salt TEXT NOT NULL,
     password_hash TEXT NOT NULL,
     password_iterations INTEGER NOT NULL,
     created_at TEXT NOT NULL,
     options_json TEXT
   ) STRICT;
   CREATE TABLE sessions (
     token_sha256 TEXT PRIMARY KEY,
     player TEXT NOT NULL COLLATE NOCASE REFERENCES players(name),
     created_at TEXT NOT NULL,
     expires_ms INTEGER NOT NULL
   ) STRICT;
   CREATE INDEX sessions_by_expiry ON sessions(expires_ms);
   CREATE TABLE games (
     id TEXT PRIMARY KEY,
     player TEXT NOT NULL COLLATE NOCASE REFERENCES players(name),
     started_at TEXT NOT NULL,
     ended_at TEXT,
     depth INTEGER NOT NULL DEFAULT 1,
     level INTEGER NOT NULL DEFAULT 1,
     turns INTEGER NOT NULL DEFAULT 0,
     outcome TEXT,
     morgue_path TEXT,
     replay_path TEXT
   ) STRICT;
   CREATE INDEX games_live_by_player ON games(player) WHERE ended_at IS NULL;
   CREATE INDEX games_by_end ON games(ended_at);
   CREATE TABLE scores (
     id INTEGER PRIMARY KEY,
     player TEXT NOT NULL COLLATE NOCASE REFERENCES players(name),
     score INTEGER NOT NULL,
     depth INTEGER NOT NULL,
     level INTEGER NOT NULL,
     turns INTEGER NOT NULL,
     outcome TEXT NOT NULL,
     ended_at TEXT NOT NULL,
     game_id TEXT NOT NULL REFERENCES games(id)
   ) STRICT;
   CREATE INDEX scores_ranked ON scores(score DESC, ended_at, id);`,
  // The versions of the data the players' games name (docs/server.md, The database), each kept once as its
  // file is (gzipped JSON), and the files that name them: a save, a replay, a finished game's replay.
  `CREATE TABLE data_versions (
     checksum INTEGER PRIMARY KEY CHECK (checksum BETWEEN 0 AND 4294967295),
     folder TEXT NOT NULL,
     kept_at TEXT NOT NULL,
     record BLOB NOT NULL
   ) STRICT;
   CREATE TABLE data_version_names (
     path TEXT PRIMARY KEY,
     checksum INTEGER NOT NULL,
     fixed INTEGER NOT NULL CHECK (fixed IN (0, 1))
   ) STRICT;`,
];

/** The schema version this code writes and reads. */
export const SCHEMA_VERSION: number = MIGRATIONS.length;

/** The schema version `db` is at, 0 for a new file; read inside the caller's transaction. */
function versionOf(db: DatabaseSync): number {
  db.exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
  const rows = db.prepare("SELECT version FROM schema_version").all();
  if (rows.length === 0) {
    db.prepare("INSERT INTO schema_version (version) VALUES (?)").run(0);
    return 0;
  }
  if (rows.length > 1) throw new StoreError(`schema_version: expected one row, found ${rows.length}`);
  return integer(rows[0], "schema_version", "version");
}

/** Applies the steps of {@link MIGRATIONS} `db` lacks, each in its own transaction; refuses a newer file. */
export function migrate(db: DatabaseSync, path: string): void {
  for (;;) {
    db.exec("BEGIN IMMEDIATE");
    try {
      const version = versionOf(db);
      if (version > SCHEMA_VERSION) {
        throw new StoreError(
          `${path}: the database is at schema version ${version}, newer than this server's ` +
            `${SCHEMA_VERSION}; run a newer Delve or point --state elsewhere`,
        );
      }
      if (version === SCHEMA_VERSION) {
        db.exec("COMMIT");
        return;
      }
      db.exec(MIGRATIONS[version]);
      db.prepare("UPDATE schema_version SET version = ?").run(version + 1);
      db.exec("COMMIT");
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw error;
    }
  }
}
