import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
/**
 * The client's shared rate-limit state (`RateLimitScheduler`), through the runtime with a scripted
 * fetch and fake timers: the hold after `Remaining: 0` and after a 429, the budget of in-flight
 * requests, the in-flight cap, and what happens beyond `maxRetryAfterMs`. The same against the
 * reference server over real HTTP: test/contract/client-burst.test.ts.
 */
import {
  RateLimitScheduler,
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
    ...options,
  });
  return { runtime, calls: scripted.calls };
}

describe("client runtime: X-RateLimit-Remaining (on by default)", () => {
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

  it("does not wait longer than maxRetryAfterMs: one request asks the server", async () => {
    const { runtime, calls } = client([limited(0, 3600), json(200, [])]);
    await runtime.call(listPets);
    expect((await runtime.call(listPets)).status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it("keeps the lowest Remaining of a window (late answers do not raise it), and a new window lifts it", () => {
    let now = start;
    const scheduler = new RateLimitScheduler({
      now: () => now,
      maxWaitMs: 60_000,
      maxConcurrent: 4,
      budget: true,
    });
    const answer = (remaining: number, reset: number): Response => limited(remaining, reset);
    expect(scheduler.acquire()).toBeUndefined();
    expect(scheduler.acquire()).toBeUndefined();
    scheduler.release(answer(1, 30));
    scheduler.release(answer(2, 30)); // processed earlier, arrived later
    expect(scheduler.acquire()).toBeUndefined(); // 1 left, 0 in flight
    expect(scheduler.acquire()).toBeInstanceOf(Promise); // 1 in flight = the budget
    now += 31_000; // the window has reset
    scheduler.release(answer(59, 90));
    expect(scheduler.inFlight).toBe(0);
  });
});

describe("client runtime: the in-flight cap and the budget", () => {
  /** A fetch whose answers the test releases one by one. */
  function gatedFetch() {
    const waiting: Array<(response: Response) => void> = [];
    let concurrent = 0;
    let peak = 0;
    const fetchImpl = (() =>
      new Promise<Response>((resolve) => {
        concurrent++;
        peak = Math.max(peak, concurrent);
        waiting.push((response) => {
          concurrent--;
          resolve(response);
        });
      })) as unknown as typeof fetch;
    return {
      fetch: fetchImpl,
      waiting,
      peak: () => peak,
      answerNext: (response: Response) => waiting.shift()!(response),
    };
  }

  it("has at most maxConcurrent requests in flight (4 by default)", async () => {
    const gated = gatedFetch();
    const runtime = createClientRuntime({ baseUrl: "https://api.test", fetch: gated.fetch });
    const all = Promise.all(Array.from({ length: 10 }, () => runtime.call(listPets)));
    for (let answered = 0; answered < 10; answered++) {
      await vi.waitFor(() => expect(gated.waiting.length).toBeGreaterThan(0));
      gated.answerNext(json(200, []));
    }
    expect((await all).map((result) => result.status)).toEqual(Array(10).fill(200));
    expect(gated.peak()).toBe(4);
  });

  it("near exhaustion (at most 4 × maxConcurrent left), one request at a time", async () => {
    const gated = gatedFetch();
    const runtime = createClientRuntime({
      baseUrl: "https://api.test",
      fetch: gated.fetch,
      now: () => start,
    });
    const seed = runtime.call(listPets);
    await vi.waitFor(() => expect(gated.waiting).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gated.waiting).toHaveLength(1); // before any answer: one request alone
    gated.answerNext(limited(16, 30));
    await seed;
    const burst = Array.from({ length: 3 }, () => runtime.call(listPets));
    await vi.waitFor(() => expect(gated.waiting).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gated.waiting).toHaveLength(1); // 16 left: one at a time, though the cap is 4
    for (const left of [15, 14, 13]) {
      await vi.waitFor(() => expect(gated.waiting).toHaveLength(1));
      gated.answerNext(limited(left, 30));
    }
    await Promise.all(burst);
  });

  it("sends no more requests than the server says remain", async () => {
    const gated = gatedFetch();
    const later = createClientRuntime({
      baseUrl: "https://api.test",
      fetch: gated.fetch,
      now: () => start,
      rateLimitLowWater: 0, // the budget alone
    });
    const seed = later.call(listPets);
    await vi.waitFor(() => expect(gated.waiting).toHaveLength(1));
    gated.answerNext(limited(2, 30));
    await seed;
    const stop = new AbortController();
    const burst = Array.from({ length: 5 }, () => later.call(listPets, { signal: stop.signal }));
    await vi.waitFor(() => expect(gated.waiting).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gated.waiting).toHaveLength(2); // 2 remain: only 2 go, though the cap is 4
    gated.answerNext(limited(1, 30));
    gated.answerNext(limited(0, 30));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gated.waiting).toHaveLength(0); // 0 remain: the rest wait for the reset (30 s)
    stop.abort(new Error("stop"));
    const outcomes = await Promise.allSettled(burst);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "rejected",
      "rejected",
    ]);
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

  it("answers calls held longer than maxRetryAfterMs with a copy of the server's 429, without a request", async () => {
    const { runtime, calls } = client([tooMany("900")], { throttle: false });
    expect((await runtime.call(listPets)).response.status).toBe(429);
    await vi.advanceTimersByTimeAsync(100_000);
    const held = await runtime.call(listPets);
    expect(calls).toHaveLength(1);
    expect(held).toMatchObject({ status: 429, ok: false, error: { code: "rate_limited" } });
    expect(held.response.headers.get("retry-after")).toBe("800");
  });

  it("reports one wait per hold, even when the timer fires before the clock reaches its end", async () => {
    let lag = 0;
    const scheduler = new RateLimitScheduler({
      now: () => Date.now() - lag,
      maxWaitMs: 60_000,
      maxConcurrent: 4,
      budget: false,
    });
    expect(scheduler.acquire()).toBeUndefined();
    scheduler.release(tooMany("2"));
    const waits: number[] = [];
    const pending = scheduler.acquire(undefined, (ms) => {
      waits.push(ms);
      lag = 1; // the clock reads a millisecond behind the timers from now on
    });
    let settled = false;
    void pending?.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(settled).toBe(false); // the clock says 1 ms of the hold is left
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    expect(waits).toEqual([2_000]);
    // a later hold is a new wait
    scheduler.release(tooMany("1"));
    const next = scheduler.acquire(undefined, (ms) => waits.push(ms));
    await vi.advanceTimersByTimeAsync(1_000);
    await next;
    expect(waits).toEqual([2_000, 1_000]);
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
