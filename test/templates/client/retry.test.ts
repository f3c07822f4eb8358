import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  DEFAULT_RETRY_POLICY,
  backoffDelay,
  isIdempotentMethod,
  resolveRetryPolicy,
  retryDelay,
  sleep,
} from "../../../templates/client/index.js";

const policy = DEFAULT_RETRY_POLICY;

describe("resolveRetryPolicy", () => {
  it("defaults to 3 retries, 500 ms base, 30 s cap, 60 s longest Retry-After", () => {
    expect(resolveRetryPolicy()).toEqual({
      maxRetries: 3,
      baseDelayMs: 500,
      maxDelayMs: 30_000,
      maxRetryAfterMs: 60_000,
    });
  });

  it("completes a partial policy and disables retries with false", () => {
    expect(resolveRetryPolicy({ maxRetries: 5 })).toEqual({
      ...DEFAULT_RETRY_POLICY,
      maxRetries: 5,
    });
    expect(resolveRetryPolicy(false).maxRetries).toBe(0);
  });
});

describe("backoffDelay (exponential, full jitter)", () => {
  it.each([0, 0.25, 0.5, 0.999999])(
    "stays within [0, min(max, base·2^n)] for random() = %d",
    (r) => {
      for (let attempt = 0; attempt < 12; attempt++) {
        const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
        const delay = backoffDelay(attempt, policy, () => r);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(ceiling);
        expect(delay).toBe(Math.floor(r * ceiling));
      }
    },
  );

  it("doubles the ceiling each attempt until the cap", () => {
    const top = (attempt: number): number => backoffDelay(attempt, policy, () => 0.999999);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(top)).toEqual([
      499, 999, 1999, 3999, 7999, 15999, 29999, 29999,
    ]);
  });
});

describe("retryDelay", () => {
  const half = (): number => 0.5;

  it("retries a 429 for any method, with backoff when there is no Retry-After", () => {
    expect(retryDelay({ attempt: 0, method: "POST", status: 429 }, policy, half)).toBe(250);
    expect(retryDelay({ attempt: 2, method: "get", status: 429 }, policy, half)).toBe(1000);
  });

  it("never retries sooner than Retry-After (it is the floor)", () => {
    expect(
      retryDelay({ attempt: 0, method: "GET", status: 429, retryAfterMs: 5000 }, policy, half),
    ).toBe(5000);
    // a larger backoff wins over a small Retry-After
    expect(
      retryDelay({ attempt: 2, method: "GET", status: 429, retryAfterMs: 500 }, policy, half),
    ).toBe(1000);
  });

  it("does not wait for a Retry-After longer than maxRetryAfterMs", () => {
    expect(
      retryDelay({ attempt: 0, method: "GET", status: 429, retryAfterMs: 60_001 }, policy, half),
    ).toBeUndefined();
    expect(
      retryDelay({ attempt: 0, method: "GET", status: 429, retryAfterMs: 60_000 }, policy, half),
    ).toBe(60_000);
  });

  it("stops after maxRetries", () => {
    expect(retryDelay({ attempt: 3, method: "GET", status: 429 }, policy, half)).toBeUndefined();
    expect(
      retryDelay({ attempt: 0, method: "GET", status: 429 }, { ...policy, maxRetries: 0 }, half),
    ).toBeUndefined();
  });

  it.each(["GET", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE"])(
    "retries network errors and 500/502/503/504 for idempotent %s",
    (method) => {
      expect(retryDelay({ attempt: 0, method, status: undefined }, policy, half)).toBe(250);
      for (const status of [500, 502, 503, 504]) {
        expect(retryDelay({ attempt: 0, method, status }, policy, half)).toBe(250);
      }
    },
  );

  it.each(["POST", "PATCH"])("never retries network errors or 5xx for %s", (method) => {
    expect(retryDelay({ attempt: 0, method, status: undefined }, policy, half)).toBeUndefined();
    expect(retryDelay({ attempt: 0, method, status: 503 }, policy, half)).toBeUndefined();
  });

  it("does not retry other statuses", () => {
    for (const status of [200, 400, 401, 404, 409, 501, 505]) {
      expect(retryDelay({ attempt: 0, method: "GET", status }, policy, half)).toBeUndefined();
    }
  });

  it("knows the idempotent methods in either case", () => {
    expect(isIdempotentMethod("get")).toBe(true);
    expect(isIdempotentMethod("DELETE")).toBe(true);
    expect(isIdempotentMethod("post")).toBe(false);
    expect(isIdempotentMethod("PATCH")).toBe(false);
  });
});

describe("sleep", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("resolves after the delay", async () => {
    let done = false;
    void sleep(1000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it("rejects with the signal's reason as soon as it aborts, and clears its timer", async () => {
    const controller = new AbortController();
    const waiting = sleep(10_000, controller.signal);
    const reason = new Error("stop");
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects at once when the signal already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(sleep(10, controller.signal)).rejects.toMatchObject({ name: "AbortError" });
  });
});
