/**
 * A simulator worker: told the content and the turn limit once, then plays
 * each game it is handed and answers with its result (see jobs.ts).
 *
 * @module
 */
/// <reference lib="deno.worker" />
import type { Content } from "../../content/mod.ts";
import { simulate } from "./simulate.ts";
import type { FromSimWorker, ToSimWorker } from "./jobs.ts";

let setup: { content: Content; turns: number; background?: string } | undefined;

self.onmessage = (e: MessageEvent<ToSimWorker>) => {
  const message = e.data;
  if (message.type === "setup") {
    setup = { content: message.content, turns: message.turns, background: message.background };
    return;
  }
  let answer: FromSimWorker;
  try {
    if (!setup) throw new Error("a game before the setup");
    answer = {
      type: "result",
      index: message.index,
      result: simulate(setup.content, message.seed, setup.turns, undefined, setup.background),
    };
  } catch (error) {
    answer = {
      type: "failed",
      index: message.index,
      reason: error instanceof Error ? error.stack ?? error.message : String(error),
    };
  }
  self.postMessage(answer);
};
