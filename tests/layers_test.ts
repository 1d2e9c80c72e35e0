/**
 * The house plan (docs/architecture.md, Layout): which layer may import which, and that a
 * layer is reached from outside only through its `mod.ts`.
 */
import { deepEqual, ok } from "node:assert/strict";
import { dirname, join, normalize } from "node:path";
import { ROOT } from "./support/run_program.ts";
import { importedPaths, sources } from "./support/source_imports.ts";

/** The layers under the program, each importing only those listed before it (or none). */
const BELOW_APP = [
  "src/algorithms",
  "src/engine",
  "src/text",
  "src/content",
  "src/terminal",
  "src/ui",
  "src/worker",
  "src/store",
  "src/cli",
];

/** What each layer may import besides itself; a layer missing here may import nothing. */
const MAY_IMPORT: Record<string, readonly string[]> = {
  "src/algorithms": [],
  "src/engine": ["src/algorithms"],
  "src/text": [],
  "src/content": ["src/engine", "src/text"],
  "src/terminal": ["src/text"],
  "src/ui": ["src/engine", "src/terminal", "src/text"],
  "src/worker": ["src/engine"],
  "src/store": ["src/engine", "src/text", "src/content", "src/ui"],
  "src/cli": ["src/text", "src/content", "src/ui", "src/store"],
  "src/app": BELOW_APP,
  "src/server": [...BELOW_APP, "src/app"],
  "src/commands": [...BELOW_APP, "src/app", "src/server"],
  "workers": ["src/worker", "src/server"],
  "main.ts": ["src/app", "src/cli"],
  "tools": [...BELOW_APP, "src/app", "src/server", "src/commands"],
};

/** Files any layer may read as modules: the project's own configuration (its version). */
const SHARED = new Set(["deno.json"]);

/** The layer a repository path belongs to: `src/<folder>`, a top-level folder, or `main.ts`. */
function layerOf(path: string): string {
  const parts = path.split("/");
  return parts[0] === "src" ? `src/${parts[1]}` : parts[0];
}

interface Edge {
  readonly from: string;
  readonly to: string;
}

async function edges(): Promise<Edge[]> {
  const files = ["main.ts", ...await sources("src"), ...await sources("workers"), ...await sources("tools")];
  const found: Edge[] = [];
  for (const from of files) {
    for (const spec of importedPaths(await Deno.readTextFile(join(ROOT, from)))) {
      found.push({ from, to: normalize(join(dirname(from), spec)) });
    }
  }
  return found;
}

Deno.test("the import scanner finds static imports, re-exports and import() of relative modules", () => {
  const text = `import { a } from "./a.ts";\nimport type {\n  B,\n} from "../b/mod.ts";\n` +
    `export { c } from "./c.ts";\nconst d = await import("../d.ts");\nimport e from "npm:e";\n` +
    `// "from" in a comment: import nothing from "./not.ts" here\n`;
  deepEqual(importedPaths(text), ["./a.ts", "../b/mod.ts", "./c.ts", "../d.ts"]);
});

Deno.test("each layer imports only the layers below it (docs/architecture.md, Layout)", async () => {
  const wrong = (await edges())
    .filter(({ from, to }) => layerOf(from) !== layerOf(to) && !SHARED.has(to))
    .filter(({ from, to }) => !(MAY_IMPORT[layerOf(from)] ?? []).includes(layerOf(to)))
    .map(({ from, to }) => `${from} imports ${to}`);
  deepEqual(wrong, []);
});

/** The launcher's entry: a process that only waits for the game, loading as little as it can. */
const LAUNCHER = "src/app/launch.ts";

/** The files `entry` loads, itself included, following the relative imports of `all`. */
function reachedFrom(entry: string, all: readonly Edge[]): Set<string> {
  const seen = new Set<string>();
  for (const todo = [entry]; todo.length > 0;) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...all.filter(({ from }) => from === file).map(({ to }) => to));
  }
  return seen;
}

Deno.test("a layer is reached from another only through its mod.ts, but by the launcher's own small modules", async () => {
  const all = await edges();
  // The launcher names each small module it loads (the test below keeps them few and small).
  const launcher = reachedFrom(LAUNCHER, all);
  const around = all
    .filter(({ from, to }) => layerOf(from) !== layerOf(to) && !SHARED.has(to) && !to.endsWith("/mod.ts"))
    .filter(({ from }) => !launcher.has(from))
    .map(({ from, to }) => `${from} imports ${to}`);
  deepEqual(around, []);
  // Every layer others import has its surface, and the surface says what the layer is.
  for (const layer of new Set(all.map(({ to }) => layerOf(to)))) {
    if (!layer.startsWith("src/")) continue;
    const surface = await Deno.readTextFile(join(ROOT, layer, "mod.ts"));
    ok(/^\/\*\*[\s\S]*?@module/.test(surface), `${layer}/mod.ts opens with its module doc`);
  }
});

Deno.test("no layers import each other, even through others: the layers form one order", async () => {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of await edges()) {
    if (layerOf(from) === layerOf(to) || SHARED.has(to)) continue;
    next.set(layerOf(from), (next.get(layerOf(from)) ?? new Set()).add(layerOf(to)));
  }
  /** The layers `start` reaches by its imports, and the layers it reaches by theirs. */
  const reached = (start: string): Set<string> => {
    const seen = new Set<string>();
    const todo = [...next.get(start) ?? []];
    for (let layer = todo.pop(); layer !== undefined; layer = todo.pop()) {
      if (seen.has(layer)) continue;
      seen.add(layer);
      todo.push(...next.get(layer) ?? []);
    }
    return seen;
  };
  const circles = [...next.keys()].filter((layer) => reached(layer).has(layer));
  deepEqual(circles, []);
});

/** The most modules the launcher may load: its own three and the few it borrows. */
const LAUNCHER_MODULES = 16;

Deno.test("the launcher loads a few small modules of Delve's and Deno's built-ins: no layer's surface, npm package or JSON", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", LAUNCHER],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  ok(out.success, new TextDecoder().decode(out.stderr));
  const graph: { modules: { specifier: string }[] } = JSON.parse(new TextDecoder().decode(out.stdout));
  const specifiers = graph.modules.map((m) => m.specifier);
  const ours = specifiers.filter((s) => s.startsWith("file:"));
  deepEqual(specifiers.filter((s) => !s.startsWith("file:") && !s.startsWith("node:")), [], "npm or remote");
  deepEqual(ours.filter((s) => s.endsWith("/mod.ts") || s.endsWith(".json")), [], "a surface or JSON");
  ok(ours.length <= LAUNCHER_MODULES, `${ours.length} modules: ${ours.join(" ")}`);
});
