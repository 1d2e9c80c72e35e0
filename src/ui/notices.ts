/**
 * The program's notices during a game: where a file was written, why a
 * save failed, a key that does nothing here ("Invalid entry."). They are
 * not the game's: the game's log (and its checksum, and its replay) holds
 * only what commands made. The player reads them in the log area all the
 * same, each where it was told among the game's messages.
 *
 * @module
 */
import { type LogEntry, message, type MessageId, type Rules } from "../engine/mod.ts";

/** A notice, and where the game's log stood when it was told. */
export interface Notice {
  readonly entry: LogEntry;
  /** The game's log entries before it. */
  readonly after: number;
  /** How many times the last of them had been said (it may be said again after the notice). */
  readonly afterCount: number;
}

/** The notices of one game, oldest first. */
export class Notices {
  readonly list: Notice[] = [];

  /**
   * Adds a notice after the game's `log` as it stands; one that repeats the
   * notice just before it, nothing said between, counts again instead.
   */
  add(log: readonly LogEntry[], text: string, color: string): void {
    const after = log.length, afterCount = log.at(-1)?.count ?? 0;
    const last = this.list.at(-1);
    if (last && last.after === after && last.afterCount === afterCount && last.entry.text === text) {
      last.entry.count++;
    } else {
      this.list.push({ entry: { text, color, count: 1 }, after, afterCount });
    }
  }

  /** Adds the rules' message `id` (nothing, when these rules say nothing for it). */
  tell(
    log: readonly LogEntry[],
    rules: Rules,
    id: MessageId,
    params?: Readonly<Record<string, string | number>>,
  ): void {
    const said = message(rules, id, params);
    if (said) this.add(log, said.text, said.color);
  }

  /** Changes whenever what {@link shownNewestFirst} gives does (for caches). */
  get version(): string {
    return `${this.list.length}:${this.list.at(-1)?.entry.count ?? 0}`;
  }
}

/**
 * The log as the player sees it, newest first: the game's messages with the
 * notices among them where they were told. A message said again after a
 * notice shows again below it, as it did when it was said.
 */
export function* shownNewestFirst(log: readonly LogEntry[], notices: Notices): Generator<LogEntry> {
  const list = notices.list;
  let k = list.length - 1, m = log.length - 1, said = log[m]?.count ?? 0;
  while (m >= 0 || k >= 0) {
    const notice = list[k];
    // The notice was told after the m-th entry's `said`-th saying, or later: it comes first.
    if (notice && (notice.after > m + 1 || (notice.after === m + 1 && notice.afterCount >= said))) {
      yield notice.entry;
      k--;
      continue;
    }
    // The sayings of entry m after the notice told amid them (if one was), as one line.
    const from = notice && notice.after === m + 1 ? notice.afterCount : 0;
    const entry = log[m];
    yield from === 0 && said === entry.count ? entry : { ...entry, count: said - from };
    if (from > 0) said = from;
    else said = log[--m]?.count ?? 0;
  }
}

/** The log as the player sees it, oldest first (see {@link shownNewestFirst}). */
export function shownLog(log: readonly LogEntry[], notices: Notices): LogEntry[] {
  return [...shownNewestFirst(log, notices)].reverse();
}
