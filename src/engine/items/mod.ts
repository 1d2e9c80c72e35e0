/**
 * Items: stacks in a pack and their letters, names (known and unknown),
 * wearing, the powers an item has when used, and throwing.
 *
 * @module
 */
export { damageDiceOf, DEFAULT_SLOTS, equip, isWorn, unequip, wornBonus, wornIn } from "./equipment.ts";
export { countedName, isKnown, itemName, labelOf, unknownSlots } from "./item_names.ts";
export { confusionDepth, inBlast, type Targeting, targetingOf } from "./items.ts";
export { carry, countOf, letterAt, slotOfLetter, slotsByLetter } from "./stacks.ts";
export { flight, wallInLine } from "./throwing.ts";
