import { describe, expect, it } from "vitest";
import {
  createMemoryRateLimitStore,
  type RateLimitStore,
} from "../../../templates/server/stores/rate-limiter.js";
import {
  ConfigurationError,
  StoreUnavailableError,
} from "../../../templates/server/core/errors.js";
import { KEYS } from "./fixture-api.js";
import { isError, MIDNIGHT, testServer, type Answer } from "./helpers.js";

const MINUTE_END = MIDNIGHT / 1000 + 60;
const DAY_END = MIDNIGHT / 1000 + 86_400;

function limitHeaders(res: Answer) {
  return {
    limit: res.headers.get("x-ratelimit-limit"),
    remaining: res.headers.get("x-ratelimit-remaining"),
    reset: res.headers.get("x-ratelimit-reset"),
  };
}

describe("rate limits per plan (free: 3/min, 5/day; pro: 10/min; ban after 3 more for 120 s)", () => {
  it("lets exactly perMinute requests through and counts the headers down", async () => {
    const server = testServer();
    server.clock = MIDNIGHT + 10_000;
    const seen = [];
    for (let i = 0; i < 3; i++) {
      const res = await server.call("GET", "/pets/1", { key: KEYS.free });
      expect(res.status).toBe(200);
      seen.push(limitHeaders(res));
    }
    expect(seen).toEqual([
      { limit: "3", remaining: "2", reset: String(MINUTE_END) },
      { limit: "3", remaining: "1", reset: String(MINUTE_END) },
      { limit: "3", remaining: "0", reset: String(MINUTE_END) },
    ]);
    server.clock = MIDNIGHT + 15_200;
    const limited = await server.call("GET", "/pets/1", { key: KEYS.free });
    expect(limited.status).toBe(429);
    expect(isError(limited.body, 429, "rate_limited")).toBe(true);
    expect(limited.headers.get("retry-after")).toBe("45"); // ceil(44.8)
    expect(limitHeaders(limited)).toEqual({
      limit: "3",
      remaining: "0",
      reset: String(MINUTE_END),
    });
  });

  it("applies the minute and the day windows; rejected requests consume no quota", async () => {
    const server = testServer();
    for (let i = 0; i < 3; i++) await server.call("GET", "/pets/1", { key: KEYS.free });
    expect((await server.call("GET", "/pets/1", { key: KEYS.free })).status).toBe(429);
    expect((await server.call("GET", "/pets/1", { key: KEYS.free })).status).toBe(429);

    server.clock = MIDNIGHT + 60_000; // next minute: 2 of the day's 5 left
    const fourth = await server.call("GET", "/pets/1", { key: KEYS.free });
    expect(fourth.status).toBe(200);
    expect(limitHeaders(fourth)).toEqual({ limit: "5", remaining: "1", reset: String(DAY_END) });
    const fifth = await server.call("GET", "/pets/1", { key: KEYS.free });
    expect(limitHeaders(fifth)).toEqual({ limit: "5", remaining: "0", reset: String(DAY_END) });

    server.clock = MIDNIGHT + 125_000; // a later minute, but the day is used up
    const limited = await server.call("GET", "/pets/1", { key: KEYS.free });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe(String(86_400 - 125));
    expect(limitHeaders(limited)).toEqual({ limit: "5", remaining: "0", reset: String(DAY_END) });

    server.clock = MIDNIGHT + 86_400_000; // the next UTC day
    expect((await server.call("GET", "/pets/1", { key: KEYS.free })).status).toBe(200);
  });

  it("bans a key that sends 3 more requests while limited, for 120 s", async () => {
    const server = testServer();
    for (let i = 0; i < 3; i++) await server.call("GET", "/pets/1", { key: KEYS.free });
    server.clock = MIDNIGHT + 1_000;
    expect((await server.call("GET", "/pets/1", { key: KEYS.free })).status).toBe(429); // the first 429
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const res = await server.call("GET", "/pets/1", { key: KEYS.free });
      statuses.push((res.body as { code: string }).code);
    }
    expect(statuses).toEqual(["rate_limited", "rate_limited", "key_banned"]);

    server.clock = MIDNIGHT + 61_000; // the minute has reset, the ban has not
    const banned = await server.call("GET", "/pets/1", { key: KEYS.free });
    expect(banned.status).toBe(429);
    expect(isError(banned.body, 429, "key_banned")).toBe(true);
    expect(banned.headers.get("retry-after")).toBe("60");
    expect(banned.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(banned.headers.get("x-ratelimit-reset")).toBe(String(MIDNIGHT / 1000 + 121));

    // Other keys are not affected.
    expect((await server.call("GET", "/pets/1", { key: KEYS.free2 })).status).toBe(200);

    server.clock = MIDNIGHT + 121_000; // the ban is over
    const after = await server.call("GET", "/pets/1", { key: KEYS.free });
    expect(after.status).toBe(200);
    // 4 of the day's 5 used now: the day is the window closest to exhaustion.
    expect(limitHeaders(after)).toEqual({ limit: "5", remaining: "1", reset: String(DAY_END) });
  });

  it("limits other plans by their own numbers", async () => {
    const server = testServer();
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await server.call("GET", "/health", { key: KEYS.pro })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses[10]).toBe(429);
  });

  it("takes enterprise limits from planLimits, and lets planLimits override any plan", async () => {
    const server = testServer({
      planLimits: { enterprise: { perMinute: 2, perDay: 10 }, free: { perMinute: 1, perDay: 1 } },
    });
    const enterprise = await server.call("GET", "/health", { key: KEYS.enterprise });
    expect(limitHeaders(enterprise)).toMatchObject({ limit: "2", remaining: "1" });
    await server.call("GET", "/health", { key: KEYS.enterprise });
    expect((await server.call("GET", "/health", { key: KEYS.enterprise })).status).toBe(429);
    expect((await server.call("GET", "/health", { key: KEYS.free })).status).toBe(200);
    expect((await server.call("GET", "/health", { key: KEYS.free })).status).toBe(429);
  });

  it("answers 500 with a logged configuration error for a caller whose plan has no limits", async () => {
    const server = testServer({ planLimits: {} });
    for (const key of [KEYS.enterprise, KEYS.mystery]) {
      const res = await server.call("GET", "/health", { key });
      expect(res.status).toBe(500);
      expect(isError(res.body, 500, "internal")).toBe(true);
    }
    expect(server.logged.map((l) => l.error)).toEqual([
      expect.any(ConfigurationError),
      expect.any(ConfigurationError),
    ]);
    expect(String(server.logged[0]?.error)).toContain('planLimits["enterprise"]');
    expect(String(server.logged[1]?.error)).toContain('"mystery"');
    expect(JSON.stringify(server.logged)).not.toContain(KEYS.enterprise);
    // Other plans are not affected.
    expect((await server.call("GET", "/health", { key: KEYS.pro })).status).toBe(200);
  });

  it("counts missing and unknown keys on the first plan per client address, without storing keys", async () => {
    const ids: string[] = [];
    const memory = createMemoryRateLimitStore();
    const store: RateLimitStore = { hit: (id, hit) => (ids.push(id), memory.hit(id, hit)) };
    let address = "192.0.2.7";
    const server = testServer({ rateLimitStore: store, clientAddress: () => address });
    expect((await server.call("GET", "/health")).status).toBe(200);
    // Invented keys share the address's counter: no key gets a counter of its own.
    for (const key of ["made-up-1", "made-up-2"]) {
      const unknown = await server.call("GET", "/pets", { key });
      expect(unknown.status).toBe(401);
      expect(limitHeaders(unknown)).toMatchObject({ limit: "3" });
    }
    const limited = await server.call("GET", "/pets", { key: "made-up-3" });
    expect(limited.status).toBe(429);
    expect(new Set(ids)).toEqual(new Set(["addr:192.0.2.7"]));
    // Another address has its own counter; a valid key is counted per key.
    address = "2001:db8:1:2:aaaa::1";
    expect(limitHeaders(await server.call("GET", "/health"))).toMatchObject({ remaining: "2" });
    expect(ids.at(-1)).toBe("addr:2001:db8:1:2::/64");
    expect((await server.call("GET", "/health", { key: KEYS.free })).status).toBe(200);
    expect(ids.at(-1)).toMatch(/^key:[A-Za-z0-9_-]{43}$/);
    expect(ids.join()).not.toContain("made-up");
  });

  it("without a client address, requests without a valid key share the anonymous counter", async () => {
    const ids: string[] = [];
    const memory = createMemoryRateLimitStore();
    const store: RateLimitStore = { hit: (id, hit) => (ids.push(id), memory.hit(id, hit)) };
    const server = testServer({ rateLimitStore: store });
    await server.call("GET", "/health");
    await server.call("GET", "/pets", { key: "made-up-key" });
    expect(ids).toEqual(["anonymous", "anonymous"]);
  });

  it("answers 429 before routing, and works with an asynchronous store", async () => {
    const memory = createMemoryRateLimitStore();
    const server = testServer({
      rateLimitStore: { hit: async (id, hit) => memory.hit(id, hit) },
    });
    for (let i = 0; i < 3; i++) await server.call("GET", "/health", { key: KEYS.free });
    const res = await server.call("GET", "/no/such/path", { key: KEYS.free });
    expect(res.status).toBe(429);
  });

  it("answers 500 when the store fails", async () => {
    const server = testServer({
      rateLimitStore: {
        hit: () => Promise.reject(new Error("store down")),
      },
    });
    const res = await server.call("GET", "/health", { key: KEYS.free });
    expect(res.status).toBe(500);
    expect(String(server.logged[0]?.error)).toContain("store down");
  });

  it("answers 503 service_unavailable with Retry-After when a store fails closed", async () => {
    const server = testServer({
      rateLimitStore: {
        hit: () => Promise.reject(new StoreUnavailableError("Redis did not answer in 50 ms", 2)),
      },
    });
    const res = await server.call("GET", "/health", { key: KEYS.free });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("2");
    expect(res.body).toEqual({
      code: "service_unavailable",
      message: "Service temporarily unavailable; retry in 2 s",
      status: 503,
    });
    expect(server.logged).toEqual([]);
  });
});
