/**
 * Parameters and parts real documents write (test/fixtures/runtime-specs/optional-lists.yaml),
 * sent by the generated client and by hand over real HTTP: FastAPI's optional list
 * (`anyOf: [array, null]`), a number-or-list with `explode: false`, and a multipart string part
 * whose `encoding.contentType` is JSON; an array of arrays, warned about at generate time; a
 * `deepObject` list or value (Stripe's `discounts`: `anyOf: [array of objects, enum [""]]`),
 * whose indexed names are the list, while an object with digit property names stays an object.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFixture, recordingClient, type GeneratedFixture } from "./serve-fixture.js";

type Call = (init?: Record<string, unknown>) => Promise<{ status: number; data: unknown }>;

let fixture: GeneratedFixture;
let server: { baseUrl: string; close(): Promise<void> };
const sent: Request[] = [];
let client: Record<string, Call>;

beforeAll(async () => {
  fixture = await generateFixture("optional-lists.yaml");
  const echo = (request: { query: unknown; body: unknown }) => ({
    status: 200,
    body: { query: request.query, body: request.body },
  });
  server = await fixture.serve(
    { listItems: echo, upload: echo, getGrid: echo, previewInvoice: echo },
    { validateResponses: true },
  );
  client = await recordingClient<Call>(fixture, server.baseUrl, sent);
}, 120_000);
afterAll(async () => {
  await server?.close();
  fixture?.remove();
});

async function query(search: string, path = "/items"): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.baseUrl}${path}?${search}`);
  const body = (await response.json()) as { query?: unknown; detail?: unknown };
  return { status: response.status, body: response.ok ? body.query : body.detail };
}

async function upload(part: string | Blob): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  form.append("meta", part);
  const response = await fetch(`${server.baseUrl}/uploads`, { method: "POST", body: form });
  const body = (await response.json()) as { body?: unknown; detail?: unknown };
  return { status: response.status, body: response.ok ? body.body : body.detail };
}

describe("FastAPI's optional list: anyOf [array, null]", () => {
  it("takes one or several values, of strings and of integers", async () => {
    expect(await query("tags=a&tags=b")).toEqual({ status: 200, body: { tags: ["a", "b"] } });
    expect(await query("tags=a")).toEqual({ status: 200, body: { tags: ["a"] } });
    expect(await query("sizes=1&sizes=2")).toEqual({ status: 200, body: { sizes: [1, 2] } });
    expect(await query("sizes=1&sizes=x")).toMatchObject({ status: 400 });
    expect(await query("")).toEqual({ status: 200, body: {} });
  });

  it("round-trips through the generated client", async () => {
    const result = await client.listItems!({ query: { tags: ["a", "b"], sizes: [3] } });
    expect(result).toMatchObject({
      status: 200,
      data: { query: { tags: ["a", "b"], sizes: [3] } },
    });
    expect(new URL(sent.at(-1)!.url).search).toBe("?tags=a&tags=b&sizes=3");
  });
});

describe("a number or a list of numbers with explode: false", () => {
  it("reads a comma list as the list and one value as the number", async () => {
    expect(await query("ids=1,2.5")).toEqual({ status: 200, body: { ids: [1, 2.5] } });
    expect(await query("ids=3")).toEqual({ status: 200, body: { ids: 3 } });
    expect(await query("ids=1,x")).toMatchObject({ status: 400 });
    // exploded, the same union still reads one value as the number
    expect(await query("ids2=3")).toEqual({ status: 200, body: { ids2: 3 } });
    expect(await query("ids2=3&ids2=4")).toEqual({ status: 200, body: { ids2: [3, 4] } });
  });

  it("round-trips a list and a number through the generated client", async () => {
    expect(await client.listItems!({ query: { ids: [1, 2] } })).toMatchObject({
      data: { query: { ids: [1, 2] } },
    });
    expect(new URL(sent.at(-1)!.url).search).toBe("?ids=1,2");
    expect(await client.listItems!({ query: { ids: 4 } })).toMatchObject({
      data: { query: { ids: 4 } },
    });
  });
});

describe("a multipart string part whose encoding says JSON", () => {
  it("takes a plain text field as the text, and a JSON part as its JSON string", async () => {
    expect(await upload("hello")).toEqual({ status: 200, body: { meta: "hello" } });
    expect(await upload('"quoted"')).toEqual({ status: 200, body: { meta: '"quoted"' } });
    const json = (text: string) => new Blob([text], { type: "application/json" });
    expect(await upload(json('"text"'))).toEqual({ status: 200, body: { meta: "text" } });
    expect(await upload(json('{"a":1}'))).toEqual({ status: 200, body: { meta: '{"a":1}' } });
  });

  it("round-trips through the generated client", async () => {
    const result = await client.upload!({ body: { meta: "hi", note: "n" } });
    expect(result).toMatchObject({ status: 200, data: { body: { meta: "hi", note: "n" } } });
  });
});

describe("a query parameter declared as an array of arrays", () => {
  it("is warned about at generate time, naming the operation and the parameter", () => {
    const warnings = fixture.rendered.warnings.filter((w) => w.startsWith("parameters:"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(
      "get_grid (GET /grid) declares the query parameter cells as an array of arrays, which no OpenAPI style serializes",
    );
  });

  it("round-trips between the generated client and server as JSON items", async () => {
    const result = await client.getGrid!({ query: { cells: [[1, 2], [3]] } });
    expect(result).toMatchObject({ status: 200, data: { query: { cells: [[1, 2], [3]] } } });
    expect(decodeURIComponent(new URL(sent.at(-1)!.url).search)).toBe("?cells=[1,2]&cells=[3]");
    expect(await query("cells=[1]&cells=[2,3]", "/grid")).toEqual({
      status: 200,
      body: { cells: [[1], [2, 3]] },
    });
    expect(await query('cells=[1,"x"]', "/grid")).toMatchObject({ status: 400 });
    expect(await query("cells=x", "/grid")).toMatchObject({ status: 400 });
  });
});

/** Stripe's GetInvoicesUpcoming: `deepObject` lists or values. */
const INVOICES = "/invoices/upcoming";

describe("deepObject: anyOf [array of objects, enum ['']]", () => {
  it("round-trips a list of objects through the generated client, with indexed names", async () => {
    const discounts = [{ coupon: "SPRING" }, { discount: "di_1", coupon: "X" }];
    const result = await client.previewInvoice!({ query: { discounts } });
    expect(result).toMatchObject({ status: 200, data: { query: { discounts } } });
    expect(decodeURIComponent(new URL(sent.at(-1)!.url).search)).toBe(
      "?discounts[0][coupon]=SPRING&discounts[1][discount]=di_1&discounts[1][coupon]=X",
    );
  });

  it("round-trips the empty string that clears the list", async () => {
    const result = await client.previewInvoice!({ query: { discounts: "" } });
    expect(result).toMatchObject({ status: 200, data: { query: { discounts: "" } } });
    expect(new URL(sent.at(-1)!.url).search).toBe("?discounts=");
  });

  it("reads [] names as the next item, and refuses other values", async () => {
    expect(await query("discounts[][coupon]=A&discounts[][coupon]=B", INVOICES)).toEqual({
      status: 200,
      body: { discounts: [{ coupon: "A" }, { coupon: "B" }] },
    });
    const mixed = await query("discounts[0][coupon]=A&discounts[name]=B", INVOICES);
    expect(mixed).toEqual({
      status: 400,
      body: "query.discounts has discounts[name], which is not the next index",
    });
    expect(await query("discounts[0][coupon]=A&discounts=", INVOICES)).toEqual({
      status: 400,
      body: "query.discounts is given both as a value and with fields",
    });
    expect((await query("discounts=some", INVOICES)).status).toBe(400);
    expect((await query(`discounts[0][coupon]=${"x".repeat(5001)}`, INVOICES)).status).toBe(400);
  });
});

describe("deepObject: anyOf [array of strings, enum ['']]", () => {
  it("round-trips lists of one and of several items, and the empty string", async () => {
    for (const tax_rates of [["txr_1", "txr_2"], ["txr_1"], ""]) {
      const result = await client.previewInvoice!({ query: { tax_rates } });
      expect(result).toMatchObject({ status: 200, data: { query: { tax_rates } } });
    }
    expect(await query("tax_rates[0]=a&tax_rates[1]=b", INVOICES)).toEqual({
      status: 200,
      body: { tax_rates: ["a", "b"] },
    });
  });
});

describe("deepObject: an object with digit property names", () => {
  it("stays an object (only a schema that is also a list reads indexes as items)", async () => {
    const metadata = { "0": "zero", "1": "one" };
    const result = await client.previewInvoice!({ query: { metadata } });
    expect(result).toMatchObject({ status: 200, data: { query: { metadata } } });
    expect(await query("metadata[0]=a", INVOICES)).toEqual({
      status: 200,
      body: { metadata: { "0": "a" } },
    });
  });
});
