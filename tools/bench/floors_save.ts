/**
 * The save of a ten-floor game (docs/rules.md, Persistent floors): the floors
 * mod of the tests played down nine stairs, every floor kept, then saved as
 * the game saves (the JSON, then gzip), timed and weighed.
 *
 * @module
 */
import { encodeSave, gzip } from "../../src/store/mod.ts";
import { HELP_USAGE, parseFlags, readCommandLine } from "../../src/cli/mod.ts";
import { loadContent } from "../../src/content/mod.ts";
import { type GameState, newGame, playCommand, playerOf } from "../../src/engine/mod.ts";
import { measure, median } from "./timing.ts";

/** What saving the game took, and its size. */
export interface FloorsSave {
  readonly encodeMs: number;
  readonly totalMs: number;
  readonly jsonBytes: number;
  readonly fileBytes: number;
}

/** A game of the floors mod, seed 1, on floor 10 with floors 1-9 kept. */
export async function tenFloorGame(): Promise<GameState> {
  const { rules } = await loadContent(
    new URL("../../tests/fixtures/mods/floors/", import.meta.url),
    "floors/",
  );
  const state = newGame(rules, 1);
  while (state.floor < 10) {
    const player = playerOf(state), at = state.map.stairs;
    // Whatever stands on the stairs is moved under the player: the stairs are what this measures.
    for (const e of state.entities) {
      if (e !== player && e.x === at.x && e.y === at.y) Object.assign(e, player);
    }
    Object.assign(player, at);
    player.fighter!.hp = player.fighter!.maxHp;
    playCommand(state, rules, { act: { type: "descend" } });
  }
  return state;
}

/** Times saving the ten-floor game: the JSON alone, and the JSON with gzip (median of 20 after 5). */
export async function floorsSave(): Promise<FloorsSave> {
  const state = await tenFloorGame();
  const stamp = { checksum: 0, folder: "floors/" }, now = new Date(0);
  const encode = () => encodeSave(state, stamp, "bench", now);
  const encodeMs = measure(() => void encode()).ms;
  const totals: number[] = [];
  let fileBytes = 0;
  for (let n = 0; n < 25; n++) {
    const start = performance.now();
    const packed = await gzip(encode());
    if (n >= 5) totals.push(performance.now() - start);
    fileBytes = packed.length;
  }
  return {
    encodeMs,
    totalMs: median(totals),
    jsonBytes: new TextEncoder().encode(encode()).length,
    fileBytes,
  };
}

/** `deno run -A tools/bench/floors_save.ts --help`. */
export const FLOORS_SAVE_HELP = {
  name: "floors_save.ts",
  about: "A quick look at saving a ten-floor game, outside the report: the JSON alone and with gzip " +
    "(ms, median of 20 after 5) and the sizes (bytes), on stdout.",
  usage: `Usage: deno run -A tools/bench/floors_save.ts

Options:
${HELP_USAGE}`,
};

if (import.meta.main) {
  const line = readCommandLine(FLOORS_SAVE_HELP, Deno.args, () => void parseFlags(Deno.args, {}));
  if ("exit" in line) Deno.exit(line.exit);
  console.log(await floorsSave());
}
