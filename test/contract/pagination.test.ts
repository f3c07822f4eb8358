/**
 * Pagination over real HTTP against the reference server (docs/pagination.md): 45 pets seeded,
 * walked 10 at a time by following the server's `Link: <…>; rel="next"`, by the client's
 * `pages()` and `items()`: 45 items, 5 requests, no duplicates, every response checked against
 * the spec. Then the walk's bounds: maxItems, maxPages, the signal, the deadline, the first
 * failure (a result, a PageFailedError, or an ApiError under throwOnError) and the rate-limit
 * state the walk shares with the client's other calls.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import type { ListPetsItem, ListPetsResponse } from "../../generated/client.js";
import type { components } from "../../generated/types.js";
import { ApiError } from "../../generated/runtime/client/api-error.js";
import { PageFailedError } from "../../generated/runtime/client/paginate.js";
import { petListRequests, seedPets } from "./paged-pets.js";
import { startContractServer, type ContractServer } from "./harness.js";

type Pet = components["schemas"]["Pet"];

let h: ContractServer;
const PETS = 45;

beforeAll(async () => {
  h = await startContractServer({
    planLimits: {
      enterprise: { perMinute: 10_000, perDay: 100_000 },
      three: { perMinute: 3, perDay: 100 },
    },
    extraKeys: [{ key: "three-a-minute", plan: "three", caller: { name: "three", plan: "three" } }],
  });
  await seedPets(h, PETS);
});

afterAll(async () => {
  await h.close();
});

describe("the reference server pages listPets", () => {
  it("follows Link rel=next from limit 10: 45 pets in 5 requests, no duplicates, the total on each", async () => {
    const ids: number[] = [];
    const links: (string | null)[] = [];
    let path: string | undefined = "/pets?limit=10";
    let requests = 0;
    while (path !== undefined) {
      const answer = await h.send("GET", path, { key: h.key("enterprise") });
      requests++;
      expect(answer.status).toBe(200);
      expect(answer.violations).toEqual([]);
      expect(answer.headers.get("x-total-count")).toBe(String(PETS));
      ids.push(...(answer.body as { id: number }[]).map((pet) => pet.id));
      const link = answer.headers.get("link");
      links.push(link);
      const target = link === null ? undefined : /^<([^>]*)>; rel="next"$/.exec(link)?.[1];
      path = target === undefined ? undefined : `/pets${target}`;
    }
    expect(requests).toBe(5);
    expect(ids).toHaveLength(PETS);
    expect(new Set(ids).size).toBe(PETS);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(links).toEqual([
      '<?limit=10&offset=10>; rel="next"',
      '<?limit=10&offset=20>; rel="next"',
      '<?limit=10&offset=30>; rel="next"',
      '<?limit=10&offset=40>; rel="next"',
      null,
    ]);
  });

  it("keeps the request's filters in the next link", async () => {
    const answer = await h.send("GET", "/pets?status=available&limit=20&offset=5", {
      key: h.key("enterprise"),
    });
    expect(answer.headers.get("link")).toBe('<?status=available&limit=20&offset=25>; rel="next"');
  });
});

describe("client pages() and items()", () => {
  it("items(): 45 pets, 5 requests, no duplicates, in order", async () => {
    const from = h.log.exchanges.length;
    const names: string[] = [];
    for await (const pet of h.client().listPets.items({ query: { limit: 10 } }))
      names.push(pet.name);
    expect(names).toEqual(Array.from({ length: PETS }, (_, index) => `Pet ${index}`));
    expect(petListRequests(h, from)).toEqual([
      "?limit=10",
      "?limit=10&offset=10",
      "?limit=10&offset=20",
      "?limit=10&offset=30",
      "?limit=10&offset=40",
    ]);
    h.log.expectNoViolations();
  });

  it("is typed from the spec: items() yields Pet, pages() the operation's results", () => {
    expectTypeOf<ListPetsItem>().toEqualTypeOf<Pet>();
    const api = h.client();
    expectTypeOf(api.listPets.items()).toEqualTypeOf<AsyncIterable<Pet>>();
    expectTypeOf(api.listPets.pages()).toEqualTypeOf<AsyncIterable<ListPetsResponse>>();
    // @ts-expect-error an operation that does not page has no pages()
    void api.getInventory.pages;
  });

  it("pages(): one typed result per page, 10, 10, 10, 10, 5", async () => {
    const sizes: number[] = [];
    for await (const page of h.client().listPets.pages({ query: { limit: 10 } })) {
      expect(page.ok).toBe(true);
      if (page.ok) {
        sizes.push(page.data.length);
        expect(page.headers["X-Total-Count"]).toBe(PETS);
      }
    }
    expect(sizes).toEqual([10, 10, 10, 10, 5]);
  });

  it("the default page size (20) when no limit is given: 3 requests", async () => {
    const from = h.log.exchanges.length;
    let count = 0;
    for await (const _pet of h.client().listPets.items()) count++;
    expect(count).toBe(PETS);
    expect(petListRequests(h, from)).toHaveLength(3);
  });

  it("maxItems: exactly that many items, no request past them; maxPages bounds pages()", async () => {
    const from = h.log.exchanges.length;
    const ids: number[] = [];
    for await (const pet of h.client().listPets.items({ query: { limit: 10 } }, { maxItems: 12 }))
      ids.push(pet.id);
    expect(ids).toHaveLength(12);
    expect(petListRequests(h, from)).toHaveLength(2);
    let pages = 0;
    for await (const _page of h.client().listPets.pages({ query: { limit: 10 } }, { maxPages: 2 }))
      pages++;
    expect(pages).toBe(2);
  });

  it("the signal stops the walk between pages (rejecting with its reason)", async () => {
    const controller = new AbortController();
    const from = h.log.exchanges.length;
    const walk = async () => {
      for await (const _page of h
        .client()
        .listPets.pages({ query: { limit: 10 } }, { signal: controller.signal }))
        controller.abort(new Error("enough"));
    };
    await expect(walk()).rejects.toThrow("enough");
    expect(petListRequests(h, from)).toHaveLength(1);
  });

  it("the deadline bounds the whole walk, not each page", async () => {
    // each page takes about 40 ms (a slow network): 5 pages do not fit in 100 ms
    const slowFetch: typeof fetch = async (input, init) => {
      await new Promise((resolve) => setTimeout(resolve, 40));
      return fetch(input, init);
    };
    const client = h.client({ fetch: slowFetch });
    let pages = 0;
    const walk = async () => {
      for await (const _page of client.listPets.pages(
        { query: { limit: 10 } },
        { deadlineMs: 100 },
      ))
        pages++;
    };
    await expect(walk()).rejects.toMatchObject({ name: "TimeoutError" });
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThan(5);
  });

  it("stops at the first failure: pages() ends with it, items() rejects with PageFailedError", async () => {
    const unknownKey = h.client({ plan: null, apiKey: "not-a-key" });
    const results = [];
    for await (const page of unknownKey.listPets.pages({ query: { limit: 10 } }))
      results.push(page);
    expect(results.map((page) => [page.ok, page.status])).toEqual([[false, 401]]);
    const items = async () => {
      for await (const _pet of unknownKey.listPets.items({ query: { limit: 10 } })) void _pet;
    };
    const error = await items().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PageFailedError);
    expect((error as PageFailedError).result.status).toBe(401);
    expect((error as PageFailedError).pagesRead).toBe(0);
  });

  it("throwOnError: the failed page's ApiError rejects the walk", async () => {
    const unknownKey = h.client({ plan: null, apiKey: "not-a-key" });
    const walk = async () => {
      for await (const _page of unknownKey.listPets.pages({
        query: { limit: 10 },
        throwOnError: true,
      }))
        void _page;
    };
    const error = await walk().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
  });

  it("shares the client's rate-limit state: a walk stops at the 429, the next one is held", async () => {
    const from = h.log.exchanges.length;
    const client = h.client({
      plan: null,
      apiKey: "three-a-minute",
      now: () => h.clock,
      retry: { maxRetryAfterMs: 1_000 },
    });
    const walk = async () => {
      const results = [];
      for await (const page of client.listPets.pages({ query: { limit: 10 } })) results.push(page);
      return results.map((page) => [page.status, page.sentToServer]);
    };
    // three pages answered, then the key's 429 ends the walk (no retry past the minute's reset)
    expect(await walk()).toEqual([
      [200, true],
      [200, true],
      [200, true],
      [429, true],
    ]);
    // the client holds the key until the reset: the next walk's first page is answered locally
    expect(await walk()).toEqual([[429, false]]);
    expect(petListRequests(h, from)).toHaveLength(4);
  });
});
