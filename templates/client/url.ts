// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * URL building: path templates, query serialization (OpenAPI `style`/`explode`), media types.
 */
import type { ClientOperationDescriptor, QueryParameterStyle } from "./descriptor.js";
import type { stylePathValue } from "./path-style.js";

/**
 * Splits a path template into alternating literal segments and parameter names:
 * `/pets/{petId}/photos` → `["/pets/", "petId", "/photos"]`.
 *
 * @returns `undefined` when the template has no parameter
 */
export function compilePath(template: string): string[] | undefined {
  const parts: string[] = [];
  let last = 0;
  for (;;) {
    const open = template.indexOf("{", last);
    if (open === -1) break;
    const close = template.indexOf("}", open);
    if (close === -1) break;
    parts.push(template.slice(last, open), template.slice(open + 1, close));
    last = close + 1;
  }
  if (parts.length === 0) return undefined;
  parts.push(template.slice(last));
  return parts;
}

/**
 * Splits a path template at its literal query (`/responses/{id}?beta=true` →
 * `["/responses/{id}", "beta=true"]`); the query is `""` when the template has none.
 */
export function splitLiteralQuery(template: string): [path: string, query: string] {
  const mark = template.indexOf("?");
  return mark === -1 ? [template, ""] : [template.slice(0, mark), template.slice(mark + 1)];
}

/** `.` and `..`: values that would leave their segment (URL parsing resolves them, even encoded). */
function isDotSegment(value: string): boolean {
  return value === "." || value === "..";
}

/**
 * Fills a compiled path template with `encodeURIComponent`-ed values.
 *
 * @throws Error naming the parameter and the operation when a path parameter is missing, or when
 *   its value is `.` or `..` filling a whole segment: WHATWG URL parsing (every `fetch`) resolves
 *   such a segment, percent-encoded (`%2E%2E`) or not, so the request would address the parent
 *   resource (`DELETE /files/..` sends `DELETE /`)
 */
export function buildPath(
  op: ClientOperationDescriptor,
  parts: readonly string[],
  values: Readonly<Record<string, unknown>> | undefined,
  stylePath?: typeof stylePathValue,
): string {
  let path = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    let name = parts[i]!;
    let style = op.pathStyles?.[name];
    const operator = name.charCodeAt(0);
    // RFC 6570 operators some specs write for label and matrix styles: `{.id}`, `{;id}`, `{id*}`
    if (operator === 46 || operator === 59 || name.endsWith("*")) {
      const explode = name.endsWith("*");
      name = name.slice(operator === 46 || operator === 59 ? 1 : 0, explode ? -1 : undefined);
      style = { style: operator === 46 ? "label" : operator === 59 ? "matrix" : "simple", explode };
    }
    const value = values?.[name];
    if (value === undefined || value === null) {
      throw new Error(
        `Missing path parameter "${name}" for operation "${op.operationId}" (${op.method.toUpperCase()} ${op.path})`,
      );
    }
    // simple style inline (arrays keep literal commas); the others through the styled-path codec
    const encoded =
      style !== undefined || (typeof value === "object" && !Array.isArray(value))
        ? stylePath!(name, value, style)
        : Array.isArray(value)
          ? value.map(urlScalar).join(",")
          : encodeURIComponent(`${value as string}`);
    const after = parts[i + 1]!;
    if (
      isDotSegment(encoded) &&
      (path === "" || path.endsWith("/")) &&
      (after === "" || after.startsWith("/"))
    ) {
      throw new Error(
        `Path parameter "${name}" of operation "${op.operationId}" (${op.method.toUpperCase()} ${op.path}) is "${encoded}": ` +
          "a whole path segment cannot be . or .. (URLs resolve it, even encoded)",
      );
    }
    path += encoded + after;
  }
  return path;
}

/** One value as URL text: dates in ISO 8601, an object or array nested where the style has no place for it as JSON. */
export function urlScalar(value: unknown): string {
  return encodeURIComponent(
    value instanceof Date
      ? value.toISOString()
      : typeof value === "object" && value !== null
        ? JSON.stringify(value)
        : `${value as string}`,
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date)
  );
}

function join(out: string, part: string): string {
  return part === "" ? out : out === "" ? part : `${out}&${part}`;
}

/** `form` + `explode: true`: arrays as repeated keys, objects as one pair per property. */
function formExploded(name: string, value: unknown): string {
  if (Array.isArray(value)) {
    let out = "";
    for (const item of value)
      if (item !== undefined && item !== null) out = join(out, `${name}=${urlScalar(item)}`);
    return out;
  }
  if (isPlainObject(value)) {
    let out = "";
    for (const key in value) {
      const item = value[key];
      if (item === undefined || item === null) continue;
      // nested objects and arrays have no `form` serialization: brackets, as form parsers read them
      out = join(
        out,
        typeof item === "object" && !(item instanceof Date)
          ? deepObject(encodeURIComponent(key), item)
          : `${encodeURIComponent(key)}=${urlScalar(item)}`,
      );
    }
    return out;
  }
  return `${name}=${urlScalar(value)}`;
}

/**
 * `deepObject`: `name[key]=value`, nested objects as `name[a][b]=value`, arrays of scalars
 * repeated, arrays of objects indexed (`name[0][key]=value`).
 */
function deepObject(prefix: string, value: unknown): string {
  if (Array.isArray(value)) {
    let out = "";
    // objects with their index (`lines[0][amount]=`), else two items' members would merge
    value.forEach((item, index) => {
      out = join(out, deepObject(isPlainObject(item) ? `${prefix}[${index}]` : prefix, item));
    });
    return out;
  }
  if (isPlainObject(value)) {
    let out = "";
    for (const key in value)
      out = join(out, deepObject(`${prefix}[${encodeURIComponent(key)}]`, value[key]));
    return out;
  }
  return value === undefined || value === null ? "" : `${prefix}=${urlScalar(value)}`;
}

/** Non-exploded styles: the values joined by the style's delimiter. */
function delimited(name: string, value: unknown, delimiter: string): string {
  const items: string[] = [];
  if (Array.isArray(value)) {
    for (const item of value) if (item !== undefined && item !== null) items.push(urlScalar(item));
  } else if (isPlainObject(value)) {
    for (const key in value) {
      const item = value[key];
      if (item !== undefined && item !== null) items.push(encodeURIComponent(key), urlScalar(item));
    }
  } else {
    return `${name}=${urlScalar(value)}`;
  }
  return items.length === 0 ? "" : `${name}=${items.join(delimiter)}`;
}

function styled(name: string, value: unknown, style: QueryParameterStyle): string {
  switch (style.style) {
    case "deepObject":
      return deepObject(name, value);
    case "form":
      return style.explode ? formExploded(name, value) : delimited(name, value, ",");
    case "spaceDelimited":
      return style.explode ? formExploded(name, value) : delimited(name, value, "%20");
    case "pipeDelimited":
      return style.explode ? formExploded(name, value) : delimited(name, value, "|");
  }
}

/**
 * Serializes query parameters (without the leading `?`) as `form` + `explode: true` (arrays as
 * repeated keys, objects as one pair per property); `undefined` and `null` values are skipped.
 * The serialization of every operation without declared query styles.
 */
export function serializeFormQuery(query: Readonly<Record<string, unknown>>): string {
  // its own loop (no per-parameter callback): this is every plain call's query
  let out = "";
  for (const key in query) {
    const value = query[key];
    if (value !== undefined && value !== null)
      out = join(out, formExploded(encodeURIComponent(key), value));
  }
  return out;
}

/**
 * Serializes query parameters (without the leading `?`). `undefined` and `null` values are
 * skipped. Parameters without an entry in `styles` are `form` + `explode: true` (arrays as
 * repeated keys); the others follow their style (`form` without explode: `a,b`;
 * `spaceDelimited`: `a%20b`; `pipeDelimited`: `a|b`; `deepObject`: `name[key]=value`).
 */
export function serializeQuery(
  query: Readonly<Record<string, unknown>>,
  styles?: Readonly<Record<string, QueryParameterStyle>>,
): string {
  let out = "";
  for (const key in query) {
    const value = query[key];
    if (value === undefined || value === null) continue;
    const style = styles?.[key];
    const name = encodeURIComponent(key);
    out = join(out, style === undefined ? formExploded(name, value) : styled(name, value, style));
  }
  return out;
}

/** Whether a media type (parameters allowed) is JSON: the one rule of json-media.ts. */
export { isJsonMediaType } from "./json-media.js";
