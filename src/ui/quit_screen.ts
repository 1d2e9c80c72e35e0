/**
 * Asks before Escape on the map saves the game and goes back to the title,
 * where the data say so (`game.json`'s `quitAsks`: docs/options.md): `y`
 * goes, any other key stays. Ctrl-C still saves and quits at once.
 *
 * @module
 */
import type { Binding } from "./keymap.ts";
import { QuestionScreen } from "./question_screen.ts";

export const QUIT_BINDINGS: readonly Binding<"quit">[] = [
  { keys: ["y", "Y"], value: "quit", help: "save the game and go back to the title", name: "quit.confirm" },
  { keys: ["any other key"], help: "stay in the game", listedOnly: true },
];

/** The question, over the map. */
export class QuitScreen extends QuestionScreen<"quit"> {
  constructor() {
    super({
      title: "Leave to the title?",
      bindings: QUIT_BINDINGS,
      asks: "confirm_quit",
      yes: { type: "quit" },
    });
  }
}
