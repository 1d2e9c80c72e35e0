/**
 * Who may log in to the server (src/server/player_names.ts, passwords.ts,
 * login_limiter.ts): names are plain and short, passwords are kept salted
 * and slow to guess, and logins are limited by name and by address.
 */
import { deepEqual, equal, notEqual, ok } from "node:assert/strict";
import {
  hashPassword,
  LOGIN_WINDOW_MS,
  LoginLimiter,
  nameProblem,
  passwordProblem,
  PBKDF2_ITERATIONS,
  verifyPassword,
} from "../src/server/mod.ts";
import { isPlainAscii } from "../src/text/mod.ts";

Deno.test("names of 1 to 20 letters, digits, - and _ pass; others are refused saying what was found", () => {
  deepEqual(["a", "Ann-Marie_2", "x".repeat(20)].map(nameProblem), [undefined, undefined, undefined]);
  equal(nameProblem(""), "expected 1 to 20 letters, digits, - or _; found nothing");
  equal(nameProblem("x".repeat(21)), "expected at most 20 characters; found 21");
  equal(
    nameProblem("x'); DROP TABLE players;--"),
    `expected only ASCII letters, digits, - and _; found "'" at character 2`,
  );
  equal(nameProblem("é"), `expected only ASCII letters, digits, - and _; found "é" at character 1`);
  equal(nameProblem("<script>"), `expected only ASCII letters, digits, - and _; found "<" at character 1`);
});

Deno.test("a refused name never echoes a control character, nor more than one character of it", () => {
  const problem = nameProblem(`ab\x1b]0;owned\x07${"z".repeat(10_000)}`) ?? "";
  ok(problem.includes(String.raw`"\x1b" at character 3`), problem);
  ok(isPlainAscii(problem) && !problem.includes("owned") && problem.length < 100, problem);
});

Deno.test("passwords of 8 to 200 characters may be chosen; the reason for others does not echo them", () => {
  deepEqual(["12345678", "p".repeat(200), "ünïcödé!"].map(passwordProblem), [
    undefined,
    undefined,
    undefined,
  ]);
  equal(passwordProblem("secret1"), "expected 8 to 200 characters; found 7");
  equal(passwordProblem("s".repeat(201)), "expected 8 to 200 characters; found 201");
  ok(!(passwordProblem("hunter2") ?? "").includes("hunter2"));
});

Deno.test("the right password passes, a wrong one fails, and two hashes of one password differ by salt", async () => {
  const [first, second] = await Promise.all([hashPassword("correct horse"), hashPassword("correct horse")]);
  equal(first.iterations, PBKDF2_ITERATIONS);
  ok(PBKDF2_ITERATIONS >= 600_000);
  equal(atob(first.salt).length, 16);
  equal(atob(first.hash).length, 32);
  notEqual(first.salt, second.salt);
  notEqual(first.hash, second.hash);
  ok(await verifyPassword("correct horse", first));
  ok(await verifyPassword("correct horse", second));
  ok(!await verifyPassword("correct horsE", first));
  ok(!await verifyPassword("", first));
  // A damaged record matches nothing rather than throwing.
  ok(!await verifyPassword("correct horse", { ...first, hash: "not base64!" }));
  ok(!await verifyPassword("correct horse", { ...first, hash: btoa("short") }));
  ok(!await verifyPassword("correct horse", { ...first, iterations: 0 }));
  ok(!await verifyPassword("correct horse", { ...first, iterations: 1e12 }));
});

Deno.test("the login limiter allows 5 a minute per name from one address and 20 per address, then again after the minute", () => {
  const limiter = new LoginLimiter();
  const t0 = 1_000_000;
  for (let i = 0; i < 5; i++) ok(limiter.allow("ann", "10.0.0.1", t0 + i), `attempt ${i + 1}`);
  ok(!limiter.allow("ann", "10.0.0.1", t0 + 10), "the 6th within the minute");
  ok(!limiter.allow("ANN", "10.0.0.1", t0 + 11), "the same name in another case");
  ok(limiter.allow("ANN", "10.0.0.2", t0 + 20), "the same name from elsewhere: strangers lock no one out");
  ok(limiter.allow("bob", "10.0.0.1", t0 + 30), "another name from the same address");
  for (let i = 0; i < 14; i++) ok(limiter.allow(`n${i}`, "10.0.0.1", t0 + 40 + i), `name ${i}`);
  ok(!limiter.allow("zed", "10.0.0.1", t0 + 60), "the address's 21st attempt, whatever the name");
  ok(limiter.allow("ann", "10.0.0.1", t0 + LOGIN_WINDOW_MS), "once the first attempt is a minute old");
  ok(!limiter.allow("ann", "10.0.0.1", t0 + LOGIN_WINDOW_MS), "only as many as have aged out");
  const three = new LoginLimiter({ perMinute: 3 });
  deepEqual([1, 2, 3, 4].map((t) => three.allow("c", "a", t)), [true, true, true, false]);
});

Deno.test("the login limiter's memory is capped and forgets keys older than the window", () => {
  const limiter = new LoginLimiter({ maxKeys: 100 });
  for (let i = 0; i < 1000; i++) ok(limiter.allow(`n${i}`, `a${i}`, i));
  equal(limiter.size, 100);
  // The stalest keys went first: the latest names are still counted.
  for (let i = 0; i < 4; i++) ok(limiter.allow("n999", "a999", 1000 + i));
  ok(!limiter.allow("n999", "a999", 1004));
  ok(limiter.allow("late", "late", 10_000_000), "everything older than the window is forgotten");
  equal(limiter.size, 2);
});
