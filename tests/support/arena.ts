/**
 * Hand-made situations for engine tests: a map drawn as text, the player
 * and monsters placed by letter.
 */
import {
  createMap,
  emptyChronicle,
  type Entity,
  type GameState,
  instantiate,
  type Rules,
  setTile,
  Tile,
  updateVisibility,
} from "../../src/engine/mod.ts";

/**
 * `#` wall, `.` floor, `>` the stairs, `@` the player, and any letter in
 * `monsters` a thing of that template, monster or item (ids ascend in
 * reading order).
 */
export function arena(
  rules: Rules,
  picture: string,
  monsters: Record<string, string> = {},
  seed = 1,
): GameState {
  const rows = picture.trim().split("\n").map((r) => r.trim());
  const map = createMap(rows[0].length, rows.length);
  const state: GameState = {
    seed,
    rng: [seed, ~seed, seed, 0],
    turn: 0,
    floor: 1,
    map,
    entities: [],
    playerId: 0,
    nextId: 1,
    log: [],
    chronicle: emptyChronicle(),
  };
  rows.forEach((row, y) => {
    [...row].forEach((ch, x) => {
      setTile(map, x, y, ch === "#" ? Tile.Wall : ch === ">" ? Tile.DownStairs : Tile.Floor);
      if (ch === ">") map.stairs = { x, y };
      if (ch === "@") state.entities.push(instantiate(rules.templates.player, 0, x, y));
      else if (ch in monsters) {
        state.entities.push(instantiate(rules.templates[monsters[ch]], state.nextId++, x, y));
      }
    });
  });
  const player = state.entities.find((e) => e.id === 0)!;
  updateVisibility(map, player, rules.sightRadius);
  return state;
}

/** {@link arena} with its monsters standing still (no AI), so a test says where they are. */
export function arenaStill(rules: Rules, picture: string, monsters: Record<string, string> = {}): GameState {
  const state = arena(rules, picture, monsters);
  for (const e of state.entities) e.ai = undefined;
  return state;
}

/** The entity with `id`. */
export function byId(state: GameState, id: number): Entity {
  const e = state.entities.find((x) => x.id === id);
  if (!e) throw new Error(`no entity ${id}`);
  return e;
}
