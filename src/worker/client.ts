/**
 * The client of the AI worker: runs the monsters' half of each turn in the
 * worker when it answers and in-process when it does not (restarting it).
 * Either way the state ends the same, because the worker's moves are
 * replayed here with the same engine functions.
 *
 * @module
 */
import type { GameEvent } from "../engine/events.ts";
import type { GameMap } from "../engine/game_map.ts";
import { applyMonsterMoves, runMonsterPhase } from "../engine/monster_phase.ts";
import type { Rules } from "../engine/rules.ts";
import type { GameState } from "../engine/state.ts";
import { planWalk } from "./plan.ts";
import {
  type FromWorker,
  parseMoves,
  type PlanAnswer,
  type PlanRequest,
  type ToWorker,
  turnPayload,
} from "./protocol.ts";
import type { MonsterRunner, WorkerFault } from "./runner.ts";

/** The AI worker's module, found from this file as in a compiled binary. */
export const AI_WORKER_URL: URL = new URL("../../workers/ai_worker.ts", import.meta.url);

/** The AI worker runs with no permissions at all: it only computes. */
export const AI_WORKER_OPTIONS: WorkerOptions = { type: "module", deno: { permissions: "none" } };

/** How long a turn may take in the worker before it is given up on. */
export const WORKER_TIMEOUT_MS = 1000;

/** How long a new worker may take to load before it counts as failed. */
export const WORKER_STARTUP_MS = 10_000;

/**
 * The monsters, in a worker with no permissions. If the worker throws,
 * dies or does not answer in time, it is replaced and the turn runs
 * in-process, so the game goes on exactly as it would have. While a worker
 * is still loading, turns run in-process too: a cold start never stalls a
 * key, and the time limit only ever counts a loaded worker's thinking.
 */
export class WorkerRunner implements MonsterRunner {
  #worker: Worker | undefined;
  #loaded = false;
  #ready: Promise<boolean> = Promise.resolve(false);
  #seq = 0;
  #mapIds = new WeakMap<GameMap, number>();
  #sentMap: GameMap | undefined;
  #nextMapId = 1;
  #pending: ((reply: FromWorker | WorkerFault) => void) | undefined;
  /** Faults seen so far, oldest first. */
  readonly faults: WorkerFault[] = [];
  /** Turns the worker answered. */
  workerTurns = 0;
  /** Milliseconds the worker spent on them, as it measured. */
  workerMs = 0;

  constructor(
    readonly rules: Rules,
    readonly timeoutMs = WORKER_TIMEOUT_MS,
    readonly workerUrl: URL = AI_WORKER_URL,
  ) {}

  /** Starts the worker now (it loads while the game draws its first frame). */
  start(): void {
    void this.worker;
  }

  /** Resolves once the current worker has loaded (false if it failed to). */
  get ready(): Promise<boolean> {
    void this.worker;
    return this.#ready;
  }

  /**
   * The current worker (started on first use). Without
   * `--unstable-worker-options` Deno ends the process right here with a
   * one-line message, which is why the app starts it before the screen opens.
   */
  get worker(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(this.workerUrl, AI_WORKER_OPTIONS);
    this.#worker = worker;
    this.#loaded = false;
    this.#sentMap = undefined;
    let settleLoad: (ok: boolean) => void = () => {};
    this.#ready = new Promise((resolve) => (settleLoad = resolve));
    const failLoad = (fault: WorkerFault) => {
      if (this.#worker !== worker || this.#loaded) return;
      this.faults.push(fault);
      this.#restart();
      settleLoad(false);
    };
    const startup = setTimeout(() => failLoad("timeout"), WORKER_STARTUP_MS);
    Deno.unrefTimer(startup);
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      if (e.data.type !== "ready") return this.#settle(e.data);
      clearTimeout(startup);
      this.#loaded = true;
      settleLoad(true);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      clearTimeout(startup);
      if (this.#loaded) this.#settle("error");
      else failLoad("error");
    };
    worker.onmessageerror = () => this.#settle("error");
    worker.postMessage({ type: "rules", rules: this.rules } satisfies ToWorker);
    return worker;
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

  /** Sends `message` (made for the map's id and a new seq) and waits for the answer or a fault. */
  #ask(
    worker: Worker,
    state: GameState,
    message: (mapId: number, seq: number) => ToWorker,
  ): Promise<FromWorker | WorkerFault> {
    const mapId = this.#mapId(state.map);
    if (this.#sentMap !== state.map) {
      // The grids are shared memory: this is the only time they travel.
      worker.postMessage({ type: "map", mapId, map: state.map } satisfies ToWorker);
      this.#sentMap = state.map;
    }
    const seq = ++this.#seq;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.#settle("timeout"), this.timeoutMs);
      this.#pending = (reply) => {
        clearTimeout(timer);
        resolve(reply);
      };
      worker.postMessage(message(mapId, seq));
    });
  }

  async plan(state: GameState, request: PlanRequest): Promise<PlanAnswer> {
    const worker = this.worker;
    if (this.#loaded) {
      const reply = await this.#ask(worker, state, (mapId, seq) => ({ type: "plan", seq, mapId, request }));
      if (typeof reply !== "string" && reply.type === "planned" && reply.seq === this.#seq) {
        return reply.answer;
      }
      this.faults.push(typeof reply === "string" ? reply : "failed");
      this.#restart();
    }
    return planWalk(state.map, request);
  }

  async run(state: GameState): Promise<GameEvent[]> {
    const worker = this.worker;
    if (!this.#loaded) return runMonsterPhase(state, this.rules).events;
    const reply = await this.#ask(
      worker,
      state,
      (mapId, seq) => ({ type: "turn", seq, mapId, state: turnPayload(state) }),
    );
    if (typeof reply !== "string" && reply.type === "moves" && reply.seq === this.#seq) {
      const events = applyMonsterMoves(state, this.rules, parseMoves(reply.moves));
      state.rng = reply.rng;
      this.workerTurns++;
      this.workerMs += reply.computeMs;
      return events;
    }
    this.faults.push(typeof reply === "string" ? reply : "failed");
    this.#restart();
    return runMonsterPhase(state, this.rules).events;
  }

  #restart(): void {
    this.#worker?.terminate();
    this.#worker = undefined;
    this.#loaded = false;
  }

  close(): void {
    this.#settle("error");
    this.#restart();
  }
}
