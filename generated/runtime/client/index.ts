// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The client runtime's public API.
 */
export type {
  ApiKeyLocation,
  ClientOperationDescriptor,
  HeaderKind,
  HttpMethod,
  QueryParameterStyle,
} from "./descriptor.js";
export { ApiError, type ApiErrorResult } from "./api-error.js";
export {
  DeprecationTracker,
  formatDeprecationNotice,
  warnDeprecation,
  type DeprecationNotice,
} from "./deprecation.js";
export { parseRateLimit, parseRetryAfter, type RateLimitInfo } from "./rate-limit.js";
export {
  DEFAULT_RETRY_POLICY,
  backoffDelay,
  isIdempotentMethod,
  isRetryableServerStatus,
  resolveRetryPolicy,
  retryDelay,
  sleep,
  type AttemptOutcome,
  type RetryPolicy,
} from "./retry.js";
export {
  bindOperations,
  createClientRuntime,
  type CallInit,
  type CallRequest,
  type CallResult,
  type ClientOptions,
  type ClientResult,
  type ClientRuntime,
  type UntypedOperationMethod,
} from "./runtime.js";
export { parseHeaderValue, parseResponseHeaders } from "./response-headers.js";
export { pickResponse } from "./response-key.js";
export { RuntimeResult, parseErrorJson, readNonJsonBody } from "./result.js";
export { RateLimitThrottle, RetryAfterGate } from "./throttle.js";
export type {
  CallOptions,
  DeclaredHeaders,
  ErrorBody,
  ErrorResult,
  HttpStatus,
  OperationArgs,
  OperationMethod,
  OperationOutcome,
  OperationRequest,
  OperationRequestIsOptional,
  OperationResult,
  OperationSuccess,
  RawRequestBody,
  ResultMeta,
  ResultOptions,
  StatusRange,
  SuccessBody,
  SuccessResult,
  UndeclaredBody,
} from "./types.js";
export { UnexpectedResponseBody } from "./unexpected-body.js";
export { unwrap, type UnwrappableResult } from "./unwrap.js";
export { buildPath, compilePath, isJsonMediaType, serializeQuery } from "./url.js";
