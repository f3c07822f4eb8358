/**
 * Whether a value travels as text and comes back the same, read by the rule a server made by this
 * toolchain reads text with (docs/server-bodies-errors.md#how-text-is-read): positive draws for parameters, form
 * fields and multipart text parts keep only such values. Some values cannot: where a schema allows
 * several types, their texts can be the same (the string "false" and the boolean `false` under
 * `anyOf: [boolean, string]`, `5` and "5" under `oneOf: [integer, string]`, a number where the
 * schema says nothing, a list of one file where a single file is allowed too). The rule gives
 * such a text to the most specific type, so the other value has no form on the wire: a limit of
 * the encoding, not of a server, and no request can carry it.
 *
 * This is the rule written from the schema, apart from the server's own reading (the parameter
 * validators, form-body.ts), so that a reading bug there still shows in the round trip.
 */
import { isObject } from "../generator/schema/json-pointer.js";
import { resolveSchemaObject, type SchemaRefs } from "../generator/schema/schema-refs.js";
import { PLAIN_TEXT } from "../templates/server/core/plain-text.js";
import { mergeAllOf, typesOf } from "../generator/schema/schema-arbitrary.js";

/** What a schema lets a text be read as, over every branch of its unions. */
interface Reading {
  readonly types: Set<string>;
  /** A branch takes any text. */
  freeText: boolean;
  /** The texts string branches list (`enum`). */
  readonly texts: string[];
  /** A branch is binary (a file in a multipart body). */
  binary: boolean;
  readonly items: unknown[];
  readonly properties: Map<string, unknown[]>;
  readonly additional: unknown[];
}

const NUMBER = new RegExp(PLAIN_TEXT.number);
const MAX_DEPTH = 8;

function readingOf(schemas: readonly unknown[], refs: SchemaRefs): Reading {
  const reading: Reading = {
    types: new Set(),
    freeText: false,
    texts: [],
    binary: false,
    items: [],
    properties: new Map(),
    additional: [],
  };
  for (const schema of schemas) collect(schema, refs, reading, 0);
  return reading;
}

function collect(schema: unknown, refs: SchemaRefs, reading: Reading, depth: number): void {
  const resolved = depth > MAX_DEPTH ? undefined : resolveSchemaObject(refs, schema);
  if (resolved === undefined) return;
  const merged = mergeAllOf(resolved, { refs });
  const listed = Array.isArray(merged.enum)
    ? merged.enum
    : "const" in merged
      ? [merged.const]
      : undefined;
  const types = typesOf(merged);
  const own =
    types.length > 0
      ? types
      : (listed ?? []).map((value) => (value === null ? "null" : typeof value));
  for (const type of own) reading.types.add(type);
  if (own.includes("string")) {
    const texts = listed?.filter((value): value is string => typeof value === "string");
    if (texts === undefined) reading.freeText = true;
    else reading.texts.push(...texts);
    if (merged.format === "binary" || typeof merged.contentMediaType === "string")
      reading.binary = true;
  }
  if (own.includes("array")) reading.items.push(merged.items ?? true);
  if (isObject(merged.properties)) {
    for (const [name, property] of Object.entries(merged.properties))
      reading.properties.set(name, [...(reading.properties.get(name) ?? []), property]);
  }
  if (isObject(merged.additionalProperties)) reading.additional.push(merged.additionalProperties);
  for (const keyword of ["oneOf", "anyOf"] as const) {
    const branches = merged[keyword];
    if (Array.isArray(branches))
      for (const branch of branches) collect(branch, refs, reading, depth + 1);
  }
}

/** A text as the rule reads it: a boolean, then a number, where the schema allows them; else the text. */
function readText(text: string, reading: Reading): unknown {
  if (reading.types.has("boolean") && (text === "true" || text === "false")) return text === "true";
  if ((reading.types.has("number") || reading.types.has("integer")) && NUMBER.test(text)) {
    const number = Number(text);
    if (reading.types.has("number") || Number.isInteger(number)) return number;
  }
  return text;
}

/** Whether one item of a list is read as a single value rather than a list of one. */
function readsAsSingle(item: unknown, reading: Reading): boolean {
  if (reading.binary || reading.freeText) return true;
  if (typeof item === "object" && item !== null) return false;
  const text = String(item);
  return reading.texts.includes(text) || typeof readText(text, reading) !== "string";
}

/**
 * Whether `value` comes back the same from its text. `multipart`: objects travel as JSON parts
 * (nothing to read), binary fields as files.
 */
export function readsBack(
  value: unknown,
  schema: unknown,
  refs: SchemaRefs,
  multipart = false,
): boolean {
  return readsBackAll(value, [schema], refs, multipart, 0);
}

function readsBackAll(
  value: unknown,
  schemas: readonly unknown[],
  refs: SchemaRefs,
  multipart: boolean,
  depth: number,
): boolean {
  if (value === null || value === undefined || depth > MAX_DEPTH) return true;
  const reading = readingOf(schemas, refs);
  if (Array.isArray(value)) {
    if (
      value.length === 1 &&
      (reading.types.size > 1 || reading.binary) &&
      readsAsSingle(value[0], {
        ...reading,
        types: new Set([...reading.types].filter((type) => type !== "array")),
      })
    ) {
      return false;
    }
    return value.every((item) => readsBackAll(item, reading.items, refs, multipart, depth + 1));
  }
  if (typeof value === "object") {
    if (multipart) return true;
    return Object.entries(value).every(([name, item]) =>
      readsBackAll(
        item,
        reading.properties.get(name) ?? reading.additional,
        refs,
        multipart,
        depth + 1,
      ),
    );
  }
  if (multipart && reading.binary && typeof value === "string") return true;
  return readText(String(value), reading) === value;
}

/** Whether every field of a form or multipart body comes back the same (see {@link readsBack}). */
export function formReadsBack(
  value: unknown,
  schema: unknown,
  refs: SchemaRefs,
  multipart: boolean,
): boolean {
  if (!isObject(value) || Array.isArray(value)) return true;
  const reading = readingOf([schema], refs);
  return Object.entries(value).every(([name, item]) => {
    const field = reading.properties.get(name) ?? reading.additional;
    // a multipart field's own value: its JSON part, or each part of a list; nested objects are JSON
    if (multipart && isObject(item) && !Array.isArray(item)) return true;
    // text that is a JSON object, where the field also takes an object, is read as the object
    if (
      multipart &&
      typeof item === "string" &&
      readingOf(field, refs).types.has("object") &&
      isJsonObject(item)
    )
      return false;
    return readsBackAll(item, field, refs, multipart, 1);
  });
}

function isJsonObject(text: string): boolean {
  if (!text.trimStart().startsWith("{")) return false;
  try {
    return isObject(JSON.parse(text));
  } catch {
    return false;
  }
}
