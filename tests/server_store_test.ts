/**
 * The server's database (src/server/store.ts): its schema is migrated once
 * and a newer one refused; names are unique in any case; session tokens are
 * kept only hashed and expire; values never become SQL; rows read back are
 * checked; games and scores are listed in their orders.
 */
import { deepEqual, equal, ok, throws } from "node:assert/strict";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  isGameId,
  SCHEMA_VERSION,
  ServerStore,
  SESSION_LIFETIME_MS,
  type StoredPassword,
  StoreError,
} from "../src/server/mod.ts";

/** A stored password as hashPassword makes them, without the cost of deriving one. */
const PASSWORD: StoredPassword = {
  salt: btoa("s".repeat(16)),
  hash: btoa("h".repeat(32)),
  iterations: 600_000,
};
const NOW = new Date("2025-01-01T00:00:00Z");
const HOSTILE = "x'); DROP TABLE players;--";

/** Runs `body` with the path of a database file in a fresh temporary folder, then removes the folder. */
async function withFile(body: (path: string) => void | Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "delve-store-" });
  try {
    await body(join(dir, "delve.sqlite"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Runs `body` with a store open on a fresh file, closing it after. */
function withStore(body: (store: ServerStore, path: string) => void | Promise<void>): Promise<void> {
  return withFile(async (path) => {
    const store = ServerStore.open(path);
    try {
      await body(store, path);
    } finally {
      store.close();
    }
  });
}

/** `sql` run on the file at `path` through a connection of its own. */
function raw(path: string, sql: string): Record<string, unknown>[] {
  const db = new DatabaseSync(path);
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

/** `NOW` plus `n` minutes. */
function minutes(n: number): Date {
  return new Date(NOW.getTime() + n * 60_000);
}

Deno.test("migrations run once: a second open is a no-op that keeps the data", async () => {
  await withFile((path) => {
    const store = ServerStore.open(path);
    equal(store.schemaVersion, SCHEMA_VERSION);
    ok(store.addPlayer("ann", PASSWORD, NOW));
    store.close();
    // The first step creates its tables without IF NOT EXISTS: running it again would throw.
    const again = ServerStore.open(path);
    equal(again.schemaVersion, SCHEMA_VERSION);
    deepEqual(again.passwordOf("ann"), PASSWORD);
    again.close();
    deepEqual(raw(path, "SELECT version FROM schema_version"), [{ version: SCHEMA_VERSION }]);
  });
});

Deno.test("a database at a newer schema version is refused with one clear error", async () => {
  await withFile((path) => {
    ServerStore.open(path).close();
    raw(path, `UPDATE schema_version SET version = ${SCHEMA_VERSION + 1} RETURNING version`);
    throws(() => ServerStore.open(path), (error: unknown) => {
      ok(error instanceof StoreError);
      equal(
        error.message,
        `${path}: the database is at schema version ${SCHEMA_VERSION + 1}, newer than this server's ` +
          `${SCHEMA_VERSION}; run a newer Delve or point --state elsewhere`,
      );
      return true;
    });
  });
});

Deno.test("the database is in WAL mode with foreign keys on", async () => {
  await withStore((store, path) => {
    deepEqual(raw(path, "PRAGMA journal_mode"), [{ journal_mode: "wal" }]);
    throws(() => store.startGame("nobody", NOW), /no player/);
    throws(() => store.addScore({ ...score(1, NOW), player: "nobody" }), /no player/);
  });
});

Deno.test("the store writes as SQLite recommends for WAL: synchronous NORMAL, not a flush each commit", async () => {
  await withStore((store) => deepEqual(store.journal, { mode: "wal", synchronous: 1 }));
});

Deno.test("many games' progress is written in one transaction; a finished game stays as it ended", async () => {
  await withStore((store) => {
    store.addPlayer("ann", PASSWORD, NOW);
    const ids = [0, 1, 2].map(() => store.startGame("ann", NOW));
    store.endGame(ids[2], { outcome: "left", now: NOW });
    const progress = new Map(ids.map((id, k) => [id, { depth: k + 2, level: 3, turns: 40 + k }]));
    equal(store.updateGames(progress), 2);
    deepEqual(ids.map((id) => store.game(id)?.turns), [40, 41, 0]);
    equal(store.updateGames(new Map()), 0, "nothing to write: no transaction");
  });
});

Deno.test("names are taken without regard to case and keep the spelling given", async () => {
  await withStore((store) => {
    ok(store.addPlayer("Ann", PASSWORD, NOW));
    ok(!store.addPlayer("ann", { ...PASSWORD, hash: btoa("x".repeat(32)) }, NOW));
    ok(!store.addPlayer("ANN", PASSWORD, NOW));
    deepEqual(store.passwordOf("aNN"), PASSWORD, "the first registration's password stays");
    equal(store.playerName("ANN"), "Ann");
    equal(store.passwordOf("bob"), undefined);
    equal(store.sessionPlayer(store.createSession("ANN", NOW), NOW), "Ann");
    const id = store.startGame("aNn", NOW);
    equal(store.game(id)?.player, "Ann");
    deepEqual(store.liveGamesOf("ANN").map((g) => g.id), [id]);
  });
});

Deno.test("options are kept per player, and forgotten on request", async () => {
  await withStore((store) => {
    store.addPlayer("ann", PASSWORD, NOW);
    equal(store.playerOptions("ann"), undefined);
    ok(store.setPlayerOptions("ANN", `{"palette":"dark"}`));
    equal(store.playerOptions("ann"), `{"palette":"dark"}`);
    ok(!store.setPlayerOptions("bob", "{}"), "no such player");
    equal(store.playerOptions("bob"), undefined);
    ok(store.setPlayerOptions("ann", undefined));
    equal(store.playerOptions("ann"), undefined);
  });
});

Deno.test("a session token is not stored in clear: neither the table nor the file's bytes hold it", async () => {
  await withFile((path) => {
    const store = ServerStore.open(path);
    store.addPlayer("ann", PASSWORD, NOW);
    const token = store.createSession("ann", NOW);
    ok(/^[0-9a-f]{32}$/.test(token), token);
    const rows = raw(path, "SELECT * FROM sessions");
    equal(rows.length, 1);
    ok(!JSON.stringify(rows).includes(token));
    const bytes = (p: string) => new TextDecoder("latin1").decode(Deno.readFileSync(p));
    const digest = createHash("sha256").update(token).digest("hex");
    const written = bytes(`${path}-wal`);
    ok(written.includes(digest) && !written.includes(token), "the log holds the token's hash, not the token");
    store.close();
    const file = bytes(path);
    ok(file.includes(digest) && !file.includes(token), "nor does the file once the log is folded in");
  });
});

Deno.test("a session lasts 30 days, a logout ends it, and a malformed or unknown token is no one", async () => {
  await withStore((store, path) => {
    store.addPlayer("ann", PASSWORD, NOW);
    const token = store.createSession("ann", NOW);
    const tokens = new Set([token, store.createSession("ann", NOW)]);
    equal(tokens.size, 2);
    equal(SESSION_LIFETIME_MS, 30 * 24 * 60 * 60 * 1000);
    equal(store.sessionPlayer(token, new Date(NOW.getTime() + SESSION_LIFETIME_MS - 1)), "ann");
    equal(store.sessionPlayer(token, new Date(NOW.getTime() + SESSION_LIFETIME_MS)), undefined);
    // A new login forgets the sessions expired by then.
    store.createSession("ann", new Date(NOW.getTime() + SESSION_LIFETIME_MS));
    equal(raw(path, "SELECT * FROM sessions").length, 1);
    const live = store.createSession("ann", NOW);
    store.endSession(live);
    equal(store.sessionPlayer(live, NOW), undefined);
    for (const bad of ["", "0".repeat(32), token.toUpperCase(), `${token}'`, HOSTILE]) {
      equal(store.sessionPlayer(bad, NOW), undefined, bad);
      store.endSession(bad);
    }
  });
});

Deno.test("SQL-looking values are kept as values: nothing is run and every table stays", async () => {
  await withStore((store, path) => {
    ok(store.addPlayer(HOSTILE, { ...PASSWORD, salt: HOSTILE }, NOW));
    deepEqual(store.passwordOf(HOSTILE), { ...PASSWORD, salt: HOSTILE });
    equal(store.passwordOf("x"), undefined);
    ok(store.setPlayerOptions(HOSTILE, HOSTILE));
    equal(store.playerOptions(HOSTILE), HOSTILE);
    equal(store.sessionPlayer(store.createSession(HOSTILE, NOW), NOW), HOSTILE);
    const id = store.startGame(HOSTILE, NOW);
    ok(store.endGame(id, { outcome: HOSTILE, morguePath: HOSTILE, now: NOW }));
    store.addScore({ ...score(5, NOW), player: HOSTILE, gameId: id, cause: HOSTILE });
    equal(store.game(HOSTILE), undefined);
    equal(store.liveGamesOf(HOSTILE).length, 0);
    deepEqual(store.topScores(5).map((s) => [s.player, s.outcome]), [[HOSTILE, HOSTILE]]);
    deepEqual(
      raw(path, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").map((r) => r.name),
      ["data_version_names", "data_versions", "games", "players", "schema_version", "scores", "sessions"],
    );
  });
});

Deno.test("a game is indexed live, updated, ended once, and listed newest first when finished", async () => {
  await withStore((store) => {
    store.addPlayer("ann", PASSWORD, NOW);
    store.addPlayer("bob", PASSWORD, NOW);
    const first = store.startGame("ann", NOW), second = store.startGame("bob", minutes(1));
    const third = store.startGame("ann", minutes(2));
    ok([first, second, third].every(isGameId) && new Set([first, second, third]).size === 3);
    ok(!isGameId("../../etc/passwd") && !isGameId(""));
    deepEqual(store.game(first), {
      id: first,
      player: "ann",
      startedAt: NOW.toISOString(),
      endedAt: undefined,
      depth: 1,
      level: 1,
      turns: 0,
      outcome: undefined,
      morguePath: undefined,
      replayPath: undefined,
    });
    ok(store.updateGame(first, { depth: 3, level: 2, turns: 140 }));
    ok(
      store.endGame(first, {
        outcome: "killed by an Orc",
        morguePath: "/m",
        replayPath: "/r",
        now: minutes(5),
      }),
    );
    ok(!store.endGame(first, { outcome: "left", now: minutes(6) }), "a game ends once");
    ok(!store.updateGame(first, { depth: 9, level: 9, turns: 9 }), "a finished game stays as it ended");
    ok(store.endGame(second, { outcome: "killed by a Rat", now: minutes(7) }));
    deepEqual(store.game(first), {
      id: first,
      player: "ann",
      startedAt: NOW.toISOString(),
      endedAt: minutes(5).toISOString(),
      depth: 3,
      level: 2,
      turns: 140,
      outcome: "killed by an Orc",
      morguePath: "/m",
      replayPath: "/r",
    });
    deepEqual(store.finishedGames(10).map((g) => g.id), [second, first]);
    deepEqual(store.finishedGames(1).map((g) => g.id), [second]);
    deepEqual(store.finishedGames(1, 1).map((g) => g.id), [first], "the next page");
    deepEqual(store.liveGamesOf("ann").map((g) => g.id), [third]);
    ok(store.endGame(third, { outcome: "left", now: minutes(8) }));
    deepEqual(store.finishedGames(10).map((g) => g.id), [second, first], "a game left is not finished");
    equal(store.game("nosuchgame000000"), undefined);
    throws(
      () => store.updateGame(store.startGame("ann", NOW), { depth: -1, level: 1, turns: 0 }),
      RangeError,
    );
    throws(() => store.finishedGames(1.5), RangeError);
  });
});

/** A score as a game's high-score entry gives it. */
function score(points: number, date: Date) {
  return {
    player: "ann",
    gameId: "",
    score: points,
    depth: 2,
    level: 3,
    turns: 50,
    cause: "left",
    date: date.toISOString(),
  };
}

Deno.test("scores are listed highest first, the earlier of two equal scores first", async () => {
  await withStore((store) => {
    store.addPlayer("ann", PASSWORD, NOW);
    const gameId = store.startGame("ann", NOW);
    for (const [points, at] of [[10, 3], [30, 2], [20, 1], [30, 1], [0, 0]]) {
      store.addScore({ ...score(points, minutes(at)), gameId });
    }
    deepEqual(
      store.topScores(4).map((s) => [s.score, s.endedAt]),
      [[30, minutes(1)], [30, minutes(2)], [20, minutes(1)], [10, minutes(3)]].map((
        [p, d],
      ) => [p, (d as Date).toISOString()]),
    );
    const [best] = store.topScores(1);
    deepEqual({ ...best, id: 0 }, {
      id: 0,
      player: "ann",
      score: 30,
      depth: 2,
      level: 3,
      turns: 50,
      outcome: "left",
      endedAt: minutes(1).toISOString(),
      gameId,
    });
    throws(() => store.addScore({ ...score(1, NOW), gameId: "no such game" }), /FOREIGN KEY/);
  });
});

Deno.test("a value the code did not write is refused with the table and column named", async () => {
  await withFile((path) => {
    ServerStore.open(path).close();
    // The data tables are STRICT; schema_version predates the schema, so a hand-edited file may hold anything.
    raw(path, "UPDATE schema_version SET version = 'one' RETURNING version");
    throws(() => ServerStore.open(path), (error: unknown) => {
      ok(error instanceof StoreError);
      equal(error.message, "schema_version.version: expected an integer, found a string");
      return true;
    });
  });
});
