/**
 * Templates (src/engine/text_template.ts): filled as the regular expression
 * `\{(\w+)\}` with a callback filled them before they were split once and
 * remembered, on the data's own templates and on random ones.
 */
import { equal } from "node:assert/strict";
import { formatTemplate } from "../src/engine/mod.ts";
import { bundledContent } from "./support/content.ts";

/** The template filling the game had before, kept here as the reference. */
function byRegExp(text: string, params: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => {
    if (Object.hasOwn(params, key)) return String(params[key]);
    const lower = key[0].toLowerCase() + key.slice(1);
    if (key !== lower && Object.hasOwn(params, lower)) {
      const value = String(params[lower]);
      return value.charAt(0).toUpperCase() + value.slice(1);
    }
    return whole;
  });
}

const PARAMS = {
  name: "orc",
  Name: "Troll",
  hp: 7,
  max_hp: 30,
  a_name: "an orc",
  item: "$& ${name}",
  x_1: "",
};

Deno.test("a template fills each placeholder, {Name} capitalised from name, and leaves the unknown and the malformed as written", () => {
  equal(
    formatTemplate("{Name} hits {a_name} for {hp}.", { name: "orc", a_name: "a rat", hp: 3 }),
    "Orc hits a rat for 3.",
  );
  equal(formatTemplate("{missing} {} {na-me} {{name}} {name", PARAMS), "{missing} {} {na-me} {orc} {name");
  // An exact parameter wins over the capitalised one; a value is put in as it is, `$` and all.
  equal(formatTemplate("{Name}/{item}", PARAMS), "Troll/$& ${name}");
  equal(formatTemplate("no placeholders at all", PARAMS), "no placeholders at all");
});

Deno.test("random templates fill as the regular expression filled them", () => {
  const alphabet = [
    "{",
    "}",
    "name",
    "Name",
    "NAME",
    "hp",
    "Hp",
    "max_hp",
    "a_name",
    "x_1",
    "-",
    " ",
    "é",
    "{{",
    "}}",
    "7",
    "_",
  ];
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let k = 0; k < 5000; k++) {
    let text = "";
    const length = Math.floor(next() * 12);
    for (let i = 0; i < length; i++) text += alphabet[Math.floor(next() * alphabet.length)];
    equal(formatTemplate(text, PARAMS), byRegExp(text, PARAMS), JSON.stringify(text));
    // The second time comes from the remembered pieces.
    equal(formatTemplate(text, { hp: 1 }), byRegExp(text, { hp: 1 }), JSON.stringify(text));
  }
});

Deno.test("every text of the bundled data with a brace fills as the regular expression filled it", async () => {
  const content = await bundledContent();
  const texts: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === "string") {
      if (value.includes("{")) texts.push(value);
    } else if (value && typeof value === "object") {
      for (const v of Object.values(value)) walk(v);
    }
  };
  walk(content);
  equal(texts.length > 50, true, `${texts.length} templates`);
  for (const text of texts) equal(formatTemplate(text, PARAMS), byRegExp(text, PARAMS), text);
});
