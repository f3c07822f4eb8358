// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/** The Redis store's options, defaults and URL check (redis-store.ts re-exports them). */
import type { Redis } from "ioredis";
import type { RedisIdempotencyStore } from "./redis-idempotency.js";
import type { RateLimitHit, RateLimitOutcome, RateLimitStore } from "./rate-limiter.js";

export interface RedisStoreOptions {
  /** `redis://[user:password@]host[:port][/db]` or `rediss://…` (TLS). Either this or `client`. */
  readonly url?: string;
  /**
   * An ioredis client of your own (its `error` events get a listener; `close()` leaves it open).
   * Create it with `enableOfflineQueue: false`: with the queue, a hit that timed out during an
   * outage would be sent (and counted) again once Redis is back.
   */
  readonly client?: Redis;
  /** Prefix of every key (default `"api:"`): several APIs or environments may share one Redis. */
  readonly keyPrefix?: string;
  /**
   * Longest wait for one Redis call, in ms (default 1000). A call that takes longer fails (and
   * is answered by `onUnavailable`); Redis counts as unavailable after `failureThreshold` such
   * failures in a row.
   */
  readonly timeoutMs?: number;
  /** Consecutive failed calls that open the circuit breaker (default 3). */
  readonly failureThreshold?: number;
  /** What to do while Redis is unavailable (default `"open"`); see the module comment. */
  readonly onUnavailable?: "open" | "closed";
  /** `Retry-After` of the 503 when failing closed (default 1 s). */
  readonly retryAfterSeconds?: number;
  /** Failing open: the rate-limit store used meanwhile (default: a bounded memory store). */
  readonly fallbackRateLimitStore?: RateLimitStore;
  /**
   * Whose clock windows and bans follow: `"redis"` (default: `TIME` inside the script, so
   * instances with skewed clocks agree) or `"caller"` (the `now` of each hit, i.e. the server's
   * `now` option: for tests with an injected clock).
   */
  readonly clock?: "redis" | "caller";
  /** Outage and recovery messages (default `console.warn`). Never receives keys. */
  readonly log?: (message: string) => void;
  /**
   * With `url`: ioredis's `enableAutoPipelining` (default false), which sends the calls that
   * several requests make in the same turn of the event loop as one write, and Redis answers
   * them with one: fewer system calls in both processes when many requests are in flight, at the
   * cost of some latency for the first of each batch. See docs/server-redis.md for figures.
   */
  readonly autoPipelining?: boolean;
}

export interface RedisStore extends RateLimitStore, RedisIdempotencyStore {
  hit(id: string, hit: RateLimitHit): Promise<RateLimitOutcome>;
  /** The ioredis client. */
  readonly client: Redis;
  /** False while the circuit breaker is open (Redis counts as unavailable). */
  readonly available: boolean;
  /**
   * Waits until Redis answers a PING (at most `timeoutMs`, default 2000): resolves, or rejects
   * with what went wrong. For a start-up check; the store works without it.
   */
  ping(timeoutMs?: number): Promise<void>;
  /** Closes the client if the store opened it. */
  close(): Promise<void>;
}

export const DEFAULT_REDIS_TIMEOUT_MS = 1_000;
export const DEFAULT_REDIS_FAILURE_THRESHOLD = 3;
/** How often an open circuit breaker checks whether Redis answers again. */
export const PROBE_INTERVAL_MS = 250;
export const DEFAULT_REDIS_KEY_PREFIX = "api:";

/**
 * Checks a Redis URL and returns it parsed, or throws an error saying what is wrong with it
 * (ioredis itself accepts almost anything and then connects to localhost).
 */
export function parseRedisUrl(text: string): URL {
  const shown = JSON.stringify(text.replace(/\/\/([^@/]*)@/, "//***@"));
  const fail = (problem: string): never => {
    throw new Error(
      `Invalid Redis URL ${shown}: ${problem}. Expected redis://[user:password@]host[:port][/db] ` +
        "(or rediss:// for TLS), e.g. redis://127.0.0.1:6379/0.",
    );
  };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail("it is not a URL");
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") {
    fail(`the scheme must be redis: or rediss: (got ${url.protocol})`);
  }
  if (url.hostname === "") fail("the host is missing");
  if (url.pathname !== "" && url.pathname !== "/" && !/^\/[0-9]{1,2}$/.test(url.pathname)) {
    fail(`the path must be a database number such as /0 (got ${url.pathname})`);
  }
  if (url.search !== "" || url.hash !== "") fail("query strings and fragments are not supported");
  return url;
}

/** The options with their defaults, checked: a clear error for a value out of range. */
export function resolveRedisOptions(options: RedisStoreOptions) {
  const timeoutMs = options.timeoutMs ?? DEFAULT_REDIS_TIMEOUT_MS;
  if (!(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new Error(`timeoutMs must be a number of milliseconds > 0 (got ${String(timeoutMs)})`);
  }
  const mode = options.onUnavailable ?? "open";
  if (mode !== "open" && mode !== "closed") {
    throw new Error(`onUnavailable must be "open" or "closed" (got ${JSON.stringify(mode)})`);
  }
  const retryAfterSeconds = options.retryAfterSeconds ?? 1;
  if (!Number.isSafeInteger(retryAfterSeconds) || retryAfterSeconds < 1) {
    throw new Error(
      `retryAfterSeconds must be a whole number ≥ 1 (got ${String(retryAfterSeconds)})`,
    );
  }
  const failureThreshold = options.failureThreshold ?? DEFAULT_REDIS_FAILURE_THRESHOLD;
  if (!Number.isSafeInteger(failureThreshold) || failureThreshold < 1) {
    throw new Error(
      `failureThreshold must be a whole number ≥ 1 (got ${String(failureThreshold)})`,
    );
  }
  const prefix = options.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX;
  return { timeoutMs, mode, retryAfterSeconds, failureThreshold, prefix };
}
