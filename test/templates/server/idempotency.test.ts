/**
 * The idempotency stage through the request handler, on a descriptor whose `createOrder` declares
 * the `Idempotency-Key` header (any operation that declares it gets the stage, not only POSTs of
 * the pet store).
 */
import { describe, expect, it } from "vitest";
import {
  createMemoryIdempotencyStore,
  type IdempotencyStore,
} from "../../../templates/server/stores/idempotency-store.js";
import { createMemoryRateLimitStore } from "../../../templates/server/stores/rate-limiter.js";
import { handlers as fixtureHandlers, KEYS } from "./fixture-api.js";
import { api, order, orders } from "./idempotency-fixture.js";
import { isError, MIDNIGHT, testServer, type Answer } from "./helpers.js";

function setup(options: Parameters<typeof testServer>[0] = {}) {
  const state = orders();
  const server = testServer({ api, handlers: state.handlers, ...options });
  return { state, server };
}

function remaining(answer: Answer): number {
  return Number(answer.headers.get("x-ratelimit-remaining"));
}

describe("idempotency: replay", () => {
  it("a repeat with the same key and request replays the first response; the handler runs once", async () => {
    const { state, server } = setup();
    const first = await server.call("POST", "/orders", order("k-1", { item: "rex" }));
    const again = await server.call("POST", "/orders", order("k-1", { item: "rex" }));
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("location")).toBe("/orders/1");
    expect(again.headers.get("x-order-run")).toBe("1");
    expect(again.headers.get("content-type")).toBe("application/json");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(state.calls).toBe(1);
    // The replay counted against the rate limit, and carries this request's headers.
    expect(remaining(again)).toBe(remaining(first) - 1);
    expect(server.logged).toEqual([]);
  });

  it("keeps 4xx answers too: a 404 is replayed, not run again", async () => {
    const { state, server } = setup();
    const first = await server.call(
      "POST",
      "/orders",
      order("k-404", { item: "x", outcome: "404" }),
    );
    const again = await server.call(
      "POST",
      "/orders",
      order("k-404", { item: "x", outcome: "404" }),
    );
    expect(first.status).toBe(404);
    expect(again.status).toBe(404);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(state.calls).toBe(1);
  });

  it("does not keep a 5xx or a throw: a retry with the same key runs again", async () => {
    const { state, server } = setup();
    const down = await server.call("POST", "/orders", order("k-5", { item: "a", outcome: "503" }));
    expect(down.status).toBe(503);
    const retry = await server.call("POST", "/orders", order("k-5", { item: "a", outcome: "503" }));
    expect(retry.status).toBe(503);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect(state.calls).toBe(2);

    const thrown = await server.call(
      "POST",
      "/orders",
      order("k-t", { item: "a", outcome: "throw" }),
    );
    expect(thrown.status).toBe(500);
    expect(isError(thrown.body, 500, "internal")).toBe(true);
    const rerun = await server.call(
      "POST",
      "/orders",
      order("k-t", { item: "a", outcome: "throw" }),
    );
    expect(rerun.status).toBe(500);
    expect(state.calls).toBe(4);
    expect(server.logged).toHaveLength(2);
  });

  it("forgets a response after ttlMs (24 h by default) on the server's clock", async () => {
    const { state, server } = setup({
      planLimits: { enterprise: { perMinute: 50, perDay: 100_000 } },
    });
    const call = () =>
      server.call("POST", "/orders", order("k-ttl", { item: "a" }, KEYS.enterprise));
    await call();
    server.clock = MIDNIGHT + 24 * 3_600_000 - 1;
    expect((await call()).headers.get("idempotent-replayed")).toBe("true");
    server.clock = MIDNIGHT + 24 * 3_600_000;
    const after = await call();
    expect(after.headers.get("idempotent-replayed")).toBeNull();
    expect(after.headers.get("location")).toBe("/orders/2");
    expect(state.calls).toBe(2);
  });

  it("honours a custom ttlMs", async () => {
    const { state, server } = setup({ idempotency: { ttlMs: 1_000 } });
    const call = () => server.call("POST", "/orders", order("k", { item: "a" }));
    await call();
    server.clock += 1_000;
    await call();
    expect(state.calls).toBe(2);
  });
});

describe("idempotency: refusals", () => {
  it("422 idempotency_key_reused for the same key with another body or query", async () => {
    const { state, server } = setup();
    await server.call("POST", "/orders", order("k-r", { item: "rex" }));
    const otherBody = await server.call("POST", "/orders", order("k-r", { item: "tom" }));
    expect(otherBody.status).toBe(422);
    expect(isError(otherBody.body, 422, "idempotency_key_reused")).toBe(true);
    expect(otherBody.headers.get("x-ratelimit-remaining")).not.toBeNull();
    const otherQuery = await server.call(
      "POST",
      "/orders?dryRun=true",
      order("k-r", { item: "rex" }),
    );
    expect(otherQuery.status).toBe(422);
    // The same JSON value written with other bytes is another request too.
    const reformatted = await server.call("POST", "/orders", {
      key: KEYS.pro,
      headers: { "idempotency-key": "k-r", "content-type": "application/json" },
      body: '{ "item": "rex" }',
    });
    expect(reformatted.status).toBe(422);
    expect(state.calls).toBe(1);
  });

  it("409 idempotency_request_in_progress (Retry-After: 1) while the first still runs; then the replay", async () => {
    const { state, server } = setup();
    let release = () => {};
    state.gate = new Promise<void>((resolve) => (release = resolve));
    const first = server.call("POST", "/orders", order("k-slow", { item: "rex" }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    const during = await server.call("POST", "/orders", order("k-slow", { item: "rex" }));
    expect(during.status).toBe(409);
    expect(isError(during.body, 409, "idempotency_request_in_progress")).toBe(true);
    expect(during.headers.get("retry-after")).toBe("1");
    const otherDuring = await server.call("POST", "/orders", order("k-slow", { item: "tom" }));
    expect(otherDuring.status).toBe(422);
    release();
    state.gate = undefined;
    expect((await first).status).toBe(201);
    const after = await server.call("POST", "/orders", order("k-slow", { item: "rex" }));
    expect(after.status).toBe(201);
    expect(after.headers.get("idempotent-replayed")).toBe("true");
    expect(state.calls).toBe(1);
  });
});

describe("idempotency: scope and when it applies", () => {
  it("keys are scoped per API key: the same Idempotency-Key of another API key runs again", async () => {
    const { state, server } = setup();
    const pro = await server.call("POST", "/orders", order("shared", { item: "a" }, KEYS.pro));
    const enterprise = await server.call(
      "POST",
      "/orders",
      order("shared", { item: "b" }, KEYS.enterprise),
    );
    expect(pro.status).toBe(201);
    expect(enterprise.status).toBe(201);
    expect(enterprise.headers.get("idempotent-replayed")).toBeNull();
    expect(state.calls).toBe(2);
  });

  it("runs every time without the header, on an operation that does not declare it, or when turned off", async () => {
    const { state, server } = setup();
    await server.call("POST", "/orders", order(undefined, { item: "a" }));
    await server.call("POST", "/orders", order(undefined, { item: "a" }));
    await server.call("POST", "/orders", order("", { item: "a" }));
    await server.call("POST", "/orders", order("", { item: "a" }));
    expect(state.calls).toBe(4);

    // The fixture's createPet does not declare the header: it is ignored there.
    let created = 0;
    const plain = testServer({
      handlers: {
        ...fixtureHandlers,
        createPet: () => ({ status: 201, body: { id: ++created, name: "a" } }),
      },
    });
    const init = { key: KEYS.pro, json: { name: "a" }, headers: { "idempotency-key": "k" } };
    await plain.call("POST", "/pets", init);
    expect((await plain.call("POST", "/pets", init)).headers.get("idempotent-replayed")).toBeNull();
    expect(created).toBe(2);

    const off = setup({ idempotency: false });
    await off.server.call("POST", "/orders", order("k", { item: "a" }));
    await off.server.call("POST", "/orders", order("k", { item: "a" }));
    expect(off.state.calls).toBe(2);
  });

  it("a 429 is never kept: the rate limiter answers before the stage", async () => {
    const { state, server } = setup();
    const free = (key: string) =>
      server.call("POST", "/orders", order(key, { item: "a" }, KEYS.free));
    for (let i = 0; i < 3; i++) expect((await free(`k-${i}`)).status).toBe(201);
    expect((await free("k-late")).status).toBe(429);
    server.clock += 60_000;
    const later = await free("k-late");
    expect(later.status).toBe(201);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
    expect(state.calls).toBe(4);
  });

  it("a 400 is never kept: validation answers before the stage", async () => {
    const { state, server } = setup();
    expect((await server.call("POST", "/orders", order("k-bad", { nope: 1 }))).status).toBe(400);
    expect((await server.call("POST", "/orders", order("k-bad", { item: "a" }))).status).toBe(201);
    expect(state.calls).toBe(1);
    const long = await server.call("POST", "/orders", order("k".repeat(256), { item: "a" }));
    expect(long.status).toBe(400);
    expect((long.body as { message: string }).message).toContain("idempotency-key");
  });
});

/** A real store that counts its calls (no mock: it delegates to the memory store). */
function countingStore(): IdempotencyStore & { calls: string[] } {
  const inner = createMemoryIdempotencyStore();
  const calls: string[] = [];
  return {
    calls,
    begin(id, fingerprint, lockMs) {
      calls.push("begin");
      return inner.begin(id, fingerprint, lockMs);
    },
    async complete(id, fingerprint, response, ttlMs) {
      calls.push("complete");
      return inner.complete(id, fingerprint, response, ttlMs);
    },
    abandon(id) {
      calls.push("abandon");
      return inner.abandon(id);
    },
  };
}

describe("idempotency: stores", () => {
  it("uses idempotencyStore, else a rate-limit store that is an idempotency store too", async () => {
    const own = countingStore();
    const a = setup({ idempotencyStore: own });
    await a.server.call("POST", "/orders", order("k", { item: "a" }));
    await a.server.call("POST", "/orders", order("k", { item: "a" }));
    expect(own.calls).toEqual(["begin", "complete", "begin"]);

    const shared = Object.assign(createMemoryRateLimitStore(), countingStore());
    const b = setup({ rateLimitStore: shared });
    await b.server.call("POST", "/orders", order("k", { item: "a", outcome: "503" }));
    expect(shared.calls).toEqual(["begin", "abandon"]);
  });

  it("a store that fails in begin is not swallowed: the request fails and onError is told", async () => {
    const failure = new Error("store unreachable");
    const broken: IdempotencyStore = {
      begin: () => Promise.reject(failure),
      complete: () => undefined,
      abandon: () => undefined,
    };
    const { state, server } = setup({ idempotencyStore: broken });
    const answer = await server.call("POST", "/orders", order("k", { item: "a" }));
    expect(answer.status).toBeGreaterThanOrEqual(500);
    expect(state.calls).toBe(0);
    expect(server.logged.map((entry) => entry.error)).toEqual([failure]);
  });

  it("a store that fails in complete: the answer is sent, the write retried, then the key is unknown", async () => {
    const failure = new Error("write failed");
    const inner = createMemoryIdempotencyStore();
    let attempts = 0;
    const flaky: IdempotencyStore = {
      begin: (id, fingerprint, lockMs, ttlMs) => inner.begin(id, fingerprint, lockMs, ttlMs),
      complete: () => {
        attempts += 1;
        return Promise.reject(failure);
      },
      abandon: (id) => inner.abandon(id),
      markUnknown: (id, fingerprint, ttlMs) => inner.markUnknown(id, fingerprint, ttlMs),
    };
    const { state, server } = setup({ idempotencyStore: flaky, idempotency: { lockMs: 400 } });
    const answer = await server.call("POST", "/orders", order("k", { item: "a" }));
    expect(answer.status).toBe(201);
    // Retried in the background meanwhile: a retry of the request waits (409 in progress).
    const during = await server.call("POST", "/orders", order("k", { item: "a" }));
    expect(during.status).toBe(409);
    expect(isError(during.body, 409, "idempotency_request_in_progress")).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(attempts).toBeGreaterThan(2);
    expect(server.logged).toHaveLength(1);
    const logged = server.logged[0]?.error as Error;
    expect(logged.message).toContain("could not be kept");
    expect(logged.cause).toBe(failure);
    const after = await server.call("POST", "/orders", order("k", { item: "a" }));
    expect(after.status).toBe(409);
    expect(isError(after.body, 409, "idempotency_outcome_unknown")).toBe(true);
    expect(state.calls).toBe(1);
  });

  it("a store that recovers while the result is retried keeps it: the retry replays it", async () => {
    const inner = createMemoryIdempotencyStore();
    let failures = 3;
    const recovering: IdempotencyStore = {
      begin: (id, fingerprint, lockMs, ttlMs) => inner.begin(id, fingerprint, lockMs, ttlMs),
      complete: (id, fingerprint, response, ttlMs) => {
        if (failures-- > 0) return Promise.reject(new Error("Redis restarting"));
        inner.complete(id, fingerprint, response, ttlMs);
      },
      abandon: (id) => inner.abandon(id),
    };
    const { state, server } = setup({ idempotencyStore: recovering });
    expect((await server.call("POST", "/orders", order("k", { item: "a" }))).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const again = await server.call("POST", "/orders", order("k", { item: "a" }));
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(state.calls).toBe(1);
    expect(server.logged).toEqual([]);
  });

  it("renews the lease while a slow handler runs: a retry gets 409 in progress, never a second run", async () => {
    // On the real clock (the test server's own clock stands still).
    const { state, server } = setup({
      idempotencyStore: createMemoryIdempotencyStore(),
      idempotency: { lockMs: 150 },
    });
    let open!: () => void;
    state.gate = new Promise((resolve) => (open = resolve));
    const first = server.call("POST", "/orders", order("slow", { item: "a" }));
    for (let i = 0; i < 4; i++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      const retry = await server.call("POST", "/orders", order("slow", { item: "a" }));
      expect(isError(retry.body, 409, "idempotency_request_in_progress")).toBe(true);
    }
    open();
    expect((await first).status).toBe(201);
    const replay = await server.call("POST", "/orders", order("slow", { item: "a" }));
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(state.calls).toBe(1);
  });

  it("without renewal (a store that cannot renew), a run that outlives lockMs leaves its key unknown", async () => {
    const inner = createMemoryIdempotencyStore();
    const { state, server } = setup({
      idempotencyStore: {
        begin: (id, fingerprint, lockMs, ttlMs) => inner.begin(id, fingerprint, lockMs, ttlMs),
        complete: () => undefined,
        abandon: (id) => inner.abandon(id),
      },
      idempotency: { lockMs: 100 },
    });
    let open!: () => void;
    state.gate = new Promise((resolve) => (open = resolve));
    const first = server.call("POST", "/orders", order("slow", { item: "a" }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const retry = await server.call("POST", "/orders", order("slow", { item: "a" }));
    expect(isError(retry.body, 409, "idempotency_outcome_unknown")).toBe(true);
    open();
    await first;
    expect(state.calls).toBe(1);
  });

  it("refuses bad timings at creation", () => {
    expect(() => setup({ idempotency: { ttlMs: 0 } })).toThrow(/idempotency\.ttlMs.*got 0/);
    expect(() => setup({ idempotency: { lockMs: 1.5 } })).toThrow(/idempotency\.lockMs/);
  });
});
