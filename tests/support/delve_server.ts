/**
 * A Delve server on a loopback port for a test, with a temporary state
 * folder, and a page-like WebSocket client; both closed by the caller.
 */
import {
  DEFAULT_LIMITS,
  DelveServer,
  hashPassword,
  type ServerLimits,
  type ServerOptions,
  ServerStore,
} from "../../src/server/mod.ts";
import net from "node:net";
import { InProcessRunner } from "../../src/worker/mod.ts";
import { dataStamp, REPLAY_LIMITS, startRecording, writeSave } from "../../src/store/mod.ts";
import { simulate } from "../../src/commands/mod.ts";
import { PageScreen } from "../../tools/bench/page_screen.ts";
import { bundledContent } from "./content.ts";

/**
 * What a server on `port` answered to `GET path` sent from the loopback
 * address `from`, once it closed the connection: "" when it closed it
 * without a word.
 */
export function answerFrom(port: number, path: string, from: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port, localAddress: from }, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    });
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("close", () => resolve(answer));
    // A connection closed unread may be reset: what came before it is the answer.
    socket.on("error", () => {});
  });
}

/** A running server and where it is. */
export interface TestServer extends AsyncDisposable {
  readonly server: DelveServer;
  readonly origin: string;
  readonly stateDir: string;
}

/**
 * Connections a test's server takes a second unless a test says otherwise:
 * its door takes a tenth of them at once, and a test that opens a hundred
 * sockets together to try another limit must not meet the door's first.
 * The door's own rate is tried where it is the subject
 * (tests/server_connection_door_test.ts).
 */
const TEST_CONNECTION_RATE = 1000;

/**
 * Starts a server on 127.0.0.1 at a free port, with `limits` over the
 * defaults (and {@link TEST_CONNECTION_RATE}), in a new state folder unless
 * `extra` names one.
 */
export async function startTestServer(
  limits: Partial<ServerLimits> = {},
  extra: Partial<ServerOptions> = {},
): Promise<TestServer> {
  // A state folder given (a server started again on it) is the caller's to remove.
  const own = extra.stateDir === undefined;
  const stateDir = extra.stateDir ?? await Deno.makeTempDir({ prefix: "delve-server-" });
  const server = await DelveServer.start({
    hostname: "127.0.0.1",
    port: 0,
    content: await bundledContent(),
    limits: { ...DEFAULT_LIMITS, connectionRate: TEST_CONNECTION_RATE, ...limits },
    version: "9.9.9",
    makeRunner: (rules) => new InProcessRunner(rules),
    randomSeed: () => 42,
    ...extra,
    stateDir,
  });
  const origin = `http://127.0.0.1:${server.address.port}`;
  return {
    server,
    origin,
    stateDir,
    async [Symbol.asyncDispose]() {
      await server.shutdown();
      if (own) await Deno.remove(stateDir, { recursive: true });
    },
  };
}

/**
 * A game of `player` that ended with `outcome`, its replay the TCOD rule set's seed-11 fixture, put in the
 * server's store as the server puts one; gives its id.
 */
export async function finishedGame(served: TestServer, player: string, outcome: string): Promise<string> {
  const store = ServerStore.open(`${served.stateDir}/delve.sqlite`);
  try {
    const replayPath = `${served.stateDir}/${player}.replay.json.gz`;
    // A bot's game of the data the server plays, recorded as a game is.
    const content = await bundledContent();
    const recording = startRecording(11, "test", dataStamp(content));
    simulate(content, 11, 600, recording);
    await writeSave(replayPath, JSON.stringify(recording), { backup: false, limits: REPLAY_LIMITS });
    store.addPlayer(player, await hashPassword("correct horse"));
    const id = store.startGame(player, new Date("2026-11-24T12:00:00Z"));
    store.endGame(id, { outcome, now: new Date("2026-11-24T12:30:00Z"), replayPath });
    return id;
  } finally {
    store.close();
  }
}

/** Registers `name` (or logs in with `login`) and gives the session cookie. */
export async function sessionOf(
  origin: string,
  name: string,
  password = "correct horse",
  login = false,
): Promise<{ status: number; cookie: string | undefined }> {
  const response = await fetch(`${origin}/${login ? "login" : "register"}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ name, password }),
    redirect: "manual",
  });
  await response.body?.cancel();
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  return { status: response.status, cookie };
}

/** Where `@` is on `screen` ("column,row"), to tell a step. */
export function atSign(screen: string): string {
  const rows = screen.split("\n");
  const y = rows.findIndex((r) => r.includes("@"));
  return `${rows[y]?.indexOf("@")},${y}`;
}

/** What a page is sent, drawn on a screen as the browser's terminal draws it. */
export class ScreenPage {
  readonly messages: Record<string, unknown>[] = [];
  readonly screen = new PageScreen(80, 24);

  /** Takes one message as the page's script does. */
  receive(text: string): void {
    const message = JSON.parse(text);
    this.messages.push(message);
    if (message.type === "output") this.screen.write(message.data);
    if (message.type === "size") this.screen.resize(message.columns, message.rows);
  }

  async text(): Promise<string> {
    return (await this.screen.lines()).join("\n");
  }

  /** Waits until the screen shows what `test` wants. */
  async waitFor(test: (s: string) => boolean, what: string): Promise<string> {
    for (let i = 0; i < 300; i++) {
      const s = await this.text();
      if (test(s)) return s;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`never saw ${what}:\n${await this.text()}`);
  }

  /** Waits for a message `test` picks. */
  async message(
    test: (m: Record<string, unknown>) => boolean,
    what: string,
    ms = 3000,
  ): Promise<Record<string, unknown>> {
    for (let i = 0; i < ms / 10; i++) {
      const found = this.messages.find(test);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`never got ${what}: ${JSON.stringify(this.messages.slice(-5))}`);
  }
}

/** A page's socket to a test server. */
export class TestPage extends ScreenPage implements AsyncDisposable {
  readonly opened: Promise<void>;
  readonly closed: Promise<CloseEvent>;

  constructor(readonly socket: WebSocket) {
    super();
    socket.addEventListener("message", (e) => this.receive(e.data));
    this.opened = new Promise((resolve, reject) => {
      socket.addEventListener("open", () => resolve());
      socket.addEventListener("error", () => reject(new Error("the socket did not open")));
    });
    this.closed = new Promise((resolve) => socket.addEventListener("close", resolve));
  }

  /** Opens `path` on `origin` with `cookie`, as a page of that origin does. */
  static async open(origin: string, path: string, cookie?: string): Promise<TestPage> {
    const headers: Record<string, string> = { origin };
    if (cookie) headers.cookie = cookie;
    const page = new TestPage(
      new WebSocket(`${origin.replace("http", "ws")}${path}`, { headers } as unknown as string[]),
    );
    await page.opened;
    return page;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  async [Symbol.asyncDispose](): Promise<void> {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.close();
    await this.closed;
    this.screen.dispose();
  }
}

/** `name` registered, with a play page open on the title at `columns` x `rows`. */
export async function onTitle(origin: string, name: string, columns = 80, rows = 24): Promise<TestPage> {
  const { cookie } = await sessionOf(origin, name);
  const page = await TestPage.open(origin, "/ws/play", cookie);
  page.screen.resize(columns, rows);
  page.send({ type: "resize", columns, rows });
  await page.waitFor((s) => s.includes("[N] Play a new game"), "the title");
  return page;
}
