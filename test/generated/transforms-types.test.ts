/**
 * The types the option `transforms` gives the generated client and server of the pet store: with
 * `{ dates: true, int64: "bigint" }` the `format: date-time` fields are `Date` and the
 * `format: int64` fields `bigint` (bodies, parameters, results, handler requests and answers);
 * every other field, and every type without the option, stays as it was. Each `@ts-expect-error`
 * fails the type check if its line ever starts compiling.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import { createPetStoreClient, type PetStoreClient } from "../../generated/client.js";
import { createPetStoreStubs, createRequestHandler } from "../../generated/server.js";
import type { components } from "../../generated/types.js";

type Order = components["schemas"]["Order"];
const ON = { dates: true, int64: "bigint" } as const;
const base = { baseUrl: "http://127.0.0.1:1", fetch: async () => new Response(null) };

describe("client types with transforms", () => {
  const api = createPetStoreClient({ ...base, transforms: ON });

  it("types date-time fields as Date and int64 fields as bigint, in results", () => {
    const read = async () => {
      const result = await api.getOrder({ path: { orderId: 9007199254740993n } });
      if (result.ok) {
        expectTypeOf(result.data.shipDate).toEqualTypeOf<Date | undefined>();
        expectTypeOf(result.data.id).toEqualTypeOf<bigint | undefined>();
        expectTypeOf(result.data.quantity).toEqualTypeOf<number | undefined>();
        expectTypeOf(result.data.complete).toEqualTypeOf<boolean | undefined>();
      }
      const pets = await api.listPets({ query: { categoryId: 1n } });
      if (pets.ok) {
        expectTypeOf(pets.data[0]!.id).toEqualTypeOf<bigint>();
        expectTypeOf(pets.data[0]!.name).toEqualTypeOf<string>();
      }
      for await (const pet of api.listPets.items())
        expectTypeOf(pet.categoryId).toEqualTypeOf<bigint>();
    };
    expectTypeOf(read).toBeFunction();
  });

  it("types request bodies and parameters the same way", () => {
    const send = async () => {
      await api.placeOrder({ body: { petId: 1n, quantity: 2 } });
      // @ts-expect-error an int64 is a bigint with the option
      await api.placeOrder({ body: { petId: 1, quantity: 2 } });
      // @ts-expect-error an int64 path parameter too
      await api.getOrder({ path: { orderId: 1 } });
    };
    expectTypeOf(send).toBeFunction();
  });

  it("changes the affected operations, and nothing without the option", () => {
    expectTypeOf(api.getInventory).not.toEqualTypeOf<PetStoreClient["getInventory"]>();
    const plain = createPetStoreClient(base);
    expectTypeOf(plain).toEqualTypeOf<PetStoreClient>();
    const read = async () => {
      const result = await plain.getOrder({ path: { orderId: 1 } });
      if (result.ok) expectTypeOf(result.data).toEqualTypeOf<Order>();
    };
    expectTypeOf(read).toBeFunction();
  });

  it("types dates only when only dates are asked for", () => {
    const dates = createPetStoreClient({ ...base, transforms: { dates: true } });
    const read = async () => {
      const result = await dates.getOrder({ path: { orderId: 1 } });
      if (result.ok) {
        expectTypeOf(result.data.shipDate).toEqualTypeOf<Date | undefined>();
        expectTypeOf(result.data.id).toEqualTypeOf<number | undefined>();
      }
    };
    expectTypeOf(read).toBeFunction();
  });
});

describe("server types with transforms", () => {
  it("hands handlers Date and bigint values and takes them in answers", () => {
    const handler = createRequestHandler(
      {
        ...createPetStoreStubs(),
        getOrder: (request) => {
          expectTypeOf(request.path.orderId).toEqualTypeOf<bigint>();
          return {
            status: 200,
            body: { id: request.path.orderId, petId: 1n, shipDate: new Date(0), complete: false },
          };
        },
        placeOrder: (request) => {
          expectTypeOf(request.body.petId).toEqualTypeOf<bigint>();
          return {
            status: 201,
            body: { id: 1n, petId: request.body.petId, quantity: 1 },
            headers: { Location: "/store/orders/1" },
          };
        },
      },
      { transforms: ON },
    );
    expect(typeof handler).toBe("function");
  });

  it("keeps the plain types without the option", () => {
    const handler = createRequestHandler({
      ...createPetStoreStubs(),
      getOrder: (request) => {
        expectTypeOf(request.path.orderId).toEqualTypeOf<number>();
        return {
          status: 200,
          body: { id: request.path.orderId, shipDate: "2026-01-01T00:00:00Z" },
        };
      },
    });
    expect(typeof handler).toBe("function");
  });
});
