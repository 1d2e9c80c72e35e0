import { dirname } from "node:path";
import { deepEqual, equal, match, ok, rejects, throws } from "node:assert/strict";
import {
  addHighScore,
  dataStamp,
  decodeSave,
  encodeSave,
  keepUnreadable,
  readScores,
  ScoresNotWritten,
  writeMorgue,
} from "../src/store/mod.ts";
import { GameSession, themeFromContent } from "../src/app/mod.ts";
import { HeadlessTerminal, keyEvent } from "../src/terminal/mod.ts";
import { InProcessRunner } from "../src/worker/mod.ts";
import {
  Bot,
  displayText,
  HIGH_SCORES_KEPT,
  type HighScore,
  instantiate,
  isGameOver,
  newGame,
  placeScore,
  playCommand,
  playerOf,
  playPlayerAction,
  scoreOf,
} from "../src/engine/mod.ts";
import { asciiMap, type GameOverReport, morgueText, scoreLines } from "../src/ui/mod.ts";
import { arena } from "./support/arena.ts";
import { delveSession } from "./support/delve_session.ts";
import { doomPlayer, titleSession } from "./support/title_session.ts";
import { smallDisk } from "./support/full_disk.ts";
import { bundledContent } from "./support/content.ts";
import { lastShown } from "./support/ui_harness.ts";

const content = await bundledContent();
const { rules } = content;
const stamp = dataStamp(content);
const theme = themeFromContent(content);

/** A bot game played to its end (or `maxTurns`), with every monster death counted from the events alone. */
function botGame(seed: number, maxTurns = 3000) {
  const state = newGame(rules, seed);
  const byName = new Map<string, number>(), byFloor: number[] = [];
  let lastHitter: string | undefined;
  const bot = new Bot();
  while (!isGameOver(state) && state.turn < maxTurns) {
    const events = playCommand(state, rules, bot.decide(state, rules)) ?? [];
    for (const e of events) {
      if (e.type === "attacked" && e.targetId === state.playerId) lastHitter = e.attacker;
      if (e.type === "died" && e.entityId !== state.playerId) {
        byName.set(e.name, (byName.get(e.name) ?? 0) + 1);
        byFloor[state.floor - 1] = (byFloor[state.floor - 1] ?? 0) + 1;
      }
    }
  }
  return { state, byName, byFloor, lastHitter };
}

Deno.test("the chronicle counts kills by monster and by floor, and names the monster that dealt the last blow", () => {
  const { state, byName, byFloor, lastHitter } = botGame(9);
  ok(isGameOver(state), "seed 9's bot dies");
  const { chronicle } = state;
  deepEqual(new Map(chronicle.kills.map((k) => [k.name, k.count])), byName);
  deepEqual(chronicle.killsByFloor, Array.from(byFloor, (n) => n ?? 0));
  deepEqual(chronicle.death, { kind: "melee", by: lastHitter });
  ok(chronicle.xpEarned > 0);
});

Deno.test("a fireball that kills the player is the cause of death; the XP earned outlasts levelling", () => {
  const state = arena(rules, "#########\n#@.o....#\n#########", { o: "orc" });
  playerOf(state).fighter!.hp = 5;
  playerOf(state).level = { current: 1, xp: 0 };
  playerOf(state).inventory!.items.push(instantiate(rules.templates.fireball_scroll, state.nextId++, 0, 0));
  ok(playPlayerAction(state, rules, { type: "use", item: 0, target: { x: 3, y: 1 } }));
  ok(isGameOver(state));
  deepEqual(state.chronicle.death, { kind: "fire" });
  deepEqual(state.chronicle.kills, [{ name: "Orc", count: 1 }]);
  equal(state.chronicle.xpEarned, rules.templates.orc.xp);
});

Deno.test("the morgue file tells the whole story: fate, stats, gear, pack, kills, last 20 messages, the map", () => {
  const { state } = botGame(9);
  const now = new Date("2026-11-21T09:30:12Z");
  const text = morgueText(state, rules, theme, { version: "9.9.9", now });
  const lines = text.split("\n");
  equal(lines[0], "Delve 9.9.9 morgue file, written 2026-11-21 09:30:12 UTC");
  ok(lines.includes(`Player, seed 9`));
  ok(lines.includes(`Killed by an Orc on dungeon level ${state.floor} after ${state.turn} turns.`), text);
  ok(lines.includes(`Score: ${scoreOf(state, rules.score)}`));
  const player = playerOf(state);
  ok(lines.includes(`  HP: 0/${player.fighter!.maxHp}`));
  ok(lines.includes(`  Level: ${player.level!.current}`));
  ok(lines.includes(`  XP earned in all: ${state.chronicle.xpEarned}`));
  ok(lines.some((l) => /^ {2}Weapon: \S/.test(l)) && lines.some((l) => /^ {2}Armor: \S/.test(l)));
  const items = player.inventory!.items;
  ok(lines.includes(`Inventory (${items.length} of ${player.inventory!.capacity})`));
  for (const item of items) ok(lines.some((l) => l.startsWith("  (") && l.includes(item.name)), item.name);
  const total = state.chronicle.kills.reduce((n, k) => n + k.count, 0);
  ok(lines.includes(`Kills: ${total}`));
  for (const k of state.chronicle.kills) ok(lines.includes(`  ${String(k.count).padStart(4)}  ${k.name}`));
  const from = lines.indexOf("Last 20 messages");
  ok(from > 0, "twenty messages");
  deepEqual(
    lines.slice(from + 1, from + 21),
    state.log.slice(-20).map((e) => `  ${displayText(e)}`.trimEnd()),
  );
  const mapAt = lines.indexOf(`Dungeon level ${state.floor}`);
  deepEqual(lines.slice(mapAt + 1, -1), asciiMap(state, theme).map((l) => `  ${l}`.trimEnd()));
});

Deno.test("the morgue map shows exactly the remembered cells, and the things in view over them", () => {
  const state = arena(rules, "#######\n#@..o.#\n#.....#\n#######", { o: "orc" });
  state.map.explored.fill(0);
  state.map.visible.fill(0);
  // The player remembers the top-left corner and sees only the cell of the orc.
  for (const [x, y] of [[0, 0], [1, 0], [0, 1], [1, 1], [2, 1], [3, 1], [4, 1]]) {
    state.map.explored[y * 7 + x] = 1;
  }
  state.map.visible[1 * 7 + 4] = 1;
  deepEqual(asciiMap(state, theme), ["##", "#...o"]);
});

Deno.test("a version 1 save (before the chronicle) loads with an empty chronicle", () => {
  const state = newGame(rules, 5);
  const json = JSON.parse(encodeSave(state, stamp, "old", new Date(0)));
  json.version = 1;
  delete json.state.chronicle;
  deepEqual(decodeSave(json, rules).chronicle, { kills: [], killsByFloor: [], xpEarned: 0 });
  const damaged = JSON.parse(encodeSave(state, stamp, "new", new Date(0)));
  damaged.state.chronicle.kills = [{ name: "Orc", count: -1 }];
  throws(
    () => decodeSave(damaged, rules),
    /^SaveError: the save is damaged at \$\.state\.chronicle\.kills\[0\]\.count: /,
  );
  const deep = JSON.parse(encodeSave(state, stamp, "new", new Date(0)));
  deep.state.floor = 1e9;
  throws(() => decodeSave(deep, rules), /damaged at \$\.state\.floor: /);
  const kills = JSON.parse(encodeSave(state, stamp, "new", new Date(0)));
  kills.state.chronicle.killsByFloor = [1, 2, 3];
  throws(() => decodeSave(kills, rules), /kills are counted on floors deeper than the one reached/);
});

const entry = (score: number, seed = score): HighScore => ({
  score,
  depth: 1,
  level: 1,
  xp: 0,
  turns: 10,
  seed,
  date: "2026-11-21T09:30:12.000Z",
  cause: "killed by an Orc",
  version: "test",
});

Deno.test("high scores: best first, a tie ranks below the older game, ten kept, the eleventh best is not ranked", () => {
  let table: HighScore[] = [];
  for (const s of [50, 10, 90, 30, 70, 20, 60, 40, 80, 100]) table = placeScore(table, entry(s)).table;
  deepEqual(table.map((e) => e.score), [100, 90, 80, 70, 60, 50, 40, 30, 20, 10]);
  const tie = placeScore(table, entry(70, 7));
  equal(tie.rank, 5);
  deepEqual(tie.table.map((e) => e.seed), [100, 90, 80, 70, 7, 60, 50, 40, 30, 20]);
  equal(placeScore(table, entry(5)).rank, undefined);
  equal(placeScore(table, entry(5)).table.length, HIGH_SCORES_KEPT);
});

Deno.test("the high-score file: written and read back; a damaged one is refused, moved aside and never overwritten", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/scores.json`;
  deepEqual(await readScores(path), { kind: "read", scores: [] });
  equal((await addHighScore(path, entry(500), new Date())).rank, 1);
  equal((await addHighScore(path, entry(700), new Date())).rank, 1);
  deepEqual(await readScores(path), { kind: "read", scores: [entry(700), entry(500)] });
  const damaged = JSON.stringify({
    format: "delve-scores",
    version: 1,
    scores: [{ ...entry(1), score: "lots" }],
  });
  await Deno.writeTextFile(path, damaged);
  const read = await readScores(path);
  equal(read.kind, "unreadable");
  match((read as { reason: string }).reason, /high-score file is damaged at scores\[0\]\.score/);
  const added = await addHighScore(path, entry(300), new Date("2026-01-02T03:04:05Z"));
  equal(added.rank, 1);
  equal(await Deno.readTextFile(added.keptAs!), damaged, "the damaged table is kept as it was");
  deepEqual(await readScores(path), { kind: "read", scores: [entry(300)] });
  await Deno.remove(dir, { recursive: true });
});

Deno.test("the title's score table cuts a long cause to the width and keeps every column", () => {
  const long = { ...entry(1234, 42), cause: "killed by a Very Long Named Monster From The Depths Below" };
  const [header, row] = scoreLines([long], 78);
  match(header, /Score\s+Depth\s+Turns\s+Seed\s+Date\s+Cause$/);
  equal([...row].length, 78);
  match(row, /^ 1\. {3}1234 {6}1 {5}10 {10}42 {2}2026-11-21 {2}killed by a Very.*…$/);
});

Deno.test("death writes the morgue file (its path on the game-over screen) and the score, which the title then lists", async () => {
  const t = await titleSession();
  await t.tick();
  ok(!t.text().includes("Score"), "no table before any game ends");
  await t.press("n");
  const state = t.app.game!.state;
  doomPlayer(state, rules);
  await t.press(".");
  ok(isGameOver(state));
  const morgues = [...Deno.readDirSync(`${t.dir}/morgue`)].map((e) => e.name).sort().reverse();
  deepEqual(morgues, ["morgue-20261121-100000-seed31.txt", "morgue-20261121-100000-seed31.replay.json.gz"]);
  const path = `${t.dir}/morgue/${morgues[0]}`;
  ok(t.gameText().includes(`${morgues[0]} `), t.gameText());
  equal(lastShown(t.app.game!).text, `Morgue file written to ${path}`, "the log keeps the whole path");
  ok(
    !state.log.some((e) => e.text.startsWith("Morgue file")),
    "a notice of the program, not a line of the game's log",
  );
  ok(t.gameText().includes(", number 1 in the high scores!"));
  const text = await Deno.readTextFile(path);
  ok(text.includes(`Killed by an Orc on dungeon level 1 after ${state.turn} turn`), text);
  const scores = await readScores(`${t.dir}/scores.json`);
  deepEqual(scores.kind === "read" && scores.scores.map((s) => [s.seed, s.cause, s.score]), [
    [31, "killed by an Orc", scoreOf(state, rules.score)],
  ]);
  await t.press("Escape");
  const title = t.text();
  ok(/Score\s+Depth\s+Turns\s+Seed\s+Date\s+Cause/.test(title), title);
  ok(/ 1\.\s+\d+\s+1\s+\d+\s+31\s+2026-11-21\s+killed by an Orc/.test(title), title);
  ok(title.includes("[N] Play a new game"));
  await t.press("q");
  await t.running;
});

Deno.test("death shows the game-over window at once, saying the files are being written, then where they went", async () => {
  const t = await titleSession();
  await t.tick();
  await t.press("n");
  const state = t.app.game!.state;
  doomPlayer(state, rules);
  // Each frame the game writes, with whether a morgue file was on disk as it went out.
  const frames: { text: string; morgues: number }[] = [];
  const write = t.terminal.write.bind(t.terminal);
  t.terminal.write = (text: string) => {
    write(text);
    const morgues = [...(function* () {
      try {
        yield* Deno.readDirSync(`${t.dir}/morgue`);
      } catch {
        // No folder yet: no file.
      }
    })()].length;
    frames.push({ text: t.gameText(), morgues });
  };
  await t.press(".");
  t.terminal.write = write;
  ok(isGameOver(state));
  const first = frames.findIndex((f) => f.text.includes("Game over"));
  ok(first >= 0, "the window was drawn");
  ok(frames[first].text.includes("Writing the morgue file"), frames[first].text);
  equal(frames[first].morgues, 0, "drawn before any file was written");
  const last = frames.at(-1)!;
  ok(last.text.includes("Morgue file:") && !last.text.includes("Writing the morgue"), last.text);
  await t.press("Escape", "q");
  await t.running;
});

Deno.test("m in the character window writes a morgue file of the living character and says where", async () => {
  const t = await titleSession();
  await t.tick();
  await t.press("n", "c", "m");
  const log = lastShown(t.app.game!).text;
  const path = /^Morgue file written to (.*)$/.exec(log)?.[1];
  ok(path, log);
  const text = await Deno.readTextFile(path);
  ok(text.includes("Alive on dungeon level 1 after 0 turns."), text);
  // The clock stands still here: a second dump in the same second is a second file.
  await t.press("m");
  const second = /^Morgue file written to (.*)$/.exec(lastShown(t.app.game!).text)?.[1];
  equal(second, path.replace(/\.txt$/, "-2.txt"));
  equal(await Deno.readTextFile(path), text, "the first is kept");
  await t.press("Escape", "Escape", "q");
  await t.running;
});

Deno.test("a morgue folder that cannot be written is told, and the game goes on", async () => {
  const t = await titleSession();
  await t.tick();
  await Deno.writeTextFile(`${t.dir}/morgue`, "a file where the folder should be");
  await t.press("n", "c", "m");
  match(lastShown(t.app.game!).text, /^Could not write the morgue file: /);
  await t.press("Escape", "l", "Escape", "q");
  equal(await t.running, "quit");
});

Deno.test("the title fits ten high scores at 80x24 (and keeps its subtitle and credit at 80x50)", async () => {
  for (const rows of [24, 50]) {
    const { terminal, app, dir } = await delveSession({}, 80, rows);
    let table: HighScore[] = [];
    for (let k = 1; k <= 12; k++) table = placeScore(table, entry(k * 100, k)).table;
    await Deno.writeTextFile(
      `${dir}/scores.json`,
      JSON.stringify({ format: "delve-scores", version: 1, scores: table }),
    );
    terminal.end();
    await app.run();
    const text = [...Array(rows).keys()].map((y) => app.screen.rowText(y));
    for (let k = 1; k <= 10; k++) {
      ok(text.some((l) => l.includes(`${String(k).padStart(2)}. `)), `row ${k} at ${rows}`);
    }
    ok(text.some((l) => l.includes("[N] Play a new game")));
    equal(text.some((l) => l.includes("By the Delve developers")), rows === 50);
    equal(text.some((l) => l.includes("things that hunt you")), rows === 50);
  }
});

Deno.test("an unreadable table moved aside, then the write failing: the error still says where the old one went", async () => {
  await using disk = await smallDisk();
  const path = `${disk.dir}/scores.json`;
  await Deno.writeTextFile(path, "damaged");
  await disk.fill();
  const failed = await addHighScore(path, entry(10), new Date("2026-01-02T03:04:05Z")).then(
    () => undefined,
    (e) => e,
  );
  ok(failed instanceof ScoresNotWritten, String(failed));
  equal(await Deno.readTextFile(failed.keptAs!), "damaged");
});

Deno.test("kept-aside and morgue files take the next free name, never another file's", async () => {
  const dir = await Deno.makeTempDir();
  const now = new Date("2026-01-02T03:04:05Z");
  const kept: string[] = [];
  for (const text of ["first", "second"]) {
    await Deno.writeTextFile(`${dir}/scores.json`, text);
    kept.push(await keepUnreadable(`${dir}/scores.json`, now));
  }
  equal(kept[1], `${kept[0]}-2`);
  deepEqual([await Deno.readTextFile(kept[0]), await Deno.readTextFile(kept[1])], ["first", "second"]);
  const state = newGame(rules, 3);
  const morgues = [await writeMorgue(dir, state, "a", now), await writeMorgue(dir, state, "b", now)];
  equal(morgues[1], morgues[0].replace(/\.txt$/, "-2.txt"));
  deepEqual([await Deno.readTextFile(morgues[0]), await Deno.readTextFile(morgues[1])], ["a", "b"]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("a cause longer than the table keeps is cut to fit; a wide one is kept; one with a control is refused", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/scores.json`;
  const long = `killed by an ${"Ogre".repeat(60)}`;
  equal((await addHighScore(path, { ...entry(10), cause: long }, new Date())).rank, 1);
  const read = await readScores(path);
  equal(read.kind === "read" && read.scores[0].cause, long.slice(0, 200), "read back by its own reader");
  equal((await addHighScore(path, { ...entry(20), cause: "killed by a 竜" }, new Date())).rank, 1);
  await rejects(
    () => addHighScore(path, { ...entry(30), cause: "killed by a \x1b[31m竜" }, new Date()),
    /the score cannot be kept at cause: expected printable characters \(found \\x1b\)/,
  );
  await Deno.remove(dir, { recursive: true });
});

Deno.test("an unreadable high-score table: the title says which file and why; the next death keeps it aside and says where", async () => {
  const scores = `${await Deno.makeTempDir()}/scores.json`;
  await Deno.writeTextFile(scores, "{ not json");
  const t = await titleSession(undefined, { scoresPath: scores });
  await t.tick();
  const title = t.text().replace(/\s+/g, " ");
  ok(title.includes(`The high scores in ${scores} cannot be read (invalid JSON at line`), title);
  await t.press("n");
  doomPlayer(t.app.game!.state, rules);
  await t.press(".");
  const kept = `${dirname(scores)}/kept/scores.json.unreadable-2026-11-21T10-00-00-000Z`;
  for (let k = 0; k < 100 && !t.gameText().includes("unreadable-2026"); k++) await t.tick();
  ok(t.gameText().includes(kept.slice(-40)), t.gameText());
  equal(await Deno.readTextFile(kept), "{ not json", "kept whole");
  await t.press("Escape", "q");
  await t.running;
});

Deno.test("the game-over window answers keys while its files are written, and the game ends once they are", async () => {
  const terminal = new HeadlessTerminal(80, 24);
  const state = newGame(rules, 31);
  const written = Promise.withResolvers<GameOverReport>();
  const game = new GameSession(terminal, content, state, new InProcessRunner(rules), {
    colorDepth: "truecolor",
    onGameOver: () => written.promise,
  });
  const screen = () => [...Array(24).keys()].map((y) => game.screen.rowText(y)).join("\n");
  const settled = async (events: number) => {
    for (let n = 0; n < 400 && game.eventsDone < events; n++) await new Promise((r) => setTimeout(r, 5));
  };
  let ended: string | undefined;
  const running = game.run().then((reason) => (ended = reason));
  doomPlayer(state, rules);
  terminal.input(keyEvent("."));
  await settled(1);
  ok(isGameOver(state));
  ok(screen().includes("Writing the morgue file"), screen());
  // The disk is slow: the help opens over the window all the same.
  terminal.input(keyEvent("?"));
  await settled(2);
  ok(screen().includes("Keys: Game over"), `the help is up: ${screen()}`);
  terminal.input(keyEvent("Escape"));
  await settled(3);
  ok(!screen().includes("Keys: Game over") && screen().includes("Writing the morgue file"), screen());
  // Leaving is asked for before the files are on disk: the game waits for them.
  terminal.input(keyEvent("Enter"));
  await new Promise((r) => setTimeout(r, 50));
  equal(ended, undefined, "not ended while its files are being written");
  written.resolve({ morgue: { path: "/somewhere/morgue-31.txt" } });
  equal(await running, "quit");
  ok(screen().includes("Morgue file: /somewhere/morgue-31.txt"), screen());
});
