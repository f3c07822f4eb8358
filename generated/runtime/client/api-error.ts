// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The error a call rejects with under `throwOnError` (and that `unwrap` throws): a non-2XX result.
 */
import type { RateLimitInfo } from "./rate-limit.js";

/** What an {@link ApiError} is made from: the non-2XX result of a call. */
export interface ApiErrorResult<E = unknown> {
  readonly status: number;
  readonly error: E;
  readonly response: Response;
  readonly rateLimit: RateLimitInfo | undefined;
}

/** A call answered with a non-2XX status; `error` is the result's `error` (parsed body or fallback). */
export class ApiError<E = unknown> extends Error {
  override readonly name = "ApiError";
  /** The operation called. */
  readonly operationId: string;
  /** The response's HTTP status. */
  readonly status: number;
  /** The result's `error`: the parsed body, or an `UnexpectedResponseBody`. */
  readonly error: E;
  /** The final response (its body has been read). */
  readonly response: Response;
  /** The response's parsed `X-RateLimit-*` headers, `undefined` when absent. */
  readonly rateLimit: RateLimitInfo | undefined;

  /**
   * @param operationId the operation called
   * @param result the non-2XX result
   */
  constructor(operationId: string, result: ApiErrorResult<E>) {
    super(`${operationId} failed with HTTP ${result.status}${describe(result.error)}`);
    this.operationId = operationId;
    this.status = result.status;
    this.error = result.error;
    this.response = result.response;
    this.rateLimit = result.rateLimit;
  }
}

/** `: <message>` when the error body has a string `message`, else nothing. */
function describe(error: unknown): string {
  if (typeof error !== "object" || error === null) return "";
  const message = (error as { message?: unknown }).message;
  return typeof message === "string" && message !== "" ? `: ${message}` : "";
}
