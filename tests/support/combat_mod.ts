/** The combat test mod (tests/fixtures/mods/combat/): rolled combat, stacks, kept letters, darts. */
import { type Content, loadContent } from "../../src/content/mod.ts";
import { type GameState, Rng, type Rules } from "../../src/engine/mod.ts";
import { arena } from "./arena.ts";

export const COMBAT_MOD = new URL("../fixtures/mods/combat/", import.meta.url);

let cached: Content | undefined;

/** The combat mod's content, loaded once. */
export async function combatContent(): Promise<Content> {
  cached ??= await loadContent(COMBAT_MOD, "combat/");
  return cached;
}

/** {@link arena} with the rolls stream a new game of rules that roll combat has. */
export function rolledArena(
  rules: Rules,
  picture: string,
  things: Record<string, string> = {},
  seed = 1,
): GameState {
  const state = arena(rules, picture, things, seed);
  // Seeds mixed: the generator's first draws from nearby plain seeds are alike.
  if (rules.combat) state.rolls = Rng.fromSeed(Math.imul(seed, 0x9e3779b1) >>> 0).state();
  return state;
}
