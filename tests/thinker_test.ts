/**
 * The worker's thinking, run without a worker (src/worker/handler/
 * thinker.ts): the order it thinks the player's steps in, a walk's steps
 * played ahead as the app's behaviour proposes them, and a branch given up
 * half way when the app raises its flag.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import {
  type Action,
  behaviorOf,
  type Command,
  forkState,
  type GameState,
  newGame,
  playCommand,
  type Rules,
} from "../src/engine/mod.ts";
import { type Answer, commandKey, keyOf, mirrorOf, Thinker } from "../src/worker/mod.ts";
import { delveContent, emptyDungeonRules } from "./support/content.ts";
import { bigFloors, crowdedGame } from "./support/worker_games.ts";

const { rules } = await delveContent();

/** A thinker thinking ahead from `state` (node 0), its answers kept; `urgent` is the app's flag. */
function thinkerOf(state: GameState, urgent: () => boolean = () => false, rulesOf: Rules = rules) {
  const answers: Answer[] = [];
  const thinker = new Thinker({
    post: (message) => void (message.type === "answer" && answers.push(message)),
    now: () => performance.now(),
    urgent,
  });
  thinker.receive({ type: "start", rules: rulesOf, ahead: true });
  thinker.receive({ type: "load", node: 0, state: structuredClone(mirrorOf(state).state) });
  return { thinker, answers };
}

const step = (dx: number, dy: number): Command => ({ act: { type: "bump", dx, dy } });

Deno.test("the steps are thought likeliest first: after a step, what followed it last time; then the latest", () => {
  const game = newGame(rules, 24);
  // East, west, east: back and forth, so west is what followed east.
  const played = [step(1, 0), step(-1, 0), step(1, 0)];
  const { thinker, answers } = thinkerOf(game);
  for (const [n, command] of played.entries()) {
    playCommand(game, rules, command);
    thinker.receive({ type: "took", node: n + 1, command });
  }
  ok(thinker.think());
  equal(answers[0].keys[0], keyOf(step(-1, 0)), "west first");
  while (thinker.think());
  deepEqual(answers.map((a) => a.keys.length), answers.map(() => 1), "the steps of this node, each once");
  ok(
    answers.length >= 5 && answers.length <= 9,
    `${answers.length} of the nine thought (steps into walls are not)`,
  );
});

Deno.test("a walk is played ahead as the app's behaviour proposes it, a step below the last", async () => {
  // Nothing on the floor to stop it: an explore goes far.
  const empty = await emptyDungeonRules();
  const game = newGame(empty, 24);
  const orders = {
    walk: { kind: "explore" } as const,
    visited: new Set<number>(),
    known: new Map(),
    itemsStop: true,
  };
  const words = {};
  const { thinker, answers } = thinkerOf(game, () => false, empty);
  thinker.receive({ type: "walk", node: 0, walk: { id: 1, ...structuredClone(orders), words } });
  while (thinker.think());
  // The app's own walk, from the same orders: each step's key is the chain's, in order.
  const behavior = behaviorOf(game, empty, { ...orders, words });
  const copy = forkState(game), keys: string[] = [];
  for (let k = 0; k < 40; k++) {
    const next = behavior.next(copy);
    if ("stop" in next) {
      keys.push(keyOf({ stop: next.stop }));
      break;
    }
    keys.push(commandKey(copy, { act: next.act }));
    playCommand(copy, empty, { act: next.act });
  }
  const chain = answers.filter((a) => a.keys.length > 1 || a.keys[0] === keys[0]);
  const longest = chain.reduce((a, b) => (b.keys.length > a.keys.length ? b : a));
  ok(longest.keys.length > 20, `the walk was played ahead ${longest.keys.length} steps`);
  deepEqual(longest.keys.slice(0, -1), keys.slice(0, longest.keys.length - 1), "the app's steps, in order");
});

Deno.test("a branch is given up half way when the app raises its flag, and thought again after", () => {
  const game = crowdedGame();
  let raised = false, looked = 0;
  const { thinker, answers } = thinkerOf(game, () => {
    looked++;
    return raised;
  }, bigFloors);
  raised = true;
  ok(thinker.think(), "more to think");
  equal(answers.length, 0, "the branch it was on was given up");
  ok(looked > 0, "it looked at the flag while it played");
  raised = false;
  ok(thinker.think());
  equal(answers.length, 1, "thought again");
  const act: Action = JSON.parse(answers[0].keys[0]).act;
  ok(act, "an answer to one of the steps");
});
