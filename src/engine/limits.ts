/**
 * Where a game ends whatever the data says: the highest level and the
 * deepest floor. With every number in the data bounded, these bound what a
 * game can reach (the save's own bounds are worked out from them), and no
 * curve, however flat, can earn levels without end.
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
