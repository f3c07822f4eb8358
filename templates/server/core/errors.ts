// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The spec's `Error` object and the error codes the runtime answers with.
 */

/** The codes the runtime itself produces. Handlers may use others of their own. */
export type RuntimeErrorCode =
  | "validation_failed"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "payload_too_large"
  | "unsupported_media_type"
  | "rate_limited"
  | "key_banned"
  | "internal"
  | "not_implemented"
  | "service_unavailable"
  | "gone"
  | "idempotency_key_reused"
  | "idempotency_request_in_progress"
  | "idempotency_outcome_unknown"
  | "uri_too_long"
  | "headers_too_large"
  | "expectation_failed"
  | "request_timeout";

/** The spec's `Error` schema. */
export interface ErrorBody {
  readonly code: string;
  readonly message: string;
  readonly status: number;
}

/** Builds the spec's `Error` object. */
export function errorBody(status: number, code: string, message: string): ErrorBody {
  return { code, message, status };
}

/** Thrown by generated stubs; the runtime answers it with 501 `not_implemented`. */
export class NotImplementedError extends Error {
  readonly operationId: string;

  constructor(operationId: string) {
    super(`Operation ${operationId} is not implemented`);
    this.name = "NotImplementedError";
    this.operationId = operationId;
  }
}

/** Called by generated stubs: always throws a {@link NotImplementedError}. */
export function notImplemented(operationId: string): never {
  throw new NotImplementedError(operationId);
}

/** A server configuration mistake found while answering a request (answered 500, logged). */
export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigurationError";
  }
}

/** A handler's response that breaks the contract (answered 500 when response validation is on). */
export class ContractViolationError extends Error {
  readonly operationId: string;
  readonly status: number;

  constructor(operationId: string, status: number, message: string) {
    super(message);
    this.name = "ContractViolationError";
    this.operationId = operationId;
    this.status = status;
  }
}

/** A request the runtime refuses before calling the handler (answered with `status` and `code`). */
export class RequestError extends Error {
  readonly status: number;
  readonly code: RuntimeErrorCode;
  /** Headers the answer carries besides the usual ones (lower-case names). */
  readonly headers: Readonly<Record<string, string>> | undefined;

  constructor(
    status: number,
    code: RuntimeErrorCode,
    message: string,
    headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = "RequestError";
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

/**
 * A store (rate limits, idempotency records) that cannot answer, after its own bounded timeout,
 * and is configured to fail closed. The runtime answers it with 503 `service_unavailable` and
 * `Retry-After: retryAfterSeconds`.
 */
export class StoreUnavailableError extends Error {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.name = "StoreUnavailableError";
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
