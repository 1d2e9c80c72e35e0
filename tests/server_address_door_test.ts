/**
 * The server's door (docs/server.md, Limits): an address asking faster than
 * its rate is turned away with one plain line while other addresses go on,
 * sockets have an allowance of their own, allowances come back with time,
 * IPv6 visitors are counted by their /64, and the addresses remembered are
 * bounded. The last test asks a real server from two loopback addresses.
 */
import { equal, ok, throws } from "node:assert/strict";
import { AddressDoor, addressKey } from "../src/server/mod.ts";
import { answerFrom, startTestServer } from "./support/delve_server.ts";

Deno.test("an address asking faster than its rate is refused with the rate named; another address is not", () => {
  const door = new AddressDoor({ requestsPerSecond: 3, socketsPerSecond: 3 });
  for (let k = 0; k < 3; k++) equal(door.refusal("10.0.0.1", false, 1000), undefined);
  const line = door.refusal("10.0.0.1", false, 1000);
  ok(line?.includes("faster than 3 times a second"), line);
  equal(door.refusal("10.0.0.2", false, 1000), undefined, "another address has its own allowance");
  equal(door.refused, 1);
});

Deno.test("an address's allowance comes back at its rate", () => {
  const door = new AddressDoor({ requestsPerSecond: 2, socketsPerSecond: 1 });
  equal(door.refusal("10.0.0.1", false, 0), undefined);
  equal(door.refusal("10.0.0.1", false, 0), undefined);
  ok(door.refusal("10.0.0.1", false, 0) !== undefined);
  equal(door.refusal("10.0.0.1", false, 500), undefined, "half a second later: one more of two a second");
  ok(door.refusal("10.0.0.1", false, 500) !== undefined);
});

Deno.test("sockets have an allowance of their own, and a socket refused still counts as a request", () => {
  const door = new AddressDoor({ requestsPerSecond: 4, socketsPerSecond: 1 });
  equal(door.refusal("10.0.0.1", true, 0), undefined);
  const line = door.refusal("10.0.0.1", true, 0);
  ok(line?.includes("opening connections faster than 1 a second"), line);
  equal(door.refusal("10.0.0.1", false, 0), undefined, "a page may still be asked for");
  equal(door.refusal("10.0.0.1", false, 0), undefined);
  ok(door.refusal("10.0.0.1", false, 0) !== undefined, "the refused socket took one of the four requests");
});

Deno.test("an IPv6 visitor is counted by its /64; an IPv4 address written as IPv6 by the IPv4 one", () => {
  equal(addressKey("2001:db8:1:2:3:4:5:6"), "2001:db8:1:2::/64");
  equal(addressKey("2001:db8:1:2::9"), "2001:db8:1:2::/64");
  equal(addressKey("[2001:0db8:0001:0002::9]"), "2001:db8:1:2::/64");
  equal(addressKey("2001:db8::1"), "2001:db8:0:0::/64");
  equal(addressKey("::1"), "0:0:0:0::/64");
  equal(addressKey("fe80::1%eth0"), "fe80:0:0:0::/64");
  equal(addressKey("::ffff:192.0.2.7"), "192.0.2.7");
  equal(addressKey("192.0.2.7"), "192.0.2.7");
  const door = new AddressDoor({ requestsPerSecond: 1, socketsPerSecond: 1 });
  equal(door.refusal(addressKey("2001:db8:1:2::a"), false, 0), undefined);
  ok(door.refusal(addressKey("2001:db8:1:2::b"), false, 0) !== undefined, "a second address of the same /64");
  equal(door.refusal(addressKey("2001:db8:1:3::a"), false, 0), undefined, "the next /64 is another visitor");
});

Deno.test("the door remembers at most its number of addresses, forgetting the stalest first", () => {
  const door = new AddressDoor({ requestsPerSecond: 1, socketsPerSecond: 1, maxAddresses: 3 });
  for (const address of ["a", "b", "c"]) door.refusal(address, false, 0);
  ok(door.refusal("a", false, 0) !== undefined, "a is out of its allowance, and now the freshest");
  door.refusal("d", false, 0);
  equal(door.size, 3);
  equal(door.refusal("b", false, 0), undefined, "b, the stalest, was forgotten: a fresh allowance");
  ok(door.refusal("a", false, 0) !== undefined, "a was kept");
});

Deno.test("a door's rates must be whole numbers from 1", () => {
  throws(() => new AddressDoor({ requestsPerSecond: 0, socketsPerSecond: 1 }), /requests .* from 1, found 0/);
  throws(() => new AddressDoor({ requestsPerSecond: 1, socketsPerSecond: 0.5 }), /sockets .* found 0.5/);
});

Deno.test("a server turns away an address over its request rate with one plain line, and serves another", async () => {
  await using served = await startTestServer({ requestRate: 4 });
  const port = served.server.address.port;
  for (let k = 0; k < 4; k++) ok((await answerFrom(port, "/", "127.0.0.5")).startsWith("HTTP/1.1 200"));
  const refused = await answerFrom(port, "/", "127.0.0.5");
  ok(refused.startsWith("HTTP/1.1 429"), refused.split("\r\n")[0]);
  ok(/content-type: text\/plain/i.test(refused), "a plain line, not a page");
  ok(refused.endsWith("faster than 4 times a second: wait a moment.\n"), refused);
  ok((await answerFrom(port, "/", "127.0.0.6")).startsWith("HTTP/1.1 200"), "another address is served");
  equal(served.server.refusedAtDoor, 1);
});
