/**
 * The game's benchmark cases, shared by the `deno bench` files and the
 * report: a monster phase with every monster hunting the player, at the
 * scales the targets name, and the play screen drawn and diffed to bytes.
 *
 * @module
 */
import { themeFromContent } from "../../src/app/mod.ts";
import { type Content, loadContent, MAP_BUDGET } from "../../src/content/mod.ts";
import {
  emptyChronicle,
  type Entity,
  type GameState,
  instantiate,
  isWalkable,
  newGame,
  playerOf,
  type Rules,
  updateVisibility,
} from "../../src/engine/mod.ts";
import { CellBuffer, DiffRenderer } from "../../src/terminal/mod.ts";
import { computeLayout, Notices, PlayScreen, type UiContext } from "../../src/ui/mod.ts";
import { benchDungeon, benchMosaic, benchOpenDungeon, floorCells, floorShare } from "./bench_maps.ts";

let content: Content | undefined;

/** The bundled data, loaded once. */
export async function benchContent(): Promise<Content> {
  // The TCOD tutorial's rules: the figures stay comparable with the earlier ones, whatever data/ becomes.
  content ??= await loadContent(new URL("../../data/rulesets/tcod/", import.meta.url), "data/rulesets/tcod/");
  return content;
}

/**
 * A "dungeon" is 80x43 floors (joined into a mosaic when larger), about a
 * quarter floor; "open" is the tunnel-crossed worst case (88% floor).
 */
export type MapKind = "dungeon" | "open";

/** One size of the monster phase. */
export interface MonsterScale {
  readonly width: number;
  readonly height: number;
  readonly monsters: number;
  readonly kind: MapKind;
}

/** The three scales the targets name: a game floor, 1,000 monsters, 10,000 monsters. */
export const TARGET_SCALES: readonly MonsterScale[] = [
  { width: 80, height: 43, monsters: 20, kind: "dungeon" },
  { width: 256, height: 256, monsters: 1000, kind: "dungeon" },
  { width: 1024, height: 1024, monsters: 10_000, kind: "dungeon" },
];

/**
 * A state with `monsters` orcs on floor cells, all hunting the player (every
 * cell marked in view), and `reset` to put them back where they started.
 */
export function huntingState(
  rules: Content["rules"],
  { width, height, monsters, kind }: MonsterScale,
  templateOf: (id: number) => string = () => "orc",
): { state: GameState; reset: () => void; label: string } {
  const map = width === 80
    ? benchDungeon(7)
    : kind === "dungeon"
    ? benchMosaic(width, height, 70, true)
    : benchOpenDungeon(width, height, 7);
  const cells = floorCells(map, monsters * 3, 11);
  const taken = new Set<number>();
  const entities: Entity[] = [];
  for (const [x, y] of cells) {
    if (taken.has(y * width + x) || entities.length > monsters) continue;
    taken.add(y * width + x);
    const id = entities.length;
    entities.push(instantiate(rules.templates[id === 0 ? "player" : templateOf(id)], id, x, y));
  }
  if (entities.length !== monsters + 1) throw new Error(`only ${entities.length - 1} monsters placed`);
  map.visible.fill(1);
  const state: GameState = {
    seed: 1,
    rng: [1, 2, 3, 4],
    turn: 0,
    floor: 1,
    map,
    entities,
    playerId: 0,
    nextId: entities.length,
    log: [],
    chronicle: emptyChronicle(),
  };
  const pristine = structuredClone(entities);
  const reset = () => {
    state.entities = structuredClone(pristine);
    state.rng = [1, 2, 3, 4];
  };
  const share = Math.round(floorShare(map) * 100);
  return { state, reset, label: `${monsters} monsters on ${width}x${height} ${kind} (${share}% floor)` };
}

/** The play screen at `columns`x`rows` on a new game, ready to draw frames. */
export interface RenderCase {
  /** Draws the screen and diffs it: the bytes to write. */
  readonly frame: () => string;
  /** Moves the player to the other end of one step (engine work, not a frame's). */
  readonly move: () => void;
}

/** A new game's play screen at `columns`x`rows`, with a one-step move to and fro. */
export function renderCase(content: Content, columns: number, rows: number): RenderCase {
  const state = newGame(content.rules, 42);
  const player = playerOf(state);
  const from = { x: player.x, y: player.y };
  const step = [[1, 0], [-1, 0], [0, 1], [0, -1]].find(([dx, dy]) =>
    isWalkable(state.map, from.x + dx, from.y + dy)
  )!;
  const to = { x: from.x + step[0], y: from.y + step[1] };
  const ui: UiContext = {
    state,
    rules: content.rules,
    theme: themeFromContent(content),
    layout: computeLayout(columns, rows, state.map.width, state.map.height),
    plainGlyphs: false,
    pointer: undefined,
    focus: undefined,
    notices: new Notices(),
  };
  const screen = new PlayScreen();
  const buffer = new CellBuffer(columns, rows);
  const renderer = new DiffRenderer("truecolor");
  let at = 0;
  return {
    move: () => {
      at ^= 1;
      Object.assign(player, at ? to : from);
      updateVisibility(state.map, player, content.rules.sightRadius);
    },
    frame: () => {
      screen.draw(buffer, ui);
      return renderer.render(buffer);
    },
  };
}

const encoder = new TextEncoder();

/** The bytes of a first full frame and of a one-step move's frame at `columns`x`rows`. */
export function frameBytes(content: Content, columns: number, rows: number): { first: number; step: number } {
  const { frame, move } = renderCase(content, columns, rows);
  const first = encoder.encode(frame()).length;
  move();
  return { first, step: encoder.encode(frame()).length };
}

/** The terminal sizes frames are measured at. */
export const FRAME_SIZES: readonly [number, number][] = [[80, 24], [80, 50]];

/** The simulator is timed on bot games of at most this many turns, seeds cycling from 1. */
export const SIM_GAME_TURNS = 500;

/**
 * The bundled rules on the largest floor the budget allows, filled to the
 * most a room may draw, with rooms of `min`..`max`: 16..17 holds the most
 * things, 3..3 places the most rooms (and tunnels).
 */
export function worstBudgetRules(base: Rules, min: number, max: number): Rules {
  const full = [{ floor: 0, value: MAP_BUDGET.perRoom }];
  return {
    ...base,
    dungeon: {
      width: MAP_BUDGET.side,
      height: MAP_BUDGET.side,
      maxRooms: MAP_BUDGET.roomAttempts,
      roomMinSize: min,
      roomMaxSize: max,
    },
    spawn: { ...base.spawn, maxMonstersPerRoom: full, maxItemsPerRoom: full },
  };
}
