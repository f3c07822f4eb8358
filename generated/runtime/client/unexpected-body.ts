// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The `error` of a non-2XX result whose body is not the JSON the spec declares (an empty body, a
 * proxy's HTML page, JSON that does not parse): it keeps the status and the raw text.
 */
export class UnexpectedResponseBody {
  /** The response's HTTP status. */
  readonly status: number;
  /** The response's `Content-Type`, `null` when it had none. */
  readonly contentType: string | null;
  /** The raw body text (`""` when the body was empty). */
  readonly text: string;
  /** `<status> <statusText>: <the first 200 characters of the body>`. */
  readonly message: string;

  /**
   * @param status the response's HTTP status
   * @param contentType its `Content-Type` header, `null` when absent
   * @param text the raw body text
   * @param statusText the response's status text, when known
   */
  constructor(status: number, contentType: string | null, text: string, statusText?: string) {
    this.status = status;
    this.contentType = contentType;
    this.text = text;
    const head =
      statusText === undefined || statusText === "" ? `${status}` : `${status} ${statusText}`;
    this.message = `${head}: ${text.length > 200 ? `${text.slice(0, 200)}…` : text}`;
  }
}
