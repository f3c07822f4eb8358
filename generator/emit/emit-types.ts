/**
 * types.ts: the openapi-typescript output for the spec (paths, components, operations).
 * Called on the bundled document with its default (minimal) Redocly config, so a project
 * `redocly.yaml` never changes what it generates; on a copy prepared by `prepareTypesDocument`,
 * with binary strings typed `Blob | File` (see types-document.ts).
 */
import { GeneratorError } from "../errors.js";
import type { ApiModel } from "../model/types.js";
import type { EmitContext, GeneratedFile } from "./file.js";
import { isBinaryString, prepareTypesDocument } from "./types-document.js";

export async function emitTypes(document: Record<string, unknown>, _model: ApiModel, _context: EmitContext): Promise<GeneratedFile[]> {
  const { default: openapiTS, astToString } = await import("openapi-typescript");
  try {
    // openapi-typescript gets its own copy: it may annotate what it is given, and we change it
    const copy = structuredClone(document);
    prepareTypesDocument(copy);
    const ts = (await import("typescript")).default;
    const binary = (nullable: boolean) =>
      ts.factory.createUnionTypeNode([
        ts.factory.createTypeReferenceNode("Blob"),
        ts.factory.createTypeReferenceNode("File"),
        ...(nullable ? [ts.factory.createLiteralTypeNode(ts.factory.createNull())] : []),
      ]);
    const ast = await openapiTS(copy as never, {
      silent: true,
      transform: (schema) => (isBinaryString(schema) ? binary(schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes("null"))) : undefined),
    });
    return [{ path: "types.ts", content: astToString(ast) }];
  } catch (error) {
    throw new GeneratorError("invalidSpec", `openapi-typescript could not generate types: ${error instanceof Error ? error.message : String(error)}`, {
      hint: "Fix the spec at that location; the types are the base of the client and the server.",
      cause: error,
    });
  }
}
