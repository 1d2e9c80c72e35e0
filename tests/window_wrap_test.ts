/**
 * Delve's own game (`messageWrap: "even"`) wraps the texts of its windows as it wraps its log: no word alone
 * on a last line where the line before can give it one; the tutorials' windows wrap greedily.
 */
import { equal, notEqual } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { instantiate } from "../src/engine/mod.ts";
import { describeLines } from "../src/ui/mod.ts";
import { startApp } from "./support/ui_harness.ts";

const delve = await loadContent(new URL("../data/", import.meta.url), "data/");

/** The description window's lines for the dagger (its text, greedily wrapped, leaves "damage." alone). */
function daggerLines(even: boolean): string[] {
  const app = startApp(80, 24, 3, "truecolor", delve);
  const dagger = instantiate(delve.rules.templates.dagger, app.state.nextId++, 0, 0);
  return describeLines({ ...app.ui, theme: { ...app.ui.theme, evenWrap: even } }, dagger);
}

Deno.test("Delve's description window keeps no word alone on a line; greedy wrapping would", () => {
  equal(startApp(80, 24, 3, "truecolor", delve).ui.theme.evenWrap, true, "Delve's data wraps evenly");
  const even = daggerLines(true), greedy = daggerLines(false);
  notEqual(greedy[1], undefined);
  equal(greedy[1].includes(" "), false, `greedily: ${greedy.join(" | ")}`);
  equal(even[1].includes(" "), true, `evenly: ${even.join(" | ")}`);
  equal(even.join(" "), greedy.join(" "));
});
