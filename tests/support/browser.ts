/**
 * A real headless browser for the tests: Debian's `chromium` (`.ci/run`
 * installs it) driven by playwright-core, which downloads nothing.
 *
 * @module
 */
import { type Browser, chromium, type Page } from "playwright-core";

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

/** The page's terminal as text, a row a line (xterm.js's buffer, as the page holds it). */
export function screenOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    interface Line {
      translateToString(trim: boolean): string;
    }
    interface Term {
      rows: number;
      buffer: { active: { getLine(y: number): Line | undefined } };
    }
    const term = (globalThis as unknown as { delve: { term: Term } }).delve.term;
    const rows: string[] = [];
    for (let y = 0; y < term.rows; y++) {
      rows.push(term.buffer.active.getLine(y)?.translateToString(true) ?? "");
    }
    return rows.join("\n");
  });
}

/** Waits until the page's terminal shows what `test` wants (about 7 seconds), and gives it. */
export async function waitForScreen(page: Page, test: (s: string) => boolean, what: string): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const s = await screenOf(page).catch(() => "");
    if (test(s)) return s;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the page never showed ${what}:\n${await screenOf(page).catch(() => "")}`);
}
