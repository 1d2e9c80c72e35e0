/**
 * Generated parts of documents (tools/marked_section.ts): a tool's text goes
 * between its markers and the rest stays as written; docs/performance.md
 * holds the table `deno task bench` writes, in the very form it writes it.
 */
import { deepEqual, equal, ok, throws } from "node:assert/strict";
import { markersOf, withMarkedSection } from "../tools/marked_section.ts";
import { PERFORMANCE_COLUMNS, PERFORMANCE_FILE, PERFORMANCE_MARKERS } from "../tools/bench/report.ts";
import { markdownTable } from "../tools/bench/report_page.ts";

const markers = markersOf("part", "tool");

Deno.test("a generated part replaces what was between its markers and keeps the text around them", () => {
  const text = `# Title\n\nBefore.\n\n${markers.begin}\n\nold\n\n${markers.end}\n\nAfter.\n`;
  equal(
    withMarkedSection(text, markers, "new\nlines", "f.md"),
    `# Title\n\nBefore.\n\n${markers.begin}\n\nnew\nlines\n\n${markers.end}\n\nAfter.\n`,
  );
  equal(markers.begin, "<!-- part: written by `deno task tool` -->");
});

Deno.test("a document without both markers, or with them out of order, is refused in one line", () => {
  throws(
    () => withMarkedSection("no markers", markers, "x", "f.md"),
    /^Error: f\.md: no <!-- part: .* markers$/,
  );
  throws(() => withMarkedSection(`${markers.end}\n${markers.begin}`, markers, "x", "f.md"), /f\.md: no/);
});

Deno.test("docs/performance.md holds the machine and the table as deno task bench writes them", async () => {
  const text = await Deno.readTextFile(new URL(`../${PERFORMANCE_FILE}`, import.meta.url));
  const start = text.indexOf(PERFORMANCE_MARKERS.begin), end = text.indexOf(PERFORMANCE_MARKERS.end);
  ok(start >= 0 && end > start, `${PERFORMANCE_FILE}: the bench's markers`);
  const body = text.slice(start + PERFORMANCE_MARKERS.begin.length, end).trim();
  const [machine, table] = body.split("\n\n");
  ok(machine.startsWith("- machine: ") && machine.includes("\n- deno: "), machine);
  const cells = (line: string) => line.slice(1, -1).split(" | ").map((c) => c.trim());
  const [header, , ...rows] = table.split("\n");
  deepEqual(cells(header), PERFORMANCE_COLUMNS);
  ok(rows.length >= 40, `${rows.length} rows`);
  // The bench's own writer makes the same text of these rows: a whole run replaces them, nothing else.
  equal(markdownTable(PERFORMANCE_COLUMNS, rows.map(cells)), table);
  equal(withMarkedSection(text, PERFORMANCE_MARKERS, body, PERFORMANCE_FILE), text);
});
