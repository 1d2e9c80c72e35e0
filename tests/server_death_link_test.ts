/**
 * A game that ends on the server shows the player the address of its morgue
 * page, never a path on the server's disk (docs/server.md, Games).
 */
import { equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { fireballPlan, oneHpFireballData } from "./support/e2e_game.ts";
import { onTitle, startTestServer } from "./support/delve_server.ts";

Deno.test("the game-over window and the log show the morgue page's address, and no server path", async () => {
  const { dir, rules } = await oneHpFireballData();
  const plan = fireballPlan(rules);
  const content = await loadContent(new URL(`file://${dir}/`), "e2e/");
  await using served = await startTestServer({}, { content, randomSeed: () => plan.seed });
  await using page = await onTitle(served.origin, "vic");
  page.send({ type: "input", data: "n" });
  await page.waitFor((s) => s.includes("@") && s.includes("HP"), "the game");
  for (const key of plan.keys) page.send({ type: "input", data: key });
  await page.waitFor((s) => s.includes("You picked up the Fireball Scroll!"), "the scroll picked up");
  page.send({ type: "input", data: "i" });
  page.send({ type: "input", data: "c" });
  await page.waitFor((s) => s.includes("Select a target location."), "aiming");
  page.send({ type: "input", data: "\r" });
  await page.waitFor((s) => s.includes("The blast would reach you!"), "the question");
  page.send({ type: "input", data: "y" });
  const screen = await page.waitFor(
    (s) => s.includes("Game over") && s.includes("Morgue file:"),
    "game over",
  );
  const id = /\/games\/([A-Za-z0-9_-]{16})\/morgue/.exec(screen.replace(/\s*│\s*/g, ""))?.[1];
  ok(id, `the morgue page's address:\n${screen}`);
  ok(!screen.includes(served.stateDir) && !screen.includes("players/"), `no server path:\n${screen}`);
  const morgue = await fetch(`${served.origin}/games/${id}/morgue`);
  equal(morgue.status, 200);
  ok((await morgue.text()).length > 0);
  await Deno.remove(dir, { recursive: true });
});
