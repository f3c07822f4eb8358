// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The API descriptor's `readers.streamBodies`: an async iterable written as NDJSON or
 * server-sent events (stream-body.ts). Items are pulled only as fast as the client reads; a
 * client that goes away ends the iteration (its `return()` runs, so `finally` blocks close
 * cursors). An item that throws after the status was sent cannot change it: the failure goes to
 * `onError` and the stream is cut, so the client sees an incomplete body rather than a silent
 * end. The generated server-api.ts passes it only when an operation of the spec declares a
 * streaming media type (`needsStreamWriter` in optional-readers.ts), so a bundle of any other
 * API leaves this code out.
 */
import type { ServerSentEvent, StreamBodyWriter } from "./stream-body.js";

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

export const streamBodies: StreamBodyWriter = (source, essence, onFailure) => {
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
};
