// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * `unwrap(result)`: the data of a 2XX result, typed; `unwrapResult(result)`: the whole success
 * result (data, declared headers, status, response, rate limit), typed; an `ApiError` (of its
 * status's class) thrown for any other.
 */
import { apiErrorFor } from "./api-error-classes.js";
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
  return unwrapResult(result).data as Extract<R, { ok: true }>["data"];
}

/**
 * The success result itself, typed (its `data`, declared `headers`, `status`, `response` and
 * `rateLimit`): `const { data, headers } = unwrapResult(await api.listPets())`.
 *
 * @throws ApiError when the result is not a success (its `error`, `status` and `response` kept)
 */
export function unwrapResult<R extends UnwrappableResult>(result: R): Extract<R, { ok: true }> {
  if (result.ok) return result as Extract<R, { ok: true }>;
  const operationId = result instanceof RuntimeResult ? result.operationId : undefined;
  throw apiErrorFor(operationId ?? "the operation", {
    error: result.error,
    response: result.response,
    rateLimit: result.rateLimit,
  });
}
