/**
 * The fuzzer's input: random keys, mouse reports and resizes, weighted so
 * that games go somewhere. Half the time on the map the built-in bot picks
 * the move and it is typed as a player would (the item letter after `i`,
 * the cursor walked onto the target, Enter), so games reach the deeper
 * floors, the level-ups and the deaths that pure noise rarely does; the
 * rest is noise over every key the terminal can send.
 *
 * @module
 */
import {
  type Action,
  Bot,
  type GameState,
  isGameOver,
  playerOf,
  type Rng,
  type Rules,
  targetingOf,
} from "../../src/engine/mod.ts";
import { keyEvent, type MouseButton, mouseEvent, type TerminalEvent } from "../../src/terminal/mod.ts";
import { MIN_COLUMNS, MIN_ROWS, MOVE_BINDINGS, NAMED_KEYS } from "../../src/ui/mod.ts";

/** What the fuzzer sees when it picks the next event. */
export interface FuzzScene {
  /** "title", or the title of the game's top screen. */
  readonly screen: string;
  readonly columns: number;
  readonly rows: number;
  /** The game being played; undefined on the title. */
  readonly state?: GameState;
  readonly rules: Rules;
}

/** How often, on the map or the level-up window, the bot picks the keys. */
const GUIDED = 0.5;

const LETTERS = [..."abcdefghijklmnopqrstuvwxyz"];
const DIGITS = [..."0123456789"];
const PRINTABLE = [
  ...LETTERS,
  ...LETTERS.map((l) => l.toUpperCase()),
  ...DIGITS,
  ...` .,<>/?;:'"[]{}-=_+!@#$%^&*()\`~\\|é€😀`,
];
// Every named key the decoder reports ("Space" is the space bar's name in a key map, " " among the printable).
const NAMED = NAMED_KEYS.filter((k) => k !== "Space");
const MOVE_KEYS = MOVE_BINDINGS.flatMap((b) => b.keys);
const NAMED_MOVES = MOVE_KEYS.filter((k) => k.length > 1);
const BUTTONS: readonly MouseButton[] = ["left", "middle", "right", "none"];
const WHEELS: readonly MouseButton[] = ["wheelUp", "wheelDown", "wheelLeft", "wheelRight"];
/** Sizes worth visiting on purpose: the minimum, either side of it, the full layout, tiny and huge. */
const SIZES: readonly (readonly [number, number])[] = [
  [80, 24],
  [79, 24],
  [80, 23],
  [80, 50],
  [20, 8],
  [200, 60],
  [1, 1],
];

/** A seeded stream of terminal events for the scenes it is shown. */
export class FuzzEvents {
  /** Keys already chosen (the rest of a typed sequence). */
  readonly #queued: TerminalEvent[] = [];
  /** The bot that types for the player when the fuzz plays the game (one memory for the whole run). */
  readonly #bot = new Bot();

  constructor(readonly rng: Rng) {}

  #chance(p: number): boolean {
    return this.rng.int(0, 9999) < p * 10_000;
  }

  #of<T>(list: readonly T[]): T {
    return list[this.rng.int(0, list.length - 1)];
  }

  /** Picks one of `table` by weight. */
  #weighted(table: readonly (readonly [number, () => TerminalEvent[]])[]): TerminalEvent[] {
    const total = table.reduce((sum, [w]) => sum + w, 0);
    let r = (this.rng.int(0, 999_999) / 1_000_000) * total;
    for (const [w, make] of table) {
      if (r < w) return make();
      r -= w;
    }
    return table[0][1]();
  }

  /** The next event for `scene`. */
  next(scene: FuzzScene): TerminalEvent {
    if (this.#queued.length === 0) this.#queued.push(...this.#choose(scene));
    return this.#queued.shift()!;
  }

  #choose(scene: FuzzScene): TerminalEvent[] {
    const tooSmall = scene.columns < MIN_COLUMNS || scene.rows < MIN_ROWS;
    // A game cannot be played below the minimum size: grow back soon.
    if (tooSmall && this.#chance(0.2)) return [this.#resize()];
    if (scene.screen === "title") {
      return this.#weighted([
        [33, () => [keyEvent(this.#chance(0.9) ? "n" : "N")]],
        [55, () => [keyEvent(this.#chance(0.9) ? "c" : "C")]],
        [12, () => this.#noise(scene)],
      ]);
    }
    if (scene.screen === "background") {
      return this.#weighted([
        [80, () => [keyEvent(this.#of(["a", "b", "c", "Enter"]))]],
        [10, () => [keyEvent("Escape")]],
        [10, () => this.#noise(scene)],
      ]);
    }
    // Only Esc leaves a dead game: do not linger there.
    if (scene.screen === "Game over" && this.#chance(0.1)) return [keyEvent("Escape")];
    const { state } = scene;
    const bot = scene.screen === "Dungeon" || scene.screen === scene.rules.progression.window.title;
    if (state && bot && !isGameOver(state) && this.#chance(GUIDED)) return this.#typed(state, scene.rules);
    return this.#noise(scene);
  }

  /** Anything at all, weighted toward the game's own keys. */
  #noise(scene: FuzzScene): TerminalEvent[] {
    const key = (k: string, mods = {}) => [keyEvent(k, mods)];
    const letter = () => keyEvent(this.#of(LETTERS.slice(0, 8)));
    // Half the time `i` picks something that needs aiming, when there is one: the targeting window.
    const aimed = () => {
      const items = scene.state ? playerOf(scene.state).inventory?.items ?? [] : [];
      const slots = items.flatMap((item, k) => (targetingOf(item.item?.effect).kind === "none" ? [] : [k]));
      return slots.length > 0 && this.#chance(0.5) ? keyEvent(LETTERS[this.#of(slots)]) : letter();
    };
    return this.#weighted([
      [20, () => key(this.#of(MOVE_KEYS))],
      [3, () => key(this.#of([..."HJKLYUBN"]))],
      [2, () => key(this.#of(NAMED_MOVES), { shift: true, ctrl: this.#chance(0.2), alt: this.#chance(0.2) })],
      [2, () => key(this.#of(NAMED_MOVES), { ctrl: true, alt: this.#chance(0.3) })],
      [3, () => key(this.#of([".", "KP5", "5", "Begin"]))],
      [3, () => key("g")],
      [5, () => [keyEvent("i"), ...(this.#chance(0.8) ? [aimed()] : [])]],
      [3, () => [keyEvent("d"), ...(this.#chance(0.8) ? [letter()] : [])]],
      [3, () => key("x")],
      [3, () => key(">")],
      [2, () => [keyEvent("c"), ...(this.#chance(0.3) ? [keyEvent("m")] : [])]],
      [1, () => key("m")],
      [2, () => key("v")],
      [2, () => key("/")],
      [2, () => key("?")],
      [2, () => key(this.#of(["Enter", "KPEnter"]))],
      [0.5, () => key("Escape")],
      [1, () => key("Tab")],
      [2, () => key(this.#of(DIGITS))],
      [3, () => key(this.#of(LETTERS))],
      [2, () => key(this.#of(PRINTABLE), this.#mods())],
      [3, () => key(this.#of(NAMED), this.#mods())],
      [0.5, () => key("q")],
      [0.1, () => key("c", { ctrl: true })],
      [7, () => [this.#mouse(scene)]],
      [1, () => [this.#resize()]],
    ]);
  }

  #mods(): { shift: boolean; ctrl: boolean; alt: boolean } {
    return { shift: this.#chance(0.2), ctrl: this.#chance(0.1), alt: this.#chance(0.1) };
  }

  #mouse(scene: FuzzScene): TerminalEvent {
    // A report can name a cell past the edge when it was sent before a shrink.
    const x = this.rng.int(0, scene.columns + (this.#chance(0.05) ? 3 : -1));
    const y = this.rng.int(0, scene.rows + (this.#chance(0.05) ? 3 : -1));
    const mods = this.#chance(0.1) ? this.#mods() : {};
    const action = this.#of(["press", "release", "move", "move", "wheel"] as const);
    const button = action === "wheel" ? this.#of(WHEELS) : this.#of(BUTTONS);
    return mouseEvent(action, button, x, y, mods);
  }

  #resize(): TerminalEvent {
    const [columns, rows] = this.#chance(0.5)
      ? this.#of(SIZES)
      : [this.rng.int(MIN_COLUMNS, 160), this.rng.int(MIN_ROWS, 60)];
    return { type: "resize", columns, rows };
  }

  /** The bot's next command as the keys a player would type for it. */
  #typed(state: GameState, rules: Rules): TerminalEvent[] {
    const command = this.#bot.decide(state, rules);
    if ("level" in command) return [keyEvent(rules.progression.choices[command.level].key)];
    if ("stop" in command) return []; // the bot takes its steps one by one: it never walks
    if ("sneak" in command) return [keyEvent("S")];
    return this.#keysFor(command.act, state);
  }

  #keysFor(action: Action, state: GameState): TerminalEvent[] {
    switch (action.type) {
      case "bump":
      case "move":
      case "melee":
        return [this.#moveKey(action.dx, action.dy)];
      case "wait":
      case "recover":
      // Monsters' own actions: the bot never takes them; a wait's key stands in.
      case "shoot":
      case "wake":
        return [keyEvent(".")];
      case "pickup":
        return [keyEvent("g")];
      case "close":
        // The bot never closes doors; were it to, with one door beside the key is the whole command.
        return [keyEvent("C")];
      case "descend":
        return [keyEvent(">")];
      case "ascend":
        // Leaving by floor 1's stairs asks first: the fuzzer answers yes.
        return [keyEvent("<"), keyEvent("y")];
      case "drop":
        return [keyEvent("d"), keyEvent(LETTERS[action.item] ?? "z")];
      case "use":
      case "throw": {
        const keys: TerminalEvent[] = [
          keyEvent(action.type === "use" ? "i" : "t"),
          keyEvent(LETTERS[action.item] ?? "z"),
        ];
        if (!action.target) return keys;
        // The cursor starts on the player: walk it onto the target.
        let { x, y } = playerOf(state);
        while (x !== action.target.x || y !== action.target.y) {
          const dx = Math.sign(action.target.x - x), dy = Math.sign(action.target.y - y);
          keys.push(this.#moveKey(dx, dy));
          x += dx;
          y += dy;
        }
        return [...keys, keyEvent(this.#of(["Enter", "KPEnter"]))];
      }
    }
  }

  #moveKey(dx: number, dy: number): TerminalEvent {
    const binding = MOVE_BINDINGS.find((b) => b.value.dx === dx && b.value.dy === dy);
    return keyEvent(binding ? this.#of(binding.keys) : ".");
  }
}
