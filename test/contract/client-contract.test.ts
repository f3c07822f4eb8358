/**
 * The generated client against the reference pet store over real HTTP (127.0.0.1, port 0):
 * every operation is called, every status the spec declares for it is provoked (except 500, which
 * a correct implementation cannot be made to answer), the business rules of the spec and README
 * are exercised, and every response is checked against the spec by the independent validator
 * (test/contract/spec-contract.ts).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PetStoreClient } from "../../generated/client.js";
import type { PetsTagOperation } from "../../examples/petstore/pets-handlers.js";
import type { StoreTagOperation } from "../../examples/petstore/store-handlers.js";
import { rawRequest } from "../templates/server/raw-http.js";
import { contract, expectError, startContractServer, type ContractServer } from "./harness.js";

const MINUTE = 60_000;
const TINY = { perMinute: 1, perDay: 10_000 };

let h: ContractServer;
let api: PetStoreClient;
let checkedFrom = 0;

beforeAll(async () => {
  h = await startContractServer({
    planLimits: { enterprise: { perMinute: 100_000, perDay: 1_000_000 }, tiny: TINY },
    extraKeys: [
      { key: "tiny-key-for-429s", plan: "tiny", caller: { name: "tiny", plan: "tiny" } },
      { key: "tiny-key-for-ban", plan: "tiny", caller: { name: "tiny-ban", plan: "tiny" } },
    ],
  });
  api = h.client();
});

afterAll(async () => {
  await h.close();
});

beforeEach(() => {
  checkedFrom = h.log.exchanges.length;
});

afterEach(() => {
  // Every response of the test conforms to the spec (status declared, headers, body).
  const violations = h.log.exchanges.slice(checkedFrom).flatMap((exchange) => exchange.violations);
  expect(violations).toEqual([]);
});

/** Ids of the records the tests create, by name. */
const ids = { dogs: 0, cats: 0, birds: 0, rex: 0, tom: 0, bella: 0, order: 0 };

function location(response: Response): string | null {
  return response.headers.get("location");
}

function totalCount(response: Response): number {
  return Number(response.headers.get("x-total-count"));
}

describe("categories (Pets tag)", () => {
  it("starts empty, creates with 201 + Location, and refuses a name in use in any case (409)", async () => {
    const empty = await api.listCategories();
    expect(empty.response.status).toBe(200);
    expect(empty.data).toEqual([]);
    expect(totalCount(empty.response)).toBe(0);

    const dogs = await api.createCategory({
      body: { name: "Dogs", description: "Domestic dogs." },
    });
    expect(dogs.response.status).toBe(201);
    expect(dogs.data).toEqual({ id: 1, name: "Dogs", description: "Domestic dogs." });
    expect(location(dogs.response)).toBe("/categories/1");
    ids.dogs = dogs.data?.id ?? 0;

    for (const name of ["Dogs", "dogs", "DOGS", "dOgS"]) {
      const taken = await api.createCategory({ body: { name } });
      expectError(taken, 409, "conflict", /Dogs|dogs|DOGS|dOgS/);
    }

    const cats = await api.createCategory({ body: { name: "Cats" } });
    const birds = await api.createCategory({ body: { name: "Birds", description: "Parrots." } });
    expect([cats.response.status, birds.response.status]).toEqual([201, 201]);
    ids.cats = cats.data?.id ?? 0;
    ids.birds = birds.data?.id ?? 0;
    // Increasing, never reused.
    expect([ids.dogs, ids.cats, ids.birds]).toEqual([1, 2, 3]);
  });

  it("reads one category, or 404", async () => {
    const found = await api.getCategory({ path: { categoryId: ids.cats } });
    expect(found.response.status).toBe(200);
    expect(found.data).toEqual({ id: ids.cats, name: "Cats" });

    expectError(await api.getCategory({ path: { categoryId: 999 } }), 404, "not_found", /999/);
  });

  it("replaces a category: omitted description removed, own name in another case allowed, others' names 409, 404", async () => {
    const renamed = await api.updateCategory({
      path: { categoryId: ids.birds },
      body: { name: "BIRDS" },
    });
    expect(renamed.response.status).toBe(200);
    expect(renamed.data).toEqual({ id: ids.birds, name: "BIRDS" }); // description removed

    const back = await api.updateCategory({
      path: { categoryId: ids.birds },
      body: { name: "Birds", description: "Parrots and finches." },
    });
    expect(back.data).toEqual({
      id: ids.birds,
      name: "Birds",
      description: "Parrots and finches.",
    });

    expectError(
      await api.updateCategory({ path: { categoryId: ids.birds }, body: { name: "cats" } }),
      409,
      "conflict",
    );
    expectError(
      await api.updateCategory({ path: { categoryId: 999 }, body: { name: "Fish" } }),
      404,
      "not_found",
      /999/,
    );
  });

  it("lists in ascending id order, one page at a time, with X-Total-Count", async () => {
    const firstTwo = await api.listCategories({ query: { limit: 2 } });
    expect(firstTwo.data?.map((category) => category.id)).toEqual([1, 2]);
    expect(totalCount(firstTwo.response)).toBe(3);

    const rest = await api.listCategories({ query: { limit: 2, offset: 2 } });
    expect(rest.data?.map((category) => category.name)).toEqual(["Birds"]);
    expect(totalCount(rest.response)).toBe(3);

    const past = await api.listCategories({ query: { offset: 50 } });
    expect(past.data).toEqual([]);
    expect(totalCount(past.response)).toBe(3);
  });
});

describe("pets (Pets tag)", () => {
  it("creates a pet (201 + Location, status available by default, inventory entry with stock 0)", async () => {
    const rex = await api.createPet({ body: { name: "Rex", categoryId: ids.dogs } });
    expect(rex.response.status).toBe(201);
    expect(rex.data).toEqual({ id: 1, name: "Rex", categoryId: ids.dogs, status: "available" });
    expect(location(rex.response)).toBe("/pets/by-id/1");
    ids.rex = rex.data?.id ?? 0;

    const tom = await api.createPet({
      body: { name: "Tom", categoryId: ids.cats, status: "pending" },
    });
    expect(tom.data?.status).toBe("pending");
    ids.tom = tom.data?.id ?? 0;

    const inventory = await api.getInventory();
    expect(inventory.response.status).toBe(200);
    expect(inventory.data).toEqual([
      { petId: ids.rex, quantity: 0, status: "available" },
      { petId: ids.tom, quantity: 0, status: "pending" },
    ]);
  });

  it("refuses an unknown category with 404 naming it, and creates nothing", async () => {
    const missing = await api.createPet({ body: { name: "Ghost", categoryId: 4242 } });
    expectError(missing, 404, "not_found", /category 4242/);
    const all = await api.listPets();
    expect(totalCount(all.response)).toBe(2);
  });

  it("lists with status/categoryId filters (AND), pagination (default limit 20) and X-Total-Count", async () => {
    // 23 more pets: 25 in all.
    for (let i = 0; i < 23; i++) {
      const created = await api.createPet({
        body: {
          name: `Pet ${i}`,
          categoryId: i % 2 === 0 ? ids.dogs : ids.birds,
          status: i % 3 === 0 ? "sold" : "available",
        },
      });
      expect(created.response.status).toBe(201);
      if (i === 0) ids.bella = created.data?.id ?? 0;
    }
    const firstPage = await api.listPets();
    expect(firstPage.data).toHaveLength(20);
    expect(totalCount(firstPage.response)).toBe(25);
    const pageIds = firstPage.data?.map((pet) => pet.id) ?? [];
    expect(pageIds).toEqual([...pageIds].sort((a, b) => a - b));

    const lastPage = await api.listPets({ query: { limit: 100, offset: 20 } });
    expect(lastPage.data).toHaveLength(5);
    expect(lastPage.data?.[4]?.id).toBe(25);

    const dogs = await api.listPets({ query: { categoryId: ids.dogs, limit: 100 } });
    expect(dogs.data?.every((pet) => pet.categoryId === ids.dogs)).toBe(true);
    expect(totalCount(dogs.response)).toBe(1 + 12);

    const soldDogs = await api.listPets({
      query: { categoryId: ids.dogs, status: "sold", limit: 100 },
    });
    expect(
      soldDogs.data?.every((pet) => pet.categoryId === ids.dogs && pet.status === "sold"),
    ).toBe(true);
    // i = 0, 6, 12, 18 are even and multiples of 3.
    expect(totalCount(soldDogs.response)).toBe(4);

    const pending = await api.listPets({ query: { status: "pending" } });
    expect(pending.data?.map((pet) => pet.name)).toEqual(["Tom"]);

    const nobody = await api.listPets({ query: { categoryId: 999_999 } });
    expect(nobody.response.status).toBe(200);
    expect(nobody.data).toEqual([]);
    expect(totalCount(nobody.response)).toBe(0);
  });

  it("getPet (deprecated) and getPetById return the same pet; getPet always carries Deprecation and Sunset", async () => {
    const byId = await api.getPetById({ path: { petId: ids.rex } });
    const deprecated = await api.getPet({ path: { petId: ids.rex } });
    expect(byId.response.status).toBe(200);
    expect(deprecated.response.status).toBe(200);
    expect(deprecated.data).toEqual(byId.data);
    expect(byId.response.headers.get("deprecation")).toBeNull();

    const missing = await api.getPet({ path: { petId: 999 } });
    expectError(missing, 404, "not_found", /999/);
    const invalid = await h.send("GET", "/pets/abc", { key: h.key("enterprise") });
    expectError(invalid, 400, "validation_failed", /petId/);
    const anonymous = await h.client({ plan: null }).getPet({ path: { petId: ids.rex } });
    expectError(anonymous, 401, "unauthorized");
    for (const response of [deprecated.response, missing.response, invalid, anonymous.response]) {
      expect(response.headers.get("deprecation")).toBe("@1767225600");
      expect(response.headers.get("sunset")).toBe("Wed, 30 Jun 2027 00:00:00 GMT");
    }

    expectError(await api.getPetById({ path: { petId: 999 } }), 404, "not_found", /999/);
  });

  it("replaces a pet: status kept when omitted, 404 for the pet or the category", async () => {
    const updated = await api.updatePet({
      path: { petId: ids.tom },
      body: { name: "Thomas", categoryId: ids.birds },
    });
    expect(updated.response.status).toBe(200);
    expect(updated.data).toEqual({
      id: ids.tom,
      name: "Thomas",
      categoryId: ids.birds,
      status: "pending",
    });

    const sold = await api.updatePet({
      path: { petId: ids.tom },
      body: { name: "Tom", categoryId: ids.cats, status: "sold" },
    });
    expect(sold.data).toEqual({ id: ids.tom, name: "Tom", categoryId: ids.cats, status: "sold" });

    expectError(
      await api.updatePet({ path: { petId: 999 }, body: { name: "X", categoryId: ids.cats } }),
      404,
      "not_found",
      /pet 999/,
    );
    expectError(
      await api.updatePet({ path: { petId: ids.tom }, body: { name: "X", categoryId: 777 } }),
      404,
      "not_found",
      /category 777/,
    );
    const unchanged = await api.getPetById({ path: { petId: ids.tom } });
    expect(unchanged.data?.name).toBe("Tom");
  });
});

describe("inventory and orders (Store tag)", () => {
  it("setInventoryStock sets an absolute count; available ↔ pending follow the stock, sold stays", async () => {
    const stocked = await api.setInventoryStock({
      path: { petId: ids.rex },
      body: { quantity: 5 },
    });
    expect(stocked.response.status).toBe(200);
    expect(stocked.data).toEqual({ petId: ids.rex, quantity: 5, status: "available" });
    const again = await api.setInventoryStock({ path: { petId: ids.rex }, body: { quantity: 5 } });
    expect(again.data?.quantity).toBe(5); // absolute, not a delta

    const zero = await api.setInventoryStock({ path: { petId: ids.rex }, body: { quantity: 0 } });
    expect(zero.data).toEqual({ petId: ids.rex, quantity: 0, status: "pending" });
    const restocked = await api.setInventoryStock({
      path: { petId: ids.rex },
      body: { quantity: 5 },
    });
    expect(restocked.data).toEqual({ petId: ids.rex, quantity: 5, status: "available" });

    const soldPet = await api.setInventoryStock({
      path: { petId: ids.tom },
      body: { quantity: 3 },
    });
    expect(soldPet.data).toEqual({ petId: ids.tom, quantity: 3, status: "sold" });
    const soldZero = await api.setInventoryStock({
      path: { petId: ids.tom },
      body: { quantity: 0 },
    });
    expect(soldZero.data?.status).toBe("sold");

    expectError(
      await api.setInventoryStock({ path: { petId: 999 }, body: { quantity: 1 } }),
      404,
      "not_found",
      /999/,
    );
    const inventory = await api.getInventory();
    expect(inventory.data).toHaveLength(25);
    expect(inventory.data?.[0]).toEqual({ petId: ids.rex, quantity: 5, status: "available" });
  });

  it("placeOrder: 201 + Location, stock decreases, available → pending at 0, 409 for stock or status, 404", async () => {
    const order = await api.placeOrder({ body: { petId: ids.rex, quantity: 2 } });
    expect(order.response.status).toBe(201);
    expect(order.data).toMatchObject({ id: 1, petId: ids.rex, quantity: 2, complete: false });
    expect(location(order.response)).toBe("/store/orders/1");
    // Expected ship date: two days after the server's clock, 09:00 UTC.
    expect(order.data?.shipDate).toBe("2026-06-03T09:00:00Z");
    ids.order = order.data?.id ?? 0;

    let inventory = await api.getInventory();
    expect(inventory.data?.[0]).toEqual({ petId: ids.rex, quantity: 3, status: "available" });

    expectError(
      await api.placeOrder({ body: { petId: ids.rex, quantity: 4 } }),
      409,
      "conflict",
      /stock/,
    );
    const rest = await api.placeOrder({ body: { petId: ids.rex, quantity: 3 } });
    expect(rest.response.status).toBe(201);
    inventory = await api.getInventory();
    expect(inventory.data?.[0]).toEqual({ petId: ids.rex, quantity: 0, status: "pending" });
    const rex = await api.getPetById({ path: { petId: ids.rex } });
    expect(rex.data?.status).toBe("pending");

    expectError(
      await api.placeOrder({ body: { petId: ids.rex, quantity: 1 } }),
      409,
      "conflict",
      /pending/,
    );
    expectError(
      await api.placeOrder({ body: { petId: ids.tom, quantity: 1 } }),
      409,
      "conflict",
      /sold/,
    );
    expectError(
      await api.placeOrder({ body: { petId: 999, quantity: 1 } }),
      404,
      "not_found",
      /pet 999/,
    );
  });

  it("placeOrder is atomic: concurrent orders never oversell", async () => {
    await api.setInventoryStock({ path: { petId: ids.bella }, body: { quantity: 5 } });
    const bellaStatus = (await api.getPetById({ path: { petId: ids.bella } })).data?.status;
    if (bellaStatus !== "available") {
      await api.updatePet({
        path: { petId: ids.bella },
        body: { name: "Bella", categoryId: ids.dogs, status: "available" },
      });
    }
    const results = await Promise.all(
      Array.from({ length: 12 }, () => api.placeOrder({ body: { petId: ids.bella, quantity: 1 } })),
    );
    const statuses = results.map((result) => result.response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    const entry = (await api.getInventory()).data?.find((item) => item.petId === ids.bella);
    expect(entry).toEqual({ petId: ids.bella, quantity: 0, status: "pending" });
  });

  it("getOrder and listOrders (filters complete/petId, pages, X-Total-Count)", async () => {
    const order = await api.getOrder({ path: { orderId: ids.order } });
    expect(order.response.status).toBe(200);
    expect(order.data).toEqual({
      id: ids.order,
      petId: ids.rex,
      quantity: 2,
      shipDate: "2026-06-03T09:00:00Z",
      complete: false,
    });
    expectError(await api.getOrder({ path: { orderId: 999 } }), 404, "not_found", /999/);

    expect(h.server.state.completeOrder(ids.order).ok).toBe(true); // the fulfilment process ships it

    const all = await api.listOrders();
    expect(totalCount(all.response)).toBe(7);
    expect(all.data?.map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const complete = await api.listOrders({ query: { complete: true } });
    expect(complete.data?.map((item) => item.id)).toEqual([ids.order]);
    const openForRex = await api.listOrders({ query: { complete: false, petId: ids.rex } });
    expect(openForRex.data?.map((item) => item.id)).toEqual([2]);
    const paged = await api.listOrders({ query: { petId: ids.bella, limit: 2, offset: 1 } });
    expect(paged.data?.map((item) => item.id)).toEqual([4, 5]);
    expect(totalCount(paged.response)).toBe(5);
    const none = await api.listOrders({ query: { petId: 999 } });
    expect(none.data).toEqual([]);
  });

  it("cancelOrder: restores the stock (pending → available) and deletes the order; 409 when complete; 404", async () => {
    const cancelled = await api.cancelOrder({ path: { orderId: 2 } });
    expect(cancelled.response.status).toBe(204);
    expect(cancelled.data).toBeUndefined();
    const entry = (await api.getInventory()).data?.[0];
    expect(entry).toEqual({ petId: ids.rex, quantity: 3, status: "available" });
    expectError(await api.getOrder({ path: { orderId: 2 } }), 404, "not_found");
    expectError(await api.cancelOrder({ path: { orderId: 2 } }), 404, "not_found");
    const listed = await api.listOrders({ query: { petId: ids.rex } });
    expect(listed.data?.map((item) => item.id)).toEqual([ids.order]); // cancelled orders are gone

    expectError(
      await api.cancelOrder({ path: { orderId: ids.order } }),
      409,
      "conflict",
      /complete/,
    );
  });

  it("deletePet: 409 while open orders exist, then 204 and its inventory entry goes; completed orders keep petId", async () => {
    // Rex: order 1 complete, no open order now → deletable. Bella has 5 open orders.
    expectError(await api.deletePet({ path: { petId: ids.bella } }), 409, "conflict", /open order/);
    for (const item of (await api.listOrders({ query: { petId: ids.bella } })).data ?? []) {
      expect((await api.cancelOrder({ path: { orderId: item.id ?? 0 } })).response.status).toBe(
        204,
      );
    }
    const bella = await api.deletePet({ path: { petId: ids.bella } });
    expect(bella.response.status).toBe(204);

    const rex = await api.deletePet({ path: { petId: ids.rex } });
    expect(rex.response.status).toBe(204);
    expectError(await api.getPetById({ path: { petId: ids.rex } }), 404, "not_found");
    expectError(await api.deletePet({ path: { petId: ids.rex } }), 404, "not_found");
    const inventory = await api.getInventory();
    expect(inventory.data?.some((item) => item.petId === ids.rex || item.petId === ids.bella)).toBe(
      false,
    );
    expect(inventory.data).toHaveLength(23);
    const kept = await api.getOrder({ path: { orderId: ids.order } });
    expect(kept.data).toMatchObject({ petId: ids.rex, complete: true });
  });

  it("deleteCategory: 409 while a pet uses it, 204 when unused, then 404", async () => {
    expectError(
      await api.deleteCategory({ path: { categoryId: ids.cats } }),
      409,
      "conflict",
      /used by 1 pet/,
    );
    const fish = await api.createCategory({ body: { name: "Fish" } });
    const fishId = fish.data?.id ?? 0;
    expect(fishId).toBe(4);
    expect((await api.deleteCategory({ path: { categoryId: fishId } })).response.status).toBe(204);
    expectError(await api.getCategory({ path: { categoryId: fishId } }), 404, "not_found");
    expectError(await api.deleteCategory({ path: { categoryId: fishId } }), 404, "not_found");
    // Identifiers are never reused.
    const reptiles = await api.createCategory({ body: { name: "Fish" } });
    expect(reptiles.data?.id).toBe(5);
  });
});

type Call = (client: PetStoreClient) => Promise<{ response: Response; error?: unknown }>;

/**
 * One valid typed call of every operation the reference server implements (the `Record` makes the
 * compiler check that none of them is missing). An operation the spec adds later needs no row here:
 * every-operation.test.ts derives a request for each operation of the spec.
 */
function everyOperation(): Record<PetsTagOperation | StoreTagOperation, Call> {
  return {
    listPets: (c) => c.listPets(),
    createPet: (c) => c.createPet({ body: { name: "Max", categoryId: ids.cats } }),
    getPet: (c) => c.getPet({ path: { petId: ids.tom } }),
    updatePet: (c) =>
      c.updatePet({ path: { petId: ids.tom }, body: { name: "Tom", categoryId: ids.cats } }),
    deletePet: (c) => c.deletePet({ path: { petId: 999 } }),
    getPetById: (c) => c.getPetById({ path: { petId: ids.tom } }),
    listCategories: (c) => c.listCategories(),
    createCategory: (c) => c.createCategory({ body: { name: "Horses" } }),
    getCategory: (c) => c.getCategory({ path: { categoryId: ids.cats } }),
    updateCategory: (c) =>
      c.updateCategory({ path: { categoryId: ids.cats }, body: { name: "Cats" } }),
    deleteCategory: (c) => c.deleteCategory({ path: { categoryId: 999 } }),
    listOrders: (c) => c.listOrders(),
    placeOrder: (c) => c.placeOrder({ body: { petId: ids.tom, quantity: 1 } }),
    getOrder: (c) => c.getOrder({ path: { orderId: ids.order } }),
    cancelOrder: (c) => c.cancelOrder({ path: { orderId: 999 } }),
    getInventory: (c) => c.getInventory(),
    setInventoryStock: (c) =>
      c.setInventoryStock({ path: { petId: ids.tom }, body: { quantity: 1 } }),
  };
}

describe("errors every operation can get", () => {
  it("400 validation_failed for every operation with parameters or a body, naming the field", async () => {
    const cases: Array<[string, Call, RegExp]> = [
      ["listPets", (c) => c.listPets({ query: { limit: 0 } }), /limit/],
      ["createPet", (c) => c.createPet({ body: { name: "", categoryId: ids.cats } }), /name/],
      ["getPet", (c) => c.getPet({ path: { petId: 0 } }), /petId/],
      [
        "updatePet",
        (c) => c.updatePet({ path: { petId: ids.tom }, body: { name: " ", categoryId: ids.cats } }),
        /name/,
      ],
      ["deletePet", (c) => c.deletePet({ path: { petId: -1 } }), /petId/],
      ["getPetById", (c) => c.getPetById({ path: { petId: 1.5 } }), /petId/],
      ["listCategories", (c) => c.listCategories({ query: { limit: 101 } }), /limit/],
      ["createCategory", (c) => c.createCategory({ body: { name: "x".repeat(51) } }), /name/],
      ["getCategory", (c) => c.getCategory({ path: { categoryId: 0 } }), /categoryId/],
      [
        "updateCategory",
        (c) =>
          c.updateCategory({
            path: { categoryId: ids.cats },
            body: { name: "Cats", description: "d".repeat(501) },
          }),
        /description/,
      ],
      ["deleteCategory", (c) => c.deleteCategory({ path: { categoryId: 2 ** 53 } }), /categoryId/],
      ["listOrders", (c) => c.listOrders({ query: { offset: -1 } }), /offset/],
      ["placeOrder", (c) => c.placeOrder({ body: { petId: ids.tom, quantity: 1001 } }), /quantity/],
      ["getOrder", (c) => c.getOrder({ path: { orderId: 0 } }), /orderId/],
      ["cancelOrder", (c) => c.cancelOrder({ path: { orderId: 0 } }), /orderId/],
      [
        "setInventoryStock",
        (c) => c.setInventoryStock({ path: { petId: ids.tom }, body: { quantity: 1_000_001 } }),
        /quantity/,
      ],
    ];
    for (const [operationId, call, field] of cases) {
      const result = await call(api);
      expect(h.log.exchanges.at(-1)?.operationId, operationId).toBe(operationId);
      expectError(result, 400, "validation_failed", field);
    }
  });

  it("401 unauthorized for every operation without a key, with an unknown key, and with an empty key", async () => {
    const anonymous = h.client({ plan: null });
    const unknown = h.client({ plan: null, apiKey: "pk_enterprise_not-a-real-key" });
    const empty = h.client({ plan: null, headers: { "x-api-key": "" } });
    for (const [operationId, call] of Object.entries(everyOperation())) {
      for (const client of [anonymous, unknown, empty]) {
        const result = await call(client);
        expect(h.log.exchanges.at(-1)?.operationId, operationId).toBe(operationId);
        expectError(result, 401, "unauthorized");
      }
    }
  });

  it("413 payload_too_large and 415 unsupported_media_type for every operation with a body", async () => {
    const huge = "x".repeat(1_100_000);
    const bodies: Array<
      [
        string,
        (
          c: PetStoreClient,
          headers?: Record<string, string>,
        ) => Promise<{ response: Response; error?: unknown }>,
      ]
    > = [
      [
        "createPet",
        (c, headers) =>
          c.createPet({ body: { name: huge, categoryId: 1 }, ...(headers && { headers }) }),
      ],
      [
        "updatePet",
        (c, headers) =>
          c.updatePet({
            path: { petId: ids.tom },
            body: { name: huge, categoryId: 1 },
            ...(headers && { headers }),
          }),
      ],
      [
        "createCategory",
        (c, headers) => c.createCategory({ body: { name: huge }, ...(headers && { headers }) }),
      ],
      [
        "updateCategory",
        (c, headers) =>
          c.updateCategory({
            path: { categoryId: 1 },
            body: { name: huge },
            ...(headers && { headers }),
          }),
      ],
      [
        "placeOrder",
        (c, headers) =>
          c.placeOrder({
            body: { petId: 1, quantity: 1, ...({ note: huge } as object) },
            ...(headers && { headers }),
          }),
      ],
      [
        "setInventoryStock",
        (c, headers) =>
          c.setInventoryStock({
            path: { petId: 1 },
            body: { quantity: 1, ...({ note: huge } as object) },
            ...(headers && { headers }),
          }),
      ],
    ];
    for (const [operationId, call] of bodies) {
      const tooLarge = await call(api);
      expect(h.log.exchanges.at(-1)?.operationId, operationId).toBe(operationId);
      expectError(tooLarge, 413, "payload_too_large", /1048576/);
    }
    const small: Array<[string, Call]> = [
      [
        "createPet",
        (c) =>
          c.createPet({
            body: { name: "Max", categoryId: 1 },
            headers: { "content-type": "text/plain" },
          }),
      ],
      [
        "updatePet",
        (c) =>
          c.updatePet({
            path: { petId: ids.tom },
            body: { name: "Tom", categoryId: 1 },
            headers: { "content-type": "application/xml" },
          }),
      ],
      [
        "createCategory",
        (c) =>
          c.createCategory({
            body: { name: "Ants" },
            headers: { "content-type": "application/x-www-form-urlencoded" },
          }),
      ],
      [
        "updateCategory",
        (c) =>
          c.updateCategory({
            path: { categoryId: 1 },
            body: { name: "Dogs" },
            headers: { "content-type": "text/json" },
          }),
      ],
      [
        "placeOrder",
        (c) =>
          c.placeOrder({
            body: { petId: 1, quantity: 1 },
            headers: { "content-type": "application/merge-patch+json" },
          }),
      ],
      [
        "setInventoryStock",
        (c) =>
          c.setInventoryStock({
            path: { petId: 1 },
            body: { quantity: 1 },
            headers: { "content-type": "multipart/form-data; boundary=x" },
          }),
      ],
    ];
    for (const [operationId, call] of small) {
      const unsupported = await call(api);
      expect(h.log.exchanges.at(-1)?.operationId, operationId).toBe(operationId);
      expectError(unsupported, 415, "unsupported_media_type");
    }
    // Nothing was created by the refused requests.
    expect((await api.listCategories()).data?.map((category) => category.name)).not.toContain(
      "Ants",
    );
  });

  it("405 method_not_allowed with Allow for a known path and a wrong method; 404 for unknown paths", async () => {
    const key = h.key("enterprise");
    const wrong: Array<[string, string, string]> = [
      ["PATCH", "/pets", "GET, HEAD, POST"],
      ["DELETE", "/pets", "GET, HEAD, POST"],
      ["POST", "/pets/1", "GET, HEAD, PUT, DELETE"],
      ["PUT", "/pets/by-id/1", "GET, HEAD"],
      ["PATCH", "/categories/1", "GET, HEAD, PUT, DELETE"],
      ["PUT", "/store/orders", "GET, HEAD, POST"],
      ["PUT", "/store/orders/1", "GET, HEAD, DELETE"],
      ["POST", "/store/inventory", "GET, HEAD"],
      ["GET", "/store/inventory/1", "PUT"],
    ];
    for (const [method, path, allow] of wrong) {
      const answer = await h.send(method, path, { key });
      expectError(answer, 405, "method_not_allowed");
      expect(answer.headers.get("allow"), `${method} ${path}`).toBe(allow);
      // The independent spec check agrees on the allowed methods.
      const match = contract().match(method, path);
      expect(match.kind === "wrong-method" ? match.allow.join(", ") : match.kind).toBe(allow);
    }
    for (const path of [
      "/",
      "/nope",
      "/pets/",
      "/pets/1/photos",
      "/store",
      "/store/orders/1/items",
      "/PETS",
    ]) {
      const answer = await h.send("GET", path, { key });
      expectError(answer, 404, "not_found");
    }
  });

  it("429 rate_limited on every operation once the key's minute is used up (tiny plan, fake clock)", async () => {
    for (const [operationId, call] of Object.entries(everyOperation())) {
      // getPet's 429 has its own test below (its Deprecation/Sunset headers are missing).
      if (operationId === "getPet") continue;
      // a new client each time: a client holds every call after a 429 (that is its point)
      const tiny = h.client({
        apiKey: "tiny-key-for-429s",
        retry: { maxRetries: 0, maxRetryAfterMs: 0 },
      });
      h.clock = h.clock - (h.clock % MINUTE) + MINUTE + 20_000; // 20 s into a new minute
      const first = await tiny.listCategories();
      expect(first.response.status).toBe(200);
      const limited = await call(tiny);
      expect(h.log.exchanges.at(-1)?.operationId, operationId).toBe(operationId);
      expectError(limited, 429, "rate_limited");
      expect(limited.response.headers.get("retry-after")).toBe("40");
      expect(limited.response.headers.get("x-ratelimit-remaining")).toBe("0");
    }
  });

  it("getPet's 429 carries Deprecation and Sunset like its other responses (spec: declared on getPet's 429)", async () => {
    const tiny = h.client({
      apiKey: "tiny-key-for-429s",
      retry: { maxRetries: 0, maxRetryAfterMs: 0 },
    });
    h.clock = h.clock - (h.clock % MINUTE) + MINUTE;
    expect((await tiny.getPetById({ path: { petId: ids.tom } })).response.status).toBe(200);
    const limited = await tiny.getPet({ path: { petId: ids.tom } });
    expectError(limited, 429, "rate_limited");
    // The independent check (afterEach) reports missing Deprecation/Sunset; state it here too.
    expect({
      deprecation: limited.response.headers.get("deprecation"),
      sunset: limited.response.headers.get("sunset"),
    }).toEqual({ deprecation: "@1767225600", sunset: "Wed, 30 Jun 2027 00:00:00 GMT" });
  });

  it("429 key_banned: 5 more requests before Retry-After elapses ban the key for 900 s", async () => {
    const key = "tiny-key-for-ban";
    // a new client per request: one client never sends while a 429 holds (client-burst.test.ts)
    const tiny = () => h.client({ apiKey: key, retry: { maxRetries: 0, maxRetryAfterMs: 0 } });
    h.clock = h.clock - (h.clock % MINUTE) + MINUTE + 30_000;
    expect((await tiny().getInventory()).response.status).toBe(200);
    const codes: string[] = [];
    for (let i = 0; i < 6; i++) {
      const result = await tiny().getInventory();
      codes.push(
        (result.error as { code?: string } | undefined)?.code ?? String(result.response.status),
      );
    }
    expect(codes).toEqual([
      "rate_limited",
      "rate_limited",
      "rate_limited",
      "rate_limited",
      "rate_limited",
      "key_banned",
    ]);
    const banned = await tiny().listPets();
    expectError(banned, 429, "key_banned");
    expect(banned.response.headers.get("retry-after")).toBe("900");
    expect(banned.response.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(banned.response.headers.get("x-ratelimit-reset")).toBe(
      String(Math.ceil((h.clock + 900_000) / 1000)),
    );
    // Other keys are not affected.
    expect((await api.listPets()).response.status).toBe(200);
  });

  it("501 not_implemented when a deployment switches the experimental setInventoryStock off", async () => {
    const off = await startContractServer({ experimental: false });
    try {
      const client = off.client();
      const category = await client.createCategory({ body: { name: "Dogs" } });
      const pet = await client.createPet({
        body: { name: "Rex", categoryId: category.data?.id ?? 0 },
      });
      const result = await client.setInventoryStock({
        path: { petId: pet.data?.id ?? 0 },
        body: { quantity: 1 },
      });
      expectError(result, 501, "not_implemented", /setInventoryStock/);
      expect(off.log.violations).toEqual([]);
      expect(off.serverErrors).toEqual([]);
    } finally {
      await off.close();
    }
  });
});

/**
 * Statuses that need their own server set-up, covered on every operation that declares them in
 * another file: 410 after the sunset (sunset.test.ts, injectable clock), 422 and the in-progress
 * 409 of `Idempotency-Key` (idempotency.test.ts), 503 with a store that is down.
 */
const COVERED_ELSEWHERE: Readonly<Record<number, string>> = {
  410: "sunset.test.ts",
  422: "idempotency.test.ts",
  503: "store-down.test.ts",
};

describe("transport-level refusals (raw TCP)", () => {
  it("every operation answers 400 (no Host), 414 (long target) and 431 (long headers) as the spec declares", async () => {
    const port = Number(new URL(h.baseUrl).port);
    const key = h.key("enterprise");
    for (const operation of contract().operations) {
      const path = operation.path.replace(/\{[^}]+\}/g, "1");
      const refusals: Array<[number, string]> = [
        [400, `${operation.method} ${path} HTTP/1.1\r\nX-API-Key: ${key}\r\n\r\n`],
        [
          414,
          `${operation.method} ${path}?pad=${"a".repeat(9_000)} HTTP/1.1\r\nHost: a\r\nX-API-Key: ${key}\r\n\r\n`,
        ],
        [
          431,
          `${operation.method} ${path} HTTP/1.1\r\nHost: a\r\nX-API-Key: ${key}\r\nX-Pad: ${"b".repeat(20_000)}\r\n\r\n`,
        ],
      ];
      for (const [status, request] of refusals) {
        const reply = await rawRequest(port, request);
        const url = `${h.baseUrl}${path}`;
        const result = contract().check({
          method: operation.method,
          url,
          status: reply.status,
          headers: reply.headers,
          bodyText: reply.bodyText,
        });
        h.log.exchanges.push({
          ...result,
          method: operation.method,
          url,
          headers: reply.headers,
          bodyText: reply.bodyText,
        });
        expect(reply.status, `${operation.operationId} ${status}: ${reply.bodyText}`).toBe(status);
        expect(reply.headers.get("x-ratelimit-remaining"), operation.operationId).toMatch(/^\d+$/);
        if (operation.deprecated)
          expect(reply.headers.get("sunset"), operation.operationId).not.toBeNull();
      }
    }
  });
});

describe("coverage", () => {
  it("every operation was called and answered every status the spec declares for it (500 aside)", () => {
    const seen = h.log.statusesSeen();
    const missing: string[] = [];
    for (const operation of contract().operations) {
      for (const status of contract().declaredStatuses(operation.operationId)) {
        if (status === 500) continue; // only a broken implementation answers 500
        if (COVERED_ELSEWHERE[status] !== undefined) continue;
        if (operation.operationId === "createPet" && status === 409) continue; // idempotency only
        if (!seen.get(operation.operationId)?.has(status))
          missing.push(`${operation.operationId} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("the server reported no error (no 500, no contract violation caught by response validation)", () => {
    expect(h.serverErrors).toEqual([]);
    expect(h.log.exchanges.filter((exchange) => exchange.status >= 500)).toEqual([]);
  });
});
