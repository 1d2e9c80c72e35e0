/**
 * The player's options for one run of the program (docs/options.md): as
 * the file gave them, then as the options screen changes them, in a game
 * or over the title; saved to the file when the player asks.
 *
 * @module
 */
import type { Content } from "../content/mod.ts";
import type { CellBuffer, KeyEvent } from "../terminal/mod.ts";
import { OPTIONS_HINT, type OptionsChoice, OptionsScreen, pickupKinds, type Theme } from "../ui/mod.ts";
import { DEFAULT_OPTIONS, readOptions, saveOptionsFile } from "../store/mod.ts";
import { knownPalette, paletteChoices, themeFromContent } from "./theme_from_content.ts";

/** The walk delay when neither the command line nor the file sets one. */
const WALK_DELAY_MS = 25;

/**
 * The options file at `path` (none: the defaults) as a choice for `content`,
 * with a line for each problem; `walkDelayMs` (the command line's) wins over
 * the file's, and is what the options screen shows and saves.
 */
export async function readPlayerOptions(
  path: string | undefined,
  content: Content,
  walkDelayMs?: number,
): Promise<{ readonly choice: OptionsChoice; readonly problems: readonly string[] }> {
  const { options, problems } = path ? await readOptions(path) : { options: DEFAULT_OPTIONS, problems: [] };
  const palette = knownPalette(content, options.palette, path);
  const choice: OptionsChoice = {
    preset: options.preset,
    bind: options.bind,
    walkDelayMs: walkDelayMs ?? options.walkDelayMs ?? WALK_DELAY_MS,
    ...(options.logLines === undefined ? {} : { logLines: options.logLines }),
    ...(options.exploreStopsForItems === undefined
      ? {}
      : { exploreStopsForItems: options.exploreStopsForItems }),
    ...(options.autoPickup === undefined ? {} : { autoPickup: options.autoPickup }),
    ...(palette.id === undefined ? {} : { palette: palette.id }),
  };
  return { choice, problems: [...problems, ...palette.problems] };
}

/** The options as they stand, where they are saved, and what was wrong with the file. */
export class PlayerOptions {
  /** The options screen, while it is open over the title. */
  #overTitle: OptionsScreen | undefined;
  /** The title's theme, and the palette it was built in. */
  #theme: { readonly palette: string | undefined; readonly theme: Theme } | undefined;

  constructor(
    public choice: OptionsChoice,
    readonly path: string | undefined,
    readonly problems: readonly string[],
    readonly content: Content,
  ) {}

  /** The title's theme: the data's look in the palette chosen. */
  theme(): Theme {
    const palette = this.choice.palette;
    const kept = this.#theme;
    if (kept && kept.palette === palette) return kept.theme;
    const theme = themeFromContent(this.content, palette);
    this.#theme = { palette, theme };
    return theme;
  }

  /** The lines the title's first popup shows, when the file had problems. */
  get titlePopup(): string[] | undefined {
    if (this.problems.length === 0) return undefined;
    return ["The options file has problems; what they name is ignored, the rest is used:", ...this.problems];
  }

  /** Each problem as a game's log tells it: without the file's path, which the title named. */
  get logLines(): string[] {
    const file = `${this.path}: `;
    return this.problems.map((p) => `Options: ${p.startsWith(file) ? p.slice(file.length) : p}`);
  }

  /** Takes `choice` for the rest of the run; with `save`, writes it and resolves to what to say of it. */
  async change(choice: OptionsChoice, save: boolean): Promise<string | undefined> {
    this.choice = choice;
    return save ? await saveOptionsFile(this.path, choice) : undefined;
  }

  /** A new options screen on the options as they stand. */
  screen(): OptionsScreen {
    return new OptionsScreen(this.choice, pickupKinds(this.content.rules), paletteChoices(this.content));
  }

  /** Whether the options screen is open over the title. */
  get overTitle(): boolean {
    return this.#overTitle !== undefined;
  }

  /** Opens the options screen over the title. */
  openOverTitle(): void {
    this.#overTitle = this.screen();
  }

  /** A key for the screen over the title: a change kept for the games to come, saved on `s`. */
  async titleKey(event: KeyEvent): Promise<void> {
    const screen = this.#overTitle;
    if (!screen) return;
    const result = screen.handleKey(event);
    if (result.type === "close") this.#overTitle = undefined;
    else if (result.type === "open") screen.status = `? lists the keys in a game; here: ${OPTIONS_HINT}`;
    else if (result.type === "options") {
      const said = await this.change(result.choice, result.save === true);
      if (said !== undefined) screen.status = said;
    }
  }

  /** Draws the screen over the title, if it is open. */
  drawOverTitle(buf: CellBuffer, theme: Theme): void {
    this.#overTitle?.drawCentred(buf, theme);
  }
}
