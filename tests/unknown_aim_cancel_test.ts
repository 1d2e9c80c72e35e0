/**
 * Aiming an unknown item tells it needs aiming (docs/rules.md, Unknown items). In Delve's own game an unknown
 * item is never aimed by the player: it aims itself at the nearest creature in view, so no prompt tells it
 * apart. In data that asks (no `unknownAimed`) but wastes a refused unknown item, cancelling its aim uses it
 * up too, still unknown, so the prompt tells nothing for free. A known item, or a rule set that keeps
 * refusals, cancels freely. Played through the headless terminal.
 */
import { equal, ok } from "node:assert/strict";
import type { GameSession } from "../src/app/mod.ts";
import type { Content } from "../src/content/mod.ts";
import { countOf, instantiate, isKnown, playerOf } from "../src/engine/mod.ts";
import { PlayScreen, TargetScreen } from "../src/ui/mod.ts";
import { arenaStill } from "./support/arena.ts";
import { delveContent } from "./support/content.ts";
import { feed, screenText, sessionOn, type } from "./support/ui_harness.ts";

const delve = await delveContent();
/** Delve's data as it was before `unknownAimed`: the player aims an unknown scroll, and a refusal wastes it. */
const asks: Content = {
  ...delve,
  rules: { ...delve.rules, unknownAimed: undefined, unknownRefused: "wasted" },
};

/** A room with the player and an orc, and two confusion scrolls in the pack, known or not. */
function withScrolls(content: Content, known: boolean): GameSession {
  const state = arenaStill(content.rules, "#########\n#.@...o.#\n#########", { o: "orc" });
  const scrolls = instantiate(content.rules.templates.confusion_scroll, state.nextId++, 0, 0);
  scrolls.count = 2;
  playerOf(state).inventory!.items = [scrolls];
  if (known) state.known = [...(state.known ?? []), "confusion_scroll"];
  return sessionOn(content, state);
}

/** Opens the scroll's aim, then cancels it with Esc; the scrolls left, the turn, and whether it is known. */
async function cancelAim(app: GameSession): Promise<[number, number, boolean]> {
  await type(app, "ia");
  ok(app.top instanceof TargetScreen, "the scroll asks where");
  await feed(app, "Escape");
  ok(app.top instanceof PlayScreen, "back on the map");
  const scrolls = playerOf(app.state).inventory!.items[0];
  return [countOf(scrolls), app.state.turn, isKnown(app.state, app.ui.rules, "confusion_scroll")];
}

Deno.test("asked: cancelling the aim of an unknown scroll uses one up, still unknown, and says nothing of its kind", async () => {
  const app = withScrolls(asks, false);
  const [left, turn, known] = await cancelAim(app);
  equal(left, 1);
  equal(turn, 1, "the use takes the turn");
  equal(known, false);
  const said = app.state.log.map((l) => l.text).join("\n");
  ok(said.includes("is used up, and nothing seems to happen"), said);
  ok(!/confus/i.test(said), said);
});

Deno.test("Delve: cancelling the aim of a known scroll uses nothing", async () => {
  equal(JSON.stringify(await cancelAim(withScrolls(delve, true))), JSON.stringify([2, 0, true]));
});

Deno.test("without the word, cancelling the aim of an unknown scroll uses nothing", async () => {
  const keeps = { ...asks, rules: { ...asks.rules, unknownRefused: undefined } };
  equal(JSON.stringify(await cancelAim(withScrolls(keeps, false))), JSON.stringify([2, 0, false]));
});

/** A room with the player, an orc or nobody, and one unknown scroll of `template` in the pack, read at once. */
async function readUnknown(template: string, orc: boolean): Promise<GameSession> {
  const room = orc ? "#########\n#.@...o.#\n#########" : "#########\n#.@.....#\n#########";
  const state = arenaStill(delve.rules, room, { o: "orc" });
  playerOf(state).inventory!.items = [instantiate(delve.rules.templates[template], state.nextId++, 0, 0)];
  const app = sessionOn(delve, state);
  await type(app, "ia");
  return app;
}

Deno.test("Delve: an unknown scroll is read without asking where, aimed or not, so reading tells nothing first", async () => {
  for (const template of ["confusion_scroll", "fireball_scroll", "teleport_scroll", "sleep_scroll"]) {
    const app = await readUnknown(template, true);
    ok(app.top instanceof PlayScreen, `${template}: no aim opened`);
    equal(app.state.turn, 1, `${template}: read at once`);
    ok(!screenText(app).join("\n").includes("Select a target location."), template);
  }
});

Deno.test("Delve: an unknown confusion scroll aims itself at the creature in view, and is known by it", async () => {
  const app = await readUnknown("confusion_scroll", true);
  ok(isKnown(app.state, app.ui.rules, "confusion_scroll"));
  const said = app.state.log.map((l) => l.text).join("\n");
  ok(said.includes("was a Scroll of Confusion") && /Orc/.test(said), said);
  equal(playerOf(app.state).inventory!.items.length, 0);
});

Deno.test("Delve: an unknown aimed scroll with no creature in view is used up to no effect, then named", async () => {
  const app = await readUnknown("fireball_scroll", false);
  equal(isKnown(app.state, app.ui.rules, "fireball_scroll"), true);
  const said = app.state.log.slice(-2).map((l) => l.text);
  ok(/^The scroll labelled .+ is used up, and nothing seems to happen\.$/.test(said[0]), said[0]);
  ok(/^The scroll labelled .+ was a Scroll of Fireball\.$/.test(said[1]), said[1]);
});

Deno.test("asked and taught: cancelling the aim of an unknown scroll uses one up and names it", async () => {
  const taught = { ...asks, rules: { ...asks.rules, unknownRefused: "taught" as const } };
  equal(JSON.stringify(await cancelAim(withScrolls(taught, false))), JSON.stringify([1, 1, true]));
});
