/**
 * application/x-www-form-urlencoded bodies: coerced by the schema (booleans, numbers, arrays,
 * deepObject nesting as Stripe writes it, the media type's encoding style/explode) and validated.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFixture, type GeneratedFixture } from "./serve-fixture.js";

let fixture: GeneratedFixture;
let server: { baseUrl: string; close(): Promise<void> };
beforeAll(async () => {
  fixture = await generateFixture("form-bodies.yaml");
  server = await fixture.serve(
    {
      postCustomers: (request: { body: unknown }) => ({
        status: 200,
        body: { received: request.body },
      }),
    },
    { validateResponses: true },
  );
}, 120_000);
afterAll(async () => {
  await server?.close();
  fixture?.remove();
});

/** The spec declares no error response: errors are RFC 9457 problem details (`detail`). */
async function post(
  form: string,
): Promise<{ status: number; body: { received?: unknown; detail?: string } }> {
  const response = await fetch(`${server.baseUrl}/v1/customers`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as { received?: unknown; detail?: string },
  };
}

describe("form bodies", () => {
  it("coerce scalars, arrays and nested objects by the schema", async () => {
    const form = [
      "name=Ada+L",
      "Flag=false",
      "Count=3",
      "amount=-2.5",
      "code=007",
      "tags=a",
      "ids=1,2,3",
      "pipes=x|y",
      "expand[]=customer",
      "expand[]=invoice.lines",
      "metadata[order_id]=6735",
      "metadata[note]=true",
      "address[line1]=1+Main+St",
      "address[geo][lat]=51.5",
      "address[geo][verified]=true",
      "items[0][price]=price_1",
      "items[0][quantity]=2",
      "items[1][price]=price_2",
      "discount=",
    ].join("&");
    expect(await post(form)).toEqual({
      status: 200,
      body: {
        received: {
          name: "Ada L",
          Flag: false,
          Count: 3,
          amount: -2.5,
          code: "007",
          tags: ["a"],
          ids: [1, 2, 3],
          pipes: ["x", "y"],
          expand: ["customer", "invoice.lines"],
          metadata: { order_id: "6735", note: "true" },
          address: { line1: "1 Main St", geo: { lat: 51.5, verified: true } },
          items: [{ price: "price_1", quantity: 2 }, { price: "price_2" }],
          discount: "",
        },
      },
    });
    expect((await post("Count=1&tags=a&tags=b&discount=5")).body.received).toEqual({
      Count: 1,
      tags: ["a", "b"],
      discount: 5,
    });
    expect((await post("Count=1&metadata=")).body.received).toEqual({ Count: 1, metadata: "" });
  });

  it("read numbers with an exponent, and nested objects inside anyOf", async () => {
    expect(
      (await post("Count=1e%2B2&amount=-2.5E-3&dimensions[height]=1e-7&dimensions[weight]=2")).body
        .received,
    ).toEqual({
      Count: 100,
      amount: -0.0025,
      dimensions: { height: 1e-7, weight: 2 },
    });
    expect((await post("Count=1&dimensions=")).body.received).toEqual({ Count: 1, dimensions: "" });
  });

  it("read arrays of objects in bracket form, coercing their nested objects (Stripe's line_items)", async () => {
    const form =
      "Count=1&items[0][price]=p1&items[0][quantity]=2&items[0][adjustable][enabled]=true&items[0][adjustable][maximum]=1e2&items[1][price]=p2";
    expect((await post(form)).body.received).toEqual({
      Count: 1,
      items: [
        { price: "p1", quantity: 2, adjustable: { enabled: true, maximum: 100 } },
        { price: "p2" },
      ],
    });
  });

  it("collect repeated keys of a field that takes an array or text, and keep one allowed text value as text", async () => {
    expect((await post("Count=1&rates=a&rates=b&aliases=x&aliases=y")).body.received).toEqual({
      Count: 1,
      rates: ["a", "b"],
      aliases: ["x", "y"],
    });
    // "a" is not a value the text alternative takes (enum [""]): an array of one
    expect((await post("Count=1&rates=a&aliases=x")).body.received).toEqual({
      Count: 1,
      rates: ["a"],
      aliases: "x",
    });
    expect((await post("Count=1&rates=")).body.received).toEqual({ Count: 1, rates: "" });
  });

  it("read a field by every branch of a union: nested fields of each, one value or a list, listed values without a type", async () => {
    const form =
      "Count=1&mandate[acceptance][accepted_at]=6196854279781013&mandate[acceptance][type]=online&mandate[acceptance][online]=true";
    expect((await post(form)).body.received).toEqual({
      Count: 1,
      mandate: { acceptance: { accepted_at: 6196854279781013, type: "online", online: true } },
    });
    expect((await post("Count=1&pages=3")).body.received).toEqual({ Count: 1, pages: 3 });
    expect((await post("Count=1&pages=3&pages=4")).body.received).toEqual({
      Count: 1,
      pages: [3, 4],
    });
    expect((await post("Count=1&mode=true")).body.received).toEqual({ Count: 1, mode: true });
    expect((await post("Count=1&mode=auto")).body.received).toEqual({ Count: 1, mode: "auto" });
  });

  it("keep the text of a field of no type: it may be anything, text is what was sent", async () => {
    expect((await post("Count=1&note=false")).body.received).toEqual({ Count: 1, note: "false" });
    expect((await post("Count=1&note=-3")).body.received).toEqual({ Count: 1, note: "-3" });
  });

  it("answer 400 naming the field when a value breaks the schema", async () => {
    const cases: [string, RegExp][] = [
      ["Count=abc", /body\.Count must be integer/],
      ["Flag=true", /body must have required property 'Count'/],
      ["Count=1&Flag=yes", /body\.Flag must be boolean/],
      ["Count=1.5", /body\.Count must be integer/],
      ["Count=1.0", /body\.Count must be integer/],
      ["Count=1.5e-3", /body\.Count must be integer/],
      ["Count=1&amount=1e", /body\.amount must be number/],
      ["Count=0x10", /body\.Count must be integer/],
      ["Count=-1", /body\.Count must be >= 0/],
      ["Count=1&ids=1,x", /body\.ids\/1|body\.ids\[1\] must be integer/],
      ["Count=1&items[0][quantity]=2", /price/],
      ["Count=1&unknown=1", /body has unknown property .unknown./],
      ["Count=1&name=a&name=b", /body\.name was given more than once/],
      ["Count=1&items[3][price]=p", /body\.items\[3\] is not the next index/],
      ["Count=1&address[__proto__][x]=1", /body\.address\.__proto__ is a forbidden key/],
      ["Count=1&metadata[constructor]=x", /forbidden key/],
    ];
    for (const [form, message] of cases) {
      const answer = await post(form);
      expect(answer.status, form).toBe(400);
      expect(answer.body.detail, form).toMatch(message);
    }
  });
});
