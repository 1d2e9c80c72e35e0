/**
 * Making entities from templates.
 *
 * @module
 */
import type { Entity } from "./entity.ts";
import { initialAi } from "./minds/mind.ts";
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
  if (template.ai) entity.ai = initialAi(template.ai);
  if (template.xp !== undefined) entity.xpGiven = template.xp;
  if (template.item || template.equippable) entity.item = { effect: template.item?.effect };
  if (template.equippable) entity.equippable = { ...template.equippable };
  if (template.inventoryCapacity !== undefined) {
    entity.inventory = { capacity: template.inventoryCapacity, items: [] };
  }
  return entity;
}
