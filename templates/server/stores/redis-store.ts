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
import { StoreUnavailableError } from "../core/errors.js";
import { createRedisIdempotency } from "./redis-idempotency.js";
import {
  createMemoryRateLimitStore,
  type MemoryRateLimitStore,
  type RateLimitHit,
  type RateLimitOutcome,
} from "./rate-limiter.js";
import {
  DEFAULT_REDIS_FAILURE_THRESHOLD,
  DEFAULT_REDIS_KEY_PREFIX,
  DEFAULT_REDIS_TIMEOUT_MS,
  parseRedisUrl,
  PROBE_INTERVAL_MS,
  resolveRedisOptions,
  type RedisStore,
  type RedisStoreOptions,
} from "./redis-options.js";
import { RATE_LIMIT_SCRIPT } from "./redis-scripts.js";

export {
  DEFAULT_REDIS_FAILURE_THRESHOLD,
  DEFAULT_REDIS_KEY_PREFIX,
  DEFAULT_REDIS_TIMEOUT_MS,
  parseRedisUrl,
  type RedisStore,
  type RedisStoreOptions,
};

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
  const { timeoutMs, mode, retryAfterSeconds, failureThreshold, prefix } =
    resolveRedisOptions(options);
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
