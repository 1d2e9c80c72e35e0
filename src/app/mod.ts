/**
 * The program the player runs: its command line and launcher, the title and the game loop,
 * the session that plays a game, the warm-up game, the theme built from the content, and
 * leaving in a way that restores the terminal.
 *
 * @module
 */
export { type ExitReason, GameSession, type GameSessionOptions } from "./game_session.ts";
export { readPlayerOptions } from "./player_options.ts";
export { debugging, main, randomSeed } from "./main.ts";
export { GAME_FLAGS, type Launch, launchPlan, runLaunch } from "./launch.ts";
export { type ReplayPace, showReplay } from "./replay_show.ts";
export { DelveProgram, SaveOnLeavingFailed } from "./program.ts";
export { type DelveOptions } from "./delve_options.ts";
export {
  DEFAULT_PALETTE,
  drawnThings,
  knownPalette,
  type PaletteCheck,
  paletteCheck,
  paletteChoices,
  paletteIds,
  paletteName,
  themeFromContent,
} from "./theme_from_content.ts";
export { parseCli } from "./play_flags.ts";
export { dailyLine, dailySeed, utcDate } from "./daily.ts";
export { addScoreOf, type RecordPlaces, writeMorgueOf } from "./game_records.ts";
export { runAndLeave } from "./leaving.ts";
export { warmUp } from "./warm_up.ts";
