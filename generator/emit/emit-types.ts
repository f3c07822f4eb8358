/**
 * types.ts: the openapi-typescript output for the spec (paths, components, operations), with
 * its default options. `openapiTS()` would lint and bundle the document again with its own
 * Redocly (a second major version of @redocly/openapi-core: about a tenth of the time on large
 * specs, and a second copy of the library in memory); our loader has already bundled it, so the
 * transform `openapiTS()` runs next is called directly, with the context `openapiTS()` builds
 * from default options (test/generator/emit-types.test.ts checks that the output is the same).
 * A project `redocly.yaml` never changes what it generates. It types a copy of the document
 * prepared by `prepareTypesDocument`, with binary strings typed `Blob | File` (see
 * types-document.ts and docs/client-types.md). The declarations are printed by
 * openapi-typescript's `astToString` (TypeScript's printer), exactly as its CLI writes them; the
 * pipeline only puts our static header above them.
 */
import type { GlobalContext } from "openapi-typescript";
import type ts from "typescript";
import { GeneratorError } from "../errors.js";
import { astToString, openapiTypescriptInternals } from "../internal/openapi-typescript.js";
import type { CachePack } from "../cache/cache-pack.js";
import type { GeneratedFile } from "./file.js";
import { isBinaryString, prepareTypesDocument } from "./types-document.js";

export async function emitTypes(
  document: Record<string, unknown>,
  members?: CachePack,
): Promise<GeneratedFile[]> {
  try {
    const content =
      members === undefined
        ? await astText(await typesDeclarations(document))
        : await (await import("./types-by-member.js")).typesByMember(document, members);
    return [{ path: "types.ts", content }];
  } catch (error) {
    throw new GeneratorError(
      "invalidSpec",
      `openapi-typescript could not generate types: ${error instanceof Error ? error.message : String(error)}`,
      {
        hint: "Fix the spec at that location; the types are the base of the client and the server.",
        cause: error,
      },
    );
  }
}

/** The declarations types.ts is printed from: openapi-typescript's, for a prepared copy of `document`. */
export async function typesDeclarations(document: Record<string, unknown>): Promise<ts.Node[]> {
  const { schema } = preparedTypes(document);
  return openapiTypesAst(schema, await binaryTransform(), { owned: true });
}

/** What openapi-typescript types: a prepared copy of `document`. */
export interface PreparedTypes {
  readonly schema: Record<string, unknown>;
  /** Whether any object has a `discriminator` key (prepareTypesDocument). */
  readonly discriminators: boolean;
}

/** A copy of `document` prepared for the types (types-document.ts); loads no TypeScript. */
export function preparedTypes(document: Record<string, unknown>): PreparedTypes {
  const copy = structuredClone(document);
  const discriminators = prepareTypesDocument(copy);
  return { schema: copy, discriminators };
}

/** Our `transform` hook: binary strings typed `Blob | File` (loads TypeScript). */
export async function binaryTransform(): Promise<(schema: Record<string, unknown>) => unknown> {
  const typescript = (await import("typescript")).default;
  const binary = (nullable: boolean) =>
    typescript.factory.createUnionTypeNode([
      typescript.factory.createTypeReferenceNode("Blob"),
      typescript.factory.createTypeReferenceNode("File"),
      ...(nullable
        ? [typescript.factory.createLiteralTypeNode(typescript.factory.createNull())]
        : []),
    ]);
  return (schema: Record<string, unknown>) =>
    isBinaryString(schema)
      ? binary(
          schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes("null")),
        )
      : undefined;
}

/**
 * What `astToString(await openapiTS(document, { silent: true, transform }))` prints, without its
 * lint and bundle. openapi-typescript may annotate the document it is given, so it gets a copy
 * unless `owned` says the document is a copy already (a large spec's copy costs time and memory).
 */
export async function openapiTypes(
  document: Record<string, unknown>,
  transform?: (schema: Record<string, unknown>) => unknown,
  options: { readonly owned?: boolean } = {},
): Promise<string> {
  return astText(await openapiTypesAst(document, transform, options));
}

/** TypeScript's printing of the declarations (openapi-typescript's `astToString`). */
export async function astText(nodes: readonly ts.Node[]): Promise<string> {
  return (await astToString())([...nodes]);
}

/** The declarations `openapiTS()` returns for `document` (see {@link openapiTypes}). */
export async function openapiTypesAst(
  document: Record<string, unknown>,
  transform?: (schema: Record<string, unknown>) => unknown,
  { owned = false }: { readonly owned?: boolean } = {},
): Promise<ts.Node[]> {
  const { transformSchema, scanDiscriminators } = await openapiTypescriptInternals();
  const schema = (owned ? document : structuredClone(document)) as never;
  return transformSchema(
    schema,
    // silent, as `openapiTS(document, { silent: true })` scans
    await typesContext(schema, transform, scanDiscriminators(schema, { silent: true })),
  );
}

/**
 * The context `openapiTS()` builds from default options, for `schema` (which `scanDiscriminators`
 * has scanned and patched: `discriminators` is what it returned).
 */
export async function typesContext(
  schema: Record<string, unknown>,
  transform: ((schema: Record<string, unknown>) => unknown) | undefined,
  discriminators: GlobalContext["discriminators"],
): Promise<GlobalContext> {
  const { resolveRef } = await openapiTypescriptInternals();
  return {
    additionalProperties: false,
    alphabetize: false,
    arrayLength: false,
    defaultNonNullable: true,
    discriminators,
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
    transform: transform as never,
    transformProperty: undefined,
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
    resolve: ($ref) => resolveRef(schema, $ref, { silent: true }),
  };
}
