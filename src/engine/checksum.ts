/**
 * A checksum of the whole game state: equal states give equal sums, and
 * any difference (a position, an HP, the RNG) almost surely does not.
 * Replays compare them to prove a game played back the same.
 *
 * @module
 */
import type { Rules } from "./rules.ts";
import type { GameState } from "./state.ts";

const OFFSET = 0x811c9dc5, PRIME = 0x01000193;

function mixBytes(h: number, bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], PRIME);
  return h;
}

function mixText(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), PRIME);
  return h;
}

/** Mixes `n` as no character (code below 0x10000) can be: the end of a field, so fields cannot run together. */
function mixEnd(h: number, n: number): number {
  return Math.imul(h ^ (0x10000 + n), PRIME);
}

/** Objects with their keys sorted, so that equal values give equal JSON whatever order they were built in. */
export function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const object = value as Record<string, unknown>;
  return Object.fromEntries(Object.keys(object).sort().map((k) => [k, object[k]]));
}

/**
 * FNV-1a over the whole state: the map's grids, the message log, then
 * everything else as JSON with sorted keys (a loaded game builds its objects
 * in the save schema's order, a played one in the engine's; both must sum
 * the same). Every line of the log comes from a command (the program's own
 * notices are kept apart, by the app), so a replay says it again.
 */
export function stateChecksum(state: GameState): number {
  return checksum(state, true);
}

/**
 * The state's checksum as replays of version 2 took it: the message log
 * left out, for the program wrote notices into it then that no command makes.
 */
export function stateChecksumWithoutLog(state: GameState): number {
  return checksum(state, false);
}

function checksum(state: GameState, withLog: boolean): number {
  const { map, log, keptFloors, ...rest } = state;
  let h = OFFSET;
  h = mixBytes(h, map.tiles);
  h = mixBytes(h, map.explored);
  h = mixBytes(h, map.visible);
  if (withLog) {
    for (const entry of log) h = mixEnd(mixText(mixEnd(mixText(h, entry.text), 0), entry.color), entry.count);
  }
  // Absent unless the rules keep floors (an undefined upStairs is left out of the JSON): older sums stand.
  const kept = keptFloors?.map(({ map: m, floor, entities }) => {
    h = mixBytes(mixBytes(mixEnd(h, floor), m.tiles), m.explored);
    return { floor, entities, stairs: m.stairs, upStairs: m.upStairs, width: m.width };
  });
  h = mixText(
    h,
    JSON.stringify(
      { ...rest, keptFloors: kept, stairs: map.stairs, upStairs: map.upStairs, width: map.width },
      sortedKeys,
    ),
  );
  return h >>> 0;
}

/** FNV-1a of a text. */
export function textChecksum(text: string): number {
  return mixText(OFFSET, text) >>> 0;
}

/** A checksum of the rules a game is played by, written into its save and its replay. */
export function dataChecksum(rules: Rules): number {
  return textChecksum(JSON.stringify(rules));
}
