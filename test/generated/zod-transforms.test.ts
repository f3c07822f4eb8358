/**
 * The pet store's Zod codecs (`petstore-api/zod`: `OrderCodec(options)`, `operationCodecs`): with
 * `{ dates: true, int64: "bigint" }` they parse the wire form into the types the transformed
 * client has (`shipDate: Date`, ids `bigint`) and encode back to the wire form; a value that breaks
 * the schema fails with the wire schema's message; the wire schemas (`OrderSchema`) are unchanged.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { createPetStoreClient } from "../../generated/client.js";
import {
  NewOrderCodec,
  NewOrderSchema,
  OrderCodec,
  OrderSchema,
  OrdersCodec,
  PetCodec,
  operationCodecs,
  OPERATION_SCHEMAS,
} from "../../generated/entry/zod.js";

const ON = { dates: true, int64: "bigint" } as const;
const WIRE = { id: 10, petId: 1, quantity: 2, shipDate: "2026-03-04T05:06:07Z", complete: false };

describe("Zod codecs of the pet store, transforms on", () => {
  const order = OrderCodec(ON);

  it("parse an order's wire form into a Date and bigints, and encode it back", () => {
    const parsed = order.parse(WIRE);
    expect(parsed).toEqual({
      id: 10n,
      petId: 1n,
      quantity: 2,
      shipDate: new Date("2026-03-04T05:06:07Z"),
      complete: false,
    });
    expect(parsed.shipDate).toBeInstanceOf(Date);
    // ISO 8601 as the client writes it (toISOString: milliseconds, UTC)
    expect(order.encode(parsed)).toEqual({ ...WIRE, shipDate: "2026-03-04T05:06:07.000Z" });
    expect(order.parse(order.encode(parsed))).toEqual(parsed);
    // the caller's value is not changed
    expect(WIRE.shipDate).toBe("2026-03-04T05:06:07Z");
  });

  it("decode nested in arrays (Orders, Pets)", () => {
    const orders = OrdersCodec(ON).parse([WIRE, { id: 11 }]);
    expect(orders.map((item) => item.id)).toEqual([10n, 11n]);
    expect(orders[0]?.shipDate).toEqual(new Date("2026-03-04T05:06:07Z"));
    const pets = PetCodec(ON).parse({ id: 3, name: "Rex", categoryId: 2, status: "available" });
    expect(pets).toEqual({ id: 3n, name: "Rex", categoryId: 2n, status: "available" });
  });

  it("fail with the wire schema's message, on parse and on encode", () => {
    const wrong = { ...WIRE, shipDate: "yesterday" };
    const byWire = OrderSchema.safeParse(wrong);
    const byCodec = order.safeParse(wrong);
    expect(byCodec.success).toBe(false);
    expect(byCodec.error?.issues).toEqual(byWire.error?.issues);
    expect(byCodec.error?.issues[0]).toMatchObject({
      path: ["shipDate"],
      message: 'must match format "date-time"',
    });
    const missing = NewOrderCodec(ON).safeParse({ quantity: 1 });
    expect(missing.error?.issues).toEqual(NewOrderSchema.safeParse({ quantity: 1 }).error?.issues);
    expect(missing.error?.issues[0]?.path).toEqual(["petId"]);
    // encode checks the wire form it writes: an id below the minimum fails as it would on the wire
    const encoded = NewOrderCodec(ON).safeEncode({ petId: 0n, quantity: 1 });
    expect(encoded.error?.issues[0]?.path).toEqual(["petId"]);
    // an unknown property the wire schema keeps must be data the codec can copy
    const withFunction = order.safeParse({ ...WIRE, extra: () => 1 });
    expect(withFunction.error?.issues[0]?.message).toMatch(/^must be JSON data/);
    // an invalid Date is written as null, which the wire schema refuses
    expect(order.safeEncode({ shipDate: new Date("nonsense") }).success).toBe(false);
  });

  it("refuse to encode a bigint a JSON number cannot hold", () => {
    const result = order.safeEncode({ id: 9007199254740993n });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["id"]);
    expect(result.error?.issues[0]?.message).toMatch(
      /^9007199254740993 cannot be a JSON number value exactly \(it would be read as 9007199254740992\)/,
    );
  });

  it("give operation inputs as codecs: body and parameters", () => {
    const placeOrder = operationCodecs("placeOrder", ON);
    expect(placeOrder.body.parse({ petId: 1, quantity: 2 })).toEqual({ petId: 1n, quantity: 2 });
    const getOrder = operationCodecs("getOrder", ON);
    expect(getOrder.params.parse({ path: { orderId: 7 } })).toEqual({ path: { orderId: 7n } });
    expect(getOrder.params.encode({ path: { orderId: 7n } })).toEqual({ path: { orderId: 7 } });
    const listPets = operationCodecs("listPets", ON);
    expect(listPets.params.parse({ query: { categoryId: 2, limit: 5 } })).toEqual({
      query: { categoryId: 2n, limit: 5 },
    });
    // an operation input without a plan stays the wire schema
    expect(operationCodecs("createCategory", ON).body).toBe(OPERATION_SCHEMAS.createCategory.body);
  });

  it("type their output as the transformed client's types", () => {
    type Out = z.output<ReturnType<typeof OrderCodec<typeof ON>>>;
    expectTypeOf<Out["shipDate"]>().toEqualTypeOf<Date | undefined>();
    expectTypeOf<Out["id"]>().toEqualTypeOf<bigint | undefined>();
    expectTypeOf<Out["quantity"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<z.input<ReturnType<typeof OrderCodec<typeof ON>>>["shipDate"]>().toEqualTypeOf<
      string | undefined
    >();
    const placeOrder = operationCodecs("placeOrder", ON);
    expectTypeOf<z.output<typeof placeOrder.body>["petId"]>().toEqualTypeOf<bigint>();
    const getOrder = operationCodecs("getOrder", ON);
    expectTypeOf<z.output<typeof getOrder.params>["path"]["orderId"]>().toEqualTypeOf<bigint>();
    // what the codec gives is what the transformed client takes
    const api = createPetStoreClient({ baseUrl: "http://127.0.0.1:1", transforms: ON });
    const send = (form: unknown) => api.placeOrder({ body: placeOrder.body.parse(form) });
    expectTypeOf(send).toBeFunction();
    // @ts-expect-error: a wire value (petId: number) is not what the transformed client takes
    const wrong = () => api.placeOrder({ body: NewOrderSchema.parse({}) });
    expectTypeOf(wrong).toBeFunction();
    // @ts-expect-error: encode takes the decoded form (a bigint id)
    const wireToEncode = () => order.encode({ id: 10 });
    expectTypeOf(wireToEncode).toBeFunction();
    // what the transformed client reads can be encoded back (a form filled from an order)
    const edit = async () => {
      const result = await api.getOrder({ path: { orderId: 10n } });
      if (result.ok) return order.encode(result.data);
      return undefined;
    };
    expectTypeOf(edit).toBeFunction();
    // options off: the wire types
    type Off = z.output<ReturnType<typeof OrderCodec<{ dates: false }>>>;
    expectTypeOf<Off["shipDate"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Off["id"]>().toEqualTypeOf<number | undefined>();
  });

  it("are Standard Schema validators giving the decoded value (Hono, TanStack Form)", async () => {
    const result = await order["~standard"].validate(WIRE);
    expect(result).toEqual({
      value: { ...WIRE, id: 10n, petId: 1n, shipDate: new Date("2026-03-04T05:06:07Z") },
    });
    const failed = await order["~standard"].validate({ ...WIRE, quantity: 0 });
    expect("issues" in failed && failed.issues?.[0]?.path).toEqual(["quantity"]);
  });

  it("decode only what the options turn on", () => {
    const datesOnly = OrderCodec({ dates: true }).parse(WIRE);
    expect(datesOnly.shipDate).toBeInstanceOf(Date);
    expect(datesOnly.id).toBe(10);
    expectTypeOf(datesOnly.id).toEqualTypeOf<number | undefined>();
    const int64Only = OrderCodec({ int64: "bigint" }).parse(WIRE);
    expect(int64Only).toEqual({ ...WIRE, id: 10n, petId: 1n });
  });
});

describe("the wire schemas, unchanged", () => {
  it("still give strings and numbers", () => {
    const parsed = OrderSchema.parse(WIRE);
    expect(parsed).toEqual(WIRE);
    expectTypeOf(parsed.shipDate).toEqualTypeOf<string | undefined>();
    expectTypeOf(parsed.id).toEqualTypeOf<number | undefined>();
    expect(OPERATION_SCHEMAS.placeOrder.body).toBe(NewOrderSchema);
  });
});
