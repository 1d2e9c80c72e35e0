import { dirname } from "node:path";
import { deepEqual, equal, ok, rejects, throws } from "node:assert/strict";
import {
  dataStamp,
  decodeSave,
  encodeSave,
  gzip,
  readSave,
  SAVE_VERSION,
  SaveError,
  writeSave,
} from "../src/store/mod.ts";
import {
  type Action,
  type GameState,
  isGameOver,
  newGame,
  playCommand,
  playerOf,
  Rng,
} from "../src/engine/mod.ts";
import { bundledContent } from "./support/content.ts";
import { doomPlayer, titleSession } from "./support/title_session.ts";
import { shownMessages } from "./support/ui_harness.ts";

const content = await bundledContent();
const { rules } = content;
const stamp = dataStamp(content);

function action(rng: Rng): Action {
  return rng.int(0, 6) === 0 ? { type: "wait" } : { type: "bump", dx: rng.int(-1, 1), dy: rng.int(-1, 1) };
}

/** The state as plain data, for comparing. */
const plain = (s: GameState) => JSON.parse(encodeSave(s, stamp, "t", new Date(0))).state;

Deno.test("save, load, play on: the same game as never having stopped, at 40 random points", () => {
  for (let trial = 0; trial < 40; trial++) {
    const rng = Rng.fromSeed(500 + trial);
    const script = Array.from({ length: 120 }, () => action(rng));
    const stopAt = rng.int(0, 119);
    const straight = newGame(rules, trial), resumed = newGame(rules, trial);
    script.forEach((a, i) => {
      playCommand(straight, rules, { act: a });
      if (i < stopAt) playCommand(resumed, rules, { act: a });
    });
    if (isGameOver(resumed)) {
      // No game writes the save of one that ended: its reader refuses it.
      throws(() => decodeSave(JSON.parse(encodeSave(resumed, stamp, "t", new Date())), rules), SaveError);
      continue;
    }
    let loaded = decodeSave(JSON.parse(encodeSave(resumed, stamp, "t", new Date())), rules);
    deepEqual(plain(loaded), plain(resumed), `trial ${trial}: the save holds the whole state`);
    for (const a of script.slice(stopAt)) playCommand(loaded, rules, { act: a });
    deepEqual(
      plain(loaded),
      plain(straight),
      `trial ${trial}: stopped at ${stopAt}, the game went on the same`,
    );
    if (isGameOver(loaded)) continue;
    loaded = decodeSave(JSON.parse(encodeSave(loaded, stamp, "t", new Date())), rules);
    deepEqual(loaded.map.visible, straight.map.visible);
  }
});

async function savedFile(dir: string, text: string | Uint8Array, compress = true): Promise<string> {
  const path = `${dir}/savegame.json.gz`;
  const data = typeof text === "string"
    ? (compress ? await gzip(text) : new TextEncoder().encode(text))
    : text;
  await Deno.writeFile(path, data);
  return path;
}

/** Why the save at `path` cannot be played; the file must be left exactly as it was. */
async function refusal(path: string): Promise<string> {
  const before = await Deno.readFile(path);
  const read = await readSave(path);
  let reason = "";
  if (read.kind === "unreadable") reason = read.reason;
  else if (read.kind === "read") {
    try {
      decodeSave(read.json, rules);
    } catch (e) {
      ok(e instanceof SaveError, `not a SaveError: ${e}`);
      reason = (e as Error).message;
    }
  }
  deepEqual(await Deno.readFile(path), before, "the file is untouched");
  return reason;
}

Deno.test("truncated, corrupted, empty, wrong-version and hostile saves each say why, and stay as they were", async () => {
  const dir = await Deno.makeTempDir({ prefix: "delve-save-" });
  const good = encodeSave(newGame(rules, 1), stamp, "t", new Date());
  const gz = await gzip(good);
  const edit = (f: (j: Record<string, unknown>) => void) => {
    const j = JSON.parse(good);
    f(j);
    return JSON.stringify(j);
  };
  const cases: [string | Uint8Array, RegExp, boolean?][] = [
    [gz.subarray(0, gz.length >> 1), /found damaged or cut-short data/],
    [gz.map((b, i) => (i === 40 ? b ^ 0xff : b)), /cut-short|invalid JSON|damaged/],
    [new Uint8Array(0), /empty/],
    ["not gzip at all", /found damaged or cut-short data/, false],
    ['{"format": "delve-save"', /invalid JSON/],
    [
      edit((j) => (j.version = SAVE_VERSION + 1)),
      new RegExp(`newer Delve \\(save version ${SAVE_VERSION + 1}; this one reads up to ${SAVE_VERSION}\\)`),
    ],
    [edit((j) => (j.version = 0)), /not one Delve ever wrote/],
    [edit((j) => (j.format = "other")), /not a Delve save/],
    [good.replace('"turn":0', '"turn":1e400'), /damaged at \$\.state\.turn: .*a number too large to read/],
    [edit((j) => ((j.state as Record<string, unknown>).entities = "lots")), /damaged at \$\.state\.entities/],
    [good.replace('"seed":1,', '"seed":1,"__proto__":{"polluted":true},'), /__proto__/],
    [
      edit((j) => ((j.state as Record<string, Record<string, unknown>>).map.tiles = "AAAA")),
      /at \$\.state\.map\.tiles: expected \d+ cells .*found 3$/,
    ],
    [
      edit((j) => ((j.state as Record<string, unknown>).playerId = 999)),
      /the save is damaged: 0 players on the map, at \$\.state\.playerId$/,
    ],
    [JSON.stringify({ format: "delve-save", version: 1, game: "x", savedAt: "y", state: null }), /damaged/],
  ];
  for (const [text, expected, compress] of cases) {
    const reason = await refusal(await savedFile(dir, text, compress));
    ok(expected.test(reason), `"${reason}" should match ${expected}`);
  }
  equal(({} as Record<string, unknown>).polluted, undefined, "nothing was polluted");
});

Deno.test("writing keeps the previous save as .bak and leaves no temporary file", async () => {
  const dir = await Deno.makeTempDir({ prefix: "delve-save-" });
  const path = `${dir}/sub/savegame.json.gz`;
  const first = newGame(rules, 1), second = newGame(rules, 2);
  await writeSave(path, encodeSave(first, stamp, "t", new Date()));
  await writeSave(path, encodeSave(second, stamp, "t", new Date()));
  const now = await readSave(path), bak = await readSave(`${path}.bak`);
  ok(now.kind === "read" && bak.kind === "read");
  equal(decodeSave(now.json, rules).seed, 2);
  equal(decodeSave(bak.json, rules).seed, 1);
  deepEqual([...Deno.readDirSync(`${dir}/sub`)].map((e) => e.name).sort(), [
    "savegame.json.gz",
    "savegame.json.gz.bak",
  ]);
});

Deno.test("a game larger than its reader takes is never written: the old file stays, and the error says why", async () => {
  const dir = await Deno.makeTempDir({ prefix: "delve-save-" });
  const path = `${dir}/savegame.json.gz`;
  const small = encodeSave(newGame(rules, 1), stamp, "t", new Date());
  await writeSave(path, small);
  const before = await Deno.readFile(path);
  const limits = {
    maxBytes: 1024 * 1024,
    maxInflatedBytes: small.length + 10,
    maxDepth: 500,
    maxValues: 100_000,
    maxKeys: 1000,
  };
  const large = encodeSave(newGame(rules, 1), stamp, "t".repeat(100), new Date());
  await rejects(
    () => writeSave(path, large, { limits }),
    /^Error: the game is too large to keep as a save \([\d.]+ KB; a save holds at most [\d.]+ KB\)$/,
  );
  await rejects(
    () => writeSave(path, small, { noun: "replay", limits: { ...limits, maxBytes: 100 } }),
    /^Error: the game is too large to keep as a replay \([\d.]+ KB; a replay holds at most 100 bytes\)$/,
  );
  // Its values as its reader counts them, and its text as held: one character past Latin-1 holds it two bytes each.
  await rejects(
    () => writeSave(path, small, { limits: { ...limits, maxValues: 100 } }),
    /^Error: the game is too large to keep as a save \(more than 100 values; a save holds at most that\)$/,
  );
  const wide = encodeSave(newGame(rules, 1), stamp, "…", new Date());
  ok(new TextEncoder().encode(wide).length <= small.length + 10, "its bytes fit");
  await rejects(
    () => writeSave(path, wide, { limits }),
    /^Error: the game is too large to keep as a save \([\d.]+ KB; a save holds at most [\d.]+ KB\)$/,
  );
  deepEqual(await Deno.readFile(path), before, "the old save is untouched");
  deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["savegame.json.gz"], "and nothing else was made");
});

Deno.test("kill -9 at random moments while saving: a whole save is always there", async () => {
  const dir = await Deno.makeTempDir({ prefix: "delve-kill-" });
  const path = `${dir}/savegame.json.gz`;
  const rng = Rng.fromSeed(9);
  const loop = new URL("./support/save_loop.ts", import.meta.url).pathname;
  for (let k = 0; k < 12; k++) {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", "--allow-write", loop, path],
      stdout: "piped",
      stderr: "null",
    }).spawn();
    const reader = child.stdout.getReader();
    await reader.read(); // "ready"
    await new Promise((r) => setTimeout(r, rng.int(5, 120)));
    child.kill("SIGKILL");
    await child.status;
    reader.releaseLock();
    await child.stdout.cancel();
    const read = await readSave(path);
    if (read.kind === "missing") continue; // killed before the first save finished
    ok(read.kind === "read", `kill ${k}: ${JSON.stringify(read)}`);
    const state = decodeSave(read.json, rules);
    ok(state.turn >= 1, `kill ${k}: a whole game at turn ${state.turn}`);
  }
  ok((await readSave(path)).kind === "read", "at least one save survived");
});

Deno.test("title: no save, then Esc in a game saves it and the title shows its seed; Continue brings it back", async () => {
  const t = await titleSession();
  await t.tick();
  ok(t.text().includes("[N] Play a new game") && t.text().includes("[Q] Quit"));
  await t.press("c");
  ok(t.text().includes("No saved game to load."));
  await t.press("x", "n");
  ok(t.app.game, "a game started");
  const seed = t.app.game!.state.seed;
  await t.press("l", "l", "j");
  const screen = t.gameText(), turn = t.app.game!.state.turn;
  await t.press("Escape");
  ok(t.text().includes(`Saved game: seed ${seed}, dungeon level 1, turn ${turn}`));
  await t.press("c");
  equal(t.gameText(), screen, "the same screen as when we left");
  await t.press("Escape", "q");
  equal(await t.running, "quit");
});

Deno.test("title: an unreadable save gives the popup, is never changed, and a new game asks, then keeps it aside", async () => {
  const t = await titleSession((path) => Deno.writeTextFile(path, "garbage"));
  await t.tick();
  ok(t.text().includes("The saved game cannot be read: expected whole gzip data, found damaged"), t.text());
  ok(!t.text().includes("[C] Continue"), t.text());
  await t.press("c");
  ok(t.text().includes("Failed to load save:"));
  // The popup's lines, inside its frame, joined: the file, then why.
  const popup = t.text().split("\n").filter((row) => row.split("│").length === 3)
    .map((row) => row.split("│")[1].trim()).join(" ");
  ok(popup.startsWith(`Failed to load save: ${t.savePath}: expected whole gzip data`), popup);
  ok(t.text().includes("cut-short data"));
  equal(await Deno.readTextFile(t.savePath), "garbage", "untouched");
  await t.press("x", "n");
  ok(t.text().includes("Abandon the saved game? y/n"), t.text());
  equal(await Deno.readTextFile(t.savePath), "garbage", "asked first, nothing moved");
  await t.press("y");
  const kept = `${dirname(t.savePath)}/kept/savegame.json.gz.unreadable-2026-11-21T10-00-00-000Z`;
  equal(await Deno.readTextFile(kept), "garbage", "kept aside, whole");
  ok(shownMessages(t.app.game!).some((e) => e.text.includes("it was kept as")));
  await t.press("Escape");
  ok((await readSave(t.savePath)).kind === "read", "the new game saved in its place");
  await t.press("q");
  await t.running;
});

Deno.test("death deletes the save (permadeath); Esc on the game-over screen returns to the title", async () => {
  const t = await titleSession();
  await t.tick();
  await t.press("n", "Escape");
  ok((await readSave(t.savePath)).kind === "read");
  await t.press("c");
  const game = t.app.game!;
  doomPlayer(game.state, rules);
  await t.press(".");
  equal(playerOf(game.state).fighter!.hp, 0, "the player died");
  equal((await readSave(t.savePath)).kind, "missing", "the save is gone");
  await t.press("Escape");
  ok(t.text().includes("[N] Play a new game") && !t.text().includes("Saved game:"));
  await t.press("q");
  await t.running;
});
