/**
 * A server outlives updates of its data (docs/server.md, Games): started
 * again with changed data, it continues the games in progress by the rules
 * they were made with, kept in its database, and shows the finished games
 * recorded before the change by theirs; a replay whose data it keeps
 * nowhere is told so on its page in one line naming the data, and kept.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { type Content, loadContent } from "../src/content/mod.ts";
import { dataChecksum } from "../src/engine/mod.ts";
import {
  readJsonFile,
  readSave,
  recordedData,
  REPLAY_LIMITS,
  startRecording,
  summarizeSave,
  userDir,
  writeSave,
} from "../src/store/mod.ts";
import { decodeRecording } from "../src/store/mod.ts";
import { hashPassword, ServerStore } from "../src/server/mod.ts";
import { copyOfData } from "./support/content.ts";
import { onTitle, sessionOf, startTestServer, TestPage } from "./support/delve_server.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

/** Changes the data folder at `dir` in place. */
async function change(dir: string, edit: (game: Json, entities: Json) => void): Promise<Content> {
  const [game, entities] = await Promise.all(
    ["game.json", "entities.json"].map(async (name) => JSON.parse(await Deno.readTextFile(join(dir, name)))),
  );
  edit(game, entities);
  await Deno.writeTextFile(join(dir, "game.json"), JSON.stringify(game));
  await Deno.writeTextFile(join(dir, "entities.json"), JSON.stringify(entities));
  return loadContent(userDir(dir), "mods/server/");
}

/** A server's data before and after an update: the tutorial's rules changed, then its orcs and floors too. */
async function dataBeforeAndAfter(): Promise<
  { dir: string; before: Content; after: () => Promise<Content> }
> {
  const dir = await copyOfData("delve-server-data-");
  // A player who outlasts a hundred turns of waiting among the tutorial's orcs.
  const before = await change(dir, (_game, entities) => {
    entities.orc.name = "Old Orc";
    entities.player.fighter.hp = 900;
  });
  const after = () =>
    change(dir, (game, entities) => {
      entities.orc.fighter.hp += 4;
      game.map.maxRooms = 12;
    });
  return { dir, before, after };
}

Deno.test("started again with changed data, the server continues a game in progress by the rules it was made with", async () => {
  const { before, after } = await dataBeforeAndAfter();
  const stateDir = await Deno.makeTempDir({ prefix: "delve-server-" });
  const save = join(stateDir, "players", "amy", "savegame.json.gz");
  let cookie: string | undefined;
  {
    await using served = await startTestServer({}, { content: before, stateDir });
    await using page = await onTitle(served.origin, "amy");
    cookie = (await sessionOf(served.origin, "amy", "correct horse", true)).cookie;
    page.send({ type: "input", data: "n" });
    await page.waitFor((s) => s.includes("@") && s.includes("HP"), "the game");
    page.send({ type: "input", data: "....." });
    await page.waitFor((s) => s.includes("Turn") || s.includes("@"), "the turns played");
  }
  const first = await readSave(save);
  if (first.kind !== "read") throw new Error("the game in progress was not saved when the server stopped");
  const saved = summarizeSave(first.json);
  equal(saved.data?.checksum, dataChecksum(before.rules));

  const changed = await after();
  ok(dataChecksum(changed.rules) !== dataChecksum(before.rules));
  {
    await using served = await startTestServer({}, { content: changed, stateDir });
    await using page = await TestPage.open(served.origin, "/ws/play", cookie);
    page.send({ type: "resize", columns: 80, rows: 24 });
    // The player's next page goes on with the game, unasked: it is the same folder's, made before the update.
    await page.waitFor((s) => s.includes("@") && s.includes("HP"), "the game in progress");
    page.send({ type: "input", data: ".." });
    await new Promise((r) => setTimeout(r, 300));
  }
  const again = await readSave(save);
  if (again.kind !== "read") throw new Error("no save");
  const continued = summarizeSave(again.json);
  equal(
    continued.data?.checksum,
    dataChecksum(before.rules),
    "played and saved by the rules it was made with",
  );
  ok(continued.turn > saved.turn, `it went on: turn ${saved.turn} to ${continued.turn}`);
  await Deno.remove(stateDir, { recursive: true });
});

/** The finished games of the server at `stateDir`, newest first. */
function finished(stateDir: string) {
  const store = ServerStore.open(join(stateDir, "delve.sqlite"));
  try {
    return store.finishedGames(10);
  } finally {
    store.close();
  }
}

Deno.test("the server shows a finished game recorded before a change of its data, by the game's own rules", async () => {
  const { before, after } = await dataBeforeAndAfter();
  const stateDir = await Deno.makeTempDir({ prefix: "delve-server-" });
  {
    await using served = await startTestServer({}, { content: before, stateDir });
    await using page = await onTitle(served.origin, "bea");
    page.send({ type: "input", data: "n" });
    await page.waitFor((s) => s.includes("@") && s.includes("HP"), "the game");
    // Over a hundred turns waited (within the keys a second a page may send), then abandoned for a new game,
    // unless the game ended first.
    for (let k = 0; k < 5; k++) {
      page.send({ type: "input", data: ".".repeat(30) });
      await new Promise((r) => setTimeout(r, 600));
    }
    if (finished(stateDir).length === 0) {
      page.send({ type: "input", data: "\x1b" });
      await page.waitFor((s) => s.includes("[C] Continue"), "the title with the game saved");
      page.send({ type: "input", data: "n" });
      await page.waitFor((s) => s.includes("Abandon the saved game"), "the question");
      page.send({ type: "input", data: "y" });
      await page.waitFor((s) => s.includes("@") && s.includes("HP"), "the next game");
    }
  }
  const [game] = finished(stateDir);
  ok(game?.replayPath, "a finished game with its replay");
  const read = await readJsonFile(game.replayPath, "replay", REPLAY_LIMITS);
  if (read.kind !== "read") throw new Error("its replay cannot be read");
  const recording = decodeRecording(read.json);
  equal(recordedData(recording).checksum, dataChecksum(before.rules));
  ok(
    recording.checks.length >= 1,
    `a checksum to hold the showing to (${recording.commands.length} commands)`,
  );

  const changed = await after();
  {
    await using served = await startTestServer({}, { content: changed, stateDir });
    await using watcher = await TestPage.open(served.origin, `/ws/replay/${game.id}?speed=100`);
    await watcher.waitFor((s) => s.includes("@") && s.includes("HP"), "the replayed game");
    const end = await watcher.message((m) => m.type === "notice", "its end", 60_000);
    equal(end.text, "The replay is over.", "played to its end by its own rules, never out of sync");
  }
  await Deno.remove(stateDir, { recursive: true });
});

Deno.test("a finished game whose data the server keeps nowhere: its page says so in one line, and the replay stays", async () => {
  await using served = await startTestServer();
  const replayPath = join(served.stateDir, "gone.replay.json.gz");
  const recording = startRecording(11, "test", { checksum: 12345, folder: "mods/gone/" });
  await writeSave(replayPath, JSON.stringify(recording), { backup: false, limits: REPLAY_LIMITS });
  const store = ServerStore.open(join(served.stateDir, "delve.sqlite"));
  let id: string;
  try {
    store.addPlayer("cy", await hashPassword("correct horse"));
    id = store.startGame("cy", new Date("2026-11-24T12:00:00Z"));
    store.endGame(id, { outcome: "died", now: new Date("2026-11-24T12:30:00Z"), replayPath });
  } finally {
    store.close();
  }
  await using watcher = await TestPage.open(served.origin, `/ws/replay/${id}`);
  const told = await watcher.message((m) => m.type === "notice", "the notice");
  equal(
    told.text,
    'This game was played with data 12345 of "mods/gone/", which this server keeps nowhere: its replay cannot be shown.',
  );
  equal((await watcher.closed).code, 1000);
  deepEqual((await Deno.stat(replayPath)).isFile, true, "the replay is kept");
});
