/**
 * Runs the monsters' half of each turn, in the AI worker when it answers and
 * in-process when it does not. Either way the state ends the same, because
 * the worker's moves are replayed here with the same engine functions.
 *
 * @module
 */
import type { GameEvent } from "../engine/events.ts";
import type { GameMap } from "../engine/game_map.ts";
import { applyMonsterMoves, runMonsterPhase } from "../engine/monster_phase.ts";
import type { Rules } from "../engine/rules.ts";
import type { GameState } from "../engine/state.ts";
import { type FromWorker, parseMoves, type ToWorker, turnPayload } from "../engine/worker_protocol.ts";

/** What went wrong with the worker, for whoever wants to know. */
export type WorkerFault = "error" | "timeout" | "failed";

/** Something that plays the monsters' turns on a state. */
export interface MonsterRunner {
  run(state: GameState): Promise<GameEvent[]>;
  /** Faults met so far, oldest first (a crashed worker may have printed). */
  readonly faults: readonly WorkerFault[];
  close(): void;
}

/** The monsters, in this thread. */
export class InProcessRunner implements MonsterRunner {
  readonly faults: readonly WorkerFault[] = [];

  constructor(readonly rules: Rules) {}

  run(state: GameState): Promise<GameEvent[]> {
    return Promise.resolve(runMonsterPhase(state, this.rules).events);
  }

  close(): void {}
}

/** The AI worker's module, found from this file as in a compiled binary. */
export const AI_WORKER_URL: URL = new URL("../../workers/ai_worker.ts", import.meta.url);

/** The AI worker runs with no permissions at all: it only computes. */
export const AI_WORKER_OPTIONS: WorkerOptions = { type: "module", deno: { permissions: "none" } };

/** How long a turn may take in the worker before it is given up on. */
export const WORKER_TIMEOUT_MS = 1000;

/**
 * The monsters, in a worker with no permissions. If the worker throws,
 * dies or does not answer in time, it is replaced and the turn runs
 * in-process, so the game goes on exactly as it would have.
 */
export class WorkerRunner implements MonsterRunner {
  #worker: Worker | undefined;
  #seq = 0;
  #mapIds = new WeakMap<GameMap, number>();
  #sentMap: GameMap | undefined;
  #nextMapId = 1;
  #pending: ((reply: FromWorker | WorkerFault) => void) | undefined;
  /** Faults seen so far, oldest first. */
  readonly faults: WorkerFault[] = [];

  constructor(
    readonly rules: Rules,
    readonly timeoutMs = WORKER_TIMEOUT_MS,
    readonly workerUrl: URL = AI_WORKER_URL,
  ) {}

  /** The current worker (started on first use). */
  get worker(): Worker {
    if (!this.#worker) {
      const worker = new Worker(this.workerUrl, AI_WORKER_OPTIONS);
      worker.onmessage = (e: MessageEvent<FromWorker>) => this.#settle(e.data);
      worker.onerror = (e) => {
        e.preventDefault();
        this.#settle("error");
      };
      worker.onmessageerror = () => this.#settle("error");
      this.#post(worker, { type: "rules", rules: this.rules });
      this.#worker = worker;
      this.#sentMap = undefined;
    }
    return this.#worker;
  }

  #post(worker: Worker, message: ToWorker): void {
    worker.postMessage(message);
  }

  #settle(reply: FromWorker | WorkerFault): void {
    const pending = this.#pending;
    this.#pending = undefined;
    pending?.(reply);
  }

  #mapId(map: GameMap): number {
    let id = this.#mapIds.get(map);
    if (id === undefined) {
      id = this.#nextMapId++;
      this.#mapIds.set(map, id);
    }
    return id;
  }

  /** Asks the worker for this turn's moves; resolves to them or to a fault. */
  #ask(state: GameState): Promise<FromWorker | WorkerFault> {
    const worker = this.worker;
    const mapId = this.#mapId(state.map);
    if (this.#sentMap !== state.map) {
      // The grids are shared memory: this is the only time they travel.
      this.#post(worker, { type: "map", mapId, map: state.map });
      this.#sentMap = state.map;
    }
    const seq = ++this.#seq;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.#settle("timeout"), this.timeoutMs);
      this.#pending = (reply) => {
        clearTimeout(timer);
        resolve(reply);
      };
      this.#post(worker, { type: "turn", seq, mapId, state: turnPayload(state) });
    });
  }

  async run(state: GameState): Promise<GameEvent[]> {
    const reply = await this.#ask(state);
    if (typeof reply !== "string" && reply.type === "moves" && reply.seq === this.#seq) {
      const events = applyMonsterMoves(state, this.rules, parseMoves(reply.moves));
      state.rng = reply.rng;
      return events;
    }
    this.faults.push(typeof reply === "string" ? reply : "failed");
    this.#restart();
    return runMonsterPhase(state, this.rules).events;
  }

  #restart(): void {
    this.#worker?.terminate();
    this.#worker = undefined;
  }

  close(): void {
    this.#settle("error");
    this.#restart();
  }
}
