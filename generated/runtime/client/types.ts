// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Type-level helpers over the `operations[...]` objects that openapi-typescript 7 emits:
 * `{ parameters: { query?; header?; path?; cookie? }; requestBody?: { content }; responses }`.
 * They are kept shallow (a few conditional and mapped types per operation) because the
 * type-check cost of the generated client is benchmarked.
 */
import type { RateLimitInfo } from "./rate-limit.js";

/** Bodies the runtime sends untouched when the media type is not JSON. */
export type RawRequestBody =
  string | Blob | FormData | URLSearchParams | ArrayBuffer | ArrayBufferView;

/** Media type keys the runtime treats as JSON (`application/json`, `application/*+json`). */
type JsonMediaKey = `application/json${string}` | `${string}+json${string}`;

/** The request body for a `content` map: its JSON schema, else any media type's (or raw). */
type RequestMedia<C> = [Extract<keyof C, JsonMediaKey>] extends [never]
  ? C[keyof C] | RawRequestBody
  : C[Extract<keyof C, JsonMediaKey>];

/** The parsed response body for a `content` map: JSON → schema, `text/*` → schema, else Blob. */
type ResponseMedia<C> = [Extract<keyof C, JsonMediaKey>] extends [never]
  ? [Extract<keyof C, `text/${string}`>] extends [never]
    ? Blob
    : C[Extract<keyof C, `text/${string}`>]
  : C[Extract<keyof C, JsonMediaKey>];

/** `{ body }` (required or optional as the spec says), or nothing when there is no body. */
type BodyGroup<Op> = Op extends { requestBody?: never }
  ? unknown
  : Op extends { requestBody: { content: infer C } }
    ? { body: RequestMedia<C> }
    : Op extends { requestBody?: { content: infer C } }
      ? { body?: RequestMedia<C> }
      : unknown;

/** Options every call accepts. */
export interface CallOptions {
  /** Aborts the request, including any retry or throttle wait. */
  signal?: AbortSignal;
  /** Extra headers for this call; they override every other header. */
  headers?: Record<string, string>;
}

/**
 * What a call of operation `Op` takes: its `parameters` object as openapi-typescript emits it
 * (`path` / `query` / `header` / `cookie`, required when any of their parameters is; a group
 * the operation does not have is `?: never`, so passing it fails to compile), `body` when it has
 * a request body (required when the spec says so, typed from the JSON media type), plus
 * `signal` and `headers`. The parameters object is used as is, not remapped: that keeps the
 * type-check cost per operation low.
 */
export type OperationRequest<Op> = (Op extends { parameters: infer P } ? P : unknown) &
  BodyGroup<Op> &
  CallOptions;

/** `true` when a call of `Op` needs nothing, so the generated method can make its argument optional. */
export type OperationRequestIsOptional<Op> = {} extends OperationRequest<Op> ? true : false;

/** The argument list of a call of `Op`: `[init?]` when nothing is required, else `[init]`. */
export type OperationArgs<Op> =
  {} extends OperationRequest<Op> ? [init?: OperationRequest<Op>] : [init: OperationRequest<Op>];

type Responses<Op> = Op extends { responses: infer R } ? R : never;

/** A response's parsed body, `undefined` when it has no content. */
type ResponseBody<R> = R extends { content: infer C } ? ResponseMedia<C> : undefined;

/** Whether a response key (`200`, `"2XX"`, `404`, `"default"`, …) is a success (2XX). */
type IsSuccessKey<K> = `${K & (string | number)}` extends `2${string}` ? true : false;

/** The union of the 2XX response bodies (`undefined` for a response without content). */
export type SuccessBody<Op> = {
  [K in keyof Responses<Op>]-?: IsSuccessKey<K> extends true
    ? ResponseBody<Responses<Op>[K]>
    : never;
}[keyof Responses<Op>];

/**
 * The union of the bodies of every other response (`4XX`, `5XX`, `default`, any non-2XX code);
 * `unknown` when the spec declares none.
 */
export type ErrorBody<Op> = {
  [K in keyof Responses<Op>]-?: IsSuccessKey<K> extends true
    ? never
    : ResponseBody<Responses<Op>[K]>;
}[keyof Responses<Op>] extends infer E
  ? [E] extends [never]
    ? unknown
    : E
  : never;

/** What every result carries besides its body. */
export interface ResultMeta {
  /** The final response (after any retries). Its body has been consumed. */
  readonly response: Response;
  /** The parsed `X-RateLimit-*` headers of that response, `undefined` when absent or invalid. */
  readonly rateLimit: RateLimitInfo | undefined;
}

/** A 2XX result. */
export interface SuccessResult<D> extends ResultMeta {
  readonly data: D;
  readonly error?: undefined;
}

/** A non-2XX result: `error` is the parsed body (the spec's error object). */
export interface ErrorResult<E> extends ResultMeta {
  readonly data?: undefined;
  readonly error: E;
}

/** The result of a call of `Op`: `data` on 2XX, else `error`, plus `response` and `rateLimit`. */
export type OperationResult<Op> = SuccessResult<SuccessBody<Op>> | ErrorResult<ErrorBody<Op>>;

/**
 * The type of a generated operation method. Declare the client's methods as properties of this
 * type, with the JSDoc on the property (`listPets: OperationMethod<operations["listPets"]>;`):
 * TypeScript then resolves a method's parameter and result types only where the method is used,
 * so the type-check cost of a large client grows with its use, not with the spec's size.
 */
export type OperationMethod<Op> = (...args: OperationArgs<Op>) => Promise<OperationResult<Op>>;
