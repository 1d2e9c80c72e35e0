import { deepEqual } from "node:assert/strict";
import { modProblems } from "./support/mod_problems.ts";

const DELVE_DATA = new URL("../data/", import.meta.url);

Deno.test("schema, reference and cross-file mistakes are all told in one run, one line each", async () => {
  const problems = await modProblems(DELVE_DATA, ({ game, entities, spawn }) => {
    game.map.floors[1].genrator = game.map.floors[1].generator;
    delete game.map.floors[1].generator;
    entities.rat.figther = entities.rat.fighter;
    delete entities.rat.fighter;
    entities.kobold.fighter.hp = "lots";
    entities.orc.color = "#12";
    entities.fireball_scroll.item.effect = { type: "damage_aera", radius: -3, amount: 14 };
    entities.health_potion.item.effect.amout = 10;
    delete entities.health_potion.item.effect.amount;
    spawn.monsters[0].weights.jackl = 5;
    spawn.monsters[0].weights.kobold = 30;
    spawn.items[0].weights.lightning_scrol = 2;
  });
  const kindsCut = problems.map((line) =>
    line.replace(/(expected one of "heal"), [^]*?(, found)/, "$1, …$2")
  );
  deepEqual(kindsCut, [
    // The floor plans' kind is a union of generators: the key meant is told, not every generator's fields.
    'mod/game.json: $.map.floors[1].genrator: unexpected key (did you mean "generator"?)',
    'mod/entities.json: $.rat.figther: unexpected key (did you mean "fighter"?)',
    'mod/entities.json: $.kobold.fighter.hp: expected number, found "lots"',
    'mod/entities.json: $.orc.color: expected a colour like "#RRGGBB", found "#12"',
    'mod/entities.json: $.health_potion.item.effect.amout: unexpected key (did you mean "amount"?)',
    // Every kind of effect is listed (here cut to "…": the list grows with the vocabulary).
    'mod/entities.json: $.fireball_scroll.item.effect.type: expected one of "heal", …, found "damage_aera" ' +
    '(did you mean "damage_area"?)',
    // Checked as the kind it was likely meant to be, so its other mistake is told in the same run.
    "mod/entities.json: $.fireball_scroll.item.effect.radius: expected a non-negative integer, at most 1000, " +
    "found -3",
    // The checks across files run on what passed: references to templates that do not exist.
    'mod/spawn_tables.json: $.monsters[0].weights.jackl: expected a template from mod/entities.json, found "jackl" ' +
    '(did you mean "jackal"?)',
    "mod/spawn_tables.json: $.items[0].weights.lightning_scrol: expected a template from mod/entities.json, " +
    'found "lightning_scrol" (did you mean "lightning_scroll"?)',
  ]);
});

Deno.test("the checks across files run beside a template's own mistakes, which they do not echo", async () => {
  const problems = await modProblems(DELVE_DATA, ({ game, entities }) => {
    game.messages.throw_blocked.color = "no_such_colour";
    // The spawn tables name the troll: a reference to a template with a mistake of its own is no second one.
    entities.troll.fighter.hp = -1;
  });
  deepEqual(problems, [
    "mod/entities.json: $.troll.fighter.hp: expected a positive integer, at most 1000000, found -1",
    'mod/game.json: $.messages.throw_blocked.color: expected a colour named in $.palette, found "no_such_colour"',
  ]);
});

Deno.test("a message a template's word says is required where a template uses the word, and nowhere else", async () => {
  const problems = await modProblems(DELVE_DATA, ({ game }) => {
    delete game.messages.burst;
    delete game.messages.nothing_to_identify;
  });
  deepEqual(problems, [
    "mod/game.json: $.messages.burst: expected the message mod/entities.json $.sleep_potion's thrown.burst says, " +
    "found none",
    "mod/game.json: $.messages.nothing_to_identify: expected the message mod/entities.json $.identify_scroll's " +
    'item.effect "identify" says, found none',
  ]);
});
