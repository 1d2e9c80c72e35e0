/**
 * What walks remember between them: a monster seen as a walk began stops
 * no later walk unless it moves nearer than it has been; harm under the
 * data's share of max HP does not stop a walk; HP falling under the data's
 * low line is told once and stops the walk, and the HP bar changes colour.
 */
import { deepEqual, equal, notEqual, ok } from "node:assert/strict";
import { decodeRecording, record, startRecording } from "../src/store/mod.ts";
import { GameSession } from "../src/app/mod.ts";
import type { Content } from "../src/content/mod.ts";
import {
  type GameEvent,
  type GameState,
  type KnownMonsters,
  newGame,
  playerOf,
  startWalk,
  stopAfterStep,
  updateVisibility,
  walkBehavior,
  type WalkStop,
} from "../src/engine/mod.ts";
import { HeadlessTerminal, keyEvent } from "../src/terminal/mod.ts";
import { paletteColor } from "../src/ui/mod.ts";
import { arenaStill } from "./support/arena.ts";
import { bundledContent, emptyDungeonRules } from "./support/content.ts";
import { HookedRunner } from "./support/hooked_runner.ts";

const content = await bundledContent();
const { rules } = content;
const empty = await emptyDungeonRules();

const corridor = `
    ##########################
    #@....o..................#
    ##########################`;

/** Puts the entity `id` at `x` on row 1 (and the player's view follows). */
function place(state: GameState, id: number, x: number): void {
  Object.assign(state.entities.find((e) => e.id === id)!, { x, y: 1 });
  updateVisibility(state.map, playerOf(state), rules.sightRadius);
}

Deno.test("a monster known from an earlier walk stops a later one only when it moves nearer than it has been", () => {
  const state = arenaStill(rules, corridor, { o: "orc" });
  const known: KnownMonsters = new Map();
  // The first walk begins with the orc 5 steps away: it is known from now on.
  startWalk(state, { kind: "explore" }, known);
  deepEqual(known.get(1), { x: 6, y: 1, steps: 5 });
  // It steps back out of sight; a later walk begins; it comes back, no nearer than before: no stop.
  place(state, 1, 20);
  const later = startWalk(state, { kind: "explore" }, known);
  place(state, 1, 7);
  equal(stopAfterStep(state, later, new Set()), undefined, "back at 6 steps, farther than its nearest (5)");
  // The player walks up to it as it stands: no stop either.
  place(state, 0, 3);
  place(state, 1, 7);
  const still = startWalk(state, { kind: "explore" }, known);
  place(state, 0, 4);
  equal(stopAfterStep(state, still, new Set()), undefined, "the player came nearer, not the orc");
  // It moves nearer than it has ever been: the walk stops, naming it.
  place(state, 1, 5);
  deepEqual(stopAfterStep(state, still, new Set()), { reason: "closer", names: ["Orc"] });
  // Without the memory (a walk begun with the orc out of sight), its return stops the walk as a newcomer's.
  place(state, 1, 20);
  const fresh = startWalk(state, { kind: "explore" });
  place(state, 1, 7);
  deepEqual(stopAfterStep(state, fresh, new Set()), { reason: "monster", names: ["Orc"] });
});

Deno.test("with closerByHalf a known monster flitting nearer is news only half the way in, or within reach", () => {
  const state = arenaStill(rules, corridor, { o: "orc" });
  const known: KnownMonsters = new Map();
  // Seen 5 steps away as the walk began.
  const walk = startWalk(state, { kind: "explore" }, known, undefined, rules);
  equal(known.get(1)?.steps, 5);
  place(state, 1, 5);
  equal(stopAfterStep(state, walk, new Set()), undefined, "4 steps: nearer, but not half the way in");
  place(state, 1, 4);
  equal(stopAfterStep(state, walk, new Set()), undefined, "3 steps: still more than half of 5");
  place(state, 1, 3);
  deepEqual(stopAfterStep(state, walk, new Set()), { reason: "closer", names: ["Orc"] }, "2 steps: half");
  // Seen 3 steps away: half of 3 is 1, but beside the player it can hit, and 2 steps is not news.
  place(state, 1, 4);
  const near = startWalk(state, { kind: "explore" }, known, undefined, rules);
  place(state, 1, 3);
  equal(stopAfterStep(state, near, new Set()), undefined, "2 steps, out of its reach");
  place(state, 1, 2);
  deepEqual(
    stopAfterStep(state, near, new Set()),
    { reason: "closer", names: ["Orc"] },
    "beside: it can hit",
  );
  // Without the word the first step nearer stops the walk.
  place(state, 1, 7);
  known.clear();
  const plain = startWalk(state, { kind: "explore" }, known);
  place(state, 1, 6);
  deepEqual(stopAfterStep(state, plain, new Set()), { reason: "closer", names: ["Orc"] });
});

/** The tutorial's data with Delve's walk words: `walks` and `lowHp` as `game.json` may set them. */
function withWalkWords(game: Partial<Content["game"]>): Content {
  return { ...content, rules: empty, game: { ...content.game, stairsAway: undefined, ...game } };
}

/** An app on a fresh empty floor whose runner takes `hurt(turn)` HP from the player before each turn's monsters. */
function hurtingApp(data: Content, hurt: (turn: number) => number): { app: GameSession; state: GameState } {
  const state = newGame(empty, 4);
  const runner = new HookedRunner(empty, (s, turn) => {
    playerOf(s).fighter!.hp -= hurt(turn);
  });
  const app = new GameSession(new HeadlessTerminal(80, 50), data, state, runner, { colorDepth: "truecolor" });
  app.render();
  return { app, state };
}

Deno.test("with walks.hurtShare, scratches under the share do not stop a walk; a blow past it does", async () => {
  const data = withWalkWords({ walks: { hurtShare: 0.2 } });
  // 30 max HP: a share of 0.2 is 6 HP since the walk began.
  const scratched = hurtingApp(data, (turn) => turn === 2 || turn === 4 ? 2 : 0);
  await scratched.app.handleInput(keyEvent("x"));
  notEqual(scratched.state.log.at(-1)?.text, "You are hurt.", "4 HP in two scratches");
  equal(playerOf(scratched.state).fighter!.hp, 26);
  const struck = hurtingApp(data, (turn) => turn === 3 ? 6 : 0);
  await struck.app.handleInput(keyEvent("x"));
  deepEqual([struck.state.turn, struck.state.log.at(-1)?.text], [3, "You are hurt."]);
  // The tutorial's own data (no share): 2 HP stop it, as before.
  const plain = hurtingApp(withWalkWords({}), (turn) => turn === 2 ? 2 : 0);
  await plain.app.handleInput(keyEvent("x"));
  deepEqual([plain.state.turn, plain.state.log.at(-1)?.text], [2, "You are hurt."]);
});

Deno.test("with walks.blowsStop a monster's blow under the share stops a walk; a poison's tick does not", async () => {
  /** An app whose runner, on turn 3, has a monster's blow (or a status) take 2 HP, with its event. */
  const struckApp = (data: Content, kind: "blow" | "tick") => {
    const state = newGame(empty, 4);
    const runner = new HookedRunner(empty, () => {});
    const play = runner.play.bind(runner);
    runner.play = async (s, command) => {
      const events = await play(s, command);
      if (!events || !("act" in command) || runner.turns !== 3) return events;
      playerOf(s).fighter!.hp -= 2;
      const hurt: GameEvent = kind === "blow"
        ? {
          type: "attacked",
          attackerId: 99,
          attacker: "Orc",
          targetId: s.playerId,
          target: "Player",
          damage: 2,
        }
        : {
          type: "status_hurt",
          entityId: s.playerId,
          id: "poisoned",
          name: "Player",
          status: "Poisoned",
          damage: 2,
        };
      return [...events, hurt];
    };
    const app = new GameSession(new HeadlessTerminal(80, 50), data, state, runner, {
      colorDepth: "truecolor",
    });
    app.render();
    return { app, state };
  };
  const blows = withWalkWords({ walks: { hurtShare: 0.2, blowsStop: true } });
  const struck = struckApp(blows, "blow");
  await struck.app.handleInput(keyEvent("x"));
  deepEqual(
    [struck.state.turn, struck.state.log.at(-1)?.text],
    [3, "You are hurt."],
    "2 HP, under the share",
  );
  const ticked = struckApp(blows, "tick");
  await ticked.app.handleInput(keyEvent("x"));
  ok(ticked.state.turn > 3, "a status's harm counts only toward the share");
  const without = struckApp(withWalkWords({ walks: { hurtShare: 0.2 } }), "blow");
  await without.app.handleInput(keyEvent("x"));
  ok(without.state.turn > 3, "without the word the share alone stops it");
});

Deno.test("HP falling under lowHp.below is told once, stops the walk, and turns the HP bar the data's colour", async () => {
  const data = withWalkWords({ walks: { hurtShare: 0.9 }, lowHp: { below: 0.3, color: "red" } });
  // 30 max HP: under 9 is low. 8 HP a turn from turn 2: 22, 14, 6 (low at turn 4), then 0 would kill: stop before.
  const { app, state } = hurtingApp(data, (turn) => turn >= 2 && turn <= 4 ? 8 : 0);
  const { x, y } = app.ui.layout.hpBar;
  const barBefore = app.screen.bg[y * app.screen.width + x];
  equal(barBefore, paletteColor(app.ui.theme, "bar_filled"));
  await app.handleInput(keyEvent("x"));
  app.render();
  const told = state.log.filter((e) => e.text === "Your health is low!").length;
  deepEqual([state.turn, told, state.log.at(-1)?.text], [4, 1, "Your health is low!"]);
  equal(app.screen.bg[y * app.screen.width + x], paletteColor(app.ui.theme, "red"), "the bar's colour");
  // Lower still, a step at a time: not told again.
  playerOf(state).fighter!.hp = 8;
  await app.handleInput(keyEvent("l"));
  equal(state.log.filter((e) => e.text === "Your health is low!").length, 1);
  // Without lowHp (the tutorials): nothing is said and the bar keeps its colour.
  const plain = hurtingApp(withWalkWords({ walks: { hurtShare: 0.9 } }), (t) => t >= 2 && t <= 4 ? 8 : 0);
  await plain.app.handleInput(keyEvent("x"));
  plain.app.render();
  equal(plain.state.log.some((e) => e.text === "Your health is low!"), false);
  const bar = plain.app.ui.layout.hpBar;
  equal(
    plain.app.screen.bg[bar.y * plain.app.screen.width + bar.x],
    paletteColor(plain.app.ui.theme, "bar_filled"),
  );
});

Deno.test("with walks.untilAdjacent, a monster in the only way is walked up to, then named once it is beside", async () => {
  const picture = "###############\n#@......o....>#\n###############";
  const play = async (data: Content) => {
    const state = arenaStill(rules, picture, { o: "orc" });
    state.map.explored.fill(1);
    const app = new GameSession(
      new HeadlessTerminal(80, 50),
      { ...data, rules },
      state,
      new HookedRunner(rules, () => {}),
      {
        colorDepth: "truecolor",
      },
    );
    await app.handleInput(keyEvent(">"));
    return [playerOf(state).x, state.turn, state.log.at(-1)?.text];
  };
  // The orc at x 8 may yet move aside (or flee, and turn to fight when cornered): the walk goes on up to it.
  deepEqual(await play(withWalkWords({ walks: { untilAdjacent: true } })), [7, 6, "The way is blocked."]);
  // Without the word (the tutorials): blocked where the walk begins.
  deepEqual(await play(withWalkWords({})), [1, 0, "The way is blocked."]);
});

Deno.test("the new stops (a known monster nearer, HP fallen low) are recorded, and a replay reads them back", () => {
  const state = newGame(empty, 4);
  const recording = startRecording(4, "test", { checksum: 0, folder: "test" });
  const stops: WalkStop[] = [{ reason: "closer", names: ["Orc"] }, { reason: "low_hp" }];
  for (const stop of stops) record(recording, { stop }, state, state.turn);
  deepEqual(decodeRecording(JSON.parse(JSON.stringify(recording))).commands, stops.map((stop) => ({ stop })));
});

Deno.test("with walks.remember, the monster a walk stopped for is known to the next; without, nothing is kept", () => {
  const picture = `
    #####################
    #@..................#
    #########.###########
    #########.###########
    #########T###########
    #####################`;
  for (const remember of [true, false]) {
    const state = arenaStill(rules, picture, { T: "troll" });
    const known: KnownMonsters = new Map();
    const behavior = walkBehavior(state, { kind: "run", dx: 1, dy: 0 }, new Set(), rules, true, known, {
      remember,
    });
    let next = behavior.next(state);
    for (let k = 0; k < 30 && "act" in next; k++) {
      const act = next.act as { dx: number; dy: number };
      place(state, 0, playerOf(state).x + act.dx);
      next = behavior.next(state);
    }
    deepEqual(next, { stop: { reason: "monster", names: ["Troll"] } }, `remember: ${remember}`);
    deepEqual([...known.keys()], remember ? [1] : [], `remember: ${remember}`);
  }
});
