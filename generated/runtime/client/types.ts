// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Type-level helpers over the `operations[...]` objects that openapi-typescript 7 emits:
 * `{ parameters: { query?; header?; path?; cookie? }; requestBody?: { content }; responses }`.
 * They are kept shallow (a few conditional and mapped types per operation) because the
 * type-check cost of the generated client is benchmarked.
 */
import type { RateLimitInfo } from "./rate-limit.js";
import type { RetryPolicy } from "./retry.js";
import type { UnexpectedResponseBody } from "./unexpected-body.js";

import type { EventStream, ServerSentEvent } from "./event-stream.js";

/** Bodies the runtime sends untouched when the media type is not JSON. */
export type RawRequestBody =
  string | Blob | FormData | URLSearchParams | ArrayBuffer | ArrayBufferView;

/** Media type keys the runtime treats as JSON (`application/json`, `application/*+json`). */
type JsonMediaKey = `application/json${string}` | `${string}+json${string}`;

/** Media type keys of newline-delimited JSON streams. */
type NdjsonMediaKey =
  | `application/x-ndjson${string}`
  | `application/ndjson${string}`
  | `application/jsonl${string}`
  | `application/x-jsonlines${string}`;

/** The request body of media type `K` of a `content` map: its schema, plus raw bodies when not JSON. */
type RequestMedia<C, K extends keyof C> = K extends JsonMediaKey ? C[K] : C[K] | RawRequestBody;

/**
 * The `body` of a request, one variant per declared media type with the call's `contentType`
 * (the media type the runtime sends): optional for the JSON one (the default), required for the
 * others; optional for all when none is JSON (the first declared is the default).
 */
type BodyVariants<C, Optional> = {
  [K in keyof C]: (K extends JsonMediaKey
    ? { contentType?: K }
    : [Extract<keyof C, JsonMediaKey>] extends [never]
      ? { contentType?: K }
      : { contentType: K }) &
    (Optional extends true ? { body?: RequestMedia<C, K> } : { body: RequestMedia<C, K> });
}[keyof C];

/**
 * The parsed 2XX body for a `content` map, the union over what the response's Content-Type may
 * be: JSON → its schema; `text/event-stream` → an {@link EventStream} of {@link ServerSentEvent}s
 * whose `data` is the schema; NDJSON → an {@link EventStream} of the schema; without JSON,
 * `text/*` and XML → its schema, anything else (binary) → `Blob`.
 */
type ResponseMedia<C> =
  | C[Extract<keyof C, JsonMediaKey>]
  | ("text/event-stream" extends keyof C
      ? EventStream<ServerSentEvent<C["text/event-stream"]>>
      : never)
  | ([Extract<keyof C, NdjsonMediaKey>] extends [never]
      ? never
      : EventStream<C[Extract<keyof C, NdjsonMediaKey>]>)
  | ([Extract<keyof C, JsonMediaKey>] extends [never]
      ? OtherMedia<C, Exclude<keyof C, "text/event-stream" | NdjsonMediaKey>>
      : never);

/**
 * Media type keys of XML bodies besides `text/xml` (read into the schema's value: runtime/xml):
 * `application/xml`, `+xml` types.
 */
type XmlMediaKey = `application/xml${string}` | `${string}+xml${string}`;

/** Non-JSON, non-stream media: `text/*` and XML → the schema, anything else → `Blob`. */
type OtherMedia<C, K extends keyof C> =
  | C[Extract<K, `text/${string}` | XmlMediaKey>]
  | ([Exclude<K, `text/${string}` | XmlMediaKey>] extends [never] ? never : Blob);

/** `{ body }` (required or optional as the spec says), or nothing when there is no body. */
type BodyGroup<Op> = Op extends { requestBody?: never }
  ? unknown
  : Op extends { requestBody: { content: infer C } }
    ? BodyVariants<C, false>
    : Op extends { requestBody?: { content: infer C } }
      ? BodyVariants<C, true>
      : unknown;

/**
 * The client option that changes the types of its results: `throwOnError: true` (methods then
 * resolve only to 2XX results). The generated factory takes `ClientOptions & ResultOptions`.
 */
export interface ResultOptions<Throws extends boolean> {
  /** Reject with an `ApiError` on a non-2XX response instead of resolving with it. */
  readonly throwOnError?: Throws;
}

/** Options every call accepts (beside its parameters and body). */
export interface CallOptions {
  /** Aborts the request, including any retry or throttle wait. */
  signal?: AbortSignal;
  /** Extra headers for this call; they override every other header. */
  headers?: Record<string, string>;
  /** This call's timeout per attempt, in ms (overrides the client's `timeoutMs`). */
  timeoutMs?: number;
  /**
   * Resume a dropped event stream whose events carry an `id`: the request is sent again with
   * `Last-Event-ID` (through the rate-limit state), up to `maxRetries` times (`true`: 3). Off by
   * default (the server must support resumption).
   */
  resumeStream?: boolean | { readonly maxRetries?: number };
  /** This call's deadline in ms: waits, retries and attempts together (overrides the client's). */
  deadlineMs?: number;
  /**
   * This call's retry policy, over the client's (the fields given replace the client's), or
   * `false` to never retry this call.
   */
  retry?: Partial<RetryPolicy> | false;
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
 * The parsed body of a non-2XX response: the schema of its JSON or XML media type. The runtime
 * parses only JSON and XML error bodies; any other body (and an empty or unparsable one) becomes
 * an {@link UnexpectedResponseBody}, which every error type includes.
 */
type ErrorMedia<R> = R extends { content: infer C }
  ? C[Extract<keyof C, JsonMediaKey | XmlMediaKey | `text/xml${string}`>]
  : never;

/** Whether a response key (`200`, `"2XX"`, `404`, `"default"`, …) is a success (2XX). */
type IsSuccessKey<K> = `${K & (string | number)}` extends `2${string}` ? true : false;

/*
 * The statuses of each range, written out: a union built from template literal types
 * (`${2}${Digit}${Digit}`) costs more to type-check than the whole client of a small spec.
 */
type Status2XX =
  | 200
  | 201
  | 202
  | 203
  | 204
  | 205
  | 206
  | 207
  | 208
  | 209
  | 210
  | 211
  | 212
  | 213
  | 214
  | 215
  | 216
  | 217
  | 218
  | 219
  | 220
  | 221
  | 222
  | 223
  | 224
  | 225
  | 226
  | 227
  | 228
  | 229
  | 230
  | 231
  | 232
  | 233
  | 234
  | 235
  | 236
  | 237
  | 238
  | 239
  | 240
  | 241
  | 242
  | 243
  | 244
  | 245
  | 246
  | 247
  | 248
  | 249
  | 250
  | 251
  | 252
  | 253
  | 254
  | 255
  | 256
  | 257
  | 258
  | 259
  | 260
  | 261
  | 262
  | 263
  | 264
  | 265
  | 266
  | 267
  | 268
  | 269
  | 270
  | 271
  | 272
  | 273
  | 274
  | 275
  | 276
  | 277
  | 278
  | 279
  | 280
  | 281
  | 282
  | 283
  | 284
  | 285
  | 286
  | 287
  | 288
  | 289
  | 290
  | 291
  | 292
  | 293
  | 294
  | 295
  | 296
  | 297
  | 298
  | 299;
type Status3XX =
  | 300
  | 301
  | 302
  | 303
  | 304
  | 305
  | 306
  | 307
  | 308
  | 309
  | 310
  | 311
  | 312
  | 313
  | 314
  | 315
  | 316
  | 317
  | 318
  | 319
  | 320
  | 321
  | 322
  | 323
  | 324
  | 325
  | 326
  | 327
  | 328
  | 329
  | 330
  | 331
  | 332
  | 333
  | 334
  | 335
  | 336
  | 337
  | 338
  | 339
  | 340
  | 341
  | 342
  | 343
  | 344
  | 345
  | 346
  | 347
  | 348
  | 349
  | 350
  | 351
  | 352
  | 353
  | 354
  | 355
  | 356
  | 357
  | 358
  | 359
  | 360
  | 361
  | 362
  | 363
  | 364
  | 365
  | 366
  | 367
  | 368
  | 369
  | 370
  | 371
  | 372
  | 373
  | 374
  | 375
  | 376
  | 377
  | 378
  | 379
  | 380
  | 381
  | 382
  | 383
  | 384
  | 385
  | 386
  | 387
  | 388
  | 389
  | 390
  | 391
  | 392
  | 393
  | 394
  | 395
  | 396
  | 397
  | 398
  | 399;
type Status4XX =
  | 400
  | 401
  | 402
  | 403
  | 404
  | 405
  | 406
  | 407
  | 408
  | 409
  | 410
  | 411
  | 412
  | 413
  | 414
  | 415
  | 416
  | 417
  | 418
  | 419
  | 420
  | 421
  | 422
  | 423
  | 424
  | 425
  | 426
  | 427
  | 428
  | 429
  | 430
  | 431
  | 432
  | 433
  | 434
  | 435
  | 436
  | 437
  | 438
  | 439
  | 440
  | 441
  | 442
  | 443
  | 444
  | 445
  | 446
  | 447
  | 448
  | 449
  | 450
  | 451
  | 452
  | 453
  | 454
  | 455
  | 456
  | 457
  | 458
  | 459
  | 460
  | 461
  | 462
  | 463
  | 464
  | 465
  | 466
  | 467
  | 468
  | 469
  | 470
  | 471
  | 472
  | 473
  | 474
  | 475
  | 476
  | 477
  | 478
  | 479
  | 480
  | 481
  | 482
  | 483
  | 484
  | 485
  | 486
  | 487
  | 488
  | 489
  | 490
  | 491
  | 492
  | 493
  | 494
  | 495
  | 496
  | 497
  | 498
  | 499;
type Status5XX =
  | 500
  | 501
  | 502
  | 503
  | 504
  | 505
  | 506
  | 507
  | 508
  | 509
  | 510
  | 511
  | 512
  | 513
  | 514
  | 515
  | 516
  | 517
  | 518
  | 519
  | 520
  | 521
  | 522
  | 523
  | 524
  | 525
  | 526
  | 527
  | 528
  | 529
  | 530
  | 531
  | 532
  | 533
  | 534
  | 535
  | 536
  | 537
  | 538
  | 539
  | 540
  | 541
  | 542
  | 543
  | 544
  | 545
  | 546
  | 547
  | 548
  | 549
  | 550
  | 551
  | 552
  | 553
  | 554
  | 555
  | 556
  | 557
  | 558
  | 559
  | 560
  | 561
  | 562
  | 563
  | 564
  | 565
  | 566
  | 567
  | 568
  | 569
  | 570
  | 571
  | 572
  | 573
  | 574
  | 575
  | 576
  | 577
  | 578
  | 579
  | 580
  | 581
  | 582
  | 583
  | 584
  | 585
  | 586
  | 587
  | 588
  | 589
  | 590
  | 591
  | 592
  | 593
  | 594
  | 595
  | 596
  | 597
  | 598
  | 599;
/** The statuses of one or more ranges: `StatusRange<4>` is `400 | 401 | … | 499`. */
export type StatusRange<H extends 2 | 3 | 4 | 5> =
  | (2 extends H ? Status2XX : never)
  | (3 extends H ? Status3XX : never)
  | (4 extends H ? Status4XX : never)
  | (5 extends H ? Status5XX : never);
/** Every status a `fetch` response can have (200 to 599: `fetch` never resolves with a 1XX). */
export type HttpStatus = StatusRange<2 | 3 | 4 | 5>;
/** The statuses that are not 2XX. */
type NonSuccessStatus = StatusRange<3 | 4 | 5>;

type ToNumber<S> = S extends `${infer N extends number}` ? N : never;

/** The digit of a range key (`"4XX"` → 4), `never` for any other key. */
type RangeDigit<K> = K extends `${infer D extends 2 | 3 | 4 | 5}${"XX" | "xx"}` ? D : never;
/** The statuses a response map declares with an exact key (`200`, `404`). */
type ExactStatus<R> = ToNumber<`${Extract<keyof R, string | number>}`>;
/** Every status a response map declares, exactly or by range (`"4XX"`), `default` aside. */
type DeclaredStatus<R> = ExactStatus<R> | StatusRange<RangeDigit<keyof R>>;

/**
 * The status (as a literal type) of the results of response key `K`: the key itself for an exact
 * status; for a range key its statuses minus those declared exactly.
 */
type KeyStatus<R, K> = K extends number
  ? K
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
  /**
   * `false` for a 429 the client answered itself, without a request (its rate-limit state knew
   * the key was limited for longer than `retry.maxRetryAfterMs`); `true` otherwise.
   */
  readonly sentToServer: boolean;
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
 * The variants below are interfaces over the response map `R` (and key `K`), with everything
 * (status, `ok`, body, headers) computed in their members: TypeScript resolves members only when a
 * result is used, so the `type XResponse = OperationResult<XOperation>` of every operation of a
 * large spec costs one mapped type each (the status unions, `Exclude`s of up to 300 literals, are
 * never built for an operation nobody calls).
 */

/** The result of response key `K`: an exact code or a range; `default`'s is {@link OtherFailure}. */
interface KeyResult<R, K extends keyof R> extends ResultMeta {
  readonly status: KeyStatus<R, K>;
  readonly ok: IsSuccessKey<K>;
  /** The parsed body of a 2XX response, else `undefined`. */
  readonly data: IsSuccessKey<K> extends true ? ResponseBody<R[K]> : undefined;
  /**
   * `undefined` on a 2XX response, else the JSON body the spec declares or an
   * {@link UnexpectedResponseBody} when the body is not JSON.
   */
  readonly error: IsSuccessKey<K> extends true
    ? undefined
    : ErrorMedia<R[K]> | UnexpectedResponseBody;
  /** The declared response headers of this status, parsed per their schema (on first access). */
  readonly headers: DeclaredHeaders<R[K]>;
}

/**
 * A 2XX status the spec does not declare: typed with the declared success bodies (as a client
 * trusts the spec's 2XX bodies), `unknown` when it declares none, and their declared headers.
 */
interface OtherSuccess<R> extends ResultMeta {
  readonly status: Exclude<StatusRange<2>, DeclaredStatus<R>>;
  readonly ok: true;
  readonly data: DeclaredSuccessBody<R>;
  readonly error: undefined;
  /** The headers the declared 2XX responses declare (the runtime parses them by name). */
  readonly headers: [SuccessKey<R>] extends [never] ? {} : DeclaredHeaders<R[SuccessKey<R>]>;
}

/** The 2XX keys of a response map. */
type SuccessKey<R> = { [K in keyof R]-?: IsSuccessKey<K> extends true ? K : never }[keyof R];

/**
 * A non-2XX status declared nowhere: `default`'s response when there is one, else anything (e.g.
 * a proxy's 502: JSON is parsed, anything else is an {@link UnexpectedResponseBody}).
 */
interface OtherFailure<R> extends ResultMeta {
  readonly status: Exclude<NonSuccessStatus, DeclaredStatus<R>>;
  readonly ok: false;
  readonly data: undefined;
  readonly error: R extends { default: infer D }
    ? ErrorMedia<D> | UnexpectedResponseBody
    : UndeclaredBody;
  readonly headers: R extends { default: infer D } ? DeclaredHeaders<D> : {};
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
 * {@link UndeclaredBody} (unless `default` covers them). A 2XX whose body is not the declared one
 * is an `ok: false` variant of its status, with an {@link UnexpectedResponseBody}. Every variant
 * carries `response`, `rateLimit` and its declared `headers`.
 */
export type OperationResult<Op> = ResultUnion<Responses<Op>>;
type ResultUnion<R> =
  | { [K in keyof R]-?: KeyResult<R, K> | BodyFailure<R, K> }[keyof R]
  | OtherSuccess<R>
  | OtherBodyFailure<R>
  | OtherFailure<R>;

/** A 2XX status the spec does not declare, whose body is none of the declared success bodies. */
interface OtherBodyFailure<R> extends ResultMeta {
  readonly status: Exclude<StatusRange<2>, DeclaredStatus<R>>;
  readonly ok: false;
  readonly data: undefined;
  readonly error: UnexpectedResponseBody;
  readonly headers: {};
}

/**
 * A 2XX of key `K` whose body is not what the spec declares (a Content-Type it does not declare
 * for that status, such as a proxy's HTML page, or JSON that does not parse): a failure with an
 * {@link UnexpectedResponseBody}, its status and declared headers those of the key. Only for
 * success keys that declare content.
 */
type BodyFailure<R, K extends keyof R> =
  IsSuccessKey<K> extends true
    ? R[K] extends { content: unknown }
      ? BodyFailureOf<R, K>
      : never
    : never;
interface BodyFailureOf<R, K extends keyof R> extends ResultMeta {
  readonly status: KeyStatus<R, K>;
  readonly ok: false;
  readonly data: undefined;
  readonly error: UnexpectedResponseBody;
  readonly headers: DeclaredHeaders<R[K]>;
}
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
