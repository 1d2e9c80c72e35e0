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

/** The most things one pack holds: a letter each, a to z. */
export const MAX_CAPACITY = 26;
