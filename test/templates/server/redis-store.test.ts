/**
 * The Redis store against a real redis-server (started on a free port, stopped after; skipped
 * with one line when redis-server is not installed): the store conformance suite, the keys it
 * writes (prefix, hashed ids, a TTL on each), Redis's clock, idempotency records, and outages
 * (timeout, circuit breaker, fail open / closed, recovery after a restart). Idempotency and
 * limits through outages and under load: redis-outages.test.ts.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  findRedisServer,
  REDIS_MISSING,
  startRedisServer,
  type RedisServer,
} from "../../../scripts/redis-server.js";
import { StoreUnavailableError } from "../../../templates/server/core/errors.js";
import {
  applyRateLimitHit,
  newRateLimitRecord,
  type RateLimitHit,
  type RateLimitRecord,
} from "../../../templates/server/stores/rate-limiter.js";
import {
  createRedisStore,
  parseRedisUrl,
  type RedisStore,
  type RedisStoreOptions,
} from "../../../templates/server/stores/redis-store.js";
import { describeRateLimitStoreConformance } from "./rate-limit-store-conformance.js";
import { KEYS } from "./fixture-api.js";
import { MIDNIGHT, testServer } from "./helpers.js";

const installed = findRedisServer() !== undefined;
if (!installed) console.warn(REDIS_MISSING);

let redis: RedisServer;
let admin: Redis;
const stores: RedisStore[] = [];
let prefixes = 0;

/** A store on the test's Redis, with a prefix of its own; see {@link connected}. */
function store(options: Partial<RedisStoreOptions> = {}): RedisStore {
  const created = createRedisStore({
    url: redis.url,
    keyPrefix: `t${++prefixes}:`,
    log: () => {},
    ...options,
  });
  stores.push(created);
  return created;
}

/** A store whose first connection is made (so that a test's short `timeoutMs` is not spent on it). */
async function connected(options: Partial<RedisStoreOptions> = {}): Promise<RedisStore> {
  const created = store(options);
  await created.ping(5_000);
  return created;
}

/** Every key in Redis, with its remaining time to live (ms; -1: none). */
async function scanKeys(): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  let cursor = "0";
  do {
    const [next, keys] = await admin.scan(cursor, "COUNT", 1000);
    cursor = next;
    for (const key of keys) found.set(key, await admin.pttl(key));
  } while (cursor !== "0");
  return found;
}

describe.skipIf(!installed)("Redis store (real redis-server)", () => {
  beforeAll(async () => {
    redis = await startRedisServer();
    admin = new Redis(redis.url);
    admin.on("error", () => {});
  });
  afterAll(async () => {
    await Promise.all(stores.map((created) => created.close()));
    admin?.disconnect();
    await redis?.stop();
  });

  // The suite's hits carry fixed dates (2030): the store follows the caller's clock here.
  describeRateLimitStoreConformance("Redis store (clock: caller)", () => {
    const ready = connected({ clock: "caller" });
    return { hit: async (id, hit) => (await ready).hit(id, hit) };
  });

  describeRateLimitStoreConformance("Redis store (clock: caller, autoPipelining)", () => {
    const ready = connected({ clock: "caller", autoPipelining: true });
    return { hit: async (id, hit) => (await ready).hit(id, hit) };
  });

  it("with autoPipelining, batches a burst of concurrent hits and still counts each exactly once", async () => {
    const pipelined = await connected({ clock: "caller", autoPipelining: true });
    expect(pipelined.client.options.enableAutoPipelining).toBe(true);
    expect((await connected()).client.options.enableAutoPipelining).toBe(false);
    const hit: RateLimitHit = { now: MIDNIGHT + 1_000, limits: { perMinute: 60, perDay: 1_000 } };
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, () => pipelined.hit("burst", hit)),
    );
    const allowed = outcomes.filter((outcome) => outcome.status === "allowed");
    expect(allowed.map((outcome) => outcome.remaining).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 60 }, (_, i) => i),
    );
    expect(outcomes.filter((outcome) => outcome.status === "limited")).toHaveLength(140);
  });

  it("answers exactly as applyRateLimitHit over 3,000 random hits (the Lua port, line for line)", async () => {
    const lua = await connected({ clock: "caller" });
    const records = new Map<string, RateLimitRecord>();
    // A small deterministic generator (no dependency on Math.random's seed).
    let seed = 12345;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const steps = [0, 1, 250, 999, 1_000, 20_000, 59_999, 60_000, 3_600_000, 86_400_000];
    let now = MIDNIGHT - 30_000;
    for (let i = 0; i < 3_000; i++) {
      now += steps[random(steps.length)]! * (random(4) === 0 ? 1 : 0) + random(3);
      const id = `d${random(3)}`;
      const hit: RateLimitHit = {
        now,
        limits: { perMinute: 1 + random(4), perDay: 2 + random(8) },
        ...(random(3) === 0
          ? {}
          : { ban: { afterRejectedRequests: 1 + random(3), durationSeconds: 1 + random(120) } }),
      };
      let record = records.get(id);
      if (record === undefined) records.set(id, (record = newRateLimitRecord()));
      const expected = applyRateLimitHit(record, hit);
      expect(await lua.hit(id, hit), `hit ${i} (${id} at ${now - MIDNIGHT} ms)`).toEqual(expected);
    }
  }, 30_000);

  it("follows Redis's clock (TIME) by default, not the hit's", async () => {
    const [seconds] = await admin.time();
    const clocked = await connected();
    const outcome = await clocked.hit("clock", {
      now: MIDNIGHT,
      limits: { perMinute: 5, perDay: 10 },
    });
    const redisMinuteEnd = Math.floor(Number(seconds) / 60) * 60 + 60;
    expect([redisMinuteEnd, redisMinuteEnd + 60]).toContain(outcome.reset);
  });

  it("writes prefixed keys of hashed ids only, each with a TTL, through the request handler", async () => {
    await admin.flushall();
    const shared = await connected({ keyPrefix: "petstore:", clock: "caller" });
    const server = testServer({ rateLimitStore: shared });
    for (const key of [KEYS.free, KEYS.pro, "made-up-key"]) {
      expect((await server.call("GET", "/health", { key })).status).toBe(200);
    }
    expect((await server.call("GET", "/health")).status).toBe(200);
    await shared.begin("idem:abc", "fp", 60_000);
    const keys = await scanKeys();
    expect([...keys.keys()].sort()).toEqual(
      expect.arrayContaining(["petstore:rl:anonymous", "petstore:idem:idem:abc"]),
    );
    // free, pro, anonymous (shared by the missing and the made-up key), the idempotency record.
    expect(keys.size).toBe(4);
    for (const [key, ttl] of keys) {
      expect(key).toMatch(/^petstore:(rl:(anonymous|key:[A-Za-z0-9_-]{43})|idem:.+)$/);
      for (const raw of [KEYS.free, KEYS.pro, "made-up-key"]) expect(key).not.toContain(raw);
      expect(ttl, key).toBeGreaterThan(0);
    }
    // The day's record lives until the end of the (caller's) day: midnight + 24 h.
    const record = [...keys].find(([key]) => key.startsWith("petstore:rl:key:"));
    expect(record?.[1]).toBeGreaterThan(86_300_000);
    expect(record?.[1]).toBeLessThanOrEqual(86_400_000);
  });

  it("keeps a ban's record until the ban ends, even past the day", async () => {
    const banning = await connected({ clock: "caller" });
    const lateEvening = MIDNIGHT + 86_400_000 - 10_000;
    const hit = {
      limits: { perMinute: 1, perDay: 1 },
      ban: { afterRejectedRequests: 1, durationSeconds: 3_600 },
    };
    await banning.hit("b", { now: lateEvening, ...hit });
    await banning.hit("b", { now: lateEvening, ...hit });
    expect((await banning.hit("b", { now: lateEvening, ...hit })).status).toBe("banned");
    const ttl = await admin.pttl(`t${prefixes}:rl:b`);
    expect(ttl).toBeGreaterThan(3_590_000);
    // The ban outlives the day window: the next day's first request is still banned.
    expect((await banning.hit("b", { now: MIDNIGHT + 86_400_000, ...hit })).status).toBe("banned");
    expect((await banning.hit("b", { now: lateEvening + 3_600_000, ...hit })).status).toBe(
      "allowed",
    );
  });

  it("keeps idempotency records: begin once, in progress, completed with the exact bytes, abandoned, unknown", async () => {
    const idem = await connected();
    const prefix = `t${prefixes}:`;
    expect(await idem.begin("k1", "fp1", 5_000)).toEqual({ kind: "started" });
    expect(await idem.begin("k1", "fp2", 5_000)).toEqual({
      kind: "in-progress",
      fingerprint: "fp1",
    });
    // The running record lives for the record's ttl (24 h by default), its lease for lockMs.
    expect(await admin.pttl(`${prefix}idem:k1`)).toBeGreaterThan(86_000_000);
    const body = new Uint8Array([0, 1, 2, 255, 34, 92]);
    await idem.complete(
      "k1",
      "fp1",
      { status: 201, headers: { "content-type": "application/json" }, body },
      60_000,
    );
    expect(await idem.begin("k1", "fp1", 5_000)).toEqual({
      kind: "completed",
      fingerprint: "fp1",
      response: { status: 201, headers: { "content-type": "application/json" }, body },
    });
    const ttl = await admin.pttl(`${prefix}idem:k1`);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await idem.begin("k2", "fp", 5_000)).toEqual({ kind: "started" });
    await idem.abandon("k2");
    expect(await idem.begin("k2", "fp", 5_000)).toEqual({ kind: "started" });
    // Another instance cannot abandon or renew a record it does not hold.
    const other = await connected({ keyPrefix: prefix });
    await other.abandon("k2");
    expect((await idem.begin("k2", "fp", 5_000)).kind).toBe("in-progress");
    // A lease that is not renewed runs out: the key is unknown, never started again.
    expect(await idem.begin("k3", "fp", 100, 60_000)).toEqual({ kind: "started" });
    await new Promise((resolve) => setTimeout(resolve, 150));
    await other.renew("k3", 5_000);
    expect(await idem.begin("k3", "fp", 100)).toEqual({ kind: "unknown", fingerprint: "fp" });
    // Renewed by its holder, it stays in progress past its first lease.
    expect(await idem.begin("k4", "fp", 100, 60_000)).toEqual({ kind: "started" });
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 60));
      await idem.renew("k4", 100);
    }
    expect((await idem.begin("k4", "fp", 100)).kind).toBe("in-progress");
    expect(await admin.pttl(`${prefix}idem:k4`)).toBeGreaterThan(59_000);
    await idem.markUnknown("k4", "fp", 30_000);
    expect(await idem.begin("k4", "fp", 100)).toEqual({ kind: "unknown", fingerprint: "fp" });
    expect(await admin.pttl(`${prefix}idem:k4`)).toBeLessThanOrEqual(30_000);
  });

  it("a begin that timed out here but reached Redis later is undone: a key that never ran is free again", async () => {
    const idem = await connected({ timeoutMs: 50 });
    const key = `t${prefixes}:idem:late`;
    await admin.call("CLIENT", "PAUSE", "400", "ALL");
    await expect(idem.begin("late", "fp", 5_000)).rejects.toBeInstanceOf(StoreUnavailableError);
    // Without the undo, Redis would apply the queued begin after the pause, and the key would
    // stay "in progress", then "unknown", although nothing ran.
    const deadline = performance.now() + 5_000;
    while ((await admin.exists(key)) === 1) {
      if (performance.now() > deadline) throw new Error("the late begin was not undone");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await until(() => idem.available, 5_000);
    expect(await idem.begin("late", "fp", 5_000)).toEqual({ kind: "started" });
  }, 20_000);

  it("a slow Redis: each call gives up after timeoutMs; 3 in a row open the breaker, a PING closes it", async () => {
    const logs: string[] = [];
    const shared = { clock: "caller", keyPrefix: "slow:", timeoutMs: 50 } as const;
    const open = await connected({ ...shared, log: (line) => logs.push(line) });
    const closed = await connected({ ...shared, onUnavailable: "closed" });
    const limits = { perMinute: 100, perDay: 1000 };
    expect((await open.hit("s", { now: MIDNIGHT, limits })).remaining).toBe(99);
    // Redis holds every client's commands for 1.5 s: connected, but slow.
    await admin.call("CLIENT", "PAUSE", "1500", "ALL");
    const started = performance.now();
    const [fromMemory, refused, begun] = await Promise.all([
      open.hit("s", { now: MIDNIGHT, limits }),
      Promise.resolve(closed.hit("s", { now: MIDNIGHT, limits })).catch(
        (caught: unknown) => caught,
      ),
      Promise.resolve(open.begin("i", "fp", 1_000)).catch((caught: unknown) => caught),
    ]);
    // Answered after the 50 ms timeout, long before the pause ends (room for a loaded machine).
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(fromMemory).toMatchObject({ status: "allowed", remaining: 99 });
    expect(refused).toBeInstanceOf(StoreUnavailableError);
    expect((refused as Error).message).toBe("Redis store unavailable: no answer within 50 ms");
    // Idempotency fails closed even on a store that fails open: no lock, no execution.
    expect(begun).toBeInstanceOf(StoreUnavailableError);
    // Two failures in a row: not an outage yet.
    expect(open.available).toBe(true);
    expect(logs).toEqual([]);
    await open.hit("s", { now: MIDNIGHT, limits });
    expect(open.available).toBe(false);
    expect(logs).toEqual([
      "[redis-store] Redis unavailable (no answer within 50 ms): this instance limits requests from its own memory until it answers again; idempotent requests get 503",
    ]);
    // Open: calls skip Redis at once.
    const skipped = performance.now();
    expect((await open.hit("s", { now: MIDNIGHT, limits })).remaining).toBe(97);
    expect(performance.now() - skipped).toBeLessThan(40);
    await until(() => open.available, 5_000);
    expect(performance.now() - started).toBeGreaterThan(1_400);
    // Back on Redis, where the timed-out hits were applied after the pause (1 + 3 counted).
    expect((await open.hit("s", { now: MIDNIGHT, limits })).remaining).toBe(95);
    expect(logs).toHaveLength(2);
  }, 20_000);

  it("fails open and closed at once while Redis is down, and resumes on Redis when it is back", async () => {
    const logs: string[] = [];
    // Two instances sharing one Redis: one fails open, the other closed.
    const shared = { clock: "caller", keyPrefix: "outage:" } as const;
    const open = await connected({ ...shared, log: (line) => logs.push(line) });
    const closed = await connected({ ...shared, onUnavailable: "closed", retryAfterSeconds: 3 });
    const limits = { perMinute: 100, perDay: 1000 };
    expect((await open.hit("x", { now: MIDNIGHT, limits })).remaining).toBe(99);
    expect((await closed.hit("x", { now: MIDNIGHT, limits })).remaining).toBe(98);

    await redis.kill();
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      // Open: this instance's memory, which starts afresh (99, not 97).
      expect(await open.hit("x", { now: MIDNIGHT, limits })).toMatchObject({
        status: "allowed",
        remaining: 99 - i,
      });
      const error = await Promise.resolve(closed.hit("x", { now: MIDNIGHT, limits })).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect((error as StoreUnavailableError).retryAfterSeconds).toBe(3);
      // Disconnected: no waiting at all (no offline queue); the bound leaves room for a busy machine.
      expect(performance.now() - started).toBeLessThan(500);
    }
    expect(open.available).toBe(false);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^\[redis-store\] Redis unavailable \(.+\): this instance limits/);

    await redis.restart();
    await until(() => open.available && closed.available, 5_000);
    // Redis restarted empty: the count starts over there, and both stores use it again.
    expect((await open.hit("y", { now: MIDNIGHT, limits })).remaining).toBe(99);
    expect((await closed.hit("y", { now: MIDNIGHT, limits })).remaining).toBe(98);
    expect(logs).toHaveLength(2);
    expect(logs[1]).toContain("Redis answers again");
    expect(await admin.pttl("outage:rl:y")).toBeGreaterThan(0);
  }, 20_000);

  it("keeps applying a ban it has seen while Redis is down, in both fail modes, until the ban ends", async () => {
    const shared = { clock: "caller", keyPrefix: "bans:" } as const;
    const open = await connected(shared);
    const closed = await connected({ ...shared, onUnavailable: "closed" });
    const hit = {
      now: MIDNIGHT,
      limits: { perMinute: 1, perDay: 100 },
      ban: { afterRejectedRequests: 1, durationSeconds: 600 },
    };
    await open.hit("banned", hit);
    await open.hit("banned", hit);
    expect((await open.hit("banned", hit)).status).toBe("banned");
    expect((await closed.hit("banned", hit)).status).toBe("banned");
    await redis.kill();
    try {
      for (const store of [open, closed]) {
        for (let i = 0; i < 5; i++) {
          expect(await store.hit("banned", { ...hit, now: MIDNIGHT + 1_000 })).toMatchObject({
            status: "banned",
            remaining: 0,
            reset: (MIDNIGHT + 600_000) / 1000,
            retryAfter: 599,
          });
        }
        // Other keys: the fail mode; the ban's end: the fail mode too.
        const after = Promise.resolve(store.hit("banned", { ...hit, now: MIDNIGHT + 600_000 }));
        if (store === open) expect((await after).status).toBe("allowed");
        else await expect(after).rejects.toBeInstanceOf(StoreUnavailableError);
      }
    } finally {
      await redis.restart();
      await until(() => open.available && closed.available, 5_000);
    }
  }, 20_000);
});

/** Waits until `condition()` holds, checking every 20 ms; fails after `ms`. */
async function until(condition: () => boolean, ms: number): Promise<void> {
  const deadline = performance.now() + ms;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("Redis store options (no Redis needed)", () => {
  it("refuses a malformed URL at creation, saying what is wrong", () => {
    expect(() => createRedisStore({ url: "localhost:6379" })).toThrow(
      'Invalid Redis URL "localhost:6379": the scheme must be redis: or rediss: (got localhost:)',
    );
    expect(() => parseRedisUrl("redis://:secret@host/x")).toThrow(
      'Invalid Redis URL "redis://***@host/x": the path must be a database number such as /0 (got /x)',
    );
    expect(() => parseRedisUrl("http//nope")).toThrow("it is not a URL");
    expect(parseRedisUrl("rediss://user:pw@cache.internal:6380/2").port).toBe("6380");
  });

  it("refuses bad options before connecting, saying which and why", () => {
    const url = "redis://127.0.0.1:1";
    expect(() => createRedisStore({})).toThrow(
      "createRedisStore needs a `url` (redis://host:port) or an ioredis `client`",
    );
    expect(() => createRedisStore({ url, timeoutMs: 0 })).toThrow(
      "timeoutMs must be a number of milliseconds > 0 (got 0)",
    );
    expect(() => createRedisStore({ url, failureThreshold: 0 })).toThrow(
      "failureThreshold must be a whole number ≥ 1 (got 0)",
    );
    expect(() => createRedisStore({ url, retryAfterSeconds: 0.5 })).toThrow(
      "retryAfterSeconds must be a whole number ≥ 1 (got 0.5)",
    );
    const mode = "half-open" as "open";
    expect(() => createRedisStore({ url, onUnavailable: mode })).toThrow(
      'onUnavailable must be "open" or "closed" (got "half-open")',
    );
  });
});
