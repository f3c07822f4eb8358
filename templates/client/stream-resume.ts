// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The opt-in resumption of a dropped event stream (`resumeStream`): the same request again with
 * `Last-Event-ID`, through the rate-limit state (a held key gives up rather than wait past its
 * hold), without middleware; a non-2XX or non-stream answer gives up. Part of the streams codec
 * (stream-result.ts): the attempt loop only describes the request, so a client or operation
 * without streams does not bundle this.
 */
import type { CallInit } from "./build-request.js";
import type { StreamReconnect } from "./event-stream.js";
import type { RateLimitScheduler } from "./rate-limit-scheduler.js";

/** The call's request, as the attempt loop describes it when the call asks to resume. */
export interface StreamResume {
  readonly option: Exclude<CallInit["resumeStream"], undefined | false>;
  readonly scheduler: RateLimitScheduler;
  readonly fetch: typeof fetch;
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: BodyInit | undefined;
  readonly signal: AbortSignal | undefined;
}

/** How the event stream reconnects (event-stream.ts calls `resume` after a drop). */
export function streamReconnect(request: StreamResume): StreamReconnect {
  const option = request.option;
  const { scheduler, signal } = request;
  return {
    maxRetries: option === true ? 3 : (option.maxRetries ?? 3),
    async resume(lastEventId) {
      if (signal?.aborted === true) return null;
      const held = scheduler.acquire(signal);
      if (held !== undefined && (await held) !== undefined) return null; // limited beyond the wait
      let response: Response | undefined;
      try {
        response = await request.fetch(request.url, {
          method: request.method,
          headers: { ...request.headers, "last-event-id": lastEventId },
          body: request.body,
          signal,
        });
      } catch {
        return null;
      } finally {
        scheduler.release(response);
      }
      const type = response.headers.get("content-type")?.toLowerCase() ?? "";
      if (response.ok && type.startsWith("text/event-stream")) return response.body;
      const body = response.body;
      if (body !== null && !body.locked) body.cancel().catch(() => undefined);
      return null;
    },
  };
}
