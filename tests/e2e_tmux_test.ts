/**
 * The real `deno task play` in a real terminal (tmux): the map and @ appear,
 * a move changes the screen, and every way out gives the terminal back as
 * it was: same `stty -g`, normal screen, cursor shown, mouse and keypad off.
 */
import { deepEqual, equal, notEqual, ok } from "node:assert/strict";
import { newGame, playerOf } from "../src/engine/mod.ts";
import {
  assertRestored,
  DENO,
  itemsOnlyData,
  quit,
  QUIT_QUESTION,
  saveFile,
  showsFloor,
  startGame,
  walkKeys,
} from "./support/e2e_game.ts";
import { findGamePid, TmuxPane } from "./support/tmux.ts";

for (const [columns, rows] of [[80, 24], [80, 50]]) {
  Deno.test(`e2e ${columns}x${rows}: play starts, a move changes the screen, Esc quits and restores`, async () => {
    await using pane = await TmuxPane.open(columns, rows);
    const first = await startGame(pane, 1000 + rows);
    deepEqual((await pane.modes()).alternate_on, "1");
    equal(first.split("\n").length - 1, rows);
    ok(first.includes("Hello and welcome, adventurer"));
    // Try each direction: either the @ moves or "That way is blocked." appears.
    for (const key of ["l", "j", "h", "k"]) {
      await pane.keys(key);
      const after = await pane.waitFor((s) => s !== first, `a change after "${key}"`, 3000).catch(() =>
        first
      );
      if (after !== first) break;
    }
    notEqual(await pane.screen(), first);
    await quit(pane);
    await assertRestored(pane, 0);
  });
}

for (const [columns, rows] of [[80, 24], [80, 50]]) {
  Deno.test(`e2e ${columns}x${rows}: Delve's own game (data/) starts with its welcome, up stairs under the @, and plays`, async () => {
    await using pane = await TmuxPane.open(columns, rows);
    const first = await startGame(pane, 2000 + rows, `"${DENO}" task play`);
    ok(first.includes("Welcome to Delve. The Amulet of the Deep lies ten floors"), first);
    // The side panel, whole at this size: level and XP, attack, defense, turn, what is wielded and worn
    // (startGame chose the first background, the Fighter, with a short sword).
    for (
      const text of [
        "Level 1    Depth 1",
        "XP 0, next",
        "Attack 1d6+1",
        "Defense",
        "Turn 0",
        "Weapon: Short Sword",
      ]
    ) {
      ok(first.includes(text), `${text}\n${first}`);
    }
    ok(first.split("\n").every((line) => line.length <= columns), "nothing past the right edge");
    await pane.keys("/");
    const look = await pane.waitFor(
      (s) => s.includes("stairs up"),
      "look mode naming the up stairs under the @",
    );
    ok(look.includes("stairs up"));
    await pane.keys("Escape");
    await pane.keys("<");
    await pane.waitFor(
      (s) => s.includes("These stairs lead out of the dungeon"),
      "the question before leaving",
    );
    await pane.keys("n");
    // Escape on the map asks first: any key but y stays in the game; y saves and goes to the title.
    await pane.keys("Escape");
    await pane.waitFor((s) => s.includes(QUIT_QUESTION), "the question before leaving to the title");
    await pane.keys("n");
    await pane.waitFor((s) => !s.includes(QUIT_QUESTION) && showsFloor(s, 1), "the game, still on");
    await quit(pane);
    await assertRestored(pane, 0);
  });
}

for (const [signal, code] of [["SIGTERM", 143], ["SIGHUP", 129]] as const) {
  Deno.test(`e2e 80x24: ${signal} to the game restores the terminal and exits ${code}`, async () => {
    await using pane = await TmuxPane.open(80, 24);
    const seed = signal === "SIGTERM" ? 4001 : 4002;
    await startGame(pane, seed);
    Deno.kill(await findGamePid(String(seed)), signal);
    await assertRestored(pane, code);
    ok((await Deno.stat(saveFile(pane))).isFile, `${signal} saved the game`);
  });
}

Deno.test("e2e 80x24: Ctrl-C quits, restores the terminal and says in one line where the game was saved", async () => {
  await using pane = await TmuxPane.open(80, 24);
  await startGame(pane, 4003);
  await pane.keys("C-c");
  await assertRestored(pane, 130);
  ok((await Deno.stat(saveFile(pane))).isFile, "Ctrl-C saved the game");
  // Past deno's own "Task play …" line, the program's one line.
  const said = (await Deno.readTextFile(`${pane.dir}/stderr`)).split("\n").filter((l) =>
    l && !l.includes("Task")
  );
  deepEqual(said, [`delve: the game was saved in ${saveFile(pane)}`]);
});

for (const fault of ["error", "rejection"]) {
  Deno.test(`e2e 80x24: an uncaught ${fault} restores the terminal, says one line, exits 70`, async () => {
    await using pane = await TmuxPane.open(80, 24);
    const faultMain = new URL("./support/fault_main.ts", import.meta.url).pathname;
    const trigger = `${pane.dir}/trigger`;
    const command =
      `DELVE_FAULT_TRIGGER=${trigger} "${DENO}" run --unstable-worker-options --allow-read --allow-write --allow-env ${faultMain} ${fault}`;
    await startGame(pane, 4100, command);
    await Deno.writeTextFile(trigger, "");
    await assertRestored(pane, 70);
    ok((await Deno.stat(saveFile(pane))).isFile, "the game was saved on the way out");
    const message = fault === "error" ? "injected fault" : "injected rejection";
    equal(await Deno.readTextFile(`${pane.dir}/stderr`), `delve: internal error: ${message}\n`);
  });
}

Deno.test("e2e 80x24: each window opens and closes: history (v), look (/), help (?)", async () => {
  await using pane = await TmuxPane.open(80, 24);
  await startGame(pane, 4200);
  const steps: [string, (s: string) => boolean, string][] = [
    ["v", (s) => s.includes("┤Message history├"), "the history window"],
    ["q", (s) => !s.includes("Message history") && s.includes("Dungeon level: 1"), "the game again"],
    ["/", (s) => s.split("\n")[20].slice(21).startsWith("Player"), "look mode naming the player"],
    ["Escape", (s) => s.split("\n")[20].slice(21).trim() === "Player", "the game, pointer kept"],
    // Help titled "Dungeon", not "Look", also proves Esc left look mode.
    ["?", (s) => s.includes("┤Keys: Dungeon├") && s.includes("wait a turn"), "the help window"],
    ["x", (s) => !s.includes("Keys: Dungeon") && s.includes("Dungeon level: 1"), "the game again"],
  ];
  for (const [key, seen, what] of steps) {
    await pane.keys(key);
    await pane.waitFor(seen, `${what} after ${key}`, 5000);
  }
  await quit(pane);
  await assertRestored(pane, 0);
});

Deno.test("e2e 80x50: the terminal is asked for any-motion mouse reports, and hovering names what is there", async () => {
  await using pane = await TmuxPane.open(80, 50);
  const screen = await startGame(pane, 4300);
  equal((await pane.tmux("display", "-p", "-t", "0", "#{mouse_all_flag}")).trim(), "1");
  const rows = screen.split("\n");
  const y = rows.findIndex((r) => r.includes("@")), x = rows[y].indexOf("@");
  // An SGR motion report (button 35 = motion, no button) as the terminal would send it.
  await pane.tmux("send-keys", "-t", "0", "-l", `\x1b[<35;${x + 1};${y + 1}M`);
  await pane.waitFor(
    (s) => s.split("\n")[44].slice(21).startsWith("Player"),
    "the name under the pointer",
    5000,
  );
  await quit(pane);
  await assertRestored(pane, 0);
});

for (const rows of [24, 50]) {
  Deno.test(`e2e 80x${rows}: pick up a potion and a scroll; aiming prompts in the prompt line, not the log; a blast at yourself asks first; drink`, async () => {
    const { dir, rules } = await itemsOnlyData();
    // A seed whose first room shows both a potion and a scroll.
    let plan: { seed: number; keys: string[] } | undefined;
    for (let seed = 0; seed < 200 && !plan; seed++) {
      const state = newGame(rules, seed);
      const p = playerOf(state);
      const seen = (t: string) =>
        state.entities.find((e) => e.template === t && state.map.visible[e.y * 80 + e.x]);
      const potion = seen("health_potion"), scroll = seen("fireball_scroll");
      if (!potion || !scroll) continue;
      plan = { seed, keys: [...walkKeys(state, p, potion), "g", ...walkKeys(state, potion, scroll), "g"] };
    }
    ok(plan, "a seed with both in view");
    await using pane = await TmuxPane.open(80, rows);
    await startGame(pane, plan.seed, `"${DENO}" task play --data ${dir}`);
    const sees = (text: string, ms = 5000) => pane.waitFor((s) => s.includes(text), text, ms);
    const prompt = "Select a target location.";
    /** The prompt line: the screen's last row, right of the HP bar. */
    const promptLine = (s: string) => s.split("\n")[rows - 1].slice(21).trimEnd();
    await pane.keys(...plan.keys);
    await sees("You picked up the Fireball Scroll!");
    await pane.keys("i");
    await sees("(d) Fireball Scroll");
    await pane.keys("d");
    await pane.waitFor((s) => promptLine(s) === prompt, "the prompt in the prompt line");
    // Cancelled, the prompt goes with the aiming: it was never in the log.
    await pane.keys("Escape");
    await pane.waitFor((s) => !s.includes(prompt), "the prompt gone");
    await pane.keys("i", "d");
    await pane.waitFor((s) => promptLine(s) === prompt, "the prompt again");
    ok(!(await pane.screen()).includes("(x2)"), "the prompt is not repeated in a log");
    // Aimed at yourself, the blast would reach you: it asks first, and n goes back to aiming.
    await pane.keys("Enter");
    await pane.waitFor(
      (s) => promptLine(s) === "The blast would reach you! Use it anyway? (y/n)",
      "the question",
    );
    await pane.keys("n");
    await pane.waitFor((s) => promptLine(s) === prompt, "aiming again");
    ok((await pane.screen()).includes("HP: 30/30"), "nothing used");
    await pane.keys("Enter", "y");
    await sees("HP: 18/30");
    await sees("The Player is engulfed in a fiery");
    await pane.keys("i", "c");
    await sees("recover 4 HP!");
    await sees("HP: 22/30");
    ok(!(await pane.screen()).includes(prompt));
    await quit(pane);
    await assertRestored(pane, 0);
  });
}

Deno.test("e2e 80x24: play, Esc saves and shows the title, Continue brings back the same screen", async () => {
  await using pane = await TmuxPane.open(80, 24);
  await startGame(pane, 4400);
  await pane.keys("l", "j", "h");
  await new Promise((r) => setTimeout(r, 300));
  const playing = await pane.screen();
  await pane.keys("Escape");
  await pane.waitFor((s) => s.includes("Saved game: seed 4400"), "the title naming the saved game");
  ok((await Deno.stat(saveFile(pane))).isFile);
  await pane.keys("c");
  await pane.waitFor((s) => s === playing, "the very screen that was left", 5000);
  await quit(pane);
  await assertRestored(pane, 0);
});

Deno.test("e2e 80x24: walk to the stairs on a fixed seed and go down", async () => {
  const { dir, rules } = await itemsOnlyData();
  const seed = 4500;
  const state = newGame(rules, seed);
  const keys = walkKeys(state, playerOf(state), state.map.stairs);
  await using pane = await TmuxPane.open(80, 24);
  await startGame(pane, seed, `"${DENO}" task play --data ${dir}`);
  await pane.keys(...keys);
  // Items may lie on the way: walking over them is fine. On the stairs, go down.
  await pane.keys(">");
  await pane.waitFor(
    (s) => s.includes("Dungeon level: 2") && s.includes("You descend the staircase."),
    "floor 2",
  );
  await quit(pane);
  await assertRestored(pane, 0);
});
