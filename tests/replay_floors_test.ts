/**
 * `deno task replay FILE --floors` (src/commands/replay_floors.ts): a recorded game told floor by floor, for
 * setting a game played by hand beside the simulator's figures. Played on the bot's games of Delve's own data.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { dataChecksum, playerOf, totalKills } from "../src/engine/mod.ts";
import { playRecording, replaySteps, startRecording, writeSave } from "../src/store/mod.ts";
import { floorRows, replayMain, simulate } from "../src/commands/mod.ts";
import { captureConsole } from "./support/console_capture.ts";
import { delveContent } from "./support/content.ts";

const delve = await delveContent();

/** The bot's game of `seed`, `commands` long, as a recording. */
function botGame(seed: number, commands: number) {
  const recording = startRecording(seed, "test", { checksum: dataChecksum(delve.rules), folder: "data/" });
  simulate(delve, seed, commands, recording);
  return recording;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

Deno.test("a game's floors add up to the game: its turns and kills, one row for each floor it reached", () => {
  const recording = botGame(3, 4000);
  const rows = floorRows(recording, delve.rules);
  const end = playRecording(recording, delve.rules);
  equal(sum(rows.map((r) => r.turns)), end.turn, "turns");
  equal(sum(rows.map((r) => r.kills)), totalKills(end.chronicle), "kills");
  const deepest = Math.max(...rows.map((r) => r.floor));
  ok(deepest >= 2, `the bot went down: ${deepest}`);
  deepEqual(rows.map((r) => r.floor), Array.from({ length: deepest }, (_, i) => i + 1));
  for (const row of rows) ok(row.worstCommand <= row.hpLost && row.lowestHp >= 0, JSON.stringify(row));
});

Deno.test("an item used up is told on the floor it was used, and the HP it cost is counted where it was lost", () => {
  const recording = botGame(3, 4000);
  // Watched step by step here: the pack's count of each thing before and after each command that took a turn.
  const expected = new Map<number, number>();
  let before = { floor: 0, hp: 0, carried: 0 };
  const carried = (items: readonly { count?: number; item?: { charges?: number } }[]) =>
    sum(items.map((e) => e.item?.charges ?? e.count ?? 1));
  const lost = new Map<number, number>();
  const steps = replaySteps(recording, delve.rules, (state, command) => {
    const player = playerOf(state);
    before = { floor: state.floor, hp: player.fighter!.hp, carried: 0 };
    if ("act" in command && command.act.type === "use") before.carried = carried(player.inventory!.items);
  });
  for (let step = steps.next(); !step.done; step = steps.next()) {
    const player = playerOf(step.value);
    lost.set(before.floor, (lost.get(before.floor) ?? 0) + Math.max(0, before.hp - player.fighter!.hp));
    const now = carried(player.inventory!.items);
    if (before.carried > now) {
      expected.set(before.floor, (expected.get(before.floor) ?? 0) + before.carried - now);
    }
  }
  const rows = floorRows(recording, delve.rules);
  ok([...expected.values()].some((n) => n > 0), "the bot used something");
  for (const row of rows) {
    equal(sum([...row.used.values()]), expected.get(row.floor) ?? 0, `items used on floor ${row.floor}`);
    equal(row.hpLost, lost.get(row.floor) ?? 0, `HP lost on floor ${row.floor}`);
  }
});

Deno.test("replay --floors prints the table: its header, then a line a floor", async () => {
  const dir = await Deno.makeTempDir({ prefix: "delve-floors-" });
  const recording = botGame(3, 1500);
  await writeSave(`${dir}/game.gz`, JSON.stringify(recording));
  const { result, out } = await captureConsole(() =>
    replayMain([`${dir}/game.gz`, "--floors", "--data", new URL("../data/", import.meta.url).pathname])
  );
  await Deno.remove(dir, { recursive: true });
  equal(result, 0);
  const lines = out.join("\n").split("\n");
  ok(/^floor +turns +HP lost +worst +lowest HP +kills +items used$/.test(lines[0]), lines[0]);
  equal(lines.length - 1, floorRows(recording, delve.rules).length);
  ok(lines.slice(1).every((l, i) => l.startsWith(`${i + 1} `)), lines.join("\n"));
});
