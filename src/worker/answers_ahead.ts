/**
 * The app's store of the worker's answers thought ahead, and the commands
 * the app played, which say which of them still fit the game. An answer is
 * played from a node along a path of commands (protocol.ts); it fits the
 * game at node `n` for the command keyed `k` when its path ends at `n` with
 * `k` and its earlier commands are the ones the app played from its node
 * on. Answers that can no longer fit are dropped as the game moves on.
 *
 * @module
 */
import type { Answer } from "./protocol.ts";

/** How many of the app's latest commands are kept to match paths against: more than any chain is long. */
const HISTORY = 64;

/** See the module's comment. */
export class AnswersAhead {
  /** Each answer by the node its path ends at and the key of its last command. */
  readonly #byEnd = new Map<string, Answer[]>();
  /** The key of the command the app played at each recent node (node → the next). */
  readonly #history = new Map<number, string>();
  /** The first node answers may be played from: older ones belong to a game sent before. */
  #since = 0;

  /** How many answers are held. */
  get size(): number {
    let n = 0;
    for (const list of this.#byEnd.values()) n += list.length;
    return n;
  }

  /** Files `answer`, unless it can no longer fit: the app is at node `node` now. */
  add(answer: Answer, node: number): void {
    const { keys } = answer, end = answer.base + keys.length - 1;
    if (answer.base < this.#since || end < node || keys.length === 0) return;
    const at = `${end} ${keys[keys.length - 1]}`;
    const list = this.#byEnd.get(at);
    if (list) list.push(answer);
    else this.#byEnd.set(at, [answer]);
  }

  /** The answer that fits the command keyed `key` at node `node`, if one came. */
  take(node: number, key: string): Answer | undefined {
    const list = this.#byEnd.get(`${node} ${key}`);
    return list?.find((answer) => this.#fits(answer, node));
  }

  /** Whether `answer`'s path, but its last command, is what the app played from its node to `node`. */
  #fits(answer: Answer, node: number): boolean {
    const { keys } = answer;
    for (let i = 0; i < keys.length - 1; i++) {
      if (this.#history.get(answer.base + i) !== keys[i]) return false;
    }
    return answer.base + keys.length - 1 === node;
  }

  /** The app played the command keyed `key` at node `node`: answers ending there are done with. */
  played(node: number, key: string): void {
    this.#history.set(node, key);
    this.#history.delete(node - HISTORY);
    for (const at of this.#byEnd.keys()) {
      if (Number(at.slice(0, at.indexOf(" "))) <= node) this.#byEnd.delete(at);
    }
  }

  /** The game was sent to the worker again as node `node`: every answer before is of another game. */
  reset(node: number): void {
    this.#byEnd.clear();
    this.#history.clear();
    this.#since = node;
  }
}
