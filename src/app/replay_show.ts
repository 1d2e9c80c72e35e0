/**
 * Shows a recorded game on a terminal at a pace: each command played by
 * the rules and drawn as the game drew it. A replay in a terminal and a
 * finished game watched from a browser are the same showing.
 *
 * @module
 */
import type { Content } from "../content/mod.ts";
import { isGameOver } from "../engine/mod.ts";
import type { ColorDepth, Terminal } from "../terminal/mod.ts";
import { GameOverScreen } from "../ui/mod.ts";
import { InProcessRunner } from "../worker/mod.ts";
import { GameSession } from "./game_session.ts";
import { type Recording, replaySteps } from "./replay_format.ts";

/** How a showing goes: its pace, and when it stops early. */
export interface ReplayPace {
  /** Commands a second. */
  readonly speed: number;
  readonly colorDepth: ColorDepth;
  /** True once the showing should stop (a key pressed, the page gone). */
  readonly stopped: () => boolean;
  /** Whether a game that ended waits on its game-over window (until `stopped`) rather than a moment. */
  readonly waitAtEnd: boolean;
}

/** Shows `recording` on `terminal`; resolves when it has been shown or was stopped. */
export async function showReplay(
  terminal: Terminal,
  recording: Recording,
  content: Content,
  pace: ReplayPace,
): Promise<void> {
  const steps = replaySteps(recording, content.rules);
  const first = steps.next();
  if (first.done) return;
  const app = new GameSession(terminal, content, first.value, new InProcessRunner(content.rules), {
    colorDepth: pace.colorDepth,
  });
  app.render();
  for (let step = steps.next(); !step.done; step = steps.next()) {
    await new Promise((r) => setTimeout(r, 1000 / pace.speed));
    if (pace.stopped()) return;
    app.render();
  }
  // A game that ended shows its game-over or victory window; one cut short, its last frame a moment.
  if (isGameOver(app.state)) {
    app.stack.push(
      new GameOverScreen(pace.waitAtEnd ? "The replay is over: press a key." : "The replay is over."),
    );
    app.render();
    while (pace.waitAtEnd && !pace.stopped()) await new Promise((r) => setTimeout(r, 50));
    return;
  }
  app.render();
  await new Promise((r) => setTimeout(r, 1500));
}
