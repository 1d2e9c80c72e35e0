/**
 * `deno task serve` as a user runs it: it listens on the port asked for
 * with the launcher's narrow grants; SIGTERM saves the game in progress,
 * tells its page why and stops with status 0; started again on the same
 * state, the player's next page goes on with the game where it was. Asked,
 * it logs how it keeps up.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { atSign, sessionOf, TestPage } from "./support/delve_server.ts";
import { launchArgs, parseServeArgs, serveArgs, workerBundlePath } from "../src/commands/mod.ts";
import config from "../deno.json" with { type: "json" };
import { freePort, untilListening } from "../tools/serve_process.ts";

/** `deno task serve` on `port` with `state`, once it says it listens. */
async function serve(port: number, state: string, extra: readonly string[] = []) {
  const child = new Deno.Command("deno", {
    args: ["task", "-q", "serve", "--port", String(port), "--state", state, ...extra],
    cwd: new URL("..", import.meta.url),
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const { said } = await untilListening(child);
  return { child, said: () => said };
}

Deno.test("e2e: deno task serve listens; SIGTERM saves the game and stops; started again, the game goes on; SIGINT stops it the same way", async () => {
  const port = freePort(), origin = `http://127.0.0.1:${port}`;
  const state = await Deno.makeTempDir({ prefix: "delve-serve-" });
  const first = await serve(port, state, ["--health-every", "1"]);
  // The launcher bundled the AI worker into the state folder, and the server loads that.
  ok((await Deno.stat(workerBundlePath(state))).size > 10_000, "the worker's bundle is there");
  const { cookie } = await sessionOf(origin, "gus");
  const page = await TestPage.open(origin, "/ws/play", cookie);
  page.send({ type: "resize", columns: 80, rows: 24 });
  await page.waitFor((s) => s.includes("[N] Play a new game"), "the title");
  page.send({ type: "input", data: "n" });
  // The server plays Delve's own game, which asks the background first, in the page as in a terminal.
  await page.waitFor(
    (s) => s.includes("Choose your background") && s.includes("a) Fighter"),
    "the backgrounds",
  );
  page.send({ type: "input", data: "b" });
  const start = await page.waitFor((s) => s.includes("@") && s.includes("HP"), "the game");
  page.send({ type: "input", data: "l" });
  page.send({ type: "input", data: "j" });
  await page.waitFor((s) => atSign(s) !== atSign(start), "a step").catch(() => undefined);
  // Long enough for a health line after the keys.
  await new Promise((r) => setTimeout(r, 1200));
  const before = await page.text();
  first.child.kill("SIGTERM");
  const closed = await page.closed;
  equal((await first.child.status).code, 0);
  ok((await first.said()).includes("SIGTERM: saving every game"), await first.said());
  ok(!(await first.said()).includes("AI worker"), await first.said());
  ok(
    /in the last 1 s: 1 game, \d+ keys?, to their frames p50 [\d.]+ ms/.test(await first.said()),
    await first.said(),
  );
  ok(
    closed.reason.includes("game is saved") || page.messages.some((m) => m.type === "notice"),
    closed.reason,
  );
  page.screen.dispose();

  const second = await serve(port, state);
  const { cookie: again } = await sessionOf(origin, "gus", "correct horse", true);
  await using back = await TestPage.open(origin, "/ws/play", again);
  back.send({ type: "resize", columns: 80, rows: 24 });
  // The map may be centred anew on the player as the game comes back: the turn and the HP line tell the game.
  const turn = /Turn \d+/.exec(before)?.[0] ?? "", hp = /HP: \d+\/\d+/.exec(before)?.[0] ?? "";
  ok(turn !== "" && hp !== "", before);
  await back.waitFor((s) => s.includes(turn) && s.includes(hp), "the game where it was");
  // Ctrl-C at the server's terminal does the same.
  second.child.kill("SIGINT");
  equal((await second.child.status).code, 0);
  ok((await second.said()).includes("SIGINT: saving every game"), await second.said());
  const told = await back.closed;
  ok(told.reason.includes("game is saved") || back.messages.some((m) => m.type === "notice"), told.reason);
  await Deno.remove(state, { recursive: true });
});

/** Sends `head` and `body` to the server on `port` as one request, then closes before the body it announced. */
async function cutShort(port: number, head: string, body: string): Promise<void> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(new TextEncoder().encode(`${head}\r\n\r\n${body}`));
  await new Promise((r) => setTimeout(r, 100));
  conn.close();
}

Deno.test("e2e: a request body cut short (Content-Length 99999999999, then closed) is one line in the log, no stack", async () => {
  const port = freePort(), origin = `http://127.0.0.1:${port}`;
  const state = await Deno.makeTempDir({ prefix: "delve-serve-" });
  const served = await serve(port, state);
  const form = "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 99999999999";
  for (const path of ["/login", "/register"]) {
    await cutShort(port, `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${form}`, "name=ab");
  }
  // The server goes on: a page registers and logs in.
  equal((await sessionOf(origin, "hal")).status, 303);
  served.child.kill("SIGTERM");
  equal((await served.child.status).code, 0);
  const lines = (await served.said()).trimEnd().split("\n");
  const cut = lines.filter((l) => l.includes("cut short"));
  deepEqual(
    cut,
    ["/login", "/register"].map((path) =>
      `delve serve: POST ${path} from 127.0.0.1: its body was cut short: the connection ended after 7 bytes of ` +
      "the 99999999999 it announced"
    ),
  );
  ok(!lines.some((l) => /^\s+at /.test(l) || l.includes("BadResource")), lines.join("\n"));
  await Deno.remove(state, { recursive: true });
});

Deno.test("the serve launcher grants the chosen host and port, reading the code (the AI worker's entry) and data, writing the state alone", () => {
  const args = [
    "--port",
    "9123",
    "--host",
    "127.0.0.1",
    "--state",
    "/tmp/delve-state-x",
    "--data",
    "/tmp/mod",
    "--worker",
    "/tmp/delve-state-x/code/ai_worker.js",
  ];
  const run = serveArgs(parseServeArgs(args), args);
  const grant = (flag: string) =>
    run.find((a) => a.startsWith(`${flag}=`))?.slice(flag.length + 1).split(",") ?? [];
  equal(
    grant("--allow-net").join(),
    "127.0.0.1:9123,127.0.0.1",
    "the public port, and loopback for the HTTP side",
  );
  equal(grant("--allow-write").join(), "/tmp/delve-state-x");
  const reads = grant("--allow-read");
  const worker = new URL("../workers/ai_worker.ts", import.meta.url).pathname;
  ok(reads.some((r) => worker.startsWith(r)), `the worker's entry is readable: ${reads}`);
  ok(run.includes("--worker") && run.includes("/tmp/delve-state-x/code/ai_worker.js"), run.join(" "));
  ok(reads.includes("/tmp/mod") && reads.includes("/tmp/delve-state-x"), reads.join());
  ok(!run.some((a) => a === "-A" || a.startsWith("--allow-all") || a === "--allow-run"), run.join(" "));
});

Deno.test("the serve launcher bundles the AI worker into the state folder, and where a link stands in its way says so and leaves the games on the source", async () => {
  const state = await Deno.makeTempDir({ prefix: "delve-launch-" });
  const elsewhere = await Deno.makeTempDir({ prefix: "delve-elsewhere-" });
  try {
    const said: string[] = [];
    const run = await launchArgs(["--state", state], (line) => said.push(line));
    equal(said.length, 0, said.join());
    ok(run.includes(`--worker=${workerBundlePath(state)}`), run.join(" "));
    ok((await Deno.stat(workerBundlePath(state))).isFile);

    await Deno.remove(`${state}/code`, { recursive: true });
    await Deno.symlink(elsewhere, `${state}/code`);
    const refused = await launchArgs(["--state", state], (line) => said.push(line));
    ok(!refused.some((a) => a.startsWith("--worker")), refused.join(" "));
    equal(said.length, 1);
    ok(said[0].includes("is a link, not followed"), said[0]);
    deepEqual([...Deno.readDirSync(elsewhere)], [], "nothing written through the link");
  } finally {
    await Deno.remove(state, { recursive: true });
    await Deno.remove(elsewhere, { recursive: true });
  }
});

Deno.test("e2e: the server logs its health when SIGUSR2 asks, games or none; its launcher passes it on; no debugger opens", async () => {
  const state = await Deno.makeTempDir({ prefix: "delve-health-" });
  const args = ["--port", String(freePort()), "--state", state, "--health-every", "0"];
  // The launcher as the serve task runs it (deno.json), so the signal goes to the process the task started.
  const task = config.tasks.serve.split(/\s+/).slice(1);
  const child = new Deno.Command("deno", {
    args: [...task, ...args],
    cwd: new URL("..", import.meta.url),
    stdout: "null",
    stderr: "piped",
  }).spawn();
  try {
    const { heard } = await untilListening(child);
    child.kill("SIGUSR2");
    let said = "";
    for (let n = 0; n < 250 && !said.includes("longest pause"); n++) {
      await new Promise((r) => setTimeout(r, 20));
      said = heard();
    }
    ok(
      /in the last \d+ s: 0 games, no keys; the thread's longest pause [\d.]+ ms/
        .test(said),
      said,
    );
    // A Deno process sent SIGUSR1 opens a debugger (and says so on stderr): health must not be asked that way.
    ok(!/debugger/i.test(said), said);
  } finally {
    child.kill("SIGTERM");
    await child.status;
    await Deno.remove(state, { recursive: true });
  }
});

Deno.test("e2e: a port already taken is said in one line, and the server leaves with status 1", async () => {
  const state = await Deno.makeTempDir({ prefix: "delve-taken-" });
  const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    const { port } = taken.addr as Deno.NetAddr;
    const { code, stderr } = await new Deno.Command("deno", {
      args: ["task", "-q", "serve", "--port", String(port), "--state", state],
      cwd: new URL("..", import.meta.url),
      stdout: "null",
      stderr: "piped",
    }).output();
    const said = new TextDecoder().decode(stderr).trim();
    equal(code, 1, said);
    equal(said.split("\n").length, 1, said);
    ok(said.startsWith(`delve serve: cannot serve on 127.0.0.1:${port} with ${state}: `), said);
    ok(/in use/i.test(said), said);
  } finally {
    taken.close();
    await Deno.remove(state, { recursive: true });
  }
});
