// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The `error` of a non-2XX result whose body is not a JSON value: an empty body (a proxy's 503),
 * an HTML error page (a 502), a body that claims JSON but does not parse, or a JSON `null`.
 */

/** The longest raw text kept, in UTF-16 code units (64 KiB): the rest of the body is not read. */
export const UNEXPECTED_BODY_MAX_TEXT = 65_536;

/** The most of the body's text quoted in `message`. */
const MESSAGE_EXCERPT = 200;

/**
 * A non-2XX response whose body the client could not use as the spec's error object. It is an
 * `Error` (so it can be thrown or logged), but the client returns it as `result.error`.
 */
export class UnexpectedResponseBody extends Error {
  override readonly name = "UnexpectedResponseBody";
  /** The response status. */
  readonly status: number;
  /** The response's `Content-Type`, `null` when it had none. */
  readonly contentType: string | null;
  /** The body as text, at most {@link UNEXPECTED_BODY_MAX_TEXT} code units (empty for no body). */
  readonly text: string;

  /**
   * @param statusText the reason phrase, if any (`"Bad Gateway"`)
   */
  constructor(status: number, statusText: string, contentType: string | null, text: string) {
    const excerpt = text.length > MESSAGE_EXCERPT ? `${text.slice(0, MESSAGE_EXCERPT)}…` : text;
    const head = statusText === "" ? `${status}` : `${status} ${statusText}`;
    super(excerpt.trim() === "" ? `${head}: empty response body` : `${head}: ${excerpt}`);
    this.status = status;
    this.contentType = contentType;
    this.text = text.slice(0, UNEXPECTED_BODY_MAX_TEXT);
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
