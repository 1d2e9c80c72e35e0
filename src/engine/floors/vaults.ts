/**
 * Vaults: hand-drawn prefabs stamped onto a floor where they fit without
 * cutting it in two (docs/rules.md, Vaults).
 *
 * @module
 */
import { type GameMap, setTile } from "../game_map.ts";
import { isConnected, type Point, type Rng } from "../../algorithms/mod.ts";
import { Tile, WALKABLE } from "../tiles.ts";

/** What one character of a vault's drawing makes. */
export type VaultCell =
  | { readonly tile: "wall" | "floor" | "door" }
  /** Floor with this template's monster or item on it. */
  | { readonly template: string }
  /** Floor with a monster or an item drawn from the floor's spawn tables. */
  | { readonly random: "monster" | "item" };

/** A prefab as content gives it: rows of characters, each read by the legend. */
export interface Vault {
  readonly id: string;
  readonly weight: number;
  /** The floors it may appear on, both included. */
  readonly from: number;
  readonly to: number;
  readonly rows: readonly string[];
  readonly legend: Readonly<Record<string, VaultCell>>;
}

/** Something a placed vault puts on the floor, at a cell of the vault. */
export type VaultThing = Point & ({ readonly template: string } | { readonly random: "monster" | "item" });

/** Placement attempts per vault: a vault that finds no place in as many is left out. */
export const VAULT_TRIES = 40;

const TILE_OF = { wall: Tile.Wall, floor: Tile.Floor, door: Tile.ClosedDoor } as const;

function tileOf(cell: VaultCell): Tile {
  return "tile" in cell ? TILE_OF[cell.tile] : Tile.Floor;
}

/** The vaults allowed on `floor`. */
export function vaultsFor(vaults: readonly Vault[], floor: number): Vault[] {
  return vaults.filter((v) => v.from <= floor && floor <= v.to && v.weight > 0);
}

function pickVault(vaults: readonly Vault[], rng: Rng): Vault {
  const total = vaults.reduce((sum, v) => sum + v.weight, 0);
  let roll = rng.int(0, total - 1);
  for (const v of vaults) {
    if (roll < v.weight) return v;
    roll -= v.weight;
  }
  return vaults[vaults.length - 1];
}

/** The cells a vault takes and whether each is walkable, or undefined if it does not fit at (x0, y0). */
function footprint(
  map: GameMap,
  vault: Vault,
  x0: number,
  y0: number,
  taken: Uint8Array,
): number[] | undefined {
  const cells: number[] = [];
  for (let dy = 0; dy < vault.rows.length; dy++) {
    for (let dx = 0; dx < vault.rows[dy].length; dx++) {
      const i = (y0 + dy) * map.width + x0 + dx;
      if (taken[i]) return undefined;
      cells.push(i);
    }
  }
  return cells;
}

/**
 * Stamps up to `count` vaults, each drawn by weight from `vaults`, at
 * random places inside the map's outer ring that hold none of `keep` (the
 * start, the stairs) nor an earlier vault, and where every walkable cell
 * stays connected. Returns the vaults' things and the cells vaults took.
 */
export function placeVaults(
  map: GameMap,
  vaults: readonly Vault[],
  count: number,
  keep: readonly Point[],
  rng: Rng,
): { things: VaultThing[]; cells: number[] } {
  const things: VaultThing[] = [], cells: number[] = [];
  if (vaults.length === 0) return { things, cells };
  const taken = new Uint8Array(map.width * map.height);
  for (const p of keep) taken[p.y * map.width + p.x] = 1;
  const open = new Uint8Array(map.width * map.height);
  for (let k = 0; k < count; k++) {
    const vault = pickVault(vaults, rng);
    const h = vault.rows.length, w = Math.max(...vault.rows.map((r) => [...r].length));
    if (w > map.width - 2 || h > map.height - 2) continue;
    for (let attempt = 0; attempt < VAULT_TRIES; attempt++) {
      const x0 = rng.int(1, map.width - w - 1), y0 = rng.int(1, map.height - h - 1);
      const here = footprint(map, vault, x0, y0, taken);
      if (!here) continue;
      for (let i = 0; i < open.length; i++) open[i] = WALKABLE[map.tiles[i]];
      vault.rows.forEach((row, dy) =>
        [...row].forEach((ch, dx) =>
          open[(y0 + dy) * map.width + x0 + dx] = WALKABLE[tileOf(vault.legend[ch])]
        )
      );
      if (!isConnected(open, map.width, map.height)) continue;
      vault.rows.forEach((row, dy) =>
        [...row].forEach((ch, dx) => {
          const x = x0 + dx, y = y0 + dy, cell = vault.legend[ch];
          setTile(map, x, y, tileOf(cell));
          if (!("tile" in cell)) things.push({ x, y, ...cell });
        })
      );
      for (const i of here) {
        taken[i] = 1;
        cells.push(i);
      }
      break;
    }
  }
  return { things, cells };
}
