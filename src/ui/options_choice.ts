/**
 * What the player chose on the options screen: a plain value the screen
 * returns and the program saves, so neither needs the screen to name it.
 *
 * @module
 */
import type { KeyChoice } from "./key_presets.ts";

/** What the options screen sets. */
export interface OptionsChoice extends KeyChoice {
  /** The pause between a walk's steps, in milliseconds. */
  readonly walkDelayMs: number;
  /** The most message lines the panel shows; 0: as many as fit. */
  readonly logLines?: number;
  /** False: explore neither goes to items nor stops on them. */
  readonly exploreStopsForItems?: boolean;
  /** Item kinds picked up on stepping onto them: template ids, or unknown kinds (`potion`). */
  readonly autoPickup?: readonly string[];
  /** The display palette's id (docs/options.md, Palettes); absent: the rule set's own colours. */
  readonly palette?: string;
}
