import { deepEqual, equal, ok } from "node:assert/strict";
import { balanceReport, simCommand, simulate } from "../src/commands/mod.ts";
import { loadContent } from "../src/content/mod.ts";
import { bundledContent, DATA_LABEL } from "./support/content.ts";
import { captureConsole } from "./support/console_capture.ts";

const content = await bundledContent();

Deno.test("soak slice: 30 bot games of up to 800 turns never throw, and the bot gets somewhere", () => {
  const results = Array.from({ length: 30 }, (_, k) => simulate(content, 1000 + k, 800));
  equal(results.length, 30);
  for (const r of results) {
    ok(r.depth >= 1 && r.turns <= 800 && r.level >= 1, JSON.stringify(r));
    equal(r.kills.length, r.depth, "a kill count for every floor reached");
    equal(r.arrivals.length, r.depth, "an arrival turn for every floor reached");
    ok(
      r.arrivals.every((t, f) => f === 0 ? t === 0 : t > r.arrivals[f - 1] && t <= r.turns),
      `${r.arrivals}`,
    );
    ok(r.end === "alive" || /^(killed by an? \w+|burned by a fireball|died)$/.test(r.end), r.end);
  }
  ok(results.some((r) => r.depth >= 3), "some games go three floors deep");
  ok(results.some((r) => r.end !== "alive"), "and some end in death");
});

Deno.test("with kept floors and a goal the bot climbs back up with the goal and wins, and the report counts wins", async () => {
  const floors = await loadContent(new URL("./fixtures/mods/floors/", import.meta.url), "floors/");
  const results = Array.from({ length: 10 }, (_, k) => simulate(floors, 1 + k, 20_000));
  const won = results.filter((r) => r.end === "won: escaped with the Amulet of the Deep");
  ok(won.length >= 1, results.map((r) => r.end).join(", "));
  for (const r of won) equal(r.depth, 3, "the amulet lies on floor 3: the winner went there and back");
  const report = balanceReport(results, "floors/");
  ok(report.includes(`won: ${won.length} (${(won.length * 10).toFixed(1)} %)`), report);
  // Every blow or shot at the bot is counted, by its monster's name: with the floors mod's plain combat,
  // every one lands (no to-hit roll), for power − defense.
  const orcs = results.map((r) => r.attacksOnBot.Orc).filter((t) => t !== undefined);
  ok(orcs.length > 0 && orcs.every((t) => t.hits === t.attacks && t.damage >= 0), JSON.stringify(orcs));
  ok(report.includes("monsters' blows and shots at the bot"), report);
});

Deno.test("the same seed plays the same game", () => {
  deepEqual(simulate(content, 77, 600), simulate(content, 77, 600));
});

Deno.test("the balance report has every section a modder tunes by", () => {
  const report = balanceReport([simulate(content, 5, 300), simulate(content, 6, 300)], DATA_LABEL);
  for (
    const part of [
      "Delve balance report: 2 games, data data/",
      "depth reached:",
      "turns:",
      "level:",
      "how games ended:",
      "kills by floor",
      "turn of first arrival by floor",
      "games at the turn limit:",
      "deaths while fleeing:",
    ]
  ) {
    ok(report.includes(part), part);
  }
});

Deno.test("the bot's troubles: a game cut off at the turn limit is listed with its floor and turn", () => {
  const cut = simulate(content, 5, 40);
  ok(cut.turnLimit && !cut.died, "40 turns end no game");
  const report = balanceReport([cut], DATA_LABEL);
  ok(report.includes("games at the turn limit: 1"), report);
  ok(report.includes(`  seed 5: floor ${cut.endFloor}, turn ${cut.turns}`), report);
  ok(report.includes("deaths with a known escape or healing unused in the pack: 0 of 0"), report);
});

Deno.test("sim's command line: a bad flag or value is one line and exit 2", async () => {
  const zero = await captureConsole(() => simCommand(["--games", "zero"]));
  const bogus = await captureConsole(() => simCommand(["--bogus"]));
  const many = await captureConsole(() => simCommand(["--games", "2", "--record", "/tmp/never-written.gz"]));
  deepEqual([zero.result, bogus.result, many.result], [2, 2, 2]);
  const errors = [...zero.err, ...bogus.err, ...many.err];
  ok(errors[0].startsWith('delve sim: --games: expected an integer from 1 to 100000, found "zero"'));
  ok(errors[1].startsWith("delve sim: unknown flag --bogus"));
  ok(errors[2].startsWith("delve sim: --record keeps one game's replay: give --games 1"), errors[2]);
});
