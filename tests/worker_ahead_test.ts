/**
 * Thinking ahead, as the terminal's game plays: keys and walks through a
 * session whose AI worker thinks the player's likely next commands while
 * the screen is read. Every step, wait and walk step it foresaw is played
 * with its answer (the main thread decides no monster's turn for them),
 * the rest are counted, and the game is the same as in-process whatever
 * the worker did: answered ahead or not, keys faster than it, the worker
 * killed, its copy wrong.
 */
import { fixtureFiles, fixtureWithData } from "./support/fixture_data.ts";
import { deepEqual, equal, ok } from "node:assert/strict";
import { GameSession } from "../src/app/mod.ts";
import { type Content, loadContent } from "../src/content/mod.ts";
import { Bot, type GameState, isGameOver, newGame, phaseCounts, stateChecksum } from "../src/engine/mod.ts";
import { HeadlessTerminal, keyEvent, SinkTerminal } from "../src/terminal/mod.ts";
import { InProcessRunner, type MonsterRunner, total, WorkerRunner } from "../src/worker/mod.ts";
import { delveContent } from "./support/content.ts";
import { snapshot } from "./support/faulty_game.ts";
import { corruptCopy } from "./support/worker_games.ts";
import { replaySteps } from "../src/store/mod.ts";

/** A runner thinking ahead, as the terminal's game makes it. */
const ahead = (content: Content) => new WorkerRunner(content.rules, { ahead: true });

/** Resolves once `check` holds (polled), failing after 10 s. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !check(); waited += 2) {
    if (waited > 10_000) throw new Error(`waited 10 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** What a session played: its game, and what its runner counted. */
interface Played {
  readonly state: GameState;
  readonly runner: MonsterRunner;
  /** Monster phases and path maps the main thread made while the keys were played. */
  readonly decided: number;
  readonly pathMaps: number;
}

/**
 * Plays `keys` on a new game of `content` (seed `seed`) through a session
 * on a terminal of 80x24. `read`: before each key the worker is left to
 * think all it would, as a player reading the screen leaves it; else each
 * key follows the last frame at once.
 */
async function playKeys(
  content: Content,
  seed: number,
  keys: string,
  runner: MonsterRunner,
  read = true,
): Promise<Played> {
  const terminal = new HeadlessTerminal(80, 24);
  const state = newGame(content.rules, seed);
  const session = new GameSession(terminal, content, state, runner, { colorDepth: "256", walkDelayMs: 20 });
  const running = session.run();
  if (runner instanceof WorkerRunner) ok(await runner.ready, "the worker loaded");
  const { decided, distanceMaps, safetyMaps } = phaseCounts;
  try {
    for (const [n, key] of [...keys].entries()) {
      if (read && runner instanceof WorkerRunner) {
        ok(await runner.thought(), `the worker thought before key ${n}`);
      }
      terminal.input(keyEvent(key));
      await until(() => session.eventsDone > n || isGameOver(state), `key ${n} (${key})`);
      if (isGameOver(state)) break;
    }
  } finally {
    terminal.end();
    await running;
    runner.close();
  }
  return {
    state,
    runner,
    decided: phaseCounts.decided - decided,
    pathMaps: phaseCounts.distanceMaps + phaseCounts.safetyMaps - distanceMaps - safetyMaps,
  };
}

/** Plays `keys` thinking ahead and in-process, and checks the two games are the same. */
async function playBoth(content: Content, seed: number, keys: string, read = true): Promise<WorkerRunner> {
  const reference = await playKeys(content, seed, keys, new InProcessRunner(content.rules));
  const runner = ahead(content);
  const played = await playKeys(content, seed, keys, runner, read);
  equal(stateChecksum(played.state), stateChecksum(reference.state), "the same game as in-process");
  deepEqual(snapshot(played.state), snapshot(reference.state));
  if (read) {
    const here = total(runner.stats.hereTurns);
    equal(
      played.decided,
      here,
      "the main thread decided the monsters of the turns played here, and no other",
    );
    if (here === 0) equal(played.pathMaps, 0, "nor built a distance or safety map for them");
  }
  return runner;
}

Deno.test("every step, wait and walk step the worker foresaw is played with its answer: the main thread decides no monster's turn for them, and the game is the same as in-process", async () => {
  const content = await delveContent();
  // Explores, rests, steps every way and waits; a fight or two on the way.
  const cases = [[24, "xxxhhhllljjkk..yubnx"], [27, "xxhRx..lllx"], [7, "xRxxjjj...kkk"], [
    6,
    "xRxxjjj...kkk",
  ]] as const;
  let walked = 0, stepped = 0, waited = 0;
  for (const [seed, keys] of cases) {
    const runner = await playBoth(content, seed, keys);
    const { aheadTurns, hereTurns } = runner.stats;
    deepEqual(
      [hereTurns.step, hereTurns.wait, hereTurns.walk, runner.faults],
      [0, 0, 0, []],
      `seed ${seed}: every step, wait and walk step answered ahead (${JSON.stringify(aheadTurns)}; ` +
        `${hereTurns.other} other commands played here)`,
    );
    walked += aheadTurns.walk;
    stepped += aheadTurns.step;
    waited += aheadTurns.wait;
  }
  ok(walked > 30 && stepped >= 5 && waited >= 5, `walks ${walked}, steps ${stepped}, waits ${waited}`);
});

Deno.test("a tutorial's rule set is thought ahead as Delve's game is, the same game as in-process", async () => {
  const content = await loadContent(
    new URL("../data/rulesets/tcod/", import.meta.url),
    "data/rulesets/tcod/",
  );
  const runner = await playBoth(content, 3, "xxxlll...hhhjjjkkkx");
  const { aheadTurns, hereTurns } = runner.stats;
  deepEqual([hereTurns.step, hereTurns.wait, hereTurns.walk], [0, 0, 0], JSON.stringify(aheadTurns));
  ok(total(aheadTurns) > 15);
});

Deno.test("keys faster than the worker thinks are played here, in-process: the game is the same", async () => {
  const content = await delveContent();
  const runner = await playBoth(content, 24, "xxlllhhhjjjkkk...yyuubbnnx", false);
  ok(total(runner.stats.aheadTurns) + total(runner.stats.hereTurns) > 20);
});

/**
 * Plays `commands` of the bot's on a game of `content` through a session
 * thinking ahead, at a pace set by `paceOf(n)`: "read" (the worker thinks
 * all it would first, or for `readMs` at most: a dead one never does), "soon"
 * (the next event loop turn), or "kill" (the worker is killed first); beside
 * the same game in-process.
 */
async function botGame(
  content: Content,
  seed: number,
  commands: number,
  paceOf: (n: number) => "read" | "soon" | "kill",
  runner: WorkerRunner = ahead(content),
  readMs = 5000,
): Promise<WorkerRunner> {
  const { rules } = content;
  const games = [newGame(rules, seed), newGame(rules, seed)] as const;
  const session = new GameSession(new SinkTerminal(80, 24), content, games[0], runner, { colorDepth: "256" });
  const reference = new GameSession(new SinkTerminal(80, 24), content, games[1], new InProcessRunner(rules), {
    colorDepth: "256",
  });
  ok(await runner.ready);
  session.render();
  const bot = new Bot();
  try {
    for (let n = 0; n < commands && !isGameOver(games[1]); n++) {
      const pace = paceOf(n);
      if (pace === "read") await runner.thought(readMs);
      else if (pace === "kill") runner.killWorker();
      else await new Promise((resolve) => setTimeout(resolve, 0));
      const command = bot.decide(games[1], rules);
      equal(await session.perform(command), await reference.perform(command), `command ${n}`);
      session.render();
      reference.render();
      equal(stateChecksum(games[0]), stateChecksum(games[1]), `the same game after command ${n}`);
    }
  } finally {
    runner.close();
  }
  deepEqual(snapshot(games[0]), snapshot(games[1]));
  return runner;
}

Deno.test("bot games of Delve's data and of each tutorial, thought ahead or not, are the same as in-process", async () => {
  const games = [
    [await delveContent(), [2, 5, 9]],
    ...await Promise.all(
      ["tcod", "rotjs", "roguebasin", "zircon"].map(async (name) =>
        [await loadContent(new URL(`../data/rulesets/${name}/`, import.meta.url), name), [4]] as const
      ),
    ),
  ] as const;
  for (const [content, seeds] of games) {
    for (const seed of seeds) {
      // Mostly read, now and then a command at once, as a player who knows what to do next.
      const runner = await botGame(content, seed, 150, (n) => (n % 7 === 3 ? "soon" : "read"));
      deepEqual(runner.faults, [], `${content.label} seed ${seed}`);
      ok(
        total(runner.stats.aheadTurns) > 50,
        `${content.label} seed ${seed}: ${JSON.stringify(runner.stats)}`,
      );
    }
  }
});

Deno.test("a worker killed mid-game, again and again, is noticed and replaced: the game is the same as in-process", async () => {
  const content = await delveContent();
  const runner = new WorkerRunner(content.rules, { ahead: true, timeoutMs: 200 });
  const pace = (n: number) => (n % 40 === 20 ? "kill" : "read");
  await botGame(content, 5, 120, pace, runner, 300);
  ok(runner.faults.length >= 1, "the dead worker was noticed");
  ok(runner.faults.every((f) => f === "timeout"), runner.faults.join());
  ok(total(runner.stats.aheadTurns) > 60, "and its successor thought ahead");
});

Deno.test("a worker's copy that is not the game is caught by the checksum the next frame asks for, told once, and the game goes on the same as in-process", async () => {
  const content = await delveContent();
  const { rules } = content;
  const runner = new WorkerRunner(rules, { ahead: true, checkEvery: 1 });
  const games = [newGame(rules, 9), newGame(rules, 9)] as const;
  const terminal = new SinkTerminal(80, 24);
  const session = new GameSession(terminal, content, games[0], runner, { colorDepth: "256" });
  const here = new InProcessRunner(rules);
  ok(await runner.ready);
  session.render();
  const bot = new Bot();
  try {
    for (let n = 0; n < 30; n++) {
      await runner.thought();
      // The XP it counts wrong: no move shows it, only a checksum does.
      if (n === 10) corruptCopy(runner, games[0], (copy) => copy.chronicle.xpEarned += 7);
      const command = bot.decide(games[1], rules);
      await session.perform(command);
      await here.play(games[1], command);
      session.render();
      equal(stateChecksum(games[0]), stateChecksum(games[1]), `command ${n}`);
    }
  } finally {
    runner.close();
  }
  deepEqual(runner.faults, ["diverged"]);
  const told = session.notices.list.filter((n) => n.entry.text.includes("thinking thread"));
  equal(told.length, 1, "told once");
});

Deno.test("the big-floors mod's game, hundreds of monsters a floor, is thought ahead and the same as in-process", async () => {
  const content = await loadContent(
    new URL("../data/mods/big_floors/", import.meta.url),
    "data/mods/big_floors/",
  );
  const runner = await botGame(content, 6, 40, () => "read");
  deepEqual(runner.faults, []);
  ok(total(runner.stats.aheadTurns) >= 30, JSON.stringify(runner.stats));
});

/** How many of each replay fixture's commands are played through a session thinking ahead. */
const FIXTURE_COMMANDS = 400;

Deno.test("the 12 replay fixtures play back through a session thinking ahead: every tenth command the game is the recording's, whose checksums match", async () => {
  const files = fixtureFiles();
  equal(files.length, 12);
  let commands = 0, answered = 0;
  for (const file of files) {
    const { recording, content } = await fixtureWithData(file);
    // The recording played back in-process, each of its checksums checked as it goes.
    const reference = replaySteps(recording, content.rules);
    const state = newGame(content.rules, recording.seed);
    const runner = ahead(content);
    const session = new GameSession(new SinkTerminal(80, 24), content, state, runner, { colorDepth: "256" });
    ok(await runner.ready);
    session.render();
    try {
      // Its first commands, each tenth state compared: the whole recording plays in-process in
      // replay_fixtures_test.ts.
      for (const [n, command] of recording.commands.slice(0, FIXTURE_COMMANDS).entries()) {
        // Every other command the worker thinks all it would; else it comes as soon as the frame is drawn.
        if (n % 2 === 0) await runner.thought();
        await session.perform(command);
        session.render();
        const recorded = reference.next().value;
        if (n % 10 === 9) equal(stateChecksum(state), stateChecksum(recorded), `${file}: command ${n}`);
      }
    } finally {
      runner.close();
    }
    commands += Math.min(FIXTURE_COMMANDS, recording.commands.length);
    answered += total(runner.stats.aheadTurns);
  }
  ok(answered > commands / 3, `${answered} of ${commands} commands answered ahead`);
});
