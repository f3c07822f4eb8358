/**
 * The generated client's retry after a 429 waits as long as `Retry-After` says:
 * - over real HTTP against the reference server (a tiny plan and a server clock placed just
 *   before a minute boundary, so the `Retry-After` is 2 s and the test stays short), measured
 *   between the 429 and the retry on the wire;
 * - with fake timers and the reference server's web handler injected as `fetch` (no network), for
 *   a long `Retry-After` (45 s): no request before it has elapsed, the retry exactly when it has;
 *   longer than `maxRetryAfterMs` → no retry; other calls of the client hold too.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPetStoreClient } from "../../generated/client.js";
import { createPetStoreServer } from "../../examples/petstore/index.js";
import { contract, expectError, startContractServer } from "./harness.js";

const MINUTE = 60_000;
const TINY = { perMinute: 1, perDay: 1_000 };
const tinyKey = (key: string) => ({ key, plan: "tiny", caller: { name: key, plan: "tiny" } });

afterEach(() => {
  vi.useRealTimers();
});

describe("over real HTTP", () => {
  it("retries a 429 no sooner than Retry-After (and not much later), then succeeds", async () => {
    let offset = 0;
    const h = await startContractServer({
      fakeClock: false,
      now: () => Date.now() + offset,
      planLimits: { tiny: TINY },
      extraKeys: [tinyKey("tiny-retry")],
    });
    try {
      const wire: Array<{
        sentAt: number;
        receivedAt: number;
        status: number;
        retryAfter: string | null;
      }> = [];
      const timed: typeof fetch = async (input, init) => {
        const sentAt = performance.now();
        const response = await fetch(input, init);
        wire.push({
          sentAt,
          receivedAt: performance.now(),
          status: response.status,
          retryAfter: response.headers.get("retry-after"),
        });
        return response;
      };
      // A server clock 1.8 s before a minute boundary: the minute's quota (1) is used at once, and
      // the 429 says Retry-After: 2 (1 if this machine took over 0.8 s to get there).
      const boundary = Date.UTC(2026, 6, 1, 12, 0, 0);
      offset = boundary - 1_800 - Date.now();
      expect((await h.client({ apiKey: "tiny-retry" }).getInventory()).response.status).toBe(200);

      const client = createPetStoreClient({
        baseUrl: h.baseUrl,
        apiKey: "tiny-retry",
        fetch: async (input, init) => {
          const response = await timed(input, init);
          const checked = contract().check({
            method: init?.method ?? "GET",
            url: String(input),
            status: response.status,
            headers: response.headers,
            bodyText: await response.clone().text(),
          });
          expect(checked.violations).toEqual([]);
          return response;
        },
        retry: { maxRetries: 2 },
        random: () => 0, // no jitter: the wait is exactly max(Retry-After, 0)
      });
      const result = await client.getInventory();
      expect(result.response.status).toBe(200);
      expect(wire.map((exchange) => exchange.status)).toEqual([429, 200]);
      const [limited, retried] = wire as [(typeof wire)[0], (typeof wire)[0]];
      expect(["1", "2"]).toContain(limited.retryAfter);
      const retryAfterMs = Number(limited.retryAfter) * 1000;
      const waited = retried.sentAt - limited.receivedAt;
      expect(waited).toBeGreaterThanOrEqual(retryAfterMs - 2); // never sooner
      expect(waited).toBeLessThan(retryAfterMs + 800); // and not much later
      expect(h.serverErrors).toEqual([]);
    } finally {
      await h.close();
    }
  });
});

describe("with fake timers (the reference server's handler as fetch)", () => {
  /** `throttle: false` by default here: these tests provoke the 429 that the default avoids. */
  function setup(retry: { maxRetries: number; maxRetryAfterMs?: number }, throttle = false) {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    // 15 s into a minute: a 429 now says Retry-After: 45.
    vi.setSystemTime(Date.UTC(2026, 6, 1, 12, 0, 15));
    const server = createPetStoreServer({
      keys: [tinyKey("tiny-fake")],
      planLimits: { tiny: TINY },
      validateResponses: true,
      now: () => Date.now(),
      onError: (error) => {
        throw error;
      },
    });
    const calls: Array<{ at: number; status: number }> = [];
    const fetchInProcess: typeof fetch = async (input, init) => {
      const at = Date.now();
      const response = await server.handler(new Request(String(input), init));
      const checked = contract().check({
        method: init?.method ?? "GET",
        url: String(input),
        status: response.status,
        headers: response.headers,
        bodyText: await response.clone().text(),
      });
      expect(checked.violations).toEqual([]);
      calls.push({ at, status: response.status });
      return response;
    };
    const client = createPetStoreClient({
      baseUrl: "http://petstore.test",
      apiKey: "tiny-fake",
      fetch: fetchInProcess,
      retry,
      throttle,
      random: () => 0,
    });
    return { client, calls };
  }

  /**
   * Lets real asynchronous work finish without moving the fake clock: the server hashes API keys
   * with Web Crypto, whose digest resolves from outside the timers that the test controls.
   */
  async function settle(done: () => boolean): Promise<void> {
    for (let turn = 0; turn < 1_000 && !done(); turn++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it("by default, after X-RateLimit-Remaining: 0, waits for X-RateLimit-Reset instead of provoking a 429", async () => {
    const { client, calls } = setup({ maxRetries: 3 }, true);
    expect((await client.getInventory()).response.status).toBe(200); // the minute's only request
    const start = Date.now();
    const pending = client.getInventory();
    await vi.advanceTimersByTimeAsync(44_999);
    expect(calls.map((call) => call.status)).toEqual([200]); // held: nothing sent
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).response.status).toBe(200);
    expect(calls.map((call) => call.status)).toEqual([200, 200]);
    expect((calls[1]?.at ?? 0) - start).toBe(45_000);
  });

  it("waits exactly Retry-After (45 s) before the retry", async () => {
    const { client, calls } = setup({ maxRetries: 3 });
    expect((await client.getInventory()).response.status).toBe(200); // the minute's only request
    const start = Date.now();
    const pending = client.getInventory();
    await settle(() => calls.length === 2);
    expect(calls.map((call) => call.status)).toEqual([200, 429]);
    await vi.advanceTimersByTimeAsync(44_999);
    expect(calls).toHaveLength(2); // nothing sent before Retry-After has elapsed
    await vi.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(result.response.status).toBe(200);
    expect(calls.map((call) => call.status)).toEqual([200, 429, 200]);
    expect((calls[2]?.at ?? 0) - start).toBe(45_000);
  });

  it("does not retry when Retry-After is longer than maxRetryAfterMs: the 429 is returned at once", async () => {
    const { client, calls } = setup({ maxRetries: 3, maxRetryAfterMs: 10_000 });
    await client.getInventory();
    const result = await client.getInventory();
    expectError(result, 429, "rate_limited");
    expect(result.response.headers.get("retry-after")).toBe("45");
    expect(calls.map((call) => call.status)).toEqual([200, 429]);
  });

  it("after a 429, other calls of the same client also wait for Retry-After (no push toward a ban)", async () => {
    const { client, calls } = setup({ maxRetries: 0 });
    await client.getInventory();
    const limited = await client.getInventory(); // no retries: the 429 comes back
    expectError(limited, 429, "rate_limited");
    const start = Date.now();
    const next = client.listPets();
    await vi.advanceTimersByTimeAsync(44_999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect((await next).response.status).toBe(200);
    expect((calls[2]?.at ?? 0) - start).toBe(45_000);
    expect(Date.now() % MINUTE).toBe(0); // the retry went out at the minute boundary
  });
});
