/**
 * A monster's shot (docs/rules.md, Monster minds): the projectile flies
 * along the line of fire toward the cell aimed at and reaches the first
 * actor in its way, where it lands as the shooter's melee blow would (its
 * to-hit and damage rolled, and its on-hit statuses, where the rules roll
 * them, from the rolls stream, which the main thread's replay draws alike).
 *
 * @module
 */
import { afflict, blowDamage, takeDamage } from "../../combat.ts";
import type { Entity } from "../../entity.ts";
import type { GameEvent } from "../../events.ts";
import { lineCells, type Point } from "../../../algorithms/mod.ts";
import type { Occupancy } from "../../occupancy.ts";
import type { Rules } from "../../rules.ts";
import type { GameState } from "../../state.ts";
import { ignite } from "../../fire.ts";

/** How a shot looks and reads when its shooter's template says nothing (it is not ranged). */
const PLAIN_SHOT = { verb: "shoots at", glyph: "*", color: 0xffffff } as const;

/** `actor` shoots at the cell (dx, dy) from it; the events of the shot. */
export function shoot(
  state: GameState,
  rules: Rules,
  actor: Entity,
  dx: number,
  dy: number,
  occupancy: Occupancy,
): GameEvent[] {
  const { map } = state;
  const template = rules.templates[actor.template]?.ai;
  const look = typeof template === "object" && template.ranged ? template.ranged : PLAIN_SHOT;
  const path: Point[] = [];
  let hit: Entity | undefined;
  for (const p of lineCells(actor, { x: actor.x + dx, y: actor.y + dy })) {
    if (p.x < 0 || p.y < 0 || p.x >= map.width || p.y >= map.height) break;
    if (map.transparent[p.y * map.width + p.x] !== 1) break;
    path.push(p);
    hit = occupancy.livingActorAt(p.x, p.y);
    if (hit) break;
  }
  const blow = hit ? blowDamage(state, actor, hit, rules) : 0;
  const damage = blow ?? 0;
  const events: GameEvent[] = [{
    type: "shot",
    attackerId: actor.id,
    attacker: actor.name,
    targetId: hit?.id,
    target: hit?.name,
    damage,
    ...(blow === undefined ? { missed: true } : {}),
    verb: look.verb,
    path,
    glyph: look.glyph,
    color: look.color,
  }];
  if (hit && damage > 0) {
    takeDamage(hit, damage, rules, events, actor.id);
    afflict(state, actor, hit, rules, events);
  }
  const end = path[path.length - 1];
  if (end && typeof template === "object" && template.ranged?.ignites) {
    ignite(map, rules, end.y * map.width + end.x);
  }
  return events;
}
