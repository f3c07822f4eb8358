/**
 * The JSON values and dialects the conformance runner speaks. The conversion of OpenAPI schemas
 * into JSON Schema is the schema model's (generator/schema/to-json-schema.ts), the very one the
 * generated validators are compiled from, so conformance judges a response by the rules the
 * server validates it with.
 */
import { ownDiscriminatorValues } from "./discriminator.js";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export type Dialect = "draft-07" | "2020-12";

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The dialect of an OpenAPI version (`3.1.x` → 2020-12, else draft-07). */
export function dialectOf(openapiVersion: string): Dialect {
  return openapiVersion.startsWith("3.1") ? "2020-12" : "draft-07";
}

/** The values a discriminator branch gives its tag itself (generator/schema/discriminator.ts). */
export function ownValues(
  schema: unknown,
  property: string,
  read: (ref: string) => unknown = () => undefined,
): Json[] {
  // The values come from the parsed document, so they are JSON.
  return ownDiscriminatorValues(schema, property, read) as Json[];
}
