/**
 * The attack bench's players (tools/bench/server_hostile.ts): a key is timed
 * to its frame, and a player plays on as a careful player does, so that
 * nearly every key it presses is a move that brings a frame: after a death
 * it goes back to the title and starts a new game, and it takes a level-up.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { goOnKey, Player } from "../tools/bench/server_hostile.ts";
import { RawSocket } from "../tools/bench/raw_socket.ts";
import { registeredCookie } from "../tools/bench/register.ts";
import { LOAD_PASSWORD } from "../tools/bench/server_load.ts";
import { serverMessage } from "../src/server/protocol.ts";
import { ServerStore } from "../src/server/mod.ts";
import { loadContent } from "../src/content/mod.ts";
import { startTestServer } from "./support/delve_server.ts";
import { copyOfData } from "./support/content.ts";

/** A server message as the first bytes of its WebSocket frame (a short unmasked text frame). */
function onTheWire(text: string): Uint8Array {
  const payload = new TextEncoder().encode(text);
  return new Uint8Array([0x81, payload.length, ...payload]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

Deno.test("the attack bench times a key to its frame, not to a count of watchers that came first", async () => {
  const player = new Player();
  player.start(40);
  try {
    // The first key goes out within the first 80 ms (a random start, then the interval).
    await sleep(85);
    player.arrived(onTheWire(serverMessage({ type: "watchers", count: 1 })));
    equal(player.times.length, 0, "a watchers message is no frame");
    player.arrived(onTheWire(serverMessage({ type: "output", data: "\x1b[H@" })));
    equal(player.times.length, 1, "the frame answered the key");
    ok(player.times[0] >= 0 && player.times[0] < 80, String(player.times[0]));
  } finally {
    player.stop();
  }
});

Deno.test("a bench player's screen is drawn from frames however they are cut, and read after them", async () => {
  const player = new Player();
  try {
    const wire = [
      ...onTheWire(serverMessage({ type: "watchers", count: 2 })),
      ...onTheWire(serverMessage({ type: "output", data: "\x1b[2J\x1b[1;1H[N] Play a new game" })),
    ];
    // In three chunks, the cuts inside a frame's header and inside its payload.
    for (const [from, to] of [[0, 1], [1, 40], [40, wire.length]]) {
      player.arrived(new Uint8Array(wire.slice(from, to)));
    }
    equal((await player.screen.lines())[0], "[N] Play a new game");
  } finally {
    player.stop();
  }
});

/** A screen of 80x24 holding `lines` from its top row. */
const screenOf = (...lines: string[]) => [...lines, ...Array(24 - lines.length).fill("")];

Deno.test("a bench player goes on from each window moves leave open, and moves on the map", () => {
  const map = screenOf("  #....@...#         HP: 12/30", "  #........#         Turn 40");
  equal(goOnKey(map), undefined);
  equal(goOnKey(map, true), undefined, "a move that brought no frame on the map: moves again");
  const over = screenOf(
    "┌────┤Game over├────┐ HP: 0/30",
    "│ You died on dungeon level 1, killed by an Orc │",
    "│ Enter, Space or Esc: back to the title. │",
  );
  deepEqual(goOnKey(over), { key: "\r", died: true });
  deepEqual(goOnKey(screenOf("┌───┤Victory├───┐", "│ You won! Escaped │")), { key: "\r", died: false });
  deepEqual(goOnKey(screenOf("  [N] Play a new game", "  [Q] Quit")), { key: "n", died: false });
  deepEqual(
    goOnKey(screenOf("  [N] Play a new game", "  Abandon the saved game (depth 1, turn 3)? y/n")),
    { key: "y", died: false },
  );
  deepEqual(goOnKey(screenOf("┌──┤Level Up├──┐", "│a) Constitution (+10 HP, from 30)│")), {
    key: "a",
    died: false,
  });
  const history = screenOf("┌────┤Message history├────┐", "│ The Orc hits you for 2. │");
  equal(goOnKey(history), undefined, "a window, but moves may still play: not closed unasked");
  deepEqual(goOnKey(history, true), { key: "\x1b", died: false }, "a window where moves brought nothing");
});

/** Polls `test` every 20 ms for up to `ms`; fails saying `what` if it never holds. */
async function until(test: () => boolean, what: string, ms: number, said: () => string): Promise<void> {
  for (const end = performance.now() + ms; !test();) {
    if (performance.now() > end) throw new Error(`never: ${what}\n${said()}`);
    await sleep(20);
  }
}

Deno.test("a bench player whose character dies starts a new game, and its moves bring frames again", async () => {
  // The tutorial's rules, the player at 1 HP among many orcs: the first blow kills.
  const dir = await copyOfData("delve-bench-death-");
  const entities = JSON.parse(await Deno.readTextFile(`${dir}/entities.json`));
  entities.player.fighter.hp = 1;
  await Deno.writeTextFile(`${dir}/entities.json`, JSON.stringify(entities));
  const spawn = JSON.parse(await Deno.readTextFile(`${dir}/spawn_tables.json`));
  spawn.maxMonstersPerRoom = [{ floor: 1, value: 8 }];
  await Deno.writeTextFile(`${dir}/spawn_tables.json`, JSON.stringify(spawn));
  const content = await loadContent(new URL(`file://${dir}/`), "bench-death/");
  await Deno.remove(dir, { recursive: true });
  let seed = 0;
  await using served = await startTestServer({}, { content, randomSeed: () => ++seed });
  const player = new Player();
  try {
    const cookie = await registeredCookie(served.origin, "doomed", LOAD_PASSWORD);
    player.socket = await RawSocket.open(served.origin, "/ws/play", {
      from: "127.0.0.1",
      cookie,
      onData: (bytes) => player.arrived(bytes),
    });
    ok(player.socket, "the socket opened");
    player.socket.send(JSON.stringify({ type: "resize", columns: 80, rows: 24 }));
    player.socket.send(JSON.stringify({ type: "input", data: "n" }));
    player.start(40);
    const screen = () => player.screen.lines().then((rows) => rows.join("\n"));
    let shown = "";
    const said = () =>
      `deaths ${player.deaths}, keys timed ${player.times.length}, go-on keys ${player.goOnKeys}, none ${player.unanswered}\n${shown}`;
    const watching = setInterval(async () => shown = await screen(), 100);
    try {
      await until(() => player.deaths >= 1, "a death", 30_000, said);
      const timedAtDeath = player.times.length;
      // Back to the title, a new game, and moves in it that bring frames, to a second death.
      await until(() => player.deaths >= 2, "a second game's death", 30_000, said);
      ok(player.times.length > timedAtDeath, `moves in the second game brought frames: ${said()}`);
      await until(() => player.times.length > timedAtDeath + 10, "the third game's moves", 30_000, said);
    } finally {
      clearInterval(watching);
    }
    // Each death took Enter (more while its files were written) and N; moves were nearly all answered.
    ok(player.goOnKeys >= 2 * player.deaths, said());
    ok(player.unanswered <= 3, `keys without a frame: ${said()}`);
  } finally {
    player.stop();
  }
  // The server's own account: as many games ended by death as the player counted (one more at most: a
  // death whose window came after the player's last key).
  await sleep(200);
  const store = ServerStore.open(`${served.stateDir}/delve.sqlite`);
  try {
    const ended = store.finishedGames(100).filter((g) =>
      g.player === "doomed" && g.outcome?.startsWith("killed")
    );
    ok(
      ended.length >= player.deaths && ended.length <= player.deaths + 1,
      `${ended.length} ended: ${player.deaths}`,
    );
  } finally {
    store.close();
  }
});

Deno.test("a bench socket is told the frames that came in the chunk ending the handshake's answer", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  const frame = onTheWire(serverMessage({ type: "output", data: "first" }));
  const serving = (async () => {
    const conn = await listener.accept();
    const buffer = new Uint8Array(4096);
    let asked = "";
    while (!asked.includes("\r\n\r\n")) {
      const n = await conn.read(buffer);
      if (n === null) break;
      asked += new TextDecoder().decode(buffer.subarray(0, n));
    }
    const answer = new TextEncoder().encode("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n");
    // The answer and the first frame in one write, as a server may send them.
    await conn.write(new Uint8Array([...answer, ...frame]));
    return conn;
  })();
  const heard: number[] = [];
  const socket = await RawSocket.open(`http://127.0.0.1:${port}`, "/ws/play", {
    from: "127.0.0.1",
    onData: (bytes) => heard.push(...bytes),
  });
  ok(socket, "upgraded");
  for (let k = 0; k < 100 && heard.length < frame.length; k++) await sleep(10);
  deepEqual(heard, [...frame], "the first frame, whole");
  socket.close();
  (await serving).close();
  listener.close();
});
