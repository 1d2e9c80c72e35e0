/**
 * The pick-up menu: with `inventory.pickupMenu`, `g` on several things lists
 * them (topmost first) and takes the one chosen by its letter, or all with
 * `,`; one thing is taken at once as before; without the word (the tutorial
 * rule sets) `g` takes the topmost. The action names the thing by id and a
 * replay reads it back; an old replay's bare pick-up still takes the topmost.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { decodeRecording, record, startRecording } from "../src/store/mod.ts";
import { GameSession } from "../src/app/mod.ts";
import type { Content } from "../src/content/mod.ts";
import { type GameState, instantiate, playerOf } from "../src/engine/mod.ts";
import { HeadlessTerminal, keyEvent } from "../src/terminal/mod.ts";
import { InProcessRunner } from "../src/worker/mod.ts";
import { arenaStill } from "./support/arena.ts";
import { bundledContent } from "./support/content.ts";
import { screenText } from "./support/ui_harness.ts";

const content = await bundledContent();
const { rules } = content;
const ROOM = "#######\n#.....#\n#..@..#\n#.....#\n#######";

/** A room with a Health Potion, a Lightning Scroll and a Confusion Scroll under the player (dropped in that order). */
function pile(): GameState {
  const state = arenaStill(rules, ROOM);
  const p = playerOf(state);
  for (const template of ["health_potion", "lightning_scroll", "confusion_scroll"]) {
    state.entities.push(instantiate(rules.templates[template], state.nextId++, p.x, p.y));
  }
  return state;
}

function app(state: GameState, menu: boolean): GameSession {
  const game = { ...content.game, inventory: { keepLetters: false, ...(menu ? { pickupMenu: true } : {}) } };
  const data: Content = { ...content, game };
  const session = new GameSession(new HeadlessTerminal(80, 50), data, state, new InProcessRunner(rules), {
    colorDepth: "truecolor",
  });
  session.render();
  return session;
}

const carried = (state: GameState) => playerOf(state).inventory!.items.map((e) => e.name);
const press = async (session: GameSession, key: string) => {
  await session.handleInput(keyEvent(key));
  session.render();
};

Deno.test("g on several things opens a menu, topmost first; a letter takes that one, a turn; , takes the rest", async () => {
  const state = pile();
  const session = app(state, true);
  await press(session, "g");
  const shown = screenText(session).join("\n");
  ok(shown.includes("(a) Confusion Scroll") && shown.includes("(c) Health Potion"), shown);
  equal(state.turn, 0, "opening it takes no turn");
  await press(session, "b");
  deepEqual([carried(state), state.turn], [["Lightning Scroll"], 1]);
  ok(!screenText(session).join("\n").includes("Select an item to pick up"), "the menu closed");
  await press(session, "g");
  await press(session, ",");
  deepEqual([carried(state), state.turn], [["Lightning Scroll", "Confusion Scroll", "Health Potion"], 3]);
});

Deno.test("g on one thing takes it at once; without pickupMenu (the tutorials) g takes the topmost of several", async () => {
  const one = arenaStill(rules, ROOM);
  const p = playerOf(one);
  one.entities.push(instantiate(rules.templates.health_potion, one.nextId++, p.x, p.y));
  const single = app(one, true);
  await press(single, "g");
  deepEqual([carried(one), one.turn], [["Health Potion"], 1]);
  const state = pile();
  await press(app(state, false), "g");
  deepEqual([carried(state), state.turn], [["Confusion Scroll"], 1]);
});

Deno.test("a pick-up naming its thing is recorded and read back; a bare one (older replays) still reads", () => {
  const state = pile();
  const recording = startRecording(1, "test", { checksum: 0, folder: "test" });
  const commands = [{ act: { type: "pickup" as const, item: 2 } }, { act: { type: "pickup" as const } }];
  for (const command of commands) record(recording, command, state, state.turn);
  deepEqual(decodeRecording(JSON.parse(JSON.stringify(recording))).commands, commands);
});
