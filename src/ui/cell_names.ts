/**
 * What the panel says is on a map cell: the names under the pointer
 * (docs/rules.md, Screen layout), what the player stands on, and look mode's whole description,
 * the terrain included.
 *
 * @module
 */
import { itemNumbers } from "./item_numbers.ts";
import { type Entity, isKnown, labelOf, playerOf, type Point, Tile } from "../engine/mod.ts";
import { LAYER_ORDER } from "./map_view.ts";
import { describeLines } from "./describe_screen.ts";
import { wrapText } from "./text.ts";
import type { UiContext } from "./screen.ts";

/** The first letter upper-cased, the rest as it is. */
function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What the player calls `e`: an item as they know it (docs/rules.md, Unknown items), anything else by its name. */
function nameOf(ui: UiContext, e: Entity): string {
  return e.layer === "item" ? labelOf(ui.state, ui.rules, e) : e.name;
}

/** The things on `p` the player sees now, topmost first (actors, then items dropped last first, then corpses). */
function thingsAt(ui: UiContext, p: Point): Entity[] {
  const { map, entities } = ui.state;
  if (p.x < 0 || p.y < 0 || p.x >= map.width || p.y >= map.height || !map.visible[p.y * map.width + p.x]) {
    return [];
  }
  return entities
    .filter((e) => e.x === p.x && e.y === p.y)
    .reverse()
    .sort((a, b) => LAYER_ORDER[b.layer] - LAYER_ORDER[a.layer]);
}

/**
 * What is on map cell `p`, as the panel names it under the pointer
 * (docs/rules.md, Screen layout): every thing there, topmost first, joined by ", ", first letter
 * capitalised; nothing when the cell is out of view.
 */
export function namesAt(ui: UiContext, p: Point | undefined): string {
  return p ? capitalised(thingsAt(ui, p).map((e) => nameOf(ui, e)).join(", ")) : "";
}

/** The terrain's name at `p` as the player knows it: "unexplored" where never seen. */
function terrainAt(ui: UiContext, p: Point): string {
  const { map } = ui.state;
  const i = p.y * map.width + p.x;
  if (!map.explored[i]) return ui.theme.shroud.name;
  const fire = ui.theme.fire;
  if (fire && map.visible[i] && map.fire && map.fire[i] > 0) return fire.name;
  const gas = map.visible[i] && map.gas && map.gas[i] > 0
    ? ui.theme.gases?.[map.gasKind?.[i] ?? 0]
    : undefined;
  if (gas) return `${gas.name}, ${ui.theme.tiles[map.tiles[i]].name}`;
  return ui.theme.tiles[map.tiles[i]].name;
}

/**
 * Look mode's line for `p`: the things there the player sees, topmost
 * first, then the terrain ("Orc, Health Potion, stairs down", "Wall",
 * "Unexplored").
 */
export function describeCell(ui: UiContext, p: Point): string {
  return capitalised([...thingsAt(ui, p).map((e) => nameOf(ui, e)), terrainAt(ui, p)].join(", "));
}

/**
 * What look mode tells of the topmost thing at `p` with a description, if
 * the player sees it: its name, its description and, for a monster, its
 * numbers. An item not yet identified keeps its secret.
 */
export function descriptionAt(ui: UiContext, p: Point): { title: string; lines: string[] } | undefined {
  const thing = thingsAt(ui, p).find((e) => ui.rules.templates[e.template]?.description !== undefined);
  if (!thing || (thing.layer === "item" && !isKnown(ui.state, ui.rules, thing.template))) return undefined;
  const template = ui.rules.templates[thing.template];
  const lines = [template.description!];
  const fighter = thing.fighter;
  if (fighter && thing.layer === "actor" && thing !== playerOf(ui.state)) {
    const damage = template.fighter?.damage;
    const speed = template.speed ?? 100;
    lines.push(
      `HP ${fighter.hp}/${fighter.maxHp}` + (damage ? `, damage ${damage}` : "") +
        `, power ${fighter.power}, defense ${fighter.defense}` + (speed !== 100 ? `, speed ${speed}` : ""),
    );
    // Said from its state, so that it is no longer said once the monster wakes.
    if (thing.ai?.type === "hostile" && thing.ai.asleep) lines.push(ui.theme.texts.panel.side.asleepLook);
  }
  if (thing.layer === "item") lines.push(...itemNumbers(thing, ui.rules));
  return { title: capitalised(nameOf(ui, thing)), lines };
}

/**
 * Enter in Delve's look: what is under the cursor, whatever it is, wrapped
 * to 46 columns. The topmost thing the player sees there: a monster (or the
 * player) by its description and numbers, an item as the describe window
 * tells it (docs/rules.md, Windows), remains by their description; else
 * the terrain as known.
 */
export function lookDescription(ui: UiContext, p: Point): { title: string; lines: string[] } {
  const even = ui.theme.evenWrap, wrap = (lines: string[]) => lines.flatMap((l) => wrapText(l, 46, even));
  const thing = thingsAt(ui, p)[0];
  if (thing?.layer === "item") {
    return { title: capitalised(nameOf(ui, thing)), lines: describeLines(ui, thing) };
  }
  if (thing) {
    const about = descriptionAt(ui, p);
    if (about && about.title === capitalised(nameOf(ui, thing))) {
      return { title: about.title, lines: wrap(about.lines) };
    }
    return { title: capitalised(nameOf(ui, thing)), lines: ["Nothing more is known of it."] };
  }
  const { map } = ui.state;
  const known = p.x >= 0 && p.y >= 0 && p.x < map.width && p.y < map.height &&
    map.explored[p.y * map.width + p.x];
  const terrain = capitalised(terrainAt(ui, p));
  if (!known) return { title: terrain, lines: ["You have not seen this place."] };
  const seen = map.visible[p.y * map.width + p.x] === 1;
  return {
    title: terrain,
    lines: wrap([
      seen ? `${terrain}, and nothing on it.` : `${terrain}, as you remember it: out of sight now.`,
    ]),
  };
}

/**
 * What the player stands on, when it is more than floor: the things under
 * them and the stairs ("Health Potion, stairs down"); "" on bare floor.
 */
export function underfoot(ui: UiContext): string {
  const player = playerOf(ui.state);
  const { map } = ui.state;
  const things = thingsAt(ui, player).filter((e) => e !== player).map((e) => nameOf(ui, e));
  const tile = map.tiles[player.y * map.width + player.x];
  const onStairs = tile === Tile.DownStairs || tile === Tile.UpStairs;
  return capitalised([...things, ...(onStairs ? [terrainAt(ui, player)] : [])].join(", "));
}
