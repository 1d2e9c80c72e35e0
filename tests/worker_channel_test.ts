import { deepEqual, equal, ok } from "node:assert/strict";
import {
  type BellMessage,
  type ChannelMessage,
  openAppEnd,
  openWorkerEnd,
  type OwnWay,
} from "../src/worker/mod.ts";

/** A stand-in for the worker's own way of posting: it keeps what was posted. */
function ownWay(): OwnWay & { readonly posted: unknown[] } {
  const posted: unknown[] = [];
  return { posted, postMessage: (message) => posted.push(message) };
}

interface Note extends ChannelMessage {
  readonly type: "note";
  readonly n: number;
  readonly moves?: { readonly ints: Int32Array; readonly objects: readonly string[] };
}

/** Both ends of one channel in this thread: the app's, and the worker's from the bell's message. */
function bothEnds() {
  const worker = ownWay(), scope = ownWay();
  const app = openAppEnd<Note, Note>(worker, true);
  const bell = worker.posted.shift() as BellMessage;
  equal(bell.type, "bell", "the bell's message goes first, the worker's own way");
  const far = openWorkerEnd<Note, Note>(scope, bell, () => 0);
  return { app, far, worker, scope };
}

function received<T>(end: { takeWaiting(receive: (message: T) => void): boolean; read(message: T): T }): T[] {
  const got: T[] = [];
  end.takeWaiting((message) => got.push(end.read(message)));
  return got;
}

Deno.test("a message the app sends comes out of the worker's end as sent, with a wake while the worker sleeps", () => {
  const { app, far, worker } = bothEnds();
  app.send({ type: "note", n: 1 });
  deepEqual(worker.posted, [{ type: "wake" }], "the worker sleeps in its event loop: it is woken");
  deepEqual(received(far), [{ type: "note", n: 1 }]);
  far.bell!.listening(true);
  app.send({ type: "note", n: 2 });
  deepEqual(worker.posted, [{ type: "wake" }], "no second wake: the worker reads on its bell");
  deepEqual(received(far), [{ type: "note", n: 2 }]);
  deepEqual(received(far), [], "each message is taken once");
});

Deno.test("moves the worker sends travel in the shared buffer and come out of the app's end as numbers", () => {
  const { app, far, scope } = bothEnds();
  const ints = Int32Array.from([7, -3, 42]);
  far.send({ type: "note", n: 1, moves: { ints, objects: ["a"] } });
  deepEqual(scope.posted, [{ type: "wake" }], "the app is not listening: it is woken");
  ok(app.bell!.waitForMessage(0), "the bell rang for the app");
  const raw: Note[] = [];
  app.takeWaiting((message) => raw.push(message));
  deepEqual(raw[0].moves, { at: 0, length: 3, objects: ["a"] }, "the message says where the numbers lie");
  const read = app.read(raw[0]);
  deepEqual([read.n, [...read.moves!.ints], read.moves!.objects], [1, [7, -3, 42], ["a"]]);
});

Deno.test("without shared memory every message goes the worker's own way, moves carried in it", () => {
  const worker = ownWay();
  const app = openAppEnd<Note, Note>(worker, false);
  equal(app.bell, undefined);
  const moves = { ints: Int32Array.from([5]), objects: [] };
  app.send({ type: "note", n: 3, moves });
  deepEqual(worker.posted, [{ type: "note", n: 3, moves }]);
  equal(app.read(worker.posted[0] as Note), worker.posted[0], "moves in the message are read as they are");
});
