/**
 * Makes every way out of the process run the same clean-up first: normal
 * return, SIGTERM, SIGHUP, SIGINT, an uncaught error or an unhandled
 * rejection. Deno restores termios for only some of these and never the
 * terminal's escape modes, so the app does it itself. Before leaving, the
 * game in progress is saved (docs/rules.md, Saving and leaving), within a time limit; a second,
 * different signal does not wait for it.
 *
 * @module
 */
import { say } from "./say.ts";

/** Exit status for each signal: 128 + its number. */
const SIGNALS = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;

/** Exit status after an internal error (EX_SOFTWARE). */
export const CRASH_EXIT = 70;

/** How long the save on the way out may take before the process leaves anyway. */
const SAVE_TIMEOUT_MS = 3000;

/** One line about an internal error; the stack only when debugging. */
export function crashMessage(what: unknown, debug: boolean): string {
  const error = what instanceof Error ? what : new Error(String(what));
  return `delve: internal error: ${debug ? error.stack : error.message}`;
}

/** Runs `save`, failing with "saving took too long" past the time limit: the way out never hangs on it. */
export function saveInTime(save: () => Promise<void>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("saving took too long")), SAVE_TIMEOUT_MS);
  });
  return Promise.race([save(), late]).finally(() => clearTimeout(timer));
}

/** The line that says the save on the way out failed. */
export function notSavedLine(e: unknown): string {
  return `delve: could not save the game: ${e instanceof Error ? e.message : String(e)}`;
}

/**
 * The last steps of every way out, in their order: the game saved (within
 * the time limit when `inTime`), then the terminal given back. Resolves to
 * the line that says the save failed, if it did, for the caller to say
 * with its own.
 */
export async function saveThenRestore(
  hooks: Pick<ExitHooks, "save" | "restore">,
  inTime: boolean,
): Promise<string | undefined> {
  let problem: string | undefined;
  try {
    await (inTime ? saveInTime(hooks.save) : hooks.save());
  } catch (e) {
    problem = notSavedLine(e);
  }
  hooks.restore();
  return problem;
}

/** What to do on the way out. */
export interface ExitHooks {
  /** Saves what must not be lost; may fail or hang (it is given a time limit). */
  readonly save: () => Promise<void>;
  /** Gives the terminal back; synchronous, never throws. */
  readonly restore: () => void;
  readonly debug: boolean;
}

/** Installs the guards. */
export function guardExits(hooks: ExitHooks): void {
  let leaving: string | undefined;
  const leave = async (code: number, message?: string, signal?: string) => {
    if (leaving !== undefined) {
      // The same signal again is the same request passed on: a closing terminal's SIGHUP comes from
      // the kernel and from the shell; a signal to the whole process group reaches the game directly
      // and again through each parent that forwards it (`deno task`, the launcher). The save goes on,
      // within its time limit.
      if (signal !== undefined && signal === leaving) return;
      // A different signal while saving is someone impatient: go now.
      hooks.restore();
      Deno.exit(code);
    }
    leaving = signal ?? "error";
    const saveProblem = await saveThenRestore(hooks, true);
    if (message) say(message);
    if (saveProblem) say(saveProblem);
    Deno.exit(code);
  };
  for (const [signal, code] of Object.entries(SIGNALS)) {
    Deno.addSignalListener(signal as Deno.Signal, () => void leave(code, undefined, signal));
  }
  globalThis.addEventListener("error", (event) => {
    event.preventDefault();
    void leave(CRASH_EXIT, crashMessage(event.error, hooks.debug));
  });
  globalThis.addEventListener("unhandledrejection", (event) => {
    event.preventDefault();
    void leave(CRASH_EXIT, crashMessage(event.reason, hooks.debug));
  });
}
