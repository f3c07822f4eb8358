/**
 * types.ts: the openapi-typescript output for the spec (paths, components, operations), with
 * its default options. `openapiTS()` would lint and bundle the document again with its own
 * Redocly (a second major version of @redocly/openapi-core: about a tenth of the time on large
 * specs, and a second copy of the library in memory); our loader has already bundled it, so the
 * transform `openapiTS()` runs next is called directly, with the context `openapiTS()` builds
 * from default options (test/generator/emit-types.test.ts checks that the output is the same).
 * A project `redocly.yaml` never changes what it generates.
 */
import { GeneratorError } from "../errors.js";
import type { ApiModel } from "../model/types.js";
import type { EmitContext, GeneratedFile } from "./file.js";

export async function emitTypes(document: Record<string, unknown>, _model: ApiModel, _context: EmitContext): Promise<GeneratedFile[]> {
  try {
    return [{ path: "types.ts", content: await openapiTypes(document) }];
  } catch (error) {
    throw new GeneratorError("invalidSpec", `openapi-typescript could not generate types: ${error instanceof Error ? error.message : String(error)}`, {
      hint: "Fix the spec at that location; the types are the base of the client and the server.",
      cause: error,
    });
  }
}

/** What `astToString(await openapiTS(document, { silent: true }))` prints, without its lint and bundle. */
export async function openapiTypes(document: Record<string, unknown>): Promise<string> {
  const [{ default: transformSchema }, { resolveRef, scanDiscriminators }, { astToString }] = await Promise.all([
    import("openapi-typescript/dist/transform/index.mjs"),
    import("openapi-typescript/dist/lib/utils.mjs"),
    import("openapi-typescript/dist/lib/ts.mjs"),
  ]);
  // openapi-typescript gets its own copy: it may annotate what it is given
  const schema = structuredClone(document) as never;
  const ast = transformSchema(schema, {
    additionalProperties: false,
    alphabetize: false,
    arrayLength: false,
    defaultNonNullable: true,
    discriminators: scanDiscriminators(schema, {}),
    emptyObjectsUnknown: false,
    enum: false,
    enumValues: false,
    conditionalEnums: false,
    dedupeEnums: false,
    excludeDeprecated: false,
    exportType: false,
    immutable: false,
    rootTypes: false,
    rootTypesNoSchemaPrefix: false,
    rootTypesKeepCasing: false,
    injectFooter: [],
    pathParamsAsTypes: false,
    postTransform: undefined,
    propertiesRequiredByDefault: false,
    redoc: undefined as never, // read only by the lint and bundle step, which is skipped
    silent: true,
    inject: undefined,
    transform: undefined,
    transformProperty: undefined,
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
    resolve: ($ref) => resolveRef(schema, $ref, { silent: true }),
  });
  return astToString(ast);
}
