/**
 * Making entities from templates.
 *
 * @module
 */
import type { Entity } from "./entity.ts";
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
    const { hp, defense, power } = template.fighter;
    entity.fighter = { maxHp: hp, hp, defense, power };
  }
  if (template.ai === "hostile") entity.ai = { type: "hostile", lastSeen: -1, path: [] };
  if (template.xp !== undefined) entity.xpGiven = template.xp;
  if (template.item || template.equippable) entity.item = { effect: template.item?.effect };
  // Only a template with charges gives the field: other things keep the shape they always had.
  if (template.item?.charges !== undefined) entity.item!.charges = template.item.charges;
  if (template.equippable) entity.equippable = { ...template.equippable };
  if (template.inventoryCapacity !== undefined) {
    entity.inventory = { capacity: template.inventoryCapacity, items: [] };
  }
  return entity;
}
