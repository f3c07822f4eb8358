// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The `error` of a non-2XX result whose body is not a JSON value: an empty body (a proxy's 503),
 * an HTML error page (a 502), a body that claims JSON but does not parse, or a JSON `null`; and of
 * a 2XX that is not what the spec declares (a Content-Type it does not declare for that status, or
 * JSON that does not parse), which is then a failure too (`ok: false`).
 */

/** The longest raw text kept, in UTF-16 code units (64 KiB): the rest of the body is not read. */
export const UNEXPECTED_BODY_MAX_TEXT = 65_536;

/** The most of the body's text quoted in `message`. */
const MESSAGE_EXCERPT = 200;

/** Why a 2XX response is not the success its operation declares. */
export interface UnexpectedSuccess {
  /** The operation called. */
  readonly operationId: string;
  /** `"undeclared content type"`, `"invalid JSON"` or `"invalid XML"`. */
  readonly reason: "undeclared content type" | "invalid JSON" | "invalid XML";
  /** What was expected or what failed (the declared media types, the parser's message). */
  readonly detail: string;
}

/**
 * A response whose body the client could not use as the spec says: a non-2XX body that is not the
 * spec's error object, or a 2XX body that is not the declared success (`operationId` and `reason`
 * then say which call and why). It is an `Error` (so it can be thrown or logged), but the client
 * returns it as `result.error`.
 */
export class UnexpectedResponseBody extends Error {
  override readonly name = "UnexpectedResponseBody";
  /** The response status. */
  declare readonly status: number;
  /** The response's `Content-Type`, `null` when it had none. */
  declare readonly contentType: string | null;
  /** The body as text, at most {@link UNEXPECTED_BODY_MAX_TEXT} code units (empty for no body). */
  declare readonly text: string;
  /** The operation, for a 2XX that is not the declared success (else `undefined`). */
  declare readonly operationId: string | undefined;
  /** Why a 2XX is not the declared success (else `undefined`). */
  declare readonly reason: UnexpectedSuccess["reason"] | undefined;

  /**
   * @param statusText the reason phrase, if any (`"Bad Gateway"`)
   * @param success set for a 2XX response that is not the declared success
   */
  constructor(
    status: number,
    statusText: string,
    contentType: string | null,
    text: string,
    success?: UnexpectedSuccess,
  ) {
    const excerpt = text.length > MESSAGE_EXCERPT ? `${text.slice(0, MESSAGE_EXCERPT)}…` : text;
    let head = statusText === "" ? `${status}` : `${status} ${statusText}`;
    if (success !== undefined) {
      const what = success.reason === "invalid JSON" ? "JSON that does not parse" : contentType;
      head = `${success.operationId} got ${head} with ${what ?? "no Content-Type"} (${success.detail})`;
    }
    super(excerpt.trim() === "" ? `${head}: empty response body` : `${head}: ${excerpt}`);
    this.status = status;
    this.contentType = contentType;
    this.text = text.slice(0, UNEXPECTED_BODY_MAX_TEXT);
    this.operationId = success?.operationId;
    this.reason = success?.reason;
  }
}

/**
 * Reads at most `maxChars` characters of a body as text, then cancels the rest of the stream
 * (a huge error page is not downloaded).
 */
export async function readTextCapped(
  response: Response,
  maxChars: number = UNEXPECTED_BODY_MAX_TEXT,
): Promise<string> {
  const body = response.body;
  if (body === null) return "";
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      text += decoder.decode(value, { stream: true });
      if (text.length >= maxChars) {
        await reader.cancel().catch(() => undefined);
        return text.slice(0, maxChars);
      }
    }
  } finally {
    reader.releaseLock();
  }
}
