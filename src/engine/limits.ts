/**
 * Where a game ends whatever the data says: the highest level, the deepest
 * floor and the longest game. With every number in the data bounded, these
 * bound what a game can reach (the save's own bounds are worked out from
 * them), and no curve, however flat, can earn levels without end.
 *
 * @module
 */

/** The highest character level: the level-up window never offers more. */
export const MAX_LEVEL = 1000;

/** The deepest floor: its stairs lead nowhere. */
export const MAX_FLOOR = 100_000;

/**
 * The most confusions one monster can be under at once. Each keeps the mind
 * it had before (a confused monster confused again remembers being
 * confused), so a save nests a level deeper for each; past this, another
 * scroll only lengthens the outermost one. No tutorial game comes near it,
 * and it keeps every save far inside the depth its reader takes.
 */
export const MAX_CONFUSIONS = 64;

/** The most things one pack holds: a letter each, a to z. */
export const MAX_CAPACITY = 26;

/**
 * The most monsters one floor holds. The data checks hold a floor's making
 * to it, and a summoning calls no more once a floor has this many living:
 * each key's work is bounded by it (src/content/limits.ts, WORK_LIMITS).
 */
export const MAX_MONSTERS_ON_FLOOR = 2000;

/**
 * The most steps (monsters' actions and ends of turns, together) one player
 * action may be followed by: a player of the least speed (1) paying the
 * most an action may cost (data/limits: 1000) waits 1,000 turns, in each of
 * which a monster of the most speed (1000) paying the least (1) acts 1,000
 * times. This only guards against a loop, and against energy no game holds.
 */
export const MAX_STEPS_A_PHASE = 1_000_000;

/**
 * The most turns a game takes (docs/rules.md, Turns). A turn is one action
 * of the player's (a key, or a step of a walk), so no game comes near it: a
 * key a second for thirty years. The save's reader takes no more, and the
 * engine takes no action past it, so a game loaded within it stays within it.
 */
export const MAX_TURNS = 1_000_000_000;

/**
 * The most turns of game time a game's clock counts (its `ticks`, kept
 * with the energy scheduler): {@link MAX_STEPS_A_PHASE} for each of
 * {@link MAX_TURNS}, still a safe integer with room for a phase more. The
 * engine takes no action that could pass it.
 */
export const MAX_TICKS = MAX_TURNS * MAX_STEPS_A_PHASE;
