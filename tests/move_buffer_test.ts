import { deepEqual, equal, ok, throws } from "node:assert/strict";
import { type EncodedMoves, MoveBuffer, newMoveBuffer, type WireMoves } from "../src/worker/mod.ts";

function moves(...ints: number[]): EncodedMoves {
  return { ints: Int32Array.from(ints) as Int32Array<ArrayBuffer>, objects: [] };
}

/** The worker's side and the app's, over one buffer. */
function sides(firstBytes?: number, maxBytes?: number): { worker: MoveBuffer; app: MoveBuffer } {
  const buffer = newMoveBuffer(firstBytes, maxBytes);
  ok(buffer, "this runtime grows shared buffers");
  return { worker: new MoveBuffer(buffer), app: new MoveBuffer(buffer) };
}

Deno.test("an answer's parts lie one after another in the shared buffer, and the app reads each as written", () => {
  const { worker, app } = sides();
  const first = worker.place(moves(1, 2, 3)), second = worker.place(moves(4, 5));
  deepEqual([first, second].map((m) => "at" in m && [m.at, m.length]), [[0, 3], [3, 2]]);
  deepEqual([...app.take(first).ints], [1, 2, 3]);
  deepEqual([...app.take(second).ints], [4, 5]);
});

Deno.test("the next command's answer is written from the start again", () => {
  const { worker, app } = sides();
  worker.place(moves(1, 2, 3));
  worker.rewind();
  const again = worker.place(moves(9));
  deepEqual("at" in again && again.at, 0);
  deepEqual([...app.take(again).ints], [9]);
});

Deno.test("a part larger than the buffer grows it, and the app's side sees the grown buffer", () => {
  const { worker, app } = sides(16, 1 << 16);
  const big = Array.from({ length: 1000 }, (_, k) => k * 7);
  const placed = worker.place(moves(...big));
  ok("at" in placed, "placed, not carried");
  deepEqual([...app.take(placed).ints], big);
});

Deno.test("a part beyond the buffer's largest size travels in its message instead", () => {
  const { worker, app } = sides(16, 64);
  const part = moves(...Array.from({ length: 100 }, (_, k) => k));
  const wire: WireMoves = worker.place(part);
  equal(wire, part, "the moves themselves, their numbers in the message");
  equal(app.take(wire), part);
});

Deno.test("a place outside the buffer is refused, not read", () => {
  const { app } = sides(16, 64);
  throws(() => app.take({ at: 2, length: 10, objects: [] }), /outside the shared buffer/);
  throws(() => app.take({ at: -1, length: 1, objects: [] }), /outside/);
  throws(() => app.take({ at: 0.5, length: 1, objects: [] }), /outside/);
});
