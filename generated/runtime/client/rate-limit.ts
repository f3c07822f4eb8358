// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Parsing of the rate-limit headers the contract sends on every response.
 */

/** The server's rate-limit state as reported by `X-RateLimit-*` response headers. */
export interface RateLimitInfo {
  /** Requests allowed in the current window (`X-RateLimit-Limit`). */
  readonly limit: number;
  /** Requests left in the current window (`X-RateLimit-Remaining`). */
  readonly remaining: number;
  /** When the window resets, in Unix seconds (`X-RateLimit-Reset`). */
  readonly reset: number;
}

const NON_NEGATIVE_INTEGER = /^\s*\d+\s*$/;
/** Every HTTP-date form (IMF-fixdate, RFC 850, asctime) starts with a day name. */
const HTTP_DATE_START = /^\s*[A-Za-z]{3}/;

/** A non-negative integer header value (`X-RateLimit-*`), else `undefined`. */
export function parseCount(value: string | null): number | undefined {
  return value !== null && NON_NEGATIVE_INTEGER.test(value) ? Number(value) : undefined;
}

/**
 * Reads `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix seconds).
 *
 * @returns the parsed values, or `undefined` when any of the three is missing or is not a
 *   non-negative integer (partial information is not reported).
 */
export function parseRateLimit(headers: Headers): RateLimitInfo | undefined {
  const limit = parseCount(headers.get("x-ratelimit-limit"));
  if (limit === undefined) return undefined;
  const remaining = parseCount(headers.get("x-ratelimit-remaining"));
  if (remaining === undefined) return undefined;
  const reset = parseCount(headers.get("x-ratelimit-reset"));
  if (reset === undefined) return undefined;
  return { limit, remaining, reset };
}

/**
 * Parses a `Retry-After` header value, in either of its forms: delta-seconds (`120`) or an
 * HTTP-date (`Wed, 21 Oct 2015 07:28:00 GMT`).
 *
 * @param value the header value (`null`/`undefined` when absent)
 * @param now the current time in epoch milliseconds, the reference for the HTTP-date form
 * @returns the time to wait in milliseconds (never negative: a date in the past gives 0), or
 *   `undefined` when the header is absent or unparsable
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (NON_NEGATIVE_INTEGER.test(value)) return Number(value) * 1000;
  if (!HTTP_DATE_START.test(value)) return undefined; // Date.parse alone accepts "-5" and such
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
