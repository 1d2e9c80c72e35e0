/**
 * The server's logins and state against other sites and other users
 * (docs/server.md, Accounts): a form posted from another site's page is
 * refused, a proxy's public origin is let in for sockets and forms
 * when named and not otherwise, and what the server writes only its own
 * user can read.
 */
import { equal, throws } from "node:assert/strict";
import { parseServeArgs } from "../src/commands/mod.ts";
import { UsageError } from "../src/cli/mod.ts";
import { onTitle, sessionOf, startTestServer, TestPage } from "./support/delve_server.ts";

/** Posts a registration for `name` with `headers`; gives the status. */
async function register(origin: string, name: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(`${origin}/register`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ name, password: "correct horse" }),
    redirect: "manual",
  });
  await response.body?.cancel();
  return response.status;
}

Deno.test("a login or registration form posted from another site's page is refused and registers no one", async () => {
  await using served = await startTestServer();
  const { origin } = served;
  equal(await register(origin, "amy", { origin: "https://evil.example" }), 403);
  equal(await register(origin, "amy", { "sec-fetch-site": "cross-site" }), 403);
  equal(await register(origin, "amy", { origin: "null" }), 403);
  equal((await sessionOf(origin, "amy", "correct horse", true)).status, 401, "amy was not registered");
  equal(
    await register(origin, "amy", { origin, "sec-fetch-site": "same-origin" }),
    303,
    "the server's own page",
  );
});

Deno.test("--public-origin: a page served through the proxy may play, a page elsewhere may not, and none without it", async () => {
  const publicOrigin = "https://delve.example.org";
  await using served = await startTestServer({}, { publicOrigin });
  const { cookie } = await sessionOf(served.origin, "pat");
  const socket = (from: string) =>
    fetch(`${served.origin}/ws/play`, { headers: { cookie: cookie!, origin: from, upgrade: "websocket" } });
  const elsewhere = await socket("https://evil.example");
  await elsewhere.body?.cancel();
  equal(elsewhere.status, 403);
  const proxied = new TestPage(
    new WebSocket(`${served.origin.replace("http", "ws")}/ws/play`, {
      headers: { origin: publicOrigin, cookie: cookie! },
    } as unknown as string[]),
  );
  await proxied.opened;
  proxied.send({ type: "resize", columns: 80, rows: 24 });
  await proxied.waitFor((s) => s.includes("[N] Play a new game"), "the title, through the proxy's origin");
  await proxied[Symbol.asyncDispose]();
  equal(
    await register(served.origin, "quin", { origin: publicOrigin, "sec-fetch-site": "same-origin" }),
    303,
  );

  await using plain = await startTestServer();
  const other = await sessionOf(plain.origin, "pat");
  const refused = await fetch(`${plain.origin}/ws/play`, {
    headers: { cookie: other.cookie!, origin: publicOrigin, upgrade: "websocket" },
  });
  await refused.body?.cancel();
  equal(refused.status, 403, "without the flag the proxy's origin is another site");
});

Deno.test("--public-origin takes an origin alone", () => {
  const state = ["--state", "/tmp/x"];
  equal(
    parseServeArgs([...state, "--public-origin", "https://example.org"]).publicOrigin,
    "https://example.org",
  );
  equal(parseServeArgs(state).publicOrigin, undefined);
  for (
    const bad of ["example.org", "https://example.org/", "https://example.org/delve", "ftp://example.org"]
  ) {
    throws(() => parseServeArgs([...state, "--public-origin", bad]), UsageError, bad);
  }
});

Deno.test("the state folder and each player's folder are the server's user's alone (0700), the database 0600", async () => {
  // A state folder left open to everyone, as an older server or a careless hand made it.
  const stateDir = await Deno.makeTempDir({ prefix: "delve-open-state-" });
  await Deno.mkdir(`${stateDir}/players/rue`, { recursive: true });
  for (const folder of [stateDir, `${stateDir}/players`, `${stateDir}/players/rue`]) {
    await Deno.chmod(folder, 0o755);
  }
  await using served = await startTestServer({}, { stateDir });
  const mode = (path: string) => Deno.statSync(path).mode! & 0o777;
  equal(mode(stateDir), 0o700);
  equal(mode(`${stateDir}/players`), 0o700);
  equal(mode(`${stateDir}/delve.sqlite`), 0o600);
  await using page = await onTitle(served.origin, "rue");
  page.send({ type: "input", data: "n" });
  await page.waitFor((s) => s.includes("@") && s.includes("HP"), "the game");
  page.send({ type: "input", data: "\x1b" });
  await page.waitFor((s) => s.includes("[C] Continue"), "the title with the saved game");
  equal(mode(`${stateDir}/players/rue`), 0o700);
  await Deno.remove(stateDir, { recursive: true });
});
