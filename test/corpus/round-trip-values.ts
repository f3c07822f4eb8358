/**
 * Values of the corpus round trip: what the client sends for a generated body of each media type
 * (a `File` for each binary multipart field, a `Blob` for a binary body), what a handler answers
 * for a generated response body (event-stream and NDJSON text, bytes), and a comparable form of
 * what either side received (files and blobs read into text, header names lower-cased).
 */
import { isObject, resolveObject } from "../../generator/model/resolve-ref.js";
import { isBinaryString } from "../../generator/emit/types-document.js";
import { isXmlMediaType } from "../../templates/xml/xml-media.js";

export type MediaKind =
  "json" | "xml" | "form" | "multipart" | "text" | "events" | "ndjson" | "binary";

/** How the round trip treats a media type. */
export function mediaKind(mediaType: string): MediaKind {
  const essence = mediaType.split(";")[0]!.trim().toLowerCase();
  if (essence === "application/json" || essence.endsWith("+json") || essence === "*/*")
    return "json";
  if (essence === "application/x-www-form-urlencoded") return "form";
  if (essence === "multipart/form-data") return "multipart";
  if (essence === "text/event-stream") return "events";
  if (/^application\/(x-)?(ndjson|jsonl|jsonlines)$/.test(essence)) return "ndjson";
  // read and written by the schema's xml objects: the client and handler see typed values
  if (isXmlMediaType(essence)) return "xml";
  if (essence.startsWith("text/")) return "text";
  return "binary";
}

/** The media type a handler answers with for a declared one (`*\/*` and wildcards made concrete). */
export function concreteMediaType(mediaType: string): string {
  if (mediaType === "*/*") return "application/json";
  return mediaType.replace(/\/\*$/, "/octet-stream");
}

/** A generated value as text (for text and binary bodies). */
export function asText(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "");
}

/** The body the client sends for a generated value of a media type. */
export function clientBody(
  kind: MediaKind,
  value: unknown,
  schema: unknown,
  document: Record<string, unknown>,
): unknown {
  if (kind === "binary") return new Blob([asText(value)]);
  if (kind === "text") return asText(value);
  if (kind !== "multipart" || !isObject(value)) return value;
  const properties = propertiesOf(schema, document);
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    const property = resolveObject(document, properties[name]);
    const itemSchema = itemsOf(property, document);
    if (mayBeBinary(property, document) && typeof item === "string")
      out[name] = new File([item], `${name}.bin`, { type: "application/octet-stream" });
    else if (Array.isArray(item) && isBinaryString(itemSchema))
      out[name] = item.map((entry, index) => new File([asText(entry)], `${name}-${index}.bin`));
    else out[name] = item;
  }
  return out;
}

/** The items of an array schema, or of the array branch of a choice (`anyOf: [binary, array of binary]`). */
function itemsOf(
  schema: Record<string, unknown> | undefined,
  document: Record<string, unknown>,
): Record<string, unknown> | undefined {
  if (schema === undefined) return undefined;
  if (isObject(schema.items)) return resolveObject(document, schema.items);
  const branches = [
    ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
  ];
  for (const branch of branches) {
    const resolved = resolveObject(document, branch);
    if (resolved !== undefined && isObject(resolved.items))
      return resolveObject(document, resolved.items);
  }
  return undefined;
}

/** A binary string schema, or a choice (`oneOf`/`anyOf`) with a binary string branch. */
function mayBeBinary(
  schema: Record<string, unknown> | undefined,
  document: Record<string, unknown>,
): boolean {
  if (schema === undefined) return false;
  if (isBinaryString(schema)) return true;
  const branches = [
    ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
  ];
  return branches.some((branch) => isBinaryString(resolveObject(document, branch)));
}

function propertiesOf(schema: unknown, document: Record<string, unknown>): Record<string, unknown> {
  const resolved = resolveObject(document, schema);
  if (resolved === undefined) return {};
  const own = isObject(resolved.properties) ? resolved.properties : {};
  const parts = Array.isArray(resolved.allOf)
    ? resolved.allOf.map((part) => propertiesOf(part, document))
    : [];
  return Object.assign({}, ...parts, own) as Record<string, unknown>;
}

/** What a handler answers for generated items of a stream, or a generated body. */
export function handlerBody(kind: MediaKind, value: unknown, textEvents = false): unknown {
  if (kind === "events") {
    const items = value as unknown[];
    const data = (item: unknown) => (textEvents ? String(item) : JSON.stringify(item));
    return items
      .map(
        (item, index) =>
          `id: ${index + 1}\ndata: ${data(item).replace(/\r\n|\r|\n/g, "\ndata: ")}\n\n`,
      )
      .join("");
  }
  if (kind === "ndjson")
    return (value as unknown[]).map((item) => `${JSON.stringify(item)}\n`).join("");
  if (kind === "binary") return new TextEncoder().encode(asText(value));
  if (kind === "text") return asText(value);
  return value;
}

/**
 * A comparable copy of a value: blobs and files become `{ bytes: <text> }`, byte arrays too,
 * `undefined` properties are dropped, object keys lower-cased when `lowerKeys`.
 */
export async function comparable(value: unknown, lowerKeys = false): Promise<unknown> {
  if (value instanceof Blob) return { bytes: await value.text() };
  if (value instanceof Uint8Array) return { bytes: new TextDecoder().decode(value) };
  if (Array.isArray(value)) return Promise.all(value.map((item) => comparable(item)));
  if (isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      if (item !== undefined) out[lowerKeys ? key.toLowerCase() : key] = await comparable(item);
    return out;
  }
  return value;
}

/** The first difference between two comparable values, as a JSON pointer and both sides; undefined when equal. */
export function firstDifference(expected: unknown, actual: unknown, at = ""): string | undefined {
  // === and not Object.is: JSON carries -0 as 0
  if (expected === actual || (Number.isNaN(expected) && Number.isNaN(actual))) return undefined;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length)
      return `${at || "/"}: ${expected.length} items expected, ${actual.length} received`;
    for (let i = 0; i < expected.length; i++) {
      const difference = firstDifference(expected[i], actual[i], `${at}/${i}`);
      if (difference !== undefined) return difference;
    }
    return undefined;
  }
  if (isObject(expected) && isObject(actual) && !Array.isArray(actual)) {
    for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
      const difference = firstDifference(expected[key], actual[key], `${at}/${key}`);
      if (difference !== undefined) return difference;
    }
    return undefined;
  }
  return `${at || "/"}: sent ${preview(expected)}, received ${preview(actual)}`;
}

function preview(value: unknown): string {
  const text = value === undefined ? "undefined" : (JSON.stringify(value) ?? String(value));
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
