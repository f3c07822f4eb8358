// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * A Redis store shared by every instance of a server: rate-limit records (a `RateLimitStore`) and
 * idempotency records (an `IdempotencyStore`, redis-idempotency.ts) on one ioredis client. In its
 * own entry point (`./server/redis`), so servers without Redis never load a Redis client;
 * `ioredis` is an optional peer dependency of the package.
 *
 * - One round trip per call: a Lua script (EVALSHA; EVAL once after a Redis restart emptied the
 *   script cache) applies the whole algorithm atomically, with Redis's clock (`TIME`).
 * - Keys: `<keyPrefix>rl:<id>` and `<keyPrefix>idem:<id>`, where the request handler's ids hold
 *   a SHA-256 of the API key, never the key; every key has a TTL (the end of its day or ban, the
 *   idempotency record's 24 h).
 * - A slow answer is not an outage: each call waits up to `timeoutMs` (default 1000, far above
 *   Redis's microseconds even when this process's event loop is busy). A circuit breaker
 *   (circuit-breaker.ts) declares Redis unavailable only after `failureThreshold` consecutive
 *   failed calls (default 3) or at once when the connection closes; then calls skip Redis until
 *   a PING (every 250 ms) answers. A call that fails, or is skipped, is answered by the fail
 *   mode: `onUnavailable: "open"` (default) counts in this instance's memory (logged once per
 *   outage), `"closed"` throws `StoreUnavailableError` (the handler answers 503 with
 *   `Retry-After`). Either way a ban this instance has seen keeps applying (ban-cache.ts).
 * - Idempotency always fails closed: no lock, no execution (see redis-idempotency.ts).
 * - The client reconnects by itself. Client `error` events are handled: the process never
 *   crashes on them.
 */
import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import { createBanCache } from "./ban-cache.js";
import { createCircuitBreaker } from "./circuit-breaker.js";
import { StoreUnavailableError } from "./errors.js";
import { createRedisIdempotency, type RedisIdempotencyStore } from "./redis-idempotency.js";
import {
  createMemoryRateLimitStore,
  type MemoryRateLimitStore,
  type RateLimitHit,
  type RateLimitOutcome,
  type RateLimitStore,
} from "./rate-limiter.js";
import { RATE_LIMIT_SCRIPT } from "./redis-scripts.js";

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
const PROBE_INTERVAL_MS = 250;
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

const STATUS = ["allowed", "limited", "banned"] as const;

class UnavailableError extends Error {
  /** True when the command was sent and its answer did not come in time (Redis may apply it). */
  readonly timedOut: boolean;

  constructor(message: string, timedOut = false) {
    super(message);
    this.timedOut = timedOut;
  }
}

function sha1(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Creates the store; see {@link RedisStoreOptions}. Throws at once on a malformed `url`. */
export function createRedisStore(options: RedisStoreOptions): RedisStore {
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
  const callerClock = options.clock === "caller";
  const log = options.log ?? ((message: string) => console.warn(message));
  // The default fallback is emptied when Redis is back: the next outage starts from zero rather
  // than from counts of an earlier one.
  let ownFallback: MemoryRateLimitStore | undefined;
  const fallback = options.fallbackRateLimitStore ?? (ownFallback = createMemoryRateLimitStore());
  const bans = createBanCache();

  let owned = false;
  let client: Redis;
  if (options.client !== undefined) {
    client = options.client;
  } else if (options.url !== undefined) {
    parseRedisUrl(options.url);
    owned = true;
    client = new Redis(options.url, {
      // Fail fast instead of queueing while disconnected; reconnect quickly and forever.
      enableOfflineQueue: false,
      enableAutoPipelining: options.autoPipelining === true,
      maxRetriesPerRequest: 0,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 50, 500),
    });
  } else {
    throw new Error("createRedisStore needs a `url` (redis://host:port) or an ioredis `client`");
  }

  let lastClientError = "";
  // Without a listener, a client `error` event would be printed on every reconnect attempt.
  client.on("error", (error: unknown) => {
    lastClientError = messageOf(error);
  });

  const breaker = createCircuitBreaker({
    failureThreshold,
    probeIntervalMs: PROBE_INTERVAL_MS,
    probe: () => call(() => client.ping(), undefined, true),
    onOpen(error) {
      const then =
        mode === "open"
          ? "this instance limits requests from its own memory until it answers again"
          : "requests get 503 service_unavailable until it answers again";
      log(
        `[redis-store] Redis unavailable (${messageOf(error)}): ${then}; idempotent requests get 503`,
      );
    },
    onClose() {
      ownFallback?.clear();
      log("[redis-store] Redis answers again: shared limits and idempotency records resume");
    },
  });
  // A connection that closes after it was ready is an outage at once (no need to wait for
  // failed calls); ioredis reconnects by itself and the breaker's probe notices.
  let everReady = client.status === "ready";
  client.on("ready", () => (everReady = true));
  client.on("close", () => {
    if (everReady) breaker.trip(new UnavailableError(`connection closed${lastError()}`));
  });

  function lastError(): string {
    return lastClientError === "" ? "" : `; last client error: ${lastClientError}`;
  }

  // Until the first connection is made (or has failed once), calls wait for it within their
  // timeout; afterwards they fail at once while disconnected (no offline queue: a hit queued
  // during an outage would count twice once Redis is back).
  let connecting = client.status !== "ready";
  const firstReady = new Promise<void>((resolve) => client.once("ready", resolve));

  /**
   * Runs one Redis call (`make`) with the timeout, waiting for the first connection if need be;
   * `retry` runs once instead when Redis answers NOSCRIPT (EVALSHA of a script it does not know:
   * first use, or after a restart emptied its script cache). Rejects with what went wrong, at
   * once while the circuit breaker is open (unless `probing`). Feeds the breaker.
   */
  function call<T>(make: () => Promise<T>, retry?: () => Promise<T>, probing = false): Promise<T> {
    if (breaker.open && !probing) {
      return Promise.reject(new UnavailableError(`circuit open${lastError()}`));
    }
    return new Promise<T>((resolve, reject) => {
      // On expiry, the reply may already wait in the socket while this process was busy: the
      // check runs after the loop's I/O phase (setImmediate), so only a real delay counts.
      const timer = setTimeout(() => {
        setImmediate(() => {
          connecting = false;
          const error = new UnavailableError(
            `no answer within ${timeoutMs} ms${lastError()}`,
            true,
          );
          if (!probing) breaker.failed(error);
          reject(error);
        });
      }, timeoutMs);
      const done = (value: T) => {
        clearTimeout(timer);
        if (!probing) breaker.succeeded();
        resolve(value);
      };
      const fail = (error: unknown) => {
        clearTimeout(timer);
        connecting = false;
        if (!probing) breaker.failed(error);
        reject(error);
      };
      const failOrRetry = (error: unknown) => {
        if (retry !== undefined && messageOf(error).startsWith("NOSCRIPT"))
          retry().then(done, fail);
        else fail(error);
      };
      if (connecting && client.status !== "ready") {
        firstReady.then(make).then(done, failOrRetry);
      } else {
        connecting = false;
        make().then(done, failOrRetry);
      }
    });
  }

  const shas = new Map<string, string>();
  /** EVALSHA of a script on one key (EVAL when Redis does not know it yet). */
  function script(source: string, key: string, args: readonly string[]): Promise<unknown> {
    let sha = shas.get(source);
    if (sha === undefined) shas.set(source, (sha = sha1(source)));
    const known = sha;
    return call(
      () => client.evalsha(known, 1, key, ...args),
      () => client.eval(source, 1, key, ...args),
    );
  }

  function closedError(error: unknown): StoreUnavailableError {
    return new StoreUnavailableError(
      `Redis store unavailable: ${messageOf(error)}`,
      retryAfterSeconds,
    );
  }

  function toOutcome(id: string, reply: unknown): RateLimitOutcome {
    const [status, window, limit, remaining, reset, retryAfter] = reply as number[];
    const outcome: RateLimitOutcome = {
      status: STATUS[status as 0 | 1 | 2],
      window: window === 1 ? "day" : "minute",
      limit: limit as number,
      remaining: remaining as number,
      reset: reset as number,
      retryAfter: retryAfter as number,
    };
    bans.note(id, outcome);
    return outcome;
  }

  function hit(id: string, hit: RateLimitHit): Promise<RateLimitOutcome> {
    const key = `${prefix}rl:${id}`;
    const perMinute = String(hit.limits.perMinute);
    const perDay = String(hit.limits.perDay);
    const banAfter = String(hit.ban?.afterRejectedRequests ?? 0);
    const banSeconds = String(hit.ban?.durationSeconds ?? 0);
    const now = callerClock ? String(hit.now) : "";
    return script(RATE_LIMIT_SCRIPT, key, [perMinute, perDay, banAfter, banSeconds, now]).then(
      (reply) => toOutcome(id, reply),
      async (error: unknown) => {
        const banned = bans.banned(id, hit);
        if (banned !== undefined) return banned;
        if (mode === "closed") throw closedError(error);
        return await fallback.hit(id, hit);
      },
    );
  }

  const idempotency = createRedisIdempotency({
    prefix,
    script,
    set: (key, value, ttlMs) =>
      call(() => client.set(key, value, "PX", String(Math.max(1, Math.ceil(ttlMs))))),
    failure: closedError,
    mayApplyLater: (error) => error instanceof UnavailableError && error.timedOut,
  });

  return {
    hit,
    ...idempotency,
    client,
    get available() {
      return !breaker.open;
    },
    async ping(waitMs = 2_000) {
      const deadline = Date.now() + waitMs;
      let last: unknown;
      while (Date.now() < deadline) {
        try {
          await call(() => client.ping(), undefined, true);
          return;
        } catch (error) {
          last = error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      const reason = lastClientError !== "" ? lastClientError : messageOf(last);
      throw new Error(`Redis did not answer a PING within ${waitMs} ms (${reason})`);
    },
    async close() {
      breaker.dispose();
      if (!owned) return;
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
