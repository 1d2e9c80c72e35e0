/**
 * Startup to first frame: the real program, started as `deno task play`
 * starts it (the same flags, from deno.json) with `--seed 1`, in a real pty
 * of 80x24 made by `script`, with a private XDG_DATA_HOME. The time runs from
 * spawning `script` until the end of the first frame (the renderer closes
 * each frame with the end of a synchronized update) reaches us; then `q`
 * quits the title screen.
 *
 * @module
 */
import config from "../../deno.json" with { type: "json" };
import { SYNC_BEGIN, SYNC_END } from "../../src/terminal/diff_renderer.ts";
import { median } from "./timing.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const LIMIT_MS = 30_000;

/** The play task's command line, with this Deno, `--seed 1` and the pty's size set first. */
function playCommand(): string {
  const words = config.tasks.play.split(/\s+/);
  if (words[0] !== "deno") throw new Error(`unexpected play task: ${config.tasks.play}`);
  // The task's `$XDG_DATA_HOME` and `$HOME` are expanded by this shell, as by `deno task`.
  return `stty cols 80 rows 24 && exec '${Deno.execPath()}' ${words.slice(1).join(" ")} --seed 1`;
}

/** One start: ms from spawn to the end of the first frame. */
async function startOnce(): Promise<number> {
  const saves = await Deno.makeTempDir({ prefix: "delve-bench-" });
  const child = new Deno.Command("script", {
    args: ["-qfec", playCommand(), "/dev/null"],
    cwd: ROOT,
    // HOME stays: Deno keeps its module cache under it, and a fresh one would time downloads.
    env: { XDG_DATA_HOME: saves, TERM: "xterm-256color", COLORTERM: "truecolor" },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  });
  const start = performance.now();
  const game = child.spawn();
  const killer = setTimeout(() => game.kill("SIGKILL"), LIMIT_MS);
  const decoder = new TextDecoder();
  let text = "", firstFrame: number | undefined;
  try {
    for await (const chunk of game.stdout) {
      text += decoder.decode(chunk, { stream: true });
      const begin = text.indexOf(SYNC_BEGIN);
      if (firstFrame === undefined && begin >= 0 && text.indexOf(SYNC_END, begin) >= 0) {
        firstFrame = performance.now() - start;
        const stdin = game.stdin.getWriter();
        await stdin.write(new TextEncoder().encode("q"));
        await stdin.close();
      }
    }
    const status = await game.status;
    const errors = new TextDecoder().decode(await new Response(game.stderr).arrayBuffer());
    if (firstFrame === undefined || !status.success) {
      throw new Error(
        `the game did not start and quit (status ${status.code}): ${errors}${text.slice(-400)}`,
      );
    }
    return firstFrame;
  } finally {
    clearTimeout(killer);
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
