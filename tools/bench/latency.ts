/**
 * Key-to-frame latency: the bot plays through a GameSession with the AI worker,
 * and each of its steps and attacks is handed to the app as the key a player
 * would press (vi letters); the time runs from handing over the key to the
 * moment that key's frame is written to the terminal, as the real loop does
 * it: input, player's turn, the monsters' turn in the worker, render.
 *
 * @module
 */
import { BotPlayer, type Deliver } from "../soak.ts";
import { keyEvent, SinkTerminal } from "../../src/terminal/mod.ts";
import type { Content } from "../../src/content/mod.ts";
import { MOVE_BINDINGS } from "../../src/ui/mod.ts";
import { percentile } from "./timing.ts";

/** The vi letter (the last key of each binding) that moves by (dx, dy). */
function keyFor(dx: number, dy: number): string | undefined {
  return MOVE_BINDINGS.find((b) => b.value.dx === dx && b.value.dy === dy)?.keys.at(-1);
}

/** What the latency run found, in ms. */
export interface Latency {
  readonly p50: number;
  readonly p99: number;
  /** Keys timed. */
  readonly keys: number;
  /** Faults of the worker during the run (each one a turn played in-process instead). */
  readonly faults: number;
}

/**
 * Times `keys` movement keys (after `warmup` untimed ones, while the JIT
 * settles) on an 80x24 terminal; commands that are not steps (drinking,
 * reading, level-ups) are played between them untimed.
 */
export async function keyToFrameLatency(content: Content, keys: number, warmup = 100): Promise<Latency> {
  const terminal = new SinkTerminal(80, 24);
  const bot = new BotPlayer(content, terminal, 1, 1000);
  const times: number[] = [];
  const deliver: Deliver = async (app, command) => {
    const key = "act" in command && command.act.type === "bump"
      ? keyFor(command.act.dx, command.act.dy)
      : undefined;
    if (!key) {
      await app.perform(command);
      app.render();
      return;
    }
    const start = performance.now();
    await app.handleInput(keyEvent(key));
    app.render();
    times.push(terminal.lastWriteAt - start);
  };
  await bot.start();
  try {
    while (times.length < warmup + keys) await bot.step(deliver);
  } finally {
    bot.close();
  }
  const timed = times.slice(warmup);
  return { p50: percentile(timed, 50), p99: percentile(timed, 99), keys: timed.length, faults: bot.faults };
}
