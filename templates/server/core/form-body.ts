// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Form fields (`application/x-www-form-urlencoded` and `multipart/form-data`) coerced by the
 * schema, before the body validator runs:
 *
 * - names in bracket form build nested values, as Stripe and most form encoders write them:
 *   `card[exp][month]=1` → `{ card: { exp: { month: 1 } } }`, `tags[]=a&tags[]=b` and
 *   `items[0][price]=p&items[0][quantity]=2` → arrays (an index may only repeat or follow the
 *   last one: `a[5]` alone is refused rather than leaving holes);
 * - scalars become what the field's schema allows: `true`/`false` → boolean, plain decimal
 *   numbers (`-1`, `2.5`, `1e+21`, `-2.5E-3`; no `0x`, spaces or `Infinity`) → number, anything
 *   else stays text for the validator to judge (so `Count=abc` for an integer is a 400 naming
 *   `body.Count`, as is `Count=1.5`);
 * - an array field takes every occurrence (`tags=a&tags=b`, the `form` style's default), or one
 *   value split as its `encoding` says (`explode: false` → commas; `spaceDelimited`,
 *   `pipeDelimited`); a field that takes an array or text (`anyOf: [array, enum [""]]`) is text
 *   when sent once with a value the text may be, else a list; a non-array field sent twice is a
 *   400 naming it (a field of no known type keeps every value, as a list);
 * - multipart: binary parts (`format: binary`, `contentMediaType`) are web `File`s (a text part
 *   sent for one becomes a `File` too); parts whose `encoding.contentType` is JSON (and object
 *   fields, whose default it is) are parsed as JSON, as is a JSON object sent for a field that
 *   takes an object or a scalar; other parts are coerced like form values;
 * - `__proto__`, `constructor` and `prototype` are refused in any name (prototype pollution guard).
 */
import type { FormFieldShape } from "./descriptor.js";
import { FORBIDDEN_KEYS, isItemKey, itemSlot, nameKeys } from "./bracket-names.js";
import { RequestError } from "./errors.js";
import { PLAIN_TEXT } from "./plain-text.js";

const NUMBER = new RegExp(PLAIN_TEXT.number);
/** An integer: a fraction only with an exponent (`1.5e+21`), checked by its value. */
const INTEGER = new RegExp(PLAIN_TEXT.integer);

function invalid(message: string): RequestError {
  return new RequestError(400, "validation_failed", message);
}

function where(keys: readonly string[], upTo: number): string {
  let text = "body";
  for (let i = 0; i <= upTo && i < keys.length; i++) {
    const key = keys[i] as string;
    text += isItemKey(key) ? `[${key}]` : `.${key}`;
  }
  return text;
}

function allows(shape: FormFieldShape | undefined, type: string): boolean {
  return shape?.types !== undefined && (shape.types as readonly string[]).includes(type);
}

function childShape(shape: FormFieldShape | undefined, key: string): FormFieldShape | undefined {
  if (shape === undefined) return undefined;
  if (isItemKey(key) && shape.items !== undefined) return shape.items;
  if (shape.properties !== undefined && Object.hasOwn(shape.properties, key)) {
    return shape.properties[key];
  }
  return shape.additionalProperties;
}

/** A text value as the shape's types allow (see the module comment). */
export function coerceFormScalar(raw: string, shape: FormFieldShape | undefined): unknown {
  if (shape?.types === undefined) return raw;
  if (allows(shape, "boolean") && (raw === "true" || raw === "false")) return raw === "true";
  if (allows(shape, "number") && NUMBER.test(raw)) return Number(raw);
  if (allows(shape, "integer") && INTEGER.test(raw) && Number.isInteger(Number(raw))) {
    return Number(raw);
  }
  return raw;
}

const SEPARATORS: Readonly<Record<string, string>> = {
  form: ",",
  spaceDelimited: " ",
  pipeDelimited: "|",
};

/** Whether a field's values may be collected into an array (its schema allows one). */
function isArrayField(shape: FormFieldShape | undefined): boolean {
  return allows(shape, "array");
}

/**
 * Whether one occurrence of a field that takes an array or one value stays one value: a file for
 * `anyOf: [binary, array of binary]`; a text its boolean or number type reads; any text when the
 * text is free, else only the values the schema lists (`""` in Stripe's `anyOf: [array, enum [""]]`).
 */
function staysSingle(shape: FormFieldShape | undefined, value: string | File): boolean {
  if (shape?.binary === true) return true;
  if (typeof value !== "string") return false;
  const scalar = { types: shape?.types?.filter((type) => type !== "array") };
  if (typeof coerceFormScalar(value, scalar) !== "string") return true;
  if (!allows(shape, "string")) return false;
  return shape?.textValues === undefined || shape.textValues.includes(value);
}

/** An object built from bracket names (`a[x]=1`), not one value (a `File` is one value). */
function isFields(value: unknown): boolean {
  return typeof value === "object" && value !== null && !(value instanceof File);
}

/** One value read earlier, as the part it came from (booleans and numbers come from their plain text). */
function asPart(value: unknown): string | File {
  return value instanceof File ? value : String(value);
}

/** `label` names the field in messages; `fileName` names a `File` made from a text part. */
async function leafValue(
  value: string | File,
  shape: FormFieldShape | undefined,
  label: string,
  fileName: string,
  parseJson: JsonParser,
): Promise<unknown> {
  if (shape?.binary === true) {
    return typeof value === "string" ? new File([value], fileName, { type: "text/plain" }) : value;
  }
  // a part of its own media type (not a plain field): JSON when it says so
  const sentAsJson = typeof value !== "string" && /json/i.test(value.type);
  if (typeof value !== "string") {
    // A part sent with a filename for a field that is not binary: read as text when typed.
    if (shape?.types === undefined && shape?.json !== true) return value;
    value = await value.text();
  }
  if (shape?.json === true) {
    if (shape.types?.length !== 1 || shape.types[0] !== "string") return parseJson(value, label);
    // a string the encoding calls JSON: a JSON string part, else the text as sent
    return sentAsJson ? jsonStringOrText(value, label, parseJson) : value;
  }
  if (shape?.jsonObject === true && value.trimStart().startsWith("{")) {
    try {
      return parseJson(value, label);
    } catch {
      // not JSON: text, for the validator to judge
    }
  }
  return coerceFormScalar(value, shape);
}

function jsonStringOrText(text: string, label: string, parseJson: JsonParser): string {
  try {
    const parsed = parseJson(text, label);
    return typeof parsed === "string" ? parsed : text;
  } catch {
    return text;
  }
}

function guardKey(key: string, keys: readonly string[], depth: number): void {
  if (FORBIDDEN_KEYS.has(key)) {
    throw invalid(`${where(keys, depth)} is a forbidden key (prototype pollution guard)`);
  }
}

/** Parses a JSON part named `label`, refusing prototype-polluting keys (body.ts's `parseJson`). */
export type JsonParser = (text: string, label: string) => unknown;

/**
 * Builds the body object from form fields in order (`[name, value]`, as `URLSearchParams` and
 * `FormData` iterate), coerced by `fields`. Throws a 400 {@link RequestError} naming the field.
 */
export async function coerceFormFields(
  entries: Iterable<readonly [string, string | File]>,
  fields: Readonly<Record<string, FormFieldShape>>,
  parseJson: JsonParser,
): Promise<Record<string, unknown>> {
  const root: Record<string, unknown> = {};
  const rootShape: FormFieldShape = { types: ["object"], properties: fields };
  for (const [name, value] of entries) {
    const keys = nameKeys(name);
    let container: Record<string, unknown> | unknown[] = root;
    let shape: FormFieldShape | undefined = rootShape;
    for (let depth = 0; depth < keys.length; depth++) {
      const key = keys[depth] as string;
      guardKey(key, keys, depth);
      const child = childShape(shape, key);
      const last = depth === keys.length - 1;
      let slot: string | number = key;
      if (Array.isArray(container)) {
        const index = itemSlot(container, key);
        if (index === undefined)
          throw invalid(`${where(keys, depth)} is not the next index of ${where(keys, depth - 1)}`);
        slot = index;
      }
      const existing = (container as Record<string | number, unknown>)[slot];
      if (!last) {
        if (existing !== undefined && (existing === null || typeof existing !== "object")) {
          throw invalid(`${where(keys, depth)} is given both as a value and with fields`);
        }
        const nextKey = keys[depth + 1] as string;
        const next = existing ?? (isItemKey(nextKey) && !allows(child, "object") ? [] : {});
        (container as Record<string | number, unknown>)[slot] = next;
        container = next as Record<string, unknown> | unknown[];
        shape = child;
        continue;
      }
      const label = where(keys, depth);
      if (isArrayField(child) && !Array.isArray(container)) {
        if (existing === undefined && staysSingle(child, value)) {
          (container as Record<string, unknown>)[slot] = await leafValue(
            value,
            child,
            label,
            key,
            parseJson,
          );
          continue;
        }
        // a second occurrence of a field first read as one value makes it a list
        const first =
          existing === undefined || Array.isArray(existing) || isFields(existing)
            ? existing
            : [await leafValue(asPart(existing), child?.items, label, key, parseJson)];
        const list = (first ?? []) as unknown[];
        if (!Array.isArray(list)) throw invalid(`${label} is given both as a value and as a list`);
        const separator = child?.explode === false ? SEPARATORS[child.style ?? "form"] : undefined;
        const parts =
          separator !== undefined && typeof value === "string" ? value.split(separator) : [value];
        for (const part of parts)
          list.push(await leafValue(part, child?.items, label, key, parseJson));
        (container as Record<string, unknown>)[slot] = list;
      } else if (existing !== undefined && !Array.isArray(container)) {
        if (child?.types !== undefined) {
          throw invalid(`${label} was given more than once; it takes one value`);
        }
        // A field the schema says nothing about keeps every value (a list), for the validator.
        const another = await leafValue(value, child, label, key, parseJson);
        (container as Record<string, unknown>)[slot] = Array.isArray(existing)
          ? [...(existing as unknown[]), another]
          : [existing, another];
      } else {
        (container as Record<string | number, unknown>)[slot] = await leafValue(
          value,
          child,
          label,
          key,
          parseJson,
        );
      }
    }
  }
  return root;
}
