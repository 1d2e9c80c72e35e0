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

/**
 * How near (a quarter of the view) `focus` may come to the view's edge
 * before a view that scrolls only near an edge moves: as in most roguelikes,
 * enough to see what comes, little enough that most steps leave the map still.
 */
const EDGE_MARGIN_SHARE = 4;

function keptAxisOrigin(view: number, size: number, focus: number, previous: number): number {
  if (size <= view) return 0;
  const kept = Math.max(0, Math.min(size - view, previous));
  const margin = Math.floor(view / EDGE_MARGIN_SHARE);
  // Near the map's own edge the view cannot scroll on, so the focus may come as near that edge as it likes.
  const near = (focus < kept + margin && kept > 0) ||
    (focus > kept + view - 1 - margin && kept < size - view);
  return near ? axisOrigin(view, size, focus) : kept;
}

/**
 * The view's top-left when it scrolls only near an edge: `previous` kept
 * while `focus` stays more than a quarter of the view from its edges (or the
 * map's edge stops it), else `focus` centred again, half a view on
 * (docs/rules.md, Screen layout); centred when there is no `previous`.
 */
export function keptOrigin(
  view: Region,
  mapWidth: number,
  mapHeight: number,
  focus: Point,
  previous: Point | undefined,
): Point {
  if (!previous) return cameraOrigin(view, mapWidth, mapHeight, focus);
  return {
    x: keptAxisOrigin(view.width, mapWidth, focus.x, previous.x),
    y: keptAxisOrigin(view.height, mapHeight, focus.y, previous.y),
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
