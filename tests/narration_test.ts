/**
 * How fights read in the log: words by who did what (the player, someone to
 * the player, one monster to another), and, where the rules say so, only
 * what the player sees.
 */
import { deepEqual, equal } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import {
  displayText,
  type GameEvent,
  type GameState,
  instantiate,
  isWalkable,
  newGame,
  playerOf,
  type Rules,
  settleAndNarrate,
} from "../src/engine/mod.ts";
import { bundledContent } from "./support/content.ts";

const delve = (await loadContent(new URL("../data/", import.meta.url), "data/")).rules;
const tcod = (await bundledContent()).rules;
const mod = (await loadContent(new URL("./fixtures/mods/narration/", import.meta.url), "narration/")).rules;

/** A monster of `template` put at (x, y), its id. */
function place(state: GameState, rules: Rules, template: string, x: number, y: number): number {
  const monster = instantiate(rules.templates[template], state.nextId++, x, y);
  state.entities.push(monster);
  return monster.id;
}

/** A blow from `attackerId` to `targetId` (both named as their entities are), for `damage`. */
function blow(state: GameState, attackerId: number, targetId: number, damage: number): GameEvent {
  const name = (id: number) => state.entities.find((e) => e.id === id)!.name;
  return {
    type: "attacked",
    attackerId,
    attacker: name(attackerId),
    targetId,
    target: name(targetId),
    damage,
  };
}

/** The lines `events` add to the log. */
function told(state: GameState, rules: Rules, events: GameEvent[]): string[] {
  const before = state.log.length;
  settleAndNarrate(state, rules, events);
  return state.log.slice(before).map(displayText);
}

/** A cell of `state`'s floor that is walkable and in view (`seen`) or out of it, away from the player. */
function cell(state: GameState, seen: boolean): { x: number; y: number } {
  const { map } = state, { width, height, visible } = map;
  const player = playerOf(state);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (
        isWalkable(map, x, y) && Boolean(visible[i]) === seen &&
        Math.max(Math.abs(x - player.x), Math.abs(y - player.y)) > 1
      ) {
        return { x, y };
      }
    }
  }
  throw new Error(`no ${seen ? "seen" : "unseen"} cell`);
}

Deno.test("a mod's words by who did what: the player's blow, a blow to the player, and one between monsters", () => {
  const state = newGame(mod, 1);
  const at = cell(state, true);
  const orc = place(state, mod, "orc", at.x, at.y), troll = place(state, mod, "troll", at.x, at.y);
  const player = state.playerId;
  deepEqual(told(state, mod, [blow(state, player, orc, 3)]), ["You hit the Orc for 3."]);
  deepEqual(told(state, mod, [blow(state, orc, player, 2)]), ["The Orc hits you for 2."]);
  deepEqual(told(state, mod, [blow(state, troll, orc, 4)]), ["The Troll hits the Orc for 4."]);
  deepEqual(told(state, mod, [blow(state, orc, troll, 0)]), ["The Orc hits the Troll, but does no damage."]);
});

Deno.test("where the rules tell only what is seen, a fight out of sight goes unsaid, one in sight is told, and the player's kill anywhere", () => {
  const state = newGame(mod, 2);
  const far = cell(state, false), near = cell(state, true);
  const [a, b] = [place(state, mod, "orc", far.x, far.y), place(state, mod, "orc", far.x, far.y)];
  const [c, d] = [place(state, mod, "orc", near.x, near.y), place(state, mod, "orc", near.x, near.y)];
  deepEqual(told(state, mod, [blow(state, a, b, 1)]), [], "out of sight: nothing");
  deepEqual(told(state, mod, [blow(state, c, d, 1)]), ["The Orc hits the Orc for 1."]);
  // One of the two in sight is enough: a monster seen hitting into the dark.
  deepEqual(told(state, mod, [blow(state, c, a, 2)]), ["The Orc hits the Orc for 2."]);
  // A death out of sight: unsaid when another monster dealt it (what the player gains by it is theirs to
  // read), told when the player dealt it.
  const unseenDeath = told(state, mod, [{ type: "died", entityId: a, name: "Orc", by: b }]);
  deepEqual(unseenDeath.filter((line) => line.includes("Orc")), [], unseenDeath.join());
  const kill = told(state, mod, [{ type: "died", entityId: b, name: "Orc", by: state.playerId }]);
  equal(kill[0], "The Orc is dead!");
});

Deno.test("Delve's own game uses both words: its fights read by who did what, and unseen ones go unsaid", () => {
  const state = newGame(delve, 3);
  const far = cell(state, false), near = cell(state, true);
  const template = Object.keys(delve.templates).find((t) => delve.templates[t].ai !== undefined)!;
  const [a, b] = [place(state, delve, template, far.x, far.y), place(state, delve, template, far.x, far.y)];
  const seen = place(state, delve, template, near.x, near.y);
  deepEqual(told(state, delve, [blow(state, a, b, 1)]), []);
  const line = told(state, delve, [blow(state, seen, state.playerId, 1)])[0];
  equal(line.includes("Player"), false, `the player is "you": ${line}`);
});

Deno.test("the tutorial rule sets tell every fight in one set of words, seen or not, as before", () => {
  const state = newGame(tcod, 4);
  const far = cell(state, false);
  const [a, b] = [place(state, tcod, "orc", far.x, far.y), place(state, tcod, "troll", far.x, far.y)];
  deepEqual(told(state, tcod, [blow(state, a, b, 2)]), ["Orc attacks Troll for 2 hit points."]);
  deepEqual(told(state, tcod, [blow(state, a, state.playerId, 2)]), ["Orc attacks Player for 2 hit points."]);
});

Deno.test("words by who did what with one left out are refused with the one line that names it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "delve-narration-" });
  try {
    const from = new URL("./fixtures/mods/narration/", import.meta.url);
    for (const file of ["game.json", "entities.json", "spawn_tables.json"]) {
      await Deno.copyFile(new URL(file, from), `${dir}/${file}`);
    }
    const game = JSON.parse(await Deno.readTextFile(`${dir}/game.json`));
    game.messages.attack.text = { byPlayer: "You hit the {target}.", toPlayer: "The {attacker} hits you." };
    await Deno.writeTextFile(`${dir}/game.json`, JSON.stringify(game));
    const refused = await loadContent(new URL(`file://${dir}/`), "mod/").then(() => [], (e) => e.problems);
    deepEqual(refused, ["mod/game.json: $.messages.attack.text.other: expected string, found nothing"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("Delve's log: a sleeper that wakes is 'The Pit Viper wakes up.', and a thrown item hits in a blow's words", () => {
  const state = newGame(delve, 5);
  const at = cell(state, true);
  const id = place(state, delve, "snake", at.x, at.y);
  deepEqual(told(state, delve, [{ type: "woke", entityId: id, name: "Pit Viper", seen: true }]), [
    "The Pit Viper wakes up.",
  ]);
  const [melee] = told(state, delve, [blow(state, state.playerId, id, 3)]);
  const [thrown] = told(state, delve, [
    { type: "thrown_hit", item: "Dagger", targetId: id, target: "Pit Viper", damage: 3 },
  ]);
  equal(thrown, melee.replace(/^You hit /, "The Dagger hits "), `${melee} / ${thrown}`);
});
