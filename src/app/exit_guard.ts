/**
 * Makes every way out of the process run the same clean-up first: normal
 * return, SIGTERM, SIGHUP, SIGINT, an uncaught error or an unhandled
 * rejection. Deno restores termios for only some of these and never the
 * terminal's escape modes, so the app does it itself.
 *
 * @module
 */

/** Exit status for each signal: 128 + its number. */
const SIGNALS = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;

/** Exit status after an internal error (EX_SOFTWARE). */
export const CRASH_EXIT = 70;

/** One line about an internal error; the stack only when debugging. */
export function crashMessage(what: unknown, debug: boolean): string {
  const error = what instanceof Error ? what : new Error(String(what));
  return `delve: internal error: ${debug ? error.stack : error.message}`;
}

/** Installs the guards; `cleanup` must be synchronous and must not throw. */
export function guardExits(cleanup: () => void, debug: boolean): void {
  const leave = (code: number, message?: string) => {
    cleanup();
    if (message) console.error(message);
    Deno.exit(code);
  };
  for (const [signal, code] of Object.entries(SIGNALS)) {
    Deno.addSignalListener(signal as Deno.Signal, () => leave(code));
  }
  globalThis.addEventListener("error", (event) => {
    event.preventDefault();
    leave(CRASH_EXIT, crashMessage(event.error, debug));
  });
  globalThis.addEventListener("unhandledrejection", (event) => {
    event.preventDefault();
    leave(CRASH_EXIT, crashMessage(event.reason, debug));
  });
}
