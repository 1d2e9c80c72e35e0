/**
 * Screens: play, history, look, help, game over, and later inventory,
 * targeting, level-up, character. Each knows its keys and draws itself;
 * the app keeps them in a stack, sends input to the top one and draws them
 * bottom-up, so a window opens over the game.
 *
 * @module
 */
import type { KeyMap } from "./keymap.ts";
import type { OptionsChoice } from "./options_choice.ts";
import type { Action, GameMap, GameState, MessageId, Point, Rest, Rules, Walk } from "../engine/mod.ts";
import type { CellBuffer, KeyEvent, MouseEvent } from "../terminal/mod.ts";
import type { Binding } from "./keymap.ts";
import type { Layout } from "./layout.ts";
import type { AimMemory, AimRank } from "./aim_targets.ts";
import type { Notices } from "./notices.ts";
import type { Theme } from "./theme.ts";

export type { Walk };

/**
 * Where a view beside the side panel was last drawn: its origin, the focus
 * then, and the map and view size it was for (another floor or size starts
 * it afresh). The screen's state, never the game's (not saved, not replayed).
 */
export interface ViewMemory {
  readonly origin: Point;
  readonly focus: Point;
  readonly map: GameMap;
  readonly width: number;
  readonly height: number;
}

/** An item as the player last saw it on its cell. */
export interface ItemMemory {
  readonly glyph: string;
  readonly color: number;
}

/** What the screens share: the game, how it looks, and where the pointer is. */
export interface UiContext {
  readonly state: GameState;
  readonly rules: Rules;
  /** Changed by the app when the player picks another palette. */
  theme: Theme;
  /** Updated by the app whenever the terminal's size changes. */
  layout: Layout;
  /** Colours cannot tell tiles apart (16 colours or none): draw `#`, `.`. */
  readonly plainGlyphs: boolean;
  /**
   * The map cell the mouse (or the look cursor, which moves the same
   * location) points at; its names show in the panel.
   */
  pointer: Point | undefined;
  /** The map cell the view centres on; the player when undefined. */
  focus: Point | undefined;
  /**
   * Beside the side panel, where the view was last drawn, which it moves from as little as it can
   * (map_view.ts). The screen's state, never the game's (not saved, not replayed).
   */
  view?: ViewMemory;
  /** The items seen on each floor's map, by cell, for the overview (map_view.ts); not saved. */
  itemsSeen?: WeakMap<GameMap, Map<number, ItemMemory>>;
  /**
   * What the prompt line asks, while the screen on top asks something
   * ("Select a target location."): shown under the log, never added to it.
   */
  prompt?: MessageId;
  /** A projectile in flight, drawn over the map while the app shows a shot (engine/monsters/minds/shoot.ts). */
  projectile?: { readonly x: number; readonly y: number; readonly glyph: string; readonly color: number };
  /** The program's notices, shown among the game's messages (never added to them). */
  readonly notices: Notices;
  /**
   * `refuse`: `>` and `<` away from the stairs are the stairs actions, which the engine refuses (the
   * tutorials'); absent: they walk to stairs seen (docs/rules.md, Walks). A key's meaning, not a rule: the
   * data's checksum, which replays are matched by, leaves it out.
   */
  readonly stairsAway?: "refuse";
  /** `<` takes the stairs down as `>` does (`game.json`'s `upKeyDescends`, the RogueBasin tutorial's key). */
  readonly upKeyDescends?: boolean;
  /** The lines PgUp and PgDn move the message history by (`game.json`'s `historyPage`); absent: a window less one. */
  readonly historyPage?: number;
  /** Escape on the map asks before it saves and goes back to the title (`game.json`'s `quitAsks`). */
  readonly quitAsks?: boolean;
  /** Throwing a worn or wielded item asks first (`game.json`'s `inventory.throwWornAsks`). */
  readonly throwWornAsks?: boolean;
  /** `g` on several items opens a menu to choose from (`game.json`'s `inventory.pickupMenu`). */
  readonly pickupMenu?: boolean;
  /** HP under `below` of max HP is low: the HP bar's filled part takes the palette's `color` (docs/rules.md, Low HP). */
  readonly lowHp?: { readonly below: number; readonly color: string };
  /**
   * `aimStart: "targets"` in the data: aiming starts on a monster in view, Tab steps through them and the fire
   * key aims again (docs/rules.md, Look and aim cursor); absent, it starts on the player (the tutorials').
   */
  readonly aimAtTargets?: boolean;
  /** With `aimAtTargets`, what puts a monster ahead in the aim's order (`game.json`'s `aimOrder`); absent: distance. */
  readonly aimOrder?: readonly AimRank[];
  /** The monsters that hurt the player in the turn just played (for the aim's `hurtYou`). */
  hurtBy?: ReadonlySet<number>;
  /** What the player last aimed, for the fire key; kept only while the program runs. */
  aim?: AimMemory;
  /** The player's keys for named commands (the options'); absent: every table's own. Changed by the options screen. */
  keys?: KeyMap;
  /** The most message lines the panel shows (the options'); absent or 0: as many as fit. */
  logLines?: number;
  /** `--hide-seed`: no screen shows the seed until the game ends. */
  readonly hideSeed?: boolean;
  /** Played from a browser's page (the server): help lists no key the page keeps for itself. */
  readonly inBrowser?: boolean;
}

/** What a screen asks the app to do after an input. */
export type ScreenResult =
  | { readonly type: "stay" }
  | { readonly type: "close" }
  /** Open `screen` on top (or in this one's place). */
  | { readonly type: "open"; readonly screen: Screen; readonly replace?: boolean }
  /**
   * Play `action` as the player's turn. With `closeOnSuccess` this screen
   * closes if it happened; if it was impossible the screen stays open.
   */
  | { readonly type: "act"; readonly action: Action; readonly closeOnSuccess?: boolean }
  /** Tell the player something, as a notice (nothing else happens). */
  | { readonly type: "say"; readonly message: MessageId }
  /** Sneaking on if it is off, else off (no turn passes; docs/rules.md, Noise and sneaking). */
  | { readonly type: "sneak" }
  /** Take one earned level with choice `choice` (no turn passes). */
  | { readonly type: "levelUp"; readonly choice: number }
  /**
   * Walk on by itself (or rest), a step a turn, until something interesting
   * happens (engine behavior.ts, rest.ts); with `close`, this screen closes first.
   */
  | { readonly type: "walk"; readonly walk: Walk | Rest; readonly close?: boolean }
  /** Write the morgue file (a character dump) now, and tell the player where. */
  | { readonly type: "morgue" }
  /** Open the options screen on the options as they stand. */
  | { readonly type: "openOptions" }
  /** The options changed: apply them at once; with `save`, write them to the options file too. */
  | { readonly type: "options"; readonly choice: OptionsChoice; readonly save?: boolean }
  | { readonly type: "quit" }
  /** Close this screen, then play `actions` one after another, each a turn, until one cannot be done or a window opens. */
  | { readonly type: "actAll"; readonly actions: readonly Action[] };

/** Nothing more to do. */
export const STAY: ScreenResult = { type: "stay" };
/** This screen is done. */
export const CLOSE: ScreenResult = { type: "close" };

/**
 * One screen: the keys it answers and how it draws. The game's screens (a
 * stack of them) share the game's {@link UiContext} and ask for a
 * {@link ScreenResult}; the title, before any game, has a context and
 * answers of its own (title_screen.ts).
 */
export interface Screen<Context = UiContext, Result = ScreenResult> {
  /** Shown as the help window's title. */
  readonly title: string;
  /** Every key this screen answers, for the help window. */
  readonly bindings: readonly Binding<unknown>[];
  handleKey(event: KeyEvent, ui: Context): Result;
  handleMouse(event: MouseEvent, ui: Context): Result;
  /** Draws over whatever the screens below drew. */
  draw(buf: CellBuffer, ui: Context): void;
  /** What the prompt line asks while this screen is on top, if anything. */
  prompt?(ui: Context): MessageId | undefined;
  /** Lines its help window tells after the keys (how things work), if any. */
  notes?(ui: Context): readonly string[];
}
