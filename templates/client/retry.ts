// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The client's retry policy: which failures are retried, and how long to wait before doing so.
 */

/** How the client retries. Every field has a default (see {@link DEFAULT_RETRY_POLICY}). */
export interface RetryPolicy {
  /** Retries after the first attempt (so at most `maxRetries + 1` requests). Default 3. */
  readonly maxRetries: number;
  /** The backoff's base: the n-th retry (from 0) waits up to `baseDelayMs · 2^n`. Default 500. */
  readonly baseDelayMs: number;
  /** The backoff's cap. Default 30 000. */
  readonly maxDelayMs: number;
  /**
   * The longest `Retry-After` the client waits for. A longer one is not waited for: the caller
   * gets the 429 (or 5xx) result at once. Also bounds the client-wide rate-limit hold (after a
   * 429 or `X-RateLimit-Remaining: 0`; see `RateLimitScheduler`). Default 60 000.
   */
  readonly maxRetryAfterMs: number;
}

/** The defaults of {@link RetryPolicy}. */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 60_000,
});

/**
 * Completes a partial policy with the defaults (or with `base`: a call's `retry` over its
 * client's policy). `false` disables retries (`maxRetries: 0`, the other fields kept).
 */
export function resolveRetryPolicy(
  policy?: Partial<RetryPolicy> | false,
  base: Readonly<RetryPolicy> = DEFAULT_RETRY_POLICY,
): RetryPolicy {
  if (policy === false) return { ...base, maxRetries: 0 };
  if (policy === undefined) return base;
  const resolved: Record<string, number> = { ...base };
  // only the policy's known settings, an `undefined` one keeping its default
  for (const name in resolved) {
    const value = policy[name as keyof RetryPolicy];
    if (value !== undefined) resolved[name] = value;
  }
  return resolved as unknown as RetryPolicy;
}

/**
 * Whether a method is idempotent (RFC 9110 §9.2.2), so that a request that may or may not have
 * been processed can safely be sent again. Accepts upper or lower case.
 */
const IDEMPOTENT_METHOD = /^(?:get|head|options|put|delete|trace)$/i;

export function isIdempotentMethod(method: string): boolean {
  return IDEMPOTENT_METHOD.test(method);
}

/** Whether a status is a transient server error worth retrying (500, 502, 503, 504). */
export function isRetryableServerStatus(status: number): boolean {
  return status === 500 || status === 502 || status === 503 || status === 504;
}

/**
 * Exponential backoff with full jitter: a delay drawn uniformly from
 * `[0, min(maxDelayMs, baseDelayMs · 2^attempt))`.
 *
 * @param attempt the retry's index, from 0 for the first retry
 * @param random a source of numbers in `[0, 1)` (`Math.random` by default)
 */
export function backoffDelay(
  attempt: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/** What went wrong with one attempt, as {@link retryDelay} needs it. */
export interface AttemptOutcome {
  /** The retry this would be, from 0 (= how many retries were already made). */
  readonly attempt: number;
  /** The request's method (any case). */
  readonly method: string;
  /** The response status, or `undefined` when `fetch` threw or timed out (not the caller's abort). */
  readonly status: number | undefined;
  /** The parsed `Retry-After` in milliseconds, when the response had one. */
  readonly retryAfterMs?: number | undefined;
  /**
   * Whether the request may safely be sent again; by default whether `method` is idempotent. A
   * POST carrying an idempotency key is (the server replays the first response).
   */
  readonly idempotent?: boolean | undefined;
}

/**
 * Decides whether to retry an attempt, and after how long.
 *
 * - 429 is retried for every method (the request was not processed).
 * - A network error (or a timed-out attempt), 500, 502, 503 and 504 are retried only for
 *   idempotent methods (GET, HEAD, OPTIONS, PUT, DELETE, TRACE), or when `idempotent` says so (an
 *   idempotency key): a POST or PATCH without one may have had an effect.
 * - With a `Retry-After`, the wait is the larger of it and the jittered backoff: the client never
 *   retries sooner than the server allows. A `Retry-After` above `maxRetryAfterMs` is not
 *   waited for (no retry). Without one, the wait is the jittered backoff.
 * - At most `maxRetries` retries.
 *
 * @returns the delay in milliseconds, or `undefined` when the attempt must not be retried
 */
export function retryDelay(
  outcome: AttemptOutcome,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number | undefined {
  if (outcome.attempt >= policy.maxRetries) return undefined;
  const status = outcome.status;
  if (status !== 429) {
    if (status !== undefined && !isRetryableServerStatus(status)) return undefined;
    if (!(outcome.idempotent ?? isIdempotentMethod(outcome.method))) return undefined;
  }
  const backoff = backoffDelay(outcome.attempt, policy, random);
  const retryAfterMs = outcome.retryAfterMs;
  if (retryAfterMs === undefined) return backoff;
  if (retryAfterMs > policy.maxRetryAfterMs) return undefined;
  return Math.max(retryAfterMs, backoff);
}

/**
 * Waits `ms` milliseconds, abortably.
 *
 * @returns a promise that resolves after the delay, or rejects with `signal.reason` as soon as
 *   the signal aborts (at once if it already has); the timer is cleared on abort.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal === undefined) return new Promise((resolve) => setTimeout(resolve, ms));
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
