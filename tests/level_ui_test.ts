import { deepEqual, equal, ok } from "node:assert/strict";
import { dataStamp, decodeSave, encodeSave, readSave } from "../src/store/mod.ts";
import { GameSession, themeFromContent } from "../src/app/mod.ts";
import { InProcessRunner } from "../src/worker/mod.ts";
import { instantiate, isWalkable, levelsEarned, newGame, playerOf, threshold } from "../src/engine/mod.ts";
import { type HeadlessTerminal, keyEvent } from "../src/terminal/mod.ts";
import {
  characterLines,
  CharacterScreen,
  LevelUpScreen,
  PlayScreen,
  type Screen,
  TargetScreen,
} from "../src/ui/mod.ts";
import { bundledContent, delveContent } from "./support/content.ts";
import { rolledArena } from "./support/combat_mod.ts";
import { delveSession } from "./support/delve_session.ts";
import { feed, lastShown, screenText, sessionOn, shownMessages, startApp } from "./support/ui_harness.ts";
import { loadContent } from "../src/content/mod.ts";

const content = await bundledContent();
const top = (app: GameSession): Screen => app.top;

/** An orc with 1 HP beside the player, and the key that attacks it. */
function weakOrcBeside(app: GameSession): string {
  const p = playerOf(app.state);
  for (const [dx, dy, key] of [[1, 0, "l"], [-1, 0, "h"], [0, 1, "j"], [0, -1, "k"]] as const) {
    const x = p.x + dx, y = p.y + dy;
    if (!isWalkable(app.state.map, x, y) || app.state.entities.some((e) => e.x === x && e.y === y)) continue;
    const orc = instantiate(content.rules.templates.orc, app.state.nextId++, x, y);
    orc.fighter!.hp = 1;
    app.state.entities.push(orc);
    return key;
  }
  throw new Error("no room beside the player");
}

Deno.test("the level-up window opens after the turn that earned it; a wrong key says Invalid entry.; a choice applies", async () => {
  const app = startApp(80, 50, 10);
  playerOf(app.state).level!.xp = 340;
  await feed(app, weakOrcBeside(app));
  ok(top(app) instanceof LevelUpScreen, "opened after the kill");
  const text = screenText(app);
  ok(text.some((l) => l.includes("┤Level Up├")));
  ok(text.some((l) => l.includes("Congratulations! You level up!")));
  ok(text.some((l) => l.includes("a) Constitution (+20 HP, from 30)")));
  ok(text.some((l) => l.includes("d) Perception (+1 sight radius, from 8)")));
  const turn = app.state.turn;
  await feed(app, "x", "Escape");
  deepEqual([lastShown(app).text, lastShown(app).color], ["Invalid entry.", "invalid"]);
  ok(top(app) instanceof LevelUpScreen, "still open: a choice must be made");
  await feed(app, "b");
  ok(top(app) instanceof PlayScreen);
  deepEqual([playerOf(app.state).fighter!.power, playerOf(app.state).level!.current, app.state.turn], [
    3,
    2,
    turn,
  ]);
  equal(app.state.log.at(-1)!.text, "You feel stronger!");
});

Deno.test("a game saved with a level still to choose opens the level-up window again when continued", async () => {
  const app = startApp(80, 24, 10);
  playerOf(app.state).level!.xp = 340;
  await feed(app, weakOrcBeside(app));
  ok(top(app) instanceof LevelUpScreen);
  const saved = decodeSave(
    JSON.parse(encodeSave(app.state, dataStamp(content), "test", new Date(0))),
    content.rules,
  );
  const continued = new GameSession(app.terminal, content, saved, new InProcessRunner(content.rules), {
    colorDepth: "truecolor",
  });
  ok(continued.top instanceof LevelUpScreen, "the window is back before any turn");
  equal(continued.state.turn, app.state.turn);
});

Deno.test("the character window shows level, XP, next threshold, attack and defense with gear, max HP, sight", async () => {
  const app = startApp(80, 24, 10);
  await feed(app, "c");
  ok(top(app) instanceof CharacterScreen);
  const text = screenText(app).join("\n");
  for (
    const line of [
      "Level: 1",
      "XP: 0",
      // The tutorial prints its threshold, 350, though its rules level up only past it ("XP > 350").
      "XP for next Level: 350",
      "Attack: 4",
      "Defense: 2",
      "Max HP: 30",
      "Sight: 8",
    ]
  ) {
    ok(text.includes(line), line);
  }
  ok(text.includes("┤Character Information├"));
  await feed(app, "z");
  ok(top(app) instanceof PlayScreen);
});

Deno.test("inventory marks what is worn with (E): the first view shows the starting gear worn", async () => {
  const app = startApp(80, 24, 10);
  await feed(app, "i");
  const text = screenText(app).join("\n");
  ok(text.includes("(a) Dagger (E)") && text.includes("(b) Leather Armor (E)"));
});

Deno.test("> on the stairs goes down and the game is saved on the new floor", async () => {
  const { terminal, app, savePath } = await delveSession({ seed: 3 });
  const running = app.run();
  const tick = () => new Promise((r) => setTimeout(r, 20));
  await tick();
  terminal.input(keyEvent("n"));
  await tick();
  const game = app.game!;
  Object.assign(playerOf(game.state), game.state.map.stairs);
  terminal.input(keyEvent(">"));
  // The save on arrival is written (gzip, fsync) before the key is done: wait for it, however busy the machine.
  const savedFloor = async () => {
    const saved = await readSave(savePath);
    return saved.kind === "read" ? decodeSave(saved.json, content.rules).floor : undefined;
  };
  for (let k = 0; k < 250 && (await savedFloor()) !== 2; k++) await tick();
  equal(game.state.floor, 2);
  equal(await savedFloor(), 2, "saved on arrival");
  ok([...Array(24).keys()].some((y) => game.screen.rowText(y).includes("Dungeon level: 2")));
  terminal.input(keyEvent("Escape"), keyEvent("q"));
  await running;
});

Deno.test("XP for next Level is the XP the next level comes at, in every rule set (> or >=, XP reduced or kept)", async () => {
  const folders = ["", "rulesets/rotjs/", "rulesets/roguebasin/", "rulesets/zircon/"];
  const seen = new Set<string>();
  for (const folder of folders) {
    const content = await loadContent(new URL(`../data/${folder}`, import.meta.url), `data/${folder}`);
    const { rules } = content, words = themeFromContent(content).texts.character;
    const p = rules.progression;
    seen.add(`${p.levelUpWhen} ${p.xpAfterLevelUp}`);
    const state = newGame(rules, 1);
    const level = playerOf(state).level!;
    for (let current = 1; current <= 6; current++) {
      level.current = current;
      level.xp = 0;
      // Each rule set's own words for it: the line that says {next_xp}, or the tutorial's {threshold}.
      const at = words.lines.findIndex((l) => l.includes("{next_xp}") || l.includes("{threshold}"));
      const line = characterLines(state, rules, words)[at];
      const shown = Number(line.slice(words.lines[at].search(/\{(next_xp|threshold)\}/)));
      ok(Number.isInteger(shown), `${folder} level ${current}: ${line}`);
      // The threshold as printed: under ">" the level comes one XP past it.
      const printsThreshold = words.lines[at].includes("{threshold}");
      if (printsThreshold) equal(shown, threshold(p, current), `${folder} level ${current}: ${line}`);
      const next = printsThreshold && p.levelUpWhen === ">" ? shown + 1 : shown;
      level.xp = next - 1;
      // Earned, whether the level then waits for its choice or rises at once.
      equal(
        levelsEarned(p, level) > 0,
        false,
        `${folder} level ${current}: ${next - 1} XP is not yet enough`,
      );
      level.xp = next;
      equal(
        levelsEarned(p, level) > 0,
        true,
        `${folder} level ${current}: ${line} and ${next} XP levels up`,
      );
    }
  }
  // Every way the rules can compare and keep XP is covered by the bundled rule sets.
  deepEqual([...seen].sort(), ["> keep", "> reduce", ">= reduce"]);
});

Deno.test("a key typed while the killing turn is played is not the level-up window's answer: no Invalid entry.", async () => {
  const app = startApp(80, 50, 10);
  playerOf(app.state).level!.xp = 340;
  const terminal = app.terminal as HeadlessTerminal;
  // The blow and a second press of its key, both typed before the window could be drawn.
  const key = weakOrcBeside(app);
  terminal.input(keyEvent(key), keyEvent(key));
  terminal.end();
  await app.run();
  ok(top(app) instanceof LevelUpScreen, "the window waits for a choice");
  ok(
    !shownMessages(app).some((e) => e.text === "Invalid entry."),
    shownMessages(app).map((e) => e.text).join("\n"),
  );
  await feed(app, "x");
  equal(lastShown(app).text, "Invalid entry.", "a wrong key pressed at the window is still told");
});

Deno.test("a thrown kill that earns a level: once chosen, the map is back, not the aim", async () => {
  const delve = await delveContent();
  const state = rolledArena(delve.rules, "#########\n#@..o...#\n#########", { o: "orc" });
  const player = playerOf(state), orc = state.entities.find((e) => e.template === "orc")!;
  orc.fighter!.hp = 1;
  orc.fighter!.defense = 0;
  player.level = { current: 1, xp: threshold(delve.rules.progression, 1) };
  const javelins = instantiate(delve.rules.templates.javelin, state.nextId++, 0, 0);
  javelins.count = 40;
  player.inventory!.items.push(javelins);
  const app = sessionOn(delve, state);
  // Thrown until one hits (Delve's rules roll to hit).
  for (let k = 0; k < 40 && !(top(app) instanceof LevelUpScreen) && orc.fighter!.hp > 0; k++) {
    await feed(app, "t", "a");
    ok(top(app) instanceof TargetScreen);
    await feed(app, "l", "l", "l", "Enter");
  }
  ok(top(app) instanceof LevelUpScreen, "the kill earned a level");
  await feed(app, "a");
  ok(top(app) instanceof PlayScreen, `back on the map: ${top(app).title}`);
  ok(!screenText(app).join("\n").includes("Select a target location."), screenText(app).join("\n"));
});
