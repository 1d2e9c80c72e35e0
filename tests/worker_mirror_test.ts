/**
 * The worker's copy of the game: made once and kept by playing each command
 * as the game does (new floors and level-up choices included), checked
 * against the game, and sent again when it is found to disagree, with the
 * game going on exactly as it would in-process; and a turn whose answer is
 * found wrong once replayed played again from its start.
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import {
  type Ai,
  applyPatch,
  Bot,
  cloneState,
  forkState,
  newGame,
  patchOf,
  playCommand,
  playerOf,
  stateDigest,
  turnDigest,
} from "../src/engine/mod.ts";
import {
  type Answer,
  InProcessRunner,
  isLostTurn,
  mirrorOf,
  Thinker,
  WorkerRunner,
} from "../src/worker/mod.ts";
import { GameSession } from "../src/app/mod.ts";
import { SinkTerminal } from "../src/terminal/mod.ts";
import { bundledContent } from "./support/content.ts";
import { script, snapshot } from "./support/faulty_game.ts";
import { bigFloors, both, corruptCopy, crowdedGame, divergedGame, waits } from "./support/worker_games.ts";

const { rules } = await bundledContent();

Deno.test("a bot's game with a level-up choice and a new floor is the same with the worker, which made the floor itself", async () => {
  const worker = new WorkerRunner(rules, { timeoutMs: 1000, checkEvery: 7 });
  ok(await worker.ready);
  const games = [newGame(rules, 6), newGame(rules, 6)] as const;
  const kinds = new Set<string>();
  try {
    const bot = new Bot();
    for (let n = 0; n < 330; n++) {
      const command = bot.decide(games[1], rules);
      kinds.add("act" in command ? command.act.type : "level" in command ? "level" : "other");
      await both(command, games, [worker, new InProcessRunner(rules)]);
    }
  } finally {
    worker.close();
  }
  ok(kinds.has("level") && kinds.has("descend") && games[0].floor === 2, [...kinds].join());
  // One copy sent, at the start: the worker derived the rest, checksums agreeing every 7 turns.
  deepEqual([worker.faults, worker.stats.loads], [[], 1]);
  ok(worker.stats.workerTurns > 300);
});

Deno.test("a copy whose monsters stand elsewhere is caught by the checksum before its answer is used: the game goes on as in-process", async () => {
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

Deno.test("a turn that changes floors carries the floor whole, and what it replaces is checked first, however far the next checksum: a difference only a sum sees (the player's XP) is caught there, the game unchanged", async () => {
  const worker = new WorkerRunner(rules, { timeoutMs: 1000, checkEvery: 1000 });
  ok(await worker.ready);
  const games = [newGame(rules, 6), newGame(rules, 6)] as const;
  let descended = -1;
  try {
    const bot = new Bot();
    for (let n = 0; descended < 0 || n < descended + 3; n++) {
      const command = bot.decide(games[1], rules);
      if ("act" in command && command.act.type === "descend" && descended < 0) {
        // The player's XP in the copy is not the game's: no move shows it, only a sum does.
        corruptCopy(worker, games[0], (copy) => playerOf(copy).level!.xp += 1);
        descended = n;
      }
      await both(command, games, [worker, new InProcessRunner(rules)]);
      equal(worker.faults.length, descended >= 0 ? 1 : 0, `after command ${n}`);
    }
  } finally {
    worker.close();
  }
  deepEqual([worker.faults, worker.stats.loads, games[0].floor], [["diverged"], 2, 2]);
});

Deno.test("the worker's side, run without a worker, answers each action asked with what the turn changed: made to the game, it is the game in-process", () => {
  const game = crowdedGame(), reference = crowdedGame();
  const answers: Answer[] = [];
  const thinker = new Thinker({
    post: (message) => void (message.type === "answer" && answers.push(message)),
    now: () => 0,
    urgent: () => false,
  });
  thinker.receive({ type: "start", rules: bigFloors, ahead: false });
  // As posting it would: a copy of its own.
  thinker.receive({ type: "load", node: 0, state: structuredClone(mirrorOf(game).state) });
  let stepped = 0;
  // The player waits: nothing loses sight of it, so nothing looks for a path through the crowd.
  for (const [node, action] of waits(30).entries()) {
    const sum = stateDigest(game);
    thinker.receive({ type: "play", seq: node + 1, node, act: action, check: true });
    // As posting it would.
    const answer = structuredClone(answers.at(-1)!);
    deepEqual(
      [answer.base, answer.asked, answer.sum],
      [node, node + 1, sum],
      "answered as asked, summed as the game",
    );
    ok(answer.possible && answer.patch, "a wait always takes a turn");
    applyPatch(game, answer.patch);
    playCommand(reference, bigFloors, { act: action });
    deepEqual(snapshot(game), snapshot(reference), `turn ${node}`);
    equal(turnDigest(game), answer.patch.after);
    equal(thinker.node, node + 1, "the copy moved on with the game");
    stepped += answer.patch.stepped.length;
  }
  ok(stepped > 20_000, `only ${stepped} numbers of monsters stepping compared`);
  equal(thinker.think(), false, "asked only, it thinks nothing ahead");
});

Deno.test("a crowded game, each monsters' turn asked of the worker, is the same as in-process", async () => {
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
  deepEqual([worker.faults, worker.stats.loads], [[], 1]);
  ok(worker.stats.workerTurns > 10);
});

const LYING = new URL("./support/workers/lying_worker.ts", import.meta.url);

Deno.test("an answer whose game after its moves is not the worker's is found out once replayed: the turn is handed back lost (the game half played), the monsters never played twice", async () => {
  const worker = new WorkerRunner(rules, { timeoutMs: 5000, workerUrl: LYING });
  ok(await worker.ready);
  try {
    const outcome = await worker.play(newGame(rules, 6), { act: { type: "wait" } });
    ok(isLostTurn(outcome), "the turn is returned lost");
    match(outcome.lost, /differs/);
  } finally {
    worker.close();
  }
  deepEqual(worker.faults, ["diverged"]);
});

Deno.test("a session whose worker's answers turn out wrong once replayed plays each turn again from its start, in-process: the game is the same as in-process", async () => {
  const content = await bundledContent();
  const worker = new WorkerRunner(rules, { timeoutMs: 5000, workerUrl: LYING });
  ok(await worker.ready);
  const games = [newGame(rules, 6), newGame(rules, 6)] as const;
  const session = new GameSession(new SinkTerminal(80, 24), content, games[0], worker, { colorDepth: "256" });
  const here = new InProcessRunner(rules);
  try {
    for (const action of waits(3)) {
      ok(await session.perform({ act: action }));
      await here.play(games[1], { act: action });
      deepEqual(snapshot(games[0]), snapshot(games[1]));
    }
  } finally {
    worker.close();
  }
  deepEqual(worker.faults, ["diverged", "diverged", "diverged"]);
  equal(session.state, games[0], "the same game object, put back in place");
});

Deno.test("a turn's changes travel as numbers where they can: a path stepped along costs nothing however long, a new path its cells, other changes whole", () => {
  const path = Array.from({ length: 500 }, (_, k) => 1000 + k);
  const before = newGame(rules, 3);
  const monsters = before.entities.filter((e) => e.ai && e.fighter);
  ok(monsters.length >= 4);
  const [a, b, c, d] = monsters.map((m) => m.id);
  const hunting = (lastSeen: number, cells: number[]): Ai => ({ type: "hostile", lastSeen, path: cells });
  for (const e of before.entities) {
    if (e.id === a || e.id === b) e.ai = hunting(77, path);
  }
  const after = forkState(before);
  const moved = (id: number) => after.entities.find((e) => e.id === id)!;
  // a: one step on along its path; b: a new path of three cells; c: hurt; d: a status, which travels whole.
  Object.assign(moved(a), { x: moved(a).x + 1, ai: hunting(77, path.slice(1)) });
  moved(b).ai = hunting(12, [5, 6, 7]);
  moved(c).fighter!.hp -= 1;
  moved(d).statuses = [{ id: "poisoned", turns: 3 }];
  const patch = patchOf(before, after, [])!;
  // Nine numbers a change, and the new path's three cells; the status whole.
  equal(patch.stepped.length, 3 * 9 + 3);
  deepEqual(patch.whole.map((e) => e.id), [d]);
  deepEqual(patch.minds, []);
  const game = cloneState(before);
  applyPatch(game, structuredClone(patch));
  deepEqual(snapshot({ ...game, log: [] }), snapshot({ ...after, log: [] }));
  // A change this game cannot hold (a monster it does not have) is refused, not made.
  ok(throws(() => applyPatch(newGame(rules, 4), patch)));
});

function throws(f: () => unknown): boolean {
  try {
    f();
    return false;
  } catch {
    return true;
  }
}
