// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * A Redis store shared by every instance of a server: rate-limit records (a `RateLimitStore`) and
 * idempotency records (an `IdempotencyStore`) on one ioredis client. In its own entry point
 * (`./server/redis`), so servers without Redis never load a Redis client; `ioredis` is an
 * optional peer dependency of the package.
 *
 * - One round trip per call: a Lua script (EVALSHA; EVAL once after a Redis restart emptied the
 *   script cache) applies the whole algorithm atomically, with Redis's clock (`TIME`).
 * - Keys: `<keyPrefix>rl:<id>` and `<keyPrefix>idem:<id>`, where the request handler's ids hold
 *   a SHA-256 of the API key, never the key; every key has a TTL (the end of its day or ban, the
 *   idempotency lock or replay time).
 * - Redis slow or down: every call gives up after `timeoutMs` (default 50). `onUnavailable:
 *   "open"` (default) answers from this instance's memory meanwhile (logged once per outage);
 *   `"closed"` throws `StoreUnavailableError` (the handler answers 503 with `Retry-After`). The
 *   client reconnects by itself; each call tries Redis first, so the first call after Redis is
 *   back uses it again. Client `error` events are handled: the process never crashes on them.
 */
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import { StoreUnavailableError } from "./errors.js";
import {
  createMemoryIdempotencyStore,
  type IdempotencyBegin,
  type IdempotencyStore,
  type StoredResponse,
} from "./idempotency-store.js";
import {
  createMemoryRateLimitStore,
  type MemoryRateLimitStore,
  type RateLimitHit,
  type RateLimitOutcome,
  type RateLimitStore,
} from "./rate-limiter.js";
import { IDEMPOTENCY_BEGIN_SCRIPT, RATE_LIMIT_SCRIPT } from "./redis-scripts.js";

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
  /** Longest wait for one Redis call, in ms (default 50); then Redis counts as unavailable. */
  readonly timeoutMs?: number;
  /** What to do while Redis is unavailable (default `"open"`); see the module comment. */
  readonly onUnavailable?: "open" | "closed";
  /** `Retry-After` of the 503 when failing closed (default 1 s). */
  readonly retryAfterSeconds?: number;
  /** Failing open: the rate-limit store used meanwhile (default: a bounded memory store). */
  readonly fallbackRateLimitStore?: RateLimitStore;
  /**
   * Failing open: the idempotency store used meanwhile (default: a bounded memory store, so a
   * retry that reaches the same instance during an outage is still replayed, not run twice).
   */
  readonly fallbackIdempotencyStore?: IdempotencyStore;
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

export interface RedisStore extends RateLimitStore, IdempotencyStore {
  hit(id: string, hit: RateLimitHit): Promise<RateLimitOutcome>;
  begin(id: string, fingerprint: string, lockMs: number): Promise<IdempotencyBegin>;
  complete(id: string, fingerprint: string, response: StoredResponse, ttlMs: number): Promise<void>;
  abandon(id: string): Promise<void>;
  /** The ioredis client. */
  readonly client: Redis;
  /** Whether the last call reached Redis (false during an outage). */
  readonly available: boolean;
  /**
   * Waits until Redis answers a PING (at most `timeoutMs`, default 2000): resolves, or rejects
   * with what went wrong. For a start-up check; the store works without it.
   */
  ping(timeoutMs?: number): Promise<void>;
  /** Closes the client if the store opened it. */
  close(): Promise<void>;
}

export const DEFAULT_REDIS_TIMEOUT_MS = 50;
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

class UnavailableError extends Error {}

function sha1(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface StoredRecord {
  /** fingerprint */
  readonly f: string;
  /** response (absent while running) */
  readonly r?: {
    readonly s: number;
    readonly h: Record<string, string>;
    readonly b: string | null;
  };
}

function toBegin(value: string): IdempotencyBegin {
  const record = JSON.parse(value) as StoredRecord;
  if (record.r === undefined) return { kind: "in-progress", fingerprint: record.f };
  const body = record.r.b === null ? null : new Uint8Array(Buffer.from(record.r.b, "base64"));
  return {
    kind: "completed",
    fingerprint: record.f,
    response: { status: record.r.s, headers: record.r.h, body },
  };
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
  const prefix = options.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX;
  const callerClock = options.clock === "caller";
  const log = options.log ?? ((message: string) => console.warn(message));
  // The default fallback is emptied when Redis is back: the next outage starts from zero rather
  // than from counts of an earlier one.
  let ownFallback: MemoryRateLimitStore | undefined;
  const fallback = options.fallbackRateLimitStore ?? (ownFallback = createMemoryRateLimitStore());
  const fallbackIdempotency = options.fallbackIdempotencyStore ?? createMemoryIdempotencyStore();

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

  let available = true;
  let lastClientError = "";
  // Without a listener, a client `error` event would be printed on every reconnect attempt.
  client.on("error", (error: unknown) => {
    lastClientError = messageOf(error);
  });

  function unavailable(error: unknown): void {
    if (!available) return;
    available = false;
    const then =
      mode === "open"
        ? "this instance limits requests from its own memory until it answers again"
        : "requests get 503 service_unavailable until it answers again";
    log(`[redis-store] Redis unavailable (${messageOf(error)}): ${then}`);
  }

  function answered(): void {
    if (available) return;
    available = true;
    ownFallback?.clear();
    log("[redis-store] Redis answers again: shared limits and idempotency records resume");
  }

  // Until the first connection is made (or has failed once), calls wait for it within their
  // timeout; afterwards they fail at once while disconnected (no offline queue: a hit queued
  // during an outage would count twice once Redis is back).
  let connecting = client.status !== "ready";
  const firstReady = new Promise<void>((resolve) => client.once("ready", resolve));

  /**
   * Runs one Redis call (`make`) with the timeout, waiting for the first connection if need be;
   * `retry` runs once instead when Redis answers NOSCRIPT (EVALSHA of a script it does not know:
   * first use, or after a restart emptied its script cache). Rejects with what went wrong.
   */
  function call<T>(make: () => Promise<T>, retry?: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // On expiry, the reply may already wait in the socket while this process was busy: the
      // check runs after the loop's I/O phase (setImmediate), so only a real delay counts.
      const timer = setTimeout(() => {
        setImmediate(() => {
          connecting = false;
          const detail = lastClientError === "" ? "" : `; last client error: ${lastClientError}`;
          reject(new UnavailableError(`no answer within ${timeoutMs} ms${detail}`));
        });
      }, timeoutMs);
      const done = (value: T) => {
        clearTimeout(timer);
        resolve(value);
      };
      const fail = (error: unknown) => {
        clearTimeout(timer);
        connecting = false;
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

  function closedError(error: unknown): StoreUnavailableError {
    return new StoreUnavailableError(
      `Redis store unavailable: ${messageOf(error)}`,
      retryAfterSeconds,
    );
  }

  const rateSha = sha1(RATE_LIMIT_SCRIPT);
  const beginSha = sha1(IDEMPOTENCY_BEGIN_SCRIPT);

  function toOutcome(reply: unknown): RateLimitOutcome {
    answered();
    const [status, window, limit, remaining, reset, retryAfter] = reply as number[];
    return {
      status: STATUS[status as 0 | 1 | 2],
      window: window === 1 ? "day" : "minute",
      limit: limit as number,
      remaining: remaining as number,
      reset: reset as number,
      retryAfter: retryAfter as number,
    };
  }

  function hit(id: string, hit: RateLimitHit): Promise<RateLimitOutcome> {
    const key = `${prefix}rl:${id}`;
    const perMinute = String(hit.limits.perMinute);
    const perDay = String(hit.limits.perDay);
    const banAfter = String(hit.ban?.afterRejectedRequests ?? 0);
    const banSeconds = String(hit.ban?.durationSeconds ?? 0);
    const now = callerClock ? String(hit.now) : "";
    return call(
      () => client.evalsha(rateSha, 1, key, perMinute, perDay, banAfter, banSeconds, now),
      () => client.eval(RATE_LIMIT_SCRIPT, 1, key, perMinute, perDay, banAfter, banSeconds, now),
    ).then(toOutcome, async (error: unknown) => {
      unavailable(error);
      if (mode === "closed") throw closedError(error);
      return await fallback.hit(id, hit);
    });
  }

  /** A write (complete, abandon): on failure, the fallback when failing open; never throws. */
  async function write(make: () => Promise<unknown>, onFallback: () => unknown): Promise<void> {
    try {
      await call(make);
      answered();
    } catch (error) {
      unavailable(error);
      // Failing closed, the record in Redis (if any) expires with its lock: a retry runs again.
      if (mode === "open") await onFallback();
    }
  }

  return {
    hit,
    async begin(id, fingerprint, lockMs) {
      const key = `${prefix}idem:${id}`;
      const running = JSON.stringify({ f: fingerprint } satisfies StoredRecord);
      let reply: unknown;
      try {
        const lock = String(Math.ceil(lockMs));
        reply = await call(
          () => client.evalsha(beginSha, 1, key, running, lock),
          () => client.eval(IDEMPOTENCY_BEGIN_SCRIPT, 1, key, running, lock),
        );
      } catch (error) {
        unavailable(error);
        if (mode === "closed") throw closedError(error);
        return await fallbackIdempotency.begin(id, fingerprint, lockMs);
      }
      answered();
      return typeof reply === "string" ? toBegin(reply) : { kind: "started" };
    },
    async complete(id, fingerprint, response, ttlMs) {
      const record: StoredRecord = {
        f: fingerprint,
        r: {
          s: response.status,
          h: { ...response.headers },
          b: response.body === null ? null : Buffer.from(response.body).toString("base64"),
        },
      };
      const ttl = String(Math.max(1, Math.ceil(ttlMs)));
      await write(
        () => client.set(`${prefix}idem:${id}`, JSON.stringify(record), "PX", ttl),
        () => fallbackIdempotency.complete(id, fingerprint, response, ttlMs),
      );
    },
    async abandon(id) {
      await write(
        () => client.del(`${prefix}idem:${id}`),
        () => fallbackIdempotency.abandon(id),
      );
    },
    client,
    get available() {
      return available;
    },
    async ping(waitMs = 2_000) {
      const deadline = Date.now() + waitMs;
      let last: unknown;
      while (Date.now() < deadline) {
        try {
          await call(() => client.ping());
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
      if (!owned) return;
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
