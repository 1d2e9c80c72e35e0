/**
 * A won game seen on screen: the bot wins a game of the floors mod (three
 * kept floors, an amulet to carry out), `sim --record` keeps its replay,
 * and `deno task replay` plays it back in a real terminal (tmux) at 80x24
 * and 80x50, to the victory window; a key ends it and the terminal is
 * given back as it was.
 */
import { equal, ok } from "node:assert/strict";
import { assertRestored, DENO } from "./support/e2e_game.ts";
import { TmuxPane } from "./support/tmux.ts";

const FLOORS_MOD = "tests/fixtures/mods/floors";
/** A seed the bot wins the floors mod with, in about a thousand turns. */
const WINNING_SEED = 1;

for (const [columns, rows] of [[80, 24], [80, 50]]) {
  Deno.test(`e2e ${columns}x${rows}: a bot's winning game, recorded by sim, plays back to the victory window`, async () => {
    await using pane = await TmuxPane.open(columns, rows);
    const replay = `${pane.dir}/win.replay.json.gz`;
    const sim = await new Deno.Command(DENO, {
      args: ["task", "-q", "sim", "--data", FLOORS_MOD, "--seed", String(WINNING_SEED), "--record", replay],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const said = new TextDecoder().decode(sim.stdout);
    equal(sim.code, 0, new TextDecoder().decode(sim.stderr));
    ok(said.includes("won: escaped with the Amulet of the Deep"), said);
    ok(said.includes(`replay written: ${replay}`), said);
    const d = pane.dir;
    await pane.run(
      `stty -g > ${d}/before; "${DENO}" task -q replay ${replay} --data ${FLOORS_MOD} --speed 1000 2> ${d}/stderr; ` +
        `echo $? > ${d}/exit; stty -g > ${d}/after`,
    );
    const end = await pane.waitFor((s) => s.includes("┤Victory├"), "the victory window", 60_000);
    for (const text of ["You won! Escaped with the Amulet of the Deep", "The replay is over: press a key."]) {
      ok(end.replaceAll(/\s*\n│\s*/g, " ").includes(text), `${text}\n${end}`);
    }
    ok(end.includes("You climb out into the daylight"), end);
    await pane.keys("q");
    await assertRestored(pane, 0);
  });
}
