/**
 * Reading what a result carries without a cast (issue 34 item 5), typed (this file is
 * type-checked) and over real HTTP against the reference server: declared headers after
 * `throwOnError` and from `unwrapResult`; per-status error classes; `isApiError(e, method)` typing
 * `e.error` from the operation's declared error bodies; `isErrorBody(r.error)`; the named schema
 * types of the client entry.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import {
  ApiError,
  createPetStoreClient,
  NotFoundError,
  UnexpectedResponseBody,
  isApiError,
  isErrorBody,
  unwrap,
  unwrapResult,
  type ErrorSchema,
  type Pet,
} from "../../generated/entry/client.js";
import { startContractServer, type ContractServer } from "../contract/harness.js";

let h: ContractServer;
let petId: number;
beforeAll(async () => {
  h = await startContractServer();
  const category = unwrap(
    await h.client().createCategory({ body: { name: `read-${process.pid}` } }),
  );
  petId = unwrap(
    await h.client().createPet({ body: { name: "Direct Rex", categoryId: category.id } }),
  ).id;
});
afterAll(async () => {
  await h.close();
});

describe("declared headers read directly", () => {
  it("after throwOnError, on the client or on the call", async () => {
    // the factory itself (the harness's clients are typed without throwOnError)
    const strict = createPetStoreClient({
      baseUrl: h.baseUrl,
      apiKey: h.key("enterprise"),
      throwOnError: true,
      onDeprecation: () => undefined,
    });
    const page = await strict.listPets({ query: { limit: 1 } });
    const total: number | undefined = page.headers["X-Total-Count"];
    expect(total).toBeGreaterThanOrEqual(1);
    const onCall = await h.client().listPets({ query: { limit: 1 }, throwOnError: true });
    expect(onCall.headers["X-Total-Count"]).toBe(total);
  });

  it("from unwrapResult: data and headers together; a failure throws its status's ApiError", async () => {
    const { data, headers, status } = unwrapResult(
      await h.client().listPets({ query: { limit: 1 } }),
    );
    expectTypeOf(data).toEqualTypeOf<Pet[]>();
    expect(status).toBe(200);
    expect(headers["X-Total-Count"]).toBeGreaterThanOrEqual(data.length);
    const missing = await h.client().getPetById({ path: { petId: 987_654_321 } });
    expect(() => unwrapResult(missing)).toThrow(NotFoundError);
  });
});

describe("errors read without instanceof gymnastics", () => {
  it("throwOnError rejects with the status's class; isApiError(e, method) types e.error from the spec", async () => {
    const api = h.client();
    const thrown = await api
      .getPetById({ path: { petId: 987_654_321 }, throwOnError: true })
      .catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(NotFoundError);
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as Error).name).toBe("NotFoundError");
    if (!isApiError(thrown, api.getPetById)) throw new Error("not an ApiError");
    expectTypeOf(thrown.error).toMatchTypeOf<ErrorSchema | UnexpectedResponseBody | {} | null>();
    const code =
      isErrorBody(thrown.error) && thrown.error !== null && "code" in thrown.error
        ? thrown.error.code
        : undefined;
    expect(code).toBe("not_found");
    expect(isApiError(new Error("x"))).toBe(false);
  });

  it("isErrorBody narrows a result's error to the spec's Error", async () => {
    expect(unwrap(await h.client().getPetById({ path: { petId } })).id).toBe(petId);
    const missing = await h.client().getPetById({ path: { petId: 987_654_321 } });
    if (missing.status === 404 && isErrorBody(missing.error)) {
      expectTypeOf(missing.error).toEqualTypeOf<ErrorSchema>();
      expect(missing.error.code).toBe("not_found");
    } else throw new Error(`expected a 404 with the spec's Error, got ${missing.status}`);
    expect(isErrorBody(new UnexpectedResponseBody(502, "", null, ""))).toBe(false);
  });
});
