/**
 * Games played twice, through a worker and in-process, for the worker's
 * tests: the two compared after every command, a copy corrupted behind the
 * runner's back, and a crowded big floor.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import {
  type Action,
  cloneState,
  type Command,
  type GameState,
  instantiate,
  newGame,
  playerOf,
  stateChecksum,
} from "../../src/engine/mod.ts";
import { InProcessRunner, mirrorOf, type MonsterRunner, WorkerRunner } from "../../src/worker/mod.ts";
import { bundledContent } from "./content.ts";
import { script, snapshot } from "./faulty_game.ts";

const { rules } = await bundledContent();

/** A turn of the event loop, as the terminal's game has between keys: the worker's quiet checksums come in it. */
export const nextKey = (): Promise<unknown> => new Promise((resolve) => setTimeout(resolve, 0));

/** Plays `command` with both runners on their games, and checks the two games are still the same, to the checksum. */
export async function both(
  command: Command,
  games: readonly [GameState, GameState],
  runners: readonly [MonsterRunner, MonsterRunner],
): Promise<void> {
  await runners[0].play(games[0], command);
  await runners[1].play(games[1], command);
  equal(stateChecksum(games[0]), stateChecksum(games[1]), JSON.stringify(command));
  deepEqual(snapshot(games[0]), snapshot(games[1]));
}

/** Replaces the worker's copy with `state` changed by `change`, behind the runner's back. */
export function corruptCopy(runner: WorkerRunner, state: GameState, change: (copy: GameState) => void): void {
  const copy = cloneState(state);
  change(copy);
  const { state: mirror, transfer } = mirrorOf(copy);
  runner.post({ type: "load", node: runner.node, state: mirror }, transfer);
}

/**
 * 40 turns of a script with the worker, its copy corrupted by `change`
 * after turn 10, beside the same turns in-process; the turn (counted from
 * the corruption) whose answer was found wrong.
 */
export async function divergedGame(
  checkEvery: number,
  change: (copy: GameState) => void,
): Promise<number> {
  const worker = new WorkerRunner(rules, { timeoutMs: 1000, checkEvery });
  ok(await worker.ready);
  const games = [newGame(rules, 2), newGame(rules, 2)] as const;
  let caught = -1;
  try {
    for (const [n, action] of script(2, 40).entries()) {
      if (n === 10) corruptCopy(worker, games[0], change);
      await both({ act: action }, games, [worker, new InProcessRunner(rules)]);
      if (caught < 0 && worker.faults.length > 0) caught = n - 10;
    }
  } finally {
    worker.close();
  }
  deepEqual(worker.faults, ["diverged"], "caught once, then the copy was right again");
  equal(worker.stats.loads, 2, "the game was sent again");
  return caught;
}

/** `n` waits. */
export const waits = (n: number): Action[] => Array.from({ length: n }, () => ({ type: "wait" }));

/** Rules whose floors are four times the bundled ones. */
export const bigFloors = { ...rules, dungeon: { ...rules.dungeon, width: 160, height: 86, maxRooms: 120 } };

/** Seed 3's first big floor with an orc on every other cell that is floor: thousands of monsters. */
export function crowdedGame(): GameState {
  const game = newGame(bigFloors, 3);
  const { map } = game, player = playerOf(game);
  for (let i = 0; i < map.tiles.length; i += 2) {
    const x = i % map.width, y = Math.floor(i / map.width);
    if (map.tiles[i] !== 1 || game.entities.some((e) => e.x === x && e.y === y)) continue;
    game.entities.push(instantiate(rules.templates.orc, game.nextId++, x, y));
  }
  // Those in view hunt the player, who does not die of it.
  player.fighter = { ...player.fighter!, hp: 1e6, maxHp: 1e6 };
  return game;
}
