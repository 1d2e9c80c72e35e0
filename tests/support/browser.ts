/**
 * A real headless browser for the tests: Debian's `chromium` (`.ci/run`
 * installs it) driven by playwright-core, which downloads nothing.
 *
 * @module
 */
import { type Browser, chromium } from "playwright-core";

/** Where chromium is: `$CHROMIUM_PATH`, else the first `chromium` or `chromium-browser` on the PATH. */
export function chromiumPath(): string {
  const named = Deno.env.get("CHROMIUM_PATH");
  if (named) return named;
  for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
    for (const name of ["chromium", "chromium-browser"]) {
      try {
        if (Deno.statSync(`${dir}/${name}`).isFile) return `${dir}/${name}`;
      } catch { /* not here */ }
    }
  }
  throw new Error("no chromium on the PATH: install it (apt-get install chromium) or set CHROMIUM_PATH");
}

/** Launches headless chromium; the caller closes it. */
export function launchBrowser(): Promise<Browser> {
  // No sandbox: the tests run as root in a container, where chromium's sandbox cannot start.
  return chromium.launch({ executablePath: chromiumPath(), args: ["--no-sandbox", "--disable-gpu"] });
}
