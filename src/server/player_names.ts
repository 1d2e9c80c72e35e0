/**
 * Player names on the server: short, plain ASCII, safe in a path, a page
 * and a log line without escaping. Names are unique without regard to case
 * (the store compares them so), and keep the spelling the player gave.
 *
 * @module
 */
import { printable } from "../text/mod.ts";

/** The longest name, in characters. */
export const NAME_MAX_LENGTH = 20;

const NAME_CHARACTER = /^[A-Za-z0-9_-]$/;

/**
 * Why `name` is not a player name, as one line naming what was expected and
 * what was found (the offending character made printable, never the whole
 * input), or undefined when it is one.
 */
export function nameProblem(name: string): string | undefined {
  const characters = [...name];
  if (characters.length === 0) return "expected 1 to 20 letters, digits, - or _; found nothing";
  const at = characters.findIndex((ch) => !NAME_CHARACTER.test(ch));
  if (at >= 0) {
    return `expected only ASCII letters, digits, - and _; found "${printable(characters[at])}" ` +
      `at character ${at + 1}`;
  }
  if (characters.length > NAME_MAX_LENGTH) {
    return `expected at most ${NAME_MAX_LENGTH} characters; found ${characters.length}`;
  }
  return undefined;
}
