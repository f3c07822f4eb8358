/**
 * types.ts: the openapi-typescript output for the spec (paths, components, operations).
 * Called on the bundled document with its default (minimal) Redocly config, so a project
 * `redocly.yaml` never changes what it generates.
 */
import type { ApiModel } from "../model/types.js";
import type { EmitContext, GeneratedFile } from "./file.js";

export async function emitTypes(document: Record<string, unknown>, _model: ApiModel, _context: EmitContext): Promise<GeneratedFile[]> {
  const { default: openapiTS, astToString } = await import("openapi-typescript");
  // openapi-typescript mutates nothing we keep, but give it its own copy to be safe
  const ast = await openapiTS(structuredClone(document) as never, { silent: true });
  return [{ path: "types.ts", content: astToString(ast) }];
}
