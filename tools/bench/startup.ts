/**
 * Startup to first frame: the real program, started as `deno task play`
 * starts it (the same flags, from deno.json) with `--seed 1`, in a real pty
 * of 80x24 made by `script` ({@link PtySession}), with a private XDG_DATA_HOME.
 * The time runs from spawning `script` until the end of the first frame (the
 * renderer closes each frame with the end of a synchronized update) reaches
 * us; then `q` quits the title screen.
 *
 * @module
 */
import { SYNC_END } from "../../src/terminal/mod.ts";
import { playCommand, PtySession } from "./pty_session.ts";
import { median } from "./timing.ts";

/** One start: ms from spawn to the end of the first frame. */
async function startOnce(): Promise<number> {
  const saves = await Deno.makeTempDir({ prefix: "delve-bench-" });
  const start = performance.now();
  // HOME stays: Deno keeps its module cache under it, and a fresh one would time downloads.
  const game = new PtySession(playCommand(["--seed", "1"]), {
    XDG_DATA_HOME: saves,
    TERM: "xterm-256color",
    COLORTERM: "truecolor",
  });
  try {
    await game.until(SYNC_END);
    const firstFrame = game.lastChunkAt - start;
    await game.send("q");
    const { code, stderr } = await game.close();
    if (code !== 0) throw new Error(`the game did not start and quit (status ${code}): ${stderr}`);
    return firstFrame;
  } catch (e) {
    await game.kill();
    throw e;
  } finally {
    await Deno.remove(saves, { recursive: true });
  }
}

/** What starting the program `runs` times found, ms. */
export interface Startup {
  readonly median: number;
  readonly runs: readonly number[];
}

/** Starts the program once untimed (Deno's module cache warms), then `runs` times timed. */
export async function startupToFirstFrame(runs = 5): Promise<Startup> {
  await startOnce();
  const times: number[] = [];
  for (let k = 0; k < runs; k++) times.push(await startOnce());
  return { median: median(times), runs: times };
}
