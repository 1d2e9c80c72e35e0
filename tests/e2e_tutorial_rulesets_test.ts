/**
 * The tutorial rule sets as their tutorials' players see them, played
 * through the whole program on a headless terminal at 80x50 (what it writes
 * read back by a terminal emulator): RogueBasin's stairs key, its stairs
 * under an item and its libtcod menu; Caves of Zircon's level told before
 * the death, its experience box, its dialog and its monsters; the character
 * window's "XP for next Level" in all four; TCOD's history paging by 10.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import type { DelveProgram } from "../src/app/mod.ts";
import { type Content, loadContent } from "../src/content/mod.ts";
import { type GameState, instantiate, isWalkable, playerOf } from "../src/engine/mod.ts";
import { type HeadlessTerminal, keyEvent } from "../src/terminal/mod.ts";
import { delveSession } from "./support/delve_session.ts";
import { VtScreen } from "./support/vt_screen.ts";

const COLUMNS = 80, ROWS = 50;

const ruleset = (name: string): Promise<Content> =>
  loadContent(new URL(`../data/rulesets/${name}/`, import.meta.url), `${name}/`);

/** A game of a rule set on the whole program, and the terminal's screen as the player sees it. */
class Played implements AsyncDisposable {
  readonly #vt = new VtScreen(COLUMNS, ROWS);
  #applied = 0;
  #running: Promise<unknown> | undefined;

  private constructor(
    readonly terminal: HeadlessTerminal,
    readonly app: DelveProgram,
    readonly dir: string,
  ) {}

  /** Starts the program on `name`'s rules and a new game of `seed`. */
  static async start(name: string, seed = 7): Promise<Played> {
    const content = await ruleset(name);
    const { terminal, app, dir } = await delveSession({ randomSeed: () => seed }, COLUMNS, ROWS, content);
    const played = new Played(terminal, app, dir);
    played.#running = app.run();
    await played.waitFor((rows) => rows.some((r) => r.includes("[N] Play a new game")), "the title");
    await played.keys("n");
    await played.waitFor((rows) => rows.some((r) => r.includes("@")), "the map");
    return played;
  }

  get state(): GameState {
    return this.app.game!.state;
  }

  /** The terminal's rows as they stand. */
  async rows(): Promise<string[]> {
    const writes = this.terminal.writes;
    for (; this.#applied < writes.length; this.#applied++) await this.#vt.apply(writes[this.#applied]);
    return Array.from(
      { length: ROWS },
      (_, y) => this.#vt.glyphs.slice(y * COLUMNS, (y + 1) * COLUMNS).map((g) => g || " ").join(""),
    );
  }

  /** The glyph at a cell of the screen. */
  async at(x: number, y: number): Promise<string> {
    return (await this.rows())[y][x];
  }

  async keys(...keys: string[]): Promise<void> {
    for (const key of keys) {
      this.terminal.input(keyEvent(key));
      await tick();
    }
  }

  /** Waits until `seen` holds of the screen; fails naming `what`, with the screen. */
  async waitFor(seen: (rows: string[]) => boolean, what: string, ms = 5000): Promise<string[]> {
    for (const end = Date.now() + ms; Date.now() < end; await tick()) {
      const rows = await this.rows();
      if (seen(rows)) return rows;
    }
    throw new Error(`waited for ${what}:\n${(await this.rows()).join("\n")}`);
  }

  /** Redraws after the test changed the game's state behind the program's back. */
  async redraw(): Promise<void> {
    this.terminal.resize(COLUMNS, ROWS);
    await tick();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    this.terminal.input(keyEvent("Escape"), keyEvent("q"));
    this.terminal.end();
    await this.#running;
    await Deno.remove(this.dir, { recursive: true });
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

/** A free floor cell beside `p` (rooms are at least 6 wide: the stairs, at a room's centre, have eight). */
function besideOf(state: GameState, p: { x: number; y: number }): { x: number; y: number } {
  const cell = { x: p.x - 1, y: p.y };
  ok(isWalkable(state.map, cell.x, cell.y), "floor west of it");
  state.entities = state.entities.filter((e) => e.id === state.playerId || e.x !== cell.x || e.y !== cell.y);
  return cell;
}

/** Only the player is left on the floor: no monster's blow or line in the log. */
function aloneOnFloor(state: GameState): void {
  state.entities = state.entities.filter((e) => e.id === state.playerId || !e.fighter);
}

Deno.test("e2e RogueBasin: < on the stairs descends, as the tutorial's key; away from them it does nothing", async () => {
  await using game = await Played.start("roguebasin");
  const { state } = game;
  aloneOnFloor(state);
  const turn = state.turn;
  await game.keys("<");
  await tick();
  deepEqual([state.floor, state.turn], [1, turn], "away from the stairs: nothing, no turn");
  Object.assign(playerOf(state), state.map.stairs);
  await game.keys("<");
  const rows = await game.waitFor((r) => r.some((l) => l.includes("Dungeon level 2")), "floor 2");
  equal(game.state.floor, 2);
  ok(rows.some((l) => l.includes("After a rare moment of peace, you descend deeper")), rows.join("\n"));
});

Deno.test("e2e RogueBasin draws the stairs at the back: an item lying on them shows; TCOD draws its stairs over it", async () => {
  for (const [name, shown] of [["roguebasin", "!"], ["tcod", ">"]] as const) {
    await using game = await Played.start(name);
    const { state } = game;
    aloneOnFloor(state);
    const { stairs } = state.map;
    const potion = instantiate(
      game.app.game!.ui.rules.templates.health_potion,
      state.nextId++,
      stairs.x,
      stairs.y,
    );
    state.entities.push(potion);
    Object.assign(playerOf(state), besideOf(state, stairs));
    await game.keys("."); // a turn: the view follows the player there
    await game.waitFor((r) => r[stairs.y][stairs.x] === shown, `${name}: ${shown} on the stairs' cell`);
  }
});

Deno.test("e2e RogueBasin: the level-up menu is libtcod's, centred, unframed, 40 wide; a wrong key asks again silently", async () => {
  await using game = await Played.start("roguebasin");
  const { state } = game;
  aloneOnFloor(state);
  playerOf(state).level!.xp = 350; // reaching 350 is enough, checked before the next turn
  await game.keys(".");
  // 5 lines (the header, its blank line, 3 choices) centred: x = 40 − 20, y = 25 − 5/2.
  const rows = await game.waitFor((r) => r[23].includes("Level up! Choose a stat to raise:"), "the menu");
  const menu = rows.slice(23, 28).map((l) => l.slice(20, 60).trimEnd());
  deepEqual(menu, [
    "Level up! Choose a stat to raise:",
    "",
    "(a) Constitution (+20 HP, from 30)",
    "(b) Strength (+1 attack, from 5)",
    "(c) Agility (+1 defense, from 2)",
  ]);
  ok(!rows.slice(22, 29).some((l) => /[┌┐└┘│─]/.test(l.slice(19, 61))), "no frame");
  await game.keys("z", "Escape");
  await tick();
  const again = await game.rows();
  ok(again[23].includes("Level up! Choose a stat to raise:"), "still asking");
  ok(!again.some((l) => l.includes("Invalid entry.")), again.join("\n"));
  await game.keys("a");
  await game.waitFor((r) => !r[23].includes("Level up!"), "the menu closed");
  equal(playerOf(state).fighter!.maxHp, 50);
});

Deno.test("e2e Caves of Zircon: the level is told before the death; the Ding! dialog centred; the experience box with its header", async () => {
  await using game = await Played.start("zircon");
  const { state } = game;
  aloneOnFloor(state);
  const player = playerOf(state);
  player.level!.xp = 20;
  const bat = instantiate(game.app.game!.ui.rules.templates.bat, state.nextId++, player.x + 1, player.y);
  bat.fighter!.hp = 1;
  state.entities.push(bat);
  await game.keys("l");
  const rows = await game.waitFor((r) => r.some((l) => l.includes("Bat dies in combat.")), "the kill");
  const told = rows.findIndex((l) => l.includes("Player advanced to level 2."));
  const died = rows.findIndex((l) => l.includes("Bat dies in combat."));
  ok(told >= 0 && told < died, `the level, then the death:\n${rows.join("\n")}`);
  // 30x15 centred: x = 40 − 15, y = 25 − 7; the text wrapped at 27; the tutorial's button labels.
  // Double lines top and bottom, as the tutorial's TOP_BOTTOM_DOUBLE box.
  equal(rows[18].slice(25, 55).replace(/═/g, ""), "╒╡Ding!╞╕");
  equal(rows[32].slice(25, 55), `╘${"═".repeat(28)}╛`);
  equal(rows[25][25] + rows[25][54], "││");
  const inside = rows.slice(19, 32).map((l) => l.slice(26, 54).trimEnd());
  deepEqual(inside.slice(0, 10), [
    "Congratulations, you",
    "leveled up!",
    "",
    "Pick an improvement from",
    "the options below:",
    "",
    "a) Max HP",
    "b) Attack",
    "c) Defense",
    "d) Vision",
  ]);
  // The tutorial's panel: a box headed "Experience", XP (two spaces) and Lvl, under the dungeon level.
  deepEqual(rows.slice(46, 50).map((l) => l.slice(0, 20).trimEnd()), [
    "Dungeon level: 1",
    "Experience",
    `XP:  ${player.level!.xp}`,
    "Lvl: 2",
  ]);
  await game.keys("z");
  await tick();
  const after = await game.rows();
  ok(!after.some((l) => l.includes("Invalid entry.")), "a wrong key asks again silently");
  ok(after[18].includes("╡Ding!╞"), "still open");
  await game.keys("d");
  await game.waitFor((r) => r.some((l) => l.includes("You look more perceptive.")), "the choice told");
});

Deno.test("e2e Caves of Zircon: a fungus beside the player does nothing, turn after turn", async () => {
  await using game = await Played.start("zircon");
  const { state } = game;
  aloneOnFloor(state);
  const player = playerOf(state);
  state.entities.push(
    instantiate(game.app.game!.ui.rules.templates.fungus, state.nextId++, player.x + 1, player.y),
  );
  const hp = player.fighter!.hp;
  await game.keys(".", ".", ".");
  await game.waitFor((r) => r[player.y][player.x + 1] === "f", "the fungus drawn beside the player");
  const rows = await game.rows();
  ok(!rows.some((l) => l.includes("Fungus attacks")), rows.join("\n"));
  deepEqual([player.fighter!.hp, state.entities.find((e) => e.template === "fungus")!.x], [hp, player.x + 1]);
});

Deno.test("e2e Caves of Zircon: the monsters are the tutorial's fungi, bats and zombies, drawn f, b and z", async () => {
  const kinds = new Set<string>();
  for (const seed of [3, 7, 11]) {
    await using game = await Played.start("zircon", seed);
    const rows = await game.rows();
    for (const e of game.state.entities.filter((e) => e.fighter && e.id !== game.state.playerId)) {
      kinds.add(e.template);
      const seen = game.state.map.visible[e.y * game.state.map.width + e.x] === 1;
      if (seen) equal(rows[e.y][e.x], e.glyph, `${e.template} drawn where it stands`);
    }
  }
  deepEqual([...kinds].sort(), ["bat", "fungus", "zombie"]);
});

Deno.test("e2e every rule set: the character window's XP for the next level is what its tutorial prints", async () => {
  for (
    const [name, level, line] of [
      ["tcod", 1, "XP for next Level: 350"],
      ["rotjs", 2, "XP for next Level: 420"],
      ["roguebasin", 1, "Experience to level up: 350"],
      // The tutorial has no such window: Delve's says the first whole XP past 20.
      ["zircon", 1, "XP for next Level: 21"],
    ] as const
  ) {
    await using game = await Played.start(name);
    playerOf(game.state).level!.current = level;
    await game.keys("c");
    await game.waitFor((r) => r.some((l) => l.includes(line)), `${name}: ${line}`);
  }
});

Deno.test("e2e TCOD's message history pages by the tutorial's 10 lines; ROT.js's, which does not say, by a window", async () => {
  for (const [name, after] of [["tcod", 89], ["rotjs", 58]] as const) {
    await using game = await Played.start(name);
    for (let k = 0; k < 100; k++) game.state.log.push({ text: `note ${k}`, color: "white", count: 1 });
    // The window's inside: rows 4 to 45 (the panel's log, under it, shows the newest notes too).
    const window = (r: string[]) => r.slice(4, 46);
    await game.keys("v");
    await game.waitFor((r) => window(r).some((l) => l.includes("note 99")), `${name}: the newest note`);
    await game.keys("PageUp");
    const rows = await game.waitFor(
      (r) => !window(r).some((l) => l.includes("note 99")),
      `${name}: a page up`,
    );
    // The bottom line of the window: `after`.
    equal(rows[45].slice(4, 76).trim(), `note ${after}`, rows.join("\n"));
  }
});
