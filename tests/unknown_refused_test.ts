import { deepEqual, equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import {
  countOf,
  displayText,
  type Entity,
  type GameState,
  instantiate,
  isKnown,
  itemName,
  playerOf,
  playPlayerAction,
  type Rules,
} from "../src/engine/mod.ts";
import { arenaStill } from "./support/arena.ts";

const delve = (await loadContent(new URL("../data/", import.meta.url), "data/")).rules;
/** Delve's rules with refusals kept, the rule without the word. */
const kept: Rules = { ...delve, unknownRefused: undefined };
/** Delve's rules with refusals wasted and not taught (Delve's own game teaches by them). */
const wasted: Rules = { ...delve, unknownRefused: "wasted" };

/** A room with the player (at full health) carrying two of `template`, and nothing else in view. */
function carrying(rules: Rules, template: string): { state: GameState; item: Entity } {
  const state = arenaStill(rules, "#######\n#@....#\n#.....#\n#######");
  const item = instantiate(rules.templates[template], state.nextId++, 0, 0);
  item.count = 2;
  playerOf(state).inventory!.items.push(item);
  return { state, item };
}

/** The player uses the first thing carried (aimed at an empty cell out of a fireball's reach of them); the lines it told. */
function useFirst(state: GameState, rules: Rules): { done: boolean; said: string[] } {
  const before = state.log.length;
  const done = !!playPlayerAction(state, rules, { type: "use", item: 0, target: { x: 5, y: 2 } });
  return { done, said: state.log.slice(before).map(displayText) };
}

for (const template of ["health_potion", "confusion_scroll", "fireball_scroll"]) {
  Deno.test(`wasted: an unknown ${template} refused is used up, stays unknown, and its kind goes unsaid`, () => {
    const { state, item } = carrying(wasted, template);
    const name = itemName(state, wasted, item);
    const { done, said } = useFirst(state, wasted);
    ok(done, "the use takes the turn");
    equal(countOf(item), 1, `one is used up: ${said}`);
    ok(!isKnown(state, wasted, template));
    deepEqual(said, [`The ${name} is used up, and nothing seems to happen.`]);
    // The words of its real name the unknown one does not share ("Fireball", not "scroll").
    const kind = delve.templates[template].name.toLowerCase().split(" ").filter((w) => !name.includes(w));
    for (const word of [...kind, "health", "enemy", "target"]) {
      ok(!said[0].toLowerCase().includes(word), word);
    }
  });
}

Deno.test("without the word, an unknown potion at full health is kept and says why", () => {
  const { state, item } = carrying(kept, "health_potion");
  const { done, said } = useFirst(state, kept);
  ok(!done);
  equal(countOf(item), 2);
  deepEqual(said, ["Your health is already full."]);
});

Deno.test("Delve: a known potion at full health is still refused and kept", () => {
  const { state, item } = carrying(delve, "health_potion");
  state.known = ["health_potion"];
  const { done, said } = useFirst(state, delve);
  ok(!done);
  equal(countOf(item), 2);
  equal(said.length, 1);
});
