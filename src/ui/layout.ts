/**
 * Where the map and the panel go for a terminal size, and which part of the
 * map the view shows.
 *
 * @module
 */
import type { Point } from "../engine/geometry.ts";

/** The smallest terminal the game draws in. */
export const MIN_COLUMNS = 80;
export const MIN_ROWS = 24;
/** From this height on, the panel has the full 80x50 layout. */
export const FULL_LAYOUT_ROWS = 50;
const FULL_PANEL_ROWS = 7;
const COMPACT_PANEL_ROWS = 4;

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
}

/**
 * The map takes the top of the screen, up to the whole dungeon; the panel
 * takes the rest (at least 7 rows from 50 rows up, 4 below that).
 */
export function computeLayout(columns: number, rows: number, mapWidth: number, mapHeight: number): Layout {
  const tooSmall = columns < MIN_COLUMNS || rows < MIN_ROWS;
  const compact = rows < FULL_LAYOUT_ROWS;
  const mapRows = Math.max(0, Math.min(mapHeight, rows - (compact ? COMPACT_PANEL_ROWS : FULL_PANEL_ROWS)));
  return {
    columns,
    rows,
    tooSmall,
    compact,
    map: { x: 0, y: 0, width: Math.min(columns, mapWidth), height: mapRows },
    panel: { x: 0, y: mapRows, width: columns, height: rows - mapRows },
  };
}

function axisOrigin(view: number, size: number, focus: number): number {
  if (size <= view) return 0;
  return Math.max(0, Math.min(size - view, focus - Math.floor(view / 2)));
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
