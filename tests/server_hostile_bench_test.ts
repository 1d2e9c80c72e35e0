import { equal, ok } from "node:assert/strict";
import { Player } from "../tools/bench/server_hostile.ts";
import { serverMessage } from "../src/server/protocol.ts";

/** A server message as the first bytes of its WebSocket frame (a short unmasked text frame). */
function onTheWire(text: string): Uint8Array {
  const payload = new TextEncoder().encode(text);
  return new Uint8Array([0x81, payload.length, ...payload]);
}

Deno.test("the attack bench times a key to its frame, not to a count of watchers that came first", async () => {
  const player = new Player();
  player.start(40);
  try {
    // The first key goes out within the first 80 ms (a random start, then the interval).
    await new Promise((r) => setTimeout(r, 85));
    player.arrived(onTheWire(serverMessage({ type: "watchers", count: 1 })));
    equal(player.times.length, 0, "a watchers message is no frame");
    player.arrived(onTheWire(serverMessage({ type: "output", data: "\x1b[H@" })));
    equal(player.times.length, 1, "the frame answered the key");
    ok(player.times[0] >= 0 && player.times[0] < 80, String(player.times[0]));
  } finally {
    player.stop();
  }
});
