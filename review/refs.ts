/**
 * Local `$ref` resolution inside one (bundled) OpenAPI document, with a guard against ref chains
 * that loop. The diff walks both documents side by side and uses the pointer of the component a
 * node came from as the location of the changes found below it.
 */

export type Json = unknown;
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export interface Resolved {
  /** The node after following every `$ref` (undefined when a ref does not resolve). */
  readonly node: Json;
  /** The pointer of the last `$ref` followed, if any (`#/components/schemas/Pet`). */
  readonly pointer?: string;
}

/** Follows `$ref` chains (`#/...` only) until a node without `$ref`; stops on a loop. */
export function deref(doc: Json, node: Json): Resolved {
  let current = node;
  let pointer: string | undefined;
  const seen = new Set<string>();
  while (isObject(current) && typeof current.$ref === "string") {
    const ref = current.$ref;
    if (!ref.startsWith("#") || seen.has(ref)) return { node: undefined, pointer: ref };
    seen.add(ref);
    pointer = ref;
    current = getPointer(doc, ref);
  }
  return pointer === undefined ? { node: current } : { node: current, pointer };
}

/** The node at a `#/a/b~1c` JSON pointer, or undefined. */
export function getPointer(doc: Json, pointer: string): Json {
  const parts = pointer
    .replace(/^#\/?/, "")
    .split("/")
    .filter((part) => part !== "");
  let current: Json = doc;
  for (const raw of parts) {
    const part = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(current)) current = current[Number(part)];
    else if (isObject(current)) current = current[part];
    else return undefined;
  }
  return current;
}

/** `#/components/<kind>/<name>` exactly: a reusable component, used as a change location. */
export function isComponentPointer(pointer: string | undefined): pointer is string {
  return pointer !== undefined && /^#\/components\/[^/]+\/[^/]+$/.test(pointer);
}

/** Structural equality of JSON values (key order ignored). */
export function jsonEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => jsonEqual(item, b[index]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]));
  }
  return false;
}

/** A short, stable rendering of a value for reasons: `100`, `"available"`, `[a, b]`. */
export function show(value: Json): string {
  if (value === undefined) return "(none)";
  return JSON.stringify(value);
}
