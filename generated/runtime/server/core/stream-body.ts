// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Streamed response bodies produced from an async iterable (an `async function*` handler
 * helper, a database cursor): NDJSON (`application/x-ndjson`, `application/jsonl`: one JSON
 * text per item and line) and server-sent events (`text/event-stream`: one event per item,
 * see {@link ServerSentEvent}). Items are pulled only as fast as the client reads; a client that
 * goes away ends the iteration (its `return()` runs, so `finally` blocks close cursors). An
 * item that throws after the status was sent cannot change it: the failure goes to `onError`
 * and the stream is cut, so the client sees an incomplete body rather than a silent end.
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

/** No line breaks in an event's field (they would start a new field). */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, " ");
}

function eventText(item: unknown): string {
  const event = (item ?? {}) as ServerSentEvent;
  let text = "";
  if (event.event !== undefined) text += `event: ${oneLine(event.event)}\n`;
  if (event.id !== undefined) text += `id: ${oneLine(event.id)}\n`;
  if (event.retry !== undefined) text += `retry: ${Math.max(0, Math.floor(event.retry))}\n`;
  const data = typeof event.data === "string" ? event.data : (JSON.stringify(event.data) ?? "null");
  for (const line of data.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
  return `${text}\n`;
}

/** The items of `source` as the bytes of `essence` (see {@link isStreamingMediaType}). */
export function streamFromIterable(
  source: AsyncIterable<unknown>,
  essence: string,
  onFailure: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const sse = essence === "text/event-stream";
  let iterator: AsyncIterator<unknown> | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        iterator ??= source[Symbol.asyncIterator]();
        const next = await iterator.next();
        if (next.done === true) {
          controller.close();
          return;
        }
        const text = sse ? eventText(next.value) : `${JSON.stringify(next.value) ?? "null"}\n`;
        controller.enqueue(encoder.encode(text));
      } catch (error) {
        onFailure(error);
        controller.error(error);
      }
    },
    async cancel() {
      await iterator?.return?.();
    },
  });
}

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
