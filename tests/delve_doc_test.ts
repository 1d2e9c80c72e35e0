/**
 * docs/delve.md tells Delve's own game in words: every monster and item of
 * data/entities.json is named there, the items in words rather than their
 * JSON, each found on the floors its spawn table says.
 */
import { deepEqual, ok } from "node:assert/strict";

const ROOT = new URL("..", import.meta.url);
const read = async (path: string) => await Deno.readTextFile(new URL(path, ROOT));

/** The parts of a template this test reads. */
interface Template {
  readonly name: string;
  readonly fighter?: unknown;
  readonly item?: unknown;
  readonly equippable?: unknown;
  readonly startingEquipment?: readonly string[];
}
const templates = Object.entries(JSON.parse(await read("data/entities.json")) as Record<string, Template>)
  .filter(([id]) => !id.startsWith("$"));
const steps = (JSON.parse(await read("data/spawn_tables.json")) as {
  items: readonly { floor: number; weights: Record<string, number> }[];
}).items;
const dungeon = (JSON.parse(await read("data/game.json")) as {
  dungeon: { bottom: number; goal: { item: string } };
}).dungeon;
const doc = await read("docs/delve.md");

/** The text of the `## heading` section of docs/delve.md. */
function section(heading: string): string {
  const start = doc.indexOf(`\n## ${heading}\n`);
  ok(start >= 0, `docs/delve.md has a ${heading} section`);
  const end = doc.indexOf("\n## ", start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
}

/** The section's table rows by their first cell. */
function rows(text: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of text.split("\n").filter((l) => l.startsWith("| "))) {
    const cells = line.slice(1, -1).split(" | ").map((c) => c.trim());
    found.set(cells[0], cells);
  }
  return found;
}

/** The floors an item's weight is above 0 on, by the steps of the spawn table (each in force until the next). */
function floorsOf(id: string): number[] {
  const floors: number[] = [];
  for (let floor = 1; floor <= dungeon.bottom; floor++) {
    let weight = 0;
    for (const step of steps) if (step.floor <= floor && id in step.weights) weight = step.weights[id];
    if (weight > 0) floors.push(floor);
  }
  return floors;
}

Deno.test("docs/delve.md names every monster and every item of data/entities.json", () => {
  const monsters = rows(section("Monsters")), items = section("Items");
  const missing = templates.filter(([id, t]) =>
    id === "player"
      ? false
      : t.fighter
      ? !monsters.has(t.name)
      : (t.item || t.equippable) && !items.includes(`| ${t.name} `) && !items.includes(`**${t.name}**`)
  ).map(([id]) => id);
  deepEqual(missing, []);
});

Deno.test("docs/delve.md tells the items in words, each found where its spawn table puts it", () => {
  const items = section("Items");
  ok(!/[{}]|"type"/.test(items), "no JSON among the items");
  const table = rows(items);
  const start = templates.find(([id]) => id === "player")?.[1].startingEquipment ?? [];
  const problems: string[] = [];
  for (const [id, t] of templates.filter(([, t]) => t.item || t.equippable)) {
    const where = table.get(t.name)?.[1];
    const floors = floorsOf(id);
    const expected = id === dungeon.goal.item
      ? undefined
      : start.includes(id)
      ? "worn at the start"
      : floors.at(-1) === dungeon.bottom
      ? `from floor ${floors[0]}`
      : `floors ${floors[0]} to ${floors.at(-1)}`;
    if (expected !== undefined && !where?.startsWith(expected)) {
      problems.push(`${t.name}: "${where}", expected ${expected}`);
    }
  }
  deepEqual(problems, []);
});
