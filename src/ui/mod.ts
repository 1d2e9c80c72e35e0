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
export {
  helpLines,
  keyLabel,
  type KeyMap,
  keysOf,
  lookupKey,
  MOVE_BINDINGS,
  moveOf,
  NAMED_KEYS,
  parseKeyName,
} from "./keymap.ts";
export { KEY_PRESETS, type KeyChoice, keyMapOf, type KeyPreset, presetKeys } from "./key_presets.ts";
export { boundKeys, COMMAND_NAMES, commandsByScreen, keyConflicts, NAMED_COMMANDS } from "./screen_keys.ts";
export {
  type Box,
  cameraOrigin,
  computeLayout,
  type FollowMemory,
  followOrigin,
  type FollowSight,
  MIN_COLUMNS,
  MIN_ROWS,
  SIDE_PANEL_WIDTH,
} from "./layout.ts";
export type { Layout } from "./layout.ts";
export { LevelUpOnKeyScreen, LevelUpScreen } from "./level_up_screen.ts";
export { asciiMap } from "./ascii_map.ts";
export { morgueText } from "./morgue_text.ts";
export { Notices, shownLog } from "./notices.ts";
export {
  MAX_LOG_LINES,
  OPTIONS_HINT,
  OptionsScreen,
  type PaletteChoice,
  picksUp,
  type PickupKind,
  pickupKinds,
} from "./options_screen.ts";
export type { OptionsChoice } from "./options_choice.ts";
export { PLAY_BINDINGS, PlayScreen } from "./play_screen.ts";
export type { Screen, ScreenResult, UiContext } from "./screen.ts";
export { clipText, padText, wrapText } from "./text.ts";
export { paletteColor, thingColor, thingRole } from "./theme.ts";
export { contrastRatio } from "./contrast.ts";
export type { ColorVision } from "./contrast.ts";
export { colorPairs, contrastFailures, TELLING_APART_CONTRAST } from "./palette_checks.ts";
export type { ColorPair, ContrastFailure, DrawnThing } from "./palette_checks.ts";
export type { CellLook, Theme, ThingColors, ThingRole } from "./theme.ts";
export { type BackgroundChoice, backgroundKit, BackgroundScreen } from "./background_screen.ts";
export { drawTitle, scoreLines, type TitleChoice, TitleScreen } from "./title_screen.ts";
export type { TitleContext, TitleQuestion } from "./title_screen.ts";
export { characterLines, CharacterScreen } from "./character_screen.ts";
export { CountScreen } from "./count_screen.ts";
export { stepMultiplier } from "./cursor_screen.ts";
export { describeLines, DescribeScreen } from "./describe_screen.ts";
export { HelpScreen } from "./help_screen.ts";
export { HistoryScreen } from "./history_screen.ts";
export { inventoryLines, InventoryScreen } from "./inventory_screen.ts";
export { LookScreen } from "./look_screen.ts";
export { screenCellOf, type ViewMemory, visibleBox } from "./map_view.ts";
export { drawMessages } from "./panel.ts";
export { diceWithBonus } from "./screen_texts.ts";
export { TargetScreen } from "./target_screen.ts";
export { ThrowWornScreen } from "./throw_worn_screen.ts";
