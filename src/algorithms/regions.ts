/**
 * Connected regions of an open/closed grid (1 open, 0 closed, row-major),
 * and passages that join them: knows nothing of tiles or games.
 *
 * @module
 */

const STEPS8 = [[-1, -1], [0, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [0, 1], [1, 1]] as const;
const STEPS4 = [[0, -1], [-1, 0], [1, 0], [0, 1]] as const;

/**
 * Breadth-first over open cells (8 directions, as actors move) from
 * `start`, already claimed: `claim(j, i)` is asked of each open neighbour
 * `j` of a reached cell `i`, and `j` is searched from in turn when it says
 * yes. `queue` is scratch space of the map's size.
 */
function flood(
  open: Uint8Array,
  width: number,
  height: number,
  start: number,
  queue: Int32Array,
  claim: (j: number, i: number) => boolean,
): void {
  let head = 0, tail = 0;
  queue[tail++] = start;
  while (head < tail) {
    const i = queue[head++], x = i % width, y = (i - x) / width;
    for (const [dx, dy] of STEPS8) {
      const nx = x + dx, ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const j = ny * width + nx;
      if (open[j] && claim(j, i)) queue[tail++] = j;
    }
  }
}

/**
 * Steps from `from` over open cells (8 directions, as actors move): the
 * number of steps to each cell, -1 where it cannot be reached.
 */
export function stepsFrom(open: Uint8Array, width: number, height: number, from: number): Int32Array {
  const dist = new Int32Array(open.length).fill(-1);
  if (!open[from]) return dist;
  dist[from] = 0;
  flood(open, width, height, from, new Int32Array(open.length), (j, i) => {
    if (dist[j] >= 0) return false;
    dist[j] = dist[i] + 1;
    return true;
  });
  return dist;
}

/** How many open cells there are. */
export function countOpen(open: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < open.length; i++) n += open[i];
  return n;
}

/** True when every open cell can be reached from every other (and there is one). */
export function isConnected(open: Uint8Array, width: number, height: number): boolean {
  const first = open.indexOf(1);
  if (first < 0) return false;
  const dist = stepsFrom(open, width, height, first);
  for (let i = 0; i < open.length; i++) if (open[i] && dist[i] < 0) return false;
  return true;
}

/**
 * Each open cell's region (regions numbered from 1 in row order of their
 * first cell, 8 directions), 0 for closed cells.
 */
export function labelRegions(open: Uint8Array, width: number, height: number): Int32Array {
  const labels = new Int32Array(open.length);
  const queue = new Int32Array(open.length);
  let next = 0;
  const claim = (j: number) => {
    if (labels[j]) return false;
    labels[j] = next;
    return true;
  };
  for (let s = 0; s < open.length; s++) {
    if (!open[s] || labels[s]) continue;
    labels[s] = ++next;
    flood(open, width, height, s, queue, claim);
  }
  return labels;
}

/**
 * Opens passages until every open cell is connected. One search grows from
 * the region of the first open cell through closed cells (4 directions, so
 * a passage is one a person walks; never on the outer ring); each time it
 * meets another region, the way it came is opened and that region joins the
 * search. Draws nothing; linear in the map's cells.
 */
export function joinRegions(open: Uint8Array, width: number, height: number): void {
  const labels = labelRegions(open, width, height);
  const first = open.indexOf(1);
  if (first < 0) return;
  // The cells of each region, bucketed by label.
  let regions = 0;
  for (let i = 0; i < labels.length; i++) regions = Math.max(regions, labels[i]);
  const starts = new Int32Array(regions + 2);
  for (let i = 0; i < labels.length; i++) starts[labels[i] + 1]++;
  for (let r = 1; r < starts.length; r++) starts[r] += starts[r - 1];
  const cells = new Int32Array(labels.length), fill = starts.slice();
  for (let i = 0; i < labels.length; i++) cells[fill[labels[i]]++] = i;
  const joined = new Uint8Array(open.length);
  const came = new Int32Array(open.length).fill(-2);
  const queue = new Int32Array(open.length);
  let head = 0, tail = 0;
  const absorb = (label: number) => {
    for (let k = starts[label]; k < starts[label + 1]; k++) {
      const c = cells[k];
      joined[c] = 1;
      came[c] = -1;
      queue[tail++] = c;
    }
  };
  absorb(labels[first]);
  while (head < tail) {
    const i = queue[head++], x = i % width, y = (i - x) / width;
    for (const [dx, dy] of STEPS4) {
      const nx = x + dx, ny = y + dy;
      if (nx < 1 || ny < 1 || nx >= width - 1 || ny >= height - 1) continue;
      const j = ny * width + nx;
      if (came[j] !== -2) continue;
      if (open[j]) {
        for (let k = i; k >= 0 && !joined[k]; k = came[k]) {
          open[k] = 1;
          joined[k] = 1;
        }
        absorb(labels[j]);
      } else {
        came[j] = i;
        queue[tail++] = j;
      }
    }
  }
}

/** The open cell farthest in steps from `from` (the first such, in row order), or `from`. */
export function farthestFrom(open: Uint8Array, width: number, height: number, from: number): number {
  const dist = stepsFrom(open, width, height, from);
  let best = from;
  for (let i = 0; i < dist.length; i++) if (dist[i] > dist[best]) best = i;
  return best;
}
