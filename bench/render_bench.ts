/**
 * Rendering: µs to build a frame (draw the play screen into the cell buffer
 * and diff it to bytes) for the first full frame and for a one-step move, at
 * 80x24 and 80x50; the bytes each frame writes are printed once.
 */
import { themeFromContent } from "../src/app/theme_from_content.ts";
import { loadContent } from "../src/content/load_content.ts";
import { isWalkable, updateVisibility } from "../src/engine/game_map.ts";
import { newGame, playerOf } from "../src/engine/state.ts";
import { CellBuffer } from "../src/terminal/cell_buffer.ts";
import { DiffRenderer } from "../src/terminal/diff_renderer.ts";
import { computeLayout } from "../src/ui/layout.ts";
import { PlayScreen } from "../src/ui/play_screen.ts";
import type { UiContext } from "../src/ui/screen.ts";

const content = await loadContent(new URL("../data/", import.meta.url), "data/");
const theme = themeFromContent(content);

function setup(columns: number, rows: number) {
  const state = newGame(content.rules, 42);
  const player = playerOf(state);
  const from = { x: player.x, y: player.y };
  const step = [[1, 0], [-1, 0], [0, 1], [0, -1]].find(([dx, dy]) =>
    isWalkable(state.map, from.x + dx, from.y + dy)
  )!;
  const to = { x: from.x + step[0], y: from.y + step[1] };
  const layout = computeLayout(columns, rows, state.map.width, state.map.height);
  const ui: UiContext = {
    state,
    rules: content.rules,
    theme,
    layout,
    plainGlyphs: false,
    pointer: undefined,
    focus: undefined,
  };
  const screen = new PlayScreen();
  const buffer = new CellBuffer(columns, rows);
  const renderer = new DiffRenderer("truecolor");
  let at = 0;
  /** Moves the player to the other end of the step (engine work, not timed). */
  const move = () => {
    at ^= 1;
    Object.assign(player, at ? to : from);
    updateVisibility(state.map, player, content.rules.sightRadius);
  };
  const frame = () => {
    screen.draw(buffer, ui);
    return renderer.render(buffer);
  };
  return { renderer, move, frame };
}

const encoder = new TextEncoder();
for (const [columns, rows] of [[80, 24], [80, 50]]) {
  const { move, frame } = setup(columns, rows);
  const first = encoder.encode(frame()).length;
  move();
  const step = encoder.encode(frame()).length;
  console.log(`render ${columns}x${rows}: first frame ${first} bytes, one-step move ${step} bytes`);

  Deno.bench({
    name: `first full frame ${columns}x${rows}`,
    group: `render ${columns}x${rows}`,
    fn: (b) => {
      const s = setup(columns, rows);
      b.start();
      s.frame();
      b.end();
    },
  });
  const s = setup(columns, rows);
  s.frame();
  Deno.bench({
    name: `one-step move ${columns}x${rows}`,
    group: `render ${columns}x${rows}`,
    fn: (b) => {
      s.move();
      b.start();
      s.frame();
      b.end();
    },
  });
}
