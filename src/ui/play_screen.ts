/**
 * The play screen: the map around the player and the panel under it, and
 * the keys of the main game.
 *
 * @module
 */
import { type Action, isBottom, itemsUnderfoot, MAX_WALK_STEPS, playerOf } from "../engine/mod.ts";
import { CountScreen, restCount } from "./count_screen.ts";
import type { CellBuffer, KeyEvent, MouseEvent } from "../terminal/mod.ts";
import { CharacterScreen } from "./character_screen.ts";
import { HelpScreen } from "./help_screen.ts";
import { HistoryScreen } from "./history_screen.ts";
import { FIRE_KEYS } from "./aim_targets.ts";
import { aimAgain, InventoryScreen } from "./inventory_screen.ts";
import { type Binding, HELP_KEY, keysSaid, lookupKey, MOVE_BINDINGS, moveOf, runLetters } from "./keymap.ts";
import { LeaveScreen } from "./leave_screen.ts";
import { closeDoorKey } from "./close_door_screen.ts";
import { QuitScreen } from "./quit_screen.ts";
import { PickupScreen } from "./pickup_screen.ts";
import { LookScreen } from "./look_screen.ts";
import { OverviewScreen } from "./overview_screen.ts";
import { drawMap, mapCellAt } from "./map_view.ts";
import { drawPanel } from "./panel.ts";
import { type Screen, type ScreenResult, STAY, type UiContext } from "./screen.ts";

/** What a key of the main game means. */
export type PlayCommand =
  | Action
  | "history"
  | "look"
  | "help"
  | "quit"
  | "use"
  | "describe"
  | "drop"
  | "throw"
  | "fire"
  | "character"
  | "explore"
  | "rest"
  | "restCount"
  | "stairsDown"
  | "stairsUp"
  | "options"
  | "overview"
  | "closeDoor"
  | "sneak";

/** What the stairs keys say in help (up stairs only on kept floors). */
const STAIRS_HELP = {
  down: "take the stairs down; away from them, walk to them",
  up: "take the stairs up (or out); away from them, walk to them",
};

/** The main game's keys: moving (or attacking), waiting, the windows, quitting. */
export const PLAY_BINDINGS: readonly Binding<PlayCommand>[] = [
  ...MOVE_BINDINGS.map((b): Binding<PlayCommand> => ({
    keys: b.keys,
    value: { type: "bump", ...b.value },
    help: `move ${b.help} (into a monster: attack)`,
    name: b.name,
  })),
  { keys: [".", "KP5", "5", "Begin"], value: { type: "wait" }, help: "wait a turn", name: "wait" },
  { keys: ["g"], value: { type: "pickup" }, help: "pick up what lies here", name: "pick_up" },
  { keys: ["i"], value: "use", help: "use an item", name: "inventory.use" },
  { keys: ["d"], value: "drop", help: "drop an item", name: "inventory.drop" },
  { keys: [">"], value: "stairsDown", help: STAIRS_HELP.down, name: "stairs.down" },
  { keys: ["<"], value: "stairsUp", help: STAIRS_HELP.up, name: "stairs.up" },
  { keys: ["x"], value: "explore", help: "explore until something turns up", name: "explore" },
  {
    keys: ["Shift+direction", runLetters().join(" ")],
    help: "run that way until something turns up",
    listedOnly: true,
    keysUnder: (keys) => ["Shift+direction", runLetters(keys).join(" ")].filter((k) => k !== ""),
  },
  { keys: ["c"], value: "character", help: "character information", name: "character" },
  { keys: ["v"], value: "history", help: "message history", name: "history" },
  { keys: ["/"], value: "look", help: "look around", name: "look" },
  {
    keys: ["X"],
    value: "overview",
    help: "the whole floor on one screen (any key closes it)",
    name: "overview",
  },
  { keys: ["t"], value: "throw", help: "throw an item at a place", name: "throw" },
  { keys: ["C"], value: "closeDoor", help: "close an open door beside you", name: "door.close" },
  {
    keys: ["S"],
    value: "sneak",
    help: "sneak, or stop sneaking: slower steps, quieter, harder to notice (no time passes)",
    name: "sneak",
  },
  {
    keys: FIRE_KEYS,
    value: "fire",
    help: "aim the last item thrown or zapped at the last target (this key again, or Enter, fires)",
    name: "fire",
  },
  { keys: ["e"], value: "describe", help: "describe an item: what it is and its numbers", name: "describe" },
  { keys: ["R"], value: "rest", help: "rest until healed or something happens", name: "rest" },
  { keys: ["0"], value: "restCount", help: "rest so many turns (asks how many)", name: "rest.count" },
  { keys: ["O"], value: "options", help: "options: keys, walk delay", name: "options" },
  { keys: [HELP_KEY], value: "help", help: "this help", name: "help" },
  { keys: ["Escape"], value: "quit", help: "save the game and go back to the title", name: "quit" },
  { keys: ["Ctrl-C"], help: "save the game and quit Delve", listedOnly: true, terminalOnly: true },
  {
    keys: ["mouse"],
    help: "point at something to name it; a left click on a place you know: walk there; wheel up: history",
    listedOnly: true,
  },
];

/**
 * The main game's keys as its help lists them: where the rules refuse the
 * stairs away from them (the tutorial rule sets), `>` and `<` say so.
 */
export function playBindings(
  stairsAway?: "refuse",
  aimAtTargets?: boolean,
  upKeyDescends?: boolean,
  closeDoors?: boolean,
  sneak?: boolean,
): readonly Binding<PlayCommand>[] {
  // The fire key is Delve's own game's (the tutorials' aim starts on the player: there is no last target);
  // so are the close key (docs/rules.md, Doors) and the sneak key (Noise and sneaking).
  const bindings = PLAY_BINDINGS.filter((b) =>
    !("value" in b &&
      ((b.value === "fire" && !aimAtTargets) || (b.value === "closeDoor" && !closeDoors) ||
        (b.value === "sneak" && !sneak)))
  );
  if (stairsAway !== "refuse") return bindings;
  const refusing: Partial<Record<PlayCommand & string, string>> = {
    stairsDown: "take the stairs down (only standing on them)",
    stairsUp: `take the stairs ${upKeyDescends ? "down" : "up"} (only standing on them)`,
  };
  return bindings.map((b) =>
    "value" in b && typeof b.value === "string" && refusing[b.value] ? { ...b, help: refusing[b.value]! } : b
  );
}

/** The main game. */
export class PlayScreen implements Screen {
  readonly title = "Dungeon";
  readonly bindings: readonly Binding<PlayCommand>[];

  /**
   * `stairsAway`: the rules' answer to the stairs keys away from the stairs (`ui.stairsAway`);
   * `aimAtTargets`: the fire key is there (`ui.aimAtTargets`);
   * `upKeyDescends`: `<` takes the stairs down (`ui.upKeyDescends`);
   * `closeDoors`: the close key is there (the rules' `closeDoors`);
   * `sneak`: the sneak key is there (the rules' `sneak`).
   */
  constructor(
    stairsAway?: "refuse",
    aimAtTargets?: boolean,
    upKeyDescends?: boolean,
    closeDoors?: boolean,
    sneak?: boolean,
  ) {
    this.bindings = playBindings(stairsAway, aimAtTargets, upKeyDescends, closeDoors, sneak);
  }

  /** What help tells after the keys: how to wield and wear things, and what unknown items are. */
  notes(ui: UiContext): string[] {
    const use = this.bindings.find((b) => "value" in b && b.value === "use")!;
    const notes = [
      `Equipment: use (${keysSaid(use, ui.keys)}) a weapon to wield it, or armour to wear it, in place of ` +
      "what is in its slot; use it again to take it off. What is worn is marked (E).",
    ];
    const kinds = Object.values(ui.rules.unknownItems ?? {});
    const named = Object.keys(ui.rules.unknownItems ?? {}).map((k) => `${k}s`);
    if (kinds.length > 0) {
      const example = kinds[0].name.replace("{appearance}", kinds[0].appearances[0] ?? "");
      notes.push(
        `Unknown items: ${named.slice(0, -1).join(", ")}${named.length > 1 ? " and " : ""}${named.at(-1)} ` +
          `go by their look ("${example}") until you use one; then every one of that kind is known by name.`,
      );
    }
    return notes;
  }

  handleKey(event: KeyEvent, ui: UiContext): ScreenResult {
    // Shift + a direction (Shift+arrows, shifted vi keys) is a run that way.
    const move = moveOf(event, ui.keys);
    if (move?.shift) return { type: "walk", walk: { kind: "run", dx: move.dx, dy: move.dy } };
    const command = lookupKey(this.bindings, event, ui.keys)?.value;
    if (typeof command === "object" && command.type === "pickup" && ui.pickupMenu) {
      if (itemsUnderfoot(ui.state).length > 1) return { type: "open", screen: new PickupScreen() };
    }
    switch (command) {
      case undefined:
        return STAY;
      case "quit":
        return ui.quitAsks ? { type: "open", screen: new QuitScreen() } : { type: "quit" };
      case "history":
        return { type: "open", screen: new HistoryScreen() };
      case "look":
        return { type: "open", screen: new LookScreen(ui) };
      case "overview":
        return { type: "open", screen: new OverviewScreen() };
      case "help":
        return { type: "open", screen: new HelpScreen(this) };
      case "use":
      case "drop":
      case "throw":
      case "describe":
        return { type: "open", screen: new InventoryScreen(command) };
      case "fire":
        return { type: "open", screen: aimAgain(ui) ?? new InventoryScreen("throw") };
      case "closeDoor":
        return closeDoorKey(ui);
      case "sneak":
        return { type: "sneak" };
      case "character":
        return { type: "open", screen: new CharacterScreen(ui.rules, ui.theme.texts.character.title) };
      case "explore":
        return { type: "walk", walk: { kind: "explore" } };
      case "rest":
        return { type: "walk", walk: { kind: "rest" } };
      case "restCount":
        return { type: "open", screen: new CountScreen(restCount(MAX_WALK_STEPS)) };
      case "options":
        return { type: "openOptions" };
      case "stairsUp":
        // The RogueBasin tutorial's stairs key: `<` goes down, as `>` does.
        return ui.upKeyDescends ? this.#down(ui) : this.#up(ui);
      case "stairsDown":
        return this.#down(ui);
      default:
        return { type: "act", action: command };
    }
  }

  /** `>`: descend, or walk to the stairs (the tutorials': the engine answers there are none here). */
  #down(ui: UiContext): ScreenResult {
    const player = playerOf(ui.state), { map } = ui.state, { stairs } = map;
    if (isBottom(ui.rules, ui.state.floor)) return { type: "say", message: "no_way_down" };
    // The tutorials' way: the stairs are taken where the player stands, or the engine says there are none.
    if (ui.stairsAway === "refuse" || (player.x === stairs.x && player.y === stairs.y)) {
      return { type: "act", action: { type: "descend" } };
    }
    if (!map.explored[stairs.y * map.width + stairs.x]) return { type: "say", message: "stairs_unknown" };
    return { type: "walk", walk: { kind: "travel", to: stairs } };
  }

  /** `<`: climb, ask before leaving by floor 1's, or walk to the up stairs (docs/rules.md, Persistent floors). */
  #up(ui: UiContext): ScreenResult {
    const player = playerOf(ui.state), { map } = ui.state, up = map.upStairs;
    if (ui.stairsAway === "refuse" && !(up && player.x === up.x && player.y === up.y)) {
      return { type: "act", action: { type: "ascend" } };
    }
    if (!up) return { type: "say", message: "no_stairs" };
    if (player.x === up.x && player.y === up.y) {
      if (ui.state.floor <= 1) return { type: "open", screen: new LeaveScreen() };
      return { type: "act", action: { type: "ascend" } };
    }
    if (!map.explored[up.y * map.width + up.x]) return { type: "say", message: "stairs_unknown" };
    return { type: "walk", walk: { kind: "travel", to: up } };
  }

  handleMouse(event: MouseEvent, ui: UiContext): ScreenResult {
    // The names follow the pointer while it is over the map (docs/rules.md, Mouse).
    const cell = mapCellAt(ui, event.x, event.y);
    if (cell) ui.pointer = cell;
    // A left click on a known place walks there.
    if (
      cell && event.action === "press" && event.button === "left" &&
      ui.state.map.explored[cell.y * ui.state.map.width + cell.x]
    ) {
      return { type: "walk", walk: { kind: "travel", to: cell } };
    }
    if (event.action === "wheel" && event.button === "wheelUp") {
      return { type: "open", screen: new HistoryScreen() };
    }
    return STAY;
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    buf.clear(0xffffff, ui.theme.shroud.bg);
    drawMap(buf, ui);
    drawPanel(buf, ui);
  }
}
