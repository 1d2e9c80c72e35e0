/**
 * The message log: every line the player has been told, with its colour.
 * A line equal to the one before it stacks as a count instead of repeating.
 *
 * @module
 */

/** One line of the log. `color` names a palette entry. */
export interface LogEntry {
  readonly text: string;
  readonly color: string;
  count: number;
}

/** Appends a line, or counts it again if it repeats the last one. */
export function addMessage(log: LogEntry[], text: string, color: string): void {
  const last = log.at(-1);
  if (last && last.text === text) {
    last.count++;
  } else {
    log.push({ text, color, count: 1 });
  }
}

/** The text as displayed: `text`, or `text (xN)` once it has stacked. */
export function displayText(entry: LogEntry): string {
  return entry.count > 1 ? `${entry.text} (x${entry.count})` : entry.text;
}
