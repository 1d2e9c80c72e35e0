/**
 * The numbers and texts the engine plays by. Content builds a {@link Rules}
 * from the data files; the engine never hard-codes them.
 *
 * @module
 */
import type { DungeonParams } from "./dungeon.ts";

/** Identifiers of the log messages the engine can produce. */
export type MessageId = "welcome" | "blocked";

/** A message's text, with `{placeholders}`, and its palette colour name. */
export interface MessageTemplate {
  readonly text: string;
  readonly color: string;
}

/** What the player starts as. */
export interface PlayerTemplate {
  readonly name: string;
  readonly glyph: string;
  /** 0xRRGGBB. */
  readonly color: number;
}

/** Everything the rules engine needs from content. */
export interface Rules {
  readonly dungeon: DungeonParams;
  /** FOV radius; 0 means unlimited. */
  readonly sightRadius: number;
  readonly player: PlayerTemplate;
  readonly messages: Readonly<Record<MessageId, MessageTemplate>>;
}
