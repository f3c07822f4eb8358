/**
 * The per-operation functions (generated/operations.ts) over the client core, against the
 * reference server over real HTTP with every response checked against the spec: they behave as
 * the whole client's methods do (issue 41 item 2: the default behaviour does not weaken).
 *
 * - a call is typed and contract-checked; `throwOnError` gives the typed `NotFoundError`;
 * - a write sends a fresh `Idempotency-Key` (the module comes with its descriptor);
 * - a burst of 80 calls with a Free key (60 per minute) ends with zero 429s and no ban: the
 *   core's rate-limit state holds the calls over the quota until the reset (as
 *   test/contract/client-burst.test.ts does for the whole client);
 * - a 429 is retried after its `Retry-After`, not sooner;
 * - the deprecated `getPet` reports once, with its sunset and replacement;
 * - the whole client's object works as the first argument, and shares its rate-limit state;
 * - `useMiddleware` adds middleware to a core (run on every attempt, removed by what it returns);
 * - what the core cannot do is refused clearly.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import {
  createPet,
  createPetStoreCore,
  getPet,
  getPetById,
  listPets,
  listPetsItems,
  useMiddleware,
} from "../../generated/operations.js";
import { createPetStoreClient } from "../../generated/client.js";
import { NotFoundError } from "../../generated/runtime/client/api-error-classes.js";
import { UnexpectedResponseBody } from "../../generated/runtime/client/unexpected-body.js";
import type { DeprecationNotice } from "../../generated/runtime/client/deprecation.js";
import type { components } from "../../generated/types.js";
import { checkedFetch, startContractServer, type ContractServer } from "../contract/harness.js";
import { freeKey, minuteClock } from "../contract/minute-clock.js";

const clock = minuteClock();
const tinyKey = (key: string) => ({ key, plan: "tiny", caller: { name: key, plan: "tiny" } });

let h: ContractServer;

beforeAll(async () => {
  h = await startContractServer({
    fakeClock: false,
    now: clock.now,
    seed: true,
    planLimits: { tiny: { perMinute: 1, perDay: 1_000 } },
    extraKeys: [freeKey("free-ops-burst"), tinyKey("tiny-ops-retry")],
  });
});
afterAll(async () => {
  await h.close();
});

/** A core on the harness server, every response checked against the spec. */
function core(apiKey: string, extra: Partial<Parameters<typeof createPetStoreCore>[0]> = {}) {
  return createPetStoreCore({
    baseUrl: h.baseUrl,
    apiKey,
    fetch: checkedFetch(h.log),
    rateLimitState: "own",
    onDeprecation: () => undefined,
    ...extra,
  });
}

describe("a per-operation function over the core", () => {
  it("calls its operation, typed, with the result of the whole client's method", async () => {
    const api = core(h.key("free"));
    const pets = await listPets(api, { query: { limit: 2 } });
    expect(pets.status).toBe(200);
    const first = pets.ok ? pets.data[0] : undefined;
    expect(first?.id).toBeTypeOf("number");
    const pet = await getPetById(api, { path: { petId: first!.id } });
    expect(pet.status).toBe(200);
    if (pet.status === 200 && pet.ok) {
      expectTypeOf(pet.data).toEqualTypeOf<components["schemas"]["Pet"]>();
      expect(pet.data).toEqual(first);
      expect(pet.rateLimit?.limit).toBeGreaterThan(0);
    }
    const missing = await getPetById(api, { path: { petId: 999_999 } });
    expect(missing.status).toBe(404);
    if (missing.status === 404 && !(missing.error instanceof UnexpectedResponseBody))
      expect(missing.error.code).toBe("not_found");
    else expect.unreachable("a 404 with the spec's Error body");
    // the same call through the whole client gives the same data
    const whole = createPetStoreClient({ baseUrl: h.baseUrl, apiKey: h.key("free") });
    const again = await whole.getPetById({ path: { petId: first!.id } });
    expect(again.data).toEqual(pet.data);
    h.log.expectNoViolations();
  });

  it("sends a fresh Idempotency-Key on a write (its descriptor brings idempotency.ts)", async () => {
    const keys: (string | null)[] = [];
    const checked = checkedFetch(h.log);
    const api = core(h.key("free"), {
      fetch: (input, init) => {
        keys.push(new Headers(init?.headers).get("idempotency-key"));
        return checked(input, init);
      },
    });
    const pets = await listPets(api, { query: { limit: 1 } });
    const categoryId = pets.ok ? pets.data[0]!.categoryId : 0;
    keys.length = 0;
    for (const name of ["Idem one", "Idem two"]) {
      const created = await createPet(api, { body: { name, categoryId } });
      expect(created.status).toBe(201);
    }
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/);
    expect(keys[0]).not.toBe(keys[1]);
    h.log.expectNoViolations();
  });

  it("rejects with the typed NotFoundError under throwOnError (core option or per call)", async () => {
    const throwing = createPetStoreCore({
      baseUrl: h.baseUrl,
      apiKey: h.key("free"),
      throwOnError: true,
    });
    await expect(getPetById(throwing, { path: { petId: 999_998 } })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    const ok = await getPetById(throwing, { path: { petId: 1 } });
    // only the 2XX results: the data is the pet
    expectTypeOf(ok.data).toEqualTypeOf<components["schemas"]["Pet"]>();
    expect(ok.data.id).toBe(1);
    await expect(
      getPetById(core(h.key("free")), { path: { petId: 999_997 }, throwOnError: true }),
    ).rejects.toMatchObject({ name: "NotFoundError", status: 404, operationId: "getPetById" });
  });

  it("walks pages with <op>Items", async () => {
    const names: string[] = [];
    for await (const pet of listPetsItems(core(h.key("free")), { query: { limit: 1 } }))
      names.push(pet.name);
    expect(names.length).toBeGreaterThanOrEqual(4);
  });

  it("reports the deprecated getPet once, with its sunset and replacement", async () => {
    const notices: DeprecationNotice[] = [];
    const api = core(h.key("free"), { onDeprecation: (notice) => notices.push(notice) });
    expect((await getPet(api, { path: { petId: 1 } })).status).toBe(200);
    expect((await getPet(api, { path: { petId: 1 } })).status).toBe(200);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      operationId: "getPet",
      sunset: "2027-06-30",
      replacement: "getPetById",
    });
  });
});

describe("rate limits through the core", () => {
  it("80 concurrent calls with a Free key (60/min): zero 429, no ban, all 200", async () => {
    const boundary = clock.placeBeforeBoundary(3_000);
    const before = h.log.exchanges.length;
    const api = createPetStoreCore({
      baseUrl: h.baseUrl,
      apiKey: "free-ops-burst",
      fetch: checkedFetch(h.log),
      now: clock.now,
    });
    const results = await Promise.all(
      Array.from({ length: 80 }, () => getPetById(api, { path: { petId: 1 } })),
    );
    const wire = h.log.exchanges.slice(before);
    expect(wire.filter((exchange) => exchange.status === 429)).toEqual([]);
    expect(results.map((result) => result.status)).toEqual(Array(80).fill(200));
    expect(wire).toHaveLength(80);
    const afterReset = results.filter((result) => (result.rateLimit?.reset ?? 0) * 1000 > boundary);
    expect(afterReset.length).toBeGreaterThanOrEqual(20);
    h.log.expectNoViolations();
  });

  it("retries a 429 no sooner than its Retry-After, then succeeds", async () => {
    clock.placeBeforeBoundary(1_800);
    // another caller on the same key uses up the minute (1 request)
    const other = core("tiny-ops-retry");
    expect((await getPetById(other, { path: { petId: 1 } })).status).toBe(200);
    const wire: Array<{ at: number; status: number; retryAfter: string | null }> = [];
    const timed: typeof fetch = async (input, init) => {
      const response = await checkedFetch(h.log)(input, init);
      wire.push({
        at: performance.now(),
        status: response.status,
        retryAfter: response.headers.get("retry-after"),
      });
      return response;
    };
    const api = core("tiny-ops-retry", {
      fetch: timed,
      retry: { maxRetries: 2 },
      random: () => 0,
      now: clock.now,
    });
    const result = await getPetById(api, { path: { petId: 1 } });
    expect(result.status).toBe(200);
    expect(wire.map((exchange) => exchange.status)).toEqual([429, 200]);
    const [limited, retried] = wire as [(typeof wire)[0], (typeof wire)[0]];
    expect(["1", "2"]).toContain(limited.retryAfter);
    expect(retried.at - limited.at).toBeGreaterThanOrEqual(Number(limited.retryAfter) * 1000 - 50);
    h.log.expectNoViolations();
  }, 15_000);
});

describe("the whole client as the first argument", () => {
  it("calls through its runtime: one rate-limit state for its methods and the functions", async () => {
    const seen: string[] = [];
    const whole = createPetStoreClient({
      baseUrl: h.baseUrl,
      apiKey: h.key("free"),
      rateLimitState: "own",
      logger: { debug: (message) => seen.push(message) },
      logLevel: "debug",
    });
    whole.use({
      onRequest: ({ request }) => {
        seen.push(`middleware ${new URL(request.url).pathname}`);
      },
    });
    expect((await getPetById(whole, { path: { petId: 1 } })).status).toBe(200);
    expect(seen).toEqual(["middleware /pets/by-id/1", expect.stringMatching(/^getPetById: GET /)]);
  });
});

describe("middleware on a core (useMiddleware)", () => {
  it("runs on every attempt of every later call, until the function it returns removes it", async () => {
    const sent: (string | null)[] = [];
    const checked = checkedFetch(h.log);
    const api = core(h.key("free"), {
      fetch: (input, init) => {
        sent.push(new Request(input, init).headers.get("x-request-id"));
        return checked(input, init);
      },
    });
    expect(Object.keys(api)).toEqual([]); // no `use` method: a bundle without middleware skips it
    const seen: string[] = [];
    const remove = useMiddleware(api, {
      onRequest: ({ request, schemaPath }) => {
        seen.push(`${schemaPath} ${new URL(request.url).pathname}`);
        const headers = new Headers(request.headers);
        headers.set("x-request-id", "from-middleware");
        return new Request(request, { headers });
      },
      onResponse: ({ response }) => {
        seen.push(`status ${response.status}`);
      },
    });
    expect((await getPetById(api, { path: { petId: 1 } })).status).toBe(200);
    expect(seen).toEqual(["/pets/by-id/{petId} /pets/by-id/1", "status 200"]);
    remove();
    expect((await getPetById(api, { path: { petId: 1 } })).status).toBe(200);
    expect(seen).toHaveLength(2);
    expect(sent).toEqual(["from-middleware", null]);
    h.log.expectNoViolations();
  });

  it("refuses what is no client, and middleware without a hook", () => {
    // @ts-expect-error not a client
    expect(() => useMiddleware(null, { onRequest: () => undefined })).toThrow(
      /useMiddleware: the first argument must be a client made by/,
    );
    expect(() => useMiddleware({}, { onRequest: () => undefined })).toThrow(
      /useMiddleware: the first argument must be a client made by/,
    );
    // @ts-expect-error not a middleware
    expect(() => useMiddleware(core(h.key("free")), { nothing: true })).toThrow(
      /at least one of onRequest\(\), onResponse\(\) or onError\(\)/,
    );
  });
});

describe("what the core refuses", () => {
  it("a logger or onRetry: a TypeError that names the option and the whole client", () => {
    expect(() =>
      createPetStoreCore({
        baseUrl: h.baseUrl,
        // @ts-expect-error not a core option (the whole client has it)
        logger: console,
      }),
    ).toThrow(/"logger" needs the full client/);
  });

  it("a first argument that is no client: a rejection, nothing sent", async () => {
    const before = h.log.exchanges.length;
    await expect(
      // @ts-expect-error not a client
      getPetById({ baseUrl: h.baseUrl }, { path: { petId: 1 } }),
    ).rejects.toThrow(/getPetById: the first argument must be a client made by/);
    expect(h.log.exchanges.length).toBe(before);
  });
});
