// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The whole client runtime, internals included: the package's `./runtime` entry. What users call
 * is in `public.ts` (the client entry).
 */
export type {
  ApiKeyLocation,
  ClientOperationDescriptor,
  HeaderKind,
  HttpMethod,
  QueryParameterStyle,
} from "./descriptor.js";
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
  DEFAULT_MAX_CONCURRENT,
  LOW_WATER_FACTOR,
  clientIdentityOf,
  bindOperations,
  createClientRuntime,
  createClientRuntimeWith,
  resolveBaseUrl,
  type CallInit,
  type CallRequest,
  type CallResult,
  type ClientOptions,
  type ClientResult,
  type ClientRuntime,
  type ResponseValidationContext,
  type UntypedOperationMethod,
} from "./runtime.js";
export { RuntimeResult } from "./result.js";
export {
  CLIENT_RUNTIME,
  createRuntimeWithFeatures,
  withMiddlewareMethods,
  type CoreRuntime,
  type RuntimeFeatures,
} from "./runtime.js";
export { callThrough, createClientCore, type ClientCore, type CoreOptions } from "./core.js";
export { itemsThrough, pagesThrough } from "./core-pages.js";
export { useMiddleware } from "./core-middleware.js";
export { writeBody } from "./body-writer.js";
export { setHeaderParams } from "./header-params.js";
export { missingCodecError } from "./missing-codec.js";
export { attachMiddleware } from "./middleware-send.js";
export { encodeFormBody, formParams, type FormFieldStyle } from "./form-body.js";
export { encodeMultipartBody, toFormData } from "./multipart-body.js";
export { streamReconnect, type StreamResume } from "./stream-resume.js";
export {
  DONE_SENTINEL,
  EventStream,
  streamFormat,
  type ServerSentEvent,
  type StreamFormat,
} from "./event-stream.js";
export { readStreamResult } from "./stream-result.js";
export { stylePathValue, type PathParameterStyle } from "./path-style.js";
export { ALL_CODECS, type ClientCodecs } from "./codecs.js";
export { encodeOtherBody } from "./request-body.js";
export { setCookieParams } from "./cookies.js";
export { readErrorBody, readNonJsonBody, readResult } from "./read-body.js";
export { RateLimitScheduler, type RateLimitSchedulerOptions } from "./rate-limit-scheduler.js";
export { sharedScheduler, sharedStateCount } from "./shared-rate-limits.js";
export {
  CLIENT_IDENTITY,
  baseOrigin,
  clientIdentityKey,
  credentialFingerprint,
  fingerprint,
  type ClientIdentity,
} from "./client-identity.js";
export { ApiError, RequestFailedError, redactUrl, type ApiErrorSource } from "./api-error.js";
export {
  MAX_REDIRECTS,
  RedirectNotFollowedError,
  type CrossOriginRedirect,
  type RedirectStopReason,
} from "./redirect.js";
export {
  type UnexpectedSuccess,
  UNEXPECTED_BODY_MAX_TEXT,
  UnexpectedResponseBody,
  readTextCapped,
} from "./unexpected-body.js";
export {
  abortable,
  attemptSignal,
  isTimeoutError,
  timeoutError,
  type AttemptSignal,
} from "./timeout.js";
export { newIdempotencyKey } from "./idempotency.js";
export { type ApiKeyOption } from "./api-key.js";
export { httpAuth, type HttpAuth } from "./http-auth.js";
export {
  basicAuthorization,
  type BasicEncoder,
  MissingCredentialsError,
  type AuthOption,
  type AuthValue,
  type BasicCredentials,
  type ClientSecurity,
  type ClientSecurityScheme,
  type MissingAuth,
} from "./auth.js";
export { apiKeyMiddleware, type RawClientOptions } from "./raw-client-options.js";
export {
  MiddlewareStack,
  runMiddleware,
  type ClientMiddlewareApi,
  type Middleware,
  type MiddlewareCallbackParams,
  type MiddlewareClientOptions,
  type MiddlewareOnError,
  type MiddlewareOnRequest,
  type MiddlewareOnResponse,
  type MiddlewareOutcome,
  type MiddlewareRequestParams,
} from "./middleware.js";
export { parseHeaderValue, parseResponseHeaders } from "./response-headers.js";
export { pickResponse } from "./response-key.js";
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
export { unwrap, unwrapResult, type UnwrappableResult } from "./unwrap.js";
export { apiErrorFor } from "./api-error-classes.js";
// what users call (the errors by status and their guards among it)
export * from "./public.js";
export {
  buildPath,
  compilePath,
  isJsonMediaType,
  serializeFormQuery,
  serializeQuery,
  splitLiteralQuery,
} from "./url.js";
