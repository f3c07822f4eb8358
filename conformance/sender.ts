/**
 * Sends prepared requests one at a time, paced and rate-limit aware, so that a run never gets
 * its key banned:
 * - at most `rate` requests per second (evenly spaced) when a rate is given;
 * - a `429` (or a `503` with `Retry-After`) is never followed by another request before its
 *   `Retry-After` (delta-seconds or HTTP-date; exponential backoff from 1 s when absent) has
 *   elapsed; the same request is then sent again, up to `maxRateLimitRetries` times, after which
 *   the run stops with {@link RateLimitExhaustedError} instead of insisting; so it does at once
 *   when a single wait would exceed `maxWaitMs` (a ban, a daily quota).
 */
import { FETCH_FORBIDDEN_METHODS, sendRaw } from "./raw-http.js";
import type { PreparedRequest } from "./http-request.js";

export interface ObservedResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly bodyText: string;
}

export interface Exchange {
  readonly request: PreparedRequest;
  readonly response: ObservedResponse;
}

/** One request sent, as `--log` writes it. */
export interface ExchangeRecord {
  readonly request: PreparedRequest;
  readonly response: ObservedResponse | undefined;
  /** When there was no response: why. */
  readonly error: string | undefined;
  /** Epoch ms when the request was sent, and how long until the whole response was read. */
  readonly startedAt: number;
  readonly durationMs: number;
}

export interface SenderOptions {
  /** Requests per second at most (default: no pacing). */
  readonly rate?: number | undefined;
  /** How many times one request is retried after a 429 (default 3). */
  readonly maxRateLimitRetries?: number | undefined;
  /** The longest single Retry-After wait, in ms (default 5 minutes); a longer one stops the run. */
  readonly maxWaitMs?: number | undefined;
  /** Per-request timeout in ms (default 30 000). */
  readonly timeoutMs?: number | undefined;
  /** Told of every exchange as it ends (`--log`): the response, or the error when none came. */
  readonly onExchange?: ((entry: ExchangeRecord) => void) | undefined;
  /** Injected for tests: `fetch`, the clock (epoch ms) and the wait. */
  readonly fetch?: typeof fetch | undefined;
  readonly now?: (() => number) | undefined;
  readonly sleep?: ((ms: number) => Promise<void>) | undefined;
}

/** Stopping after repeated 429s, so that the key is not banned. */
export class RateLimitExhaustedError extends Error {
  constructor(
    readonly exchange: Exchange,
    reason: string,
  ) {
    super(
      `${exchange.request.method} ${exchange.request.url} was answered ${exchange.response.status} ${reason}: stopping so that the key is not banned (try a lower --rate, or a key on a larger plan)`,
    );
    this.name = "RateLimitExhaustedError";
  }
}

/** The server could not be reached (or did not answer in time). */
export class ConnectionError extends Error {
  constructor(request: PreparedRequest, cause: unknown) {
    super(
      `${request.method} ${request.url} failed: ${cause instanceof Error ? cause.message : String(cause)} (is the server running at --base-url?)`,
      { cause },
    );
    this.name = "ConnectionError";
  }
}

const defaultSleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds to wait from a `Retry-After` value (delta-seconds or HTTP-date), or undefined. */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^[0-9]+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export class Sender {
  /** Every request sent (retries included). */
  sent = 0;
  /** Every 429 received (before its retry). */
  readonly rateLimited: Exchange[] = [];
  /** Total time waited for pacing and Retry-After, in ms. */
  waitedMs = 0;
  readonly #options: SenderOptions;
  #nextAt = 0;

  constructor(options: SenderOptions = {}) {
    this.#options = options;
  }

  get #now(): number {
    return (this.#options.now ?? Date.now)();
  }

  async #wait(ms: number): Promise<void> {
    if (ms <= 0) return;
    this.waitedMs += ms;
    await (this.#options.sleep ?? defaultSleep)(ms);
  }

  async send(request: PreparedRequest): Promise<ObservedResponse> {
    const maxRetries = this.#options.maxRateLimitRetries ?? 3;
    for (let attempt = 0; ; attempt++) {
      const response = await this.#sendOnce(request);
      const limited =
        response.status === 429 || (response.status === 503 && response.headers.has("retry-after"));
      if (!limited) return response;
      const exchange = { request, response };
      if (response.status === 429) this.rateLimited.push(exchange);
      if (attempt >= maxRetries) {
        if (response.status === 503) return response;
        throw new RateLimitExhaustedError(
          exchange,
          `again after waiting for Retry-After ${attempt} times`,
        );
      }
      const wait =
        retryAfterMs(response.headers.get("retry-after"), this.#now) ?? 1000 * 2 ** attempt;
      const maxWait = this.#options.maxWaitMs ?? 300_000;
      if (wait > maxWait) {
        if (response.status === 503) return response;
        throw new RateLimitExhaustedError(
          exchange,
          `with Retry-After ${Math.ceil(wait / 1000)} s (more than ${Math.round(maxWait / 1000)} s: a ban, or a quota for the day)`,
        );
      }
      await this.#wait(wait);
      // The next request must not come before the wait is over, whatever the pacing says.
      this.#nextAt = Math.max(this.#nextAt, this.#now);
    }
  }

  async #sendOnce(request: PreparedRequest): Promise<ObservedResponse> {
    const rate = this.#options.rate;
    if (rate !== undefined && rate > 0) {
      await this.#wait(this.#nextAt - this.#now);
      this.#nextAt = Math.max(this.#now, this.#nextAt) + 1000 / rate;
    }
    const onExchange = this.#options.onExchange;
    if (onExchange === undefined) return this.#transmit(request);
    const startedAt = Date.now();
    const started = performance.now();
    const done = (response: ObservedResponse | undefined, error: string | undefined): void =>
      onExchange({ request, response, error, startedAt, durationMs: performance.now() - started });
    try {
      const response = await this.#transmit(request);
      done(response, undefined);
      return response;
    } catch (error) {
      done(undefined, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  async #transmit(request: PreparedRequest): Promise<ObservedResponse> {
    const fetchImpl = this.#options.fetch ?? fetch;
    this.sent++;
    try {
      if (FETCH_FORBIDDEN_METHODS.has(request.method.toUpperCase()))
        return await sendRaw(
          request.url,
          request.method,
          request.headers,
          this.#options.timeoutMs ?? 30_000,
        );
      const response = await fetchImpl(request.url, {
        method: request.method,
        headers: request.headers.map(([name, value]): [string, string] => [name, value]),
        body: request.body ?? null,
        redirect: "manual",
        signal: AbortSignal.timeout(this.#options.timeoutMs ?? 30_000),
      });
      const bodyText = await response.text();
      return { status: response.status, headers: response.headers, bodyText };
    } catch (error) {
      throw new ConnectionError(request, error);
    }
  }
}
