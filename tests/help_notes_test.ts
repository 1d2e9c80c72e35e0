/**
 * The game's help window (`?`) tells, after the keys, how to wield and wear things and, where the rules have
 * unknown items, what they are (docs/rules.md, Windows), played through the headless terminal.
 */
import { ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { bundledContent } from "./support/content.ts";
import { screenText, startApp, type } from "./support/ui_harness.ts";

const delve = await loadContent(new URL("../data/", import.meta.url), "data/");

/**
 * The help window's text, its lines joined and the frame taken out, so that wrapping does not matter;
 * with `end`, scrolled to its end (End: ESC [ F), where the notes come after the keys of a long help.
 */
async function helpText(data = delve, end = true): Promise<string> {
  const app = startApp(80, 50, 7, "truecolor", data);
  await type(app, "?");
  if (end) await type(app, "\x1b[F");
  return screenText(app).map((l) => l.replace(/[│┃]/g, " ").trim()).join(" ").replace(/\s+/g, " ");
}

Deno.test("Delve's help says how to wield and wear things and what unknown items are, named from the data", async () => {
  const text = await helpText();
  ok(text.includes("Equipment: use (i) a weapon to wield it, or armour to wear it"), text);
  const kinds = Object.keys(delve.rules.unknownItems!);
  ok(text.includes(`Unknown items: ${kinds[0]}s`), text);
  ok(text.includes(delve.rules.unknownItems![kinds[0]].appearances[0]), "an example of a look");
});

Deno.test("a rule set without unknown items says nothing of them", async () => {
  const text = await helpText(await bundledContent(), false);
  ok(text.includes("Equipment:") && !text.includes("Unknown items"), text);
});
