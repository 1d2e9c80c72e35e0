/**
 * A walk played ahead in the worker: the same behaviour the app walks by
 * (engine `behaviorOf`, made from a copy of the same orders at the same
 * node), asked for its steps on the worker's copies in turn, each step a
 * branch below the last. The behaviour is asked once a node, as the app
 * asks its own, so the two stay in step while the app takes the steps the
 * chain proposed; any other command ends the chain.
 *
 * @module
 */
import type { Action, Behavior, WalkStop } from "../../engine/mod.ts";
import type { Branch } from "./branches.ts";
import { commandKey } from "../command_key.ts";

/** See the module's comment. */
export class WalkChain {
  /** The keys of the steps proposed from the root on, in order (the last perhaps not played yet). */
  readonly keys: string[] = [];
  /** The deepest branch played along the chain (the root when none). */
  tip: Branch;
  /** The step the behaviour proposed at the tip, not played yet. */
  pending: Action | undefined;
  /** Why the walk stops at the tip, once the behaviour has said so; its steps end there. */
  stop: WalkStop | undefined;
  /** True once a step proved impossible: the walk ends there, told by the app. */
  blocked = false;

  /** `id`: the app's number for the walk; `root`: the node it begins at. */
  constructor(readonly id: number, readonly behavior: Behavior, root: Branch) {
    this.tip = root;
  }

  /** True while the chain can be played further. */
  get open(): boolean {
    return this.stop === undefined && !this.blocked;
  }

  /**
   * The next step to play below the tip and its key, asking the behaviour
   * for it if it has not been asked at the tip; undefined when the walk
   * stops there.
   */
  proposal(): { act: Action; key: string } | undefined {
    const state = this.tip.state!;
    if (!this.pending) {
      if (!this.open) return undefined;
      const step = this.behavior.next(state);
      if ("stop" in step) {
        this.stop = step.stop;
        return undefined;
      }
      this.pending = step.act;
      this.keys.push(commandKey(state, { act: step.act }));
    }
    return { act: this.pending, key: this.keys[this.keys.length - 1] };
  }

  /** The step proposed at the tip was played (`child`; `possible`: it took time): the tip moves to it. */
  played(child: Branch, possible: boolean): void {
    this.pending = undefined;
    if (possible) this.tip = child;
    else this.blocked = true;
  }

  /**
   * The app took the command keyed `key` at the root `root` (whose game is
   * as the command found it): whether the chain still holds. A chain that
   * had proposed nothing at the root proposes now, as the app's behaviour
   * did.
   */
  accepts(key: string, root: Branch): boolean {
    if (this.keys.length === 0) {
      if (this.tip !== root) return false;
      if (!this.proposal()) return false;
    }
    return this.keys[0] === key;
  }

  /** The root moved from `from` to `to` along the chain's first step. */
  rooted(from: Branch, to: Branch): void {
    this.keys.shift();
    if (this.tip === from) {
      this.tip = to;
      this.pending = undefined;
    }
  }
}
