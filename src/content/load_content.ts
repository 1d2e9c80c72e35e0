/**
 * Loads a data folder into the engine's {@link Rules} and the look of the
 * game, or fails with every problem in every file at once.
 *
 * @module
 */
import type { Rules } from "../engine/rules.ts";
import { ContentError, describeValue } from "./problems.ts";
import { readDataFile } from "./read_json.ts";
import { type EntitiesConfig, entitiesSchema, type GameConfig, gameSchema } from "./schemas.ts";

/** A loaded data folder. */
export interface Content {
  readonly rules: Rules;
  /** The game file as written, for the look of things (tiles, palette). */
  readonly game: GameConfig;
}

/** `#RRGGBB` as 0xRRGGBB. */
export function parseColor(hex: string): number {
  return parseInt(hex.slice(1), 16);
}

function crossChecks(label: string, game: GameConfig): string[] {
  const problems: string[] = [];
  const { width, height, roomMinSize, roomMaxSize } = game.map;
  if (roomMaxSize < roomMinSize) {
    problems.push(
      `${label}: $.map.roomMaxSize: expected at least roomMinSize (${roomMinSize}), found ${roomMaxSize}`,
    );
  }
  if (roomMinSize > Math.min(width, height) - 1) {
    problems.push(
      `${label}: $.map.roomMinSize: expected a room that fits the ${width}x${height} map, found ${roomMinSize}`,
    );
  }
  for (const [id, message] of Object.entries(game.messages)) {
    if (!(message.color in game.palette)) {
      problems.push(
        `${label}: $.messages.${id}.color: expected a colour named in $.palette, found ${
          describeValue(message.color)
        }`,
      );
    }
  }
  return problems;
}

function toRules(game: GameConfig, entities: EntitiesConfig): Rules {
  return {
    dungeon: game.map,
    sightRadius: game.sightRadius,
    player: { ...entities.player, color: parseColor(entities.player.color) },
    messages: game.messages,
  };
}

/**
 * Reads `game.json` and `entities.json` from `dir`. `labelDir` is how the
 * folder is named in error lines (e.g. `data/`).
 */
export async function loadContent(dir: URL, labelDir: string): Promise<Content> {
  const problems: string[] = [];
  const attempt = async <T>(read: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await read();
    } catch (e) {
      if (!(e instanceof ContentError)) throw e;
      problems.push(...e.problems);
      return undefined;
    }
  };
  const gameLabel = `${labelDir}game.json`;
  const game = await attempt(() => readDataFile(dir, "game.json", gameSchema, gameLabel));
  const entities = await attempt(() =>
    readDataFile(dir, "entities.json", entitiesSchema, `${labelDir}entities.json`)
  );
  if (game) problems.push(...crossChecks(gameLabel, game));
  if (problems.length > 0 || !game || !entities) throw new ContentError(problems);
  return { rules: toRules(game, entities), game };
}
