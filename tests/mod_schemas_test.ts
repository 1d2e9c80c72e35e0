/**
 * A mod's files as an editor checks them: with vscode-json-languageservice
 * (the JSON support of VS Code and of editors built on its language
 * server), against the schema each file names in its `$schema`.
 */
import { deepEqual, ok } from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { getLanguageService, TextDocument } from "vscode-json-languageservice";

const ROOT = new URL("..", import.meta.url);

/** The problems an editor shows in the JSON file at `path` (its `$schema` read from the file, as editors do). */
async function editorProblems(path: string, text?: string): Promise<string[]> {
  const content = text ?? await Deno.readTextFile(path);
  const service = getLanguageService({
    schemaRequestService: (uri) => Deno.readTextFile(fileURLToPath(uri)),
    // The file's own `$schema`, relative to the file, as an editor resolves it.
    workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).href },
  });
  service.configure({ validate: true });
  const document = TextDocument.create(pathToFileURL(path).href, "json", 1, content);
  const diagnostics = await service.doValidation(document, service.parseJSONDocument(document));
  return diagnostics.map((d) => `${d.range.start.line + 1}: ${d.message}`);
}

/** Every JSON file of the example mods. */
function exampleModFiles(): string[] {
  const mods = fileURLToPath(new URL("mods/", ROOT));
  return [...Deno.readDirSync(mods)].filter((e) => e.isDirectory).flatMap((mod) =>
    [...Deno.readDirSync(join(mods, mod.name))].filter((f) => f.name.endsWith(".json")).map((f) =>
      join(mods, mod.name, f.name)
    )
  );
}

Deno.test("an editor finds nothing wrong in the example mods' files, each checked by the schema it names", async () => {
  const files = exampleModFiles();
  ok(files.length >= 8, files.join());
  for (const file of files) deepEqual(await editorProblems(file), [], file);
});

Deno.test("an editor shows a mod's mistakes: a misspelt field, a wrong value, a word that is not an overlay's", async () => {
  const file = fileURLToPath(new URL("mods/cave_bear/entities.json", ROOT));
  const wrong = JSON.stringify(
    {
      $schema: "../../data/schema/entities.overlay.schema.json",
      cave_bear: { copyFrom: "wolf", fighter: { hp: "lots" }, figther: {} },
    },
    null,
    2,
  );
  deepEqual(await editorProblems(file, wrong), [
    '6: Incorrect type. Expected "integer".',
    "8: Property figther is not allowed.",
  ]);
  const spawn = fileURLToPath(new URL("mods/cave_bear/spawn_tables.json", ROOT));
  const notOverlay = JSON.stringify({
    $schema: "../../data/schema/spawn_tables.overlay.schema.json",
    extnd: {},
  });
  deepEqual(await editorProblems(spawn, notOverlay), ["1: Property extnd is not allowed."]);
});
