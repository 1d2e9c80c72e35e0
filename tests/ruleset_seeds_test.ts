/**
 * Rules the tutorial rule sets take from their seeds, each played
 * through the engine at the seed's numbers.
 */
import { deepEqual, ok } from "node:assert/strict";
import {
  Bot,
  chooseLevelUp,
  defenseOf,
  displayText,
  type GameEvent,
  type GameState,
  instantiate,
  levelUpPending,
  newGame,
  playCommand,
  playerOf,
  type Rules,
  settleAndNarrate,
  stateChecksum,
  takeDamage,
  threshold,
  totalKills,
  valueForFloor,
  weightsForFloor,
} from "../src/engine/mod.ts";
import { LevelUpOnKeyScreen, LevelUpScreen } from "../src/ui/mod.ts";
import { arena } from "./support/arena.ts";
import { appOn, feed, screenText } from "./support/ui_harness.ts";
import { loadContent } from "../src/content/mod.ts";
import { InProcessRunner, WorkerRunner } from "../src/worker/mod.ts";
import { modProblems } from "./support/mod_problems.ts";

const ruleset = async (name: string) =>
  (await loadContent(new URL(`../data/rulesets/${name}/`, import.meta.url), `${name}/`)).rules;

/** Takes the stairs from where they are; the lines it logged, with their colours. */
function descend(state: GameState, rules: Rules): [string, string][] {
  const player = playerOf(state);
  [player.x, player.y] = [state.map.stairs.x, state.map.stairs.y];
  const before = state.log.length;
  playCommand(state, rules, { act: { type: "descend" } });
  return state.log.slice(before).map((e) => [displayText(e), e.color]);
}

const REST = "You take a moment to rest, and recover your strength.";
const PEACE = "After a rare moment of peace, you descend deeper into the heart of the dungeon...";

Deno.test("RogueBasin: the stairs always say the rest line (light violet), even at full HP, then heal half, then the red line", async () => {
  const rules = await ruleset("roguebasin");
  const full = newGame(rules, 3);
  deepEqual(descend(full, rules), [[REST, "descend"], [PEACE, "red"]]);
  const hurt = newGame(rules, 3), fighter = playerOf(hurt).fighter!;
  fighter.hp = 1;
  deepEqual(descend(hurt, rules), [[REST, "descend"], [PEACE, "red"]]);
  deepEqual(fighter.hp, 1 + Math.floor(fighter.maxHp / 2), "half of max HP, rounded down");
  deepEqual(rules.progression.restTold, "always");
});

Deno.test("every tutorial rule set's folder has a README naming its seed, its changes and the numbers it filled", async () => {
  for (const name of ["tcod", "rotjs", "roguebasin", "zircon"]) {
    const text = await Deno.readTextFile(new URL(`../data/rulesets/${name}/README.md`, import.meta.url));
    for (const part of ["**Seed**", "**Changes from", "**Numbers the seed leaves unknown**"]) {
      deepEqual([name, text.includes(part)], [name, true], part);
    }
  }
});

Deno.test("ROT.js: spawning takes no floor: the same maxima and the same kinds on every floor", async () => {
  const rules = await ruleset("rotjs");
  const first = (floor: number) => [
    valueForFloor(rules.spawn.maxMonstersPerRoom, floor),
    valueForFloor(rules.spawn.maxItemsPerRoom, floor),
    Object.fromEntries(weightsForFloor(rules.spawn.monsters, floor)),
    Object.fromEntries(weightsForFloor(rules.spawn.items, floor)),
  ];
  // The TCOD tutorial's spawning as it stood at the same part: 2 and 2 a room, orcs 80 to trolls' 20.
  deepEqual(first(1).slice(0, 3), [2, 2, { orc: 80, troll: 20 }]);
  for (let floor = 2; floor <= 12; floor++) deepEqual(first(floor), first(1), `floor ${floor}`);
});

Deno.test("Caves of Zircon: only the destroyer gains experience; a death the player did not deal gives nothing", async () => {
  const rules = await ruleset("zircon");
  const tcod = await ruleset("tcod");
  for (const [r, foe, expected] of [[rules, "zombie", 0], [tcod, "orc", 35]] as const) {
    const state = newGame(r, 1);
    const player = playerOf(state);
    // A monster killed by another's blow (a confused one's), then one killed by the player.
    const other = instantiate(r.templates[foe], state.nextId++, 2, 2);
    for (const by of [other.id, player.id]) {
      const victim = instantiate(r.templates[foe], state.nextId++, 1, 1);
      state.entities.push(victim);
      const before = player.level!.xp;
      const events: GameEvent[] = [];
      takeDamage(victim, 1000, r, events, by);
      settleAndNarrate(state, r, events);
      const gained = player.level!.xp - before;
      if (by === other.id) deepEqual(gained, expected, "another's kill");
      else deepEqual(gained > 0, true, "the player's own kill");
    }
  }
});

Deno.test("ROT.js: the level-up window opens on the key pressed after the turn, and that key does nothing else", async () => {
  for (const [name, onKey] of [["rotjs", true], ["tcod", false]] as const) {
    const rules = await ruleset(name);
    const state = arena(rules, "#######\n#.@o..#\n#.....#\n#######", { o: "orc" });
    const player = playerOf(state);
    // One kill from the next level, whichever way the rules compare.
    player.level = { current: 1, xp: threshold(rules.progression, 1) };
    state.entities.find((e) => e.template === "orc")!.fighter!.hp = 1;
    player.fighter!.power = 50;
    const app = appOn(state, rules);
    await feed(app, "l"); // the blow that kills the orc and earns the level
    deepEqual(levelUpPending(state, rules), true, name);
    if (onKey) {
      ok(app.top instanceof LevelUpOnKeyScreen, `${name}: no window yet`);
      ok(!screenText(app).join("\n").includes(rules.progression.window.title || "Level"), "nothing drawn");
      const [turn, x] = [state.turn, player.x];
      await feed(app, "l"); // used up: no step east
      deepEqual([state.turn, player.x], [turn, x], "the key did nothing else");
    }
    ok(app.top instanceof LevelUpScreen, `${name}: the window is open`);
  }
});

Deno.test("Caves of Zircon: the level rises and heals at the kill, before the monsters act; Max HP then raises only the maximum", async () => {
  const rules = await ruleset("zircon");
  const state = arena(rules, "#######\n#z@z..#\n#######", { z: "zombie" });
  const player = playerOf(state), fighter = player.fighter!;
  const [west, east] = state.entities.filter((e) => e.template === "zombie");
  east.fighter!.hp = 1;
  player.level = { current: 1, xp: 20 }; // one zombie (35 XP) past 20, not past 56.57
  fighter.hp = 1; // the west zombie's blow would kill at 1 HP: the heal must come first
  const blow = Math.max(0, west.fighter!.power - defenseOf(player));
  playCommand(state, rules, { act: { type: "bump", dx: 1, dy: 0 } });
  deepEqual(
    [player.level.current, fighter.hp],
    [2, 1 + 2 * 2 - blow],
    "healed by 2 × 2 at the kill, then hit",
  );
  fighter.hp = fighter.maxHp; // at full HP, as the seed's example: 30/30
  const max = fighter.maxHp;
  settleAndNarrate(state, rules, chooseLevelUp(state, rules, 0));
  deepEqual([fighter.hp, fighter.maxHp, player.level.current, levelUpPending(state, rules)], [
    max,
    max + 10,
    2,
    false,
  ]);
});

Deno.test("Caves of Zircon: two kills in one turn are credited one after the other, the second at the level the first gave", async () => {
  const rules = await ruleset("zircon");
  const state = newGame(rules, 1);
  const player = playerOf(state);
  player.level = { current: 1, xp: 20 };
  const events: GameEvent[] = [];
  for (const x of [1, 2]) {
    const bat = instantiate(rules.templates.bat, state.nextId++, x, 1);
    state.entities.push(bat);
    takeDamage(bat, 1000, rules, events, player.id); // one fireball, two deaths
  }
  settleAndNarrate(state, rules, events);
  // A bat is worth 5 + 2 + 1 − 2 × level: 6 at level 1, then 4 at level 2.
  deepEqual([player.level.current, player.level.xp], [2, 20 + 6 + 4]);
});

Deno.test("Caves of Zircon: the dead are taken off the floor and the log says '{target} dies {cause}.'; TCOD keeps remains", async () => {
  for (
    const [name, foe, line, remains] of [
      ["zircon", "bat", ["Bat dies in combat.", "Bat dies struck by lightning."], 0],
      ["tcod", "orc", ["Orc is dead!", "Orc is dead!"], 2],
    ] as const
  ) {
    const rules = await ruleset(name);
    const state = arena(rules, "#######\n#.@o..#\n#...o.#\n#######", { o: foe });
    const player = playerOf(state);
    player.fighter!.power = 50;
    const said = (command: Parameters<typeof playCommand>[2]) => {
      const before = state.log.length;
      playCommand(state, rules, command);
      return state.log.slice(before).map((e) => displayText(e));
    };
    ok(said({ act: { type: "bump", dx: 1, dy: 0 } }).includes(line[0]), `${name}: the blow`);
    // The other orc, struck by a lightning bolt read from a scroll.
    const scroll = instantiate(rules.templates.lightning_scroll, state.nextId++, 0, 0);
    player.inventory!.items.push(scroll);
    ok(
      said({ act: { type: "use", item: player.inventory!.items.length - 1 } }).includes(line[1]),
      `${name}: the bolt`,
    );
    const orcs = state.entities.filter((e) => e.template === foe);
    deepEqual([name, orcs.length, orcs.every((o) => o.layer === "corpse")], [name, remains, true]);
  }
});

Deno.test("Caves of Zircon's removed dead and RogueBasin's level check: the worker's game is the in-process game", async () => {
  for (const name of ["zircon", "roguebasin"]) {
    const rules = await ruleset(name);
    const worker = new WorkerRunner(rules, { timeoutMs: 1000, checkEvery: 5 });
    ok(await worker.ready);
    const games = [newGame(rules, 11), newGame(rules, 11)] as const;
    const runners = [worker, new InProcessRunner(rules)] as const;
    try {
      const bot = new Bot();
      for (let n = 0; n < 600 && totalKills(games[1].chronicle) < 3; n++) {
        const command = bot.decide(games[1], rules);
        for (const k of [0, 1]) await runners[k].play(games[k], command);
        deepEqual(stateChecksum(games[0]), stateChecksum(games[1]), `${name}: command ${n}`);
      }
    } finally {
      worker.close();
    }
    ok(totalKills(games[1].chronicle) >= 3, `${name}: monsters died`);
    const remains = games[1].entities.filter((e) => e.layer === "corpse" && e.id !== games[1].playerId);
    deepEqual([name, remains.length > 0], [name, name !== "zircon"]);
    deepEqual(worker.faults, []);
  }
});

Deno.test("a death line that names its cause with no words for causes is refused, in one line", async () => {
  const problems = await modProblems(new URL("../data/rulesets/zircon/", import.meta.url), (files) => {
    delete files.game.death.causes;
  });
  deepEqual(problems, [
    "mod/game.json: $.death.causes: expected the words for {cause}, as $.messages.monster_died uses it, found none",
  ]);
});

Deno.test("RogueBasin: a level is told at the check before the player's next turn, after the monsters' blows; TCOD tells it at the kill", async () => {
  for (const [name, toldLast] of [["roguebasin", true], ["tcod", false]] as const) {
    const rules = await ruleset(name);
    const state = arena(rules, "#######\n#o@o..#\n#######", { o: "orc" });
    const player = playerOf(state);
    const [, east] = state.entities.filter((e) => e.template === "orc");
    east.fighter!.hp = 1;
    player.level = { current: 1, xp: threshold(rules.progression, 1) }; // one kill from level 2
    const before = state.log.length;
    playCommand(state, rules, { act: { type: "bump", dx: 1, dy: 0 } });
    const lines = state.log.slice(before).map((e) => displayText(e));
    const level = lines.findIndex((l) => l.includes("level 2"));
    const blow = lines.findIndex((l) => l.startsWith("Orc attacks"));
    ok(level >= 0 && blow >= 0, `${name}: ${lines.join(" | ")}`);
    deepEqual([name, level > blow], [name, toldLast], lines.join(" | "));
  }
});

Deno.test("a harmless monster must be stationary: a moving one is refused in one line", async () => {
  const mod = new URL("../data/rulesets/zircon/", import.meta.url);
  deepEqual(
    await modProblems(mod, (files) => {
      (files.entities.fungus as { ai: Record<string, unknown> }).ai = { mind: "hostile", harmless: true };
    }),
    [
      "mod/entities.json: $.fungus.ai.harmless: expected harmless only with stationary: true (a harmless monster " +
      "that moves is not supported), found an object",
    ],
  );
});
