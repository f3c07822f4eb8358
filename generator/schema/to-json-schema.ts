/**
 * OpenAPI Schema Object → JSON Schema that Ajv compiles.
 * 3.0 (https://spec.openapis.org/oas/v3.0.3#schema-object) needs translating:
 * `nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum`, `$ref` siblings ignored,
 * a `oneOf` with a `discriminator` picks its branch by the tag (discriminated-one-of.ts).
 * 3.1 schemas are JSON Schema 2020-12 already.
 * `$ref`s to `#/components/schemas/X` point into the shared `api` schema; other refs are inlined.
 */
import { discriminatedOneOf } from "./discriminated-one-of.js";
import { isObject } from "./json-pointer.js";
import { componentSchemaName, readSchemaRef, type SchemaRefs } from "./schema-refs.js";

/** An OpenAPI Schema Object as the spec has it (a `$ref`, a boolean in 3.1, or keywords). */
export type SchemaModel = boolean | Readonly<Record<string, unknown>>;

export const API_SCHEMA_ID = "api";

export const SCHEMA_MAPS = [
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
];
export const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"];
export const SCHEMA_VALUES = [
  "additionalProperties",
  "items",
  "not",
  "contains",
  "if",
  "then",
  "else",
  "propertyNames",
  "unevaluatedProperties",
  "unevaluatedItems",
  "additionalItems",
];
const DROPPED = new Set(["discriminator", "xml", "externalDocs", "example"]);
/**
 * Annotations: no effect on validation, and they would only bloat the generated code. `summary`
 * is none of JSON Schema's, but OpenAPI's prose elsewhere: a schema carrying one is treated as
 * the cache does (without-prose.ts drops it from the keys), so its edits cannot leave a stale text.
 */
const ANNOTATIONS = new Set([
  "description",
  "summary",
  "title",
  "examples",
  "example",
  "$comment",
  "externalDocs",
  "xml",
]);

export interface ConvertOptions {
  /** Where a `$ref` that is not a component leads (schema-refs.ts: the model is one). */
  readonly refs: SchemaRefs;
  /** Reads a `$ref` that is not a component (default: {@link readSchemaRef} in `refs`). */
  readonly read?: (ref: string) => unknown;
  readonly openapi31: boolean;
  /** Formats seen, so unknown ones can be registered as annotations. */
  readonly formats: Set<string>;
  /** What could not be enforced (e.g. a `pattern` that is not a valid regular expression). */
  readonly warnings: string[];
}

export function toJsonSchema(
  schema: SchemaModel | undefined,
  options: ConvertOptions,
  inlining: readonly string[] = [],
): unknown {
  if (schema === undefined) return {};
  if (typeof schema === "boolean") return schema;
  if (typeof schema.$ref === "string") {
    const ref = schema.$ref;
    if (componentSchemaName(ref) !== undefined) {
      const target = { $ref: `${API_SCHEMA_ID}${ref}` };
      if (!options.openapi31) return target; // 3.0: siblings of $ref are ignored
      const rest = convertKeywords(withoutRef(schema), options, inlining);
      return Object.keys(rest).length === 0 ? target : { allOf: [target, rest] };
    }
    if (inlining.includes(ref)) return {}; // a cycle through a non-component ref: accept rather than recurse forever
    const resolved = readRef(options, ref);
    return toJsonSchema(resolved as SchemaModel, options, [...inlining, ref]);
  }
  // `nullable` is OpenAPI 3.0, but 3.1 documents in the wild still use it: honour it in both
  return applyNullable(schema, convertKeywords(schema, options, inlining));
}

function convertKeywords(
  schema: Readonly<Record<string, unknown>>,
  options: ConvertOptions,
  inlining: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const discriminated = discriminatedOneOf(
    schema,
    (ref) => toJsonSchema({ $ref: ref } as SchemaModel, options, inlining),
    (ref) => {
      if (!ref.startsWith("#")) return undefined;
      try {
        return readRef(options, ref);
      } catch {
        return undefined; // a branch that cannot be read gives its tag no values of its own
      }
    },
  );
  for (const [key, value] of Object.entries(schema)) {
    if (discriminated !== undefined && key === discriminated.keyword) continue;
    if (
      key.startsWith("x-") ||
      key === "nullable" ||
      ANNOTATIONS.has(key) ||
      (!options.openapi31 && DROPPED.has(key)) ||
      key === "discriminator"
    )
      continue;
    if (SCHEMA_MAPS.includes(key) && isObject(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [
          name,
          toJsonSchema(sub as SchemaModel, options, inlining),
        ]),
      );
    } else if (SCHEMA_LISTS.includes(key) && Array.isArray(value)) {
      out[key] = value.map((sub) => toJsonSchema(sub as SchemaModel, options, inlining));
    } else if (SCHEMA_VALUES.includes(key) && (isObject(value) || typeof value === "boolean")) {
      out[key] = toJsonSchema(value as SchemaModel, options, inlining);
    } else if (key === "items" && Array.isArray(value)) {
      out[key] = value.map((sub) => toJsonSchema(sub as SchemaModel, options, inlining));
    } else if (key === "pattern" && typeof value === "string" && !isValidPattern(value)) {
      options.warnings.push(
        `pattern ${JSON.stringify(value)} is not a valid regular expression: not enforced by the validators`,
      );
    } else if (key === "format" && typeof value === "string") {
      options.formats.add(value);
      out[key] = value;
    } else {
      out[key] = value;
    }
  }
  if (discriminated !== undefined)
    out.allOf = [...(Array.isArray(out.allOf) ? out.allOf : []), discriminated.schema];
  fixExclusiveBounds(out);
  dropMalformedKeywords(out, options);
  return out;
}

const NUMERIC = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
];

/**
 * Real specs carry keywords of the wrong shape (`required: true` on a property, a string
 * `maximum`); Ajv refuses to compile them. They are dropped, with a warning, instead of
 * refusing the whole spec.
 */
function dropMalformedKeywords(out: Record<string, unknown>, options: ConvertOptions): void {
  const drop = (key: string) => {
    options.warnings.push(
      `schema keyword ${key}: ${JSON.stringify(out[key])} is malformed: not enforced by the validators`,
    );
    delete out[key];
  };
  if (
    "required" in out &&
    !(Array.isArray(out.required) && out.required.every((item) => typeof item === "string"))
  )
    drop("required");
  if ("enum" in out && !Array.isArray(out.enum)) drop("enum");
  if (
    "type" in out &&
    !(
      typeof out.type === "string" ||
      (Array.isArray(out.type) && out.type.every((item) => typeof item === "string"))
    )
  )
    drop("type");
  for (const key of NUMERIC) if (key in out && typeof out[key] !== "number") drop(key);
}

/** OpenAPI 3.0 `exclusiveMinimum: true` + `minimum: n` → JSON Schema `exclusiveMinimum: n`. */
function fixExclusiveBounds(out: Record<string, unknown>): void {
  for (const [flag, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    if (typeof out[flag] !== "boolean") continue;
    if (out[flag] === true && typeof out[bound] === "number") {
      out[flag] = out[bound];
      delete out[bound];
    } else {
      delete out[flag];
    }
  }
}

function applyNullable(
  source: Readonly<Record<string, unknown>>,
  converted: Record<string, unknown>,
): unknown {
  if (source.nullable !== true) return converted;
  // null is a value of the whole schema: where subschemas (branches, a discriminator's if/then, a
  // $ref) would each refuse it, it is a branch of its own (`type: object, nullable, oneOf: […]`)
  if (
    converted.allOf ||
    converted.oneOf ||
    converted.anyOf ||
    converted.$ref ||
    converted.if ||
    converted.not
  ) {
    return { anyOf: [converted, { type: "null" }] };
  }
  if (Array.isArray(converted.enum) && !converted.enum.includes(null))
    converted.enum = [...converted.enum, null];
  if (typeof converted.type === "string") converted.type = [converted.type, "null"];
  return converted;
}

function readRef(options: ConvertOptions, ref: string): unknown {
  return options.read ? options.read(ref) : readSchemaRef(options.refs, ref);
}

function withoutRef(schema: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { $ref: _ref, ...rest } = schema;
  return rest;
}

/** Validators compile patterns without the `u` flag (as most specs are written); this checks they do. */
function isValidPattern(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
