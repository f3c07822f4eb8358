// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * One rate-limit state per client, shared by all its calls, so that concurrent calls never push
 * the key into a ban: every request (first attempt or retry) takes a slot before it is sent and
 * gives it back with its response.
 *
 * - Hold: after a 429 (until its `Retry-After`, else `X-RateLimit-Reset`) or a response with
 *   `X-RateLimit-Remaining: 0` (until `X-RateLimit-Reset`), no request is sent until then.
 * - Budget: when the server reports fewer requests left than `maxConcurrent`, at most that many
 *   requests are in flight (the lowest `Remaining` seen for the window, so late answers do not
 *   raise it); a later window lifts it.
 * - Near exhaustion (`lowWater`): when the server reports that few requests left, one request at
 *   a time, so that several processes on one key (which share no memory) overshoot the quota by
 *   at most one request each before their first 429 holds them.
 * - Cap: at most `maxConcurrent` requests in flight (with `probeFirst`, one until the first answer).
 * - A hold longer than `maxWaitMs` is not waited for: the call resolves at once with a copy of the
 *   server's last 429 (headers and body; `Retry-After` counting down), without a request. When
 *   no 429 was seen yet (only `Remaining: 0`), one request at a time goes out to ask.
 */
import { parseCount as count, parseRetryAfter } from "./rate-limit.js";
import { sleep } from "./retry.js";

/** How a scheduler behaves. */
export interface RateLimitSchedulerOptions {
  /** The clock, in epoch milliseconds. */
  readonly now: () => number;
  /** The longest hold waited for (`maxRetryAfterMs`). */
  readonly maxWaitMs: number;
  /** The most requests in flight at once (`Infinity`: no cap). */
  readonly maxConcurrent: number;
  /** Whether `X-RateLimit-Remaining` is honoured (hold on 0, budget); 429s always are. */
  readonly budget: boolean;
  /**
   * At or below this `X-RateLimit-Remaining`, one request at a time (default 0: only the
   * budget applies, `Remaining` requests in flight at most).
   */
  readonly lowWater?: number;
  /**
   * One request alone until the first response arrives (default `false`): a process starting on a
   * key that other processes have exhausted then gets one 429, not `maxConcurrent` of them.
   */
  readonly probeFirst?: boolean;
}

/** The server's last 429, kept to answer calls held beyond `maxWaitMs`. */
interface Kept429 {
  readonly statusText: string;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: Promise<string>;
}

/** The 429s the client answered itself (copies of the server's last one), never sent. */
const answered = new WeakSet<Response>();

/** Whether a response is a 429 the client's rate-limit state answered (no request was sent). */
export function answeredLocally(response: Response): boolean {
  return answered.has(response);
}

/** Marks a response (a middleware's replacement of a local 429) as answered locally. */
export function markAnsweredLocally(response: Response): void {
  answered.add(response);
}

/** Decision of {@link RateLimitScheduler.acquire}'s slow path. */
const GO = 0;
const WAIT_RELEASE = -1;
const REPLAY = -2;

export class RateLimitScheduler {
  readonly #options: RateLimitSchedulerOptions;
  #inFlight = 0;
  /** Epoch ms before which nothing is sent; 0 when open. */
  #holdUntil = 0;
  #kept: Kept429 | undefined;
  /** Requests allowed in flight in the window ending at `#budgetReset`; `undefined`: the cap only. */
  #budget: number | undefined;
  /** The lowest `Remaining` seen in that window, while it limits the budget. */
  #remaining = 0;
  #budgetReset = 0;
  #waiters: Array<() => void> = [];
  /** Whether a response was seen (before it, with `probeFirst`, one request at a time). */
  #answered: boolean;

  constructor(options: RateLimitSchedulerOptions) {
    this.#options = options;
    this.#answered = options.probeFirst !== true;
  }

  /** Requests sent and not yet answered. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** @returns {@link GO}, {@link WAIT_RELEASE}, {@link REPLAY} or a positive wait in ms */
  #decide(): number {
    if (this.#holdUntil !== 0) {
      const wait = this.#holdUntil - this.#options.now();
      if (wait > 0) {
        if (wait <= this.#options.maxWaitMs) return wait;
        if (this.#kept !== undefined) return REPLAY;
        return this.#inFlight > 0 ? WAIT_RELEASE : GO; // one request asks the server
      }
      this.#holdUntil = 0;
      this.#kept = undefined;
    }
    if (this.#budget !== undefined && this.#budgetReset <= this.#options.now())
      this.#budget = undefined;
    if (this.#inFlight >= this.#options.maxConcurrent) return WAIT_RELEASE;
    if (!this.#answered && this.#inFlight > 0) return WAIT_RELEASE;
    if (this.#budget !== undefined && this.#inFlight >= this.#budget) return WAIT_RELEASE;
    return GO;
  }

  /**
   * Takes a slot for one request.
   *
   * @param onWait told once for each hold the request waits for (a 429, `Remaining: 0`), in ms
   * @returns `undefined` when the request may go now (the common case: no promise), else a promise
   *   of `undefined` (go; the slot is taken) or of a `Response` (a copy of the server's last 429:
   *   do not send, no slot taken); it rejects with `signal.reason` when the signal aborts
   */
  acquire(
    signal?: AbortSignal,
    onWait?: (delayMs: number) => void,
  ): Promise<Response | undefined> | undefined {
    if (this.#decide() === GO) {
      this.#inFlight++;
      return undefined;
    }
    return this.#acquireSlowly(signal, onWait);
  }

  async #acquireSlowly(
    signal: AbortSignal | undefined,
    onWait: ((delayMs: number) => void) | undefined,
  ): Promise<Response | undefined> {
    /** The hold last reported: a timer may fire before the clock reaches the hold's end, and the
     * milliseconds left are waited for again, not reported as a second wait. */
    let reported = 0;
    for (;;) {
      if (signal?.aborted === true) throw signal.reason;
      const decision = this.#decide();
      if (decision === GO) {
        this.#inFlight++;
        return undefined;
      }
      if (decision === REPLAY) return this.#replay(this.#kept!);
      if (decision === WAIT_RELEASE) await this.#nextRelease(signal);
      else {
        if (this.#holdUntil !== reported) {
          reported = this.#holdUntil;
          onWait?.(decision);
        }
        await sleep(decision, signal);
      }
    }
  }

  #nextRelease(signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        const index = this.#waiters.indexOf(wake);
        if (index !== -1) this.#waiters.splice(index, 1);
        reject(signal!.reason);
      };
      const wake = (): void => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      this.#waiters.push(wake);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  async #replay(kept: Kept429): Promise<Response> {
    const headers = new Headers(kept.headers as Array<[string, string]>);
    const seconds = Math.max(1, Math.ceil((this.#holdUntil - this.#options.now()) / 1000));
    headers.set("retry-after", String(seconds));
    const response = new Response(await kept.body, {
      status: 429,
      statusText: kept.statusText,
      headers,
    });
    answered.add(response);
    return response;
  }

  /**
   * Gives a slot back.
   *
   * @param response the attempt's response (read only for its headers; for a 429 a clone keeps
   *   its body), or `undefined` when the request failed or was answered by a middleware
   */
  release(response?: Response): void {
    this.#inFlight--;
    if (response !== undefined) {
      this.#answered = true;
      this.#learn(response);
    }
    const waiters = this.#waiters;
    if (waiters.length > 0) {
      this.#waiters = [];
      for (const wake of waiters) wake();
    }
  }

  #learn(response: Response): void {
    const headers = response.headers;
    const options = this.#options;
    if (response.status === 429) {
      const now = options.now();
      const retryAfter = parseRetryAfter(headers.get("retry-after"), now);
      const reset = count(headers.get("x-ratelimit-reset"));
      const until =
        retryAfter !== undefined ? now + retryAfter : reset !== undefined ? reset * 1000 : 0;
      if (until > now) {
        if (until > this.#holdUntil) this.#holdUntil = until;
        this.#kept = {
          statusText: response.statusText,
          headers: [...headers],
          body: response
            .clone()
            .text()
            .catch(() => ""),
        };
      }
      return;
    }
    if (!options.budget) return;
    const remaining = count(headers.get("x-ratelimit-remaining"));
    if (remaining === undefined) return;
    const lowWater = options.lowWater ?? 0;
    // the common case: plenty left
    if (remaining >= options.maxConcurrent && remaining > lowWater && this.#budget === undefined)
      return;
    const resetSeconds = count(headers.get("x-ratelimit-reset"));
    if (resetSeconds === undefined) return;
    const reset = resetSeconds * 1000;
    if (reset <= options.now() || reset < this.#budgetReset) return; // an earlier window's answer
    const sameWindow = reset === this.#budgetReset && this.#budget !== undefined;
    const lowest = sameWindow ? Math.min(this.#remaining, remaining) : remaining;
    this.#budgetReset = reset;
    this.#remaining = lowest;
    this.#budget =
      lowest === 0
        ? 0
        : lowest <= lowWater
          ? 1
          : lowest < options.maxConcurrent
            ? lowest
            : undefined;
    if (lowest === 0 && reset > this.#holdUntil) this.#holdUntil = reset;
  }
}
