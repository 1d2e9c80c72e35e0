/**
 * An independent statement of symmetric shadowcasting for floor cells, in
 * exact integer arithmetic: a floor cell at depth d and column c of a
 * quadrant is visible iff its centre's slope c/d lies strictly inside no
 * run of consecutive walls of any nearer row, a run spanning the slopes
 * ((a − ½)/d', (b + ½)/d'). Exact ties, where libtcod's 32-bit floats may
 * decide either way, are reported as `undefined`.
 *
 * Valid for maps whose border is all wall, with the origin inside.
 */
export function bruteForceFloorVisible(
  transparent: Uint8Array,
  width: number,
  povX: number,
  povY: number,
  x: number,
  y: number,
): boolean | undefined {
  const quadrants = [[1, 0, 0, 1], [0, 1, 1, 0], [0, -1, -1, 0], [-1, 0, 0, -1]];
  let visible = false;
  let tie = false;
  for (const [xx, xy, yx, yy] of quadrants) {
    // Solve (x, y) = pov + d·(xx, yx) + c·(xy, yy) for depth d and column c.
    const d = (x - povX) * xx + (y - povY) * yx;
    const c = (x - povX) * xy + (y - povY) * yy;
    if (d <= 0 || Math.abs(c) > d) continue;
    let blocked = false;
    for (let row = 1; row < d && !blocked; row++) {
      let runStart: number | null = null;
      for (let col = -row; col <= row + 1; col++) {
        const inRow = col <= row;
        const wall = inRow &&
          transparent[(povY + row * yx + col * yy) * width + povX + row * xx + col * xy] === 0;
        if (wall && runStart === null) runStart = col;
        if (!wall && runStart !== null) {
          // slope c/d vs ((runStart − ½)/row, (col − ½)/row), cross-multiplied by 2·row·d.
          const lo = (2 * runStart - 1) * d, hi = (2 * col - 1) * d, s = 2 * c * row;
          if (s > lo && s < hi) blocked = true;
          if (s === lo || s === hi) tie = true;
          runStart = null;
        }
      }
    }
    if (!blocked) visible = true;
  }
  return tie ? undefined : visible;
}
