/**
 * The idempotency stage through the request handler, on a descriptor whose `createOrder` declares
 * the `Idempotency-Key` header (any operation that declares it gets the stage, not only POSTs of
 * the pet store).
 */
import { describe, expect, it } from "vitest";
import type {
  ApiDescriptor,
  ServerOperationDescriptor,
} from "../../../templates/server/descriptor.js";
import type { HandlerMap, HandlerResponse } from "../../../templates/server/handler-api.js";
import {
  createMemoryIdempotencyStore,
  type IdempotencyStore,
} from "../../../templates/server/idempotency-store.js";
import { createMemoryRateLimitStore } from "../../../templates/server/rate-limiter.js";
import {
  api as fixtureApi,
  compileBody,
  errorSchema,
  handlers as fixtureHandlers,
  KEYS,
  parameters,
  type Caller,
} from "./fixture-api.js";
import { isError, MIDNIGHT, testServer, type Answer } from "./helpers.js";

const createOrder: ServerOperationDescriptor = {
  operationId: "createOrder",
  method: "post",
  path: "/orders",
  secured: true,
  ...parameters([
    { name: "Idempotency-Key", in: "header", schema: { type: "string", maxLength: 255 } },
    { name: "dryRun", in: "query", schema: { type: "boolean" } },
  ]),
  body: {
    required: true,
    mediaTypes: ["application/json"],
    validate: compileBody({
      type: "object",
      properties: { item: { type: "string" }, outcome: { type: "string" } },
      required: ["item"],
      additionalProperties: false,
    }),
  },
  responses: {
    "201": { validate: compileBody({ type: "object" }), mediaType: "application/json" },
    "4XX": { validate: compileBody(errorSchema), mediaType: "application/json" },
    "5XX": { validate: compileBody(errorSchema), mediaType: "application/json" },
  },
};

const api: ApiDescriptor = { ...fixtureApi, operations: [...fixtureApi.operations, createOrder] };

interface Orders {
  readonly handlers: HandlerMap<Caller>;
  /** Times the handler ran. */
  calls: number;
  /** When set, the handler waits for it. */
  gate: Promise<void> | undefined;
}

/** A handler that creates order n on its n-th run; `outcome` in the body picks a failure. */
function orders(): Orders {
  const state: Orders = {
    calls: 0,
    gate: undefined,
    handlers: {
      ...fixtureHandlers,
      async createOrder({ body }): Promise<HandlerResponse> {
        state.calls += 1;
        const id = state.calls;
        if (state.gate !== undefined) await state.gate;
        const { item, outcome } = body as { item: string; outcome?: string };
        if (outcome === "throw") throw new Error("database down");
        if (outcome === "503") {
          return { status: 503, body: { code: "down", message: "try later", status: 503 } };
        }
        if (outcome === "404") {
          return { status: 404, body: { code: "not_found", message: `no ${item}`, status: 404 } };
        }
        return {
          status: 201,
          body: { id, item },
          headers: { location: `/orders/${id}`, "x-order-run": String(id) },
        };
      },
    },
  };
  return state;
}

const order = (key: string | undefined, json: object, apiKey: string = KEYS.pro) => ({
  key: apiKey,
  json,
  ...(key === undefined ? {} : { headers: { "idempotency-key": key } }),
});

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
      await inner.complete(id, fingerprint, response, ttlMs);
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

  it("a store that fails in complete: the answer is still sent, and onError is told", async () => {
    const failure = new Error("write failed");
    const inner = createMemoryIdempotencyStore();
    const flaky: IdempotencyStore = {
      begin: (id, fingerprint, lockMs) => inner.begin(id, fingerprint, lockMs),
      complete: () => Promise.reject(failure),
      abandon: (id) => inner.abandon(id),
    };
    const { server } = setup({ idempotencyStore: flaky });
    const answer = await server.call("POST", "/orders", order("k", { item: "a" }));
    expect(answer.status).toBe(201);
    expect(server.logged.map((entry) => entry.error)).toEqual([failure]);
  });

  it("refuses bad timings at creation", () => {
    expect(() => setup({ idempotency: { ttlMs: 0 } })).toThrow(/idempotency\.ttlMs.*got 0/);
    expect(() => setup({ idempotency: { lockMs: 1.5 } })).toThrow(/idempotency\.lockMs/);
  });
});
