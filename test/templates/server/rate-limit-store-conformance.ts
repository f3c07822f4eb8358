/**
 * A conformance suite for RateLimitStore implementations: any store (in memory, Redis...) must
 * pass it. Call `describeRateLimitStoreConformance(name, createStore)` from a test file.
 */
import { describe, expect, it } from "vitest";
import type {
  RateLimitHit,
  RateLimitStore,
} from "../../../templates/server/stores/rate-limiter.js";

const T0 = Date.UTC(2030, 0, 1); // midnight UTC
const limits = { perMinute: 3, perDay: 5 };
const ban = { afterRejectedRequests: 2, durationSeconds: 30 };

export function describeRateLimitStoreConformance(
  name: string,
  createStore: () => RateLimitStore,
): void {
  describe(`RateLimitStore conformance: ${name}`, () => {
    const hit = async (
      store: RateLimitStore,
      id: string,
      now: number,
      extra: Partial<RateLimitHit> = {},
    ) => await store.hit(id, { now, limits, ...extra });

    it("counts a fresh id from zero and reports the window closest to exhaustion", async () => {
      const store = createStore();
      expect(await hit(store, "a", T0 + 5_000)).toEqual({
        status: "allowed",
        window: "minute",
        limit: 3,
        remaining: 2,
        reset: T0 / 1000 + 60,
        retryAfter: 0,
      });
    });

    it("keeps ids apart", async () => {
      const store = createStore();
      for (let i = 0; i < 3; i++) await hit(store, "a", T0);
      expect((await hit(store, "a", T0)).status).toBe("limited");
      expect((await hit(store, "b", T0)).status).toBe("allowed");
    });

    it("lets exactly perMinute through, then limits without consuming quota", async () => {
      const store = createStore();
      const remaining = [];
      for (let i = 0; i < 3; i++) remaining.push((await hit(store, "a", T0 + 1_000)).remaining);
      expect(remaining).toEqual([2, 1, 0]);
      const limited = await hit(store, "a", T0 + 20_500);
      expect(limited).toEqual({
        status: "limited",
        window: "minute",
        limit: 3,
        remaining: 0,
        reset: T0 / 1000 + 60,
        retryAfter: 40,
      });
      // Next minute: the 429 did not count against the day (5 - 3 = 2 left).
      expect(await hit(store, "a", T0 + 60_000)).toMatchObject({
        status: "allowed",
        window: "day",
        remaining: 1,
        reset: T0 / 1000 + 86_400,
      });
      expect((await hit(store, "a", T0 + 60_001)).remaining).toBe(0);
      expect(await hit(store, "a", T0 + 61_000)).toMatchObject({
        status: "limited",
        window: "day",
        limit: 5,
        retryAfter: 86_400 - 61,
      });
      // The next day starts afresh.
      expect(await hit(store, "a", T0 + 86_400_000)).toMatchObject({
        status: "allowed",
        remaining: 2,
      });
    });

    it("bans after the given number of requests sent while limited, then lifts the ban", async () => {
      const store = createStore();
      for (let i = 0; i < 3; i++) await hit(store, "a", T0, { ban });
      expect((await hit(store, "a", T0 + 1_000, { ban })).status).toBe("limited");
      expect((await hit(store, "a", T0 + 2_000, { ban })).status).toBe("limited");
      expect(await hit(store, "a", T0 + 3_000, { ban })).toEqual({
        status: "banned",
        window: "minute",
        limit: 3,
        remaining: 0,
        reset: T0 / 1000 + 33,
        retryAfter: 30,
      });
      // Still banned after the minute window was due to reset.
      expect(await hit(store, "a", T0 + 32_500, { ban })).toMatchObject({
        status: "banned",
        retryAfter: 1,
      });
      expect((await hit(store, "a", T0 + 33_000, { ban })).status).toBe("limited");
      expect((await hit(store, "a", T0 + 60_000, { ban })).status).toBe("allowed");
    });

    it("does not carry requests of an earlier limited episode into the ban count", async () => {
      const store = createStore();
      for (let i = 0; i < 3; i++) await hit(store, "a", T0, { ban });
      expect((await hit(store, "a", T0 + 1, { ban })).status).toBe("limited");
      expect((await hit(store, "a", T0 + 2, { ban })).status).toBe("limited");
      // The minute resets: a new episode starts with the next 429.
      expect((await hit(store, "a", T0 + 60_000, { ban })).status).toBe("allowed");
      expect((await hit(store, "a", T0 + 60_001, { ban })).status).toBe("allowed");
      expect((await hit(store, "a", T0 + 60_002, { ban })).status).toBe("limited"); // day: 5 used
      expect((await hit(store, "a", T0 + 60_003, { ban })).status).toBe("limited");
      expect((await hit(store, "a", T0 + 60_004, { ban })).status).toBe("banned");
    });

    it("applies concurrent hits atomically", async () => {
      const store = createStore();
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, async () =>
          store.hit("c", { now: T0, limits: { perMinute: 7, perDay: 100 } }),
        ),
      );
      expect(outcomes.filter((o) => o.status === "allowed")).toHaveLength(7);
      expect(
        outcomes
          .map((o) => o.remaining)
          .filter((r) => r > 0)
          .sort(),
      ).toEqual([1, 2, 3, 4, 5, 6]);
    });
  });
}
