// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The opt-in client-side throttle: once the server says no requests are left in the window, the
 * next calls wait for the window's reset instead of provoking a 429.
 */
import type { RateLimitInfo } from "./rate-limit.js";
import { sleep } from "./retry.js";

/** Remembers the latest rate-limit information and makes calls wait while it is exhausted. */
export class RateLimitThrottle {
  #latest: RateLimitInfo | undefined;
  readonly #now: () => number;
  readonly #maxWaitMs: number;

  /**
   * @param now the clock, in epoch milliseconds
   * @param maxWaitMs the longest wait: a later reset is not waited for (the call goes out and
   *   the server decides)
   */
  constructor(now: () => number, maxWaitMs: number) {
    this.#now = now;
    this.#maxWaitMs = maxWaitMs;
  }

  /** Records a response's rate-limit information (ignored when `undefined`). */
  update(info: RateLimitInfo | undefined): void {
    if (info !== undefined) this.#latest = info;
  }

  /** The latest rate-limit information seen. */
  get latest(): RateLimitInfo | undefined {
    return this.#latest;
  }

  /** How long the next call must wait, in milliseconds (0 when it may go now). */
  delayMs(): number {
    const latest = this.#latest;
    if (latest === undefined || latest.remaining > 0) return 0;
    const delay = latest.reset * 1000 - this.#now();
    return delay > 0 && delay <= this.#maxWaitMs ? delay : 0;
  }

  /**
   * Waits until the next call may go.
   *
   * @returns `undefined` when no wait is needed (so the caller need not await), else a promise
   *   that resolves at the reset or rejects with `signal.reason` when the signal aborts
   */
  wait(signal?: AbortSignal): Promise<void> | undefined {
    const delay = this.delayMs();
    return delay === 0 ? undefined : sleep(delay, signal);
  }
}

/**
 * Client-wide respect of a 429's `Retry-After`: the server's "not before" applies to the API key,
 * not only to the call that got it, so every call of the client waits until it has elapsed
 * (sending earlier would be rejected anyway, and repeated early requests can get a key banned).
 * Always on; a wait longer than `maxWaitMs` is not held (the call goes out at once).
 */
export class RetryAfterGate {
  /** Epoch ms before which no request should go out; 0 when open. */
  #until = 0;
  readonly #now: () => number;
  readonly #maxWaitMs: number;

  /**
   * @param now the clock, in epoch milliseconds
   * @param maxWaitMs the longest wait held
   */
  constructor(now: () => number, maxWaitMs: number) {
    this.#now = now;
    this.#maxWaitMs = maxWaitMs;
  }

  /** Records a 429's `Retry-After` (in ms from now); the gate only ever moves later. */
  close(retryAfterMs: number): void {
    const until = this.#now() + retryAfterMs;
    if (until > this.#until) this.#until = until;
  }

  /**
   * Waits until the gate is open.
   *
   * @returns `undefined` when it is open (the common case costs one comparison), else a promise
   *   that resolves when it opens or rejects with `signal.reason` when the signal aborts
   */
  wait(signal?: AbortSignal): Promise<void> | undefined {
    if (this.#until === 0) return undefined;
    const delay = this.#until - this.#now();
    if (delay <= 0) {
      this.#until = 0;
      return undefined;
    }
    return delay <= this.#maxWaitMs ? sleep(delay, signal) : undefined;
  }
}
