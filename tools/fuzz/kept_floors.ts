/**
 * Floors kept as they were left (docs/rules.md, Persistent floors): while
 * the player is elsewhere, nothing on a kept floor changes. The fuzzer
 * looks when the player changes floor and every so many checks (a floor's
 * JSON is large).
 *
 * @module
 */
import type { GameState } from "../../src/engine/mod.ts";

/** Watches the kept floors of one game after another, as the fuzzer checks them. */
export class KeptFloorWatch {
  #last: { state: GameState; floor: number; floors: Map<number, string> } | undefined;
  #checks = 0;

  constructor(readonly every = 50) {}

  /** What changed on a kept floor since the last look, for the game `state` (a new game starts afresh). */
  problems(state: GameState): string[] {
    const last = this.#last;
    const same = last?.state === state;
    const moved = same && last.floor !== state.floor;
    if (same && !moved && ++this.#checks % this.every !== 0) return [];
    const floors = new Map((state.keptFloors ?? []).map((k) => [k.floor, JSON.stringify(k)]));
    const problems: string[] = [];
    if (same) {
      for (const [floor, json] of floors) {
        // The floor just left is kept anew; every other must be as it was.
        if (floor !== last.floor && last.floors.has(floor) && last.floors.get(floor) !== json) {
          problems.push(`kept floor ${floor} changed while the player was on floor ${state.floor}`);
        }
      }
    }
    this.#last = { state, floor: state.floor, floors };
    return problems;
  }
}
