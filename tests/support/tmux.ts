/**
 * Drives a program in a real terminal: a private tmux server, one pane of a
 * chosen size, keys in, screen text and terminal modes out.
 */
const ROOT = new URL("../../", import.meta.url).pathname;
let counter = 0;

async function tmuxAvailable(): Promise<boolean> {
  try {
    return (await new Deno.Command("tmux", { args: ["-V"], stdout: "null", stderr: "null" }).output())
      .success;
  } catch {
    return false;
  }
}

/** A tmux pane running a shell in the repository root. */
export class TmuxPane implements AsyncDisposable {
  readonly socket = `delve-test-${Deno.pid}-${counter++}`;
  readonly dir = Deno.makeTempDirSync({ prefix: "delve-e2e-" });

  private constructor() {}

  static async open(columns: number, rows: number): Promise<TmuxPane> {
    if (!(await tmuxAvailable())) {
      throw new Error("tmux is needed for the end-to-end tests (apt-get install tmux)");
    }
    const pane = new TmuxPane();
    await pane.tmux(
      "new-session",
      "-d",
      "-x",
      String(columns),
      "-y",
      String(rows),
      "-c",
      ROOT,
      // The player's options file is the pane's (none unless a test writes one), never the real home's.
      "-e",
      `XDG_CONFIG_HOME=${pane.dir}/config`,
      "bash --norc --noprofile",
    );
    return pane;
  }

  async tmux(...args: string[]): Promise<string> {
    const out = await new Deno.Command("tmux", {
      args: ["-L", this.socket, ...args],
      env: { TERM: "xterm-256color" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!out.success) throw new Error(`tmux ${args[0]}: ${new TextDecoder().decode(out.stderr)}`);
    return new TextDecoder().decode(out.stdout);
  }

  /** Types a shell command line and presses Enter. */
  async run(line: string): Promise<void> {
    await this.tmux("send-keys", "-t", "0", "-l", line);
    await this.tmux("send-keys", "-t", "0", "Enter");
  }

  /**
   * Sends tmux key names (`Escape`, `Up`, `l`, …), one at a time. After an
   * Escape it waits a little: the game tells a lone Esc from the start of a
   * sequence (Alt+key) by a short pause, as a person typing leaves one.
   */
  async keys(...names: string[]): Promise<void> {
    for (const name of names) {
      await this.tmux("send-keys", "-t", "0", name);
      if (name === "Escape") await new Promise((r) => setTimeout(r, 120));
    }
  }

  async screen(): Promise<string> {
    return await this.tmux("capture-pane", "-p", "-t", "0");
  }

  /** tmux's view of the pane's modes: alternate screen, cursor, mouse, keypad. */
  async modes(): Promise<Record<string, string>> {
    const names = [
      "alternate_on",
      "cursor_flag",
      "mouse_any_flag",
      "mouse_all_flag",
      "mouse_sgr_flag",
      "keypad_flag",
    ];
    const values = (await this.tmux("display", "-p", "-t", "0", names.map((n) => `#{${n}}`).join(" "))).trim()
      .split(" ");
    return Object.fromEntries(names.map((n, i) => [n, values[i]]));
  }

  /**
   * Waits until `predicate(screen)` holds on a settled screen; fails with the
   * screen after `ms`. tmux 3.3 draws a frame as its bytes arrive (it does
   * not hold synchronized output), so a capture can catch a frame half
   * drawn: the screen counts once two captures 40 ms apart agree.
   */
  async waitFor(predicate: (screen: string) => boolean, what: string, ms = 20_000): Promise<string> {
    const deadline = Date.now() + ms;
    let screen = "";
    while (Date.now() < deadline) {
      screen = await this.screen();
      if (predicate(screen)) {
        await new Promise((r) => setTimeout(r, 40));
        const again = await this.screen();
        if (again === screen) return screen;
        continue;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out waiting for ${what}; the screen was:\n${screen}`);
  }

  /** Waits for a file the shell writes, and returns its text. */
  async waitForFile(name: string, ms = 20_000): Promise<string> {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      try {
        const text = await Deno.readTextFile(`${this.dir}/${name}`);
        if (text.endsWith("\n")) return text;
      } catch { /* not yet */ }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out waiting for ${name}; the screen was:\n${await this.screen()}`);
  }

  async [Symbol.asyncDispose](): Promise<void> {
    try {
      await this.tmux("kill-server");
    } catch { /* already gone */ }
    // The game saves as its terminal hangs up, and may still be writing into the folder: try again a while.
    for (let tries = 0;; tries++) {
      try {
        return await Deno.remove(this.dir, { recursive: true });
      } catch (e) {
        if (tries >= 50) throw e;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }
}

/**
 * The pid of the running game (`deno run … main.ts … <marker>`), or of
 * another Deno program by its `entry` (`launch.ts`). Read through `sh`,
 * since Deno lets a test read /proc only with every permission.
 */
export async function findGamePid(marker: string, entry = "main.ts"): Promise<number> {
  const script = `for d in /proc/[0-9]*; do
    [ "\${d#/proc/}" = "$$" ] && continue
    c=$(tr '\\0' ' ' < "$d/cmdline" 2>/dev/null) || continue
    case "$c" in *" run "*"$2"*" $1 "*) echo "\${d#/proc/}";; esac
  done`;
  const out = await new Deno.Command("sh", { args: ["-c", script, "sh", marker, entry], stdout: "piped" })
    .output();
  const pids = new TextDecoder().decode(out.stdout).trim().split("\n").filter(Boolean).map(Number);
  if (pids.length !== 1) {
    throw new Error(`expected one ${entry} process with ${marker}, found ${pids.length}`);
  }
  return pids[0];
}

/** Waits until process `pid` has gone. */
export async function gone(pid: number, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      Deno.kill(pid, "SIGCONT");
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`process ${pid} is still running after ${ms} ms`);
}
