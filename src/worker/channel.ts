/**
 * The way messages go between the app and the AI worker, the same on both
 * sides: each side's end posts by the port the bell's message brought (or,
 * where memory cannot be shared, by the worker's own way), rings the bell
 * after, and sends a "wake" by the worker's own way when the other side
 * sleeps in its event loop; it takes what waits on the port at once when
 * its bell wakes it. The monsters' moves a message carries lie in the
 * shared move buffer where there is one (`move_buffer.ts`): the sending end
 * writes them there, the receiving end reads them back.
 *
 * @module
 */
import {
  AppBell,
  type BellEnd,
  type BellMessage,
  canShareMemory,
  takeMessage,
  WorkerBell,
} from "./doorbell.ts";
import { MoveBuffer, newMoveBuffer, type WireMoves } from "./move_buffer.ts";
import type { EncodedMoves } from "./moves.ts";

/** The worker's own way of posting: the `Worker` on the app's side, the worker's global scope on its own. */
export interface OwnWay {
  postMessage(message: unknown, transfer?: Transferable[]): void;
}

/** A message either way: its kind, and perhaps monsters' moves. */
export interface ChannelMessage {
  readonly type: string;
  readonly moves?: unknown;
}

/** No buffers to move. */
const NOTHING: readonly Transferable[] = [];

/** The "wake" each side sends by the worker's own way when the other sleeps in its event loop. */
const WAKE = { type: "wake" } as const;

/**
 * One side's end of the channel. `Out` is what it sends, `In` what it
 * receives (as read, moves back out of the shared buffer).
 */
export class ChannelEnd<Out extends ChannelMessage, In extends ChannelMessage, B extends BellEnd = BellEnd> {
  /**
   * `line`: the port and bell, where memory can be shared; without them
   * every message goes the worker's own way and nothing rings.
   */
  constructor(
    readonly ownWay: OwnWay,
    readonly line?: { readonly port: MessagePort; readonly bell: B; readonly moves?: MoveBuffer },
  ) {}

  /** The bell, where there is one. */
  get bell(): B | undefined {
    return this.line?.bell;
  }

  /**
   * Posts `message`, its moves written to the shared buffer where they fit
   * (else their numbers moved with it, not copied), and `transfer`'s
   * buffers moved.
   */
  send(message: Out, transfer: Transferable[] = []): void {
    const { wire, moved } = this.#wire(message);
    const all = moved.length > 0 ? [...transfer, ...moved] : transfer;
    const line = this.line;
    if (!line) return this.ownWay.postMessage(wire, all);
    line.port.postMessage(wire, all);
    if (!line.bell.otherListens) this.ownWay.postMessage(WAKE);
    line.bell.ring();
  }

  /**
   * Hands `receive` every message waiting on the port as it came (see
   * {@link read}), counting each on the bell; true if there was one. The
   * port is read only so, never by its own `onmessage`: a port read both
   * ways can hand on a message ahead of one its event loop had already
   * taken.
   */
  takeWaiting(receive: (message: In) => void): boolean {
    const line = this.line;
    if (!line) return false;
    let took = false;
    for (let message = takeMessage<In>(line.port); message; message = takeMessage<In>(line.port)) {
      took = true;
      line.bell.read();
      receive(message);
    }
    return took;
  }

  /**
   * `message` as received (by the port or the worker's own way), its moves
   * read from the shared buffer if they wait there. Throws if they lie
   * outside it.
   */
  read(message: In): In {
    const moves = message.moves as WireMoves | undefined;
    if (!moves || "ints" in moves) return message;
    if (!this.line?.moves) throw new Error("moves in a shared buffer there is none of");
    return { ...message, moves: this.line.moves.take(moves) };
  }

  #wire(message: Out): { wire: ChannelMessage; moved: readonly Transferable[] } {
    const moves = message.moves as EncodedMoves | undefined;
    if (!moves || !("ints" in moves)) return { wire: message, moved: NOTHING };
    const placed = this.line?.moves?.place(moves) ?? moves;
    if (placed !== moves) return { wire: { ...message, moves: placed }, moved: NOTHING };
    return { wire: message, moved: [moves.ints.buffer] };
  }
}

/**
 * The app's end for a worker just started: where `share` and this runtime
 * can share memory, a bell, a port and a move buffer, handed to the worker
 * in its first message (by its own way); else its own way alone.
 */
export function openAppEnd<Out extends ChannelMessage, In extends ChannelMessage>(
  worker: OwnWay,
  share: boolean,
): ChannelEnd<Out, In, AppBell> {
  if (!share || !canShareMemory()) return new ChannelEnd(worker);
  const bell = new AppBell(), line = new MessageChannel(), moves = newMoveBuffer();
  worker.postMessage({ type: "bell", bell: bell.buffer, port: line.port2, moves } satisfies BellMessage, [
    line.port2,
  ]);
  return new ChannelEnd(worker, {
    port: line.port1,
    bell,
    ...(moves ? { moves: new MoveBuffer(moves) } : {}),
  });
}

/** The worker's end, from the bell's message (`now`: its clock, for how long it parks). */
export function openWorkerEnd<Out extends ChannelMessage, In extends ChannelMessage>(
  scope: OwnWay,
  message: BellMessage,
  now: () => number,
): ChannelEnd<Out, In, WorkerBell> {
  const bell = new WorkerBell(message.bell, now);
  return new ChannelEnd(scope, {
    port: message.port,
    bell,
    ...(message.moves ? { moves: new MoveBuffer(message.moves) } : {}),
  });
}
