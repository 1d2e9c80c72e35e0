/**
 * Text helpers for drawing: word wrap.
 *
 * @module
 */

/**
 * Splits `text` into lines of at most `width` characters, breaking at spaces
 * where it can and inside a word only when the word is longer than a line.
 * Newlines in the text always break.
 */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(" ")) {
      let rest = word;
      while ([...rest].length > width) {
        if (line !== "") {
          lines.push(line);
          line = "";
        }
        const chars = [...rest];
        lines.push(chars.slice(0, width).join(""));
        rest = chars.slice(width).join("");
      }
      const candidate = line === "" ? rest : `${line} ${rest}`;
      if ([...candidate].length <= width) {
        line = candidate;
      } else {
        lines.push(line);
        line = rest;
      }
    }
    lines.push(line);
  }
  return lines;
}
