/**
 * A bar that grows with each offence: an address kept out for a first
 * spell, twice as long each time it offends again soon after, up to a
 * longest, and given the first spell again once it has kept away long
 * enough. The socket bars and the door's pauses both run on it
 * (docs/server.md, Limits).
 *
 * @module
 */

/** One address's bar: until when (ms) it lasts, and how many offences it counts. */
export interface Bar {
  readonly until: number;
  readonly times: number;
}

/** How a kind of bar grows. */
export interface BarTerms {
  /** The first spell, in ms. */
  readonly firstMs: number;
  /** The longest spell, however often the address offends. */
  readonly longestMs: number;
  /** Offences are forgotten once a bar has been over this long. */
  readonly forgivenAfterMs: number;
}

/** The bar an offence at `now` brings, after the bar `before` (if any), on `terms`. */
export function nextBar(before: Bar | undefined, now: number, terms: BarTerms): Bar {
  const times = before !== undefined && before.until + terms.forgivenAfterMs > now ? before.times + 1 : 1;
  return { until: now + Math.min(terms.firstMs * 2 ** (times - 1), terms.longestMs), times };
}
