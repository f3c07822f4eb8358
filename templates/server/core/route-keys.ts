// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Route keys: the fragment of a path key, as AWS writes its APIs (`/#Action=DescribeInstances`,
 * `/#X-Amz-Target=DynamoDB_20120810.GetItem`, `/{Bucket}#tagging`). A URL's fragment never reaches
 * the server, so the fragment names what does: each `&`-separated item is a key that must be in
 * the request, `name=value` with that value, `name` alone present with any value (`?tagging`).
 * A key travels in the header of that name when the operation declares such a header parameter,
 * else in the query. Unlike a template's literal query, keys are strict: an operation with keys
 * is chosen only when the request carries them all, never as a fallback.
 *
 * Only an API whose path templates have a fragment needs this: its descriptor carries
 * {@link routeKeys} as `readers.routeKeys` (optional-readers.ts), so a bundle of any other API
 * leaves it out.
 */

export interface RouteKey {
  readonly name: string;
  /** `undefined`: the key only has to be present. */
  readonly value: string | undefined;
  /** True when the key is read from the header `name` (lower-case), else from the query. */
  readonly header: boolean;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The keys of a fragment (`Action=Describe&Version=1` → two keys), empty items left out. */
export function parseRouteKeys(
  fragment: string,
  isHeader: (name: string) => boolean,
): readonly RouteKey[] {
  const keys: RouteKey[] = [];
  for (const item of fragment.split("&")) {
    if (item === "") continue;
    const equals = item.indexOf("=");
    const name = decoded(equals === -1 ? item : item.slice(0, equals));
    const value = equals === -1 ? undefined : decoded(item.slice(equals + 1));
    const header = isHeader(name);
    keys.push({ name: header ? name.toLowerCase() : name, value, header });
  }
  return keys;
}

export const sameKeys = (a: readonly RouteKey[], b: readonly RouteKey[]): boolean =>
  a.length === b.length &&
  a.every((key) =>
    b.some((k) => k.name === key.name && k.value === key.value && k.header === key.header),
  );

/** Whether the request carries every key (the first value of a repeated query name counts). */
export function keysMet(
  keys: readonly RouteKey[],
  query: URLSearchParams,
  header: ((name: string) => string | null) | undefined,
): boolean {
  for (const key of keys) {
    const sent = key.header ? (header?.(key.name)?.trim() ?? null) : query.get(key.name);
    if (sent === null || (key.value !== undefined && sent !== key.value)) return false;
  }
  return true;
}

/** The API descriptor's `readers.routeKeys`: the router's side of route keys. */
export interface RouteKeyReader {
  readonly parse: typeof parseRouteKeys;
  readonly same: typeof sameKeys;
  readonly met: typeof keysMet;
}

/** What server-api.ts imports for an API with route keys (see {@link RouteKeyReader}). */
export const routeKeys: RouteKeyReader = { parse: parseRouteKeys, same: sameKeys, met: keysMet };
