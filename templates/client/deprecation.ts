// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Deprecation reporting: once per operation and client, when a deprecated operation is called or
 * a response carries a `Deprecation` (RFC 9745) or `Sunset` (RFC 8594) header.
 */
import type { ClientOperationDescriptor, HttpMethod } from "./descriptor.js";

/** What the client tells `onDeprecation` about a deprecated operation. */
export interface DeprecationNotice {
  readonly operationId: string;
  readonly method: HttpMethod;
  /** The path template, e.g. `/pets/{petId}`. */
  readonly path: string;
  /**
   * `"spec"` when the operation is marked deprecated in the spec (reported when it is called),
   * `"response"` when a response carried a `Deprecation` or `Sunset` header.
   */
  readonly source: "spec" | "response";
  /** The sunset date: `YYYY-MM-DD` when known (from `x-sunset` or a parsable `Sunset` header). */
  readonly sunset?: string;
  /** What to use instead, when known (the spec, or a `Link: <…>; rel="successor-version"`). */
  readonly replacement?: string;
  /** The raw `Deprecation` header value, when the response had one. */
  readonly deprecationHeader?: string;
}

/** Formats a notice as a one-line, human-readable warning. */
export function formatDeprecationNotice(notice: DeprecationNotice): string {
  let message = `Deprecated API operation "${notice.operationId}" (${notice.method.toUpperCase()} ${notice.path})`;
  message += notice.source === "spec" ? " was called" : " was reported deprecated by the server";
  message +=
    notice.sunset === undefined ? "; no sunset date announced." : `; sunset: ${notice.sunset}.`;
  if (notice.replacement !== undefined) message += ` Use ${notice.replacement} instead.`;
  return message;
}

/** The default `onDeprecation`: one `console.warn` per notice. */
export function warnDeprecation(notice: DeprecationNotice): void {
  console.warn(formatDeprecationNotice(notice));
}

/** Turns a `Sunset` HTTP-date (or an ISO date) into `YYYY-MM-DD`; keeps it raw if unparsable. */
function sunsetDate(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString().slice(0, 10);
}

const SUCCESSOR_LINK = /<([^>]*)>\s*;[^,]*\brel\s*=\s*"?successor-version"?/i;

/**
 * Remembers which operations were already reported, so that each is reported once per client.
 */
export class DeprecationTracker {
  readonly #reported = new Set<string>();
  readonly #report: (notice: DeprecationNotice) => void;

  /** @param report receives each notice (once per operation) */
  constructor(report: (notice: DeprecationNotice) => void) {
    this.#report = report;
  }

  /** Whether the operation was already reported. */
  hasReported(operationId: string): boolean {
    return this.#reported.has(operationId);
  }

  /** Call before sending a request: reports the operation if the spec marks it deprecated. */
  onCall(op: ClientOperationDescriptor): void {
    const deprecated = op.deprecated;
    if (deprecated === undefined || this.#reported.has(op.operationId)) return;
    this.#notify(op, "spec", deprecated.sunset, deprecated.replacement, null);
  }

  onResponse(op: ClientOperationDescriptor, headers: Headers): void {
    if (this.#reported.has(op.operationId)) return;
    const deprecation = headers.get("deprecation");
    const sunset = headers.get("sunset");
    if ((deprecation === null || deprecation.trim() === "false") && sunset === null) return;
    const link = headers.get("link");
    const replacement =
      op.deprecated?.replacement ?? (link === null ? undefined : SUCCESSOR_LINK.exec(link)?.[1]);
    const sunsetValue = sunset === null ? op.deprecated?.sunset : sunsetDate(sunset);
    this.#notify(op, "response", sunsetValue, replacement, deprecation);
  }

  /** Marks the operation reported and reports it (the notice without the fields not known). */
  #notify(
    op: ClientOperationDescriptor,
    source: DeprecationNotice["source"],
    sunset: string | undefined,
    replacement: string | undefined,
    deprecationHeader: string | null,
  ): void {
    this.#reported.add(op.operationId);
    const notice: { -readonly [K in keyof DeprecationNotice]: DeprecationNotice[K] } = {
      operationId: op.operationId,
      method: op.method,
      path: op.path,
      source,
    };
    if (sunset !== undefined) notice.sunset = sunset;
    if (replacement !== undefined) notice.replacement = replacement;
    if (deprecationHeader !== null) notice.deprecationHeader = deprecationHeader;
    this.#report(notice);
  }
}
