/**
 * What this thread's monster phases decided: the phases run here (not
 * replayed from moves decided elsewhere) and the path maps they built. The
 * AI worker's client proves with them that a turn answered ahead cost the
 * main thread no thinking; nothing in the rules reads them.
 *
 * @module
 */

/** Counts since the thread began; see each. */
export interface PhaseCounts {
  /** Monster phases decided in this thread (`runMonsterPhase`). */
  decided: number;
  /** Distance maps to the player those phases built. */
  distanceMaps: number;
  /** Safety maps (for fleeing) they built. */
  safetyMaps: number;
}

/** This thread's counts. */
export const phaseCounts: PhaseCounts = { decided: 0, distanceMaps: 0, safetyMaps: 0 };
