// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Deprecation headers of a deprecated operation, computed once:
 * - `Deprecation: @<unix seconds>` (RFC 9745, a structured-field Date) from `deprecated.since`
 *   (`x-deprecated-since`), at 00:00:00 UTC of that day. Without `since` no `Deprecation` header is
 *   sent: RFC 9745 has no form for "deprecated, date unknown".
 * - `Sunset: <HTTP-date>` (RFC 8594) from `deprecated.sunset` (`x-sunset`), at 00:00:00 GMT.
 */
import type { ServerOperationDescriptor } from "./descriptor.js";

/** `2026-01-31` → milliseconds at 00:00:00 UTC; throws on anything else. */
export function isoDateToUtcMs(date: string, what: string): number {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const ms =
    parts === null ? NaN : Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) {
    throw new Error(`${what}: expected an ISO date YYYY-MM-DD, got ${JSON.stringify(date)}`);
  }
  return ms;
}

/** The `[name, value]` pairs to add to every response of the operation (lower-case names). */
export function deprecationHeaders(
  operation: Pick<ServerOperationDescriptor, "operationId" | "deprecated">,
): Array<[string, string]> {
  const deprecated = operation.deprecated;
  if (deprecated === undefined) return [];
  const headers: Array<[string, string]> = [];
  if (deprecated.since !== undefined) {
    const ms = isoDateToUtcMs(deprecated.since, `${operation.operationId} deprecated.since`);
    headers.push(["deprecation", `@${ms / 1000}`]);
  }
  if (deprecated.sunset !== undefined) {
    const ms = isoDateToUtcMs(deprecated.sunset, `${operation.operationId} deprecated.sunset`);
    headers.push(["sunset", new Date(ms).toUTCString()]);
  }
  return headers;
}
