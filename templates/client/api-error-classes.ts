// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * `ApiError` per status, as Stainless-built SDKs have them (`catch (e) { if (e instanceof
 * NotFoundError) … }`), and the type guards that read a failure without casts: `isApiError(e,
 * api.getPetById)` types `e.error` from the operation's declared error bodies; `isErrorBody(r.error)`
 * narrows a result's `error` to the spec's body (not an `UnexpectedResponseBody` or another
 * runtime error).
 */
import { ApiError, type ApiErrorSource } from "./api-error.js";

/** 400. */
export class BadRequestError<E = unknown> extends ApiError<E> {
  override readonly name: string = "BadRequestError";
}
/** 401. */
export class AuthenticationError<E = unknown> extends ApiError<E> {
  override readonly name: string = "AuthenticationError";
}
/** 403. */
export class PermissionDeniedError<E = unknown> extends ApiError<E> {
  override readonly name: string = "PermissionDeniedError";
}
/** 404. */
export class NotFoundError<E = unknown> extends ApiError<E> {
  override readonly name: string = "NotFoundError";
}
/** 409. */
export class ConflictError<E = unknown> extends ApiError<E> {
  override readonly name: string = "ConflictError";
}
/** 422. */
export class UnprocessableEntityError<E = unknown> extends ApiError<E> {
  override readonly name: string = "UnprocessableEntityError";
}
/** 429 (from the server, or answered by the client's rate-limit state). */
export class RateLimitError<E = unknown> extends ApiError<E> {
  override readonly name: string = "RateLimitError";
}
/** 500 and above. */
export class InternalServerError<E = unknown> extends ApiError<E> {
  override readonly name: string = "InternalServerError";
}

const BY_STATUS: Readonly<Record<number, typeof ApiError>> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/** The `ApiError` (of its status's class) that a failed result throws under `throwOnError`. */
export function apiErrorFor<E>(operationId: string, result: ApiErrorSource<E>): ApiError<E> {
  const status = result.response.status;
  const ErrorClass = BY_STATUS[status] ?? (status >= 500 ? InternalServerError : ApiError);
  return new ErrorClass(operationId, result) as ApiError<E>;
}

/** The failure `error` type of a generated method (e.g. `api.getPetById`). */
export type MethodErrorBody<M> = M extends (...args: never[]) => Promise<infer R>
  ? Extract<R, { ok: false }> extends { error: infer E }
    ? E
    : unknown
  : unknown;

/**
 * Whether `value` is an `ApiError`; given the method called, its `error` is typed from that
 * operation's declared error bodies (`isApiError(e, api.getPetById) && e.error.code`).
 */
export function isApiError<M = unknown>(
  value: unknown,
  _method?: M,
): value is ApiError<unknown extends M ? unknown : MethodErrorBody<M>> {
  return value instanceof ApiError;
}

/**
 * Whether a result's `error` is the body the server sent (the spec's error object), not an error
 * of the client's own (`UnexpectedResponseBody`, `RedirectNotFollowedError`) or `undefined`.
 */
export function isErrorBody<T>(error: T): error is Exclude<T, Error | undefined> {
  return error !== undefined && !(error instanceof Error);
}
