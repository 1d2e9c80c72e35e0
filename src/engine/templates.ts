/**
 * Making entities from templates.
 *
 * @module
 */
import type { Entity } from "./entity.ts";
import { initialAi } from "./monsters/minds/mind.ts";
import type { EntityTemplate } from "./rules.ts";

/** A new entity from `template`, standing at (x, y). */
export function instantiate(template: EntityTemplate, id: number, x: number, y: number): Entity {
  const actor = template.fighter !== undefined;
  const entity: Entity = {
    id,
    template: template.id,
    name: template.name,
    glyph: template.glyph,
    color: template.color,
    x,
    y,
    blocksMovement: actor,
    layer: actor ? "actor" : "item",
  };
  if (template.fighter) {
    const { hp, defense, power, damage, accuracy, evasion } = template.fighter;
    entity.fighter = { maxHp: hp, hp, defense, power };
    // Rolled combat's words only where the data gives them, so other rule sets' states stay as they were.
    if (damage !== undefined) entity.fighter.damage = damage;
    if (accuracy !== undefined) entity.fighter.accuracy = accuracy;
    if (evasion !== undefined) entity.fighter.evasion = evasion;
  }
  if (template.ai) entity.ai = initialAi(template.ai);
  if (template.xp !== undefined) entity.xpGiven = template.xp;
  if (template.speed !== undefined) entity.speed = template.speed;
  if (template.item || template.equippable) {
    const { effect, stacks, plural, thrown } = template.item ?? {};
    entity.item = { effect };
    if (stacks) entity.item = { ...entity.item, stacks, plural };
    if (thrown) entity.item = { ...entity.item, thrown: { ...thrown } };
  }
  // Only a template with charges gives the field: other things keep the shape they always had.
  if (template.item?.charges !== undefined) entity.item!.charges = template.item.charges;
  if (template.equippable) entity.equippable = { ...template.equippable };
  if (template.inventoryCapacity !== undefined) {
    entity.inventory = { capacity: template.inventoryCapacity, items: [] };
  }
  return entity;
}
