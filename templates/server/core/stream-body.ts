// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Streamed response bodies produced from an async iterable (an `async function*` handler
 * helper, a database cursor): NDJSON (`application/x-ndjson`, `application/jsonl`: one JSON
 * text per item and line) and server-sent events (`text/event-stream`: one event per item,
 * see {@link ServerSentEvent}). What every server needs to recognise them is here; the writer
 * itself is stream-writer.ts, which an API descriptor carries only when its spec declares such
 * a media type (optional-readers.ts).
 */

/** One server-sent event: `data` is sent as JSON (a string as it is), one `data:` line per line. */
export interface ServerSentEvent<T = unknown> {
  readonly data: T;
  readonly event?: string;
  readonly id?: string;
  /** Reconnection time the client should use, in ms. */
  readonly retry?: number;
}

const STREAMING = new Set(["application/x-ndjson", "application/jsonl", "text/event-stream"]);

/** Whether a media type essence is one the runtime streams from an async iterable. */
export function isStreamingMediaType(essence: string): boolean {
  return STREAMING.has(essence);
}

export function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === "function"
  );
}

/**
 * Writes an async iterable's items as the bytes of a streaming media type `essence` (see
 * {@link isStreamingMediaType}); `onFailure` gets what an item threw. The API descriptor's
 * `readers.streamBodies` (stream-writer.ts), present when an operation declares such a type.
 */
export type StreamBodyWriter = (
  source: AsyncIterable<unknown>,
  essence: string,
  onFailure: (error: unknown) => void,
) => ReadableStream<Uint8Array>;

/**
 * Why a value declared as JSON cannot be sent as JSON (`JSON.stringify` would send `{}` or
 * nothing), or undefined when it can. Checks the value itself, not what it contains.
 */
export function notJsonReason(value: unknown): string | undefined {
  if (typeof value === "function" || typeof value === "symbol") return `a ${typeof value}`;
  if (typeof value !== "object" || value === null) return undefined;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === Object.prototype || prototype === Array.prototype) return undefined; // the usual case
  if (value instanceof ReadableStream) return "a ReadableStream";
  if (value instanceof Blob) return "a Blob";
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return "bytes";
  if (value instanceof Map || value instanceof Set) return `a ${value.constructor.name}`;
  if (isAsyncIterable(value)) return "an async iterable (declare a streaming media type)";
  if (typeof (value as { then?: unknown }).then === "function") return "a promise (await it)";
  return undefined;
}
