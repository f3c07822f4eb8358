/**
 * Redocly's YAML parser (`parseYaml` of @redocly/openapi-core: js-yaml with its schema), which the
 * package does not export by path: loaded from its file beside the package's entry point, so that
 * a spec's sections parsed one at a time (load/yaml-sections.ts) read exactly as the whole file
 * reads through `makeDocumentFromString`, without loading the rest of openapi-core (a 690 kB
 * module). test/generator/internal.test.ts checks that it is there and parses as that function.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export type ParseYaml = (text: string, options?: { readonly filename?: string }) => unknown;

let parser: Promise<ParseYaml> | undefined;

/** Redocly's `parseYaml` (loaded on first use). */
export function redoclyParseYaml(): Promise<ParseYaml> {
  parser ??= (async () => {
    const require = createRequire(import.meta.url);
    const entry = require.resolve("@redocly/openapi-core");
    // required (an ES module: Node 20.19 and later require it), not imported: the bundle is
    // CommonJS, and Node 20 loses a script's dynamic-import callback when V8's code cache is used
    const module = require(join(dirname(entry), "js-yaml/index.js")) as {
      parseYaml?: unknown;
    };
    if (typeof module.parseYaml !== "function")
      throw new Error("@redocly/openapi-core/lib/js-yaml/index.js no longer exports parseYaml");
    return module.parseYaml as ParseYaml;
  })();
  return parser;
}
