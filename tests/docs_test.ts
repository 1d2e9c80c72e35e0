/**
 * Code comments cite only what is in the repository: no document outside
 * it, and every pointer into `docs/` names a file and a section that exist
 * (docs/README.md, How code points here). The docs' own links to their
 * sections resolve too.
 */
import { deepEqual, ok } from "node:assert/strict";
import {
  commentProblems,
  commentsOf,
  type DocSections,
  headingsOf,
  ISSUE_CITATION,
} from "./support/source_comments.ts";

const ROOT = new URL("..", import.meta.url);

/** Every `.md` file of `docs/` with its headings. */
async function docSections(): Promise<Map<string, Set<string>>> {
  const docs = new Map<string, Set<string>>();
  for await (const entry of Deno.readDir(new URL("docs/", ROOT))) {
    if (entry.isFile && entry.name.endsWith(".md")) {
      docs.set(entry.name, headingsOf(await Deno.readTextFile(new URL(`docs/${entry.name}`, ROOT))));
    }
  }
  return docs;
}

/** Folders that hold no code of the project: recorded test data, dependencies, hidden folders. */
const NOT_CODE = /^(tests\/fixtures|node_modules|\..*)$/;

/** The files named `*ext` under `dir` (a path from the root, "" for the root), recursively. */
async function filesUnder(dir: string, ext: string): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(new URL(dir || ".", ROOT))) {
    const path = `${dir}${entry.name}`;
    if (entry.isDirectory && !NOT_CODE.test(path)) found.push(...await filesUnder(`${path}/`, ext));
    else if (entry.isFile && entry.name.endsWith(ext)) found.push(path);
  }
  return found;
}

const SAMPLE_DOCS: DocSections = new Map([["rules.md", new Set(["Spawning", "Windows"])]]);

Deno.test("the comment reader finds comments, and only comments, past strings, templates and regexes", () => {
  const source = [
    'const url = "http://example.com"; // after a string',
    "const re = /[/]*\\/\\/x/g; /* a block",
    "   over two lines */",
    "const t = `a ${b ? `// inner ${c}` : '/*'} z`; const half = 1 / 2; // last",
  ].join("\n");
  deepEqual(commentsOf(source), [
    { line: 1, text: " after a string" },
    { line: 2, text: " a block\n   over two lines " },
    { line: 4, text: " last" },
  ]);
});

Deno.test("a comment citing an outside document, or pointing to a missing file or section, is a problem", () => {
  const source = [
    'const s = "SPEC §1 in a string is not a comment";',
    "/** Spawning (docs/rules.md, Spawning); the windows (docs/rules.md, Windows; Spawning). */",
    "const x = 1; // as the SPEC says",
    "/**",
    " * Rooms (docs/rules.md, Rooms) and (docs/other.md, Spawning), see",
    " * ../shared/seeds and Part A, §3; (docs/rules.md,",
    " * Spawning).",
    " */",
  ].join("\n");
  deepEqual(commentProblems("f.ts", source, SAMPLE_DOCS), [
    "f.ts:3: cites a document outside the repository: as the SPEC says",
    "f.ts:5: points to docs/other.md, which does not exist",
    'f.ts:5: docs/rules.md has no section "Rooms"',
    "f.ts:6: cites a document outside the repository: * ../shared/seeds and Part A, §3; (docs/rules.md,",
    "f.ts:6: a pointer to docs/rules.md is cut by a line break",
  ]);
});

Deno.test("an issue cited by number is a problem; a colour or an entity's number is not", () => {
  const source = [
    "// the floor's colour (issue 16) is lighter",
    "/* see #17 and issues 15 */",
    "// PR 3; (#4)",
    "// #000064 on #323296, #7F00FF, Player #0, Health Potion #12, a tally of 3",
  ].join("\n");
  deepEqual(commentProblems("f.ts", source, SAMPLE_DOCS).map((p) => p.split(":").slice(0, 2).join(":")), [
    "f.ts:1",
    "f.ts:2",
    "f.ts:3",
  ]);
  for (const cited of ["issue 9", "Issues 15", "(#17)", "pull request 2"]) {
    ok(ISSUE_CITATION.test(cited), cited);
  }
});

Deno.test("no comment in the code cites a document outside the repository, and every docs/ pointer resolves", async () => {
  const docs = await docSections();
  const files = await filesUnder("", ".ts");
  ok(files.includes("main.ts") && files.includes("src/engine/rules.ts"), "the code is read");
  const problems: string[] = [];
  for (const file of files) {
    problems.push(...commentProblems(file, await Deno.readTextFile(new URL(file, ROOT)), docs));
  }
  deepEqual(problems, []);
});

/** The documents at the top of the repository. */
const ROOT_DOCS = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md"];

/** A heading's anchor as Markdown renderers make it: lower case, punctuation gone, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{N} -]/gu, "").replaceAll(" ", "-");
}

Deno.test("the docs' links to their own sections, and the README's and data's mentions, stay inside the repository; no document cites an issue", async () => {
  const docs = await docSections();
  const problems: string[] = [];
  for (const [name, sections] of docs) {
    const text = await Deno.readTextFile(new URL(`docs/${name}`, ROOT));
    for (const [, file, anchor] of text.matchAll(/\]\(([\w.-]*\.md)?#([\w-]+)\)/g)) {
      const target = file ?? name;
      const anchors = new Set([...(docs.get(target) ?? sections)].map(anchorOf));
      if (!docs.has(target) || !anchors.has(anchor)) {
        problems.push(`docs/${name}: no section #${anchor} in ${target}`);
      }
    }
  }
  const outside = /\bSPEC\b|§|\.\.\/shared\b/;
  for (const file of ["README.md", ...await filesUnder("data/", ".json")]) {
    if (outside.test(await Deno.readTextFile(new URL(file, ROOT)))) {
      problems.push(`${file} cites an outside document`);
    }
  }
  // The top-level documents' links to files of the repository: the file is there, and so is the section.
  for (const file of ROOT_DOCS) {
    const text = await Deno.readTextFile(new URL(file, ROOT));
    for (const [, target, anchor] of text.matchAll(/\]\((?!https?:)([\w./-]+)(?:#([\w-]+))?\)/g)) {
      const exists = await Deno.stat(new URL(target, ROOT)).then(() => true, () => false);
      if (!exists) problems.push(`${file}: links to ${target}, which does not exist`);
      else if (anchor !== undefined) {
        const headings = headingsOf(await Deno.readTextFile(new URL(target, ROOT)));
        if (![...headings].map(anchorOf).includes(anchor)) {
          problems.push(`${file}: no section #${anchor} in ${target}`);
        }
      }
    }
  }
  for (const file of [...ROOT_DOCS, ...[...docs.keys()].map((name) => `docs/${name}`)]) {
    const text = await Deno.readTextFile(new URL(file, ROOT));
    text.split("\n").forEach((line, i) => {
      if (ISSUE_CITATION.test(line)) problems.push(`${file}:${i + 1}: cites an issue by number: ${line}`);
    });
  }
  deepEqual(problems, []);
});
