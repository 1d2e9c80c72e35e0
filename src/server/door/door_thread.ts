/**
 * The door below HTTP (src/server/door/connection_door.ts) on a thread of its
 * own (docs/server.md, The door below HTTP): a crowd at the public port,
 * its connections taken and closed, and every byte of every page relayed,
 * then cost the thread every game shares nothing. That thread tells the
 * door whom to shut out as it pauses or bars an address; the door tells it
 * of each connection cut over its budget. Whose each relayed connection is,
 * and the door's counts, both threads read from shared memory
 * (src/server/door/door_shared.ts).
 *
 * @module
 */
import type { ConnectionDoorOptions } from "./connection_door.ts";
import { type DoorBuffers, DoorShared } from "./door_shared.ts";

/** The door's thread: the network, and nothing else. */
const DOOR_WORKER_OPTIONS = {
  type: "module",
  deno: {
    permissions: {
      net: "inherit",
      read: false,
      write: false,
      env: false,
      run: false,
      ffi: false,
      sys: false,
      import: false,
    },
  },
} as WorkerOptions;

/** The door's options that cross to its thread (its calls back are messages). */
export type DoorSetup = Omit<ConnectionDoorOptions, "shutOut" | "overBudget" | "shared" | "now"> & {
  readonly buffers: DoorBuffers;
};

/** What the server's thread tells the door's. */
export type ToDoor =
  | { readonly type: "open"; readonly setup: DoorSetup }
  | { readonly type: "shut"; readonly address: string; readonly until: number }
  | { readonly type: "close"; readonly graceMs: number }
  | { readonly type: "ping"; readonly id: number };

/** What the door's thread tells the server's. */
export type FromDoor =
  | { readonly type: "listening"; readonly hostname: string; readonly port: number }
  | { readonly type: "failed"; readonly name: string; readonly message: string }
  | { readonly type: "over budget"; readonly address: string }
  | { readonly type: "closed" }
  | { readonly type: "pong"; readonly id: number };

/** The door's options, as the server's thread gives them. */
export type DoorThreadOptions = Omit<ConnectionDoorOptions, "shutOut" | "shared" | "now"> & {
  /** The thread's entry (workers/door_worker.ts unless given: a test's stand-in). */
  readonly workerUrl?: URL;
};

/** The door's thread. */
const DOOR_WORKER_URL = new URL("../../../workers/door_worker.ts", import.meta.url);

/** An error as the door's thread named it: Deno's own kind (AddrInUse, PermissionDenied...) where it has one. */
function errorNamed(name: string, message: string): Error {
  const kind = (Deno.errors as Record<string, (new (message: string) => Error) | undefined>)[name];
  return kind ? new kind(message) : new Error(message);
}

/** The door on its own thread, as the server's thread sees it; see the module doc. */
export class DoorThread {
  readonly #worker: Worker;
  /** Each relayed connection's visitor (read by the HTTP side: {@link DoorShared.visitorOf}); the counts. */
  readonly shared: DoorShared;
  readonly #closed = Promise.withResolvers<void>();
  readonly #failed = Promise.withResolvers<string>();
  /** Pings not yet answered, by id. */
  readonly #pings = new Map<number, () => void>();
  #nextPing = 0;
  #address: Deno.NetAddr | undefined;

  private constructor(worker: Worker, shared: DoorShared) {
    this.#worker = worker;
    this.shared = shared;
  }

  /** Starts the door's thread and listens on the public port; rejects as listening there failed. */
  static async open(options: DoorThreadOptions): Promise<DoorThread> {
    const worker = new Worker(options.workerUrl ?? DOOR_WORKER_URL, DOOR_WORKER_OPTIONS);
    const door = new DoorThread(worker, new DoorShared());
    const listening = Promise.withResolvers<void>();
    worker.onmessage = ({ data }: MessageEvent<FromDoor>) => {
      switch (data.type) {
        case "listening":
          door.#address = { transport: "tcp", hostname: data.hostname, port: data.port };
          return listening.resolve();
        case "failed":
          return listening.reject(errorNamed(data.name, data.message));
        case "over budget":
          return options.overBudget(data.address);
        case "closed":
          return door.#closed.resolve();
        case "pong":
          door.#pings.get(data.id)?.();
          return door.#pings.delete(data.id);
      }
    };
    // The door's code catches what a connection throws: an error here is a fault of its own, after which
    // the server takes no visitors. It is told (`failed`), not thrown on: the server then saves its games.
    worker.onerror = (event) => {
      event.preventDefault();
      const why = `the door's thread failed: ${event.message}`;
      listening.reject(new Error(why));
      door.#failed.resolve(why);
      door.#closed.resolve();
    };
    const { overBudget: _, workerUrl: __, ...setup } = options;
    door.#post({ type: "open", setup: { ...setup, buffers: door.shared.buffers } });
    try {
      await listening.promise;
    } catch (error) {
      worker.terminate();
      throw error;
    }
    return door;
  }

  #post(message: ToDoor): void {
    this.#worker.postMessage(message);
  }

  /** Resolves, with why, if the door's thread fails: the server then takes no visitors. */
  get failed(): Promise<string> {
    return this.#failed.promise;
  }

  /** Where visitors connect. */
  get address(): Deno.NetAddr {
    return this.#address!;
  }

  /** Closes `address`'s connections unread until `until` (ms). */
  shut(address: string, until: number): void {
    this.#post({ type: "shut", address, until });
  }

  /** Resolves once the door's thread has taken in every message sent it before (whom to shut out). */
  heard(): Promise<void> {
    const id = this.#nextPing++;
    const answered = Promise.withResolvers<void>();
    this.#pings.set(id, answered.resolve);
    this.#post({ type: "ping", id });
    return answered.promise;
  }

  /** Stops taking connections, gives those relayed `graceMs` to end, then ends the door's thread. */
  async close(graceMs = 1000): Promise<void> {
    this.#post({ type: "close", graceMs });
    await this.#closed.promise;
    this.#worker.terminate();
  }
}
