/**
 * Redocly's YAML parser (`parseYaml` of @redocly/openapi-core: js-yaml with its schema), which the
 * package does not export by path: loaded from its file beside the package's entry point, so that
 * a spec's sections parsed one at a time (load/yaml-sections.ts) read exactly as the whole file
 * reads through `makeDocumentFromString`, without loading the rest of openapi-core (a 690 kB
 * module). test/generator/internal.test.ts checks that it is there and parses as that function.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

export type ParseYaml = (text: string, options?: { readonly filename?: string }) => unknown;

let parser: Promise<ParseYaml> | undefined;

/** Redocly's `parseYaml` (loaded on first use). */
export function redoclyParseYaml(): Promise<ParseYaml> {
  parser ??= (async () => {
    const entry = createRequire(import.meta.url).resolve("@redocly/openapi-core");
    const module = (await import(pathToFileURL(join(dirname(entry), "js-yaml/index.js")).href)) as {
      parseYaml?: unknown;
    };
    if (typeof module.parseYaml !== "function")
      throw new Error("@redocly/openapi-core/lib/js-yaml/index.js no longer exports parseYaml");
    return module.parseYaml as ParseYaml;
  })();
  return parser;
}
