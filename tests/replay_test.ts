import { deepEqual, equal, notEqual, ok, throws } from "node:assert/strict";
import {
  Bot,
  dataChecksum,
  isGameOver,
  newGame,
  playCommand,
  type Rules,
  stateChecksum,
  stateChecksumWithoutLog,
} from "../src/engine/mod.ts";
import {
  type Command,
  continueRecording,
  dataStamp,
  decodeRecording,
  decodeSave,
  encodeSave,
  gzip,
  playRecording,
  record,
  type Recording,
  REPLAY_VERSION,
  ReplayError,
  startRecording,
  writeSave,
} from "../src/store/mod.ts";
import { GameSession } from "../src/app/mod.ts";
import { InProcessRunner, type MonsterRunner, WorkerRunner } from "../src/worker/mod.ts";
import { replayMain, simulate } from "../src/commands/mod.ts";
import { HeadlessTerminal, keyEvent } from "../src/terminal/mod.ts";
import { bundledContent, DATA_DIR } from "./support/content.ts";
import { captureConsole } from "./support/console_capture.ts";
import { delveSession } from "./support/delve_session.ts";

const content = await bundledContent();
const { rules } = content;
const checksumOfData = { checksum: dataChecksum(rules), folder: "data/rulesets/tcod/" };

/** `recording` as a file of an older `version` (1 to 3) holds it: its data named by the checksum alone. */
function olderShape(recording: Recording, version: number) {
  if (recording.version !== 4) throw new Error("expected a recording of today's version");
  const { data, ...rest } = recording;
  return { ...rest, version, dataChecksum: data.checksum };
}

Deno.test("20 bot games recorded, then replayed from their seeds: no desync, the same final state", () => {
  let checks = 0;
  for (let k = 0; k < 20; k++) {
    const recording = startRecording(200 + k, "test", checksumOfData);
    const result = simulate(content, 200 + k, 600, recording);
    const end = playRecording(recording, rules);
    deepEqual([end.turn, end.floor], [result.turns, result.depth], `game ${k}`);
    checks += recording.checks.length;
  }
  ok(checks > 40, `${checks} checksums compared`);
});

Deno.test("a changed command is caught at the next checksum: replay out of sync at turn T", () => {
  const recording = startRecording(7, "test", checksumOfData);
  simulate(content, 7, 400, recording);
  const index = recording.commands.findIndex((c, i) => i > 10 && "act" in c && c.act.type === "bump");
  recording.commands[index] = { act: { type: "wait" } };
  throws(
    () => playRecording(recording, rules),
    (e: unknown) => e instanceof ReplayError && /^replay out of sync at turn \d+/.test(e.message),
  );
});

Deno.test("a game saved and continued records checksums its replay agrees with, past many checks", () => {
  const recording = startRecording(3, "test", checksumOfData);
  let state = newGame(rules, 3);
  const bot = new Bot();
  for (let k = 0; state.turn < 450 && !isGameOver(state); k++) {
    // Saved and loaded every 60 commands: the loaded objects' fields come back in the schema's order.
    if (k % 60 === 59) {
      state = decodeSave(JSON.parse(encodeSave(state, dataStamp(content), "test", new Date(0))), rules);
    }
    const command = bot.decide(state, rules), turnBefore = state.turn;
    playCommand(state, rules, command);
    record(recording, command, state, turnBefore);
  }
  ok(recording.checks.length >= 4, `${recording.checks.length} checksums`);
  equal(stateChecksum(playRecording(recording, rules)), stateChecksum(state));
});

Deno.test("the state checksum covers the log; a version 2 replay's leaves it out, as that version did", () => {
  const state = newGame(rules, 4);
  const before = stateChecksum(state), v2 = stateChecksumWithoutLog(state);
  state.log.push({ text: "Morgue file written to /tmp/x.txt", color: "white", count: 1 });
  notEqual(stateChecksum(state), before, "a line more");
  equal(stateChecksumWithoutLog(state), v2);
  const said = stateChecksum(state);
  state.log.at(-1)!.count++;
  notEqual(stateChecksum(state), said, "said once more");
  state.chronicle.xpEarned += 1;
  notEqual(stateChecksumWithoutLog(state), v2, "the chronicle counts");
});

Deno.test("a game played in the app, walks, notices and all, replays to the same log and state (version 4)", async () => {
  // No monsters (a walk never attacks): floors of items to explore, stop on, and leave by the stairs.
  const strewn: Rules = { ...rules, spawn: { ...rules.spawn, maxMonstersPerRoom: [] } };
  const state = newGame(strewn, 31);
  const recording = startRecording(31, "test", { checksum: dataChecksum(strewn), folder: "strewn/" });
  const app = new GameSession(
    new HeadlessTerminal(80, 24),
    // Delve's keys: > walks to the stairs once seen, and asked for before that, says so in a notice.
    { ...content, game: { ...content.game, stairsAway: undefined }, rules: strewn },
    state,
    new InProcessRunner(strewn),
    {
      colorDepth: "truecolor",
      record: (c: Command, before: number) => record(recording, c, state, before),
    },
  );
  // Explore, the stairs asked for before they are known (a notice), an empty slot (a notice), the stairs.
  for (let k = 0; k < 100 && state.turn < 350; k++) {
    for (const key of ["x", ">", "i", "z", "Escape", "x", "x", ">", ">"]) {
      await app.handleInput(keyEvent(key));
    }
  }
  equal(recording.version, REPLAY_VERSION);
  ok(recording.commands.some((c) => "stop" in c), "walks ended with something told");
  ok(app.notices.list.length > 0, "notices were told");
  ok(recording.checks.length >= 3, `${recording.checks.length} checksums by turn ${state.turn}`);
  const replayed = playRecording(decodeRecording(JSON.parse(JSON.stringify(recording))), strewn);
  deepEqual(replayed.log, state.log, "every line of the game's log, said again");
  equal(stateChecksum(replayed), stateChecksum(state));
});

Deno.test("a saved game's version 2 recording goes on as version 2: its new checksums leave the log out", () => {
  const recording = startRecording(6, "test", checksumOfData);
  const old = olderShape(recording, 2);
  const going = continueRecording(JSON.parse(JSON.stringify(old)));
  equal(going.version, 2);
  const state = newGame(rules, 6);
  // A notice written into the log, as Delve did when version 2 was current.
  state.log.push({ text: "Could not save the game: disk full", color: "error", count: 1 });
  const bot = new Bot();
  while (state.turn < 200 && !isGameOver(state)) {
    const command = bot.decide(state, rules), turnBefore = state.turn;
    playCommand(state, rules, command);
    record(going, command, state, turnBefore);
  }
  ok(going.checks.length >= 1);
  equal(
    stateChecksumWithoutLog(playRecording(going, rules)),
    stateChecksumWithoutLog(state),
    "plays back, no desync",
  );
});

Deno.test("a replay from an older or newer Delve is refused with the version, not a false desync", () => {
  const recording = startRecording(5, "test", checksumOfData);
  for (
    const [version, said] of [[1, /older Delve \(replay version 1\)/], [
      9,
      /newer Delve \(replay version 9\)/,
    ]] as const
  ) {
    throws(
      () => decodeRecording({ ...recording, version }),
      (e: unknown) => e instanceof ReplayError && said.test(e.message),
    );
  }
  deepEqual(decodeRecording(JSON.parse(JSON.stringify(recording))), recording);
});

Deno.test("a saved game's older recording goes on: its commands kept, its old checksums dropped", () => {
  const recording = startRecording(5, "test", checksumOfData);
  simulate(content, 5, 250, recording);
  const old = olderShape(recording, 1);
  throws(() => decodeRecording(old), /older Delve/);
  const going = continueRecording(old);
  deepEqual([going.version, going.commands, going.checks], [2, recording.commands, []]);
  equal(stateChecksum(playRecording(going, rules)), stateChecksum(playRecording(recording, rules)));
});

async function replayCheck(path: string): Promise<{ code: number; said: string }> {
  const { result, out, err } = await captureConsole(() =>
    replayMain([path, "--check", "--data", DATA_DIR.pathname])
  );
  return { code: result, said: [...out, ...err].join("\n") };
}

Deno.test("replay --check: OK for a whole file; a clear error and exit 1 for a damaged, truncated or foreign one", async () => {
  const dir = await Deno.makeTempDir({ prefix: "delve-replay-" });
  const recording = startRecording(9, "test", checksumOfData);
  simulate(content, 9, 300, recording);
  await writeSave(`${dir}/good.gz`, JSON.stringify(recording));
  const good = await replayCheck(`${dir}/good.gz`);
  deepEqual(
    [good.code, /^replay OK: \d+ commands, turn \d+, dungeon level \d+$/.test(good.said)],
    [0, true],
    good.said,
  );
  const full = await gzip(JSON.stringify(recording));
  const files: [string, Uint8Array, RegExp][] = [
    [
      "garbage",
      new TextEncoder().encode("not a replay"),
      /expected whole gzip data, found damaged or cut-short data/,
    ],
    [
      "truncated",
      full.subarray(0, full.length >> 1),
      /expected whole gzip data, found damaged or cut-short data/,
    ],
    ["foreign", await gzip('{"hello": 1}'), /not a Delve replay/],
    [
      "other-data",
      await gzip(JSON.stringify({ ...recording, data: { checksum: 1, folder: "mods/gone/" } })),
      /was recorded with data 1 of "mods\/gone\/", which is kept nowhere here: give --data the folder/,
    ],
  ];
  for (const [name, bytes, expected] of files) {
    await Deno.writeFile(`${dir}/${name}`, bytes);
    const { code, said } = await replayCheck(`${dir}/${name}`);
    equal(code, 1, name);
    ok(said.startsWith("delve replay: ") && expected.test(said), `${name}: ${said}`);
  }
  const missing = await replayCheck(`${dir}/nope`);
  deepEqual([missing.code, missing.said], [1, `delve replay: ${dir}/nope: no such file`]);
});

Deno.test("today's replay format (version 3) still plays back, and goes on as version 4 named by the save's stamp", async () => {
  const recording = startRecording(12, "test", checksumOfData);
  simulate(content, 12, 300, recording);
  const dir = await Deno.makeTempDir({ prefix: "delve-replay-v3-" });
  const v3 = olderShape(recording, 3);
  await writeSave(`${dir}/v3.gz`, JSON.stringify(v3));
  const checked = await replayCheck(`${dir}/v3.gz`);
  deepEqual([checked.code, /^replay OK: /.test(checked.said)], [0, true], checked.said);
  const going = continueRecording(JSON.parse(JSON.stringify(v3)), checksumOfData);
  deepEqual([going.version, going.commands, going.checks], [4, recording.commands, recording.checks]);
  deepEqual(going.version === 4 && going.data, checksumOfData);
  const other = continueRecording(JSON.parse(JSON.stringify(v3)), { checksum: 1, folder: "x/" });
  equal(other.version, 3, "a stamp naming other data is not taken for it");
});

Deno.test("replay --check: commands after the game ended are refused at the first one's index", async () => {
  const recording = startRecording(5, "test", checksumOfData);
  const result = simulate(content, 5, 100_000, recording);
  const end = playRecording(recording, rules);
  ok(isGameOver(end), `the bot's game of seed 5 ends (${result.turns} turns)`);
  const last = recording.commands.length;
  const more = 100_000;
  recording.commands.push(...Array.from({ length: more }, (): Command => ({ act: { type: "wait" } })));
  const line =
    `the game ended at turn ${end.turn} (command ${last - 1}): expected no command after it, found ` +
    `one at $.commands[${last}] and ${(more - 1).toLocaleString("en-US")} more`;
  throws(() => playRecording(recording, rules), new ReplayError(line));
  const dir = await Deno.makeTempDir({ prefix: "delve-replay-" });
  await writeSave(`${dir}/long.gz`, JSON.stringify(recording));
  deepEqual(await replayCheck(`${dir}/long.gz`), { code: 1, said: `delve replay: ${dir}/long.gz: ${line}` });
  // One command after the end is refused as well; none is not.
  recording.commands.length = last + 1;
  throws(() => playRecording(recording, rules), /found one at \$\.commands\[\d+\]$/);
  recording.commands.length = last;
  equal(playRecording(recording, rules).turn, end.turn);
});

Deno.test("the same seed and inputs give identical checksums with the worker and in-process", async () => {
  const sums = async (runner: MonsterRunner) => {
    const state = newGame(rules, 31);
    const recording = startRecording(31, "test", checksumOfData);
    const app = new GameSession(new HeadlessTerminal(80, 24), content, state, runner, {
      colorDepth: "truecolor",
      record: (c: Command, before: number) => record(recording, c, state, before),
    });
    const keys = "lllljjjjhhhhkkkk........yubn".repeat(8);
    for (const k of keys) await app.handleInput(keyEvent(k));
    runner.close();
    return { checks: recording.checks, final: stateChecksum(state) };
  };
  const worker = new WorkerRunner(rules);
  ok(await worker.ready);
  const a = await sums(worker), b = await sums(new InProcessRunner(rules));
  ok(a.checks.length >= 1);
  deepEqual(a, b);
  equal(worker.faults.length, 0);
});

Deno.test("the last game's replay is written beside the save, and a continued game's replay is whole", async () => {
  const { terminal, app, recordPath } = await delveSession({ seed: 44 });
  const running = app.run();
  const press = async (keys: string[]) => {
    for (const k of keys) {
      terminal.input(keyEvent(k));
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  await press(["n", ..."lljj..".split(""), "Escape", "c", ..."hhkk..".split(""), "Escape", "q"]);
  await running;
  const { code, said } = await replayCheck(recordPath);
  equal(code, 0, said);
  const commands = Number(/replay OK: (\d+) commands/.exec(said)![1]);
  ok(commands >= 10, `${commands} commands: both sittings`);
});
