/**
 * Worn speed, stealth and regeneration (docs/rules.md, Equipment slots;
 * Speed and energy; Regeneration), with the time mod (tests/fixtures/mods/
 * time/: energy and regeneration) and three rings of its own: a ring of
 * speed makes its wearer act twice a turn, a ring of stealth adds to the
 * stealth sleepers roll against, a ring of regeneration heals faster than
 * the rules' own rate and never slower.
 */
import { equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import {
  type EntityTemplate,
  equip,
  instantiate,
  newGame,
  PhaseContext,
  playerOf,
  regenerationOf,
  type Rules,
  speedOf,
} from "../src/engine/mod.ts";

const base = (await loadContent(new URL("./fixtures/mods/time/", import.meta.url), "time/")).rules;

function ring(id: string, bonus: Record<string, unknown>): EntityTemplate {
  return {
    id,
    name: id,
    glyph: "=",
    color: 0xffffff,
    equippable: { slot: "armor", power: 0, defense: 0, ...bonus },
  } as EntityTemplate;
}

const rules: Rules = {
  ...base,
  templates: {
    ...base.templates,
    speed_ring: ring("speed_ring", { speed: 100 }),
    stealth_ring: ring("stealth_ring", { stealth: 70 }),
    regeneration_ring: ring("regeneration_ring", { regeneration: { hp: 1, turns: 2 } }),
    slow_ring: ring("slow_ring", { regeneration: { hp: 1, turns: 100 } }),
  },
};

function wearing(template: string) {
  const state = newGame(rules, 3);
  const player = playerOf(state);
  const item = instantiate(rules.templates[template], state.nextId++, 0, 0);
  player.inventory!.items.push(item);
  equip(player, item, [], true);
  return { state, player };
}

Deno.test("a worn ring of speed adds to its wearer's speed: twice the energy a turn", () => {
  const { player } = wearing("speed_ring");
  equal(speedOf(player, rules), 2 * speedOf(playerOf(newGame(rules, 3)), rules));
});

Deno.test("a worn ring of stealth adds to the stealth sleeping monsters roll against, up to 100", () => {
  const bare = playerOf(newGame(rules, 3));
  const { state, player } = wearing("stealth_ring");
  const ctx = (p: typeof player) =>
    new PhaseContext(state.map, state.entities, p, undefined, rules.templates);
  const own = ctx(bare).stealth;
  equal(ctx(player).stealth, Math.min(100, own + 70));
});

Deno.test("a worn ring of regeneration heals at its rate where that is faster than the wearer's own, never slower", () => {
  const own = regenerationOf(playerOf(newGame(rules, 3)), rules)!;
  ok(own, "the mod's player regenerates");
  equal(regenerationOf(wearing("regeneration_ring").player, rules)!.turns, 2);
  equal(regenerationOf(wearing("slow_ring").player, rules), own);
});
