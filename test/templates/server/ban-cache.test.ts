/** The local cache of bans a shared rate-limit store reported (ban-cache.ts). */
import { describe, expect, it } from "vitest";
import { createBanCache } from "../../../templates/server/stores/ban-cache.js";
import type { RateLimitOutcome } from "../../../templates/server/stores/rate-limiter.js";

const NOW = Date.UTC(2030, 0, 1);
const limits = { perMinute: 60, perDay: 1000 };
const banned = (endSeconds: number): RateLimitOutcome => ({
  status: "banned",
  window: "minute",
  limit: 60,
  remaining: 0,
  reset: endSeconds,
  retryAfter: 1,
});
const allowed: RateLimitOutcome = { ...banned(0), status: "allowed", remaining: 10, retryAfter: 0 };

describe("ban cache", () => {
  it("answers a noted ban until it ends, with the ban's Reset and Retry-After", () => {
    const cache = createBanCache();
    cache.note("k", banned(NOW / 1000 + 600));
    expect(cache.banned("k", { now: NOW + 1_000, limits })).toEqual({
      status: "banned",
      window: "minute",
      limit: 60,
      remaining: 0,
      reset: NOW / 1000 + 600,
      retryAfter: 599,
    });
    expect(cache.banned("other", { now: NOW, limits })).toBeUndefined();
    expect(cache.banned("k", { now: NOW + 600_000, limits })).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("forgets a ban when the store allows the id again; a limited answer keeps it", () => {
    const cache = createBanCache();
    cache.note("k", banned(NOW / 1000 + 600));
    cache.note("k", { ...allowed, status: "limited" });
    expect(cache.banned("k", { now: NOW, limits })?.status).toBe("banned");
    cache.note("k", allowed);
    expect(cache.banned("k", { now: NOW, limits })).toBeUndefined();
  });

  it("is bounded: past maxEntries the oldest ban is dropped", () => {
    const cache = createBanCache(3);
    for (const id of ["a", "b", "c", "d"]) cache.note(id, banned(NOW / 1000 + 600));
    expect(cache.size).toBe(3);
    expect(cache.banned("a", { now: NOW, limits })).toBeUndefined();
    expect(cache.banned("d", { now: NOW, limits })?.status).toBe("banned");
  });
});
