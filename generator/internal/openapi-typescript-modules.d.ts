/**
 * Types for the parts of openapi-typescript that openapi-typescript.ts imports by path (the package
 * ships them without declarations): the transform that `openapiTS()` runs after it has linted
 * and bundled the document, which our loader has already done.
 */
declare module "openapi-typescript/dist/transform/index.mjs" {
  import type { GlobalContext, OpenAPI3 } from "openapi-typescript";
  import type ts from "typescript";
  export default function transformSchema(schema: OpenAPI3, ctx: GlobalContext): ts.Node[];
}

declare module "openapi-typescript/dist/lib/utils.mjs" {
  import type { DiscriminatorObject, OpenAPI3, OpenAPITSOptions } from "openapi-typescript";
  export function scanDiscriminators(
    schema: OpenAPI3,
    options: OpenAPITSOptions,
  ): { objects: Record<string, DiscriminatorObject>; refsHandled: string[] };
  export function resolveRef<T>(
    schema: unknown,
    $ref: string,
    options: { silent: boolean },
  ): T | undefined;
}

declare module "openapi-typescript/dist/lib/ts.mjs" {
  import type ts from "typescript";
  export function astToString(ast: ts.Node | ts.Node[]): string;
}
