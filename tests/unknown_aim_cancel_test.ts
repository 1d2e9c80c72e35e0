/**
 * Aiming an unknown item tells it needs aiming (docs/rules.md, Unknown items): in Delve's own game, where a
 * refused unknown item is used up, cancelling its aim uses it up too, still unknown, so the prompt tells
 * nothing for free. A known item, or a rule set that keeps refusals, cancels freely. Played through the
 * headless terminal.
 */
import { equal, ok } from "node:assert/strict";
import type { GameSession } from "../src/app/mod.ts";
import type { Content } from "../src/content/mod.ts";
import { countOf, instantiate, isKnown, playerOf } from "../src/engine/mod.ts";
import { PlayScreen, TargetScreen } from "../src/ui/mod.ts";
import { arenaStill } from "./support/arena.ts";
import { delveContent } from "./support/content.ts";
import { feed, sessionOn, type } from "./support/ui_harness.ts";

const delve = await delveContent();

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

Deno.test("Delve: cancelling the aim of an unknown scroll uses one up, still unknown, and says nothing of its kind", async () => {
  const app = withScrolls(delve, false);
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
  const keeps = { ...delve, rules: { ...delve.rules, unknownRefused: undefined } };
  equal(JSON.stringify(await cancelAim(withScrolls(keeps, false))), JSON.stringify([2, 0, false]));
});
