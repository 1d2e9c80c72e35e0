/**
 * `c`: the character (SPEC §16): level, XP, XP for the next level, attack
 * and defense with what is worn, max HP and sight. Any key closes it.
 *
 * @module
 */
import { attackOf, defenseOf } from "../engine/equipment.ts";
import { threshold } from "../engine/progression.ts";
import type { Rules } from "../engine/rules.ts";
import { playerOf, sightOf } from "../engine/state.ts";
import type { CellBuffer } from "../terminal/cell_buffer.ts";
import type { Binding } from "./keymap.ts";
import { CLOSE, type Screen, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { drawSideWindow } from "./side_window.ts";

/** A number as the window shows it: whole, or with two decimals. */
function shown(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

/** The character window. */
export class CharacterScreen implements Screen {
  readonly title = "Character Information";
  readonly bindings: readonly Binding<unknown>[] = [
    { keys: ["any key", "a click"], help: "close", listedOnly: true },
  ];

  constructor(readonly rules: Rules) {}

  /** The window's lines. */
  lines(ui: UiContext): string[] {
    const p = playerOf(ui.state);
    const level = p.level ?? { current: 1, xp: 0 };
    const sight = sightOf(p, this.rules);
    return [
      `Level: ${level.current}`,
      `XP: ${shown(level.xp)}`,
      `XP for next Level: ${shown(threshold(this.rules.progression, level.current))}`,
      `Attack: ${attackOf(p)}`,
      `Defense: ${defenseOf(p)}`,
      `Max HP: ${p.fighter?.maxHp ?? 0}`,
      `Sight: ${sight === 0 ? "unlimited" : sight}`,
      `Seed: ${ui.state.seed}`,
    ];
  }

  handleKey(): ScreenResult {
    return CLOSE;
  }

  handleMouse(event: { action: string }): ScreenResult {
    return event.action === "press" ? CLOSE : STAY;
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    drawSideWindow(buf, ui, this.title, this.lines(ui));
  }
}
