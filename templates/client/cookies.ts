// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Cookie parameters (`in: cookie`): `name=value` pairs, values encoded, joined with `; ` into
 * the `cookie` header (after the pairs already there, e.g. an API key sent as a cookie).
 */

/**
 * Adds the call's cookie parameters to a headers object (lower-case names); `undefined` and
 * `null` values are skipped, arrays joined with `,`. Mutates `headers`.
 */
export function setCookieParams(
  headers: Record<string, string>,
  params: Readonly<Record<string, unknown>>,
): void {
  let cookie = "";
  for (const name in params) {
    const value = params[name];
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value) ? value.join(",") : `${value as string}`;
    const pair = `${name}=${encodeURIComponent(text)}`;
    cookie = cookie === "" ? pair : `${cookie}; ${pair}`;
  }
  if (cookie !== "") {
    const existing = headers["cookie"];
    headers["cookie"] = existing === undefined ? cookie : `${existing}; ${cookie}`;
  }
}
