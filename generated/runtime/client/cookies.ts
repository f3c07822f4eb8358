// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Cookie parameters (`in: cookie`): `name=value` pairs, values encoded, joined with `; ` into
 * the `cookie` header (after the pairs already there, e.g. an API key sent as a cookie).
 */

/** A cookie parameter's value as text: arrays joined with `,`, objects as `key,value` pairs. */
function cookieText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.join(",");
  if (typeof value !== "object" || value === null) return `${value as string}`;
  const parts: string[] = [];
  for (const [key, item] of Object.entries(value))
    if (item !== undefined && item !== null) parts.push(key, cookieText(item));
  return parts.join(",");
}

/**
 * Adds the call's cookie parameters to a headers object (lower-case names); `undefined` and
 * `null` values are skipped, arrays joined with `,`, objects as `key,value` pairs (the `form`
 * style without explode: one cookie per parameter). Mutates `headers`.
 */
export function setCookieParams(
  headers: Record<string, string>,
  params: Readonly<Record<string, unknown>>,
): void {
  let cookie = "";
  for (const name in params) {
    const value = params[name];
    if (value === undefined || value === null) continue;
    const text = cookieText(value);
    const pair = `${name}=${encodeURIComponent(text)}`;
    cookie = cookie === "" ? pair : `${cookie}; ${pair}`;
  }
  if (cookie !== "") {
    const existing = headers["cookie"];
    headers["cookie"] = existing === undefined ? cookie : `${existing}; ${cookie}`;
  }
}
