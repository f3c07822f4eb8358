import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  RateLimitThrottle,
  createClientRuntime,
  type ClientOperationDescriptor,
  type ClientOptions,
} from "../../../templates/client/index.js";
import { json, scriptedFetch, type Step } from "./fake-fetch.js";

const listPets: ClientOperationDescriptor = {
  operationId: "listPets",
  method: "get",
  path: "/pets",
  secured: false,
};
const start = Date.parse("2025-01-01T12:00:00.000Z");
const startSeconds = start / 1000;

const limited = (remaining: number, resetInSeconds: number): Response =>
  json(200, [], {
    "x-ratelimit-limit": "10",
    "x-ratelimit-remaining": String(remaining),
    "x-ratelimit-reset": String(startSeconds + resetInSeconds),
  });

function client(steps: Step[], options: Partial<ClientOptions> = {}) {
  const scripted = scriptedFetch(...steps);
  const runtime = createClientRuntime({
    baseUrl: "https://api.test",
    fetch: scripted.fetch,
    throttle: true,
    ...options,
  });
  return { runtime, calls: scripted.calls };
}

describe("client runtime: opt-in throttle", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(start);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits for the reset once Remaining reached 0, instead of provoking a 429", async () => {
    const { runtime, calls } = client([limited(0, 5), limited(9, 65)]);
    await runtime.call(listPets);
    const pending = runtime.call(listPets);
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).rateLimit).toEqual({
      limit: 10,
      remaining: 9,
      reset: startSeconds + 65,
    });
    expect(calls).toHaveLength(2);
  });

  it("does not wait while requests remain, or without throttle", async () => {
    const throttled = client([limited(1, 5), limited(0, 5)]);
    await throttled.runtime.call(listPets);
    await throttled.runtime.call(listPets);
    expect(throttled.calls).toHaveLength(2);
    const plain = client([limited(0, 5), limited(0, 5)], { throttle: false });
    await plain.runtime.call(listPets);
    await plain.runtime.call(listPets);
    expect(plain.calls).toHaveLength(2);
  });

  it("is abortable", async () => {
    const { runtime, calls } = client([limited(0, 30)]);
    await runtime.call(listPets);
    const controller = new AbortController();
    const pending = runtime.call(listPets, { signal: controller.signal });
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort(new Error("cancelled"));
    expect(await outcome).toEqual(new Error("cancelled"));
    expect(calls).toHaveLength(1);
  });

  it("does not wait longer than maxRetryAfterMs", () => {
    const throttle = new RateLimitThrottle(() => start, 60_000);
    throttle.update({ limit: 10, remaining: 0, reset: startSeconds + 30 });
    expect(throttle.delayMs()).toBe(30_000);
    throttle.update(undefined);
    expect(throttle.latest?.reset).toBe(startSeconds + 30);
    throttle.update({ limit: 10, remaining: 0, reset: startSeconds + 3600 });
    expect(throttle.delayMs()).toBe(0);
    throttle.update({ limit: 10, remaining: 0, reset: startSeconds - 1 });
    expect(throttle.wait()).toBeUndefined();
  });
});

describe("client runtime: a 429's Retry-After holds every call of the client", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(start);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const tooMany = (retryAfter: string): Response =>
    json(429, { code: "rate_limited", message: "" }, { "retry-after": retryAfter });

  it("makes the next calls wait until Retry-After has elapsed (even without retries)", async () => {
    const { runtime, calls } = client([tooMany("2"), json(200, []), json(200, [])], {
      throttle: false,
      retry: false,
    });
    expect((await runtime.call(listPets)).response.status).toBe(429);
    const second = runtime.call(listPets);
    const third = runtime.call(listPets);
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await Promise.all([second, third]);
    expect(calls).toHaveLength(3);
  });

  it("does not hold calls for a Retry-After longer than maxRetryAfterMs", async () => {
    const { runtime, calls } = client([tooMany("900"), tooMany("899")], { throttle: false });
    expect((await runtime.call(listPets)).response.status).toBe(429);
    expect((await runtime.call(listPets)).response.status).toBe(429);
    expect(calls).toHaveLength(2);
  });

  it("is abortable", async () => {
    const { runtime, calls } = client([tooMany("30")], { throttle: false, retry: false });
    await runtime.call(listPets);
    const reason = new Error("cancelled");
    const controller = new AbortController();
    const outcome = runtime.call(listPets, { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort(reason);
    expect(await outcome).toBe(reason);
    expect(calls).toHaveLength(1);
  });
});
