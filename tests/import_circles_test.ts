/**
 * No import circle among the files of src: a file never reaches itself by
 * following imports, types included. The layers test keeps layers from
 * importing upward; this keeps the files inside each layer and each of its
 * folders in an order too, so any one of them can be read knowing only what
 * it imports.
 */
import { deepEqual } from "node:assert/strict";
import { dirname, join, normalize } from "node:path";
import { importedPaths, sources } from "./support/source_imports.ts";
import { ROOT } from "./support/run_program.ts";

/**
 * The strongly connected components of `graph` (Tarjan's algorithm) that
 * are circles: two files or more, or one file that imports itself. Each is
 * sorted, and the list is sorted by its first file.
 */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

/** Each file of src and the files of src it imports. */
async function sourceGraph(): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>();
  for (const from of (await sources("src")).sort()) {
    const text = await Deno.readTextFile(join(ROOT, from));
    const targets = importedPaths(text).map((spec) => normalize(join(dirname(from), spec)));
    graph.set(from, [...new Set(targets.filter((to) => to.startsWith("src/")))]);
  }
  return graph;
}

Deno.test("the circle finder names the files of each circle and passes over what only leads into one", () => {
  const graph = new Map<string, string[]>([
    ["a", ["b"]],
    ["b", ["c", "d"]],
    ["c", ["a"]],
    ["d", ["e"]],
    ["e", []],
    ["f", ["f"]],
    ["g", ["a"]],
  ]);
  deepEqual(circles(graph), [["a", "b", "c"], ["f"]]);
  deepEqual(circles(new Map([["a", ["b"]], ["b", []]])), []);
});

Deno.test("no file of src reaches itself through its imports", async () => {
  const found = circles(await sourceGraph()).map((files) =>
    `a circle of ${files.length}: ${files.join(" ")}`
  );
  deepEqual(found, []);
});
