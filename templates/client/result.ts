// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The untyped result of a call, and the reading of response bodies.
 */
import type { ClientOperationDescriptor } from "./descriptor.js";
import { parseRateLimit, type RateLimitInfo } from "./rate-limit.js";
import { parseResponseHeaders } from "./response-headers.js";

/** What `call` returns, untyped (the generated methods narrow it with `OperationResult`). */
export interface ClientResult {
  /** The parsed body of a 2XX response, else `undefined`. */
  readonly data: unknown;
  /** The parsed body of any other response, else `undefined`. */
  readonly error: unknown;
  /** The final response (after any retries); its body has been consumed. */
  readonly response: Response;
  /** The response's `X-RateLimit-*` headers, parsed on first access; `undefined` if absent. */
  readonly rateLimit: RateLimitInfo | undefined;
  /**
   * The response headers the spec declares for its status, by the spec's names, parsed per their
   * schema type on first access; a header that is missing or does not parse is left out.
   */
  readonly headers: Readonly<Record<string, unknown>>;
}

/**
 * A result whose `rateLimit` is parsed from the response headers only when first read (header
 * lookups are the bulk of the per-call overhead). `rateLimit` is an accessor on the prototype:
 * read it directly (an object spread of the result does not copy it).
 */
export class RuntimeResult implements ClientResult {
  readonly data: unknown;
  readonly error: unknown;
  readonly response: Response;
  /** `null` until parsed. */
  #rateLimit: RateLimitInfo | undefined | null;
  /** The operation called, for its declared response headers. */
  readonly #operation: ClientOperationDescriptor | undefined;
  /** `undefined` until parsed. */
  #headers: Readonly<Record<string, unknown>> | undefined;

  /**
   * @param rateLimit the already parsed rate limit, or `null` to parse it on first access
   * @param operation the operation called (its declared response headers give `headers`)
   */
  constructor(
    data: unknown,
    error: unknown,
    response: Response,
    rateLimit: RateLimitInfo | undefined | null,
    operation?: ClientOperationDescriptor,
  ) {
    this.data = data;
    this.error = error;
    this.response = response;
    this.#rateLimit = rateLimit;
    this.#operation = operation;
  }

  /** The id of the operation called, when the runtime said (for `unwrap`'s `ApiError`). */
  get operationId(): string | undefined {
    return this.#operation?.operationId;
  }

  /** The declared response headers of this status, parsed (once, on first access). */
  get headers(): Readonly<Record<string, unknown>> {
    let headers = this.#headers;
    if (headers === undefined) {
      const op = this.#operation;
      this.#headers = headers =
        op === undefined ? {} : parseResponseHeaders(op, this.response.headers);
    }
    return headers;
  }

  /** The response's `X-RateLimit-*` headers (parsed once, on first access). */
  get rateLimit(): RateLimitInfo | undefined {
    let rateLimit = this.#rateLimit;
    if (rateLimit === null) this.#rateLimit = rateLimit = parseRateLimit(this.response.headers);
    return rateLimit;
  }
}

/** Parses an error body that claims to be JSON; keeps it as text when it is not. */
export function parseErrorJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text; // e.g. a proxy's HTML error page served with a JSON content type
  }
}

/**
 * Reads a non-JSON body: `text/*` (or no content type) as text, anything else as a `Blob`;
 * an empty text body or `Content-Length: 0` gives `undefined`.
 */
export async function readNonJsonBody(
  response: Response,
  contentType: string | null,
): Promise<unknown> {
  if (contentType === null || contentType.startsWith("text/")) {
    const text = await response.text();
    return text === "" ? undefined : text;
  }
  if (response.headers.get("content-length") === "0") return undefined;
  return response.blob();
}
