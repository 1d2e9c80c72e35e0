/**
 * A data folder's files as parsed, and how error lines name each: what the
 * loader hands to every check.
 *
 * @module
 */
import type { GameConfig, SpawnTablesConfig, TemplateConfig } from "./schemas.ts";

/** The files a data folder is made of, as parsed. */
export interface DataFiles {
  readonly game: GameConfig;
  readonly entities: Readonly<Record<string, TemplateConfig>>;
  readonly spawn: SpawnTablesConfig;
}

/** How each file is named in error lines. */
export interface Labels {
  readonly game: string;
  readonly entities: string;
  readonly spawn: string;
}
