import { deepEqual, equal, ok } from "node:assert/strict";
import {
  balanceCharts,
  escapeHtml,
  type GameResult,
  quantile,
  reportPage,
  simCommand,
  simulate,
  simulateInWorkers,
  simulateSerially,
  wilsonInterval,
} from "../src/commands/mod.ts";
import { launchBrowser } from "./support/browser.ts";
import { captureConsole } from "./support/console_capture.ts";
import { bundledContent } from "./support/content.ts";
import { loadContent } from "../src/content/mod.ts";

const content = await bundledContent();

Deno.test("the Wilson interval and the quartiles are the textbook ones", () => {
  const near = (a: number, b: number) => Math.abs(a - b) < 1e-4;
  const none = wilsonInterval(0, 10), half = wilsonInterval(5, 10);
  ok(none.low === 0 && near(none.high, 0.2775), JSON.stringify(none));
  ok(near(half.low, 0.2366) && near(half.high, 0.7634), JSON.stringify(half));
  deepEqual([quantile([1, 2, 3, 4], 0.25), quantile([1, 2, 3, 4], 0.5), quantile([7], 0.75)], [1.75, 2.5, 7]);
  equal(escapeHtml(`<a href="x">&'`), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
});

Deno.test("games spread over workers give exactly the serial run's results, in seed order", async () => {
  const plan = { content, games: 5, seed: 40, turns: 700 };
  const serial = simulateSerially(plan);
  deepEqual(await simulateInWorkers(plan, 2), serial);
  deepEqual(await simulateInWorkers(plan, 7), serial, "more jobs than games");
  deepEqual(serial.map((r) => r.seed), [40, 41, 42, 43, 44]);
});

Deno.test("sim --jobs prints the same report as --jobs 1, and --report writes the page", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const args = ["--games", "4", "--turns", "400", "--seed", "9"];
    const serial = await captureConsole(() => simCommand([...args, "--jobs", "1"]));
    const spread = await captureConsole(() =>
      simCommand([...args, "--jobs", "2", "--report", `${dir}/r.html`])
    );
    deepEqual([serial.result, spread.result], [0, 0]);
    deepEqual(spread.out, serial.out);
    const page = await Deno.readTextFile(`${dir}/r.html`);
    ok(page.startsWith("<!DOCTYPE html>") && page.includes("<svg"), page.slice(0, 200));
    // A link where the report goes is refused in one line, and nothing is written through it.
    await Deno.writeTextFile(`${dir}/target`, "kept");
    await Deno.symlink(`${dir}/target`, `${dir}/link.html`);
    const refused = await captureConsole(() =>
      simCommand([...args, "--jobs", "1", "--report", `${dir}/link.html`])
    );
    equal(refused.result, 1);
    ok(refused.err.length === 1 && refused.err[0].includes("symbolic link"), refused.err.join("|"));
    equal(await Deno.readTextFile(`${dir}/target`), "kept");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** A made-up game whose names would be markup if the page did not escape them. */
const HOSTILE_NAME = "<img src=x>";
function hostileGame(): GameResult {
  return {
    seed: 0,
    depth: 1,
    endFloor: 1,
    turns: 10,
    level: 1,
    end: `killed by ${HOSTILE_NAME}`,
    died: true,
    turnLimit: false,
    unusedEscape: HOSTILE_NAME,
    diedFleeing: true,
    kills: [1],
    arrivals: [0],
    killsByMonster: [{ name: HOSTILE_NAME, count: 1 }],
    attacksOnBot: {},
    itemsUsed: { [HOSTILE_NAME]: 2 },
    itemsFound: { [HOSTILE_NAME]: 1 },
    levels: [1],
    hps: [10],
  };
}

Deno.test("the report page draws a mark for every figure of every chart in a real browser, and fetches nothing", async () => {
  const floors = await loadContent(new URL("./fixtures/mods/floors/", import.meta.url), "floors/");
  const results = [
    ...Array.from({ length: 6 }, (_, k) => simulate(content, 300 + k, 1500)),
    ...Array.from({ length: 3 }, (_, k) => simulate(floors, 1 + k, 20_000)),
    hostileGame(),
  ];
  ok(results.some((r) => r.end.startsWith("won")), "a win, so the win rate is not zero");
  const charts = balanceCharts(results);
  const dir = await Deno.makeTempDir();
  const browser = await launchBrowser();
  try {
    await Deno.writeTextFile(`${dir}/report.html`, await reportPage("a test report", charts, "the text"));
    const page = await browser.newPage();
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto(`file://${dir}/report.html`);
    deepEqual(requests, [`file://${dir}/report.html`], "the page loads nothing but itself");
    equal(await page.locator("img, script").count(), 0, "no markup from the data");
    const marks = (id: string, mark: string) =>
      page.locator(`#chart-${id} g.mark-${mark}.role-mark > *`).count();
    for (const chart of charts) {
      ok(chart.rows.length > 0, `${chart.id} has figures`);
      if (chart.id === "rates") {
        deepEqual([await marks("rates", "rule"), await marks("rates", "symbol")], [3, 3]);
      } else if (chart.id === "curves") {
        // One band and one line for each measure, the line through every figure of it.
        deepEqual([await marks("curves", "area"), await marks("curves", "line")], [2, 2]);
        const lines = await page.locator("#chart-curves g.mark-line.role-mark > path").evaluateAll((paths) =>
          paths.map((p) => (p.getAttribute("d") ?? "").split("L").length)
        );
        const perMeasure = ["level", "HP"].map((m) => chart.rows.filter((r) => r.measure === m).length);
        deepEqual(lines.sort(), perMeasure.sort());
      } else {
        equal(await marks(chart.id, "rect"), chart.rows.length, `${chart.id}: a bar for each figure`);
      }
    }
    const kills = await page.locator("#chart-kills").textContent() ?? "";
    ok(kills.includes(HOSTILE_NAME), `the hostile name is shown as text: ${kills}`);
    const depth = charts.find((c) => c.id === "depth")!;
    equal(depth.rows.reduce((n, r) => n + Number(r.games), 0), results.length, "every game in the histogram");
  } finally {
    await browser.close();
    await Deno.remove(dir, { recursive: true });
  }
});
