// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Checks of the request line that come before routing (RFC 9110 §9.1, RFC 9112 §3):
 * - a target longer than `maxUrlLength` (default 8,192 octets, RFC 9112 §3's recommended minimum
 *   that servers support) → 414 `uri_too_long`;
 * - after routing misses, a method this runtime does not implement (anything but the methods an
 *   operation can have, compared case-sensitively: `get` is not `GET`) → 501
 *   `not_implemented`; on a path the spec declares, 405 with `Allow` instead (any method).
 */

/** The methods an OpenAPI operation can have, as the router matches them. */
const IMPLEMENTED_METHODS: ReadonlySet<string> = new Set([
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
  "TRACE",
]);

export const DEFAULT_MAX_URL_LENGTH = 8192;

/** Whether a method is one the runtime can route (case-sensitive). */
export function isImplementedMethod(method: string): boolean {
  return IMPLEMENTED_METHODS.has(method);
}

/** The message of a 501 for a method no operation can have. */
export function unimplementedMethodMessage(method: string): string {
  const shown = method.length > 40 ? `${method.slice(0, 40)}…` : method;
  return `Method ${shown} is not implemented by this server (methods are case-sensitive: GET, not get)`;
}

/** The message of a 414, or undefined when the target is short enough. */
export function targetTooLongMessage(
  targetLength: number,
  maxUrlLength: number,
): string | undefined {
  if (targetLength <= maxUrlLength) return undefined;
  return `Request target is ${targetLength} bytes long; this server accepts at most ${maxUrlLength}`;
}
