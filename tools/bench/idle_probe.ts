/**
 * A process that does nothing but time its own 10 ms timer, started by the
 * hostile load bench beside the server: its longest pause is the machine's
 * (the host taking the virtual CPU away, the kernel's work, the scheduler),
 * which no code of Delve's causes, set beside the server's and the bench's.
 * For each line read on stdin it writes its longest pause since the last
 * line and the 99th percentile of its timer's lateness, in ms, as a line on
 * stdout; it ends with its stdin. A key's trip to its frame wakes two
 * processes (the server, then the player's), so the percentile is the
 * machine's share of a key's p99 too, not only of its longest.
 *
 * @module
 */
import { HELP_USAGE, readCommandLine, shownValue, UsageError } from "../../src/cli/mod.ts";
import { type Lateness, PauseProbe } from "../../src/server/mod.ts";

/** The probe as a child process, asked over its stdin. */
export class IdleProbe {
  readonly #child: Deno.ChildProcess;
  readonly #asks: WritableStreamDefaultWriter<Uint8Array>;
  readonly #answers: ReadableStreamDefaultReader<string>;
  #heard = "";

  constructor() {
    this.#child = new Deno.Command(Deno.execPath(), {
      args: ["run", "--no-prompt", new URL(import.meta.url).pathname],
      stdin: "piped",
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    this.#asks = this.#child.stdin.getWriter();
    this.#answers = this.#child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  }

  /** Its process id. */
  get pid(): number {
    return this.#child.pid;
  }

  /** Its timer's lateness since it was last asked (or started). */
  async take(): Promise<Lateness> {
    await this.#asks.write(new TextEncoder().encode("\n"));
    while (!this.#heard.includes("\n")) {
      const { done, value } = await this.#answers.read();
      if (done) throw new Error("the idle probe ended");
      this.#heard += value;
    }
    const [line, ...rest] = this.#heard.split("\n");
    this.#heard = rest.join("\n");
    const [longestMs, p99Ms] = line.split(" ").map(Number);
    return { longestMs, p99Ms };
  }

  /** Ends it. */
  async stop(): Promise<void> {
    await this.#asks.close().catch(() => {});
    await this.#answers.cancel().catch(() => {});
    await this.#child.status;
  }
}

/** `deno run tools/bench/idle_probe.ts --help`. */
export const IDLE_PROBE_HELP = {
  name: "idle_probe.ts",
  about: "An idle process timing its own 10 ms timer: for each line on stdin, its longest\n" +
    "pause since the last line and its timer's p99 lateness, in ms, on stdout. The hostile\n" +
    "load bench starts one.",
  usage: `Usage: deno run tools/bench/idle_probe.ts

  It takes no arguments; it ends with its stdin.
${HELP_USAGE}`,
};

if (import.meta.main) {
  const line = readCommandLine(IDLE_PROBE_HELP, Deno.args, () => {
    if (Deno.args.length > 0) {
      throw new UsageError(`expected no arguments, found ${shownValue(Deno.args[0], { quoted: true })}`);
    }
    return {};
  });
  if ("exit" in line) Deno.exit(line.exit);
  const lateness = new PauseProbe();
  const encoder = new TextEncoder();
  for await (const chunk of Deno.stdin.readable) {
    for (const byte of chunk) {
      if (byte !== 0x0a) continue;
      const { longestMs, p99Ms } = lateness.takeLateness();
      await Deno.stdout.write(encoder.encode(`${longestMs.toFixed(1)} ${p99Ms.toFixed(1)}\n`));
    }
  }
  lateness.stop();
}
