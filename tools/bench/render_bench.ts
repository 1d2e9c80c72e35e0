/**
 * Rendering: µs to build a frame (draw the play screen into the cell buffer
 * and diff it to bytes) for the first full frame and for a one-step move, at
 * 80x24 and 80x50; the bytes each frame writes are printed once.
 */
import { benchContent, FRAME_SIZES, frameBytes, renderCase } from "./app_cases.ts";

const content = await benchContent();

for (const [columns, rows] of FRAME_SIZES) {
  const { first, step } = frameBytes(content, columns, rows);
  console.log(`render ${columns}x${rows}: first frame ${first} bytes, one-step move ${step} bytes`);

  Deno.bench({
    name: `first full frame ${columns}x${rows}`,
    group: `render ${columns}x${rows}`,
    fn: (b) => {
      const s = renderCase(content, columns, rows);
      b.start();
      s.frame();
      b.end();
    },
  });
  const s = renderCase(content, columns, rows);
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
