/**
 * OpenAPI Schema Object → JSON Schema that Ajv compiles, for both OpenAPI versions:
 * - 3.0 (draft-07 dialect): `nullable` becomes a `null` type (or `anyOf` with a `$ref`), the
 *   boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers;
 * - 3.1 (2020-12 dialect): already JSON Schema; only the OpenAPI-only keywords go.
 * Both: `example`, `xml`, `externalDocs` and `x-*` keywords are dropped, and refs to
 * `#/components/schemas/<Name>` point at the definitions of the schema with `$id` "spec"
 * (`definitions` in draft-07, `$defs` in 2020-12). A `discriminator` over `oneOf`/`anyOf` becomes
 * a check keyed by the discriminating property (`if`/`then` per mapped value), so overlapping
 * branches still validate as the discriminator says (https://spec.openapis.org/oas/v3.0.3#discriminator-object).
 */
import { ownDiscriminatorValues } from "../generator/model/discriminator-values.js";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export type Dialect = "draft-07" | "2020-12";

const DROPPED_KEYWORDS = new Set(["example", "discriminator", "xml", "externalDocs", "nullable"]);
const COMPONENT_PREFIX = "#/components/schemas/";

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The dialect of an OpenAPI version (`3.1.x` → 2020-12, else draft-07). */
export function dialectOf(openapiVersion: string): Dialect {
  return openapiVersion.startsWith("3.1") ? "2020-12" : "draft-07";
}

/** Where `#/components/schemas/X` points inside the root schema of a dialect. */
export function definitionsKeyword(dialect: Dialect): "definitions" | "$defs" {
  return dialect === "2020-12" ? "$defs" : "definitions";
}

/** What the conversion may look up in the document the schema comes from. */
export interface RefContext {
  /**
   * What a `$ref` that is not `#/components/schemas/<Name>` becomes (`#/$defs/X`,
   * `#/components/schemas/A/$defs/b`, a schema pointing at a parameter); without it such a ref throws.
   */
  other(ref: string): string;
  /** The target of a ref (for a discriminator branch's own values). */
  read(ref: string): unknown;
}

/** OpenAPI Schema Object → JSON Schema of `dialect` (refs to `#/<definitions>/<Name>`). */
export function toJsonSchema(schema: Json, dialect: Dialect, refs?: RefContext): Json {
  if (Array.isArray(schema)) return schema.map((item) => toJsonSchema(item, dialect, refs));
  if (!isJsonObject(schema)) return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith("x-") || DROPPED_KEYWORDS.has(key)) continue;
    if (key === "$ref" && typeof value === "string") {
      const name = value.startsWith(COMPONENT_PREFIX)
        ? value.slice(COMPONENT_PREFIX.length)
        : undefined;
      if (name !== undefined && !name.includes("/"))
        out[key] = `#/${definitionsKeyword(dialect)}/${name}`;
      else if (refs !== undefined) out[key] = refs.other(value);
      else throw new Error(`unsupported $ref in a schema: ${value}`);
    } else if (
      (key === "properties" ||
        key === "patternProperties" ||
        key === "$defs" ||
        key === "definitions") &&
      isJsonObject(value)
    ) {
      const properties: JsonObject = {};
      for (const [name, property] of Object.entries(value))
        properties[name] = toJsonSchema(property, dialect, refs);
      out[key] = properties;
    } else if (
      (key === "required" || key === "enum") &&
      !(Array.isArray(value) && (key === "enum" || value.every((item) => typeof item === "string")))
    ) {
      // of the wrong shape (`required: true` on a property): Ajv refuses it, the generated validators drop it
    } else if (
      (key === "exclusiveMinimum" || key === "exclusiveMaximum") &&
      typeof value === "boolean"
    ) {
      // OpenAPI 3.0 boolean form: handled with minimum/maximum below.
    } else if (key === "enum" || key === "const" || key === "default" || key === "examples") {
      out[key] = value;
    } else {
      out[key] = toJsonSchema(value, dialect, refs);
    }
  }
  for (const [flag, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    if (schema[flag] === true && typeof schema[bound] === "number") {
      out[flag] = schema[bound];
      delete out[bound];
    }
  }
  applyDiscriminator(schema, out, dialect, refs);
  if (schema["nullable"] === true) return withNull(out);
  return out;
}

/** OpenAPI 3.0 Schema Object → JSON Schema draft-07 (refs to `#/definitions/<Name>`). */
export function toDraft07(schema: Json): Json {
  return toJsonSchema(schema, "draft-07");
}

function withNull(out: JsonObject): JsonObject {
  if (typeof out["type"] === "string") out["type"] = [out["type"], "null"];
  else if (Array.isArray(out["type"]) && !out["type"].includes("null"))
    out["type"] = [...out["type"], "null"];
  if (Array.isArray(out["enum"]) && !out["enum"].includes(null))
    out["enum"] = [...out["enum"], null];
  if (
    typeof out["$ref"] === "string" ||
    Array.isArray(out["oneOf"]) ||
    Array.isArray(out["anyOf"]) ||
    Array.isArray(out["allOf"])
  ) {
    return { anyOf: [out, { type: "null" }] };
  }
  return out;
}

/**
 * `discriminator: { propertyName, mapping }` next to `oneOf`/`anyOf` of refs: the value of the
 * property picks the branch (the mapping, else the values the branch itself gives the property
 * with `enum`/`const`, else the schema name), instead of "exactly one branch matches", which
 * overlapping branches would break.
 */
function applyDiscriminator(
  schema: JsonObject,
  out: JsonObject,
  dialect: Dialect,
  refs?: RefContext,
): void {
  const discriminator = schema["discriminator"];
  if (!isJsonObject(discriminator) || typeof discriminator["propertyName"] !== "string") return;
  const keyword = Array.isArray(out["oneOf"])
    ? "oneOf"
    : Array.isArray(out["anyOf"])
      ? "anyOf"
      : undefined;
  if (keyword === undefined) return;
  const branches = out[keyword] as Json[];
  const property = discriminator["propertyName"];
  const mapping = isJsonObject(discriminator["mapping"]) ? discriminator["mapping"] : {};
  const target = `#/${definitionsKeyword(dialect)}/`;
  const cases: Array<{ value: Json; ref: string }> = [];
  for (const branch of branches) {
    const ref =
      isJsonObject(branch) && typeof branch["$ref"] === "string" ? branch["$ref"] : undefined;
    if (ref === undefined || !ref.startsWith(target)) return; // not every branch is named: keep oneOf
    const name = ref.slice(target.length);
    const mapped = Object.entries(mapping).filter(
      ([, value]) => value === `${COMPONENT_PREFIX}${name}` || value === name,
    );
    const own =
      mapped.length > 0
        ? []
        : ownValues(refs?.read(`${COMPONENT_PREFIX}${name}`), property, (ref) => refs?.read(ref));
    const values =
      mapped.length > 0 ? mapped.map(([value]) => value) : own.length > 0 ? own : [name];
    for (const value of values) cases.push({ value, ref });
  }
  delete out[keyword];
  out["required"] = [
    ...new Set([...(Array.isArray(out["required"]) ? out["required"] : []), property]),
  ];
  const allOf = Array.isArray(out["allOf"]) ? [...out["allOf"]] : [];
  allOf.push({ properties: { [property]: { enum: cases.map((entry) => entry.value) } } });
  for (const { value, ref } of cases) {
    allOf.push({
      if: { properties: { [property]: { const: value } }, required: [property] },
      then: { $ref: ref },
    });
  }
  out["allOf"] = allOf;
}

/** The values a discriminator branch gives its tag itself (generator/model/discriminator-values.ts). */
export function ownValues(
  schema: unknown,
  property: string,
  read: (ref: string) => unknown = () => undefined,
): Json[] {
  // The values come from the parsed document, so they are JSON.
  return ownDiscriminatorValues(schema, property, read) as Json[];
}
