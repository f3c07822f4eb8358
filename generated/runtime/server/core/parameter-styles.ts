// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Parameters serialized in an OpenAPI `style` other than the plain one, read back into strings,
 * arrays of strings and objects of strings, which the parameters validator then coerces by the
 * schema (numbers, booleans, nested properties) and validates. For a parameter `id`:
 *
 * | style | array | object (explode: false) | object (explode: true) |
 * |---|---|---|---|
 * | path `simple` | `3,4,5` | `role,admin,age,5` | `role=admin,age=5` |
 * | path `label` | `.3,4,5` / `.3.4.5` (explode) | `.role,admin,age,5` | `.role=admin.age=5` |
 * | path `matrix` | `;id=3,4,5` / `;id=3;id=4` (explode) | `;id=role,admin,age,5` | `;role=admin;age=5` |
 * | query `form` | `id=3,4,5` / `id=3&id=4` (explode) | `id=role,admin,age,5` | `role=admin&age=5` |
 * | query `spaceDelimited`, `pipeDelimited` | `id=3%204`, `id=3\|4` | `id=role%20admin` | as `form` |
 * | query `deepObject` | | | `id[role]=admin&id[age]=5`, nested: `id[a][b]=1`, `id[list][]=x`, `id[list][0]=x` |
 * | header `simple` | `3,4,5` | `role,admin,age,5` | `role=admin,age=5` |
 * | cookie `form` | `id=3,4,5` | `id=role,admin,age,5` | one cookie per property |
 *
 * A parameter described by a JSON `content` (`?filter={"a":1}`) is parsed as JSON, and so is each
 * item of an array of objects in a query or path (`?filter={"a":1}&filter={"b":2}`), which no style
 * has a form for: the client sends such items as JSON.
 *
 * Values are split before they are percent-decoded, so an item may carry an encoded separator
 * (`a%2Cb,c` is `["a,b", "c"]`). A value that does not have its style's form (a `label` value
 * without its leading `.`, an object with a name and no value) is a 400 naming the parameter.
 */
import { parseJson } from "./body.js";
import { FORBIDDEN_KEYS, nameKeys } from "./bracket-names.js";
import { deepObject, setNested } from "./deep-object.js";
import {
  invalid,
  JSON_CONTENT,
  type ParameterStyleReaders,
  type StyledParameter,
} from "./styled-parameter.js";

/** How an array's items are read: as text, or (an array of objects) as JSON. */
function itemOf(
  parameter: StyledParameter,
  read: (text: string) => string,
): (text: string) => unknown {
  return parameter.jsonItems ? (text) => jsonValue(parameter, read(text)) : read;
}

/** A JSON value, refusing prototype-polluting keys (a 400 naming the parameter). */
function jsonValue(parameter: StyledParameter, text: string): unknown {
  return parseJson(text, `${parameter.in}.${parameter.name}`);
}

/** `decodeURIComponent`, a 400 naming the parameter on a malformed escape. */
function decode(parameter: StyledParameter, text: string, plus: boolean): string {
  const spaced = plus ? text.replaceAll("+", " ") : text;
  if (spaced.indexOf("%") === -1) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    throw invalid(parameter, "is not valid percent-encoding");
  }
}

/** `name,value,name,value` (or `name=value` items when `exploded`) → an object. */
function objectOf(
  parameter: StyledParameter,
  items: readonly string[],
  exploded: boolean,
  read: (text: string) => string,
): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  const set = (key: string, value: string): void => {
    if (FORBIDDEN_KEYS.has(key)) throw invalid(parameter, `has the forbidden property name ${key}`);
    object[key] = value;
  };
  if (items.length === 1 && items[0] === "") return object;
  if (exploded) {
    for (const item of items) {
      const equals = item.indexOf("=");
      if (equals === -1)
        throw invalid(parameter, `must be name=value pairs (${parameter.style} style)`);
      set(read(item.slice(0, equals)), read(item.slice(equals + 1)));
    }
    return object;
  }
  if (items.length % 2 !== 0) {
    throw invalid(parameter, `must be name,value pairs (${parameter.style} style)`);
  }
  for (let i = 0; i < items.length; i += 2)
    set(read(items[i] as string), read(items[i + 1] as string));
  return object;
}

/** A list value: an array, an object, or the text itself, split on `separator`. */
function listValue(
  parameter: StyledParameter,
  text: string,
  separator: string,
  exploded: boolean,
  read: (text: string) => string,
): unknown {
  const items = text.split(separator);
  if (parameter.object) return objectOf(parameter, items, exploded, read);
  if (parameter.array || (parameter.listOrValue === true && items.length > 1))
    return items.map(itemOf(parameter, read));
  return read(text);
}

/** A path parameter's value from its raw (still percent-encoded) segment text. */
export function readPathParameter(parameter: StyledParameter, raw: string): unknown {
  const read = (text: string): string => decode(parameter, text, false);
  switch (parameter.style) {
    case JSON_CONTENT:
      return jsonValue(parameter, read(raw));
    case "label": {
      if (!raw.startsWith(".")) throw invalid(parameter, "must start with . (label style)");
      const rest = raw.slice(1);
      return listValue(parameter, rest, parameter.explode ? "." : ",", parameter.explode, read);
    }
    case "matrix": {
      if (!raw.startsWith(";")) throw invalid(parameter, "must start with ; (matrix style)");
      const pairs = raw.slice(1).split(";");
      if (parameter.object && parameter.explode) return objectOf(parameter, pairs, true, read);
      const prefix = `${parameter.name}=`;
      const values = pairs.map((pair) => {
        if (pair === parameter.name) return "";
        if (!pair.startsWith(prefix)) {
          throw invalid(parameter, `must be ;${parameter.name}=value (matrix style)`);
        }
        return pair.slice(prefix.length);
      });
      if (parameter.array && parameter.explode) return values.map(itemOf(parameter, read));
      if (values.length !== 1)
        throw invalid(parameter, "was given more than once; it takes one value");
      return listValue(parameter, values[0] as string, ",", false, read);
    }
    default:
      return listValue(parameter, raw, ",", parameter.explode, read);
  }
}

/** A header parameter's value (`simple` style; items trimmed of the spaces around commas). */
export function readHeaderParameter(parameter: StyledParameter, value: string): unknown {
  if (parameter.style === JSON_CONTENT) return jsonValue(parameter, value);
  return listValue(parameter, value, ",", parameter.explode, (text) => text.trim());
}

/**
 * A cookie parameter's value (`form` style): `value` is the cookie of its name (already decoded);
 * an exploded object takes one cookie per property.
 */
export function readCookieParameter(
  parameter: StyledParameter,
  value: string | undefined,
  cookies: Readonly<Record<string, string>>,
): unknown {
  if (parameter.object && parameter.explode) {
    const object: Record<string, unknown> = {};
    for (const property of parameter.properties ?? []) {
      const found = cookies[property];
      if (found !== undefined) object[property] = found;
    }
    return Object.keys(object).length > 0 ? object : undefined;
  }
  if (value === undefined) return undefined;
  if (parameter.style === JSON_CONTENT) return jsonValue(parameter, value);
  return listValue(parameter, value, ",", false, (text) => text);
}

/** The query string's pairs, names decoded and values still percent-encoded. */
export function rawQueryPairs(search: string): Array<readonly [string, string]> {
  const pairs: Array<readonly [string, string]> = [];
  if (search === "") return pairs;
  for (const part of search.split("&")) {
    if (part === "") continue;
    const equals = part.indexOf("=");
    const name = equals === -1 ? part : part.slice(0, equals);
    let decoded = name.replaceAll("+", " ");
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      // a malformed name matches no parameter
    }
    pairs.push([decoded, equals === -1 ? "" : part.slice(equals + 1)]);
  }
  return pairs;
}

const QUERY_SEPARATORS: Readonly<Record<string, string>> = {
  form: ",",
  spaceDelimited: " ",
  pipeDelimited: "|",
};

/**
 * A query parameter's value from the query's raw pairs, `undefined` when it was not sent.
 * `declared` are the operation's query parameter names: an exploded object whose schema lists no
 * properties takes every pair that no other parameter claims.
 */
export function readQueryParameter(
  parameter: StyledParameter,
  pairs: ReadonlyArray<readonly [string, string]>,
  declared: ReadonlySet<string>,
): unknown {
  const read = (text: string): string => decode(parameter, text, true);
  if (parameter.style === "deepObject") return deepObject(parameter, pairs, read);
  if (parameter.object && parameter.explode) {
    const object: Record<string, unknown> = {};
    const properties = parameter.properties;
    for (const [name, value] of pairs) {
      // a nested property in brackets, as the client writes it: `first[second]=x`
      const keys = nameKeys(name);
      const base = keys[0] as string;
      const own = properties === undefined ? !declared.has(base) : properties.includes(base);
      if (!own || FORBIDDEN_KEYS.has(base)) continue;
      if (keys.length > 1) {
        setNested(parameter, object, keys, read(value), name);
        continue;
      }
      const existing = object[name];
      const item = read(value);
      object[name] =
        existing === undefined
          ? item
          : Array.isArray(existing)
            ? [...existing, item]
            : [existing, item];
    }
    if (Object.keys(object).length > 0) return object;
    // a schema that also takes a scalar (`anyOf: [object, integer]`): `name=5`
    const own = pairs.filter(([name]) => name === parameter.name);
    return own.length === 1 ? read((own[0] as readonly [string, string])[1]) : undefined;
  }
  const values = pairs.filter(([name]) => name === parameter.name).map(([, value]) => value);
  if (values.length === 0) return undefined;
  if (parameter.array && parameter.explode && parameter.style !== JSON_CONTENT) {
    return values.map(itemOf(parameter, read));
  }
  if (values.length > 1) {
    throw invalid(parameter, `was given ${values.length} times; it takes one value`);
  }
  if (parameter.style === JSON_CONTENT) return jsonValue(parameter, read(values[0] as string));
  // `+` is a space in a query: split on it only after reading it as one
  const separator = QUERY_SEPARATORS[parameter.style] ?? ",";
  const text = (values[0] as string).replaceAll("+", "%20");
  return listValue(parameter, text, separator === " " ? "%20" : separator, false, read);
}

/**
 * Every reader above, for the API descriptor's `readers` (the generated server-api.ts passes it
 * when a parameter of the spec needs one; `prepareStyled` in styled-parameter.ts says which).
 */
export const parameterStyles: ParameterStyleReaders = {
  path: readPathParameter,
  query: readQueryParameter,
  header: readHeaderParameter,
  cookie: readCookieParameter,
  queryPairs: rawQueryPairs,
};
