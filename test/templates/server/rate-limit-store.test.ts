import { describe, expect, it } from "vitest";
import {
  applyRateLimitHit,
  createMemoryRateLimitStore,
  newRateLimitRecord,
  type RateLimitRecord,
  type RateLimitStore,
} from "../../../templates/server/rate-limiter.js";
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
