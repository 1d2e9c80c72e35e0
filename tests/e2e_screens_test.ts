/**
 * Screens that fit, played in a real terminal (tmux) at 80x24
 * and at 80x50 where the layout differs: the inventory of 26 items, help,
 * the log's width, the game over, the too-small notice, 16 colours and no
 * colour, the title's scores and the history's Home key.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import {
  assertRestored,
  dataWith,
  DENO,
  fireballPlan,
  oneHpFireballData,
  PLAY_TUTORIAL,
  quit,
  startGame,
} from "./support/e2e_game.ts";
import { TmuxPane } from "./support/tmux.ts";

/** The lines inside the box whose top border holds `title`, and its borders' rows. */
function boxOn(
  screen: string,
  title: string,
): { lines: string[]; top: number; bottom: number; border: string } {
  const rows = screen.split("\n");
  const top = rows.findIndex((l) => l.includes(`┤${title}├`));
  ok(top >= 0, `a box titled ${title}:\n${screen}`);
  const left = [...rows[top]].indexOf("┌"), right = [...rows[top]].indexOf("┐");
  const bottom = rows.findIndex((l, y) => y > top && [...l][left] === "└");
  ok(bottom > top, `the box ${title} is closed:\n${screen}`);
  const lines = rows.slice(top + 1, bottom).map((l) => {
    const cells = [...l];
    equal(`${cells[left]}${cells[right]}`, "││", `a line inside the box ${title}: ${l}`);
    return cells.slice(left + 1, right).join("").trim();
  });
  return { lines, top, bottom, border: rows[bottom] };
}

/** An SGR that turns on reverse video (7), right before the @. */
// deno-lint-ignore no-control-regex
const REVERSED_AT = /\x1b\[[\d;]*\b7m(\x1b\[[\d;]*m)*@/;

const words = (text: string) => text.replace(/\s+/g, " ").trim();

for (const rows of [24, 50]) {
  Deno.test(`e2e 80x${rows}: 26 items in the inventory, each shown with its letter, the panel left in sight`, async () => {
    const gear = ["dagger", "sword", "leather_armor", "chain_mail"];
    const { dir } = await dataWith(({ entities }) => {
      const player = entities.player as { startingEquipment: string[] };
      player.startingEquipment = Array.from({ length: 26 }, (_, k) => gear[k % gear.length]);
    });
    await using pane = await TmuxPane.open(80, rows);
    await startGame(pane, 4800 + rows, `"${DENO}" task play --data ${dir}`);
    await pane.keys("i");
    const letters = new Set<string>();
    let screen = await pane.waitFor((s) => s.includes("┤Select an item to use├"), "the inventory");
    for (let page = 0; page < 3; page++) {
      const box = boxOn(screen, "Select an item to use");
      ok(box.bottom < rows - 4, `the window ends above the panel:\n${screen}`);
      const panel = screen.split("\n").slice(rows - (rows === 50 ? 5 : 4));
      ok(panel.some((l) => l.includes("HP: 30/30")), `the HP bar in sight:\n${screen}`);
      ok(panel.some((l) => l.startsWith("Dungeon level: 1")), `the level in sight:\n${screen}`);
      for (const line of box.lines) {
        const m = /^\(([a-z])\) (Dagger|Sword|Leather Armor|Chain Mail)( \(E\))?$/.exec(line);
        ok(m, `an item with its letter: "${line}"`);
        letters.add(m[1]);
      }
      if (!box.border.includes("↓")) break;
      const before = screen;
      await pane.keys("PageDown");
      screen = await pane.waitFor((s) => s !== before, "the next page", 5000);
    }
    equal([...letters].sort().join(""), "abcdefghijklmnopqrstuvwxyz");
    await pane.keys("Escape");
    await quit(pane);
    await assertRestored(pane, 0);
    await Deno.remove(dir, { recursive: true });
  });
}

for (const rows of [24, 50]) {
  Deno.test(`e2e 80x${rows}: ? help wraps inside its box, pages, and says Esc saves and goes back to the title; Esc closes only the help`, async () => {
    await using pane = await TmuxPane.open(80, rows);
    await startGame(pane, 4810 + rows);
    await pane.keys("?");
    let screen = await pane.waitFor((s) => s.includes("┤Keys: Dungeon├"), "the help");
    let said = "";
    for (let page = 0; page < 4; page++) {
      const box = boxOn(screen, "Keys: Dungeon");
      ok(box.lines.every((l) => !l.endsWith("…")), `nothing cut:\n${screen}`);
      said += ` ${box.lines.join(" ")}`;
      if (!box.border.includes("↓")) break;
      ok(box.lines.at(-1)!.includes("PgDn"), "the help says how to see the rest");
      const before = screen;
      await pane.keys("PageDown");
      screen = await pane.waitFor((s) => s !== before, "the next page", 5000);
    }
    said = words(said);
    ok(said.includes("Esc save the game and go back to the title"), said);
    ok(
      said.includes(
        "point at something to name it; a left click on a place you know: walk there; wheel up: history",
      ),
      said,
    );
    // The tutorial rule set's stairs keys work only on the stairs, and its help says so.
    ok(said.includes("> take the stairs down (only standing on them)"), said);
    ok(said.includes("< take the stairs up (only standing on them)"), said);
    await pane.keys("Escape");
    await pane.waitFor(
      (s) => !s.includes("Keys: Dungeon") && s.includes("Dungeon level: 1"),
      "the game again",
    );
    await quit(pane);
    await assertRestored(pane, 0);
  });
}

Deno.test("e2e 80x50: a message takes the log's whole width: the welcome on one line", async () => {
  await using pane = await TmuxPane.open(80, 50);
  const screen = await startGame(pane, 4820);
  const rows = screen.split("\n");
  ok(
    rows.includes(`${" ".repeat(21)}Hello and welcome, adventurer, to yet another dungeon!`),
    rows.slice(43).join("\n"),
  );
  await quit(pane);
  await assertRestored(pane, 0);
});

for (const [rows, key] of [[24, "Enter"], [50, "Space"]] as const) {
  Deno.test(`e2e 80x${rows}: the game over is a box with the whole morgue path, the log breaks it after a /, ${key} goes back to the title`, async () => {
    const { dir, rules } = await oneHpFireballData();
    const plan = fireballPlan(rules);
    await using pane = await TmuxPane.open(80, rows);
    const home = `${pane.dir}/data/a-folder-with-a-name-long-enough-to-wrap`;
    await startGame(pane, plan.seed, `env XDG_DATA_HOME=${home} "${DENO}" task play --data ${dir}`);
    await pane.keys(...plan.keys);
    await pane.waitFor((s) => s.includes("You picked up the Fireball Scroll!"), "the scroll picked up");
    await pane.keys("i", "c");
    await pane.waitFor((s) => s.includes("Select a target location."), "aiming");
    await pane.keys("Enter");
    await pane.waitFor((s) => s.includes("The blast would reach you!"), "the question");
    await pane.keys("y");
    const screen = await pane.waitFor(
      (s) => s.includes("┤Game over├") && s.includes("Morgue file:"),
      "game over",
    );
    const morgue = [...Deno.readDirSync(`${home}/delve/morgue`)].find((e) => e.name.endsWith(".txt"))!;
    const path = `${home}/delve/morgue/${morgue.name}`;
    ok(path.length > 76, "a path longer than the box's width");
    const box = boxOn(screen, "Game over");
    ok(box.bottom < rows - (rows === 50 ? 7 : 4), `the box is over the map:\n${screen}`);
    const at = box.lines.indexOf("Morgue file:");
    const pathLines = box.lines.slice(
      at + 1,
      box.lines.findIndex((l, k) => k > at && /^(Replay:)?$/.test(l)),
    );
    equal(pathLines.join(""), path, `the whole path:\n${screen}`);
    ok(pathLines.slice(0, -1).every((l) => l.endsWith("/")), "broken after a /");
    equal(box.lines.at(-1), "Enter, Space or Esc: back to the title.");
    // The log says it too, at word boundaries, the path after a / (the compact log shows its last lines).
    const said = `Morgue file written to ${path}`;
    const log = screen.split("\n").slice(rows - (rows === 50 ? 5 : 3), rows).map((l) =>
      l.slice(21).trimEnd()
    );
    const start = Math.max(0, log.findIndex((l) => l.startsWith("Morgue file written to")));
    ok(log.slice(start, -1).every((l) => l.endsWith("/") || l === "Morgue file written to"), screen);
    ok(said.replace(" /", "/").endsWith(log.slice(start).join("")), log.join("\n"));
    if (rows === 50) equal(log[start], "Morgue file written to", "the path starts a line of its own");
    await pane.keys(key);
    await pane.waitFor((s) => s.includes("[N] Play a new game"), "the title");
    await pane.keys("q");
    await assertRestored(pane, 0);
    await Deno.remove(dir, { recursive: true });
  });
}

Deno.test("e2e 80x24: below 80x24 the title takes no key (n starts no game); growing back draws it whole again", async () => {
  await using pane = await TmuxPane.open(80, 24);
  const title = await startGame(pane, 4830, undefined, false);
  await pane.tmux("resize-window", "-t", "0", "-x", "60", "-y", "20");
  await pane.waitFor((s) => s.includes("terminal too small (need 80x24, have 60x20)"), "the notice");
  await pane.keys("n");
  await new Promise((r) => setTimeout(r, 1500));
  await pane.tmux("resize-window", "-t", "0", "-x", "80", "-y", "24");
  await pane.waitFor((s) => s === title, "the very title, whole", 5000);
  await new Promise((r) => setTimeout(r, 1000));
  equal(await pane.screen(), title, "no game began behind the notice");
  await pane.keys("q");
  await assertRestored(pane, 0);
});

for (const [name, env] of [["16 colours", "TERM=xterm FORCE_COLOR=1"], ["NO_COLOR", "NO_COLOR=1"]]) {
  Deno.test(`e2e 80x24 with ${name}: the HP bar is drawn in characters, the look cursor in reverse video`, async () => {
    await using pane = await TmuxPane.open(80, 24);
    const screen = await startGame(pane, 4840, `env ${env} ${PLAY_TUTORIAL}`);
    const problems: string[] = [];
    const bar = screen.split("\n")[20].slice(0, 20);
    if (bar !== "█HP: 30/30██████████") problems.push(`the HP bar reads "${bar}"`);
    const y = screen.split("\n").findIndex((r) => r.includes("@"));
    await pane.keys("/");
    await pane.waitFor((s) => s.split("\n")[20].includes("Player"), "look mode");
    const coloured = (await pane.tmux("capture-pane", "-e", "-p", "-t", "0")).split("\n")[y];
    if (!REVERSED_AT.test(coloured)) {
      problems.push(`the @ under the cursor is not reversed: ${JSON.stringify(coloured)}`);
    }
    deepEqual(problems, []);
    await pane.keys("Escape");
    await quit(pane);
    await assertRestored(pane, 0);
  });
}

/** The background of each cell of a `capture-pane -e` screen: "" for the default, else its SGR code. */
function backgrounds(captured: string): string[][] {
  return captured.split("\n").map((line) => {
    const cells: string[] = [];
    let bg = "";
    // deno-lint-ignore no-control-regex
    for (const m of line.matchAll(/\x1b\[([\d;]*)m|([^\x1b])/gu)) {
      if (m[2] !== undefined) {
        cells.push(bg);
        continue;
      }
      const codes = m[1] === "" ? [0] : m[1].split(";").map(Number);
      for (let k = 0; k < codes.length; k++) {
        const c = codes[k];
        if (c === 0 || c === 49) bg = "";
        else if (c === 48) {
          const n = codes[k + 1] === 2 ? 4 : 2;
          bg = codes.slice(k, k + n + 1).join(";");
          k += n;
        } else if (c === 38) k += codes[k + 1] === 2 ? 4 : 2;
        else if ((c >= 40 && c <= 47) || (c >= 100 && c <= 107)) bg = String(c);
      }
    }
    return cells;
  });
}

for (const rows of [24, 50]) {
  Deno.test(`e2e 80x${rows}: the title's shading keeps off the score table, two columns and a row around it`, async () => {
    await using pane = await TmuxPane.open(80, rows);
    const scores = Array.from({ length: 10 }, (_, k) => ({
      score: 900 - k,
      depth: 2,
      level: 1,
      xp: 10,
      turns: 300,
      seed: 100 + k,
      date: "2026-11-21T10:00:00.000Z",
      cause: k % 2 ? "killed by an Orc" : "killed by a Troll",
      version: "0.1.0",
    }));
    await Deno.mkdir(`${pane.dir}/data/delve`, { recursive: true });
    await Deno.writeTextFile(
      `${pane.dir}/data/delve/scores.json`,
      JSON.stringify({ format: "delve-scores", version: 1, scores }),
    );
    const screen = await startGame(pane, 4850, `env COLORTERM=truecolor ${PLAY_TUTORIAL}`, false);
    const text = screen.split("\n");
    const header = text.findIndex((l) => l.includes("Score  Depth  Turns"));
    ok(header > 0, screen);
    // The table from its first rank to its longest cause (a crack in the wall may lie beyond).
    const table = text.slice(header + 1, header + 11);
    const left = table[0].indexOf(" 1.") - 2;
    const right = Math.max(...table.map((l) => Math.max(l.indexOf("Orc") + 3, l.indexOf("Troll") + 5))) + 2;
    const bg = backgrounds(await pane.tmux("capture-pane", "-e", "-p", "-t", "0"));
    const black = new Set(["", "40", "48;2;0;0;0", "48;5;0", "48;5;16"]);
    for (let y = header - 1; y <= Math.min(rows - 1, header + 11); y++) {
      for (let x = left; x < right; x++) {
        ok(black.has(bg[y][x] ?? ""), `black at ${x},${y}, found ${bg[y][x]}`);
      }
    }
    deepEqual(text.slice(header + 1, header + 11).map((l) => l.slice(left).trim().split(/\s+/)[0]), [
      "1.",
      "2.",
      "3.",
      "4.",
      "5.",
      "6.",
      "7.",
      "8.",
      "9.",
      "10.",
    ]);
    await pane.keys("q");
    await assertRestored(pane, 0);
  });
}

Deno.test("e2e 80x24: in the message history Home shows the oldest message on the top line, End the newest on the bottom", async () => {
  await using pane = await TmuxPane.open(80, 24);
  await startGame(pane, 4860);
  // Two messages by turns (so none stacks), and no turn passes: nothing here to pick up, no item z.
  for (let k = 0; k < 12; k++) await pane.keys("g", "i", "z", "Escape");
  await pane.waitFor((s) => s.includes("Invalid entry."), "the messages");
  await pane.keys("v");
  const lines = (s: string) => s.includes("┤Message history├") ? boxOn(s, "Message history").lines : [];
  const welcome = "Hello and welcome, adventurer, to yet another dungeon!";
  const opened = await pane.waitFor(
    (s) => lines(s).at(-1) === "Invalid entry.",
    "the history, newest at the foot",
  );
  ok(!lines(opened).includes(welcome), "more messages than the window holds");
  await pane.keys("Home");
  const top = await pane.waitFor((s) => lines(s)[0] === welcome, "the oldest on the top line", 5000);
  equal(lines(top)[1], "There is nothing here to pick up.", "and the next below it");
  await pane.keys("End");
  await pane.waitFor(
    (s) => lines(s).at(-1) === "Invalid entry." && !lines(s).includes(welcome),
    "the foot again",
  );
  await pane.keys("Escape");
  await quit(pane);
  await assertRestored(pane, 0);
});
