/**
 * The query entry (generated/query.ts) with @tanstack/query-core against the reference server
 * over real HTTP: query options fetched through a `QueryClient` (key, data, typed cache), a
 * mutation that invalidates the queries its path changes (and only those), cancellation reaching
 * the client's rate-limit wait through the query's `signal`, no TanStack retries on top of the
 * client's, and the deprecation signal of a deprecated operation.
 */
import {
  isCancelledError,
  MutationObserver,
  QueryClient,
  QueryObserver,
} from "@tanstack/query-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createDemoKeys,
  createPetStoreServer,
  type PetStoreServer,
} from "../../examples/petstore/index.js";
import {
  ApiError,
  createPetStoreClient,
  type PetStoreClient,
} from "../../generated/entry/client.js";
import {
  INVALIDATES,
  categoriesKeys,
  createPetMutation,
  getCategoryOptions,
  getPetByIdOptions,
  getPetOptions,
  listPetsOptions,
  petsKeys,
  updateCategoryMutation,
} from "../../generated/entry/query.js";

const TINY_KEY = "query-tiny-key";

/** A `fetch` that records the requests the client sends (and their signals), then sends them. */
function recordingFetch(): {
  fetch: typeof fetch;
  requests: { url: string; method: string; signal: AbortSignal | undefined }[];
} {
  const requests: { url: string; method: string; signal: AbortSignal | undefined }[] = [];
  return {
    requests,
    fetch: (input, init) => {
      const request = input instanceof Request ? input : undefined;
      requests.push({
        url: String(request?.url ?? input),
        method: init?.method ?? request?.method ?? "GET",
        signal: init?.signal ?? request?.signal ?? undefined,
      });
      return fetch(input, init);
    },
  };
}

/** Resolves with the observer's first result that `done` accepts. */
function waitFor<R>(
  observer: { getCurrentResult(): R; subscribe(listener: () => void): () => void },
  done: (result: R) => boolean,
): Promise<R> {
  return new Promise((resolve) => {
    const check = (): boolean => {
      const result = observer.getCurrentResult();
      if (!done(result)) return false;
      resolve(result);
      return true;
    };
    if (check()) return;
    const unsubscribe = observer.subscribe(() => {
      if (check()) unsubscribe();
    });
  });
}

describe("query options on the reference server", () => {
  let server: PetStoreServer;
  let baseUrl: string;
  const keys = createDemoKeys();
  const apiKey = keys.find((entry) => entry.plan === "enterprise")?.key ?? keys[0]!.key;
  let queryClient: QueryClient;

  beforeAll(async () => {
    server = createPetStoreServer({
      seed: true,
      keys: [...keys, { key: TINY_KEY, plan: "tiny", caller: { name: "tiny", plan: "tiny" } }],
      planLimits: {
        enterprise: { perMinute: 100_000, perDay: 1_000_000 },
        tiny: { perMinute: 1, perDay: 1_000 },
      },
    });
    baseUrl = await server.listen({ port: 0 });
  });
  afterAll(() => server.close());
  afterEach(() => queryClient?.clear());

  function client(
    options: Partial<Parameters<typeof createPetStoreClient>[0]> = {},
  ): PetStoreClient {
    return createPetStoreClient({ baseUrl, apiKey, onDeprecation: () => {}, ...options });
  }

  it("fetches through a QueryClient: structured key, the body as data, typed cache reads, retry off", async () => {
    queryClient = new QueryClient();
    const options = listPetsOptions(client(), { query: { limit: 2, status: "available" } });
    expect(options.queryKey).toEqual([
      "PetStore",
      "pets",
      "listPets",
      { query: { limit: 2, status: "available" } },
      { client: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+#[0-9a-f]{8}$/) },
    ]);
    expect(options.retry).toBe(false);
    const pets = await queryClient.fetchQuery(options);
    expect(pets).toHaveLength(2);
    expect(pets.every((pet) => pet.status === "available")).toBe(true);
    // the key is tagged with the data type: the cache read is typed, no cast
    const cached = queryClient.getQueryData(options.queryKey);
    expect(cached?.map((pet) => pet.id)).toEqual(pets.map((pet) => pet.id));
    // the per-resource helper builds the same key, and its prefixes match the query
    expect(petsKeys.listPets({ query: { limit: 2, status: "available" } }, client())).toEqual(
      options.queryKey,
    );
    expect(queryClient.getQueryCache().findAll({ queryKey: petsKeys.all })).toHaveLength(1);
    expect(queryClient.getQueryCache().findAll({ queryKey: petsKeys.listPets() })).toHaveLength(1);
    expect(queryClient.getQueryCache().findAll({ queryKey: categoriesKeys.all })).toHaveLength(0);
  });

  it("a mutation invalidates the queries under its collection and refetches the active ones", async () => {
    queryClient = new QueryClient();
    const api = client();
    const listObserver = new QueryObserver(
      queryClient,
      listPetsOptions(api, { query: { limit: 100 } }),
    );
    const first = await waitFor(listObserver, (result) => result.status === "success");
    const before = first.data?.length ?? 0;
    await queryClient.fetchQuery(getPetByIdOptions(api, { path: { petId: 1 } }));
    await queryClient.fetchQuery(getCategoryOptions(api, { path: { categoryId: 1 } }));
    expect(INVALIDATES.createPet).toEqual([
      petsKeys.listPets(),
      petsKeys.getPet(),
      petsKeys.getPetById(),
    ]);

    const mutation = new MutationObserver(queryClient, createPetMutation(api));
    const created = await mutation.mutate({ body: { name: "Querie", categoryId: 1 } });
    expect(created.name).toBe("Querie");

    // the list (active) was refetched with the new pet; the pet query (inactive) is stale; categories untouched
    const after = await waitFor(
      listObserver,
      (result) =>
        result.status === "success" && !result.isFetching && (result.data?.length ?? 0) > before,
    );
    expect(after.data?.some((pet) => pet.id === created.id)).toBe(true);
    expect(
      queryClient.getQueryState(getPetByIdOptions(api, { path: { petId: 1 } }).queryKey)
        ?.isInvalidated,
    ).toBe(true);
    expect(
      queryClient.getQueryState(getCategoryOptions(api, { path: { categoryId: 1 } }).queryKey)
        ?.isInvalidated,
    ).toBe(false);
    listObserver.destroy();

    // a category update invalidates the category queries, not the pets
    await queryClient.fetchQuery(listPetsOptions(api, { query: { limit: 1 } }));
    await new MutationObserver(queryClient, updateCategoryMutation(api)).mutate({
      path: { categoryId: 1 },
      body: { name: "Dogs", description: "Renamed by the query test." },
    });
    expect(
      queryClient.getQueryState(getCategoryOptions(api, { path: { categoryId: 1 } }).queryKey)
        ?.isInvalidated,
    ).toBe(true);
    expect(
      queryClient.getQueryState(listPetsOptions(api, { query: { limit: 1 } }).queryKey)
        ?.isInvalidated,
    ).toBe(false);
  });

  it("invalidate: false leaves the queries alone", async () => {
    queryClient = new QueryClient();
    const api = client();
    await queryClient.fetchQuery(listPetsOptions(api));
    await new MutationObserver(queryClient, createPetMutation(api, { invalidate: false })).mutate({
      body: { name: "Quiet", categoryId: 1 },
    });
    expect(queryClient.getQueryState(listPetsOptions(api).queryKey)?.isInvalidated).toBe(false);
  });

  it("cancelling a query aborts the client's rate-limit wait through the query's signal", async () => {
    queryClient = new QueryClient();
    const recording = recordingFetch();
    const api = client({
      apiKey: TINY_KEY,
      fetch: recording.fetch,
      retry: { maxRetries: 3, maxRetryAfterMs: 120_000 },
    });
    // the tiny key's one request of the minute
    await queryClient.fetchQuery(listPetsOptions(api, { query: { limit: 1 } }));
    expect(recording.requests).toHaveLength(1);
    // the client's method, watched: its promise settles only when the client's call ends
    const calls: Promise<unknown>[] = [];
    const watched = {
      getCategory: ((init: Parameters<PetStoreClient["getCategory"]>[0]) => {
        const call = api.getCategory(init);
        calls.push(call);
        return call;
      }) as PetStoreClient["getCategory"],
    };
    const options = getCategoryOptions(watched, { path: { categoryId: 1 } });
    const outcome = queryClient.fetchQuery(options).then(
      () => "resolved",
      (error: unknown) => error,
    );
    // the client now waits (X-RateLimit-Remaining was 0, or a 429's Retry-After): cancel it
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls).toHaveLength(1);
    const started = performance.now();
    await queryClient.cancelQueries({ queryKey: options.queryKey });
    expect(isCancelledError(await outcome)).toBe(true);
    // the client's call itself ended, with the abort: the query's signal reached its wait
    const callOutcome = await calls[0]!.then(
      () => "resolved",
      (error: unknown) => error,
    );
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(callOutcome).toMatchObject({ name: "AbortError" });
    // whatever was sent was aborted, and nothing more is sent after the cancellation
    const sent = recording.requests.length;
    expect(recording.requests.slice(1).every((request) => request.signal?.aborted === true)).toBe(
      true,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(recording.requests).toHaveLength(sent);
    expect(sent).toBeLessThanOrEqual(2);
  });

  it("a 404 fails the query with the client's ApiError after one request (no TanStack retry on top)", async () => {
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: 3, retryDelay: 1 } } });
    const recording = recordingFetch();
    const observer = new QueryObserver(
      queryClient,
      getPetByIdOptions(client({ fetch: recording.fetch }), { path: { petId: 999_999 } }),
    );
    const result = await waitFor(observer, (current) => current.status === "error");
    observer.destroy();
    expect(result.error).toBeInstanceOf(ApiError);
    expect((result.error as ApiError<{ code: string }>).status).toBe(404);
    expect((result.error as ApiError<{ code: string }>).error.code).toBe("not_found");
    expect(result.failureCount).toBe(1);
    expect(recording.requests).toHaveLength(1);
  });

  it("the deprecation signal of a deprecated operation reaches the client's onDeprecation", async () => {
    queryClient = new QueryClient();
    const notices: { operationId: string; sunset?: unknown }[] = [];
    const api = client({ onDeprecation: (notice) => notices.push(notice) });
    const pet = await queryClient.fetchQuery(getPetOptions(api, { path: { petId: 1 } }));
    expect(pet.id).toBe(1);
    expect(notices.map((notice) => notice.operationId)).toEqual(["getPet"]);
  });
});
