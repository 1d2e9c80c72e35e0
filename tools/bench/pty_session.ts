/**
 * A program in a real pseudo-terminal, for the benchmarks that time what a
 * player feels. Deno cannot open a pty itself (no `openpty` without FFI), so
 * `script` (util-linux, in Debian's essential `bsdutils`: on every Debian
 * machine) makes one and relays: what we write to its stdin goes to the pty
 * master, what the program writes to the pty comes back on its stdout, each
 * chunk stamped here with `performance.now()` as it arrives. The relay's own
 * cost is in every figure, and measured alone by {@link echoCommand}.
 *
 * @module
 */
import config from "../../deno.json" with { type: "json" };

const ROOT = new URL("../../", import.meta.url).pathname;

/** Quotes `word` for `sh`. */
function shellWord(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** A command line for `sh` that sizes the pty, then runs `words` in it (replacing the shell). */
function inPty(columns: number, rows: number, words: readonly string[]): string {
  return `stty cols ${columns} rows ${rows} && exec ${words.map(shellWord).join(" ")}`;
}

/**
 * The play task's command line (deno.json's `tasks.play`: the launcher, which
 * starts the game), with this Deno and `args` after it: the program as a
 * player starts it with `deno task play ARGS`.
 */
export function playCommand(args: readonly string[], columns = 80, rows = 24): string {
  const words = config.tasks.play.split(/\s+/);
  if (words[0] !== "deno") throw new Error(`unexpected play task: ${config.tasks.play}`);
  return inPty(columns, rows, [Deno.execPath(), ...words.slice(1), ...args]);
}

/** Where Debian's package `crawl` puts Dungeon Crawl Stone Soup's console game. */
export const CRAWL = "/usr/games/crawl";

/**
 * DCSS's console game in a pty of 80x24, a new Human Fighter with a long
 * sword on seed 1, the yardstick for key to frame: a roguelike whose players
 * find its console quick.
 */
export function crawlCommand(): string {
  return inPty(80, 24, [
    CRAWL,
    ...["-name", "Bench", "-species", "Human", "-background", "Fighter", "-seed", "1"],
    ...["-extra-opt-first", "weapon=long sword"],
  ]);
}

/**
 * `deno task play` itself, with this Deno and `args` after it: the task
 * runner, the launcher it starts and the game, every process a player's
 * command line makes (for figures that count them all, such as memory).
 */
export function playTaskCommand(args: readonly string[], columns = 80, rows = 24): string {
  return inPty(columns, rows, [Deno.execPath(), "task", "play", ...args]);
}

/** `words` run in a pty of `columns` x `rows` (another program, measured beside the game). */
export function ptyCommand(words: readonly string[], columns = 80, rows = 24): string {
  return inPty(columns, rows, words);
}

/**
 * A raw-mode echo in the pty: each key comes straight back. Timed like the
 * game, it is the floor under every figure: the pty, the relay and our pipes.
 */
export function echoCommand(): string {
  return `stty raw -echo && printf ${ECHO_READY} && exec cat`;
}

/** What the echo writes once its pty is raw, before any key. */
export const ECHO_READY = "ready";

/** One chunk the program wrote, as it reached us. */
interface Chunk {
  readonly at: number;
  readonly bytes: number;
}

/** What came back for one key, up to and including the sequence waited for. */
export interface Answer {
  /** ms from writing the key to the first byte back. */
  readonly first: number;
  /** ms from writing the key to the chunk that completed the sequence. */
  readonly complete: number;
  /** Bytes back, all chunks up to the completing one. */
  readonly bytes: number;
  /** The text back. */
  readonly text: string;
}

/** A program running in a pty of its own, through `script`. */
export class PtySession {
  readonly #child: Deno.ChildProcess;
  readonly #stdin: WritableStreamDefaultWriter<Uint8Array>;
  /** What came since the last key pressed (all of it before the first): its chunks and its text. */
  #chunks: Chunk[] = [];
  #text = "";
  /** The end of what came before, for messages. */
  #before = "";
  #wake: (() => void) | undefined;
  #ended = false;
  readonly #reading: Promise<void>;

  /** Starts `sh -c command` in a new pty, in the repository's folder, with `env` added to ours. */
  constructor(command: string, env: Record<string, string> = {}) {
    this.#child = new Deno.Command("script", {
      // -q quiet, -f flush at once, -e the program's exit status, -c the command; no typescript file.
      args: ["-qfec", command, "/dev/null"],
      cwd: ROOT,
      env,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    this.#stdin = this.#child.stdin.getWriter();
    this.#reading = this.#read();
  }

  async #read(): Promise<void> {
    const decoder = new TextDecoder();
    for await (const chunk of this.#child.stdout) {
      this.#chunks.push({ at: performance.now(), bytes: chunk.length });
      this.#text += decoder.decode(chunk, { stream: true });
      this.#wake?.();
    }
    this.#ended = true;
    this.#wake?.();
  }

  /** The process id of `script`, whose descendants are the program's processes. */
  get pid(): number {
    return this.#child.pid;
  }

  /** Whether the program has closed the pty (ended). */
  get ended(): boolean {
    return this.#ended;
  }

  /** When the last chunk the program wrote reached us (`performance.now()`). */
  get lastChunkAt(): number {
    return this.#chunks.at(-1)?.at ?? NaN;
  }

  /** What the program wrote since the last key pressed (everything, before the first). */
  get text(): string {
    return this.#text;
  }

  /**
   * Waits until `marker` is in what the program wrote since the last key
   * pressed; resolves to the index just past it. Rejects after `limitMs` or
   * when the program ends first.
   */
  async until(marker: string, limitMs = 30_000): Promise<number> {
    const deadline = performance.now() + limitMs;
    for (let from = 0;;) {
      const found = this.#text.indexOf(marker, from);
      // Only the new text is searched again: the text of a long run is never scanned whole.
      from = Math.max(0, this.#text.length - marker.length);
      if (found >= 0) return found + marker.length;
      if (this.#ended) throw new Error(`the program ended before ${JSON.stringify(marker)}: ${this.#tail()}`);
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`no ${JSON.stringify(marker)} in ${limitMs} ms: ${this.#tail()}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = undefined;
    }
  }

  #tail(): string {
    return JSON.stringify((this.#before + this.#text).slice(-300));
  }

  /**
   * Writes `key` to the pty and times what comes back until `marker` (see
   * {@link Answer}). What came before is let go: a long run keeps no more
   * than one key's answer.
   */
  async press(key: string, marker: string): Promise<Answer> {
    const start = await this.#write(key);
    await this.until(marker);
    return this.#answer(start);
  }

  /** Lets go of what came before, writes `key`, and returns when it was written. */
  async #write(key: string): Promise<number> {
    this.#before = (this.#before + this.#text).slice(-300);
    this.#text = "";
    this.#chunks = [];
    const start = performance.now();
    await this.#stdin.write(new TextEncoder().encode(key));
    return start;
  }

  /** What came back since the key written at `start`. */
  #answer(start: number): Answer {
    const chunks = this.#chunks;
    return {
      first: chunks[0].at - start,
      complete: chunks[chunks.length - 1].at - start,
      bytes: chunks.reduce((sum, c) => sum + c.bytes, 0),
      text: this.#text,
    };
  }

  /**
   * Writes `key` to the pty and times what comes back until the program is
   * quiet for `quietMs` (see {@link Answer}): for a program that marks no
   * frame's end, the frame ends with its last byte before the quiet.
   */
  async pressSettled(key: string, quietMs: number, limitMs = 30_000): Promise<Answer> {
    const start = await this.#write(key);
    for (;;) {
      const last = this.#chunks.at(-1)?.at;
      const now = performance.now();
      if (last !== undefined && now - last >= quietMs) break;
      if (now - start > limitMs) throw new Error(`no answer to ${JSON.stringify(key)} in ${limitMs} ms`);
      if (this.#ended) throw new Error(`the program ended: ${this.#tail()}`);
      await new Promise((resolve) => setTimeout(resolve, last === undefined ? 1 : quietMs - (now - last)));
    }
    return this.#answer(start);
  }

  /**
   * Writes `key`, then waits until the program has written nothing for
   * `quietMs` (a walk's steps come closer together than that), or for
   * `limitMs` in all, or until the program ends ({@link ended}); resolves
   * to the bytes that came back.
   */
  async pressUntilQuiet(key: string, quietMs: number, limitMs = 30_000): Promise<number> {
    const start = await this.#write(key);
    for (;;) {
      if (this.#ended) break;
      const now = performance.now();
      const last = this.#chunks.at(-1)?.at ?? start;
      if (now - last >= quietMs || now - start >= limitMs) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(last + quietMs, start + limitMs) - now);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = undefined;
    }
    return this.#chunks.reduce((sum, c) => sum + c.bytes, 0);
  }

  /** Writes `key` without waiting for anything. */
  async send(key: string): Promise<void> {
    await this.#stdin.write(new TextEncoder().encode(key));
  }

  /**
   * Closes the pty's input, waits for the program to end (killed after
   * `limitMs`, which is an error); its status and what it said on stderr.
   */
  async close(limitMs = 30_000): Promise<{ code: number; stderr: string }> {
    const killer = setTimeout(() => this.#child.kill("SIGKILL"), limitMs);
    try {
      await this.#stdin.close().catch(() => {});
      const [status, stderr] = await Promise.all([
        this.#child.status,
        new Response(this.#child.stderr).text(),
        this.#reading,
      ]);
      if (status.signal === "SIGKILL") {
        throw new Error(`the program did not end in ${limitMs} ms: ${this.#tail()}`);
      }
      return { code: status.code, stderr };
    } finally {
      clearTimeout(killer);
    }
  }

  /** Ends the program at once (after a failure, or one that never ends, as the echo). */
  async kill(): Promise<void> {
    try {
      this.#child.kill("SIGKILL");
    } catch {
      // Already gone.
    }
    await Promise.all([this.#child.status, this.#child.stderr.cancel(), this.#reading]).catch(() => {});
  }
}
