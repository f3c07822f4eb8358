/**
 * The mocks with the option `transforms` (msw/node): `mocks.body()` gives the mocked data as the
 * client with the same option reads it, and an override body holding a `bigint` past 2^53 and a
 * `Date` reaches that client with every digit; without the option, nothing changes.
 */
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPetStoreClient } from "../../generated/entry/client.js";
import { MOCK_OPERATIONS, createPetStoreMocks } from "../../generated/entry/mocks.js";

const BASE_URL = "http://petstore-transforms.mock.test/v1";
const ON = { dates: true, int64: "bigint" } as const;
const mocks = createPetStoreMocks({ baseUrl: BASE_URL, transforms: ON });
const plainMocks = createPetStoreMocks({ baseUrl: BASE_URL });
const server = setupServer(...mocks.handlers);

describe("mocks with transforms", () => {
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  it("gives the mocked data in transformed form, and as JSON without the option", () => {
    const order = mocks.body("getOrder") as Record<string, unknown>;
    expect(order.shipDate).toBeInstanceOf(Date);
    expect(typeof order.id).toBe("bigint");
    const wire = plainMocks.body("getOrder") as { id: number; petId: number; shipDate: string };
    expect(wire).toEqual(MOCK_OPERATIONS.getOrder.responses[200].json);
    expect(order).toEqual({
      ...wire,
      id: BigInt(wire.id),
      petId: BigInt(wire.petId),
      shipDate: new Date(wire.shipDate),
    });
  });

  it("sends override bodies with bigints and Dates to a client with the same option", async () => {
    const shipDate = new Date("2026-05-06T07:08:09.000Z");
    const body = { id: 9007199254740993n, petId: 1n, quantity: 1, shipDate, complete: false };
    server.use(mocks.mock.getOrder(200, body as never));
    const api = createPetStoreClient({ baseUrl: BASE_URL, apiKey: "any", transforms: ON });
    const result = await api.getOrder({ path: { orderId: 9007199254740993n } });
    if (!result.ok) throw new Error(`status ${result.status}`);
    expect(result.data).toEqual(body);
    expect(result.data.id).toBe(9007199254740993n);
  });
});
