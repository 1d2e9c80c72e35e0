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
import { arenaStill, byId } from "./support/arena.ts";

const delve = (await loadContent(new URL("../data/", import.meta.url), "data/")).rules;
/** Delve's rules without this work's words: refusals wasted, nothing named by elimination. */
const wasted: Rules = { ...delve, unknownRefused: "wasted", lastUnknownNamed: undefined };

/** The player (at full health) in a room, carrying two of each of `templates` (slots in that order). */
function carrying(rules: Rules, templates: string[], picture = "#######\n#@....#\n#.....#\n#######") {
  const state = arenaStill(rules, picture, { o: "orc", g: "goblin", k: "kobold" });
  const items = templates.map((template) => {
    const item = instantiate(rules.templates[template], state.nextId++, 0, 0);
    item.count = 2;
    playerOf(state).inventory!.items.push(item);
    return item;
  });
  return { state, items };
}

/** The lines the log gained while `act` ran. */
function told(state: GameState, act: () => void): string[] {
  const before = state.log.length;
  act();
  return state.log.slice(before).map(displayText);
}

const unknownOf = (rules: Rules, kind: string) =>
  Object.keys(rules.templates).filter((id) => rules.templates[id].unknown === kind).sort();

Deno.test("Delve: an unknown potion drunk to no effect is used up and then named", () => {
  equal(delve.unknownRefused, "taught");
  const { state, items: [potion] } = carrying(delve, ["health_potion"]);
  const name = itemName(state, delve, potion);
  const said = told(state, () => ok(playPlayerAction(state, delve, { type: "use", item: 0 })));
  equal(countOf(potion), 1);
  ok(isKnown(state, delve, "health_potion"));
  deepEqual(said, [
    `The ${name} is used up, and nothing seems to happen.`,
    `The ${name} was a Potion of Healing.`,
  ]);
});

Deno.test("with refusals wasted (the word's old value), the potion drunk to no effect stays unknown", () => {
  const { state } = carrying(wasted, ["health_potion"]);
  ok(playPlayerAction(state, wasted, { type: "use", item: 0 }));
  ok(!isKnown(state, wasted, "health_potion"));
  equal(state.known, undefined);
});

Deno.test("Delve: the last unknown potion is named by elimination when the others are known", () => {
  const potions = unknownOf(delve, "potion");
  const [last, ...others] = [potions.at(-1)!, ...potions.slice(0, -1)];
  const { state, items } = carrying(delve, [others.at(-1)!, last]);
  state.known = others.slice(0, -1);
  const lastName = itemName(state, delve, items[1]);
  playerOf(state).fighter!.hp = 1;
  const said = told(state, () => ok(playPlayerAction(state, delve, { type: "use", item: 0 })));
  ok(isKnown(state, delve, last), "the last is known without being used");
  equal(countOf(items[1]), 2);
  ok(
    said.includes(
      `By elimination, the ${lastName} must be a${/^[AEIOU]/.test(delve.templates[last].name) ? "n" : ""} ${
        delve.templates[last].name
      }.`,
    ),
    `${said}`,
  );
  // Scrolls are another kind: none of them is named by it.
  ok(unknownOf(delve, "scroll").every((id) => !isKnown(state, delve, id)));
});

Deno.test("without lastUnknownNamed, the last unknown kind stays unknown", () => {
  const potions = unknownOf(wasted, "potion");
  const { state } = carrying(wasted, [potions.at(-2)!]);
  state.known = potions.slice(0, -2);
  playerOf(state).fighter!.hp = 1;
  ok(playPlayerAction(state, wasted, { type: "use", item: 0 }));
  ok(isKnown(state, wasted, potions.at(-2)!));
  ok(!isKnown(state, wasted, potions.at(-1)!));
});

function throwInto(rules: Rules, template: string) {
  const { state, items: [potion] } = carrying(
    rules,
    [template],
    "#########\n#@......#\n#....og.#\n#...k...#\n#########",
  );
  const [orc, goblin, kobold] = [byId(state, 1), byId(state, 2), byId(state, 3)];
  const name = itemName(state, rules, potion);
  const said = told(
    state,
    () => ok(playPlayerAction(state, rules, { type: "throw", item: 0, target: { x: 5, y: 2 } })),
  );
  return { state, potion, name, said, orc, goblin, kobold };
}

Deno.test("Delve: a thrown potion of poison bursts, names itself, and poisons every actor beside where it lands", () => {
  const { state, name, said, orc, goblin, kobold } = throwInto(delve, "poison_potion");
  ok(isKnown(state, delve, "poison_potion"));
  for (const e of [orc, goblin, kobold]) deepEqual(e.statuses, [{ id: "poisoned", turns: 8 }], e.name);
  equal(playerOf(state).statuses, undefined, "the thrower two cells off is out of reach");
  equal(state.entities.filter((e) => e.template === "poison_potion").length, 0, "it is gone");
  deepEqual(said.slice(0, 3), [
    `You throw the ${name}.`,
    `The ${name} was a Potion of Poison.`,
    "The Potion of Poison bursts!",
  ]);
  ok(said.includes("The Orc looks very sick."), `${said}`);
  ok(!said.some((line) => line.includes("no harm")));
});

Deno.test("Delve: a thrown potion of sleep puts the group beside where it lands to sleep", () => {
  const { orc, goblin, kobold } = throwInto(delve, "sleep_potion");
  for (const e of [orc, goblin, kobold]) deepEqual(e.statuses, [{ id: "asleep", turns: 8 }], e.name);
});

Deno.test("without a burst, a thrown potion hits the first in line and does no harm", () => {
  const plain: Rules = {
    ...delve,
    templates: {
      ...delve.templates,
      poison_potion: {
        ...delve.templates.poison_potion,
        item: { ...delve.templates.poison_potion.item!, thrown: { shatters: true } },
      },
    },
  };
  const { state, said, orc, goblin } = throwInto(plain, "poison_potion");
  ok(!isKnown(state, plain, "poison_potion"));
  equal(orc.statuses, undefined);
  equal(goblin.statuses, undefined);
  ok(said.some((line) => line.includes("no harm")), `${said}`);
});

Deno.test("Delve: a known scroll of identify names the unknown item chosen, and is used up", () => {
  const { state, items: [scroll, ring, potion] } = carrying(delve, [
    "identify_scroll",
    "protection_ring",
    "blink_potion",
  ]);
  state.known = ["identify_scroll"];
  const potionName = itemName(state, delve, potion);
  const said = told(state, () => ok(playPlayerAction(state, delve, { type: "use", item: 0, choice: 2 })));
  ok(isKnown(state, delve, "blink_potion"));
  ok(!isKnown(state, delve, "protection_ring"));
  equal(countOf(scroll), 1);
  equal(countOf(potion), 2, "naming does not use the thing named");
  equal(countOf(ring), 2);
  deepEqual(said, [`The ${potionName} was a Potion of Blinking.`]);
});

Deno.test("Delve: a known scroll of identify with nothing unknown carried is refused and kept", () => {
  const { state, items: [scroll] } = carrying(delve, ["identify_scroll", "dart"]);
  state.known = ["identify_scroll"];
  const said = told(state, () => equal(playPlayerAction(state, delve, { type: "use", item: 0 }), undefined));
  equal(countOf(scroll), 2);
  deepEqual(said, ["You carry nothing unknown."]);
  // Nor may it name a thing already known.
  const choice = told(state, () => playPlayerAction(state, delve, { type: "use", item: 0, choice: 1 }));
  equal(countOf(scroll), 2, `${choice}`);
});

Deno.test("Delve: an unknown scroll of identify read names itself and the first unknown thing carried", () => {
  const { state, items: [scroll, , potion] } = carrying(delve, ["identify_scroll", "dart", "haste_potion"]);
  const scrollName = itemName(state, delve, scroll), potionName = itemName(state, delve, potion);
  const said = told(state, () => ok(playPlayerAction(state, delve, { type: "use", item: 0 })));
  ok(isKnown(state, delve, "identify_scroll"));
  ok(isKnown(state, delve, "haste_potion"));
  equal(countOf(scroll), 1);
  deepEqual(said, [
    `The ${scrollName} was a Scroll of Identify.`,
    `The ${potionName} was a Potion of Haste.`,
  ]);
});

/** Every usable or wearable template of `rules`, and whether using one unknown, at full health and alone, names it. */
function teaches(rules: Rules, template: string): boolean {
  const { state } = carrying(rules, [template]);
  playPlayerAction(state, rules, { type: "use", item: 0 });
  return isKnown(state, rules, template);
}

Deno.test("Delve: every unknown item teaches its kind when used, whatever it does", () => {
  const unknown = Object.keys(delve.templates).filter((id) => delve.templates[id].unknown !== undefined);
  ok(unknown.length >= 20);
  deepEqual(unknown.filter((id) => !teaches(delve, id)), []);
});

Deno.test("an item named by elimination is saved with the rest of what is known", () => {
  const potions = unknownOf(delve, "potion");
  const { state } = carrying(delve, [potions.at(-2)!]);
  state.known = potions.slice(0, -2);
  ok(playPlayerAction(state, delve, { type: "use", item: 0 }));
  deepEqual([...state.known!].sort(), [...potions].sort());
  const copy = JSON.parse(JSON.stringify(state)) as GameState;
  deepEqual(copy.known, state.known);
});

export type { Entity };
