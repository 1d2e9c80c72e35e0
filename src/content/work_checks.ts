/**
 * What one key may cost, bounded by the data (docs/rules.md, Speed and
 * energy; Spawning): after a player's action the monsters act until the
 * player can act again, so the work of a key is the monsters a floor holds
 * times the actions each takes in a turn times the turns the player's
 * action takes. Each factor has a limit of its own ({@link WORK_LIMITS});
 * data that asks for more is refused in one line naming the number that
 * makes it so.
 *
 * @module
 */
import { DEFAULT_SLOTS } from "../engine/mod.ts";
import type { DataFiles, Labels } from "./data_files.ts";
import { WORK_LIMITS } from "./limits.ts";
import type { GameConfig, TemplateConfig } from "./schemas.ts";

type Templates = DataFiles["entities"];

/** Energy an action costs when the data names no costs, and an actor's speed when its template names none. */
const USUAL_ENERGY = 100;

/** The costs of the four kinds of action, as the game plays them. */
function costsOf(game: GameConfig): Record<"move" | "attack" | "use" | "wait", number> {
  return game.time?.costs ??
    { move: USUAL_ENERGY, attack: USUAL_ENERGY, use: USUAL_ENERGY, wait: USUAL_ENERGY };
}

/** The most and the least a status multiplies a speed by (1 each with no statuses). */
function statusSpeeds(game: GameConfig): { fastest: number; slowest: number } {
  const speeds = Object.values(game.statuses ?? {}).map((s) => s.speed);
  return { fastest: Math.max(1, ...speeds), slowest: Math.min(1, ...speeds) };
}

/** A monster's actions in one turn at its fastest: its speed, quickened by the fastest status, over the cheapest action. */
function actionProblems(labels: Labels, game: GameConfig, entities: Templates): string[] {
  const problems: string[] = [];
  const costs = costsOf(game);
  const cheapest = Math.min(...Object.values(costs));
  const { fastest } = statusSpeeds(game);
  for (const [id, t] of Object.entries(entities)) {
    if (!t.ai || !t.fighter) continue;
    const speed = t.speed ?? USUAL_ENERGY;
    const actions = Math.ceil((speed * fastest) / cheapest);
    if (actions > WORK_LIMITS.actionsPerTurn) {
      problems.push(
        `${labels.entities}: $.${id}.speed: expected a speed at which it acts at most ` +
          `${WORK_LIMITS.actionsPerTurn} times a turn (the cheapest action costs ${cheapest}` +
          `${fastest > 1 ? `, the fastest status multiplies speed by ${fastest}` : ""}), found ${speed} ` +
          `(${actions} actions)`,
      );
    }
  }
  return problems;
}

/**
 * The turns the player's dearest action takes at their slowest: their
 * speed with the slowest background, the slowest thing in each slot worn and the slowest status on.
 */
function turnProblems(labels: Labels, game: GameConfig, entities: Templates): string[] {
  const player = entities.player;
  if (!player) return [];
  const costs = costsOf(game);
  const [kind, dearest] = Object.entries(costs).reduce((a, b) => (b[1] > a[1] ? b : a));
  const slots = game.equipmentSlots ?? DEFAULT_SLOTS;
  let worn = 0;
  for (const slot of slots) {
    worn += Math.min(
      0,
      ...Object.values(entities).filter((t) => t.equippable?.slot === slot).map((t) =>
        t.equippable!.speed ?? 0
      ),
    );
  }
  // The slowest start a background gives (docs/rules.md, Backgrounds).
  const start = Math.min(0, ...(game.backgrounds ?? []).map((b) => b.speed ?? 0));
  const slowest = Math.max(
    1,
    Math.round(((player.speed ?? USUAL_ENERGY) + start + worn) * statusSpeeds(game).slowest),
  );
  // A sneaking step may be the dearest action of all.
  const sneaking = game.sneak && game.sneak.moveCost > dearest;
  const turns = Math.ceil((sneaking ? game.sneak!.moveCost : dearest) / slowest);
  if (turns <= WORK_LIMITS.turnsPerAction) return [];
  if (sneaking) {
    return [
      `${labels.game}: $.sneak.moveCost: expected a step the player takes in at most ` +
      `${WORK_LIMITS.turnsPerAction} turns at their slowest (speed ${slowest}), found ${
        game.sneak!.moveCost
      } (${turns} turns)`,
    ];
  }
  return [
    `${labels.game}: $.time.costs.${kind}: expected actions the player takes in at most ` +
    `${WORK_LIMITS.turnsPerAction} turns at their slowest (speed ${slowest}, with the slowest gear and ` +
    `status), found ${dearest} (${turns} turns)`,
  ];
}

/** The most spawn areas a floor of `game` has: its rooms, or the squares a cave is cut into, or both. */
function areasOf(game: GameConfig): number {
  const { width, height } = game.map;
  const plans = game.map.floors ?? [];
  if (plans.length === 0) return game.map.maxRooms;
  return Math.max(
    ...plans.map((p) => {
      const maxRooms = p.maxRooms ?? game.map.maxRooms;
      if (p.generator === "rooms") return maxRooms;
      const squares = Math.ceil(width / p.areaSize) * Math.ceil(height / p.areaSize);
      return p.generator === "caves" ? squares : maxRooms + squares;
    }),
  );
}

/** Monsters the vaults of one floor may hold: the most a vault's drawing holds, times the most vaults a plan tries. */
function vaultMonsters(game: GameConfig, entities: Templates): number {
  const tries = Math.max(0, ...(game.map.floors ?? []).map((p) => p.vaults));
  const most = Math.max(
    0,
    ...(game.vaults ?? []).map((v) => {
      let count = 0;
      for (const row of v.rows) {
        for (const ch of row) {
          const cell = v.legend[ch];
          if (typeof cell !== "object") continue;
          if ("random" in cell ? cell.random === "monster" : entities[cell.template]?.ai !== undefined) {
            count++;
          }
        }
      }
      return count;
    }),
  );
  return tries * most;
}

/** Monsters a floor may be made with: its areas × the most a room draws × the largest pack, and the vaults'. */
function floorProblems(labels: Labels, files: DataFiles): string[] {
  const { game, entities, spawn } = files;
  const perRoom = Math.max(0, ...spawn.maxMonstersPerRoom.map((s) => s.value));
  const pack = Math.max(1, ...Object.values(entities).map((t: TemplateConfig) => t.pack?.max ?? 1));
  const areas = areasOf(game);
  const vaults = vaultMonsters(game, entities);
  const monsters = areas * perRoom * pack + vaults;
  if (monsters <= WORK_LIMITS.monstersPerFloor) return [];
  return [
    `${labels.spawn}: $.maxMonstersPerRoom: expected at most ${WORK_LIMITS.monstersPerFloor} monsters a floor, ` +
    `found up to ${monsters} (${areas} rooms or cave squares × ${perRoom} a room × packs of up to ${pack}` +
    `${vaults > 0 ? ` + ${vaults} in vaults` : ""})`,
  ];
}

/** Every way `files` lets one key cost more than {@link WORK_LIMITS} allow. */
export function workProblems(labels: Labels, files: Partial<DataFiles>): string[] {
  const { game, entities, spawn } = files;
  if (!game || !entities) return [];
  return [
    ...actionProblems(labels, game, entities),
    ...turnProblems(labels, game, entities),
    ...(spawn ? floorProblems(labels, { game, entities, spawn }) : []),
  ];
}
