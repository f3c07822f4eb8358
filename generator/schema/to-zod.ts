/**
 * Zod 4 code from the schema model's JSON Schema (the output of to-json-schema.ts, which the
 * precompiled Ajv validators are compiled from), so that a Zod schema accepts what the validator
 * accepts: keywords map to Zod where Zod means the same (`z.strictObject` for
 * `additionalProperties: false`, `z.looseObject` otherwise, `z.intersection` for `allOf`, which
 * JSON Schema also checks branch by branch), and to the helpers of templates/zod/zod-helpers.ts
 * where it does not (formats by ajv-formats' own checks, lengths in code points, `oneOf` as
 * "exactly one", `not`, `if`/`then`/`else`, `uniqueItems`, enums of objects). A keyword with no
 * counterpart is reported (`unsupported`) and not enforced: docs/validators.md lists them.
 */
import { isObject, pointerToken } from "./json-pointer.js";
import { API_SCHEMA_ID } from "./to-json-schema.js";

const COMPONENT_REF = `${API_SCHEMA_ID}#/components/schemas/`;

/** Keywords that do not change what is valid. */
const ANNOTATIONS = new Set([
  "default",
  "readOnly",
  "writeOnly",
  "deprecated",
  "$comment",
  "title",
  "description",
  "examples",
  "contentMediaType",
  "contentEncoding",
]);
const HANDLED = new Set([
  "$ref",
  "type",
  "enum",
  "const",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "items",
  "minItems",
  "maxItems",
  "uniqueItems",
  "properties",
  "required",
  "additionalProperties",
]);
/** Keywords that constrain only values of one type (JSON Schema ignores them on the others). */
const TYPED: Readonly<Record<string, readonly string[]>> = {
  string: ["minLength", "maxLength", "pattern", "format"],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "format"],
  array: ["items", "minItems", "maxItems", "uniqueItems"],
  object: ["properties", "required", "additionalProperties"],
};

export interface ZodCodeOptions {
  /** The name of a component's constant. */
  readonly constOf: (component: string) => string;
  /** Whether a reference to the component must be lazy (it is part of a cycle). */
  readonly lazy: (component: string) => boolean;
  /** Keywords met that are not enforced (`patternProperties`, ...). */
  readonly unsupported: Set<string>;
}

/** The Zod expression of a converted schema. */
export function zodCode(schema: unknown, options: ZodCodeOptions): string {
  if (schema === true || schema === undefined) return "z.unknown()";
  if (schema === false) return "z.never()";
  if (!isObject(schema)) return "z.unknown()";
  for (const key of Object.keys(schema))
    if (!HANDLED.has(key) && !ANNOTATIONS.has(key) && !key.startsWith("x-"))
      options.unsupported.add(key);
  const parts: string[] = [];
  if (typeof schema.$ref === "string") {
    const name = componentOf(schema.$ref);
    if (name === undefined) options.unsupported.add("$ref");
    else
      parts.push(
        options.lazy(name) ? `z.lazy(() => ${options.constOf(name)})` : options.constOf(name),
      );
  }
  const typed = valuesCode(schema) ?? typedCode(schema, options);
  if (typed !== undefined) parts.push(typed);
  if (Array.isArray(schema.allOf))
    parts.push(...schema.allOf.map((branch) => zodCode(branch, options)));
  if (Array.isArray(schema.anyOf)) parts.push(unionCode(schema.anyOf, options));
  if (Array.isArray(schema.oneOf))
    parts.push(
      `exactlyOne([${schema.oneOf.map((branch) => zodCode(branch, options)).join(", ")}] as const)`,
    );
  if (schema.not !== undefined) parts.push(`not(${zodCode(schema.not, options)})`);
  if (schema.if !== undefined) {
    const then = schema.then === undefined ? "undefined" : zodCode(schema.then, options);
    const otherwise = schema.else === undefined ? "undefined" : zodCode(schema.else, options);
    parts.push(`conditional(${zodCode(schema.if, options)}, ${then}, ${otherwise})`);
  }
  if (parts.length === 0) return "z.unknown()";
  return parts.reduce((left, right) => `z.intersection(${left}, ${right})`);
}

function componentOf(ref: string): string | undefined {
  if (!ref.startsWith(COMPONENT_REF)) return undefined;
  const name = ref.slice(COMPONENT_REF.length);
  return name.includes("/") ? undefined : pointerToken(name);
}

function unionCode(branches: readonly unknown[], options: ZodCodeOptions): string {
  const codes = branches.map((branch) => zodCode(branch, options));
  return codes.length === 1 ? (codes[0] as string) : `z.union([${codes.join(", ")}])`;
}

/** `enum` / `const` (the load stage made every enum value fit the schema's `type`). */
function valuesCode(schema: Readonly<Record<string, unknown>>): string | undefined {
  const values = Array.isArray(schema.enum)
    ? schema.enum
    : "const" in schema
      ? [schema.const]
      : undefined;
  if (values === undefined) return undefined;
  if (values.length > 0 && values.every((value) => typeof value === "string"))
    return `z.enum(${list(values)})`;
  if (values.every((value) => value === null || typeof value !== "object")) {
    const literals = values.map((value) =>
      value === null ? "z.null()" : `z.literal(${JSON.stringify(value)})`,
    );
    return literals.length === 1 ? (literals[0] as string) : `z.union([${literals.join(", ")}])`;
  }
  return `jsonValues(${list(values)})`;
}

function typedCode(
  schema: Readonly<Record<string, unknown>>,
  options: ZodCodeOptions,
): string | undefined {
  const types =
    typeof schema.type === "string"
      ? [schema.type]
      : Array.isArray(schema.type)
        ? (schema.type as string[])
        : undefined;
  if (types === undefined) {
    // without `type`, each keyword checks only the values of its type: `ifType` says so to Zod
    const parts = Object.entries(TYPED)
      .filter(([, keys]) => keys.some((key) => key in schema))
      .map(([type]) => `ifType(${JSON.stringify(type)}, ${typeCode(type, schema, options)})`);
    if (parts.length === 0) return undefined;
    return parts.reduce((left, right) => `z.intersection(${left}, ${right})`);
  }
  const codes = types.map((type) => typeCode(type, schema, options));
  return codes.length === 1 ? codes[0] : `z.union([${codes.join(", ")}])`;
}

function typeCode(
  type: string,
  schema: Readonly<Record<string, unknown>>,
  options: ZodCodeOptions,
): string {
  const number = (key: string) =>
    typeof schema[key] === "number" ? (schema[key] as number) : undefined;
  switch (type) {
    case "string": {
      let code = "z.string()";
      const min = number("minLength");
      const max = number("maxLength");
      if (min !== undefined || max !== undefined)
        code = `codePointLength(${code}, ${min ?? "undefined"}, ${max ?? "undefined"})`;
      if (typeof schema.pattern === "string")
        code += `.regex(new RegExp(${JSON.stringify(schema.pattern)}))`;
      if (typeof schema.format === "string")
        code = `withFormat(${code}, ${JSON.stringify(schema.format)})`;
      return code;
    }
    case "number":
    case "integer": {
      let code = "z.number()";
      if (type === "integer") code += `.refine(Number.isInteger, { message: "must be integer" })`;
      const bounds: [string, string][] = [
        ["minimum", "gte"],
        ["maximum", "lte"],
        ["exclusiveMinimum", "gt"],
        ["exclusiveMaximum", "lt"],
      ];
      for (const [keyword, method] of bounds) {
        const bound = number(keyword);
        if (bound !== undefined) code = `${code}.${method}(${bound})`;
      }
      const multipleOf = number("multipleOf");
      if (multipleOf !== undefined)
        code += `.refine((value) => Number.isInteger(value / ${multipleOf}), { message: "must be multiple of ${multipleOf}" })`;
      if (typeof schema.format === "string")
        code = `withFormat(${code}, ${JSON.stringify(schema.format)})`;
      return code;
    }
    case "boolean":
      return "z.boolean()";
    case "null":
      return "z.null()";
    case "array": {
      let code = `z.array(${zodCode(isObject(schema.items) || typeof schema.items === "boolean" ? schema.items : undefined, options)})`;
      if (Array.isArray(schema.items)) options.unsupported.add("items (tuple)");
      const min = number("minItems");
      const max = number("maxItems");
      if (min !== undefined) code += `.min(${min})`;
      if (max !== undefined) code += `.max(${max})`;
      if (schema.uniqueItems === true) code = `uniqueItems(${code})`;
      return code;
    }
    case "object":
      return objectCode(schema, options);
    default:
      return "z.never()";
  }
}

function objectCode(schema: Readonly<Record<string, unknown>>, options: ZodCodeOptions): string {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required)
    ? schema.required.filter((key): key is string => typeof key === "string")
    : [];
  const base = block(
    Object.entries(properties).map(([key, property]) => {
      const code = zodCode(property, options);
      return `${propertyName(key)}: ${required.includes(key) ? code : `${code}.optional()`}`;
    }),
  );
  const additional = schema.additionalProperties;
  let code =
    additional === false
      ? `z.strictObject(${base})`
      : additional === undefined || additional === true
        ? `z.looseObject(${base})`
        : `z.object(${base}).catchall(${zodCode(additional, options)})`;
  // a required key must be there, even where its schema would take `undefined`
  if (required.length > 0) code = `requiredKeys(${code}, ${list(required)})`;
  return code;
}

/** The fixed layout: an object's members one per line, indented by nesting. */
function block(members: readonly string[]): string {
  if (members.length === 0) return "{}";
  const indented = members.map((member) => `  ${member.replaceAll("\n", "\n  ")},`);
  return `{\n${indented.join("\n")}\n}`;
}

function propertyName(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key);
}

function list(values: readonly unknown[]): string {
  return `[${values.map((value) => JSON.stringify(value)).join(", ")}]`;
}
