// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * `unwrap(result)`: the data of a 2XX result, typed; an `ApiError` thrown for any other.
 */
import { ApiError } from "./api-error.js";
import type { RateLimitInfo } from "./rate-limit.js";
import { RuntimeResult } from "./result.js";

/** The part of a result `unwrap` reads. */
export interface UnwrappableResult {
  readonly ok: boolean;
  readonly status: number;
  readonly data?: unknown;
  readonly error?: unknown;
  readonly response: Response;
  readonly rateLimit: RateLimitInfo | undefined;
}

/**
 * The data of a 2XX result (typed from the 2XX responses the spec declares).
 *
 * @throws ApiError when the result is not a 2XX one (its `error`, `status` and `response` kept)
 */
export function unwrap<R extends UnwrappableResult>(result: R): Extract<R, { ok: true }>["data"] {
  if (result.ok) return result.data as Extract<R, { ok: true }>["data"];
  const operationId = result instanceof RuntimeResult ? result.operationId : undefined;
  throw new ApiError(operationId ?? "the operation", {
    error: result.error,
    response: result.response,
    rateLimit: result.rateLimit,
  });
}
