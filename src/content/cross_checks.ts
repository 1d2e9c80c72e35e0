/**
 * Checks that span fields or files: room sizes that fit the map, colours
 * named in the palette, an XP curve whose every level costs XP, spawn
 * tables naming templates that exist (and are the right kind), floors in
 * order.
 *
 * @module
 */
import { cheapLevel, DEFAULT_SLOTS, formatTemplate, MAX_LEVEL } from "../engine/mod.ts";
import { combatProblems } from "./combat_checks.ts";
import { DATA_LIMITS, NAME_LIMITS } from "./limits.ts";
import { mapProblems } from "./map_checks.ts";
import { describeValue, foundTemplate } from "./problems.ts";
import type { GameConfig } from "./schemas.ts";
import type { DataFiles, Labels } from "./data_files.ts";
import { FULL_PANEL_ROWS } from "./screen_texts_schema.ts";
import { TEMPLATE_WORDED_MESSAGES, WORDED_MESSAGES } from "./message_schema.ts";
import { workProblems } from "./work_checks.ts";

/** How long the corpse name `template` can grow once each `{name}` holds the longest name a template may have. */
function longestCorpseName(template: string): number {
  const placeholders = template.match(/\{[Nn]ame\}/g)?.length ?? 0;
  return template.length + placeholders * (NAME_LIMITS.template - "{name}".length);
}

function gameProblems(label: string, game: GameConfig): string[] {
  const problems: string[] = [];
  const { width, height, roomMinSize, roomMaxSize } = game.map;
  if (roomMaxSize < roomMinSize) {
    problems.push(
      `${label}: $.map.roomMaxSize: expected at least roomMinSize (${roomMinSize}), found ${roomMaxSize}`,
    );
  }
  const corpse = longestCorpseName(game.corpse.name);
  if (corpse > NAME_LIMITS.thing) {
    problems.push(
      `${label}: $.corpse.name: expected a name of at most ${NAME_LIMITS.thing} characters with the longest ` +
        `actor's name (${NAME_LIMITS.template}) filled in for {name}, found one of ${corpse}`,
    );
  }
  const fits = Math.min(width, height) - 1;
  for (const [field, size] of [["roomMinSize", roomMinSize], ["roomMaxSize", roomMaxSize]] as const) {
    if (size > fits) {
      problems.push(
        `${label}: $.map.${field}: expected at most ${fits} to fit the ${width}x${height} map, found ${size}`,
      );
    }
  }
  for (const [id, message] of Object.entries(game.messages)) {
    const colors = typeof message.color === "string"
      ? [["color", message.color]]
      : [["color.player", message.color.player], ["color.other", message.color.other]];
    for (const [field, name] of colors) {
      if (!Object.hasOwn(game.palette, name)) {
        problems.push(
          `${label}: $.messages.${id}.${field}: expected a colour named in $.palette, found ${
            describeValue(name)
          }`,
        );
      }
    }
  }
  if (game.lowHp && !Object.hasOwn(game.palette, game.lowHp.color)) {
    problems.push(
      `${label}: $.lowHp.color: expected a colour named in $.palette, found ${
        describeValue(game.lowHp.color)
      }`,
    );
  }
  for (const [id, word] of WORDED_MESSAGES) {
    const on = word.split(".").reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], game);
    // A word is on when true, or, for a word that is an object (`sneak`), when given.
    if ((on === true || (typeof on === "object" && on !== null)) && game.messages[id] === undefined) {
      problems.push(`${label}: $.messages.${id}: expected the message $.${word} says, found none`);
    }
  }
  const cheap = cheapLevel(game.progression);
  if (cheap) {
    problems.push(
      `${label}: $.progression.xpForNextLevel: expected every level up to ${MAX_LEVEL} to cost at least 1 XP ` +
        `(else the level-up window never closes), found level ${cheap.level} costing ${
          Number(cheap.cost.toPrecision(3))
        }`,
    );
  }
  const keys = game.progression.choices.map((c) => c.key);
  keys.forEach((key, i) => {
    if (keys.indexOf(key) !== i) {
      problems.push(
        `${label}: $.progression.choices[${i}].key: expected a key no other choice uses, found "${key}"`,
      );
    }
  });
  return problems;
}

/** The panel under the map: its lines fit in its 7 rows and leave the HP bar's row alone. */
function panelProblems(label: string, game: GameConfig): string[] {
  const { barRow, linesRow, lines } = game.panel.below;
  const last = linesRow + lines.length - 1;
  if (last > FULL_PANEL_ROWS - 1) {
    return [
      `${label}: $.panel.below.linesRow: expected the ${lines.length} lines to end by row ${
        FULL_PANEL_ROWS - 1
      }, found them ending at row ${last}`,
    ];
  }
  if (barRow >= linesRow && barRow <= last) {
    return [
      `${label}: $.panel.below.barRow: expected a row the lines (${linesRow} to ${last}) leave free, found ${barRow}`,
    ];
  }
  return [];
}

/** A death line that names its cause needs the words for it. */
function causeProblems(label: string, game: GameConfig): string[] {
  const words = game.messages.monster_died.text;
  const texts = typeof words === "string" ? [words] : Object.values(words);
  if (!texts.some((text) => text.includes("{cause}")) || game.death?.causes) return [];
  return [
    `${label}: $.death.causes: expected the words for {cause}, as $.messages.monster_died uses it, found none`,
  ];
}

/** Statuses: how many, and their colours in the palette. */
function statusProblems(label: string, game: GameConfig): string[] {
  const problems: string[] = [];
  const statuses = Object.entries(game.statuses ?? {});
  if (statuses.length > DATA_LIMITS.statuses) {
    problems.push(
      `${label}: $.statuses: expected at most ${DATA_LIMITS.statuses} statuses, found ${statuses.length}`,
    );
  }
  for (const [id, status] of statuses) {
    for (const when of ["start", "end"] as const) {
      const name = status[when].color;
      if (!Object.hasOwn(game.palette, name)) {
        problems.push(
          `${label}: $.statuses.${id}.${when}.color: expected a colour named in $.palette, found ${
            describeValue(name)
          }`,
        );
      }
    }
  }
  for (const [id, gas] of Object.entries(game.gases ?? {})) {
    if (!Object.hasOwn(game.statuses ?? {}, gas.status)) {
      problems.push(
        `${label}: $.gases.${id}.status: expected a status of $.statuses, found ${describeValue(gas.status)}`,
      );
    }
    if (gas.released && !Object.hasOwn(game.palette, gas.released.color)) {
      problems.push(
        `${label}: $.gases.${id}.released.color: expected a colour named in $.palette, found ${
          describeValue(gas.released.color)
        }`,
      );
    }
  }
  const lost = game.water?.lost.color;
  if (lost !== undefined && !Object.hasOwn(game.palette, lost)) {
    problems.push(
      `${label}: $.water.lost.color: expected a colour named in $.palette, found ${describeValue(lost)}`,
    );
  }
  const burn = game.fire?.burn?.color;
  if (burn !== undefined && !Object.hasOwn(game.palette, burn)) {
    problems.push(
      `${label}: $.fire.burn.color: expected a colour named in $.palette, found ${describeValue(burn)}`,
    );
  }
  return problems;
}

/** Items and blows that put on a status name one the game file defines; blows are a monster's. */
function effectProblems(labels: Labels, game: GameConfig, entities: DataFiles["entities"]): string[] {
  const problems: string[] = [];
  const known = (status: string) => Object.hasOwn(game.statuses ?? {}, status);
  const unknown = (path: string, status: string) =>
    `${labels.entities}: $.${path}: expected a status of ${labels.game} $.statuses, found "${status}"`;
  for (const [id, t] of Object.entries(entities)) {
    const effect = t.item?.effect;
    if (effect?.type === "apply_status" && !known(effect.status)) {
      problems.push(unknown(`${id}.item.effect.status`, effect.status));
    }
    const burst = t.item?.thrown?.burst;
    if (burst && !known(burst.status)) problems.push(unknown(`${id}.item.thrown.burst.status`, burst.status));
    if (effect?.type === "cloud" && !Object.hasOwn(game.gases ?? {}, effect.kind)) {
      problems.push(
        `${labels.entities}: $.${id}.item.effect.kind: expected a gas of ${labels.game} $.gases, found "${effect.kind}"`,
      );
    }
    t.onHit?.forEach((hit, i) => {
      if (!known(hit.status)) problems.push(unknown(`${id}.onHit[${i}].status`, hit.status));
    });
    if (t.onHit && !t.fighter) {
      problems.push(
        `${labels.entities}: $.${id}.onHit: expected only on a template with a fighter, found it`,
      );
    }
  }
  return problems;
}

function entityProblems(label: string, entities: DataFiles["entities"], playerUnchecked: boolean): string[] {
  const problems: string[] = [];
  for (const [id, t] of Object.entries(entities)) {
    const kinds = [t.fighter && "fighter", t.item && "item", t.equippable && "equippable"].filter(Boolean);
    if (kinds.length !== 1) {
      problems.push(
        `${label}: $.${id}: expected exactly one of fighter, item or equippable, found ${
          kinds.length === 0 ? "none" : kinds.join(" and ")
        }`,
      );
    }
    if (t.ai && !t.fighter) {
      problems.push(
        `${label}: $.${id}.ai: expected only on a template with a fighter, found ${JSON.stringify(t.ai)}`,
      );
    }
    if (t.pack && !t.ai) {
      problems.push(
        `${label}: $.${id}.pack: expected only on a monster (a template with an ai), found a pack`,
      );
    }
    // An actor drawn where it is while out of sight would be seen through walls.
    if (t.alwaysVisible && t.fighter) {
      problems.push(
        `${label}: $.${id}.alwaysVisible: expected only on an item or a thing to wear, found true`,
      );
    }
    (t.startingEquipment ?? []).forEach((item, i) => {
      if (!entities[item]?.equippable) {
        problems.push(
          `${label}: $.${id}.startingEquipment[${i}]: expected an equippable template, found "${item}"`,
        );
      }
    });
  }
  const player = entities.player;
  if (!player) {
    if (!playerUnchecked) problems.push(`${label}: $.player: expected the player's template, found nothing`);
  } else if (!player.fighter) {
    problems.push(`${label}: $.player.fighter: expected the player's fighter, found nothing`);
  } else if (player.ai) {
    problems.push(`${label}: $.player.ai: expected no AI on the player, found ${JSON.stringify(player.ai)}`);
  }
  return problems;
}

/** The slots, summons and unknown kinds templates name, checked against game.json and each other. */
function powerProblems(labels: Labels, game: GameConfig, entities: DataFiles["entities"]): string[] {
  const problems: string[] = [];
  const slots = game.equipmentSlots ?? DEFAULT_SLOTS;
  const kinds = game.unknownItems ?? {};
  const counts = new Map<string, number>();
  for (const [id, t] of Object.entries(entities)) {
    const slot = t.equippable?.slot;
    if (slot !== undefined && !slots.includes(slot)) {
      problems.push(
        `${labels.entities}: $.${id}.equippable.slot: expected a slot of ${labels.game}'s equipmentSlots (${
          slots.join(", ")
        }), found "${slot}"`,
      );
    }
    const effect = t.item?.effect;
    if (effect?.type === "summon" && effect.template !== undefined) {
      const summoned = entities[effect.template];
      if (!summoned?.fighter || !summoned.ai) {
        problems.push(
          `${labels.entities}: $.${id}.item.effect.template: expected a monster template (fighter and ai), found "${effect.template}"`,
        );
      }
    }
    if (t.unknown === undefined) continue;
    if (!t.item && !t.equippable) {
      problems.push(
        `${labels.entities}: $.${id}.unknown: expected only on an item or equippable, found "${t.unknown}"`,
      );
    } else if (!Object.hasOwn(kinds, t.unknown)) {
      problems.push(
        `${labels.entities}: $.${id}.unknown: expected a kind of ${labels.game}'s unknownItems, found "${t.unknown}"`,
      );
    } else counts.set(t.unknown, (counts.get(t.unknown) ?? 0) + 1);
  }
  for (const [kind, { name, appearances }] of Object.entries(kinds)) {
    const count = counts.get(kind) ?? 0;
    if (appearances.length < count) {
      problems.push(
        `${labels.game}: $.unknownItems.${kind}.appearances: expected at least ${count} (one for each template of the kind), found ${appearances.length}`,
      );
    }
    const longest = Math.max(...appearances.map((a) => formatTemplate(name, { appearance: a }).length));
    if (longest > NAME_LIMITS.template) {
      problems.push(
        `${labels.game}: $.unknownItems.${kind}: expected names of at most ${NAME_LIMITS.template} characters with each appearance filled in, found one of ${longest}`,
      );
    }
  }
  return problems;
}

function spawnProblems(labels: Labels, files: Pick<DataFiles, "entities" | "spawn">): string[] {
  const problems: string[] = [];
  const { spawn, entities } = files;
  const label = labels.spawn;
  for (const table of ["maxMonstersPerRoom", "maxItemsPerRoom", "monsters", "items"] as const) {
    spawn[table].forEach((step, i) => {
      const previous = spawn[table][i - 1];
      if (previous && step.floor <= previous.floor) {
        problems.push(
          `${label}: $.${table}[${i}].floor: expected a floor above ${previous.floor} (floors in ascending order), found ${step.floor}`,
        );
      }
    });
  }
  const kinds = { monsters: "a monster (fighter and ai)", items: "an item or equippable" } as const;
  for (const table of ["monsters", "items"] as const) {
    spawn[table].forEach((step, i) => {
      for (const id of Object.keys(step.weights)) {
        const t = entities[id];
        const where = `${label}: $.${table}[${i}].weights.${id}`;
        if (!t) {
          problems.push(
            `${where}: expected a template from ${labels.entities}, found ${foundTemplate(id, entities)}`,
          );
        } else if (table === "monsters" ? !(t.fighter && t.ai) : !(t.item || t.equippable)) {
          problems.push(`${where}: expected ${kinds[table]}, found "${id}"`);
        }
      }
    });
  }
  return problems;
}

/**
 * Backgrounds (docs/rules.md, Backgrounds) that share an id, wear what cannot be worn or two things in one
 * slot, carry what is no item, or take the player's numbers past the data's bounds.
 */
function backgroundProblems(
  labels: Labels,
  game: DataFiles["game"],
  entities: DataFiles["entities"],
): string[] {
  const problems: string[] = [];
  const player = entities.player?.fighter;
  const seen = new Set<string>();
  (game.backgrounds ?? []).forEach((b, i) => {
    const where = `${labels.game}: $.backgrounds[${i}]`;
    if (seen.has(b.id)) problems.push(`${where}.id: expected an id no other background has, found "${b.id}"`);
    seen.add(b.id);
    const slots = new Set<string>();
    (b.equipment ?? []).forEach((id, k) => {
      const worn = entities[id]?.equippable;
      if (!worn) {
        problems.push(`${where}.equipment[${k}]: expected an equippable template, found "${id}"`);
      } else if (slots.has(worn.slot)) {
        problems.push(
          `${where}.equipment[${k}]: expected one thing a slot, found a second for "${worn.slot}"`,
        );
      } else slots.add(worn.slot);
    });
    (b.items ?? []).forEach(({ item }, k) => {
      const t = entities[item];
      if (!t || !(t.item || t.equippable) || t.fighter) {
        problems.push(`${where}.items[${k}].item: expected an item template, found "${item}"`);
      }
    });
    if (!player) return;
    const bound = (field: string, value: number, min: number, max: number) => {
      if (value < min || value > max) {
        problems.push(
          `${where}.${field}: expected the player's ${
            field.split(".").pop()
          } with it from ${min} to ${max}, ` +
            `found ${value}`,
        );
      }
    };
    const add = b.fighter ?? {};
    bound("fighter.hp", player.hp + (add.hp ?? 0), 1, DATA_LIMITS.hp);
    bound("fighter.power", player.power + (add.power ?? 0), -DATA_LIMITS.stat, DATA_LIMITS.stat);
    bound("fighter.defense", player.defense + (add.defense ?? 0), -DATA_LIMITS.stat, DATA_LIMITS.stat);
    bound("fighter.accuracy", (player.accuracy ?? 0) + (add.accuracy ?? 0), -100, 100);
    bound("fighter.evasion", (player.evasion ?? 0) + (add.evasion ?? 0), -100, 100);
    bound("speed", (entities.player.speed ?? 100) + (b.speed ?? 0), 1, DATA_LIMITS.speed);
    if (game.sightRadius > 0) bound("sight", game.sightRadius + (b.sight ?? 0), 1, DATA_LIMITS.sight);
  });
  return problems;
}

/** A goal that names no item, one a floor could also draw (so not unique), or one never placed (docs/rules.md, A goal). */
function goalProblems(labels: Labels, files: Pick<DataFiles, "game" | "entities" | "spawn">): string[] {
  const goal = files.game.dungeon?.goal;
  if (!goal) return [];
  const problems: string[] = [];
  const where = `${labels.game}: $.dungeon.goal`;
  const t = files.entities[goal.item];
  if (!t) {
    problems.push(
      `${where}.item: expected a template from ${labels.entities}, found ${
        foundTemplate(goal.item, files.entities)
      }`,
    );
  } else if (!(t.item || t.equippable)) {
    problems.push(`${where}.item: expected an item or equippable template, found "${goal.item}"`);
  }
  files.spawn.items.forEach((step, i) => {
    if (Object.hasOwn(step.weights, goal.item)) {
      problems.push(
        `${labels.spawn}: $.items[${i}].weights.${goal.item}: expected no weight for the goal item ` +
          `(it is unique, placed once on floor ${goal.floor}), found ${step.weights[goal.item]}`,
      );
    }
  });
  if (goal.guardian !== undefined && !files.entities[goal.guardian]?.ai) {
    problems.push(
      `${where}.guardian: expected a monster template (with an ai) from ${labels.entities}, ` +
        `found "${goal.guardian}"`,
    );
  }
  const floors = files.game.dungeon?.floors ?? "fresh";
  if (floors !== "persistent") {
    problems.push(
      `${where}: expected $.dungeon.floors "persistent" (else the goal item is never placed and ` +
        `floor 1 has no way out), found "${floors}"`,
    );
  }
  return problems;
}

/** A bottom floor needs kept floors, and the goal must lie no deeper than it. */
function bottomProblems(label: string, game: DataFiles["game"]): string[] {
  const bottom = game.dungeon?.bottom;
  if (bottom === undefined) return [];
  const where = `${label}: $.dungeon.bottom`;
  const problems: string[] = [];
  const floors = game.dungeon?.floors ?? "fresh";
  if (floors !== "persistent") {
    problems.push(
      `${where}: expected $.dungeon.floors "persistent" (fresh floors have no bottom), found "${floors}"`,
    );
  }
  const goal = game.dungeon?.goal;
  if (goal && goal.floor > bottom) {
    problems.push(`${where}: expected no shallower than the goal's floor ${goal.floor}, found ${bottom}`);
  }
  return problems;
}

/** The messages a template's word says that the game file does not give, one line each. */
function templateWordProblems(labels: Labels, game: GameConfig, entities: DataFiles["entities"]): string[] {
  const problems: string[] = [];
  for (const [id, { word, uses }] of TEMPLATE_WORDED_MESSAGES) {
    const user = Object.entries(entities).find(([, t]) => uses(t))?.[0];
    if (user !== undefined && game.messages[id] === undefined) {
      problems.push(
        `${labels.game}: $.messages.${id}: expected the message ${labels.entities} $.${user}'s ${word} says, ` +
          "found none",
      );
    }
  }
  return problems;
}

/** The template a problem says it found where it expected another kind of thing, if it names one. */
const FOUND_ID = /found "([^"]*)"(?: \(did you mean "[^"]*"\?\))?$/;

/**
 * Every problem that spans fields or files, for the files that parsed.
 * `unchecked`: ids of templates written but left out of `files` for their
 * own problems, told already; a reference to one is not a problem.
 */
export function crossChecks(
  labels: Labels,
  files: Partial<DataFiles>,
  unchecked: ReadonlySet<string> = new Set(),
): string[] {
  const problems = spanningProblems(labels, files, unchecked.has("player"));
  if (unchecked.size === 0) return problems;
  return problems.filter((problem) => !unchecked.has(FOUND_ID.exec(problem)?.[1] ?? ""));
}

function spanningProblems(labels: Labels, files: Partial<DataFiles>, playerUnchecked: boolean): string[] {
  const { game, entities, spawn } = files;
  return [
    ...(game ? gameProblems(labels.game, game) : []),
    ...(game ? mapProblems(labels.game, labels.entities, game, entities) : []),
    ...(game ? statusProblems(labels.game, game) : []),
    ...(game ? bottomProblems(labels.game, game) : []),
    ...(game ? causeProblems(labels.game, game) : []),
    ...(game ? panelProblems(labels.game, game) : []),
    ...(game && entities ? effectProblems(labels, game, entities) : []),
    ...(game && entities ? templateWordProblems(labels, game, entities) : []),
    ...(entities ? entityProblems(labels.entities, entities, playerUnchecked) : []),
    ...(entities && spawn ? spawnProblems(labels, { entities, spawn }) : []),
    ...(game && entities && spawn ? goalProblems(labels, { game, entities, spawn }) : []),
    ...(game && entities ? backgroundProblems(labels, game, entities) : []),
    ...combatProblems(labels, game, entities),
    ...(game && entities ? powerProblems(labels, game, entities) : []),
    ...workProblems(labels, files),
  ];
}
