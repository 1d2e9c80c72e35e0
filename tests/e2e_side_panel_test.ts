/**
 * Delve's own side panel in a real terminal (tmux) at 80x24 and 80x50
 * (docs/rules.md, Screen layout): the monsters the player sees at the start
 * are listed with a health word, and nothing in the column is cut.
 */
import { ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { isAlive, newGame } from "../src/engine/mod.ts";
import { computeLayout, SIDE_PANEL_WIDTH } from "../src/ui/mod.ts";
import { DENO, quit, startGame } from "./support/e2e_game.ts";
import { TmuxPane } from "./support/tmux.ts";

const delve = await loadContent(new URL("../data/", import.meta.url), "data/");
/** The monsters in sight of the player as a game of `seed` begins. */
function inSight(seed: number) {
  const state = newGame(delve.rules, seed);
  const { map } = state;
  return state.entities.filter((e) =>
    e.id !== state.playerId && isAlive(e) && map.visible[e.y * map.width + e.x] === 1
  );
}

/** The first seed whose first room has monsters in sight of the player, whatever the data's balance. */
const SEED = Array.from({ length: 100 }, (_, k) => k + 1).find((seed) => inSight(seed).length > 0) ?? 1;

for (const rows of [24, 50]) {
  Deno.test(`e2e 80x${rows}: Delve's side panel lists the monsters in sight, each whole with its health word`, async () => {
    const state = newGame(delve.rules, SEED);
    const seen = inSight(SEED);
    ok(seen.length > 0, `seed ${SEED} starts with monsters in sight`);
    await using pane = await TmuxPane.open(80, rows);
    const screen = await startGame(pane, SEED, `"${DENO}" task play`);
    const lines = screen.split("\n").slice(0, rows);
    const column = lines.map((line) => line.slice(80 - SIDE_PANEL_WIDTH).trimEnd());
    const unhurt = delve.game.panel.side.health[0].word;
    for (const e of seen) {
      const line = `${e.glyph} ${e.name} (${unhurt})`;
      ok(column.some((l) => l === line), `${line}\n${column.join("\n")}`);
    }
    ok(column.every((l) => !l.includes("…")), column.join("\n"));
    ok(lines.every((line) => line.length <= 80), "nothing past the right edge");
    // The log under the map has more than three rows for a fight's messages.
    const layout = computeLayout(80, rows, state.map.width, state.map.height, "side");
    ok(layout.log.height > 3, `${layout.log.height} log rows`);
    await quit(pane);
  });
}
