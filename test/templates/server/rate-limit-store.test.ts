import { describe, expect, it } from "vitest";
import {
  applyRateLimitHit,
  createMemoryRateLimitStore,
  newRateLimitRecord,
  type RateLimitRecord,
  type RateLimitStore,
} from "../../../templates/server/stores/rate-limiter.js";
import { describeRateLimitStoreConformance } from "./rate-limit-store-conformance.js";

describeRateLimitStoreConformance("memory store", () => createMemoryRateLimitStore());

/**
 * The shape of a shared store: records kept serialized elsewhere, read-modify-write done atomically
 * (here a promise chain per id stands in for Redis WATCH/MULTI or a Lua script).
 */
function createSerializedAsyncStore(): RateLimitStore {
  const rows = new Map<string, string>();
  const queues = new Map<string, Promise<unknown>>();
  return {
    hit(id, hit) {
      const run = async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
        const row = rows.get(id);
        const record: RateLimitRecord = row === undefined ? newRateLimitRecord() : JSON.parse(row);
        const outcome = applyRateLimitHit(record, hit);
        rows.set(id, JSON.stringify(record));
        return outcome;
      };
      const result = (queues.get(id) ?? Promise.resolve()).then(run);
      queues.set(
        id,
        result.catch(() => undefined),
      );
      return result;
    },
  };
}

describeRateLimitStoreConformance("serialized async store", createSerializedAsyncStore);

describe("memory store housekeeping", () => {
  it("sweeps records whose day is over and that are not banned", async () => {
    const store = createMemoryRateLimitStore();
    const day = Date.UTC(2030, 0, 1);
    const limits = { perMinute: 5, perDay: 5 };
    store.hit("a", { now: day, limits });
    store.hit("b", { now: day, limits });
    expect(store.size).toBe(2);
    store.hit("c", { now: day + 86_400_000, limits });
    expect(store.size).toBe(1);
    store.clear();
    expect(store.size).toBe(0);
  });
});

describe("applyRateLimitHit headers", () => {
  const t0 = Date.UTC(2030, 0, 1);
  it("reports the minute on a tie, even when both windows are exhausted", () => {
    const record = newRateLimitRecord();
    const limits = { perMinute: 2, perDay: 2 };
    expect(applyRateLimitHit(record, { now: t0, limits })).toMatchObject({
      window: "minute",
      remaining: 1,
    });
    expect(applyRateLimitHit(record, { now: t0, limits })).toMatchObject({
      window: "minute",
      remaining: 0,
      reset: t0 / 1000 + 60,
    });
    // Limited by both: the headers report the minute, Retry-After waits for the day.
    expect(applyRateLimitHit(record, { now: t0 + 1_000, limits })).toMatchObject({
      status: "limited",
      window: "minute",
      reset: t0 / 1000 + 60,
      retryAfter: 86_399,
    });
  });

  it("treats a zero limit as always limited", () => {
    const record = newRateLimitRecord();
    expect(
      applyRateLimitHit(record, { now: t0 + 1, limits: { perMinute: 0, perDay: 10 } }),
    ).toMatchObject({
      status: "limited",
      retryAfter: 60,
    });
  });
});

describe("memory store cap", () => {
  const t0 = Date.UTC(2030, 0, 1, 12);
  const limits = { perMinute: 2, perDay: 100 };
  const ban = { afterRejectedRequests: 1, durationSeconds: 600 };

  it("evicts a tenth of the cap at once, idle records before active, banned ones last", () => {
    const store = createMemoryRateLimitStore({ maxRecords: 10 });
    // "banned": limited then banned; "busy": at its minute limit; idle-*: seen a minute ago.
    for (let i = 0; i < 4; i++) store.hit("banned", { now: t0, limits, ban });
    expect(store.hit("banned", { now: t0, limits, ban }).status).toBe("banned");
    for (let i = 0; i < 7; i++) store.hit(`idle-${i}`, { now: t0, limits });
    const later = t0 + 60_000;
    store.hit("busy", { now: later, limits });
    store.hit("busy", { now: later, limits });
    store.hit("active", { now: later, limits });
    expect(store.size).toBe(10);
    store.hit("new", { now: later, limits });
    // One record (a tenth of 10) was evicted: the oldest idle one.
    expect(store.size).toBe(10);
    expect(store.hit("idle-0", { now: later, limits }).remaining).toBe(1); // fresh again
    expect(store.hit("banned", { now: later, limits, ban }).status).toBe("banned");
    expect(store.hit("busy", { now: later, limits }).status).toBe("limited");
  });

  it("refuses a cap that is not a whole number ≥ 1", () => {
    expect(() => createMemoryRateLimitStore({ maxRecords: 0 })).toThrow(
      "maxRecords must be a whole number ≥ 1 (got 0)",
    );
  });
});
