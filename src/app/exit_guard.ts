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
  const crash = (what: unknown) => {
    const error = what instanceof Error ? what : new Error(String(what));
    leave(70, debug ? `delve: internal error: ${error.stack}` : `delve: internal error: ${error.message}`);
  };
  globalThis.addEventListener("error", (event) => {
    event.preventDefault();
    crash(event.error);
  });
  globalThis.addEventListener("unhandledrejection", (event) => {
    event.preventDefault();
    crash(event.reason);
  });
}
