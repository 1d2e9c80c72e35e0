/**
 * How the program ends on its terminal, whatever ended it: the game in
 * progress saved (after an internal error too, within the time limit), the
 * terminal given back, what went wrong said in one line, and the exit
 * status to leave with.
 *
 * @module
 */
import { type DelveProgram, SaveOnLeavingFailed } from "./program.ts";
import { CRASH_EXIT, crashMessage, notSavedLine, saveThenRestore, say } from "../cli/mod.ts";
import type { ExitReason } from "./game_session.ts";

const EXIT_CODES: Record<ExitReason, number> = { quit: 0, "input-closed": 0, interrupt: 130 };

/** What the way out needs of the terminal. */
export interface LeavingTerminal {
  /** Gives the terminal back as it was; synchronous, never throws. */
  restore(): void;
  /** Why output stopped reaching the terminal, if it did. */
  readonly outputLost?: string;
}

/**
 * Runs `app` until it is left, then leaves: resolves to the exit status
 * (70 after an internal error, which is said in one line once the game in
 * progress is saved and the terminal restored). Left from a game, one line
 * says where it was saved, or why it was not.
 */
export async function runAndLeave(
  app: DelveProgram,
  terminal: LeavingTerminal,
  debug: boolean,
): Promise<number> {
  try {
    let problem: string | undefined;
    let crash: string | undefined;
    let reason: ExitReason = "quit";
    try {
      reason = await app.run();
    } catch (e) {
      if (e instanceof SaveOnLeavingFailed) problem = notSavedLine(e);
      else crash = crashMessage(e, debug);
    }
    // After an internal error anything may hang: the save gets the exit guard's time limit.
    const hooks = { save: () => app.saveInProgress(), restore: () => terminal.restore() };
    const saveProblem = await saveThenRestore(hooks, crash !== undefined);
    problem ??= saveProblem;
    if (terminal.outputLost) say(`delve: the terminal stopped taking output (${terminal.outputLost})`);
    if (crash) say(crash);
    if (problem) say(problem);
    // Left from a game with nothing else to say: one line says where it was saved, or why it was not.
    else if (!crash && !terminal.outputLost && app.farewell) say(app.farewell);
    if (crash) return CRASH_EXIT;
    return problem || terminal.outputLost ? 1 : EXIT_CODES[reason];
  } finally {
    terminal.restore();
  }
}
