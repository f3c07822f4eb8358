// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * `Cookie` request header parsing (RFC 6265 §5.4): `name=value` pairs separated by `;`, the first
 * occurrence of a name wins, surrounding double quotes are removed and percent-escapes decoded
 * (a malformed escape leaves the value as sent).
 *
 * Only an API that reads cookies (a cookie parameter, an API key in a cookie) needs this: its
 * descriptor carries {@link cookies} as `readers.cookies` (optional-readers.ts), so a bundle of
 * any other API leaves it out.
 */

/** The API descriptor's `readers.cookies`: how the runtime reads the `Cookie` request header. */
export interface CookieReader {
  /** Every cookie of a `Cookie` header (`null`: none sent), in an object without prototype. */
  readonly parse: (header: string | null) => Record<string, string>;
  /** One cookie's value, without parsing the others. */
  readonly find: (header: string | null, name: string) => string | undefined;
}

function cookieValue(raw: string): string {
  let value = raw.trim();
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
  if (value.indexOf("%") === -1) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Every cookie of a `Cookie` header, in an object without prototype. */
export function parseCookies(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null) as Record<string, string>;
  if (header === null) return cookies;
  for (const pair of header.split(";")) {
    const equals = pair.indexOf("=");
    if (equals === -1) continue;
    const name = pair.slice(0, equals).trim();
    if (name === "" || name in cookies) continue;
    cookies[name] = cookieValue(pair.slice(equals + 1));
  }
  return cookies;
}

/** One cookie's value, without parsing the others. */
export function findCookie(header: string | null, name: string): string | undefined {
  if (header === null) return undefined;
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(";", start);
    if (end === -1) end = header.length;
    const equals = header.indexOf("=", start);
    if (equals !== -1 && equals < end && header.slice(start, equals).trim() === name) {
      return cookieValue(header.slice(equals + 1, end));
    }
    start = end + 1;
  }
  return undefined;
}

/** What server-api.ts imports for an API that reads cookies (see {@link CookieReader}). */
export const cookies: CookieReader = { parse: parseCookies, find: findCookie };
