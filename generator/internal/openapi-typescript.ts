/**
 * The parts of openapi-typescript (7) the generator imports by path, from here only: the
 * transform `openapiTS()` runs after it has linted and bundled the document (our loader has done
 * both), the discriminator scan and `$ref` resolver it builds its context with, and `astToString`,
 * the TypeScript printing its CLI writes. The package ships them without declarations
 * (openapi-typescript-modules.d.ts beside this file). test/generator/internal.test.ts checks each is a
 * function, and test/generator/emit-types.test.ts that the result is `openapiTS()`'s.
 */
import type transformSchemaType from "openapi-typescript/dist/transform/index.mjs";
import type { astToString as astToStringType } from "openapi-typescript/dist/lib/ts.mjs";
import type {
  resolveRef as resolveRefType,
  scanDiscriminators as scanType,
} from "openapi-typescript/dist/lib/utils.mjs";

export interface OpenapiTypescriptInternals {
  readonly transformSchema: typeof transformSchemaType;
  readonly scanDiscriminators: typeof scanType;
  readonly resolveRef: typeof resolveRefType;
}

/** The transform and the helpers its context needs (loaded on first use). */
export async function openapiTypescriptInternals(): Promise<OpenapiTypescriptInternals> {
  const [{ default: transformSchema }, { resolveRef, scanDiscriminators }] = await Promise.all([
    import("openapi-typescript/dist/transform/index.mjs"),
    import("openapi-typescript/dist/lib/utils.mjs"),
  ]);
  return { transformSchema, scanDiscriminators, resolveRef };
}

/** openapi-typescript's `astToString`. */
export async function astToString(): Promise<typeof astToStringType> {
  return (await import("openapi-typescript/dist/lib/ts.mjs")).astToString;
}
