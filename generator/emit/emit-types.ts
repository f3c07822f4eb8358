/**
 * types.ts: the openapi-typescript output for the spec (paths, components, operations).
 * Called on the bundled document with its default (minimal) Redocly config, so a project
 * `redocly.yaml` never changes what it generates.
 */
import { GeneratorError } from "../errors.js";
import type { ApiModel } from "../model/types.js";
import type { EmitContext, GeneratedFile } from "./file.js";

export async function emitTypes(document: Record<string, unknown>, _model: ApiModel, _context: EmitContext): Promise<GeneratedFile[]> {
  const { default: openapiTS, astToString } = await import("openapi-typescript");
  try {
    // openapi-typescript gets its own copy: it may annotate what it is given
    const ast = await openapiTS(structuredClone(document) as never, { silent: true });
    return [{ path: "types.ts", content: astToString(ast) }];
  } catch (error) {
    throw new GeneratorError("invalidSpec", `openapi-typescript could not generate types: ${error instanceof Error ? error.message : String(error)}`, {
      hint: "Fix the spec at that location; the types are the base of the client and the server.",
      cause: error,
    });
  }
}
