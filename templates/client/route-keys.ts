// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Route keys: the fragment of a path key, as AWS writes its APIs (`/#Action=DescribeInstances`,
 * `/{Bucket}#tagging`). A URL's fragment never reaches the server, so the client sends each key
 * where the server routes by it: in the header of that name when the operation declares one
 * (`routeHeaders`), else in the query (`?Action=DescribeInstances`, `?tagging`). A key the call
 * already gives as a parameter is sent once, as given.
 */

export interface RouteKeys {
  /** The template without its fragment. */
  readonly path: string;
  /** Query keys: the name and the text sent (`Action=Describe`, or `tagging` for a bare key). */
  readonly query: ReadonlyArray<readonly [name: string, text: string]>;
  /** Header keys by lower-case name. */
  readonly headers: Readonly<Record<string, string>>;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Splits the fragment off `template` and reads its keys; `headerKeys` as in the descriptor. */
export function routeKeysOf(template: string, headerKeys: readonly string[] = []): RouteKeys {
  const hash = template.indexOf("#");
  if (hash === -1) return { path: template, query: [], headers: {} };
  const query: [string, string][] = [];
  const headers: Record<string, string> = {};
  for (const item of template.slice(hash + 1).split("&")) {
    if (item === "") continue;
    const equals = item.indexOf("=");
    const name = decoded(equals === -1 ? item : item.slice(0, equals));
    const value = equals === -1 ? undefined : decoded(item.slice(equals + 1));
    if (headerKeys.some((key) => key.toLowerCase() === name.toLowerCase())) {
      headers[name.toLowerCase()] = value ?? "";
    } else {
      const text = encodeURIComponent(name);
      query.push([name, value === undefined ? text : `${text}=${encodeURIComponent(value)}`]);
    }
  }
  return { path: template.slice(0, hash), query, headers };
}

/** `query` with the query keys the call does not give itself (`params`: its query parameters). */
export function withRouteQuery(
  query: string,
  keys: RouteKeys["query"],
  params: Readonly<Record<string, unknown>> | undefined,
): string {
  for (const [name, text] of keys) {
    if (params?.[name] !== undefined) continue;
    query = query === "" ? text : `${text}&${query}`;
  }
  return query;
}
