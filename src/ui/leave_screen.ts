/**
 * Asks before the player leaves the dungeon by floor 1's up stairs
 * (docs/rules.md, A goal): leaving ends the game, so `y` goes and any
 * other key stays.
 *
 * @module
 */
import type { Binding } from "./keymap.ts";
import { QuestionScreen } from "./question_screen.ts";

export const LEAVE_BINDINGS: readonly Binding<"leave">[] = [
  { keys: ["y", "Y"], value: "leave", help: "leave the dungeon (the game ends)", name: "leave.confirm" },
  { keys: ["any other key"], help: "stay in the dungeon", listedOnly: true },
];

/** The question, over the map. */
export class LeaveScreen extends QuestionScreen<"leave"> {
  constructor() {
    super({
      title: "Leave the dungeon?",
      bindings: LEAVE_BINDINGS,
      asks: "confirm_leave",
      yes: { type: "act", action: { type: "ascend" }, closeOnSuccess: true },
    });
  }
}
