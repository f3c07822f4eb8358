// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The server runtime's public API: the web-standard core (`(request: Request) => Promise<Response>`
 * and everything it uses), for Node.js, Deno, Bun and workers alike. Nothing it imports may load
 * a Node.js built-in: the Node adapter (node-adapter.ts) and the Redis store (redis-store.ts) are
 * entry points of their own (`./server/node`, `./server/redis`).
 */
export type * from "./core/descriptor.js";
export {
  createKeyAuthenticator,
  type ApiKeyEntry,
  presentedKey,
  type AuthResult,
  type Authenticator,
  type Credential,
  type Credentials,
  type KeyAuthenticator,
} from "./core/auth.js";
export { decodeBasic } from "./core/authorization-header.js";
export { DEFAULT_MAX_BODY_BYTES } from "./core/body.js";
export { ANONYMOUS_RATE_ID, clientRateId } from "./core/client-address.js";
export type { CorsOptions } from "./core/cors.js";
export {
  ConfigurationError,
  ContractViolationError,
  errorBody,
  NotImplementedError,
  notImplemented,
  StoreUnavailableError,
  type ErrorBody,
  type RuntimeErrorCode,
} from "./core/errors.js";
export {
  PROBLEM_JSON,
  problemDetails,
  reasonPhrase,
  type ErrorFormatter,
  type RuntimeErrorInfo,
} from "./core/error-format.js";
export {
  createMemoryIdempotencyStore,
  DEFAULT_MAX_IDEMPOTENCY_RECORDS,
  isIdempotencyStore,
  type IdempotencyBegin,
  type IdempotencyStore,
  type MemoryIdempotencyStore,
  type MemoryIdempotencyStoreOptions,
  type StoredResponse,
} from "./stores/idempotency-store.js";
export { IdempotencyRecordError } from "./stores/idempotency-lease.js";
export {
  DEFAULT_IDEMPOTENCY_LOCK_MS,
  DEFAULT_IDEMPOTENCY_TTL_MS,
  type IdempotencyOptions,
} from "./core/idempotency.js";
export {
  applyRateLimitHit,
  createMemoryRateLimitStore,
  DEFAULT_MAX_RATE_LIMIT_RECORDS,
  newRateLimitRecord,
  type BanPolicy,
  type MemoryRateLimitStore,
  type MemoryRateLimitStoreOptions,
  type RateLimitHit,
  type RateLimitOutcome,
  type RateLimitRecord,
  type RateLimits,
  type RateLimitStore,
} from "./stores/rate-limiter.js";
export type {
  ErrorContext,
  Handler,
  HandlerMap,
  HandlerRequest,
  HandlerResponse,
  HeaderValue,
  RequestHandler,
  ServerOptions,
} from "./core/handler-api.js";
export {
  replyFor,
  type DeclaredStatus,
  type Reply,
  type ReplyArguments,
  type ResponseOf,
  type StatusNotDeclared,
} from "./core/reply.js";
export {
  type HookAnswer,
  type HookOptions,
  type RequestEvent,
  type RequestLocals,
  type ResponseEvent,
} from "./core/hooks.js";
export { createRuntimeRequestHandler } from "./core/request-handler.js";
export { type ServerSentEvent } from "./core/stream-body.js";
export { DEFAULT_MAX_URL_LENGTH } from "./core/request-target.js";
export { findResponseDescriptor, type RuntimeRequestHandler } from "./core/runtime-response.js";
export { createRouter, type RouteMatch, type Router } from "./core/router.js";
export type { ServeAfterSunset } from "./core/sunset.js";
export {
  serverTelemetry,
  type ServerTelemetryOptions,
  type ServerTelemetryPlugin,
} from "./core/telemetry.js";
export type {
  OpenTelemetryApi,
  TelemetryMeterProvider,
  TelemetryTracerProvider,
} from "../telemetry/otel-api.js";
export { validationMessage } from "./core/validation-message.js";
