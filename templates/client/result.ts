// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The untyped result of a call.
 */
import type { ClientOperationDescriptor } from "./descriptor.js";
import { parseRateLimit, type RateLimitInfo } from "./rate-limit.js";
import { answeredLocally } from "./rate-limit-scheduler.js";
import { parseResponseHeaders } from "./response-headers.js";

/** What `call` returns, untyped (the generated methods narrow it with `OperationResult`). */
export interface ClientResult {
  /** The parsed body of a 2XX response, else `undefined`. */
  readonly data: unknown;
  /**
   * Defined on every non-2XX response: the parsed JSON body when the response is JSON and parses
   * (to anything but `null`, `false`, `0` or `""`), else an `UnexpectedResponseBody`.
   */
  readonly error: unknown;
  /** The response status (after any retries). */
  readonly status: number;
  /**
   * Whether the call succeeded: a 2XX whose body is what the spec declares (then `data` is set,
   * else `error`).
   */
  readonly ok: boolean;
  /** The final response (after any retries); its body has been consumed. */
  readonly response: Response;
  /** The response's `X-RateLimit-*` headers, parsed on first access; `undefined` if absent. */
  readonly rateLimit: RateLimitInfo | undefined;
  /**
   * The response headers the spec declares for its status, by the spec's names, parsed per their
   * schema type on first access; a header that is missing or does not parse is left out.
   */
  readonly headers: Readonly<Record<string, unknown>>;
  /** `false` for a 429 the client answered itself (no request was sent). */
  readonly sentToServer: boolean;
}

/**
 * A result whose `rateLimit` is parsed from the response headers only when first read (header
 * lookups are the bulk of the per-call overhead). `rateLimit` is an accessor on the prototype:
 * read it directly (an object spread of the result does not copy it).
 */
export class RuntimeResult implements ClientResult {
  declare readonly data: unknown;
  declare readonly error: unknown;
  declare readonly status: number;
  declare readonly ok: boolean;
  declare readonly response: Response;
  /** `null` until parsed. */
  #rateLimit: RateLimitInfo | undefined | null;
  /** The operation called, for its declared response headers. */
  readonly #operation: ClientOperationDescriptor | undefined;
  /** `undefined` until parsed. */
  #headers: Readonly<Record<string, unknown>> | undefined;

  /**
   * @param rateLimit the already parsed rate limit, or `null` to parse it on first access
   * @param operation the operation called (its declared response headers give `headers`)
   * @param ok `false` for a 2XX whose body is not the declared success (by default: 2XX)
   */
  constructor(
    data: unknown,
    error: unknown,
    response: Response,
    rateLimit: RateLimitInfo | undefined | null,
    operation?: ClientOperationDescriptor,
    ok?: boolean,
  ) {
    this.data = data;
    this.error = error;
    const status = response.status;
    this.status = status;
    this.ok = ok ?? (status >= 200 && status < 300);
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

  /**
   * `false` for a 429 the client answered itself, without a request (its rate-limit state knew
   * the key was limited beyond `maxRetryAfterMs`); `true` for a response from the network.
   */
  get sentToServer(): boolean {
    return !answeredLocally(this.response);
  }

  /** The response's `X-RateLimit-*` headers (parsed once, on first access). */
  get rateLimit(): RateLimitInfo | undefined {
    let rateLimit = this.#rateLimit;
    if (rateLimit === null) this.#rateLimit = rateLimit = parseRateLimit(this.response.headers);
    return rateLimit;
  }
}
