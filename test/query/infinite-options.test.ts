/**
 * `<op>InfiniteOptions` (docs/pagination.md#tanstack-query-infinite-options) over real HTTP against the
 * reference server: 45 pets, limit 10, paged by TanStack Query's own `fetchNextPage` until
 * `hasNextPage` is false: 5 pages, 45 items, 5 requests, no duplicates. Keys sit in the
 * operation's per-client family, so the list's invalidation reaches them.
 */
import { InfiniteQueryObserver, QueryClient } from "@tanstack/query-core";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import type { Pet } from "../../generated/entry/client.js";
import { listPetsInfiniteOptions, petsKeys } from "../../generated/entry/query.js";
import { petListRequests, seedPets } from "../contract/paged-pets.js";
import { startContractServer, type ContractServer } from "../contract/harness.js";

let h: ContractServer;
const PETS = 45;

beforeAll(async () => {
  h = await startContractServer({
    planLimits: { enterprise: { perMinute: 10_000, perDay: 100_000 } },
  });
  await seedPets(h, PETS);
});

afterAll(async () => {
  await h.close();
});

describe("listPetsInfiniteOptions", () => {
  it("pages with fetchNextPage until hasNextPage is false: 5 pages, 45 pets, 5 requests", async () => {
    const queryClient = new QueryClient();
    const api = h.client();
    const from = h.log.exchanges.length;
    const observer = new InfiniteQueryObserver(
      queryClient,
      listPetsInfiniteOptions(api, { query: { limit: 10 } }),
    );
    await observer.refetch();
    let result = observer.getCurrentResult();
    while (result.hasNextPage) result = await observer.fetchNextPage();
    const pages = result.data?.pages ?? [];
    expectTypeOf(pages[0]!.data).toEqualTypeOf<Pet[]>();
    const ids = pages.flatMap((page) => page.data.map((pet) => pet.id));
    expect(pages).toHaveLength(5);
    expect(ids).toHaveLength(PETS);
    expect(new Set(ids).size).toBe(PETS);
    expect(result.data?.pageParams).toEqual([
      { limit: 10 },
      { limit: 10, offset: 10 },
      { limit: 10, offset: 20 },
      { limit: 10, offset: 30 },
      { limit: 10, offset: 40 },
    ]);
    expect(pages.at(-1)?.next).toBeNull();
    expect(petListRequests(h, from)).toHaveLength(5);
    h.log.expectNoViolations();
    observer.destroy();
  });

  it("keys: the operation's per-client family, apart from the plain query's data", async () => {
    const api = h.client();
    const options = listPetsInfiniteOptions(api, { query: { limit: 10 } });
    const [api0, resource, operationId, params, mark] = options.queryKey;
    expect([api0, resource, operationId, params]).toEqual([
      "PetStore",
      "pets",
      "listPets",
      { query: { limit: 10 } },
    ]);
    expect(mark.infinite).toBe(true);
    expect(mark.client).toMatch(/^http:\/\/127\.0\.0\.1:\d+#/);
    const queryClient = new QueryClient();
    await queryClient.fetchInfiniteQuery({ ...options, pages: 2 });
    expect(queryClient.getQueryData(options.queryKey)?.pages).toHaveLength(2);
    // a mutation's invalidation (a prefix of the family) reaches the infinite query
    await queryClient.invalidateQueries({ queryKey: petsKeys.listPets() });
    expect(queryClient.getQueryState(options.queryKey)?.isInvalidated).toBe(true);
  });

  it("a failed page rejects the query with the client's ApiError", async () => {
    const unknownKey = h.client({ plan: null, apiKey: "not-a-key" });
    const queryClient = new QueryClient();
    await expect(
      queryClient.fetchInfiniteQuery(listPetsInfiniteOptions(unknownKey, { query: { limit: 10 } })),
    ).rejects.toMatchObject({ name: "AuthenticationError", status: 401 });
  });
});
