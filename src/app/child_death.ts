/**
 * The launcher's side of a game that dies without its own way out: killed
 * (SIGKILL), out of memory (V8 stops the process with SIGTRAP) or crashed.
 * The game gives the terminal back on every way out it sees (src/cli/exit_guard.ts);
 * these it never sees, so the launcher that started it does it instead:
 * the terminal's modes as they were before the game (cooked, not raw), the
 * escape modes off (alternate screen, hidden cursor, mouse reporting,
 * keypad), and one line saying what happened and where the last save is.
 *
 * @module
 */
import { LEAVE_SEQUENCE } from "../terminal/screen_modes.ts";
import { shownValue } from "../text/shown_value.ts";

/** What a signal that ends the game says of it. */
const SIGNAL_CAUSES: Readonly<Partial<Record<Deno.Signal, string>>> = {
  SIGKILL: "killed (SIGKILL), perhaps by the system for want of memory",
  // V8 stops the process with a breakpoint trap when it runs out of memory or fails a check of its own.
  SIGTRAP: "out of memory, or another fatal error of its JavaScript engine (SIGTRAP)",
  SIGABRT: "aborted (SIGABRT)",
  SIGSEGV: "crashed (SIGSEGV)",
  SIGBUS: "crashed (SIGBUS)",
};

/** Whether the launcher's terminal modes were noted, so they can be put back. */
let noted = false;

/**
 * Notes the terminal's modes before the game changes them: Deno puts back
 * the modes it found on the first change to raw, so a change there and back
 * now is what later lets {@link restoreTerminal} undo the game's raw mode.
 */
export function noteTerminal(): void {
  try {
    if (!Deno.stdin.isTerminal()) return;
    Deno.stdin.setRaw(true);
    Deno.stdin.setRaw(false);
    noted = true;
  } catch {
    // No terminal to note: nothing to put back later.
  }
}

/** Gives the terminal back as the game would have: never throws (the terminal may be gone). */
export function restoreTerminal(): void {
  try {
    if (Deno.stdout.isTerminal()) Deno.stdout.writeSync(new TextEncoder().encode(LEAVE_SEQUENCE));
  } catch {
    // The terminal went with the game.
  }
  try {
    if (noted) Deno.stdin.setRaw(false);
  } catch {
    // As above.
  }
}

/**
 * The one line said when the game ended by `signal`: the cause, then where
 * the last save is (`save`, which `saved` tells is there) or that there is none.
 */
export function deathLine(signal: Deno.Signal, save: string | undefined, saved: boolean): string {
  const cause = SIGNAL_CAUSES[signal] ?? `ended by ${signal}`;
  const where = save === undefined
    ? ""
    : saved
    ? `; the game as last saved is at ${shownValue(save)}`
    : `; no game was saved at ${shownValue(save)}`;
  return `delve: Delve stopped unexpectedly (${cause})${where}`;
}

/** Whether a file is at `path` (false where it cannot be looked at). */
export async function fileThere(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}
