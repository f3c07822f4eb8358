// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The result of a 2XX streamed response (`text/event-stream`, NDJSON): resolved as soon as the
 * headers arrive, its `data` an {@link EventStream} read as the items arrive. Only clients whose
 * spec declares a stream pass this reader to the runtime, so the others do not bundle it.
 */
import type { ClientOperationDescriptor } from "./descriptor.js";
import { EventStream, streamFormat } from "./event-stream.js";
import { RuntimeResult } from "./result.js";
import { streamReconnect } from "./stream-resume.js";
import type { CallInit } from "./build-request.js";
import type { RateLimitScheduler } from "./rate-limit-scheduler.js";

/**
 * Reads a response into a streamed result when it is a 2XX whose Content-Type is a stream.
 *
 * @param done called once when the stream ends or is cancelled (it frees the call's timer)
 * @param what the call, for error messages
 * @param init the call's options: its `resumeStream` resumes a dropped event stream with
 *   `Last-Event-ID` by sending the request (the arguments after it) again; its `signal` ends that
 * @returns `undefined` when the response is not a 2XX stream (it is then read as usual)
 */
export function readStreamResult(
  response: Response,
  op: ClientOperationDescriptor,
  done: () => void,
  what: string,
  init: Pick<CallInit, "resumeStream" | "signal"> | undefined,
  scheduler: RateLimitScheduler,
  fetch: typeof globalThis.fetch,
  method: string,
  url: string,
  headers: Readonly<Record<string, string>>,
  body: BodyInit | undefined,
): RuntimeResult | undefined {
  const status = response.status;
  if (status < 200 || status >= 300 || status === 204 || status === 205) return undefined;
  const format = streamFormat(response.headers.get("content-type"));
  if (format === undefined) return undefined;
  const option = init?.resumeStream;
  const resume =
    format === "events" && option !== undefined && option !== false
      ? streamReconnect({
          option,
          scheduler,
          fetch,
          method,
          url,
          headers,
          body,
          signal: init?.signal,
        })
      : undefined;
  const stream = new EventStream(
    response.body,
    format === "events" && op.eventData === "text" ? "text-events" : format,
    done,
    what,
    resume,
  );
  return new RuntimeResult(stream, undefined, response, null, op);
}
