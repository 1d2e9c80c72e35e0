/**
 * libtcod's symmetric shadowcast transcribed line by line, with no
 * optimisation: it scans the whole map and filters by radius afterwards.
 * The real implementation must agree with it everywhere.
 */
const f32 = Math.fround;
const roundf = (n: number) => n < 0 ? -Math.floor(-n + 0.5) : Math.floor(n + 0.5);
const QUADRANTS = [[1, 0, 0, 1], [0, 1, 1, 0], [0, -1, -1, 0], [-1, 0, 0, -1]];

export function literalFov(
  transparent: Uint8Array,
  width: number,
  height: number,
  povX: number,
  povY: number,
  radius: number,
): Uint8Array {
  const fov = new Uint8Array(width * height);
  const inBounds = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height;
  const slope = (depth: number, column: number) => f32(f32(2 * column - 1) / f32(2 * depth));
  const scan = (q: number[], row: { depth: number; low: number; high: number }): void => {
    const [xx, xy, yx, yy] = q;
    if (!inBounds(povX + row.depth * xx, povY + row.depth * yx)) return;
    const columnMin = roundf(f32(f32(row.depth * row.low) * f32(1 + 2 ** -23)));
    const columnMax = roundf(f32(f32(row.depth * row.high) * f32(1 - 2 ** -23)));
    let prevWall = false;
    for (let column = columnMin; column <= columnMax; ++column) {
      const x = povX + row.depth * xx + column * xy;
      const y = povY + row.depth * yx + column * yy;
      if (!inBounds(x, y)) continue;
      const isWall = !transparent[x + y * width];
      const symmetric = column >= f32(row.depth * row.low) &&
        column <= f32(row.depth * row.high);
      if (isWall || symmetric) fov[x + y * width] = 1;
      if (prevWall && !isWall) row.low = slope(row.depth, column);
      if (column !== columnMin && !prevWall && isWall) {
        scan(q, { depth: row.depth + 1, low: row.low, high: slope(row.depth, column) });
      }
      prevWall = isWall;
    }
    if (!prevWall) {
      row.depth += 1;
      scan(q, row);
    }
  };
  fov[povX + povY * width] = 1;
  for (const q of QUADRANTS) scan(q, { depth: 1, low: -1, high: 1 });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = x - povX, dy = y - povY;
      if (radius > 0 && dx * dx + dy * dy >= radius * radius) fov[x + y * width] = 0;
    }
  }
  return fov;
}
