/**
 * Exhaustive shortest distances for small grids: relax every edge until
 * nothing changes (Bellman–Ford). Slow and obviously right.
 */
export function bruteDistances(
  cost: Uint8Array,
  width: number,
  height: number,
  goal: number,
  cardinal = 2,
  diagonal = 3,
): number[] {
  const size = width * height;
  const dist = Array(size).fill(Infinity);
  if (cost[goal] === 0) return dist;
  dist[goal] = 0;
  for (let changed = true; changed;) {
    changed = false;
    // Every cell may be a start, a wall too: only entering a cell costs.
    for (let m = 0; m < size; m++) {
      const mx = m % width, my = Math.floor(m / width);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = mx + dx, ny = my + dy;
          if ((dx === 0 && dy === 0) || nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const n = ny * width + nx;
          if (cost[n] === 0) continue;
          const d = dist[n] + cost[n] * (dx !== 0 && dy !== 0 ? diagonal : cardinal);
          if (d < dist[m]) {
            dist[m] = d;
            changed = true;
          }
        }
      }
    }
  }
  return dist;
}
