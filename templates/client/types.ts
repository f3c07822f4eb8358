// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Type-level helpers over the `operations[...]` objects that openapi-typescript 7 emits:
 * `{ parameters: { query?; header?; path?; cookie? }; requestBody?: { content }; responses }`.
 * They are kept shallow (a few conditional and mapped types per operation) because the
 * type-check cost of the generated client is benchmarked.
 */
import type { RateLimitInfo } from "./rate-limit.js";
import type { UnexpectedResponseBody } from "./unexpected-body.js";

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
  /**
   * Reject with an `ApiError` on a non-2XX response instead of resolving with it (overrides the
   * client's `throwOnError`); the promise then resolves only to the 2XX variants.
   */
  throwOnError?: boolean;
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

/**
 * The argument list of a call of `Op`: `[init?]` when nothing is required, else `[init]`.
 * `T` is the call's `throwOnError`, inferred from the argument by {@link OperationMethod}.
 */
export type OperationArgs<Op, T extends boolean = boolean> =
  {} extends OperationRequest<Op>
    ? [init?: OperationRequest<Op> & { throwOnError?: T }]
    : [init: OperationRequest<Op> & { throwOnError?: T }];

type Responses<Op> = Op extends { responses: infer R } ? R : never;

/** A response's parsed body, `undefined` when it has no content. */
type ResponseBody<R> = R extends { content: infer C } ? ResponseMedia<C> : undefined;

/**
 * The parsed body of a non-2XX response: the schema of its JSON media type. The runtime parses
 * only JSON error bodies; any other body (and an empty or unparsable one) becomes an
 * {@link UnexpectedResponseBody}, which every error type includes.
 */
type ErrorMedia<R> = R extends { content: infer C } ? C[Extract<keyof C, JsonMediaKey>] : never;

/** Whether a response key (`200`, `"2XX"`, `404`, `"default"`, …) is a success (2XX). */
type IsSuccessKey<K> = `${K & (string | number)}` extends `2${string}` ? true : false;

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type ToNumber<S> = S extends `${infer N extends number}` ? N : never;
/** The statuses of one or more ranges: `StatusRange<4>` is `400 | 401 | … | 499`. */
export type StatusRange<H extends 1 | 2 | 3 | 4 | 5> = ToNumber<`${H}${Digit}${Digit}`>;
/** Every status a `fetch` response can have (200 to 599: `fetch` never resolves with a 1XX). */
export type HttpStatus = StatusRange<2 | 3 | 4 | 5>;
/** The statuses that are not 2XX. */
type NonSuccessStatus = StatusRange<3 | 4 | 5>;

/** The digit of a range key (`"4XX"` → 4), `never` for any other key. */
type RangeDigit<K> = K extends `${infer D extends 1 | 2 | 3 | 4 | 5}${"XX" | "xx"}` ? D : never;
/** The statuses a response map declares with an exact key (`200`, `404`). */
type ExactStatus<R> = ToNumber<`${Extract<keyof R, string | number>}`>;
/** Every status a response map declares, exactly or by range (`"4XX"`), `default` aside. */
type DeclaredStatus<R> = ExactStatus<R> | StatusRange<RangeDigit<keyof R>>;

/**
 * The status (as a literal type) of the results of response key `K`: the key itself for an exact
 * status; for a range key its statuses minus those declared exactly; for `default` the non-2XX
 * statuses declared nowhere else (its 2XX share is typed with the declared successes).
 */
type KeyStatus<R, K> = K extends number
  ? K
  : K extends "default"
    ? Exclude<NonSuccessStatus, DeclaredStatus<R>>
    : K extends `${infer N extends number}`
      ? N
      : Exclude<StatusRange<RangeDigit<K>>, ExactStatus<R>>;

/**
 * The declared response headers, by the spec's names: each `T | undefined` (a header may be
 * missing, or fail to parse as its schema type). The `[name: string]: unknown` index signature
 * openapi-typescript adds is dropped, so a header the spec does not declare does not compile.
 */
export type DeclaredHeaders<R> = R extends { headers: infer H }
  ? {
      readonly [K in keyof H as K extends string ? (string extends K ? never : K) : never]?: H[K];
    }
  : {};

/** The union of the 2XX response bodies (`undefined` for a response without content). */
export type SuccessBody<Op> = {
  [K in keyof Responses<Op>]-?: IsSuccessKey<K> extends true
    ? ResponseBody<Responses<Op>[K]>
    : never;
}[keyof Responses<Op>];

/**
 * The union of the `error` types of every non-2XX response (`4XX`, `5XX`, `default`, any non-2XX
 * code): each one's JSON schema or an {@link UnexpectedResponseBody}, plus {@link UndeclaredBody}
 * when no `default` response covers the statuses the spec does not declare.
 */
export type ErrorBody<Op> = Extract<OperationResult<Op>, { ok: false }>["error"];

/** What every result carries besides its body. */
export interface ResultMeta {
  /** The final response (after any retries). Its body has been consumed. */
  readonly response: Response;
  /** The parsed `X-RateLimit-*` headers of that response, `undefined` when absent or invalid. */
  readonly rateLimit: RateLimitInfo | undefined;
}

/**
 * A 2XX result.
 *
 * @typeParam D the parsed body
 * @typeParam S the statuses it stands for (a literal type, so `result.status === 201` narrows)
 * @typeParam H the declared response headers, parsed
 */
export interface SuccessResult<D, S extends number = number, H = {}> extends ResultMeta {
  readonly status: S;
  readonly ok: true;
  readonly data: D;
  readonly error?: undefined;
  /** The declared response headers of this status, parsed per their schema (on first access). */
  readonly headers: H;
}

/**
 * A non-2XX result: `error` is the parsed JSON body, or an {@link UnexpectedResponseBody} when the
 * body is not the JSON the spec declares (empty, HTML from a proxy, unparsable).
 *
 * @typeParam E the error body
 * @typeParam S the statuses it stands for (a literal type, so `result.status === 404` narrows)
 * @typeParam H the declared response headers, parsed
 */
export interface ErrorResult<E, S extends number = number, H = {}> extends ResultMeta {
  readonly status: S;
  readonly ok: false;
  readonly data?: undefined;
  readonly error: E;
  /** The declared response headers of this status, parsed per their schema (on first access). */
  readonly headers: H;
}

/** The union of the declared 2XX bodies of a response map; `unknown` when it declares none. */
type DeclaredSuccessBody<R> = {
  [K in keyof R]-?: IsSuccessKey<K> extends true ? ResponseBody<R[K]> : never;
}[keyof R] extends infer D
  ? [D] extends [never]
    ? unknown
    : D
  : never;

/*
 * The variants below are interfaces over the response map `R` (and key `K`), with their status,
 * body and headers computed in their members: TypeScript resolves members only when a result is
 * used, so declaring `type XResponse = OperationResult<XOperation>` for every operation of a large
 * spec stays cheap (the status unions, `Exclude`s of up to 300 literals, are never built for an
 * operation nobody calls).
 */

/** The 2XX result of response key `K` (an exact 2XX code or `"2XX"`). */
interface DeclaredSuccess<R, K extends keyof R> extends ResultMeta {
  readonly status: KeyStatus<R, K>;
  readonly ok: true;
  readonly data: ResponseBody<R[K]>;
  readonly error?: undefined;
  /** The declared response headers of this status, parsed per their schema (on first access). */
  readonly headers: DeclaredHeaders<R[K]>;
}

/** The non-2XX result of response key `K` (a code, a range such as `"4XX"`, or `default`). */
interface DeclaredFailure<R, K extends keyof R> extends ResultMeta {
  readonly status: KeyStatus<R, K>;
  readonly ok: false;
  readonly data?: undefined;
  /** The JSON body the spec declares, or an {@link UnexpectedResponseBody} when it is not JSON. */
  readonly error: ErrorMedia<R[K]> | UnexpectedResponseBody;
  /** The declared response headers of this status, parsed per their schema (on first access). */
  readonly headers: DeclaredHeaders<R[K]>;
}

/**
 * A 2XX status the spec does not declare: typed with the declared success bodies (as a client
 * trusts the spec's 2XX bodies), `unknown` when it declares none; no declared headers.
 */
interface UndeclaredSuccess<R> extends ResultMeta {
  readonly status: Exclude<StatusRange<2>, DeclaredStatus<R>>;
  readonly ok: true;
  readonly data: DeclaredSuccessBody<R>;
  readonly error?: undefined;
  readonly headers: {};
}

/**
 * A non-2XX status the spec declares nowhere (no `default` either), e.g. a 502 from a proxy: its
 * body may be anything (JSON is parsed, anything else is an {@link UnexpectedResponseBody}).
 */
interface UndeclaredFailure<R> extends ResultMeta {
  readonly status: Exclude<NonSuccessStatus, DeclaredStatus<R>>;
  readonly ok: false;
  readonly data?: undefined;
  readonly error: UndeclaredBody;
  readonly headers: {};
}

/**
 * The `error` of a status the spec does not declare: any JSON value (parsed when the body is
 * JSON) or an {@link UnexpectedResponseBody}; never `undefined`, so `error !== undefined` still
 * tells a failure from a success.
 */
export type UndeclaredBody = {} | null;

/**
 * The result of a call of `Op`, a union discriminated by `status` (a literal type per declared
 * status or range) and by `ok`: `if (r.status === 404)` narrows `error` to the 404 response's
 * schema (or {@link UnexpectedResponseBody}) and `data` to `undefined`; `if (r.ok)` narrows `data`
 * to the 2XX bodies. A range key (`"4XX"`) stands for its statuses minus those declared exactly;
 * `default` for every non-2XX status declared nowhere else. Statuses the spec does not declare
 * are variants of their own: a 2XX one typed with the declared success bodies, the others with
 * {@link UndeclaredBody} (unless `default` covers them). Every variant carries `response`,
 * `rateLimit` and its declared `headers`.
 */
export type OperationResult<Op> =
  Responses<Op> extends infer R
    ? | {
          [K in keyof R]-?: IsSuccessKey<K> extends true
            ? DeclaredSuccess<R, K>
            : DeclaredFailure<R, K>;
        }[keyof R]
      | ("2XX" extends keyof R ? never : UndeclaredSuccess<R>)
      | ("default" extends keyof R ? never : UndeclaredFailure<R>)
    : never;

/** The 2XX variants of {@link OperationResult}: what a call resolves to under `throwOnError`. */
export type OperationSuccess<Op> = Extract<OperationResult<Op>, { ok: true }>;

/** A call's result: the 2XX variants only when `Throws` is `true` (`throwOnError`), else all. */
export type OperationOutcome<Op, Throws extends boolean> = Throws extends true
  ? OperationSuccess<Op>
  : OperationResult<Op>;

/**
 * The type of a generated operation method. Declare the client's methods as properties of this
 * type, with the JSDoc on the property (`listPets: OperationMethod<operations["listPets"]>;`):
 * TypeScript then resolves a method's parameter and result types only where the method is used,
 * so the type-check cost of a large client grows with its use, not with the spec's size.
 *
 * @typeParam Throws whether the client was created with `throwOnError: true`: then the promise
 *   resolves only to the 2XX variants (a non-2XX rejects with an `ApiError`); a call's own
 *   `throwOnError` overrides it
 */
export type OperationMethod<Op, Throws extends boolean = false> = <T extends boolean = Throws>(
  ...args: OperationArgs<Op, T>
) => Promise<OperationOutcome<Op, T>>;
