/**
 * The schemas of the validators that coerce text (parameters, response headers), rewritten so that
 * Ajv's `coerceTypes` reads a text by one rule, whatever the order of a union's branches
 * (docs/server-bodies-errors.md#how-text-is-read):
 *
 * 1. a scalar type takes only its plain text: `true`/`false` for a boolean, a plain decimal for a
 *    number or an integer (templates/server/core/plain-text.ts: no spaces, `0x`, `Infinity`, never blank;
 *    Ajv alone reads `" "` as 0 and `"0x10"` as 16), an empty text for null; and never a value a
 *    sibling branch already coerced (Ajv would read `1` back as `true`, or `5` back as "5");
 * 2. in a union (`anyOf`, `oneOf`, a type list), the most specific type that reads the text takes
 *    it: boolean, then integer and number, then text; so a text branch refuses `"5"` when a
 *    sibling takes integers, and `oneOf: [integer, string]` reads `"5"` as 5 (one branch) and
 *    `"five"` and `" "` as text; an empty text is null only when no branch takes text;
 * 3. one value for a union of a list and a single value (`anyOf: [array, enum [""]]`) is the
 *    single value when a single branch reads it (any text for a free string branch, the values a
 *    string `enum` lists, a boolean or a number its branch reads), else a list of one.
 *
 * The guards use only keywords Ajv never coerces for (`pattern`, `enum`, `minimum`, ...), placed
 * before the branch in an `allOf`, so a refused text is never coerced.
 */
import { PLAIN_TEXT, type PlainTextType } from "../../../templates/server/core/plain-text.js";
import { isObject } from "../../model/resolve-ref.js";
import {
  API_SCHEMA_ID,
  SCHEMA_LISTS,
  SCHEMA_MAPS,
  SCHEMA_VALUES,
} from "../../schema/to-json-schema.js";

const SCALARS = ["boolean", "integer", "number", "null"] as const;
/** Types whose text a string branch gives up to them (null does not: an empty text stays text). */
const MORE_SPECIFIC = ["boolean", "integer", "number"] as const;

/** Holds for every value but a string (a pattern no string matches; `pattern` ignores non-strings). */
const NOT_TEXT = { pattern: "[^\\s\\S]" };
/** Holds for numbers only (each bound holds for non-numbers, and no number fails both). */
const IS_NUMBER = { anyOf: [{ not: { minimum: 0 } }, { not: { exclusiveMaximum: 0 } }] };

/** `components.schemas` of the shared api schema, to follow `$ref`s while reading a union. */
export type ComponentSchemas = Readonly<Record<string, unknown>>;

/** `schema` (a converted JSON Schema) rewritten as the module comment says. */
export function textReadingSchema(schema: unknown, components: ComponentSchemas): unknown {
  if (!isObject(schema) || Array.isArray(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_MAPS.includes(key) && isObject(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, textReadingSchema(sub, components)]),
      );
    } else if ((SCHEMA_LISTS.includes(key) || key === "items") && Array.isArray(value)) {
      out[key] = value.map((sub) => textReadingSchema(sub, components));
    } else if (SCHEMA_VALUES.includes(key)) {
      out[key] = textReadingSchema(value, components);
    } else {
      out[key] = value;
    }
  }
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const original = schema[keyword];
    if (Array.isArray(original))
      out[keyword] = guardBranches(original, out[keyword] as unknown[], components);
  }
  return typedGuards(out, components);
}

/** A type list with text and a more specific scalar, as a union of one branch per type; else the node with its pattern (rule 1). */
function typedGuards(node: Record<string, unknown>, components: ComponentSchemas): unknown {
  const types =
    typeof node.type === "string"
      ? [node.type]
      : Array.isArray(node.type)
        ? node.type.filter((type): type is string => typeof type === "string")
        : [];
  if (types.length === 0) return node;
  if (
    types.length > 1 &&
    types.includes("string") &&
    types.some((type) => (MORE_SPECIFIC as readonly string[]).includes(type))
  ) {
    const branches = types.map((type) => ({ ...node, type }));
    return {
      anyOf: guardBranches(
        branches,
        branches.map((branch) => typedGuards(branch, components)),
        components,
      ),
    };
  }
  if (types.some((type) => !(SCALARS as readonly string[]).includes(type))) return node;
  return { allOf: [{ pattern: plainText(types) }, node] };
}

/** What a branch reads a text as: its types, and for text the values it lists (undefined: any text). */
interface BranchReading {
  readonly types: ReadonlySet<string>;
  readonly texts: readonly string[] | undefined;
}

/** The kind of value a type is on the wire's side (integers are numbers). */
function kind(type: string): string {
  return type === "integer" ? "number" : type;
}

/** The branches of a union (already rewritten: `guarded`), each wrapped in the guards of rules 1 to 3. */
function guardBranches(
  original: readonly unknown[],
  guarded: readonly unknown[],
  components: ComponentSchemas,
): unknown[] {
  const readings = original.map((branch) => readingOf(branch, components, 0));
  const all = new Set(readings.flatMap((reading) => [...reading.types]));
  if (new Set([...all].map(kind)).size < 2) return [...guarded];
  const textBranches = readings.filter((reading) => reading.types.has("string"));
  const freeText = textBranches.some((reading) => reading.texts === undefined);
  const listedTexts = textBranches.flatMap((reading) => reading.texts ?? []);
  return guarded.map((branch, index) => {
    const reading = readings[index] as BranchReading;
    const types = [...reading.types];
    const guards: unknown[] = [];
    if (
      types.length > 0 &&
      types.every((type) => type === "string" || (SCALARS as readonly string[]).includes(type))
    ) {
      // rule 1: never a value a sibling coerced to another scalar
      const others = [
        ...(types.includes("integer") || types.includes("number") ? [] : [IS_NUMBER]),
        ...(types.includes("boolean") ? [] : [{ enum: [true, false] }]),
        ...(types.includes("null") ? [] : [{ enum: [null] }]),
      ];
      if (others.length > 0)
        guards.push({ not: others.length === 1 ? others[0] : { anyOf: others } });
      // rule 2: text a more specific sibling reads is not this branch's; an empty text is not null beside text
      const specific = MORE_SPECIFIC.filter((type) => all.has(type) && !reading.types.has(type));
      if (reading.types.has("string") && specific.length > 0)
        guards.push(textNotMatching(plainText(specific), []));
      if (!reading.types.has("string") && reading.types.has("null") && textBranches.length > 0)
        guards.push(textNotMatching(PLAIN_TEXT.null, []));
    } else if (types.length === 1 && types[0] === "array") {
      // rule 3: one value a single branch reads is not a list of one, nor is a value a sibling
      // branch already coerced (Ajv coerces in place: `oneOf: [number, array]` would match twice)
      const specific = MORE_SPECIFIC.filter((type) => all.has(type));
      const coerced = [
        ...(all.has("integer") || all.has("number") ? [IS_NUMBER] : []),
        ...(all.has("boolean") ? [{ enum: [true, false] }] : []),
        ...(all.has("null") ? [{ enum: [null] }] : []),
      ];
      if (coerced.length > 0)
        guards.push({ not: coerced.length === 1 ? coerced[0] : { anyOf: coerced } });
      if (freeText) guards.push(NOT_TEXT);
      else if (specific.length > 0 || listedTexts.length > 0)
        guards.push(textNotMatching(plainText(specific), listedTexts));
    }
    return guards.length === 0 ? branch : { allOf: [...guards, branch] };
  });
}

/** The guard pattern of scalar types: their plain texts, joined. */
function plainText(types: readonly string[]): string {
  return types.map((type) => PLAIN_TEXT[type as PlainTextType]).join("|");
}

/** Holds for every value but a text that matches `pattern` or is one of `texts`. */
function textNotMatching(pattern: string, texts: readonly string[]): unknown {
  const refused = [
    ...(pattern === "" ? [] : [{ pattern }]),
    ...(texts.length > 0 ? [{ enum: texts }] : []),
  ];
  return { anyOf: [NOT_TEXT, { not: refused.length === 1 ? refused[0] : { anyOf: refused } }] };
}

const COMPONENT_REF = `${API_SCHEMA_ID}#/components/schemas/`;

/** The types a (converted) schema takes, through `$ref`s, `allOf` and nested unions; from `enum`/`const` values when it has no `type`. */
function readingOf(schema: unknown, components: ComponentSchemas, depth: number): BranchReading {
  const none: BranchReading = { types: new Set(), texts: undefined };
  if (!isObject(schema) || depth > 8) return none;
  if (typeof schema.$ref === "string" && schema.$ref.startsWith(COMPONENT_REF)) {
    return readingOf(components[schema.$ref.slice(COMPONENT_REF.length)], components, depth + 1);
  }
  const listed = Array.isArray(schema.enum)
    ? schema.enum
    : "const" in schema
      ? [schema.const]
      : undefined;
  const texts = listed?.filter((value): value is string => typeof value === "string");
  if (typeof schema.type === "string" || Array.isArray(schema.type)) {
    const types = new Set(
      (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
        (type): type is string => typeof type === "string",
      ),
    );
    return { types, texts };
  }
  if (listed !== undefined) {
    const types = new Set(
      listed.map((value) =>
        value === null ? "null" : typeof value === "number" ? "number" : typeof value,
      ),
    );
    return { types, texts };
  }
  for (const part of Array.isArray(schema.allOf) ? schema.allOf : []) {
    const reading = readingOf(part, components, depth + 1);
    if (reading.types.size > 0) return reading;
  }
  const branches = [
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
    ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
  ];
  if (branches.length === 0) return none;
  const readings = branches.map((branch) => readingOf(branch, components, depth + 1));
  const textReadings = readings.filter((reading) => reading.types.has("string"));
  return {
    types: new Set(readings.flatMap((reading) => [...reading.types])),
    texts: textReadings.some((reading) => reading.texts === undefined)
      ? undefined
      : textReadings.flatMap((reading) => reading.texts ?? []),
  };
}
