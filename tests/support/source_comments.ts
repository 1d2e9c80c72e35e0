/**
 * The comments of TypeScript sources, and what they must not say: a
 * citation of a document outside the repository, or a pointer into `docs/`
 * that names a file or a section that is not there. The pointer format is
 * `(docs/<file>.md, Section)` or `(docs/<file>.md, Section; Other section)`,
 * the sections being headings of that file (docs/README.md, How code points here).
 *
 * @module
 */

/** One comment: its text (without `//` or the block's delimiters) and the line it starts on, from 1. */
export interface Comment {
  readonly line: number;
  readonly text: string;
}

/** Keywords after which a `/` starts a regular expression rather than a division. */
const BEFORE_REGEX = new Set([
  "return",
  "typeof",
  "instanceof",
  "in",
  "of",
  "new",
  "delete",
  "void",
  "throw",
  "case",
  "do",
  "else",
  "yield",
  "await",
]);

/** Reads a regular expression literal from its opening `/`; returns the index after its flags. */
function skipRegex(source: string, start: number): number {
  let i = start + 1;
  let inClass = false;
  while (i < source.length && source[i] !== "\n") {
    const c = source[i];
    if (c === "\\") i++;
    else if (c === "[") inClass = true;
    else if (c === "]") inClass = false;
    else if (c === "/" && !inClass) break;
    i++;
  }
  i++;
  while (i < source.length && /\w/.test(source[i])) i++;
  return i;
}

/** True when a `/` at `i` starts a regular expression, judged by the code before it. */
function regexAt(source: string, i: number): boolean {
  let j = i - 1;
  while (j >= 0 && /\s/.test(source[j])) j--;
  if (j < 0) return true;
  const before = source[j];
  if (/[\w$]/.test(before)) {
    let k = j;
    while (k >= 0 && /[\w$]/.test(source[k])) k--;
    return BEFORE_REGEX.has(source.slice(k + 1, j + 1));
  }
  return !/[)\]}]/.test(before);
}

/**
 * Every comment of `source`, skipping strings, template literals (with
 * their `${…}` code) and regular expressions, so that a `//` inside one of
 * those is not taken for a comment.
 */
export function commentsOf(source: string): Comment[] {
  const comments: Comment[] = [];
  // One entry per template literal the scan is inside of, holding the depth of braces in its `${…}` code.
  const templates: number[] = [];
  let line = 1;
  const count = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (source[k] === "\n") line++;
  };
  let i = 0;
  const inTemplateText = () => templates.length > 0 && templates[templates.length - 1] < 0;
  while (i < source.length) {
    const c = source[i];
    if (inTemplateText()) {
      if (c === "\\") i += 2;
      else if (c === "`") {
        templates.pop();
        i++;
      } else if (c === "$" && source[i + 1] === "{") {
        templates[templates.length - 1] = 0;
        i += 2;
      } else {
        if (c === "\n") line++;
        i++;
      }
      continue;
    }
    if (c === "/" && source[i + 1] === "/") {
      const end = source.indexOf("\n", i);
      const stop = end < 0 ? source.length : end;
      comments.push({ line, text: source.slice(i + 2, stop) });
      i = stop;
    } else if (c === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end < 0 ? source.length : end;
      comments.push({ line, text: source.slice(i + 2, stop) });
      count(i, stop);
      i = stop + 2;
    } else if (c === "/" && regexAt(source, i)) {
      i = skipRegex(source, i);
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < source.length && source[j] !== c && source[j] !== "\n") j += source[j] === "\\" ? 2 : 1;
      i = j + 1;
    } else if (c === "`") {
      templates.push(-1);
      i++;
    } else {
      if (templates.length > 0 && c === "{") templates[templates.length - 1]++;
      if (templates.length > 0 && c === "}") {
        // The brace that closes a `${…}` goes back to the template's text.
        if (templates[templates.length - 1] === 0) templates[templates.length - 1] = -1;
        else templates[templates.length - 1]--;
      }
      if (c === "\n") line++;
      i++;
    }
  }
  return comments;
}

/** Citations of documents outside the repository: the external specification, its sections, its folder. */
const OUTSIDE = [/\bSPEC\b/, /§/, /\bPart [AB]\b/, /\.\.\/shared\b/];

/**
 * Citations of an issue or pull request by its number (the word and a number, or a hash and a number): the
 * tracker is outside the repository, so a comment or document says what the rule is instead. A colour in hex
 * is not one, nor an entity's number in a message, which follows a capitalised name.
 */
export const ISSUE_CITATION =
  /\b(?:[Ii]ssues?|PRs?|[Pp]ull requests?)\s+#?\d+|(?<![A-Z][\w-]* )(?<![\w&#])#\d{1,5}\b(?![\dA-Fa-f])/;

/** A pointer into `docs/`: the file, then the sections up to the closing parenthesis. */
const POINTER = /\(docs\/([\w./-]+\.md), ([^)]*)\)/g;

/** Any mention of a file of `docs/`. */
const MENTION = /\bdocs\/([\w./-]+\.md)(,?)(\s*)$|\bdocs\/([\w./-]+\.md)/g;

/** The headings (`##` and `###`) of each file of `docs/`, by file name. */
export type DocSections = ReadonlyMap<string, ReadonlySet<string>>;

/** The `##` and `###` headings of a Markdown text, outside fenced code. */
export function headingsOf(markdown: string): Set<string> {
  const outsideCode = markdown.replace(/^```[\s\S]*?^```$/gm, "");
  return new Set([...outsideCode.matchAll(/^#{2,3} (.+?)\s*$/gm)].map((m) => m[1]));
}

/** What is wrong with the comments of `source` (the file `file`), one line each. */
export function commentProblems(file: string, source: string, docs: DocSections): string[] {
  const problems: string[] = [];
  for (const comment of commentsOf(source)) {
    comment.text.split("\n").forEach((text, k) => {
      const where = `${file}:${comment.line + k}`;
      if (OUTSIDE.some((outside) => outside.test(text))) {
        problems.push(`${where}: cites a document outside the repository: ${text.trim()}`);
      }
      if (ISSUE_CITATION.test(text)) problems.push(`${where}: cites an issue by number: ${text.trim()}`);
      for (const m of text.matchAll(MENTION)) {
        const name = m[1] ?? m[4];
        if (!docs.has(name)) problems.push(`${where}: points to docs/${name}, which does not exist`);
        else if (m[2] === ",") problems.push(`${where}: a pointer to docs/${name} is cut by a line break`);
      }
      for (const m of text.matchAll(POINTER)) {
        const sections = docs.get(m[1]);
        if (!sections) continue;
        for (const section of m[2].split("; ")) {
          if (!sections.has(section)) {
            problems.push(`${where}: docs/${m[1]} has no section "${section}"`);
          }
        }
      }
    });
  }
  return problems;
}
