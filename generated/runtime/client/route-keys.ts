// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Route keys: the fragment of a path key, as AWS writes its APIs (`/#Action=DescribeInstances`,
 * `/{Bucket}#tagging`). A URL's fragment never reaches the server, so the client sends each key
 * where the server routes by it: in the header of that name when the operation declares one
 * (`routeHeaders`), else in the query (`?Action=DescribeInstances`, `?tagging`). A key with a
 * value is sent with that value, in place of one the call gives (any other value would reach
 * another operation or none); a bare key the call gives is sent as given.
 */

export interface RouteKeys {
  /** The template without its fragment. */
  readonly path: string;
  /**
   * The query of a call with the query keys in front, from its query parameters and their
   * serializer (a key with a value replaces the parameter of that name); absent without query keys.
   */
  readonly query?: (
    params: Readonly<Record<string, unknown>> | undefined,
    serialize: (params: Readonly<Record<string, unknown>>) => string,
  ) => string;
  /** Header keys by lower-case name (`""` for a bare key). */
  readonly headers: Readonly<Record<string, string>>;
  /** The lower-case names of the header keys with a value: a header parameter does not replace them. */
  readonly fixedHeaders: readonly string[];
}

/** A query key: the name, the text sent (`Action=Describe`, `tagging`), whether it has a value. */
type QueryKey = readonly [name: string, text: string, valued: boolean];

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Splits the fragment off `template` and reads its keys; `headerKeys` as in the descriptor. The
 * `routeKeys` codec (codecs.ts): the runtime calls it only for a template with a `#`, so a
 * bundle without such an operation does not carry this module.
 */
export function routeKeysOf(template: string, headerKeys: readonly string[] = []): RouteKeys {
  const hash = template.indexOf("#");
  if (hash === -1) return { path: template, headers: {}, fixedHeaders: [] };
  const query: QueryKey[] = [];
  const headers: Record<string, string> = {};
  const fixedHeaders: string[] = [];
  for (const item of template.slice(hash + 1).split("&")) {
    if (item === "") continue;
    const equals = item.indexOf("=");
    const name = decoded(equals === -1 ? item : item.slice(0, equals));
    const value = equals === -1 ? undefined : decoded(item.slice(equals + 1));
    if (headerKeys.some((key) => key.toLowerCase() === name.toLowerCase())) {
      headers[name.toLowerCase()] = value ?? "";
      if (value !== undefined) fixedHeaders.push(name.toLowerCase());
    } else {
      const text = encodeURIComponent(name);
      const pair = value === undefined ? text : `${text}=${encodeURIComponent(value)}`;
      query.push([name, pair, value !== undefined]);
    }
  }
  return {
    path: template.slice(0, hash),
    ...(query.length > 0
      ? {
          query: (params, serialize) => {
            const kept = withoutValuedKeys(params, query);
            return withRouteQuery(kept === undefined ? "" : serialize(kept), query, kept);
          },
        }
      : {}),
    headers,
    fixedHeaders,
  };
}

/** The call's query parameters without those a key with a value replaces. */
function withoutValuedKeys(
  params: Readonly<Record<string, unknown>> | undefined,
  keys: readonly QueryKey[],
): Readonly<Record<string, unknown>> | undefined {
  if (params === undefined || !keys.some(([name, , valued]) => valued && name in params)) {
    return params;
  }
  const kept: Record<string, unknown> = { ...params };
  for (const [name, , valued] of keys) if (valued) delete kept[name];
  return kept;
}

/** `query` (serialized from `params`) with the query keys in front (see the module comment). */
function withRouteQuery(
  query: string,
  keys: readonly QueryKey[],
  params: Readonly<Record<string, unknown>> | undefined,
): string {
  for (let i = keys.length - 1; i >= 0; i--) {
    const [name, text, valued] = keys[i]!;
    if (!valued && params?.[name] !== undefined) continue;
    query = query === "" ? text : `${text}&${query}`;
  }
  return query;
}
