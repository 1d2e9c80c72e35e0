/**
 * The door below HTTP (docs/server.md, The door below HTTP): an address
 * refused again and again is paused, and its connections are then closed
 * before a byte is read; a connection sending far more than a page does is
 * cut before the rest is read, and its address barred; the HTTP side knows
 * each relayed connection's visitor, and no other connection's.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import net from "node:net";
import {
  AddressDoor,
  admissionBurst,
  ConnectionDoor,
  LONGEST_PAUSE_MS,
  PAUSE_FORGIVEN_MS,
  PAUSE_MS,
  REFUSALS_BEFORE_PAUSE,
} from "../src/server/mod.ts";
import { RawSocket, ServerFrames } from "../tools/bench/raw_socket.ts";
import { answerFrom, onTitle, startTestServer } from "./support/delve_server.ts";

Deno.test("an address refused more often than its burst is paused for a while; one refused at the rate is not", () => {
  const door = new AddressDoor({ requestsPerSecond: 1, socketsPerSecond: 1 });
  equal(door.refusal("a", false, 0), undefined);
  for (let k = 0; k < REFUSALS_BEFORE_PAUSE; k++) ok(door.refusal("a", false, 0) !== undefined);
  equal(door.paused("a", 0), false, "the burst of refusals alone does not pause");
  door.refusedPast("a", 0);
  ok(door.paused("a", 0), "one refusal more, given past the door, does");
  ok(door.paused("a", PAUSE_MS - 1));
  equal(door.paused("a", PAUSE_MS), false, "the pause ends");
  equal(door.paused("b", 0), false, "another address is not paused");
  door.refusedPast("a", 0);
  equal(
    door.paused("a", PAUSE_MS),
    false,
    "refusals of requests read before the pause began do not lengthen it",
  );
  for (let k = 0; k <= 4 * REFUSALS_BEFORE_PAUSE; k++) door.refusedPast("c", k * 2000);
  equal(
    door.paused("c", 4 * REFUSALS_BEFORE_PAUSE * 2000),
    false,
    "a refusal every two seconds never pauses",
  );
});

Deno.test("an address paused again soon after is paused twice as long each time, up to its longest; later, ten seconds again", () => {
  const door = new AddressDoor({ requestsPerSecond: 1, socketsPerSecond: 1 });
  const pauseAt = (now: number) => {
    for (let k = 0; k <= REFUSALS_BEFORE_PAUSE; k++) door.refusedPast("a", now);
    let end = now;
    while (door.paused("a", end)) end += 1000;
    return end - now;
  };
  equal(pauseAt(0), PAUSE_MS);
  equal(pauseAt(PAUSE_MS), 2 * PAUSE_MS);
  equal(pauseAt(3 * PAUSE_MS), 4 * PAUSE_MS);
  let now = 7 * PAUSE_MS;
  for (let k = 0; k < 10; k++) now += pauseAt(now);
  equal(pauseAt(now), LONGEST_PAUSE_MS);
  equal(pauseAt(now + LONGEST_PAUSE_MS + PAUSE_FORGIVEN_MS), PAUSE_MS, "forgiven");
});

Deno.test("a server closes a paused address's connections unread, and serves other addresses", async () => {
  await using served = await startTestServer({ requestRate: 2 });
  const port = served.server.address.port;
  const statuses = [];
  for (let k = 0; k < 2 + REFUSALS_BEFORE_PAUSE + 1; k++) {
    statuses.push((await answerFrom(port, "/", "127.0.0.7")).split(" ")[1]);
  }
  equal(statuses.filter((s) => s === "429").length, REFUSALS_BEFORE_PAUSE + 1, statuses.join(" "));
  const refusedBefore = served.server.refusedAtDoor;
  await served.server.doorHeard();
  equal(await answerFrom(port, "/", "127.0.0.7"), "", "closed without a word");
  equal(served.server.doorTally.closedUnread, 1);
  equal(served.server.refusedAtDoor, refusedBefore, "the request was never read, so never refused");
  ok((await answerFrom(port, "/", "127.0.0.8")).startsWith("HTTP/1.1 200"), "another address is served");
});

Deno.test("a socket sending a message far over any page's is cut before the message is read, and its address barred", async () => {
  await using served = await startTestServer();
  await using _player = await onTitle(served.origin, "sam");
  const frames = new ServerFrames();
  const watcher = await RawSocket.open(served.origin, "/ws/watch/sam", {
    from: "127.0.0.9",
    onData: (bytes) => frames.take(bytes),
  });
  ok(watcher, "the watch socket opened");
  watcher.send("x".repeat(8 * 1024 * 1024));
  // The door counts the cut on its own thread, just after the socket ends.
  for (let wait = 0; !watcher.ended || served.server.doorTally.cut === 0; wait++) {
    ok(wait < 300, "the socket was not cut");
    await new Promise((r) => setTimeout(r, 10));
  }
  equal(served.server.doorTally.cut, 1);
  equal(
    frames.closeCode,
    undefined,
    "no message reached the server's socket: it was cut, not read and refused",
  );
  const port = served.server.address.port;
  await served.server.doorHeard();
  equal(await answerFrom(port, "/", "127.0.0.9"), "", "its address is barred: closed unread");
  ok((await answerFrom(port, "/", "127.0.0.10")).startsWith("HTTP/1.1 200"), "another address is served");
});

/**
 * A door in front of a plain listener standing for the HTTP side, shutting
 * no one out, with a budget of 4 KB in a burst; the addresses it cut go to
 * `cuts`.
 */
function doorBefore(
  inner: Deno.TcpListener,
  cuts: string[] = [],
  connectionsPerSecond = 10,
  now?: () => number,
): ConnectionDoor {
  return ConnectionDoor.listen({
    hostname: "127.0.0.1",
    port: 0,
    innerPort: inner.addr.port,
    connectionsPerSecond,
    ...(now ? { now } : {}),
    budget: { bytesPerSecond: 1024, burstBytes: 4096 },
    shutOut: () => false,
    overBudget: (address) => cuts.push(address),
  });
}

Deno.test("the door tells the HTTP side a relayed connection's visitor, and no other connection's", async () => {
  const inner = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const cuts: string[] = [];
  const door = doorBefore(inner, cuts);
  const relayed = net.connect({ host: "127.0.0.1", port: door.address.port, localAddress: "127.0.0.11" });
  relayed.on("error", () => {});
  relayed.write("hello");
  const fromDoor = await inner.accept();
  // The HTTP side reads a request before it asks whose it is: so does the test.
  const buffer = new Uint8Array(65536);
  let received = await fromDoor.read(buffer) ?? 0;
  equal(door.shared.visitorOf(fromDoor.remoteAddr), "127.0.0.11");
  const direct = await Deno.connect({ hostname: "127.0.0.1", port: inner.addr.port });
  const fromElsewhere = await inner.accept();
  equal(door.shared.visitorOf(fromElsewhere.remoteAddr), undefined, "a connection straight to the HTTP side");

  // Over the budget: what reaches the HTTP side is at most the burst and one read more.
  relayed.write(new Uint8Array(1024 * 1024));
  for (;;) {
    const n = await fromDoor.read(buffer).catch(() => null);
    if (n === null) break;
    received += n;
  }
  ok(received <= 4096 + 8192, `${received} B reached the HTTP side`);
  ok(received > 0);
  await new Promise((r) => relayed.on("close", r));
  equal(cuts.join(), "127.0.0.11");
  equal(door.shared.tally().cut, 1);
  for (const conn of [fromDoor, direct, fromElsewhere]) conn.close();
  inner.close();
  await door.close();
});

Deno.test("a visitor's connection reset ends the HTTP side's at once, so a page that vanished is not counted present", async () => {
  const inner = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const door = doorBefore(inner);
  const visitor = net.connect({ host: "127.0.0.1", port: door.address.port });
  visitor.on("error", () => {});
  visitor.write("hello");
  const fromDoor = await inner.accept();
  const buffer = new Uint8Array(1024);
  ok(await fromDoor.read(buffer));
  visitor.resetAndDestroy();
  const started = performance.now();
  const ended = await fromDoor.read(buffer).catch(() => null);
  equal(ended, null, "the HTTP side's connection ended");
  // Well before the relay's linger (2 s), which is for a side that ended cleanly.
  ok(performance.now() - started < 1000, `ended after ${Math.round(performance.now() - started)} ms`);
  fromDoor.close();
  inner.close();
  await door.close();
});

/**
 * Sends `count` connections at once to a door taking `perSecond`, its clock
 * stopped (however slowly they come, no allowance comes back); how many it
 * closed over its rate once it took `admitted`.
 */
async function closedOverRate(count: number, perSecond: number, admitted: number): Promise<number> {
  const inner = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const stopped = Date.now();
  const door = doorBefore(inner, [], perSecond, () => stopped);
  const visitors = [...Array(count).keys()].map(() => {
    const visitor = net.connect({ host: "127.0.0.1", port: door.address.port });
    visitor.on("error", () => {});
    return visitor;
  });
  const closed = visitors.map((visitor) => new Promise((r) => visitor.on("close", r)));
  const accepted: Deno.Conn[] = [];
  for (let k = 0; k < admitted; k++) accepted.push(await inner.accept());
  for (let wait = 0; door.shared.tally().closedBusy < count - admitted; wait++) {
    ok(wait < 300, `closed over the rate: ${door.shared.tally().closedBusy}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  const { closedBusy, closedUnread } = door.shared.tally();
  equal(closedUnread, 0, "no address was shut out");
  for (const conn of accepted) conn.close();
  for (const visitor of visitors) visitor.destroy();
  await Promise.all(closed);
  inner.close();
  await door.close();
  return closedBusy;
}

Deno.test("past its connections a second the door closes the rest unread, and relays those within its burst", async () => {
  equal(await closedOverRate(12, 10, 10), 2, "the twelve came within the burst of ten: two closed");
});

Deno.test("the door takes a tenth of a second's connections at once, and never fewer than a page's burst", async () => {
  deepEqual([5, 10, 100, 200, 1000].map(admissionBurst), [10, 10, 10, 20, 100]);
  equal(
    await closedOverRate(25, 200, 20),
    5,
    "twenty-five at once to a door taking 200 a second: five closed",
  );
});
