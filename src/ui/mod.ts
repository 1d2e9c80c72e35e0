/**
 * The screens: game state drawn into cells, keys turned into intents. Screens read
 * the game; they change no rule.
 *
 * @module
 */
export { deathText, endText } from "./death_text.ts";
export { Frame } from "./frame.ts";
export { GameOverScreen } from "./game_over_screen.ts";
export type { GameOverReport, MorgueWritten } from "./game_over_screen.ts";
export { keyLabel, type KeyMap, MOVE_BINDINGS, NAMED_KEYS, parseKeyName } from "./keymap.ts";
export {
  boundKeys,
  COMMAND_NAMES,
  commandsByScreen,
  KEY_PRESETS,
  type KeyChoice,
  keyConflicts,
  keyMapOf,
  type KeyPreset,
  NAMED_COMMANDS,
  presetKeys,
} from "./key_presets.ts";
export { computeLayout, MIN_COLUMNS, MIN_ROWS } from "./layout.ts";
export type { Layout } from "./layout.ts";
export { LevelUpOnKeyScreen, LevelUpScreen } from "./level_up_screen.ts";
export { asciiMap } from "./ascii_map.ts";
export { morgueText } from "./morgue_text.ts";
export { Notices } from "./notices.ts";
export {
  MAX_LOG_LINES,
  OPTIONS_HINT,
  type OptionsChoice,
  OptionsScreen,
  type PaletteChoice,
  picksUp,
  type PickupKind,
  pickupKinds,
} from "./options_screen.ts";
export { PlayScreen } from "./play_screen.ts";
export type { Screen, ScreenResult, UiContext } from "./screen.ts";
export { wrapText } from "./text.ts";
export { thingColor, thingRole } from "./theme.ts";
export { contrastRatio } from "./contrast.ts";
export type { ColorVision } from "./contrast.ts";
export { colorPairs, contrastFailures, TELLING_APART_CONTRAST } from "./palette_checks.ts";
export type { ColorPair, ContrastFailure, DrawnThing } from "./palette_checks.ts";
export type { CellLook, Theme, ThingColors, ThingRole } from "./theme.ts";
export { TitleScreen } from "./title_screen.ts";
export type { TitleContext, TitleQuestion } from "./title_screen.ts";
