import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  RequestFailedError,
  createClientRuntime,
  type ClientOperationDescriptor,
  type ClientOptions,
} from "../../../templates/client/index.js";
import { createPet, getPet } from "./pet-descriptors.js";
import { empty, json, networkError, scriptedFetch, type Step } from "./fake-fetch.js";

const updatePet: ClientOperationDescriptor = {
  ...createPet,
  operationId: "updatePet",
  method: "patch",
};
const replacePet: ClientOperationDescriptor = {
  ...getPet,
  operationId: "replacePet",
  method: "put",
};

function client(steps: Step[], options: Partial<ClientOptions> = {}) {
  const scripted = scriptedFetch(...steps);
  const runtime = createClientRuntime({
    baseUrl: "https://api.test",
    fetch: scripted.fetch,
    random: () => 0.5,
    ...options,
  });
  return { runtime, calls: scripted.calls };
}

const tooMany = (headers: Record<string, string> = {}): Response =>
  json(429, { code: "rate_limited", message: "slow down" }, headers);

describe("client runtime: retries", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2025-01-01T12:00:00.000Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits for Retry-After (delta-seconds) on 429, then succeeds", async () => {
    const { runtime, calls } = client([tooMany({ "retry-after": "2" }), json(200, { id: 1 })]);
    const pending = runtime.call(getPet, { path: { petId: 1 } });
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(calls).toHaveLength(2);
    expect(result.data).toEqual({ id: 1 });
    expect(result.error).toBeUndefined();
    expect(result.response.status).toBe(200);
  });

  it("waits for Retry-After (HTTP-date) on 429", async () => {
    const at = new Date(Date.now() + 5000).toUTCString();
    const { runtime, calls } = client([tooMany({ "retry-after": at }), json(200, { id: 1 })]);
    const pending = runtime.call(getPet, { path: { petId: 1 } });
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).data).toEqual({ id: 1 });
  });

  it("treats Retry-After as a floor even when the backoff is smaller", async () => {
    // backoff with random 0.999 on the first retry is 499 ms; Retry-After says 1 s
    const { runtime, calls } = client([tooMany({ "retry-after": "1" }), json(200, {})], {
      random: () => 0.999,
    });
    const pending = runtime.call(getPet, { path: { petId: 1 } });
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(calls).toHaveLength(2);
  });

  it("uses exponential backoff with jitter when there is no Retry-After", async () => {
    // random 0.5: 250 ms, 500 ms, 1000 ms
    const { runtime, calls } = client([tooMany(), tooMany(), tooMany(), json(200, { ok: true })]);
    const pending = runtime.call(getPet, { path: { petId: 1 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(249);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).data).toEqual({ ok: true });
    expect(calls).toHaveLength(4);
  });

  it("returns the last 429 as an error result once maxRetries are spent", async () => {
    const { runtime, calls } = client([
      tooMany({ "retry-after": "0" }),
      tooMany({ "retry-after": "0" }),
      tooMany({ "retry-after": "0" }),
      tooMany({
        "retry-after": "0",
        "x-ratelimit-limit": "10",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": "1735733000",
      }),
    ]);
    const pending = runtime.call(getPet, { path: { petId: 1 } });
    await vi.runAllTimersAsync();
    const result = await pending;
    expect(calls).toHaveLength(4);
    expect(result.data).toBeUndefined();
    expect(result.error).toEqual({ code: "rate_limited", message: "slow down" });
    expect(result.response.status).toBe(429);
    expect(result.rateLimit).toEqual({ limit: 10, remaining: 0, reset: 1735733000 });
  });

  it("honours a configured maxRetries", async () => {
    const { runtime, calls } = client([tooMany(), tooMany()], { retry: { maxRetries: 1 } });
    const pending = runtime.call(getPet, { path: { petId: 1 } });
    await vi.runAllTimersAsync();
    expect((await pending).response.status).toBe(429);
    expect(calls).toHaveLength(2);
  });

  it("does not retry at all with retry: false", async () => {
    const { runtime, calls } = client([tooMany({ "retry-after": "1" })], { retry: false });
    expect((await runtime.call(getPet, { path: { petId: 1 } })).response.status).toBe(429);
    expect(calls).toHaveLength(1);
  });

  it("returns a 429 at once when Retry-After is longer than maxRetryAfterMs", async () => {
    const { runtime, calls } = client([tooMany({ "retry-after": "3600" })]);
    const result = await runtime.call(getPet, { path: { petId: 1 } });
    expect(result.response.status).toBe(429);
    expect(result.error).toEqual({ code: "rate_limited", message: "slow down" });
    expect(calls).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects with the abort reason promptly when aborted during a wait, and fetches no more", async () => {
    const { runtime, calls } = client([tooMany({ "retry-after": "30" }), json(200, {})]);
    const controller = new AbortController();
    const pending = runtime.call(getPet, { path: { petId: 1 }, signal: controller.signal });
    const settled = vi.fn();
    pending.catch(settled);
    await vi.advanceTimersByTimeAsync(1000);
    const reason = new Error("user navigated away");
    controller.abort(reason);
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toHaveBeenCalledWith(reason);
    await expect(pending).rejects.toBe(reason);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("passes the signal to fetch and does not retry when fetch rejects because of it", async () => {
    const controller = new AbortController();
    const reason = new DOMException("aborted", "AbortError");
    const { runtime, calls } = client([
      () => {
        controller.abort(reason);
        throw reason;
      },
    ]);
    await expect(
      runtime.call(getPet, { path: { petId: 1 }, signal: controller.signal }),
    ).rejects.toBe(reason);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.signal).toBe(controller.signal);
  });

  describe("idempotency rule", () => {
    it("retries a GET on 503", async () => {
      const { runtime, calls } = client([
        json(503, { code: "unavailable", message: "" }),
        json(200, { id: 1 }),
      ]);
      const pending = runtime.call(getPet, { path: { petId: 1 } });
      await vi.runAllTimersAsync();
      expect((await pending).data).toEqual({ id: 1 });
      expect(calls).toHaveLength(2);
    });

    it("retries a 503 no sooner than its Retry-After", async () => {
      const { runtime, calls } = client([empty(503, { "retry-after": "3" }), json(200, { id: 1 })]);
      const pending = runtime.call(getPet, { path: { petId: 1 } });
      await vi.advanceTimersByTimeAsync(2999);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect((await pending).data).toEqual({ id: 1 });
    });

    it("retries a GET on a network error", async () => {
      const { runtime, calls } = client([networkError(), json(200, { id: 1 })]);
      const pending = runtime.call(getPet, { path: { petId: 1 } });
      await vi.runAllTimersAsync();
      expect((await pending).data).toEqual({ id: 1 });
      expect(calls).toHaveLength(2);
    });

    it("retries a PUT on 500", async () => {
      const { runtime, calls } = client([empty(500), json(200, {})]);
      const pending = runtime.call(replacePet, { path: { petId: 1 }, body: {} });
      await vi.runAllTimersAsync();
      expect((await pending).response.status).toBe(200);
      expect(calls).toHaveLength(2);
      expect(calls[1]?.init.body).toBe("{}");
    });

    it("rethrows the last network error once the retries are spent", async () => {
      const last = networkError();
      const { runtime, calls } = client([networkError(), networkError(), networkError(), last]);
      const pending = runtime.call(getPet, { path: { petId: 1 } });
      const outcome = pending.catch((error: unknown) => error);
      await vi.runAllTimersAsync();
      const error = await outcome;
      expect(error).toBeInstanceOf(RequestFailedError);
      expect((error as Error).cause).toBe(last);
      expect((error as Error).message).toBe(
        "getPet (GET https://api.test/pets/1) failed after 4 attempts: fetch failed",
      );
      expect(calls).toHaveLength(4);
    });

    it("returns the last 5xx result once the retries are spent", async () => {
      const { runtime, calls } = client([
        empty(502),
        empty(502),
        empty(502),
        json(502, { code: "bad_gateway", message: "" }),
      ]);
      const pending = runtime.call(getPet, { path: { petId: 1 } });
      await vi.runAllTimersAsync();
      const result = await pending;
      expect(result.error).toEqual({ code: "bad_gateway", message: "" });
      expect(calls).toHaveLength(4);
    });

    it("does not retry a GET on 501 or 4xx", async () => {
      const { runtime, calls } = client([empty(501)]);
      expect((await runtime.call(getPet, { path: { petId: 1 } })).response.status).toBe(501);
      expect(calls).toHaveLength(1);
    });

    it("never retries a POST on 503", async () => {
      const { runtime, calls } = client([json(503, { code: "unavailable", message: "" })]);
      const result = await runtime.call(createPet, { body: { name: "Rex" } });
      expect(result.response.status).toBe(503);
      expect(result.error).toEqual({ code: "unavailable", message: "" });
      expect(calls).toHaveLength(1);
    });

    it("never retries a POST or PATCH on a network error (rethrown)", async () => {
      const failure = networkError();
      const post = client([failure]);
      await expect(post.runtime.call(createPet, { body: { name: "Rex" } })).rejects.toMatchObject({
        cause: failure,
        message: "createPet (POST https://api.test/pets) failed: fetch failed",
      });
      expect(post.calls).toHaveLength(1);
      const patch = client([networkError()]);
      await expect(patch.runtime.call(updatePet, { body: { name: "Rex" } })).rejects.toThrow(
        "updatePet (PATCH https://api.test/pets) failed: fetch failed",
      );
      expect(patch.calls).toHaveLength(1);
    });

    it("retries a POST on 429 (the request was not processed), with the same body", async () => {
      const { runtime, calls } = client([
        tooMany({ "retry-after": "1" }),
        json(201, { id: 7, name: "Rex" }),
      ]);
      const pending = runtime.call(createPet, { body: { name: "Rex" } });
      await vi.advanceTimersByTimeAsync(1000);
      const result = await pending;
      expect(result.data).toEqual({ id: 7, name: "Rex" });
      expect(calls).toHaveLength(2);
      expect(calls[0]?.init.body).toBe('{"name":"Rex"}');
      expect(calls[1]?.init.body).toBe('{"name":"Rex"}');
      expect(calls[1]?.init.method).toBe("POST");
    });
  });
});
