// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Type helpers for the generated `Handlers` interface (types only, no runtime code).
 */
import type { ServerSentEvent } from "./stream-body.js";

/** Header parameters arrive with lower-case names (HTTP header names are case-insensitive). */
export type LowercaseKeys<T> = {
  [K in keyof T as K extends string ? Lowercase<K> : K]: T[K];
};

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** Every status of a range such as `4XX`: `StatusRange<4>` is `400 | 401 | … | 499`. */
export type StatusRange<D extends 1 | 2 | 3 | 4 | 5> =
  `${D}${Digit}${Digit}` extends `${infer N extends number}` ? N : never;

/** Extra response headers a handler may set (the runtime sets `X-RateLimit-*` and deprecation headers). */
export type ResponseHeaders = Readonly<Record<string, string>>;

/**
 * The headers declared once in `responseHeaders` (`H`, e.g. `"X-Request-Id"`), which every
 * response may carry besides those the spec declares for it: optional, a header value each.
 */
export type ExtraHeaders<H extends string> = {
  readonly [K in H]?: string | number | boolean | readonly string[];
};

/**
 * `headers` of a response the spec declares no header for: the extra ones when there are
 * any, else none at all (an undeclared header does not compile).
 */
export type OnlyExtraHeaders<H extends string> = [H] extends [never] ? undefined : ExtraHeaders<H>;

/** A parameter group an operation does not have: always an empty object. */
export type NoParameters = Readonly<Record<string, never>>;

/**
 * A binary response body (`image/png`, `application/octet-stream`, ...): bytes, a `Blob` or a
 * stream, which the runtime sends as they are (a stream is streamed, never buffered).
 */
export type BinaryBody = Uint8Array | ArrayBuffer | Blob | ReadableStream<Uint8Array>;

/**
 * An NDJSON / JSON Lines response body (`application/x-ndjson`, `application/jsonl`): an async
 * iterable of the spec's item schema (one JSON text per line, pulled as the client reads), or
 * bytes already encoded.
 */
export type NdjsonBody<Item> = AsyncIterable<Item> | BinaryBody;

/**
 * A server-sent events response body (`text/event-stream`): an async iterable of events whose
 * `data` is the spec's item schema (see `ServerSentEvent`), or the body as the spec types it
 * (text, or bytes already encoded).
 */
export type EventStreamBody<Item> = AsyncIterable<ServerSentEvent<Item>> | Item | BinaryBody;

/**
 * A multipart body as the handler receives it: the file fields (`format: binary`,
 * `contentMediaType`) are web `File`s, `One` a single file, `Many` an array of them (a field in
 * both is either: `anyOf: [binary, array of binary]`).
 */
export type FormFiles<T, One extends PropertyKey, Many extends PropertyKey = never> = {
  [K in keyof T]: K extends One
    ? K extends Many
      ? File | File[]
      : File
    : K extends Many
      ? File[]
      : T[K];
};
