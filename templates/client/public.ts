// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * What users of a generated client call, beside its factory and types: the errors a call returns
 * or throws (and their guards), `unwrap`, event streams, the rate-limit state to share, and the
 * types of options, middleware and results. The runtime's internals are in `index.ts` (the
 * package's `./runtime` entry).
 */
export { ApiError, RequestFailedError } from "./api-error.js";
export {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
  isApiError,
  isErrorBody,
  type MethodErrorBody,
} from "./api-error-classes.js";
export { UnexpectedResponseBody } from "./unexpected-body.js";
export { RedirectNotFollowedError, type CrossOriginRedirect } from "./redirect.js";
export { MissingCredentialsError, type AuthOption, type BasicCredentials } from "./auth.js";
export { unwrap, unwrapResult } from "./unwrap.js";
export { EventStream, EventStreamError, type ServerSentEvent } from "./event-stream.js";
export { RateLimitScheduler } from "./rate-limit-scheduler.js";
export { PageFailedError, PageLoopError, type PageOptions } from "./paginate.js";
export { clientTelemetry, type ClientTelemetryPlugin } from "./telemetry.js";
export type { OpenTelemetryApi, TelemetryOptions } from "../telemetry/otel-api.js";
export type { ClientOptions, ResponseValidationContext } from "./runtime.js";
export type { ClientCore, CoreOptions } from "./core.js";
export type { DeprecationNotice } from "./deprecation.js";
export type { ClientLogger, LogLevel, RateLimitWaitEvent, RetryEvent } from "./observe.js";
export type { RateLimitInfo } from "./rate-limit.js";
export type { RetryPolicy } from "./retry.js";
export type { ApiKeyOption } from "./api-key.js";
export type { Middleware, MiddlewareCallbackParams } from "./middleware.js";
export type {
  CallOptions,
  DeclaredHeaders,
  ErrorBody,
  ErrorResult,
  OperationRequest,
  OperationResult,
  OperationSuccess,
  ResultOptions,
  SuccessBody,
  SuccessResult,
  UndeclaredBody,
} from "./types.js";
