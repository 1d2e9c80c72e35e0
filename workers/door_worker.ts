/**
 * The door below HTTP on a thread of its own (src/server/door/door_thread.ts):
 * it takes the public port's connections, closes unread those of addresses
 * the server has shut out, and relays the rest. Started with the network
 * alone.
 *
 * @module
 */
// The door's own surface, not the server's (src/server/mod.ts): the thread loads no more than it runs.
import { ConnectionDoor, DoorShared, type FromDoor, ShutList, type ToDoor } from "../src/server/door/mod.ts";

interface DoorScope {
  onmessage: ((event: MessageEvent<ToDoor>) => void) | null;
  postMessage(message: FromDoor): void;
}

/** How long an address cut over its budget is shut out before the server's word on it comes. */
const PROVISIONAL_SHUT_MS = 5000;

/** How often the door's thread looks at how late its timer comes back: its pauses, for the health line. */
const PROBE_MS = 10;

const scope = self as unknown as DoorScope;
const shutList = new ShutList();
let door: ConnectionDoor | undefined;
let probe: ReturnType<typeof setInterval> | undefined;

/** Notes in `shared` how late the thread comes back to a timer every {@link PROBE_MS}. */
function watchPauses(shared: DoorShared): void {
  let expected = performance.now() + PROBE_MS;
  probe = setInterval(() => {
    const now = performance.now();
    shared.notePause(Math.max(0, now - expected));
    expected = now + PROBE_MS;
  }, PROBE_MS);
}

scope.onmessage = async ({ data }) => {
  switch (data.type) {
    case "open": {
      const { buffers, ...setup } = data.setup;
      try {
        door = ConnectionDoor.listen({
          ...setup,
          shared: new DoorShared(buffers),
          shutOut: (address, now) => shutList.shutOut(address, now),
          overBudget: (address) => {
            // Shut out at once, until the server's bar (as long or longer) arrives.
            shutList.shut(address, Date.now() + PROVISIONAL_SHUT_MS, Date.now());
            scope.postMessage({ type: "over budget", address });
          },
        });
      } catch (error) {
        const { name, message } = error instanceof Error ? error : new Error(String(error));
        return scope.postMessage({ type: "failed", name, message });
      }
      watchPauses(door.shared);
      const { hostname, port } = door.address;
      return scope.postMessage({ type: "listening", hostname, port });
    }
    case "ping":
      return scope.postMessage({ type: "pong", id: data.id });
    case "shut":
      return shutList.shut(data.address, data.until, Date.now());
    case "close":
      clearInterval(probe);
      await door?.close(data.graceMs);
      return scope.postMessage({ type: "closed" });
  }
};
