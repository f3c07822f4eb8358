// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * What the generated Zod schemas (`./zod`) need beyond Zod's own API, so that they accept exactly
 * what the precompiled Ajv validators accept: formats checked by the very functions Ajv's
 * validators use (ajv-formats), JSON Schema's `oneOf` (exactly one branch), `not`,
 * `if`/`then`/`else` and `uniqueItems` (JSON equality).
 */
import { fullFormats } from "ajv-formats/dist/formats.js";
import { z } from "zod";

type FormatCheck = (value: string | number) => boolean;

function formatCheck(name: string): FormatCheck | undefined {
  const format = (fullFormats as Record<string, unknown>)[name];
  if (format instanceof RegExp) return (value) => typeof value !== "string" || format.test(value);
  if (typeof format === "function") return (value) => typeof value !== "string" || format(value);
  if (format !== null && typeof format === "object") {
    const { type, validate } = format as { type?: string; validate: unknown };
    const applies = (value: string | number) => typeof value === (type ?? "string");
    if (validate instanceof RegExp)
      return (value) => !applies(value) || validate.test(String(value));
    if (typeof validate === "function")
      return (value) => !applies(value) || (validate as (v: unknown) => boolean)(value);
  }
  return undefined; // a format Ajv does not know is an annotation
}

/** `schema` with the format `name` checked as the generated validators check it. */
export function withFormat<T extends z.ZodString | z.ZodNumber>(schema: T, name: string): T {
  const check = formatCheck(name);
  return check === undefined
    ? schema
    : ((schema as z.ZodType<string | number>).refine((value) => check(value), {
        message: `must match format "${name}"`,
      }) as unknown as T);
}

/** JSON Schema's `oneOf`: the value matches exactly one branch. */
export function exactlyOne<T extends readonly z.ZodType[]>(branches: T) {
  return z.unknown().superRefine((value, context) => {
    const matched = branches.filter((branch) => branch.safeParse(value).success).length;
    if (matched !== 1)
      context.addIssue({
        code: "custom",
        message: `must match exactly one schema (matched ${matched})`,
      });
  }) as unknown as z.ZodType<z.output<T[number]>>;
}

/** JSON Schema's `not`. */
export function not(schema: z.ZodType): z.ZodType<unknown> {
  return z.unknown().refine((value) => !schema.safeParse(value).success, {
    message: "must not match the schema",
  });
}

/** JSON Schema's `if`/`then`/`else`. */
export function conditional(
  condition: z.ZodType,
  then: z.ZodType | undefined,
  otherwise: z.ZodType | undefined,
): z.ZodType<unknown> {
  return z.unknown().superRefine((value, context) => {
    const branch = condition.safeParse(value).success ? then : otherwise;
    const result = branch?.safeParse(value);
    if (result !== undefined && !result.success)
      for (const issue of result.error.issues)
        context.addIssue({ code: "custom", message: issue.message, path: issue.path });
  });
}

/** Values equal as JSON (JSON Schema's `enum`, `const`, `uniqueItems`). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  const keys = Object.keys(a);
  const other = b as Record<string, unknown>;
  return (
    keys.length === Object.keys(b).length &&
    keys.every(
      (key) =>
        Object.hasOwn(other, key) && jsonEqual((a as Record<string, unknown>)[key], other[key]),
    )
  );
}

/** An array whose items are pairwise different as JSON. */
export function uniqueItems<T extends z.ZodArray<z.ZodType>>(schema: T): T {
  return schema.refine(
    (items) =>
      items.every((item, index) => items.findIndex((other) => jsonEqual(item, other)) === index),
    { message: "must NOT have duplicate items" },
  ) as unknown as T;
}

/** One of the JSON values of an `enum` that Zod's literals cannot say (objects, arrays). */
export function jsonValues(values: readonly unknown[]): z.ZodType<unknown> {
  return z.unknown().refine((value) => values.some((item) => jsonEqual(item, value)), {
    message: "must be equal to one of the allowed values",
  });
}

/** A string of `min` to `max` characters counted as code points, as JSON Schema counts them. */
export function codePointLength(
  schema: z.ZodString,
  min: number | undefined,
  max: number | undefined,
): z.ZodString {
  return schema.refine(
    (value) => {
      let length = 0;
      for (const _char of value) length++;
      return (min === undefined || length >= min) && (max === undefined || length <= max);
    },
    { message: `must have ${min ?? 0} to ${max ?? "any number of"} characters` },
  );
}

/** An object that has each of `keys` (JSON Schema's `required`: present, whatever the value). */
export function requiredKeys<T extends z.ZodType>(schema: T, keys: readonly string[]): T {
  return schema.superRefine((value, context) => {
    if (value === null || typeof value !== "object") return;
    for (const key of keys)
      if (!Object.hasOwn(value, key))
        context.addIssue({
          code: "custom",
          message: `must have required property '${key}'`,
          path: [key],
        });
  }) as unknown as T;
}

/** The JSON type of a value, as JSON Schema names it (an integer is also a `number`). */
function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value === "object" ? "object" : typeof value;
}

/** A schema without `type`: its keywords of `type` check only the values of that type. */
export function ifType(type: string, schema: z.ZodType): z.ZodType<unknown> {
  return z.unknown().superRefine((value, context) => {
    if (jsonTypeOf(value) !== type) return;
    const result = schema.safeParse(value);
    if (!result.success)
      for (const issue of result.error.issues)
        context.addIssue({ code: "custom", message: issue.message, path: issue.path });
  });
}
