/**
 * A list taller than its window: which of its lines show, the keys that
 * move them (↑/↓ a line, PgUp/PgDn a page, Home/End either end) and the
 * mark on the window's bottom border that says where the window is. Help,
 * the inventory and the message history scroll alike.
 *
 * @module
 */
import type { CellBuffer } from "../terminal/mod.ts";
import type { ActiveBinding, Binding } from "./keymap.ts";
import type { Region } from "./layout.ts";
import { centredX, displayWidth } from "./text.ts";

/** A move of the window over its list. */
export type ScrollCommand = "lineUp" | "lineDown" | "pageUp" | "pageDown" | "first" | "last";

/**
 * The scrolling keys. With `wraps`, as the message history scrolls
 * (docs/rules.md, Windows), a line or page up from the top goes to the bottom, and down from the
 * bottom to the top; without, they stop there.
 */
export function scrollBindings(wraps = false): ActiveBinding<ScrollCommand>[] {
  const up = wraps ? " (at the top: to the bottom)" : "";
  const down = wraps ? " (at the bottom: to the top)" : "";
  return [
    { keys: ["Up", "KP8"], value: "lineUp", help: `scroll up a line${up}`, name: "scroll.line_up" },
    { keys: ["Down", "KP2"], value: "lineDown", help: `scroll down a line${down}`, name: "scroll.line_down" },
    { keys: ["PageUp", "KP9"], value: "pageUp", help: `a page up${up}`, name: "scroll.page_up" },
    { keys: ["PageDown", "KP3"], value: "pageDown", help: `a page down${down}`, name: "scroll.page_down" },
    { keys: ["Home", "KP7"], value: "first", help: "to the top", name: "scroll.top" },
    { keys: ["End", "KP1"], value: "last", help: "to the bottom", name: "scroll.bottom" },
  ];
}

/** The scrolling keys as a screen's key table lists them. */
export const SCROLL_BINDINGS: readonly Binding<ScrollCommand>[] = scrollBindings();

/** Which lines of a list its window shows. */
export class Scroll {
  /** The first line shown. */
  #top: number;
  #total = 0;
  #height = 1;

  /** Starts at the top, or with `atBottom` at the bottom (the newest messages). */
  constructor(atBottom = false) {
    this.#top = atBottom ? Number.MAX_SAFE_INTEGER : 0;
  }

  /** The first line shown. */
  get top(): number {
    return this.#top;
  }

  /** True when the list is longer than its window. */
  get overflows(): boolean {
    return this.#total > this.#height;
  }

  get #last(): number {
    return Math.max(0, this.#total - this.#height);
  }

  /**
   * Tells the list's length and the window's height (drawing knows both);
   * the window stays inside the list. Moves act on the last fit told.
   */
  fit(total: number, height: number): void {
    this.#total = total;
    this.#height = Math.max(1, height);
    this.#top = Math.max(0, Math.min(this.#last, this.#top));
  }

  /** Moves the window as little as it takes to show `line` (after the last fit told). */
  show(line: number): void {
    this.#top = Math.max(0, Math.min(this.#last, line, Math.max(this.#top, line - this.#height + 1)));
  }

  /** Moves the window; with `wraps`, from one end over to the other; a page is `page` lines, else a window less one. */
  apply(command: ScrollCommand, wraps = false, page = Math.max(1, this.#height - 1)): void {
    const last = this.#last;
    const by = (step: number) => {
      if (wraps && step < 0 && this.#top === 0) this.#top = last;
      else if (wraps && step > 0 && this.#top === last) this.#top = 0;
      else this.#top = Math.max(0, Math.min(last, this.#top + step));
    };
    switch (command) {
      case "lineUp":
        return by(-1);
      case "lineDown":
        return by(1);
      case "pageUp":
        return by(-page);
      case "pageDown":
        return by(page);
      case "first":
        this.#top = 0;
        return;
      case "last":
        this.#top = last;
        return;
    }
  }

  /**
   * On the bottom border of `frame` (a window's outer edge), when the list
   * is longer than the window: the lines shown and how many there are, with
   * ↑ when there is more above and ↓ when there is more below.
   */
  drawMark(buf: CellBuffer, frame: Region, fg: number, bg: number): void {
    if (!this.overflows) return;
    const first = this.#top + 1, last = Math.min(this.#total, this.#top + this.#height);
    const up = this.#top > 0 ? "↑" : "", down = last < this.#total ? "↓" : "";
    const long = `┤ ${up && `${up} `}${first}-${last} of ${this.#total}${down && ` ${down}`} ├`;
    const short = `┤${up}${first}-${last}/${this.#total}${down}├`;
    const label = displayWidth(long) <= frame.width - 2 ? long : short;
    if (displayWidth(label) > frame.width - 2) return;
    buf.text(centredX(frame.x, frame.width, label), frame.y + frame.height - 1, label, fg, bg);
  }
}
