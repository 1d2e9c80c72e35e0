/**
 * The door below HTTP on a thread of its own (docs/server.md, The door
 * below HTTP): the server's thread reads whose each relayed connection is
 * from memory both threads share, tells the door whom to shut out, and is
 * told of each connection cut over its budget.
 */
import { deepEqual, equal, ok, rejects } from "node:assert/strict";
import net from "node:net";
import { DoorShared, DoorThread, ShutList } from "../src/server/mod.ts";

Deno.test("the door's table names the visitor of each relay's port to another reader of its buffers, until it ends", () => {
  const door = new DoorShared();
  const server = new DoorShared(door.buffers);
  ok(door.relayFrom(40_000, "127.0.0.5"));
  ok(door.relayFrom(40_001, "2001:db8:0:1::/64"));
  equal(server.visitorFrom(40_000), "127.0.0.5");
  equal(server.visitorFrom(40_001), "2001:db8:0:1::/64");
  door.ended(40_000);
  equal(server.visitorFrom(40_000), undefined);
  ok(door.relayFrom(40_000, "10.0.0.1"), "a port used again");
  equal(server.visitorFrom(40_000), "10.0.0.1", "its new visitor, not a mix of the old and the new");
  const loopback = { transport: "tcp" as const, hostname: "127.0.0.1", port: 40_000 };
  equal(server.visitorOf(loopback), "10.0.0.1");
  equal(
    server.visitorOf({ ...loopback, hostname: "127.0.0.2" }),
    undefined,
    "not from the door's loopback address",
  );
  equal(door.relayFrom(40_002, "x".repeat(32)), false, "a key longer than any address's is not noted");
  equal(server.visitorFrom(40_002), undefined);
  for (const port of [-1, 65_536, 1.5, NaN]) equal(server.visitorFrom(port), undefined, `port ${port}`);
  door.add("cut");
  door.add("cut");
  door.add("closedBusy");
  deepEqual(server.tally(), { closedUnread: 0, closedBusy: 1, cut: 2 });
  door.notePause(3.14);
  door.notePause(12.5);
  door.notePause(4);
  equal(server.takeLongestPause(), 12.5, "the longest kept, to 0.1 ms");
  equal(server.takeLongestPause(), 0, "a new period begun");
});

Deno.test("the door's list shuts an address out until the latest end it was told of, and remembers a bounded number", () => {
  const list = new ShutList(3);
  list.shut("a", 100, 0);
  list.shut("a", 50, 0);
  ok(list.shutOut("a", 99), "a shorter bar told later does not shorten a longer one");
  equal(list.shutOut("a", 100), false, "ended");
  equal(list.shutOut("b", 0), false, "never shut out");
  for (const address of ["b", "c", "d"]) list.shut(address, 1000, 0);
  equal(list.size, 3);
  equal(list.shutOut("a", 0), false, "the one told of longest ago is forgotten past the bound");
  list.shut("e", 5000, 2000);
  equal(list.size, 1, "those that ended are forgotten as others come");
});

/** Waits until `done`, at most three seconds. */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let wait = 0; !done(); wait++) {
    ok(wait < 300, what);
    await new Promise((r) => setTimeout(r, 10));
  }
}

Deno.test("the door on its own thread names each relayed connection's visitor, closes a shut address unread and tells of a cut", async () => {
  const inner = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const cuts: string[] = [];
  const door = await DoorThread.open({
    hostname: "127.0.0.1",
    port: 0,
    innerPort: inner.addr.port,
    connectionsPerSecond: 10,
    budget: { bytesPerSecond: 1024, burstBytes: 4096 },
    overBudget: (address) => cuts.push(address),
  });
  const visit = (from: string) => {
    const visitor = net.connect({ host: "127.0.0.1", port: door.address.port, localAddress: from });
    visitor.on("error", () => {});
    return { visitor, ended: new Promise((r) => visitor.on("close", r)) };
  };
  const relayed = visit("127.0.0.21");
  relayed.visitor.write("hello");
  const fromDoor = await inner.accept();
  const buffer = new Uint8Array(65536);
  ok(await fromDoor.read(buffer));
  equal(
    door.shared.visitorOf(fromDoor.remoteAddr),
    "127.0.0.21",
    "read on this thread, written on the door's",
  );

  door.shut("127.0.0.22", Date.now() + 60_000);
  await door.heard();
  const shutOut = visit("127.0.0.22");
  let ended = false;
  void shutOut.ended.then(() => ended = true);
  await until(() => ended && door.shared.tally().closedUnread === 1, "closed unread");

  relayed.visitor.write(new Uint8Array(64 * 1024));
  await relayed.ended;
  await until(() => cuts.length === 1, "the cut was not told");
  equal(cuts[0], "127.0.0.21");
  equal(door.shared.tally().cut, 1);
  fromDoor.close();
  await door.close();
  inner.close();
});

Deno.test("a door whose port is taken is refused as Deno names it, and leaves no thread behind", async () => {
  const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  await rejects(
    DoorThread.open({
      hostname: "127.0.0.1",
      port: taken.addr.port,
      innerPort: 1,
      connectionsPerSecond: 10,
      budget: { bytesPerSecond: 1024, burstBytes: 4096 },
      overBudget: () => {},
    }),
    Deno.errors.AddrInUse,
  );
  taken.close();
});

Deno.test("a door whose thread fails says so, and closes without waiting for it", async () => {
  const door = await DoorThread.open({
    hostname: "127.0.0.1",
    port: 0,
    innerPort: 1,
    connectionsPerSecond: 10,
    budget: { bytesPerSecond: 1024, burstBytes: 4096 },
    overBudget: () => {},
    workerUrl: new URL("./support/workers/failing_door_worker.ts", import.meta.url),
  });
  void door.heard();
  ok((await door.failed).includes("the door broke"), "why it failed");
  await door.close();
});
