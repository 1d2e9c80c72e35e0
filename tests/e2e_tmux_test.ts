/**
 * The real `deno task play` in a real terminal (tmux): the map and @ appear,
 * a move changes the screen, and every way out gives the terminal back as
 * it was: same `stty -g`, normal screen, cursor shown, mouse and keypad off.
 */
import { deepEqual, equal, notEqual, ok } from "node:assert/strict";
import { findGamePid, TmuxPane } from "./support/tmux.ts";

const DENO = Deno.execPath();
const RESTORED = {
  alternate_on: "0",
  cursor_flag: "1",
  mouse_any_flag: "0",
  mouse_all_flag: "0",
  mouse_sgr_flag: "0",
  keypad_flag: "0",
};

async function startGame(pane: TmuxPane, seed: number, command = `"${DENO}" task play`): Promise<string> {
  const d = pane.dir;
  await pane.run(
    `stty -g > ${d}/before; ${command} --seed ${seed} 2> ${d}/stderr; echo $? > ${d}/exit; stty -g > ${d}/after`,
  );
  return await pane.waitFor((s) => s.includes("@") && s.includes("Dungeon level: 1"), "the map and @");
}

async function assertRestored(pane: TmuxPane, expectedExit: number): Promise<void> {
  equal(Number(await pane.waitForFile("exit")), expectedExit, "exit status");
  const before = await Deno.readTextFile(`${pane.dir}/before`);
  equal(await pane.waitForFile("after"), before, "stty -g before and after");
  deepEqual(await pane.modes(), RESTORED);
  // The shell's screen is back: nothing of the game's is left on it.
  ok(!(await pane.screen()).includes("Dungeon level"));
}

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
    await pane.keys("Escape");
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
  });
}

Deno.test("e2e 80x24: Ctrl-C quits and restores the terminal", async () => {
  await using pane = await TmuxPane.open(80, 24);
  await startGame(pane, 4003);
  await pane.keys("C-c");
  await assertRestored(pane, 130);
});

for (const fault of ["error", "rejection"]) {
  Deno.test(`e2e 80x24: an uncaught ${fault} restores the terminal, says one line, exits 70`, async () => {
    await using pane = await TmuxPane.open(80, 24);
    const faultMain = new URL("./support/fault_main.ts", import.meta.url).pathname;
    const trigger = `${pane.dir}/trigger`;
    const command =
      `DELVE_FAULT_TRIGGER=${trigger} "${DENO}" run --unstable-worker-options --allow-read --allow-env ${faultMain} ${fault}`;
    await startGame(pane, 4100, command);
    await Deno.writeTextFile(trigger, "");
    await assertRestored(pane, 70);
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
    ["?", (s) => s.includes("┤Keys: Dungeon├") && s.includes("message history"), "the help window"],
    ["x", (s) => !s.includes("Keys: Dungeon") && s.includes("Dungeon level: 1"), "the game again"],
  ];
  for (const [key, seen, what] of steps) {
    await pane.keys(key);
    await pane.waitFor(seen, `${what} after ${key}`, 5000);
  }
  await pane.keys("Escape");
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
  await pane.keys("Escape");
  await assertRestored(pane, 0);
});
