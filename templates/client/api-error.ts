// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The errors a call rejects with, besides the caller's own abort reason and the `TimeoutError`
 * `DOMException` of a timed-out attempt.
 */
import type { RateLimitInfo } from "./rate-limit.js";

/** What {@link ApiError} is made from (a non-2XX result). */
export interface ApiErrorSource<E = unknown> {
  readonly error: E;
  readonly response: Response;
  readonly rateLimit: RateLimitInfo | undefined;
}

function errorDetail(error: unknown): string {
  if (typeof error === "object" && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === "string" && message !== "") return `: ${message}`;
  }
  return "";
}

/**
 * A non-2XX result, thrown instead of returned when `throwOnError` is set (on the client or on
 * the call). Carries the same fields as the result.
 */
export class ApiError<E = unknown> extends Error {
  override readonly name: string = "ApiError";
  /** The operation that failed. */
  declare readonly operationId: string;
  /** The response status. */
  declare readonly status: number;
  /** The result's `error`: the parsed body, or an `UnexpectedResponseBody`. */
  declare readonly error: E;
  /** The final response (its body has been read). */
  declare readonly response: Response;
  /** The response's parsed `X-RateLimit-*` headers, `undefined` when absent. */
  declare readonly rateLimit: RateLimitInfo | undefined;

  constructor(operationId: string, result: ApiErrorSource<E>) {
    const response = result.response;
    const reason = response.statusText === "" ? "" : ` ${response.statusText}`;
    super(`${operationId} failed with ${response.status}${reason}${errorDetail(result.error)}`);
    this.operationId = operationId;
    this.status = response.status;
    this.error = result.error;
    this.response = response;
    this.rateLimit = result.rateLimit;
  }
}

/** A URL without its query and fragment (which may carry an API key), for messages. */
export function redactUrl(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * A call whose `fetch` failed (connection refused or reset, DNS, TLS…) on its last attempt: the
 * message names the operation, the method and the URL (without its query); `cause` is the error
 * `fetch` threw.
 */
export class RequestFailedError extends Error {
  override readonly name = "RequestFailedError";
  declare readonly operationId: string;
  /** How many requests were tried (1 + retries). */
  declare readonly attempts: number;

  constructor(operationId: string, method: string, url: string, attempts: number, cause: unknown) {
    const why = cause instanceof Error ? `${cause.message}${causeCode(cause)}` : String(cause);
    const tries = attempts === 1 ? "" : ` after ${attempts} attempts`;
    super(`${operationId} (${method} ${redactUrl(url)}) failed${tries}: ${why}`, { cause });
    this.operationId = operationId;
    this.attempts = attempts;
  }
}

/** undici's `fetch failed` hides the reason in `cause` (`ECONNREFUSED`…): name it. */
function causeCode(error: Error): string {
  const inner = error.cause;
  if (typeof inner !== "object" || inner === null) return "";
  const code = (inner as { code?: unknown }).code;
  if (typeof code === "string") return ` (${code})`;
  const message = (inner as { message?: unknown }).message;
  return typeof message === "string" && message !== "" ? ` (${message})` : "";
}
