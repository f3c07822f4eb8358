/**
 * `validateResponses` checks the headers a handler sends against the spec, on the reference
 * server over real HTTP: a `createPet` 201 without its required `Location`, or a `listPets` with a
 * non-integer `X-Total-Count`, becomes a 500 and an `onError` line naming the operation, the status
 * and the header; the reference handlers themselves pass.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PetStoreHandlers } from "../../generated/server.js";
import type { DemoCaller } from "../../examples/petstore/index.js";
import { startContractServer, type ContractServer } from "./harness.js";

let h: ContractServer;
let breakHeaders = false;
const categoryId = (): number => h.server.state.listCategories()[0]?.id ?? 0;

beforeAll(async () => {
  h = await startContractServer({
    wrapHandlers: (reference): Partial<PetStoreHandlers<DemoCaller>> => ({
      createPet: async (request) => {
        const response = await reference.createPet(request);
        if (!breakHeaders || response.status !== 201) return response;
        // What a careless handler does: forgets the Location the spec requires.
        return { status: 201, body: response.body } as never;
      },
      listPets: async (request) => {
        const response = await reference.listPets(request);
        if (!breakHeaders || response.status !== 200) return response;
        return { ...response, headers: { "X-Total-Count": "many" } } as never;
      },
    }),
  });
});

beforeAll(async () => {
  const category = await h.send("POST", "/categories", {
    key: h.key("enterprise"),
    json: { name: "Owls" },
  });
  expect(category.status).toBe(201);
});

afterAll(async () => {
  await h.close();
});

describe("response headers against the spec (validateResponses)", () => {
  it("the reference handlers send what the spec declares", async () => {
    breakHeaders = false;
    const key = h.key("enterprise");
    const created = await h.send("POST", "/pets", {
      key,
      json: { name: "Hedwig", categoryId: categoryId() },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toMatch(/^\/pets\/by-id\/\d+$/);
    const list = await h.send("GET", "/pets", { key });
    expect(list.headers.get("x-total-count")).toMatch(/^\d+$/);
    expect(h.serverErrors).toEqual([]);
  });

  it("a 201 without the required Location, or a non-integer X-Total-Count, is a 500 naming the header", async () => {
    breakHeaders = true;
    const key = h.key("enterprise");
    const created = await h.send("POST", "/pets", {
      key,
      json: { name: "Hedwig", categoryId: categoryId() },
    });
    expect(created.status).toBe(500);
    const list = await h.send("GET", "/pets", { key });
    expect(list.status).toBe(500);
    expect(h.serverErrors.map(({ error, context }) => [context, String(error)])).toEqual([
      [
        { operationId: "createPet", status: 201 },
        "ContractViolationError: createPet answered 201 with no Location header, which the spec requires",
      ],
      [
        { operationId: "listPets", status: 200 },
        'ContractViolationError: listPets answered 200 with a X-Total-Count header of "many", which is not of type integer',
      ],
    ]);
  });
});
