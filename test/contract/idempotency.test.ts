/**
 * `Idempotency-Key` on the reference server over real HTTP, every response checked against the
 * spec: on each POST operation a repeat with the same key and body replays the first response
 * (status, body, `Location`; the record is created once); the same key with another body is
 * 422 `idempotency_key_reused`; a repeat while the first is still running is 409
 * `idempotency_request_in_progress`; keys are scoped per API key; a 5xx is not kept.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PetStoreHandlers } from "../../generated/server.js";
import type { DemoCaller } from "../../examples/petstore/index.js";
import { contract, expectError, startContractServer, type ContractServer } from "./harness.js";

let h: ContractServer;
/** While set, createPet, createCategory and placeOrder wait for it before running. */
let gate: Promise<void> | undefined;
/** Opens the gate (also after a failed test, so that no later test waits on it). */
let release = () => {};
/** Called when a gated handler starts waiting. */
let entered: (() => void) | undefined;
/** When > 0, the next createPet throws (and decrements it). */
let throwsLeft = 0;

async function wait(): Promise<void> {
  if (gate === undefined) return;
  entered?.();
  await gate;
}

function slowed(handlers: PetStoreHandlers<DemoCaller>): Partial<PetStoreHandlers<DemoCaller>> {
  return {
    async createPet(request) {
      await wait();
      if (throwsLeft > 0) {
        throwsLeft -= 1;
        throw new Error("the pet database is restarting");
      }
      return handlers.createPet(request);
    },
    async createCategory(request) {
      await wait();
      return handlers.createCategory(request);
    },
    async placeOrder(request) {
      await wait();
      return handlers.placeOrder(request);
    },
  };
}

beforeAll(async () => {
  h = await startContractServer({ wrapHandlers: slowed });
});

afterAll(async () => {
  await h.close();
});

afterEach(() => {
  entered = undefined;
  gate = undefined;
  release();
  h.log.expectNoViolations();
});

let uniqueName = 0;
const name = (prefix: string) => `${prefix} ${++uniqueName}`;

/** A POST with an Idempotency-Key through the checked fetch. */
function post(path: string, idempotencyKey: string, json: unknown, plan = "enterprise") {
  return h.send("POST", path, {
    key: h.key(plan),
    headers: { "idempotency-key": idempotencyKey },
    json,
  });
}

async function count(path: string): Promise<number> {
  const answer = await h.send("GET", `${path}?limit=1`, { key: h.key("enterprise") });
  return Number(answer.headers.get("x-total-count"));
}

/** A fresh category and an available pet with stock, for orders. */
async function orderablePet(): Promise<{ categoryId: number; petId: number }> {
  const category = await h.send("POST", "/categories", {
    key: h.key("enterprise"),
    json: { name: name("Category") },
  });
  const categoryId = (category.body as { id: number }).id;
  const pet = await h.send("POST", "/pets", {
    key: h.key("enterprise"),
    json: { name: "Rex", categoryId },
  });
  const petId = (pet.body as { id: number }).id;
  await h.send("PUT", `/store/inventory/${petId}`, {
    key: h.key("enterprise"),
    json: { quantity: 100 },
  });
  return { categoryId, petId };
}

interface PostCase {
  readonly operationId: string;
  readonly path: string;
  /** Two different valid bodies. */
  body(): Promise<readonly [unknown, unknown]>;
}

const CASES: readonly PostCase[] = [
  {
    operationId: "createPet",
    path: "/pets",
    async body() {
      const { categoryId } = await orderablePet();
      return [
        { name: "Bella", categoryId },
        { name: "Bella", categoryId, status: "sold" },
      ];
    },
  },
  {
    operationId: "createCategory",
    path: "/categories",
    async body() {
      return [{ name: name("Birds") }, { name: name("Fish") }];
    },
  },
  {
    operationId: "placeOrder",
    path: "/store/orders",
    async body() {
      const { petId } = await orderablePet();
      return [
        { petId, quantity: 2 },
        { petId, quantity: 3 },
      ];
    },
  },
];

describe.each(CASES)("$operationId with an Idempotency-Key", ({ path, body }) => {
  it("a repeat with the same key and body replays the first response; the record is created once", async () => {
    const [first] = await body();
    const before = await count(path);
    const key = crypto.randomUUID();
    const created = await post(path, key, first);
    const replayed = await post(path, key, first);
    expect(created.status).toBe(201);
    expect(created.headers.get("idempotent-replayed")).toBeNull();
    expect(replayed.status).toBe(201);
    expect(replayed.text).toBe(created.text);
    expect(replayed.headers.get("location")).toBe(created.headers.get("location"));
    expect(replayed.headers.get("content-type")).toBe(created.headers.get("content-type"));
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(await count(path)).toBe(before + 1);
    // The replay counted against the rate limit like any request.
    expect(Number(replayed.headers.get("x-ratelimit-remaining"))).toBeLessThan(
      Number(created.headers.get("x-ratelimit-remaining")),
    );
  });

  it("the same key with a different body is 422 idempotency_key_reused", async () => {
    const [first, second] = await body();
    const key = crypto.randomUUID();
    expect((await post(path, key, first)).status).toBe(201);
    const before = await count(path);
    const reused = await post(path, key, second);
    expectError(reused, 422, "idempotency_key_reused", /different request/);
    expect(await count(path)).toBe(before);
  });

  it("a repeat while the first is still running is 409 idempotency_request_in_progress", async () => {
    const [first] = await body();
    const before = await count(path);
    const key = crypto.randomUUID();
    gate = new Promise<void>((resolve) => (release = resolve));
    try {
      const started = new Promise<void>((resolve) => (entered = resolve));
      const running = post(path, key, first);
      await started; // the first request holds the key and waits in its handler
      const during = await post(path, key, first);
      expectError(during, 409, "idempotency_request_in_progress");
      expect(during.headers.get("retry-after")).toBe("1");
      gate = undefined;
      release();
      expect((await running).status).toBe(201);
    } finally {
      entered = undefined;
      gate = undefined;
      release();
    }
    const after = await post(path, key, first);
    expect(after.status).toBe(201);
    expect(after.headers.get("idempotent-replayed")).toBe("true");
    expect(await count(path)).toBe(before + 1);
  });
});

describe("Idempotency-Key scope and failures", () => {
  it("keys are scoped per API key: the same Idempotency-Key of two API keys creates two pets", async () => {
    const { categoryId } = await orderablePet();
    const before = await count("/pets");
    const key = crypto.randomUUID();
    const a = await post("/pets", key, { name: "Twin", categoryId }, "enterprise");
    const b = await post("/pets", key, { name: "Twin", categoryId }, "pro");
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get("idempotent-replayed")).toBeNull();
    expect(b.headers.get("location")).not.toBe(a.headers.get("location"));
    expect(await count("/pets")).toBe(before + 2);
  });

  it("a 5xx is not kept: after a 500 the retry with the same key runs and creates the pet", async () => {
    const { categoryId } = await orderablePet();
    const before = await count("/pets");
    const key = crypto.randomUUID();
    throwsLeft = 1;
    const failed = await post("/pets", key, { name: "Phoenix", categoryId });
    expectError(failed, 500, "internal");
    expect(h.serverErrors.map(({ context }) => context)).toEqual([
      { operationId: "createPet", status: 500 },
    ]);
    h.serverErrors.length = 0;
    const retried = await post("/pets", key, { name: "Phoenix", categoryId });
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(await count("/pets")).toBe(before + 1);
  });

  it("a 4xx is kept: a 404 for an unknown category is replayed", async () => {
    const key = crypto.randomUUID();
    const missing = await post("/pets", key, { name: "Lost", categoryId: 9_000_000 });
    expectError(missing, 404, "not_found");
    const again = await post("/pets", key, { name: "Lost", categoryId: 9_000_000 });
    expect(again.status).toBe(404);
    expect(again.text).toBe(missing.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  it("an Idempotency-Key longer than 255 characters is 400 validation_failed", async () => {
    const answer = await post("/categories", "k".repeat(256), { name: name("Long") });
    expectError(answer, 400, "validation_failed", /idempotency-key/i);
  });

  it("every POST answered 409 and 422 here, and no response broke the contract", () => {
    const seen = h.log.statusesSeen();
    for (const operation of contract().operations.filter((op) => op.method === "POST")) {
      for (const status of [201, 409, 422]) {
        expect(
          seen.get(operation.operationId)?.has(status),
          `${operation.operationId} ${status}`,
        ).toBe(true);
      }
    }
    expect(h.serverErrors).toEqual([]);
  });
});
