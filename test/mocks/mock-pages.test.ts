/**
 * Paginated operations' mocks page like the API (docs/pagination.md#mocks): the default answer of
 * `listPets` serves the page the request asks for out of its mocked items, with `X-Total-Count`
 * and `Link: <…>; rel="next"`, and `mocks.pages` serves a given collection. Walked with the
 * typed client's `items()` and the infinite query options: 45 pets, limit 10 → 45 items, 5
 * requests, no duplicates; every response validates against the spec.
 */
import { InfiniteQueryObserver, QueryClient } from "@tanstack/query-core";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPetStoreClient } from "../../generated/entry/client.js";
import { createPetStoreMocks, MOCK_OPERATIONS } from "../../generated/entry/mocks.js";
import { listPetsInfiniteOptions } from "../../generated/entry/query.js";
import { validatePetStoreResponse } from "../../generated/entry/validate.js";
import type { components } from "../../generated/types.js";

type Pet = components["schemas"]["Pet"];

const BASE_URL = "http://petstore.mock.test/v1";
const mocks = createPetStoreMocks({ baseUrl: BASE_URL });
const server = setupServer(...mocks.handlers);
const requests: string[] = [];
server.events.on("request:start", ({ request }) => {
  requests.push(new URL(request.url).search);
});

const PETS: Pet[] = Array.from({ length: 45 }, (_, index) => ({
  id: index + 1,
  name: `Pet ${index}`,
  categoryId: 1,
  status: "available",
}));

const client = () =>
  createPetStoreClient({
    baseUrl: BASE_URL,
    apiKey: "any",
    validateResponse: validatePetStoreResponse,
    rateLimitState: "own",
  });

describe("paginated mocks", () => {
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => {
    server.resetHandlers();
    requests.length = 0;
  });
  afterAll(() => server.close());

  it("the default answer pages through the mocked items: limit 1 gives each once, with the total and Link", async () => {
    const mocked = MOCK_OPERATIONS.listPets.responses[200].json as Pet[];
    expect(mocked.length).toBeGreaterThan(1);
    const first = await fetch(`${BASE_URL}/pets?limit=1`);
    expect(first.headers.get("x-total-count")).toBe(String(mocked.length));
    expect(first.headers.get("link")).toBe('<?limit=1&offset=1>; rel="next"');
    expect(await first.json()).toEqual([mocked[0]]);
    const names: string[] = [];
    for await (const pet of client().listPets.items({ query: { limit: 1 } })) names.push(pet.name);
    expect(names).toEqual(mocked.map((pet) => pet.name));
  });

  it("mocks.pages serves a collection: 45 pets, limit 10 → 45 items, 5 requests, no duplicates", async () => {
    server.use(mocks.pages("listPets", PETS));
    const ids: number[] = [];
    for await (const pet of client().listPets.items({ query: { limit: 10 } })) ids.push(pet.id);
    expect(ids).toEqual(PETS.map((pet) => pet.id));
    expect(requests).toEqual([
      "?limit=10",
      "?limit=10&offset=10",
      "?limit=10&offset=20",
      "?limit=10&offset=30",
      "?limit=10&offset=40",
    ]);
  });

  it("the infinite query options page through the mocks too", async () => {
    server.use(mocks.pages("listPets", PETS));
    const observer = new InfiniteQueryObserver(
      new QueryClient(),
      listPetsInfiniteOptions(client(), { query: { limit: 10 } }),
    );
    await observer.refetch();
    let result = observer.getCurrentResult();
    while (result.hasNextPage) result = await observer.fetchNextPage();
    const ids = (result.data?.pages ?? []).flatMap((page) => page.data.map((pet) => pet.id));
    expect(ids).toEqual(PETS.map((pet) => pet.id));
    expect(requests).toHaveLength(5);
    observer.destroy();
  });

  it("an offset past the end is an empty page with the total, and no Link", async () => {
    server.use(mocks.pages("listPets", PETS));
    const response = await fetch(`${BASE_URL}/pets?limit=10&offset=50`);
    expect(await response.json()).toEqual([]);
    expect(response.headers.get("x-total-count")).toBe("45");
    expect(response.headers.get("link")).toBeNull();
  });

  it("refuses pages() for an operation that declares no pagination (a type error too)", () => {
    const untyped = mocks.pages as (operation: string, items: readonly unknown[]) => unknown;
    expect(() => untyped("getInventory", [])).toThrow(
      'mocks.pages: "getInventory" declares no x-pagination, so it has no pages',
    );
    // @ts-expect-error getInventory is not paginated
    const refused = () => mocks.pages("getInventory", []);
    expect(refused).toThrow(TypeError);
  });
});
