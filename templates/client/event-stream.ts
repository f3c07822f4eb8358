// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Streamed response bodies: `text/event-stream` (server-sent events) and newline-delimited JSON
 * (`application/x-ndjson`, `application/jsonl`), read as they arrive.
 *
 * The event-stream parser follows the WHATWG HTML "event stream interpretation" rules: UTF-8 with
 * an optional leading BOM; lines end with CRLF, LF or CR; a blank line dispatches the event; a
 * line starting with `:` is a comment; `field: value` loses one leading space of its value;
 * `data` lines are joined with `\n`; `id` (without NUL) is kept for the following events;
 * `retry` takes only ASCII digits; an event without data is not dispatched; an event the stream
 * ends in the middle of is discarded. It is a pull parser over the body's reader, so a slow
 * consumer applies backpressure and leaving the loop cancels the body.
 */

/** One server-sent event, its `data` parsed as JSON when the spec's schema is JSON. */
export interface ServerSentEvent<T> {
  /** The event's data (its `data:` lines joined by `\n`), parsed as JSON unless the schema is a string. */
  readonly data: T;
  /** The `event:` field, `"message"` when the event has none. */
  readonly event: string;
  /** The last `id:` seen in the stream so far, `undefined` before any. */
  readonly id: string | undefined;
  /** The `retry:` reconnection time of this event in ms, when it has one. */
  readonly retry: number | undefined;
}

/** How a stream's items are read: server-sent events (data parsed as JSON or kept as text), or NDJSON. */
export type StreamFormat = "events" | "text-events" | "ndjson";

/** The stream format of a response's media type, `undefined` when it is not a stream. */
export function streamFormat(contentType: string | null): "events" | "ndjson" | undefined {
  if (contentType === null) return undefined;
  const semicolon = contentType.indexOf(";");
  const essence = (semicolon === -1 ? contentType : contentType.slice(0, semicolon))
    .trim()
    .toLowerCase();
  if (essence === "text/event-stream") return "events";
  if (
    essence === "application/x-ndjson" ||
    essence === "application/jsonl" ||
    essence === "application/x-jsonlines" ||
    essence === "application/ndjson"
  )
    return "ndjson";
  return undefined;
}

/**
 * The `data` of a 2XX streamed response: iterate it once with `for await`, as the items arrive.
 * Leaving the loop (`break`, `return`, a throw) cancels the response body; so does
 * {@link EventStream.cancel} when it is not iterated. The call's `signal` and timeout (which then
 * covers the whole stream) abort the iteration with their reason.
 */
export class EventStream<T> implements AsyncIterable<T> {
  readonly #body: ReadableStream<Uint8Array> | null;
  readonly #format: StreamFormat;
  readonly #done: () => void;
  readonly #what: string;
  readonly #reconnect: StreamReconnect | undefined;
  #used = false;

  /**
   * @param body the response body
   * @param format how to read it
   * @param done called once when the stream ends, fails or is cancelled (frees the call's timer)
   * @param what the call, for error messages (`createChat (POST https://…/chat)`)
   * @param reconnect resumes a dropped event stream (opt-in `resumeStream`), see {@link StreamReconnect}
   */
  constructor(
    body: ReadableStream<Uint8Array> | null,
    format: StreamFormat,
    done: () => void,
    what: string,
    reconnect?: StreamReconnect,
  ) {
    this.#body = body;
    this.#format = format;
    this.#done = done;
    this.#what = what;
    this.#reconnect = reconnect;
  }

  /** Cancels the response body without reading it (when it was not iterated). */
  async cancel(): Promise<void> {
    if (this.#used) return;
    this.#used = true;
    this.#done();
    await this.#body?.cancel().catch(() => undefined);
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    if (this.#used) throw new Error(`The stream of ${this.#what} can be iterated only once`);
    this.#used = true;
    return this.#items();
  }

  async *#items(): AsyncGenerator<T, void, undefined> {
    let reader = this.#body?.getReader();
    let finished = false;
    try {
      if (reader === undefined) return;
      const lines = readLines(reader);
      if (this.#format === "ndjson") {
        let number = 0;
        for await (const line of lines) {
          number++;
          if (line.trim() !== "") yield parseJson(line, `line ${number}`, this.#what) as T;
        }
      } else {
        let lastId: string | undefined;
        let resumes = 0;
        let events = parseEvents(lines);
        for (;;) {
          let event: RawEvent;
          try {
            const next = await events.next();
            if (next.done === true) break;
            event = next.value;
          } catch (error) {
            // a dropped stream whose events carry ids: resumed with Last-Event-ID when asked
            const reconnect = this.#reconnect;
            if (reconnect === undefined || lastId === undefined || resumes >= reconnect.maxRetries)
              throw error;
            resumes++;
            const body = await reconnect.resume(lastId);
            if (body === null) throw error;
            reader = body.getReader();
            events = parseEvents(readLines(reader));
            continue;
          }
          lastId = event.id;
          const data = event.data;
          // OpenAI-compatible streams end with `data: [DONE]`, which JSON data cannot be
          // (the rest of the body is not read: the connection is freed)
          if (this.#format === "events" && data.trim() === DONE_SENTINEL) return;
          yield {
            data:
              this.#format === "events"
                ? parseJson(data, `event ${event.id ?? ""}`, this.#what)
                : data,
            event: event.event,
            id: event.id,
            retry: event.retry,
          } as T;
        }
      }
      finished = true;
    } finally {
      this.#done();
      // left early (break, throw, abort, `[DONE]`): free the connection
      if (!finished && reader !== undefined) reader.cancel().catch(() => undefined);
    }
  }
}

/**
 * How a dropped event stream resumes (the call's `resumeStream`): `resume(lastEventId)` sends the
 * request again with `Last-Event-ID` (through the client's rate-limit state) and gives the new
 * body, or `null` when it cannot (then the original error is thrown); at most `maxRetries` times.
 */
export interface StreamReconnect {
  readonly maxRetries: number;
  resume(lastEventId: string): Promise<ReadableStream<Uint8Array> | null>;
}

/** The data that ends an OpenAI-compatible event stream. */
export const DONE_SENTINEL = "[DONE]";

/**
 * An event (or NDJSON line) whose data is not the JSON the spec declares: the loop over the stream
 * throws it. A `SyntaxError` (as before), typed, naming the call; `data` is the start of the text.
 */
export class EventStreamError extends SyntaxError {
  override readonly name = "EventStreamError";
  /** The call: `operationId (METHOD url)`. */
  declare readonly call: string;
  /** The event (`event 7`) or line (`line 3`) that broke the stream. */
  declare readonly where: string;
  /** The data, at most 200 characters. */
  declare readonly data: string;

  constructor(call: string, where: string, text: string, cause: unknown) {
    const data = text.slice(0, 200);
    super(`The stream of ${call} sent ${where} that is not JSON: ${JSON.stringify(data)}`, {
      cause,
    });
    this.call = call;
    this.where = where;
    this.data = data;
  }
}

function parseJson(text: string, where: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new EventStreamError(what, where.trim(), text, error);
  }
}

/** The lines of a UTF-8 body (CRLF, LF or CR), a leading BOM dropped; a last unterminated line too. */
async function* readLines(reader: ReadableStreamDefaultReader<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { ignoreBOM: false });
  let buffer = "";
  let afterCr = false; // a CR ended the last line: a following LF belongs to it
  for (;;) {
    const { done, value } = await reader.read();
    buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const char = buffer.charCodeAt(i);
      if (char === 10 && afterCr && i === start) {
        start = i + 1;
        afterCr = false;
        continue;
      }
      afterCr = false;
      if (char === 10 || char === 13) {
        yield buffer.slice(start, i);
        start = i + 1;
        afterCr = char === 13;
      }
    }
    buffer = buffer.slice(start);
    if (done) {
      if (buffer !== "") yield buffer;
      return;
    }
  }
}

interface RawEvent {
  readonly data: string;
  readonly event: string;
  readonly id: string | undefined;
  readonly retry: number | undefined;
}

/** Server-sent events from lines, per the WHATWG rules (see the module comment). */
async function* parseEvents(lines: AsyncIterable<string>): AsyncGenerator<RawEvent> {
  let data: string[] = [];
  let event = "";
  let id: string | undefined;
  let retry: number | undefined;
  for await (const line of lines) {
    if (line === "") {
      if (data.length > 0) yield { data: data.join("\n"), event: event || "message", id, retry };
      data = [];
      event = "";
      retry = undefined;
      continue;
    }
    if (line.startsWith(":")) continue; // a comment (often a keep-alive)
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") data.push(value);
    else if (field === "event") event = value;
    else if (field === "id") {
      if (!value.includes("\0")) id = value;
    } else if (field === "retry" && /^\d+$/.test(value)) retry = Number(value);
  }
  // the stream ended inside an event: discarded, as the rules say
}
