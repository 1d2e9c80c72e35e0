/**
 * Where the map and the panel's parts go for a terminal size, and which part
 * of the map the view shows.
 *
 * @module
 */
import type { Point } from "../engine/mod.ts";

/** The smallest terminal the game draws in. */
export const MIN_COLUMNS = 80;
export const MIN_ROWS = 24;
/** From this height on, the panel has the full 80x50 layout. */
export const FULL_LAYOUT_ROWS = 50;
const FULL_PANEL_ROWS = 7;
const COMPACT_PANEL_ROWS = 4;
/** Where the names and the log start, right of the 20-cell HP bar (docs/rules.md, Screen layout). */
const TEXT_X = 21;

/** Where the panel goes: under the map (the tutorial's), or in a column right of it. */
export type PanelPlace = "below" | "side";

/**
 * Where the panel under the map puts the HP bar and its lines (the data's
 * `panel.below`): the column both start at, and, in the 80x50 panel, the
 * bar's row and the first line's; under 50 rows the lines follow the bar.
 */
export interface PanelPlan {
  readonly x: number;
  readonly barRow: number;
  readonly linesRow: number;
  /** How many lines there are. */
  readonly lines: number;
}

/** The TCOD tutorial's panel: the bar at row 2, "Dungeon level" at row 4, both from column 0. */
export const TUTORIAL_PANEL: PanelPlan = { x: 0, barRow: 2, linesRow: 4, lines: 1 };
/** The side panel's width, and the blank column between it and the map. */
export const SIDE_PANEL_WIDTH = 21;
const SIDE_GAP = 1;
/**
 * The rows under the map when the panel is at the side: the names line and
 * the log. Under 50 rows the map, which scrolls anyway, gives up two rows so
 * that a fight's messages (a hit, a reply, a death) show at once.
 */
const SIDE_LOG_ROWS = { compact: 6, full: 7 };
/** The side panel's figures under the HP bar, and the rows its statuses may take. */
const SIDE_FIGURE_ROWS = 5;
const SIDE_STATUS_ROWS = 3;

/** A rectangle of screen cells. */
export interface Region {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The screen's regions for one terminal size. */
export interface Layout {
  readonly columns: number;
  readonly rows: number;
  /** Below {@link MIN_COLUMNS}x{@link MIN_ROWS}: nothing but a notice. */
  readonly tooSmall: boolean;
  /** The compact panel of small terminals instead of the 80x50 one. */
  readonly compact: boolean;
  readonly map: Region;
  readonly panel: Region;
  /** The HP bar's first cell (it is 20 cells wide). */
  readonly hpBar: Point;
  /** The lines under the HP bar ("Dungeon level: N"), one a row; at the side, the figures. */
  readonly lines: Region;
  /** The statuses the player is under, with the turns each has left (under the level, 20 wide). */
  readonly statuses: Region;
  /** One line: what the pointer is on. */
  readonly names: Region;
  /** The newest messages, bottom line newest. */
  readonly log: Region;
  /**
   * When the panel is at the side: its figures (level, XP, attack and
   * defense, depth and turn, under the HP bar) and what is wielded and worn
   * (under the statuses).
   */
  readonly side?: { readonly figures: Region; readonly equipment: Region };
}

/**
 * The map takes the top of the screen, up to the whole dungeon; the panel
 * takes the rest (docs/rules.md, Screen layout). From 50 rows on it is the
 * full layout: names at row +1, the log from row +2, and the HP bar and
 * the lines where `plan` puts them (by default the bar at row +2 and the
 * level at row +4: 44, 45, 47 at 80x50), with taller terminals giving the
 * log more lines. Below that it is compact: HP bar and names, then the lines
 * and the log. At every size the log starts at column 21, beside the HP bar, and
 * runs to the right edge: a log of 40 columns would leave the 19 beside it
 * empty while messages wrapped.
 */
export function computeLayout(
  columns: number,
  rows: number,
  mapWidth: number,
  mapHeight: number,
  place: PanelPlace = "below",
  plan: PanelPlan = TUTORIAL_PANEL,
): Layout {
  const tooSmall = columns < MIN_COLUMNS || rows < MIN_ROWS;
  const compact = rows < FULL_LAYOUT_ROWS;
  if (place === "side") return sideLayout(columns, rows, mapWidth, mapHeight, tooSmall, compact);
  // The compact panel grows a row for a fourth line under its bar (Caves of Zircon's experience box).
  const compactRows = Math.max(COMPACT_PANEL_ROWS, 1 + plan.lines);
  const mapRows = Math.max(0, Math.min(mapHeight, rows - (compact ? compactRows : FULL_PANEL_ROWS)));
  const p = mapRows;
  const common = {
    columns,
    rows,
    tooSmall,
    compact,
    map: { x: 0, y: 0, width: Math.min(columns, mapWidth), height: mapRows },
    panel: { x: 0, y: p, width: columns, height: rows - p },
  };
  const textWidth = Math.max(0, columns - TEXT_X);
  // The bar and the lines keep left of the log, whatever column they start at.
  const leftWidth = TEXT_X - 1 - plan.x;
  const barRow = compact ? 0 : plan.barRow, linesRow = compact ? 1 : plan.linesRow;
  const after = Math.max(barRow + 1, linesRow + plan.lines);
  return {
    ...common,
    hpBar: { x: plan.x, y: p + barRow },
    lines: { x: plan.x, y: p + linesRow, width: leftWidth, height: plan.lines },
    statuses: { x: plan.x, y: p + after, width: leftWidth, height: Math.max(0, rows - p - after) },
    names: { x: TEXT_X, y: p + (compact ? 0 : 1), width: textWidth, height: 1 },
    log: { x: TEXT_X, y: p + (compact ? 1 : 2), width: textWidth, height: rows - p - (compact ? 1 : 2) },
  };
}

/**
 * The side layout: the map on the left with the names line and the log
 * under it, and a column of {@link SIDE_PANEL_WIDTH} cells on the right for
 * what a player checks every turn (docs/rules.md, Screen layout).
 */
function sideLayout(
  columns: number,
  rows: number,
  mapWidth: number,
  mapHeight: number,
  tooSmall: boolean,
  compact: boolean,
): Layout {
  const sideX = Math.max(0, columns - SIDE_PANEL_WIDTH), mapColumns = Math.max(0, sideX - SIDE_GAP);
  const mapRows = Math.max(0, Math.min(mapHeight, rows - SIDE_LOG_ROWS[compact ? "compact" : "full"]));
  const width = columns - sideX;
  const statusY = 1 + SIDE_FIGURE_ROWS + 1, equipmentY = statusY + SIDE_STATUS_ROWS + 1;
  return {
    columns,
    rows,
    tooSmall,
    compact,
    map: { x: 0, y: 0, width: Math.min(mapColumns, mapWidth), height: mapRows },
    panel: { x: 0, y: mapRows, width: mapColumns, height: rows - mapRows },
    hpBar: { x: sideX, y: 0 },
    lines: { x: sideX, y: 1, width, height: SIDE_FIGURE_ROWS },
    statuses: { x: sideX, y: statusY, width, height: SIDE_STATUS_ROWS },
    names: { x: 0, y: mapRows, width: mapColumns, height: 1 },
    log: { x: 0, y: mapRows + 1, width: mapColumns, height: Math.max(0, rows - mapRows - 1) },
    side: {
      figures: { x: sideX, y: 1, width, height: SIDE_FIGURE_ROWS },
      equipment: { x: sideX, y: equipmentY, width, height: Math.max(0, rows - equipmentY) },
    },
  };
}

function axisOrigin(view: number, size: number, focus: number): number {
  if (size <= view) return 0;
  return Math.max(0, Math.min(size - view, focus - Math.floor(view / 2)));
}

/** A rectangle of map cells, its corners included. */
export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** What a view that follows its focus shows (docs/rules.md, Screen layout). */
export interface FollowSight {
  /** The cell the view follows: the player, or the look or aim cursor while it is up. */
  readonly focus: Point;
  /**
   * How far from the focus the player sees (the sight radius less one: a cell is seen only within the
   * radius); 0 for no limit. The view keeps that margin round the focus wherever it fits.
   */
  readonly reach: number;
  /** What must be in view with the focus wherever they fit: the monsters in view. */
  readonly must: readonly Point[];
  /** What it would show besides, where it fits: for a cursor, the monsters and the player. */
  readonly also?: readonly Point[];
  /** The bounding box of the cells in view, shown where it fits. */
  readonly seen?: Box;
}

/** Where a following view was, and where its focus was then. */
export interface FollowMemory {
  readonly origin: Point;
  readonly focus: Point;
}

/** `v` kept within [lo, hi] (lo wins when they cross). */
function within(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, v));
}

/** One axis of {@link FollowSight}: positions on that axis. */
interface AxisSight {
  readonly focus: number;
  readonly reach: number;
  readonly must: readonly number[];
  readonly also: readonly number[];
  readonly seen?: readonly [number, number];
}

/**
 * One axis of {@link followOrigin}: `view` cells of a map `size` long, the
 * view last at `previous.origin` with the focus at `previous.focus`.
 */
function followAxis(view: number, size: number, sight: AxisSight, previous?: AxisMemory): number {
  if (size <= view) return 0;
  const top = size - view, { focus, must } = sight;
  const onMap = (o: number) => within(o, 0, top);
  // The margin round the focus: its reach where that fits, else as near the middle as the view allows.
  const margin = sight.reach > 0 && 2 * sight.reach + 1 <= view ? sight.reach : Math.floor((view - 1) / 2);
  const start = onMap(previous ? previous.origin : focus - Math.floor(view / 2));
  // What must show: the focus and the monsters, by the least shift; where they cannot all fit, the focus a
  // fixed margin from the edge, on the side that shows the most monsters (the nearest such origin).
  const lo = Math.min(focus, ...must), hi = Math.max(focus, ...must);
  const fits = hi - lo + 1 <= view;
  let origin: number;
  if (fits) origin = onMap(within(start, hi - view + 1, lo));
  else {
    const keep = Math.min(margin, Math.floor(view / 4));
    let best = -1;
    origin = start;
    for (let o = onMap(focus + keep - view + 1); o <= onMap(focus - keep); o++) {
      const shown = must.filter((m) => m >= o && m < o + view).length;
      if (shown > best || (shown === best && Math.abs(o - start) < Math.abs(origin - start))) {
        best = shown;
        origin = o;
      }
    }
    return origin;
  }
  // What it would show: the margin round the focus, then the rest, each only while all of it fits.
  let wantLo = Math.min(lo, focus - margin), wantHi = Math.max(hi, focus + margin);
  if (wantHi - wantLo + 1 > view) [wantLo, wantHi] = [lo, hi];
  for (const [a, b] of [...sight.also.map((p) => [p, p] as const), ...(sight.seen ? [sight.seen] : [])]) {
    const l = Math.min(wantLo, a), h = Math.max(wantHi, b);
    if (h - l + 1 <= view) [wantLo, wantHi] = [l, h];
  }
  const wanted = onMap(within(origin, wantHi - view + 1, wantLo));
  if (!previous) return wanted;
  // No further than the focus moved, and what the monsters outside the last view need: no jumps.
  const moved = Math.abs(focus - previous.focus);
  const needLo = Math.max(0, start - lo), needHi = Math.max(0, hi - (start + view - 1));
  const smooth = within(wanted, start - moved - needLo, start + moved + needHi);
  return onMap(within(smooth, hi - view + 1, lo));
}

/** {@link FollowMemory} on one axis. */
interface AxisMemory {
  readonly origin: number;
  readonly focus: number;
}

/**
 * The view's top-left beside the side panel: it follows the focus by the
 * least shift that keeps in view the focus and the monsters in view (and,
 * where they fit, a margin of the player's sight round the focus and every
 * cell in view), moving no further a step than the focus moved, but for
 * what a monster coming into view needs; where the monsters cannot all fit,
 * the focus keeps a fixed margin and the view shows the side with the most
 * of them. Never past the map's edges; with no `previous` (a new floor, a
 * new size), placed afresh round the focus (docs/rules.md, Screen layout).
 */
export function followOrigin(
  view: Region,
  mapWidth: number,
  mapHeight: number,
  sight: FollowSight,
  previous?: FollowMemory,
): Point {
  const axis = (k: "x" | "y"): AxisSight => ({
    focus: sight.focus[k],
    reach: sight.reach,
    must: sight.must.map((p) => p[k]),
    also: (sight.also ?? []).map((p) => p[k]),
    ...(sight.seen
      ? { seen: k === "x" ? [sight.seen.x0, sight.seen.x1] : [sight.seen.y0, sight.seen.y1] }
      : {}),
  });
  const past = (k: "x" | "y") => previous && { origin: previous.origin[k], focus: previous.focus[k] };
  return {
    x: followAxis(view.width, mapWidth, axis("x"), past("x")),
    y: followAxis(view.height, mapHeight, axis("y"), past("y")),
  };
}

/**
 * The map cell drawn at the view's top-left: `focus` centred, but never
 * scrolled past the map's edges.
 */
export function cameraOrigin(view: Region, mapWidth: number, mapHeight: number, focus: Point): Point {
  return {
    x: axisOrigin(view.width, mapWidth, focus.x),
    y: axisOrigin(view.height, mapHeight, focus.y),
  };
}
