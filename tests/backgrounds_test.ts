import { deepEqual, equal, match, ok, throws } from "node:assert/strict";
import {
  Bot,
  type GameState,
  isGameOver,
  newGame,
  PhaseContext,
  playerOf,
  wornIn,
} from "../src/engine/mod.ts";
import { contentOfJson } from "../src/content/mod.ts";
import {
  dataStamp,
  decodeRecording,
  decodeSave,
  encodeSave,
  playRecording,
  ReplayError,
  startRecording,
} from "../src/store/mod.ts";
import { themeFromContent } from "../src/app/mod.ts";
import { backgroundKit, BackgroundScreen, morgueText, scoreLines } from "../src/ui/mod.ts";
import { parseCli } from "../src/app/play_flags.ts";
import { backgroundProblem } from "../src/app/main.ts";
import { simCommand, simulate } from "../src/commands/sim.ts";
import { backgroundLines } from "../src/commands/sim/balance_report.ts";
import { CellBuffer, keyEvent } from "../src/terminal/mod.ts";
import { bundledContent, delveContent } from "./support/content.ts";
import { doomPlayer, titleSession } from "./support/title_session.ts";
import { both } from "./support/worker_games.ts";
import { InProcessRunner, WorkerRunner } from "../src/worker/mod.ts";

const delve = await delveContent();
const { rules } = delve;
const stamp = dataStamp(delve);

/** The names of what the player carries, and of what they wear. */
function kit(state: GameState): { carried: string[]; worn: string[] } {
  const player = playerOf(state);
  const items = player.inventory!.items;
  return {
    carried: items.map((i) => `${i.count ?? 1} ${i.template}`),
    worn: ["weapon", "armor"].map((slot) => wornIn(player, slot)?.template ?? "-"),
  };
}

Deno.test("Delve's data offers three backgrounds; the tutorials' rule sets none", async () => {
  deepEqual(rules.backgrounds?.map((b) => b.id), ["fighter", "scout", "adept"]);
  equal((await bundledContent()).rules.backgrounds, undefined);
});

Deno.test("a new game without a background starts as the player template says, with no background in its state", () => {
  const state = newGame(rules, 5);
  const player = playerOf(state);
  equal(state.background, undefined);
  equal(player.stealth, undefined);
  equal(player.fighter!.maxHp, rules.templates.player.fighter!.hp);
  deepEqual(kit(state).worn, ["dagger", "leather_armor"]);
});

Deno.test("a Fighter starts with more HP and a short sword; louder than the template", () => {
  const state = newGame(rules, 5, "fighter");
  const player = playerOf(state);
  equal(state.background, "fighter");
  equal(player.fighter!.maxHp, rules.templates.player.fighter!.hp + 5);
  equal(player.fighter!.hp, player.fighter!.maxHp);
  deepEqual(kit(state).worn, ["short_sword", "leather_armor"]);
  equal(player.stealth, rules.templates.player.stealth! - 20);
});

Deno.test("a Scout starts far-sighted, quiet and hard to hit, with darts and no armour", () => {
  const state = newGame(rules, 5, "scout");
  const player = playerOf(state);
  deepEqual(kit(state).worn, ["dagger", "-"]);
  ok(kit(state).carried.includes("10 dart"));
  equal(player.speed, undefined);
  equal(player.sight, rules.sightRadius + 2);
  equal(player.stealth, 80);
  equal(player.fighter!.evasion, (rules.templates.player.fighter!.evasion ?? 0) + 5);
  // The monsters' rolls against the player's stealth read the Scout's own.
  const context = new PhaseContext(state.map, state.entities, player, undefined, rules.templates);
  equal(context.stealth, 80);
});

Deno.test("an Adept starts frail with a wand and scrolls it knows for what they are", () => {
  const state = newGame(rules, 5, "adept");
  const player = playerOf(state);
  equal(player.fighter!.maxHp, rules.templates.player.fighter!.hp - 6);
  deepEqual(kit(state).carried.sort(), [
    "1 dagger",
    "1 leather_armor",
    "1 lightning_wand",
    "1 teleport_scroll",
    "2 confusion_scroll",
  ]);
  for (const id of ["lightning_wand", "confusion_scroll", "teleport_scroll"]) {
    if (rules.templates[id].unknown !== undefined) ok(state.known?.includes(id), `${id} is known`);
  }
});

Deno.test("a background the rules lack is refused", () => {
  throws(() => newGame(rules, 5, "wizard"), /no background "wizard"/);
  throws(() => newGame({ ...rules, backgrounds: undefined }, 5, "fighter"), /they have: none/);
});

Deno.test("the same seed and background give the same game; another background another start", () => {
  const a = newGame(rules, 9, "scout"), b = newGame(rules, 9, "scout"), c = newGame(rules, 9, "fighter");
  deepEqual(encodeSave(a, stamp, "t", new Date(0)), encodeSave(b, stamp, "t", new Date(0)));
  ok(encodeSave(a, stamp, "t", new Date(0)) !== encodeSave(c, stamp, "t", new Date(0)));
});

Deno.test("a Scout's game with the AI worker is the same game as in-process, to the checksum", async () => {
  const worker = new WorkerRunner(rules, { timeoutMs: 1000, checkEvery: 5 });
  ok(await worker.ready);
  const games = [newGame(rules, 8, "scout"), newGame(rules, 8, "scout")] as const;
  const runners = [worker, new InProcessRunner(rules)] as const;
  try {
    const bot = new Bot();
    for (let n = 0; n < 300 && !isGameOver(games[1]); n++) {
      await both(bot.decide(games[1], rules), games, runners);
    }
  } finally {
    worker.close();
  }
  ok(games[0].turn > 50, "the bot played on");
  equal(games[0].background, "scout");
  deepEqual(worker.faults, []);
});

Deno.test("a save keeps the background and the Scout's own stealth", () => {
  const state = newGame(rules, 12, "scout");
  const loaded = decodeSave(JSON.parse(encodeSave(state, stamp, "t", new Date(0))), rules);
  equal(loaded.background, "scout");
  equal(playerOf(loaded).stealth, 80);
  // A save naming a background its rules lack is refused, as a template they lack is.
  const json = JSON.parse(encodeSave(state, stamp, "t", new Date(0)));
  throws(
    () => decodeSave(json, { ...rules, backgrounds: rules.backgrounds!.slice(0, 1) }),
    /background "scout"/,
  );
});

Deno.test("a replay of a Scout's game replays as a Scout, checksums and all", () => {
  const recording = startRecording(3, "t", stamp, "scout");
  simulate(delve, 3, 400, recording, "scout");
  const read = decodeRecording(JSON.parse(JSON.stringify(recording)));
  equal(read.background, "scout");
  ok(read.checks.length > 0, "checksums were taken");
  const end = playRecording(read, rules);
  equal(end.background, "scout");
  // Played from the seed alone (no background), the same commands go out of sync.
  const { background: _, ...withoutBackground } = read;
  throws(() => playRecording(withoutBackground, rules), ReplayError);
});

Deno.test("an old replay without a background still plays, as the template's own start", () => {
  const recording = startRecording(4, "t", stamp);
  simulate(delve, 4, 300, recording);
  const json = JSON.parse(JSON.stringify(recording));
  equal("background" in json, false, "a game without a background writes no field");
  const end = playRecording(decodeRecording(json), rules);
  equal(end.background, undefined);
  ok(end.turn > 0 || isGameOver(end));
});

Deno.test("a replay naming a background its data lacks is refused, saying which", () => {
  const recording = { ...startRecording(4, "t", stamp, "wizard") };
  throws(() => playRecording(recording, rules), /background "wizard", which its data does not have/);
});

Deno.test("data whose backgrounds wear what cannot be worn, repeat an id or break a bound is refused", async () => {
  const read = async (name: string) => JSON.parse(await Deno.readTextFile(`data/${name}`));
  const json = {
    game: await read("game.json"),
    entities: await read("entities.json"),
    spawn: await read("spawn_tables.json"),
    palettes: (await read("palettes.json")).palettes,
  };
  json.game.backgrounds = [
    { id: "a", name: "A", description: "x", equipment: ["health_potion"] },
    { id: "a", name: "B", description: "x", equipment: ["sword", "battle_axe"] },
    { id: "c", name: "C", description: "x", fighter: { hp: -1000 }, items: [{ item: "orc" }] },
    { id: "d", name: "D", description: "x", speed: -95 },
  ];
  const labels = {
    game: "data/game.json",
    entities: "data/entities.json",
    spawn: "data/spawn_tables.json",
    palettes: "data/palettes.json",
  };
  const error = (() => {
    try {
      contentOfJson(json, labels, "data/");
    } catch (e) {
      return (e as Error).message;
    }
    return "";
  })();
  match(error, /backgrounds\[0\]\.equipment\[0\]: expected an equippable template, found "health_potion"/);
  match(error, /backgrounds\[1\]\.id: expected an id no other background has/);
  match(error, /backgrounds\[1\]\.equipment\[1\]: expected one thing a slot/);
  match(error, /backgrounds\[2\]\.fighter\.hp: expected the player's hp with it from 1/);
  match(error, /backgrounds\[2\]\.items\[0\]\.item: expected an item template, found "orc"/);
  // A background too slow for a key's work to stay bounded: its dearest action (in Delve's data, a sneaking step).
  match(error, /takes in at most 10 turns at their slowest \(speed 3[,)]/);
});

Deno.test("the morgue file and the score table name the background", () => {
  const state = newGame(rules, 5, "adept");
  const theme = themeFromContent(delve);
  match(morgueText(state, rules, theme, { version: "t", now: new Date(0) }), /^Background: Adept \(/m);
  ok(!/Background:/.test(morgueText(newGame(rules, 5), rules, theme, { version: "t", now: new Date(0) })));
  const entry = {
    score: 10,
    depth: 2,
    level: 1,
    xp: 0,
    turns: 9,
    seed: 5,
    date: new Date(0).toISOString(),
    cause: "killed by a Rat",
    version: "t",
    background: "Adept",
  };
  match(scoreLines([entry], 80)[1], /Adept, killed by a Rat$/);
});

Deno.test("the choice lists each background with its line and kit, fits 80x24, and answers its keys", () => {
  const screen = new BackgroundScreen(rules);
  const theme = themeFromContent(delve);
  for (const [w, h] of [[80, 24], [80, 50]]) {
    const buf = new CellBuffer(w, h);
    screen.draw(buf, theme);
    const text = [...Array(h).keys()].map((y) => buf.rowText(y)).join("\n");
    for (const b of rules.backgrounds!) {
      ok(text.includes(b.name), `${b.name} at ${w}x${h}`);
      ok(text.includes(b.description), `${b.name}'s line at ${w}x${h}`);
    }
    match(text, /Esc: back/);
    match(text, /HP 35, stealth 20; wears Short Sword, Leather Armor/);
  }
  match(backgroundKit(rules, rules.backgrounds![1]), /sight 10; wears Dagger; carries 10 Darts/);
  deepEqual(screen.handleKey(keyEvent("b")), { type: "start", background: "scout" });
  deepEqual(screen.handleKey(keyEvent("Down")), { type: "stay" });
  deepEqual(screen.handleKey(keyEvent("Down")), { type: "stay" });
  deepEqual(screen.handleKey(keyEvent("Enter")), { type: "start", background: "adept" });
  deepEqual(screen.handleKey(keyEvent("Escape")), { type: "back" });
  deepEqual(screen.handleKey(keyEvent("z")), { type: "stay" });
});

Deno.test("N on the title asks the background; its letter starts that game, recorded in the replay", async () => {
  const t = await titleSession(undefined, {}, delve);
  await t.press("n");
  equal(t.app.game, undefined, "no game yet: the background is asked");
  match(t.text(), /Choose your background/);
  await t.press("Escape");
  ok(!/Choose your background/.test(t.text()), "Escape goes back to the title");
  match(t.text(), /\[N\] Play a new game/);
  await t.press("n", "b");
  const game = t.app.game!;
  equal(game.state.background, "scout");
  equal(playerOf(game.state).stealth, 80);
  // Delve's own data asks before Escape leaves the game (saved) for the title, whose line names it.
  await t.press("Escape", "y");
  match(t.text(), /Saved game: Scout, seed 31, dungeon level 1/);
  await t.press("q");
  await t.running;
  const saved = decodeSave(
    JSON.parse(new TextDecoder().decode(await gunzipFile(t.savePath))),
    rules,
  );
  equal(saved.background, "scout");
  const replay = decodeRecording(
    JSON.parse(new TextDecoder().decode(await gunzipFile(`${t.dir}/last-game.replay.json.gz`))),
  );
  equal(replay.background, "scout");
  equal(playRecording(replay, rules).background, "scout");
});

Deno.test("a daily game asks the background too; its score and morgue file name it beside the day", async () => {
  const t = await titleSession(undefined, { daily: "2026-11-21" }, delve);
  await t.press("n");
  match(t.text(), /Choose your background/);
  await t.press("c");
  const state = t.app.game!.state;
  equal(state.background, "adept");
  for (let k = 0; k < 50 && !isGameOver(state); k++) {
    doomPlayer(state, rules);
    await t.press(".");
  }
  ok(isGameOver(state));
  const scores = JSON.parse(await Deno.readTextFile(`${t.dir}/scores.json`));
  equal(scores.scores[0].daily, "2026-11-21");
  equal(scores.scores[0].background, "Adept");
  const morgue = [...Deno.readDirSync(`${t.dir}/morgue`)].find((e) => e.name.endsWith(".txt"))!;
  const text = await Deno.readTextFile(`${t.dir}/morgue/${morgue.name}`);
  match(text, /^Background: Adept/m);
  match(text, /^Daily game of 2026-11-21/m);
  await t.press("Enter", "q");
  await t.running;
});

Deno.test("with --background a new game starts unasked; data without backgrounds never asks", async () => {
  const t = await titleSession(undefined, { background: "fighter" }, delve);
  await t.press("n");
  equal(t.app.game?.state.background, "fighter");
  await t.press("Escape", "y", "q");
  await t.running;
  const tutorial = await titleSession();
  await tutorial.press("n");
  ok(tutorial.app.game, "the tutorial's data starts a game at once");
  equal(tutorial.app.game!.state.background, undefined);
  await tutorial.press("Escape", "q");
  await tutorial.running;
});

Deno.test("--background is parsed and checked against the data", () => {
  const command = parseCli(["--background", "scout"]);
  equal(command.kind === "play" && command.background, "scout");
  throws(() => parseCli(["--background", "Not An Id"]), /--background/);
  equal(backgroundProblem(rules, "scout"), undefined);
  match(backgroundProblem(rules, "wizard")!, /expected one of fighter, scout, adept/);
  match(backgroundProblem({ ...rules, backgrounds: undefined }, "scout")!, /no backgrounds/);
});

Deno.test("the sim refuses a background its data lacks, and --record with all", async () => {
  equal(await simCommand(["--games", "1", "--background", "wizard"]), 2);
  equal(await simCommand(["--games", "1", "--background", "scout", "--data", "data/rulesets/tcod"]), 2);
  equal(await simCommand(["--background", "all", "--record", "/tmp/never-written.json.gz"]), 2);
});

Deno.test("the sim's report gives figures by background", () => {
  const results = ["fighter", "scout"].map((b) => simulate(delve, 1, 50, undefined, b));
  equal(results[0].background, "fighter");
  const lines = backgroundLines(results);
  match(lines[1], /^ {2}fighter +1 {2}won +0/);
  match(lines[2], /^ {2}scout/);
});

/** A gzipped file's bytes, inflated. */
async function gunzipFile(path: string): Promise<Uint8Array> {
  const stream = (await Deno.open(path)).readable.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
