import { deepEqual } from "node:assert/strict";
import { deathText } from "../src/ui/mod.ts";

Deno.test("each cause of death reads as a phrase: a status's by its name, not 'killed by poisoned'", () => {
  deepEqual(
    [
      deathText({ kind: "melee", by: "Orc" }),
      deathText({ kind: "melee", by: "Giant Spider" }),
      deathText({ kind: "fire" }),
      deathText({ kind: "lightning" }),
      deathText({ kind: "status", by: "Poisoned" }),
      deathText({ kind: "unknown" }),
    ],
    [
      "killed by an Orc",
      "killed by a Giant Spider",
      "burned to death",
      "struck by lightning",
      "died while poisoned",
      "died",
    ],
  );
});
