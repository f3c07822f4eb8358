/**
 * The mocks entry (generated/mocks.ts) with `msw/node`: every mocked response of every operation
 * and status validates with the precompiled validators; the typed client reads the spec's examples,
 * rate-limit headers and deprecation signal from the mocks; per-test overrides answer the given
 * status and body (or the spec's example for that status); the 429 helper's `Retry-After` is
 * honoured by the client's retry; handlers built with a `baseUrl` match only under it.
 */
import type { HttpHandler } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPetStoreClient, type DeprecationNotice } from "../../generated/entry/client.js";
import { MOCK_OPERATIONS, createPetStoreMocks } from "../../generated/entry/mocks.js";
import { validatePetStoreResponse } from "../../generated/entry/validate.js";
import type { components } from "../../generated/types.js";
import {
  exchange,
  MOCK_NAMES,
  mockedStatuses,
  requestUrl,
  validationProblems,
} from "./mock-exchange.js";

type Pet = components["schemas"]["Pet"];

const BASE_URL = "http://petstore.mock.test/v1";
const { handlers, mock, rateLimited } = createPetStoreMocks({ baseUrl: BASE_URL });
const server = setupServer(...handlers);

describe("mocks in Node (msw/node)", () => {
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  const client = (options: Partial<Parameters<typeof createPetStoreClient>[0]> = {}) =>
    createPetStoreClient({
      baseUrl: BASE_URL,
      apiKey: "any",
      validateResponse: validatePetStoreResponse,
      onDeprecation: () => {},
      ...options,
    });

  it("answers every operation with a response that validates against the spec", async () => {
    const problems: string[] = [];
    for (const name of MOCK_NAMES) {
      const response = await fetch(requestUrl(BASE_URL, name), {
        method: MOCK_OPERATIONS[name].method.toUpperCase(),
      });
      const exchanged = await exchange(response);
      expect(exchanged.status).toBe(MOCK_OPERATIONS[name].status);
      problems.push(...validationProblems(name, exchanged));
    }
    expect(problems).toEqual([]);
  });

  it("answers every declared status of every operation with a valid response when overridden", async () => {
    const problems: string[] = [];
    const statuses = mockedStatuses();
    expect(statuses.length).toBeGreaterThan(MOCK_NAMES.length * 3);
    for (const [name, status] of statuses) {
      server.use((mock[name] as (status: number) => HttpHandler)(status));
      const exchanged = await exchange(
        await fetch(requestUrl(BASE_URL, name), {
          method: MOCK_OPERATIONS[name].method.toUpperCase(),
        }),
      );
      expect(exchanged.status).toBe(status);
      problems.push(...validationProblems(name, exchanged));
      server.resetHandlers();
    }
    expect(problems).toEqual([]);
  });

  it("the check catches a response that breaks the spec (a wrong override body)", async () => {
    server.use(mock.listPets(200, [{ id: "one", name: "Rex" }] as never));
    const exchanged = await exchange(await fetch(requestUrl(BASE_URL, "listPets")));
    expect(validationProblems("listPets", exchanged)).toHaveLength(1);
  });

  it("serves the typed client the spec's examples with the rate-limit headers", async () => {
    const api = client();
    const list = await api.listPets({ query: { limit: 2 } });
    expect(list.status).toBe(200);
    expect(list.data).toEqual([
      { id: 1, name: "Rex", categoryId: 1, status: "available" },
      { id: 2, name: "Tom", categoryId: 2, status: "pending" },
    ]);
    expect(list.rateLimit).toMatchObject({ limit: 60, remaining: 59 });
    const created = await api.createPet({ body: { name: "Bella", categoryId: 1 } });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ id: 3, name: "Bella" });
    expect(created.response.headers.get("location")).toBe("/pets/by-id/3");
  });

  it("sends the deprecation headers of a deprecated operation, as the server does", async () => {
    const notices: DeprecationNotice[] = [];
    const result = await client({ onDeprecation: (notice) => notices.push(notice) }).getPet({
      path: { petId: 1 },
    });
    expect(result.status).toBe(200);
    expect(result.response.headers.get("deprecation")).toBe(`@${Date.UTC(2026, 0, 1) / 1000}`);
    expect(result.response.headers.get("sunset")).toBe("Wed, 30 Jun 2027 00:00:00 GMT");
    expect(notices.map((notice) => [notice.operationId, notice.sunset])).toEqual([
      ["getPet", "2027-06-30"],
    ]);
  });

  it("overrides by operation and status: the given body, or the spec's example for that status", async () => {
    const own: Pet[] = [{ id: 42, name: "Mocky", categoryId: 7, status: "sold" }];
    server.use(mock.listPets(200, own), mock.getPetById(404));
    const api = client();
    expect((await api.listPets()).data).toEqual(own);
    const missing = await api.getPetById({ path: { petId: 5 } });
    expect(missing.status).toBe(404);
    expect(missing.error).toEqual({
      code: "not_found",
      message: "pet 42 does not exist",
      status: 404,
    });
    // extra headers, and `once`: the next request gets the default handler again
    server.use(
      mock.getCategory(
        200,
        { id: 9, name: "Once" },
        { once: true, headers: { "X-RateLimit-Remaining": "7" } },
      ),
    );
    const once = await api.getCategory({ path: { categoryId: 9 } });
    expect(once.data).toEqual({ id: 9, name: "Once" });
    expect(once.rateLimit?.remaining).toBe(7);
    expect((await api.getCategory({ path: { categoryId: 9 } })).data).toEqual({
      id: 1,
      name: "Dogs",
      description: "Domestic dogs of every breed.",
    });
  });

  it("simulates a 429 with Retry-After, which the client's retry waits for", async () => {
    server.use(rateLimited("listCategories", { retryAfter: 1, times: 1 }));
    const statuses: {
      status: number;
      retryAfter: string | null;
      remaining: string | null;
      at: number;
    }[] = [];
    const api = client({
      fetch: async (input, init) => {
        const at = performance.now();
        const response = await fetch(input, init);
        statuses.push({
          status: response.status,
          retryAfter: response.headers.get("retry-after"),
          remaining: response.headers.get("x-ratelimit-remaining"),
          at,
        });
        return response;
      },
      retry: { maxRetries: 2, baseDelayMs: 1 },
    });
    const result = await api.listCategories();
    expect(result.status).toBe(200);
    expect(statuses.map((entry) => [entry.status, entry.retryAfter, entry.remaining])).toEqual([
      [429, "1", "0"],
      [200, null, "59"],
    ]);
    expect(statuses[1]!.at - statuses[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it("without retries the client sees the 429 as the spec declares it", async () => {
    server.use(rateLimited("listPets", { retryAfter: 3 }));
    const result = await client({ retry: false }).listPets();
    expect(result.status).toBe(429);
    expect(result.error).toMatchObject({ code: "rate_limited", status: 429 });
    expect(result.response.headers.get("retry-after")).toBe("3");
    expect(Number(result.response.headers.get("x-ratelimit-reset"))).toBeGreaterThanOrEqual(
      Math.floor(Date.now() / 1000) + 2,
    );
  });

  it("matches only under its baseUrl, and the more specific path first", async () => {
    const elsewhere = await fetch("http://other.test/v1/pets").then(
      () => "answered",
      () => "refused",
    );
    expect(elsewhere).toBe("refused"); // onUnhandledRequest: "error"
    const byId = await fetch(`${BASE_URL}/pets/by-id/1`, { headers: { "x-api-key": "k" } });
    expect(byId.headers.get("deprecation")).toBeNull(); // getPetById, not the deprecated getPet
  });

  it("a baseUrl that is a path matches under any origin", async () => {
    server.use(...createPetStoreMocks({ baseUrl: "/api/v2/" }).handlers);
    const api = createPetStoreClient({
      baseUrl: "http://any.example/api/v2",
      onDeprecation: () => {},
    });
    expect((await api.getOrder({ path: { orderId: 10 } })).status).toBe(200);
    const outside = await fetch("http://any.example/api/v3/store/orders/10").then(
      () => "answered",
      () => "refused",
    );
    expect(outside).toBe("refused");
  });

  it("handlers without a baseUrl match the spec's paths on any origin", async () => {
    const anywhere = createPetStoreMocks();
    server.use(...anywhere.handlers);
    const api = createPetStoreClient({ baseUrl: "http://any.example", onDeprecation: () => {} });
    expect((await api.getInventory()).status).toBe(200);
  });
});
