/**
 * Typed results end to end, through real calls of the generated client: declared response
 * headers parsed on the result (`X-Total-Count` a number, `Location` a string), `status`/`ok`
 * narrowing, and the opt-in `./validate` hook accepting the reference server's answers and
 * rejecting, with a `ResponseValidationError`, an answer that breaks the spec.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPetStoreClient } from "../../generated/client.js";
import { ResponseValidationError } from "../../generated/runtime/client/response-validation.js";
import { validatePetStoreResponse } from "../../generated/validate.js";
import { startContractServer, type ContractServer } from "./harness.js";

let h: ContractServer;
let categoryId = 0;
beforeAll(async () => {
  h = await startContractServer();
  const category = await h.client().createCategory({ body: { name: `typed-${process.pid}` } });
  if (!category.ok || category.status !== 201)
    throw new Error(`createCategory answered ${category.status}`);
  categoryId = category.data.id;
});
afterAll(async () => {
  await h?.close();
});

describe("typed results through real calls", () => {
  it("parses the declared headers of the status that came back", async () => {
    const api = h.client({ validateResponse: validatePetStoreResponse });
    const created = await api.createPet({ body: { name: "Typed Rex", categoryId } });
    expect(created.ok).toBe(true);
    if (!created.ok || created.status !== 201)
      throw new Error(`createPet answered ${created.status}`);
    const location: string | undefined = created.headers.Location;
    expect(location).toBe(`/pets/by-id/${created.data.id}`);
    const page = await api.listPets({ query: { limit: 1 } });
    if (page.status !== 200) throw new Error(`listPets answered ${page.status}`);
    const total: number | undefined = page.headers["X-Total-Count"];
    expect(typeof total).toBe("number");
    expect(total).toBe(Number(page.response.headers.get("x-total-count")));
    const missing = await api.getPetById({ path: { petId: 9_007_199_254_740_991 } });
    expect(missing.status).toBe(404);
    if (missing.status === 404) expect(missing.data).toBeUndefined();
  });

  it("the ./validate hook rejects an answer that breaks the spec, naming operation, status and pointer", async () => {
    // a proxy in front of the server that drops a required property of the Pet it returns
    const broken: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!response.ok || !(response.headers.get("content-type") ?? "").includes("json"))
        return response;
      const body = (await response.json()) as Record<string, unknown>;
      delete body.name;
      return new Response(JSON.stringify(body), {
        status: response.status,
        headers: response.headers,
      });
    };
    const api = createPetStoreClient({
      baseUrl: h.baseUrl,
      apiKey: h.key("enterprise"),
      fetch: broken,
      retry: false,
      onDeprecation: () => undefined,
      validateResponse: validatePetStoreResponse,
    });
    const created = await h.client().createPet({ body: { name: "Broken Rex", categoryId } });
    if (!created.ok || created.status !== 201)
      throw new Error(`createPet answered ${created.status}`);
    const error = await api.getPetById({ path: { petId: created.data.id } }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toMatchObject({
      operationId: "getPetById",
      status: 200,
      target: "body",
      keyword: "required",
    });
    expect((error as Error).message).toContain("getPetById");
  });
});
