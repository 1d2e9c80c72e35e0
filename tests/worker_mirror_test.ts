/**
 * The worker's copy of the game: made once and kept by playing each command
 * as the game does (new floors and level-up choices included), checked
 * against the game, and sent again when it is found to disagree, with the
 * game going on exactly as it would in-process.
 */
import { deepEqual, equal, ok, rejects } from "node:assert/strict";
import type { Action } from "../src/engine/actions.ts";
import { botDecide } from "../src/engine/bot.ts";
import { stateDigest } from "../src/engine/state_digest.ts";
import type { Ai, Entity } from "../src/engine/entity.ts";
import { type MonsterMove, runMonsterPhase } from "../src/engine/monster_phase.ts";
import { cloneState, type GameState, newGame, playerOf } from "../src/engine/state.ts";
import { instantiate } from "../src/engine/templates.ts";
import { type Command, playPlayerAction, settleAndNarrate } from "../src/engine/turn.ts";
import { handleToWorker, type WorkerMemory } from "../src/worker/handler/mirror.ts";
import { InProcessRunner, type MonsterRunner, WorkerRunner, WorkerTurnLost } from "../src/worker/mod.ts";
import { GameSession } from "../src/app/game_session.ts";
import { SinkTerminal } from "../src/terminal/mod.ts";
import { decodeMoves, encodeMoves, entitiesById } from "../src/worker/moves.ts";
import { mirrorOf, type MovesPart } from "../src/worker/protocol.ts";
import { PHASE_US_PER_CELL, PHASE_US_PER_MONSTER, phaseEstimateUs } from "../src/worker/phase_estimate.ts";
import { bundledContent } from "./support/content.ts";
import { script, snapshot } from "./support/faulty_game.ts";

const { rules } = await bundledContent();

/** Plays `command` with both runners on their games, and says whether the two games are still the same. */
async function both(
  command: Command,
  games: readonly [GameState, GameState],
  runners: readonly [MonsterRunner, MonsterRunner],
): Promise<void> {
  await runners[0].play(games[0], command);
  await runners[1].play(games[1], command);
  deepEqual(snapshot(games[0]), snapshot(games[1]));
}

Deno.test("a bot's game with a level-up choice and a new floor is the same with the worker, which made the floor itself", async () => {
  const worker = new WorkerRunner(rules, { timeoutMs: 1000, checkEvery: 7 });
  ok(await worker.ready);
  const games = [newGame(rules, 6), newGame(rules, 6)] as const;
  const kinds = new Set<string>();
  try {
    for (let n = 0; n < 330; n++) {
      const command = botDecide(games[1], rules);
      kinds.add("level" in command ? "level" : "stop" in command ? "stop" : command.act.type);
      await both(command, games, [worker, new InProcessRunner(rules)]);
    }
  } finally {
    worker.close();
  }
  ok(kinds.has("level") && kinds.has("descend") && games[0].floor === 2, [...kinds].join());
  // One copy sent, at the start: the worker derived the rest, checksums agreeing every 7 turns.
  deepEqual([worker.faults, worker.loads], [[], 1]);
  ok(worker.workerTurns > 300);
});

/** Replaces the worker's copy with `state` changed by `change`, behind the runner's back. */
function corruptCopy(runner: WorkerRunner, state: GameState, change: (copy: GameState) => void): void {
  const copy = cloneState(state);
  change(copy);
  const { state: mirror, transfer } = mirrorOf(copy);
  runner.post({ type: "load", state: mirror }, transfer);
}

/**
 * 40 turns of a script with the worker, its copy corrupted by `change`
 * after turn 10, beside the same turns in-process; the turn (counted from
 * the corruption) whose answer was found wrong.
 */
async function divergedGame(
  checkEvery: number,
  change: (copy: GameState) => void,
  localPhaseUs = 0,
): Promise<number> {
  const worker = new WorkerRunner(rules, { timeoutMs: 1000, checkEvery, localPhaseUs });
  ok(await worker.ready);
  const games = [newGame(rules, 2), newGame(rules, 2)] as const;
  let caught = -1;
  try {
    for (const [n, action] of script(2, 40).entries()) {
      if (n === 10) corruptCopy(worker, games[0], change);
      await both({ act: action }, games, [worker, new InProcessRunner(rules)]);
      if (localPhaseUs > 0) await nextKey();
      if (caught < 0 && worker.faults.length > 0) caught = n - 10;
    }
  } finally {
    worker.close();
  }
  deepEqual(worker.faults, ["diverged"], "caught once, then the copy was right again");
  equal(worker.loads, 2, "the game was sent again");
  return caught;
}

Deno.test("a copy whose monsters stand elsewhere is caught by the checksum before its moves are used: the game goes on as in-process", async () => {
  const caught = await divergedGame(1, (copy) => {
    for (const e of copy.entities) if (e.ai) e.x = e.x + 1 < copy.map.width ? e.x + 1 : e.x - 1;
  });
  equal(caught, 0, "on the first turn after");
});

Deno.test("a copy a turn ahead is caught on its next answer, even between checksums", async () => {
  equal(await divergedGame(1000, (copy) => copy.turn++), 0);
});

Deno.test("a difference only the checksum sees (the player's XP) is caught within the turns between checksums", async () => {
  const caught = await divergedGame(5, (copy) => playerOf(copy).level!.xp += 3);
  ok(caught >= 0 && caught < 5, `caught ${caught} turns after`);
});

Deno.test("each new floor is checked by checksum on its first turn, however far the next checksum: a difference only it sees is caught there", async () => {
  const worker = new WorkerRunner(rules, { timeoutMs: 1000, checkEvery: 1000 });
  ok(await worker.ready);
  const games = [newGame(rules, 6), newGame(rules, 6)] as const;
  let descended = -1;
  try {
    for (let n = 0; descended < 0 || n < descended + 3; n++) {
      const command = botDecide(games[1], rules);
      if ("act" in command && command.act.type === "descend" && descended < 0) {
        // The player's XP in the copy is not the game's: no move shows it, only a sum does.
        corruptCopy(worker, games[0], (copy) => playerOf(copy).level!.xp += 1);
        descended = n;
      }
      await both(command, games, [worker, new InProcessRunner(rules)]);
      equal(worker.faults.length, descended >= 0 && n > descended ? 1 : 0, `after command ${n}`);
    }
  } finally {
    worker.close();
  }
  deepEqual([worker.faults, worker.loads, games[0].floor], [["diverged"], 2, 2]);
});

/** A turn of the event loop, as the terminal's game has between keys: the worker's quiet checksums come in it. */
const nextKey = () => new Promise((resolve) => setTimeout(resolve, 0));

Deno.test("turns small enough to play here do, the worker's copy playing them quietly: a bot's game with a new floor is the same, its copy sent once, its checksums agreeing as they come", async () => {
  const worker = new WorkerRunner(rules, { timeoutMs: 1000, checkEvery: 7, localPhaseUs: Infinity });
  ok(await worker.ready);
  const games = [newGame(rules, 6), newGame(rules, 6)] as const;
  const posted: string[] = [];
  let checks = 0;
  worker.onPost = (message) => {
    if (message.type === "play" && "act" in message.command) {
      posted.push(message.quiet ? "quiet" : "answered");
      if (message.check) checks++;
    }
  };
  try {
    for (let n = 0; n < 330; n++) {
      await both(botDecide(games[1], rules), games, [worker, new InProcessRunner(rules)]);
      await nextKey();
    }
    // The last checksum's reply, if it is still on its way.
    for (let wait = 0; wait < 100 && worker.quietChecks < checks; wait++) await nextKey();
  } finally {
    worker.close();
  }
  equal(games[0].floor, 2);
  deepEqual([worker.faults, worker.loads, worker.workerTurns], [[], 1, 0], "no turn waited for the worker");
  // Every 7th action and a new floor's first carry a check, each agreeing when it came.
  ok(checks > 25, `${checks} checks`);
  equal(worker.quietChecks, checks);
  ok(worker.localTurns > 300);
  deepEqual(posted, Array(worker.localTurns).fill("quiet"));
});

Deno.test("turns too small to need the worker leave it out, its copy left behind; a crowd that comes sends it the game, the copy follows until the crowd thins below half the line, and the game is the same as in-process", async () => {
  const small = phaseEstimateUs(newGame(rules, 6));
  // Between the floor as it is and the floor with a crowd: the crowd's turns go through the worker.
  const bar = small + 100 * PHASE_US_PER_MONSTER;
  const worker = new WorkerRunner(rules, { timeoutMs: 1000, localPhaseUs: bar, alonePhaseUs: bar });
  ok(await worker.ready);
  const games = [newGame(rules, 6), newGame(rules, 6)] as const;
  // A player who lives through it all, so that every wait takes a turn.
  for (const game of games) playerOf(game).fighter = { ...playerOf(game).fighter!, hp: 1e6, maxHp: 1e6 };
  const posted: string[] = [];
  worker.onPost = (message) => void posted.push(message.type);
  try {
    for (const action of script(6, 40)) {
      await both({ act: action }, games, [worker, new InProcessRunner(rules)]);
    }
    deepEqual([posted, worker.loads, worker.aloneTurns], [[], 0, 40], "nothing was sent to the worker");
    // A crowd on every cell of floor the same on both games, as a summoning would make it.
    for (const game of games) {
      for (let i = 0; i < game.map.tiles.length && phaseEstimateUs(game) <= bar; i++) {
        const x = i % game.map.width, y = Math.floor(i / game.map.width);
        if (game.map.tiles[i] !== 1 || game.entities.some((e) => e.x === x && e.y === y)) continue;
        game.entities.push(instantiate(rules.templates.orc, game.nextId++, x, y));
      }
    }
    for (const action of waits(10)) await both({ act: action }, games, [worker, new InProcessRunner(rules)]);
    deepEqual(
      [worker.faults, worker.loads, worker.workerTurns],
      [[], 1, 10],
      "sent once, then every turn answered",
    );
    equal(posted[0], "load");
    // The crowd thins to just under the line: the copy, following now, keeps following (quietly), not sent again.
    for (const game of games) {
      for (const e of game.entities) {
        if (e.template === "orc" && phaseEstimateUs(game) >= bar) e.fighter!.hp = 0;
      }
      ok(phaseEstimateUs(game) > bar / 2);
    }
    // Told to the copy behind the runner's back (the change is not a command's), so that it stays the game.
    const { state: copy, transfer } = mirrorOf(cloneState(games[0]));
    worker.post({ type: "load", state: copy }, transfer);
    for (const action of waits(5)) await both({ act: action }, games, [worker, new InProcessRunner(rules)]);
  } finally {
    worker.close();
  }
  deepEqual([worker.faults, worker.loads, worker.localTurns, worker.aloneTurns], [[], 1, 5, 40]);
});

Deno.test("a runner not started starts no worker for the turns it plays alone: the first turn that needs one starts it", async () => {
  const Real = globalThis.Worker;
  let made = 0;
  globalThis.Worker = class extends Real {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      made++;
    }
  };
  const game = newGame(rules, 6);
  const bar = phaseEstimateUs(game) + 1;
  const worker = new WorkerRunner(rules, { timeoutMs: 1000, localPhaseUs: bar, alonePhaseUs: bar });
  try {
    for (const action of waits(5)) await worker.play(game, { act: action });
    equal(made, 0, "no worker for small turns");
    game.entities.push(
      instantiate(rules.templates.orc, game.nextId++, playerOf(game).x, playerOf(game).y + 1),
    );
    await worker.play(game, { act: { type: "wait" } });
    equal(made, 1, "the first large turn starts one");
  } finally {
    worker.close();
    globalThis.Worker = Real;
  }
  equal(worker.aloneTurns, 5);
});

Deno.test("a copy gone wrong while the turns play here is caught when its next checksum comes, and sent again", async () => {
  const caught = await divergedGame(5, (copy) => {
    for (const e of copy.entities) if (e.ai) e.x = e.x + 1 < copy.map.width ? e.x + 1 : e.x - 1;
  }, Infinity);
  // The checksum comes within the key after it was asked for.
  ok(caught >= 0 && caught < 6, `caught ${caught} turns after`);
});

Deno.test("a quiet command the worker's copy cannot play is a fault, and the copy is sent the game again; the game goes on as in-process", async () => {
  const worker = new WorkerRunner(rules, { timeoutMs: 1000, localPhaseUs: Infinity });
  ok(await worker.ready);
  const games = [newGame(rules, 2), newGame(rules, 2)] as const;
  try {
    for (const [n, action] of script(2, 30).entries()) {
      // A copy with no player: the next command cannot be played on it.
      if (n === 10) corruptCopy(worker, games[0], (copy) => copy.entities.splice(0, 1));
      await both({ act: action }, games, [worker, new InProcessRunner(rules)]);
      await nextKey();
    }
  } finally {
    worker.close();
  }
  deepEqual([worker.faults, worker.loads], [["failed"], 2]);
});

Deno.test("a worker that goes silent while it shadows small turns is noticed by its missing checksum, replaced, and the game goes on as in-process", async () => {
  const worker = new WorkerRunner(rules, { timeoutMs: 1000, checkEvery: 5, localPhaseUs: Infinity });
  ok(await worker.ready);
  const games = [newGame(rules, 2), newGame(rules, 2)] as const;
  let replaced = -1;
  try {
    for (const [n, action] of script(2, 40).entries()) {
      // Gone without an error: only a checksum that never comes tells.
      if (n === 10) worker.killWorker();
      await both({ act: action }, games, [worker, new InProcessRunner(rules)]);
      await nextKey();
      if (replaced < 0 && worker.faults.length > 0) replaced = n;
    }
    for (let wait = 0; wait < 100 && worker.quietChecks === 0; wait++) await nextKey();
  } finally {
    worker.close();
  }
  deepEqual(worker.faults, ["timeout"]);
  // Noticed at the second checksum asked after it went: the first is given a whole period to come.
  ok(replaced > 10 && replaced <= 10 + 3 * 5, `replaced at command ${replaced}`);
  equal(worker.loads, 2, "the new worker was sent the game");
});

Deno.test("a phase's estimate counts the monsters that will act and the map's cells", () => {
  const game = newGame(rules, 6);
  const actors = game.entities.filter((e) => e.ai && e.fighter && e.fighter.hp > 0).length;
  const cells = game.map.width * game.map.height;
  ok(actors > 0);
  equal(phaseEstimateUs(game), actors * PHASE_US_PER_MONSTER + cells * PHASE_US_PER_CELL);
  for (const e of game.entities) if (e.ai) e.fighter!.hp = 0;
  equal(phaseEstimateUs(game), cells * PHASE_US_PER_CELL, "the dead do not act");
});

/** `n` waits. */
const waits = (n: number): Action[] => Array.from({ length: n }, () => ({ type: "wait" }));

/** Rules whose floors are four times the bundled ones. */
const bigFloors = { ...rules, dungeon: { ...rules.dungeon, width: 160, height: 86, maxRooms: 120 } };

/** Seed 3's first big floor with an orc on every other cell that is floor: a turn of them comes in parts. */
function crowdedGame(): GameState {
  const game = newGame(bigFloors, 3);
  const { map } = game, player = playerOf(game);
  for (let i = 0; i < map.tiles.length; i += 2) {
    const x = i % map.width, y = Math.floor(i / map.width);
    if (map.tiles[i] !== 1 || game.entities.some((e) => e.x === x && e.y === y)) continue;
    game.entities.push(instantiate(rules.templates.orc, game.nextId++, x, y));
  }
  // Those in view hunt the player, who does not die of it.
  player.fighter = { ...player.fighter!, hp: 1e6, maxHp: 1e6 };
  return game;
}

Deno.test("the worker's side, run without a worker, answers each action with the moves, parts and sums the game makes in-process", () => {
  const game = crowdedGame();
  const memory: WorkerMemory = {};
  handleToWorker(memory, { type: "rules", rules: bigFloors });
  // As posting it would: a copy of its own.
  handleToWorker(memory, { type: "load", state: structuredClone(mirrorOf(game).state) });
  let moved = 0, parted = 0;
  // The player waits: nothing loses sight of it, so nothing looks for a path through the crowd.
  for (const [seq, action] of waits(30).entries()) {
    const sum = stateDigest(game);
    const parts: MovesPart[] = [];
    const answer = handleToWorker(
      memory,
      { type: "play", seq, command: { act: action }, check: true },
      (part) => {
        parts.push(structuredClone(part));
      },
    );
    ok(answer?.type === "played" && answer.seq === seq);
    // The same action in-process: the player's half, then the monsters' phase.
    const mine = playPlayerAction(game, bigFloors, action);
    ok(answer.moves && mine, "a wait always takes a turn");
    deepEqual(
      answer.checks,
      { turn: game.turn, entities: game.entities.length, sum },
      "the copy checks as the game",
    );
    if (!answer.moves) continue;
    const byId = entitiesById(game.entities);
    // The parts, decoded in order as the app replays them, then the last moves.
    const decoded: MonsterMove[] = [];
    for (const part of [...parts, answer]) {
      deepEqual(part.checks, answer.checks);
      decoded.push(...decodeMoves(part.moves!, byId));
    }
    // The parts shrink as the phase nears its end: little is left to replay once the answer comes.
    const last = decoded.length - parts.reduce((n, part) => n + decodeMoves(part.moves!, byId).length, 0);
    ok(last < 64, `${last} moves in the answer itself`);
    const phase = runMonsterPhase(game, bigFloors);
    deepEqual(decoded, phase.moves);
    settleAndNarrate(game, bigFloors, phase.events);
    deepEqual(answer.rng, game.rng);
    moved += decoded.length;
    parted += parts.length;
  }
  ok(moved > 20_000 && parted > 10, `only ${moved} moves compared, ${parted} parts`);
});

Deno.test("a crowded game, each monsters' turn replayed in parts as the worker decides it, is the same as in-process", async () => {
  const worker = new WorkerRunner(bigFloors, { timeoutMs: 5000, checkEvery: 4 });
  ok(await worker.ready);
  const games = [crowdedGame(), crowdedGame()] as const;
  try {
    for (const action of script(4, 30)) {
      await both({ act: action }, games, [worker, new InProcessRunner(bigFloors)]);
    }
  } finally {
    worker.close();
  }
  deepEqual([worker.faults, worker.loads], [[], 1]);
  ok(worker.workerTurns > 10);
});

const PARTS_THEN_FAILING = new URL("./support/workers/parts_then_failing_worker.ts", import.meta.url);

Deno.test("a worker that fails after some of its moves were made leaves the game half played, and says so (WorkerTurnLost), never playing the monsters twice", async () => {
  const worker = new WorkerRunner(bigFloors, { timeoutMs: 5000, workerUrl: PARTS_THEN_FAILING });
  ok(await worker.ready);
  try {
    await rejects(() => worker.play(crowdedGame(), { act: { type: "wait" } }), WorkerTurnLost);
  } finally {
    worker.close();
  }
  deepEqual(worker.faults, ["failed"]);
});

Deno.test("a session whose worker gives up half way through a turn plays it again from its start, in-process: the game is the same as in-process", async () => {
  const content = { ...(await bundledContent()), rules: bigFloors };
  const worker = new WorkerRunner(bigFloors, { timeoutMs: 5000, workerUrl: PARTS_THEN_FAILING });
  ok(await worker.ready);
  const games = [crowdedGame(), crowdedGame()] as const;
  const session = new GameSession(new SinkTerminal(80, 24), content, games[0], worker, { colorDepth: "256" });
  const here = new InProcessRunner(bigFloors);
  try {
    for (const action of script(4, 3)) {
      ok(await session.perform({ act: action }));
      await here.play(games[1], { act: action });
      deepEqual(snapshot(games[0]), snapshot(games[1]));
    }
  } finally {
    worker.close();
  }
  deepEqual(worker.faults, ["failed", "failed", "failed"]);
  equal(session.state, games[0], "the same game object, put back in place");
});

Deno.test("moves travel as numbers: a path stepped along costs nothing however long, other changes are told in full", () => {
  const path = Array.from({ length: 500 }, (_, k) => 1000 + k);
  const hostile: Ai = { type: "hostile", lastSeen: 77, path };
  const confused: Ai = { type: "confused", turnsRemaining: 4, previous: hostile };
  const before: (Ai | undefined)[] = [];
  before[1] = hostile;
  before[2] = confused;
  before[3] = { type: "confused", turnsRemaining: 0, previous: hostile };
  before[4] = hostile;
  before[5] = hostile;
  const moves: MonsterMove[] = [
    {
      id: 1,
      ai: { type: "hostile", lastSeen: 77, path: path.slice(1) },
      action: { type: "move", dx: 1, dy: -1 },
    },
    { id: 2, ai: { ...confused, turnsRemaining: 3 }, action: { type: "bump", dx: -1, dy: 0 } },
    { id: 3, ai: before[3]!, action: { type: "recover" } },
    {
      id: 4,
      ai: { type: "hostile", lastSeen: 12, path: [5, 6, 7] },
      action: { type: "melee", dx: 0, dy: 1 },
    },
    { id: 5, ai: { type: "confused", turnsRemaining: 9, previous: hostile }, action: { type: "pickup" } },
  ];
  const encoded = encodeMoves(moves, before);
  // Seven numbers a move, and the new path of three cells; the rest as objects.
  equal(encoded.ints.length, 5 * 7 + 3);
  equal(encoded.objects.length, 2);
  const byId: Entity[] = [];
  before.forEach((ai, id) => byId[id] = { id, ai } as Entity);
  const decoded = decodeMoves(structuredClone(encoded), byId);
  deepEqual(decoded, moves);
  equal(decoded[2].ai, before[3], "an AI state kept is the monster's own");
  // A move this game cannot hold is refused, not half applied.
  ok(throws(() => decodeMoves(encoded, byId.slice(0, 3))));
});

function throws(f: () => unknown): boolean {
  try {
    f();
    return false;
  } catch {
    return true;
  }
}
