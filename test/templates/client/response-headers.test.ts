/**
 * Declared response headers on the result: parsed per their schema kind, picked by status (exact,
 * range, default), lazily (only when `headers` is read), and the generated descriptors against the
 * reference server's real responses.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATIONS } from "../../../generated/client.js";
import {
  RuntimeResult,
  parseHeaderValue,
  pickResponse,
  parseResponseHeaders,
  type ClientOperationDescriptor,
  type HeaderKind,
} from "../../../templates/client/index.js";
import { startContractServer, type ContractServer } from "../../contract/harness.js";

const cases: ReadonlyArray<[string, { value: string; kind: HeaderKind; want: unknown }]> = [
  ["integer", { value: "42", kind: "integer", want: 42 }],
  ["negative integer", { value: "-7", kind: "integer", want: -7 }],
  ["integer with a fraction", { value: "4.2", kind: "integer", want: undefined }],
  ["hex is not an integer", { value: "0x10", kind: "integer", want: undefined }],
  ["leading zero", { value: "042", kind: "integer", want: 42 }],
  ["integer with an exponent", { value: "1e3", kind: "integer", want: 1000 }],
  ["integer past 2^53", { value: "9007199254740993", kind: "integer", want: undefined }],
  ["empty integer", { value: "", kind: "integer", want: undefined }],
  ["number", { value: "4.25", kind: "number", want: 4.25 }],
  ["number with exponent", { value: "1e3", kind: "number", want: 1000 }],
  ["not a number", { value: "NaN", kind: "number", want: undefined }],
  ["boolean true", { value: "true", kind: "boolean", want: true }],
  ["boolean false", { value: "false", kind: "boolean", want: false }],
  ["boolean, other case", { value: "TRUE", kind: "boolean", want: undefined }],
  ["string as is", { value: "</pets/3>", kind: "string", want: "</pets/3>" }],
  ["string array", { value: "a, b ,c", kind: "string[]", want: ["a", "b", "c"] }],
  ["integer array", { value: "1,2, 3", kind: "integer[]", want: [1, 2, 3] }],
  ["integer array with a bad item", { value: "1,x", kind: "integer[]", want: undefined }],
  ["empty array", { value: "", kind: "integer[]", want: [] }],
];

describe("parseHeaderValue", () => {
  it.each(cases)("%s", (_name, { value, kind, want }) => {
    expect(parseHeaderValue(value, kind)).toEqual(want);
  });
});

const op: ClientOperationDescriptor = {
  operationId: "listThings",
  method: "get",
  path: "/things",
  secured: false,
  responseHeaders: {
    "X-Total-Count": "integer",
    "X-Tags": "string[]",
  },
};

describe("pickResponse", () => {
  it("picks the exact status, then its range, then default", () => {
    const byKey = { "200": "ok", "4XX": "client", default: "other" };
    expect(pickResponse(byKey, 200)).toBe("ok");
    expect(pickResponse(byKey, 429)).toBe("client");
    expect(pickResponse(byKey, 503)).toBe("other");
    expect(pickResponse({ "4xx": "lower" }, 404)).toBe("lower");
    expect(pickResponse({ "200": "ok" }, 404)).toBeUndefined();
  });
});

describe("parseResponseHeaders", () => {
  it("parses the declared headers by their spec names and leaves out missing or invalid ones", () => {
    const headers = new Headers({ "x-total-count": "12", "x-tags": "a,b", "x-undeclared": "1" });
    expect(parseResponseHeaders(op, headers)).toEqual({
      "X-Total-Count": 12,
      "X-Tags": ["a", "b"],
    });
    expect(parseResponseHeaders(op, new Headers({ "x-total-count": "many" }))).toEqual({});
    expect(parseResponseHeaders({ ...op, responseHeaders: undefined }, headers)).toEqual({});
  });
});
/** Headers that count their lookups, to see when parsing happens. */
class CountingHeaders extends Headers {
  lookups = 0;
  override get(name: string): string | null {
    this.lookups++;
    return super.get(name);
  }
}

describe("RuntimeResult.headers", () => {
  it("parses on first access only, once", () => {
    const headers = new CountingHeaders({ "x-total-count": "3" });
    const response = new Response("[]", { status: 200 });
    Object.defineProperty(response, "headers", { value: headers });
    const result = new RuntimeResult([], undefined, response, undefined, op);
    expect(headers.lookups).toBe(0);
    expect(result.headers).toEqual({ "X-Total-Count": 3 });
    const after = headers.lookups;
    expect(after).toBe(2); // the operation's two declared headers
    expect(result.headers).toBe(result.headers);
    expect(headers.lookups).toBe(after);
    expect(result.operationId).toBe("listThings");
  });

  it("is empty when the runtime gave no operation", () => {
    const result = new RuntimeResult([], undefined, new Response("[]"), undefined);
    expect(result.headers).toEqual({});
  });
});

describe("the generated descriptors on the reference server's responses", () => {
  let server: ContractServer;
  beforeAll(async () => {
    server = await startContractServer({ fakeClock: false });
  });
  afterAll(async () => {
    await server.close();
  });

  it("gives X-Total-Count as a number on listPets' 200 and Location as a string on createPet's 201", async () => {
    const list = await fetch(`${server.baseUrl}/pets`, {
      headers: { "x-api-key": server.key("enterprise") },
    });
    const listed = new RuntimeResult(await list.json(), undefined, list, null, OPERATIONS.listPets);
    expect(list.status).toBe(200);
    expect(typeof listed.headers["X-Total-Count"]).toBe("number");
    expect(listed.headers["X-Total-Count"]).toBe(Number(list.headers.get("x-total-count")));
    expect(listed.headers["X-RateLimit-Limit"]).toBe(listed.rateLimit?.limit);

    const category = await fetch(`${server.baseUrl}/categories`, {
      method: "POST",
      headers: { "x-api-key": server.key("enterprise"), "content-type": "application/json" },
      body: JSON.stringify({ name: "Dogs" }),
    });
    const { id: categoryId } = (await category.json()) as { id: number };
    const create = await fetch(`${server.baseUrl}/pets`, {
      method: "POST",
      headers: { "x-api-key": server.key("enterprise"), "content-type": "application/json" },
      body: JSON.stringify({ name: "Rex", categoryId }),
    });
    const created = new RuntimeResult(
      await create.json(),
      undefined,
      create,
      null,
      OPERATIONS.createPet,
    );
    expect(create.status).toBe(201);
    expect(created.headers["Location"]).toBe(create.headers.get("location"));
    expect(created.headers["Location"]).toMatch(/^\/pets\/by-id\/\d+$/);
    expect(created.headers).not.toHaveProperty("X-Total-Count"); // not sent on a 201
  });
});
