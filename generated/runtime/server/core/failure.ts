// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The answer to a stage that threw or rejected, with what is known of the request at that
 * point: a 4XX it asked for (`RequestError`), 501 (`NotImplementedError`), 503 with
 * `Retry-After` when a store cannot answer and fails closed (`StoreUnavailableError`, any
 * stage), else 500 `internal` with a generic message, reported through `onError`.
 */
import { NotImplementedError, RequestError, StoreUnavailableError } from "./errors.js";
import type { RequestContext } from "./request-context.js";
import type { Responder } from "./responder.js";
import type { RuntimeResponse } from "./runtime-response.js";
import type { RateLimitOutcome } from "../stores/rate-limiter.js";

export function answerFailure<C>(
  responder: Responder,
  error: unknown,
  context: RequestContext<C>,
): RuntimeResponse {
  const { rate, operation, callerLimits, source } = context;
  if (error instanceof RequestError) {
    const response = responder.errorResponse(
      error.status,
      error.code,
      error.message,
      rate,
      operation,
    );
    if (error.headers !== undefined) Object.assign(response.headers, error.headers);
    return response;
  }
  if (error instanceof NotImplementedError) {
    return responder.errorResponse(501, "not_implemented", error.message, rate, operation);
  }
  if (error instanceof StoreUnavailableError) {
    // The counts are unknown while the store is down: the headers say that nothing can
    // succeed before Retry-After (Remaining 0, Reset then), as during a ban.
    const retryAfter = error.retryAfterSeconds;
    const unknown: RateLimitOutcome | undefined =
      rate ??
      (callerLimits === undefined
        ? undefined
        : {
            status: "limited",
            window: "minute",
            limit: callerLimits.perMinute,
            remaining: 0,
            reset: Math.ceil(responder.now() / 1000) + retryAfter,
            retryAfter,
          });
    const message = `Service temporarily unavailable; retry in ${retryAfter} s`;
    const routed =
      operation ??
      (context.pathname === "" ? undefined : responder.routeOf(source.method, context.pathname));
    const response = responder.errorResponse(503, "service_unavailable", message, unknown, routed);
    response.headers["retry-after"] = String(retryAfter);
    return response;
  }
  const errorContext =
    operation === undefined ? { status: 500 } : { operationId: operation.operationId, status: 500 };
  return responder.internalError(error, errorContext, rate, operation);
}
