/**
 * A replay's seek plays on unseen to the turn asked for, but a slice at a
 * time: the thread that shows it (a server's front, which also reads every
 * player's socket) takes turns of its event loop between the slices.
 */
import { ok } from "node:assert/strict";
import { setImmediate } from "node:timers";
import { fileURLToPath as fromFileUrl } from "node:url";
import { showReplay } from "../src/app/mod.ts";
import { decodeRecording, readJsonFile, REPLAY_LIMITS } from "../src/store/mod.ts";
import { HeadlessTerminal } from "../src/terminal/mod.ts";
import { bundledContent } from "./support/content.ts";

const FIXTURE = fromFileUrl(new URL("./fixtures/replays/tcod-seed11.replay.json.gz", import.meta.url));

/** How many turns of the event loop other work had while a seek to the end ran, with `seekSliceMs`. */
async function loopTurnsDuringSeek(seekSliceMs: number, spent: number[] = []): Promise<number> {
  const read = await readJsonFile(FIXTURE, "replay", REPLAY_LIMITS);
  if (read.kind !== "read") throw new Error("the fixture cannot be read");
  let asked: number | undefined = 1_000_000;
  let seeking = false;
  let turns = 0;
  let counting = true;
  const count = () => {
    if (!counting) return;
    if (seeking) turns++;
    setImmediate(count);
  };
  count();
  // The seek has ended when the showing draws again.
  const terminal = new class extends HeadlessTerminal {
    override write(text: string): void {
      if (seeking) counting = false;
      super.write(text);
    }
  }(80, 24);
  await showReplay(terminal, decodeRecording(read.json), await bundledContent(), {
    speed: 1000,
    colorDepth: "truecolor",
    stopped: () => false,
    waitAtEnd: false,
    seekSliceMs,
    spent: (ms) => void spent.push(ms),
    seek: () => {
      const turn = asked;
      if (turn !== undefined) seeking = true;
      asked = undefined;
      return turn;
    },
  });
  counting = false;
  return turns;
}

Deno.test("a seek to the end of a replay lets the event loop turn between its slices", async () => {
  const turns = await loopTurnsDuringSeek(0);
  ok(turns > 20, `other work had ${turns} turns while the seek ran`);
});

Deno.test("a showing tells the time its work took before each wait, seek slices too, for its server's share", async () => {
  const spent: number[] = [];
  await loopTurnsDuringSeek(0, spent);
  ok(spent.length > 20, `told ${spent.length} times`);
  ok(spent.every((ms) => ms >= 0) && spent.reduce((a, b) => a + b, 0) > 0, "what the work took");
});
