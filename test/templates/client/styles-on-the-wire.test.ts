/**
 * What the client puts on the wire for a form body's `encoding`, for header parameters in the
 * `simple` style and for path templates written with RFC 6570 operators, read by a real HTTP
 * server on 127.0.0.1.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  createClientRuntime,
  type ClientOperationDescriptor,
} from "../../../templates/client/index.js";
import { startScriptedServer, type PurposeServer } from "./purpose-servers.js";

const FORM = "application/x-www-form-urlencoded";

let server: PurposeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function send(op: ClientOperationDescriptor, init: Record<string, unknown>) {
  server = await startScriptedServer({ status: 204 });
  const runtime = createClientRuntime({ baseUrl: server.url, retry: false }, undefined);
  const result = await runtime.call(op, init);
  expect(result.status).toBe(204);
  const request = server.received[0]!;
  return { body: request.body, headers: request.headers };
}

const post = (extra: Partial<ClientOperationDescriptor>): ClientOperationDescriptor => ({
  operationId: "createCharge",
  method: "post",
  path: "/charges",
  secured: false,
  bodyMediaType: FORM,
  ...extra,
});

describe("client: form bodies follow their encoding", () => {
  it("sends nested objects and arrays of objects in brackets (deepObject, as Stripe reads them), arrays of scalars repeated", async () => {
    const { body, headers } = await send(post({}), {
      body: {
        amount: 2000,
        card: { exp: { month: 12, year: 2030 } },
        line_items: [{ price: "p_1", quantity: 2 }, { price: "p_2" }],
        expand: ["customer", "invoice"],
      },
    });
    expect(headers["content-type"]).toBe(FORM);
    expect(decodeURIComponent(body).split("&")).toEqual([
      "amount=2000",
      "card[exp][month]=12",
      "card[exp][year]=2030",
      "line_items[0][price]=p_1",
      "line_items[0][quantity]=2",
      "line_items[1][price]=p_2",
      "expand=customer",
      "expand=invoice",
    ]);
  });

  it("joins the values of fields whose encoding is not exploded, with the style's delimiter", async () => {
    const op = post({
      formStyles: {
        tags: { style: "form", explode: false },
        words: { style: "spaceDelimited", explode: false },
        codes: { style: "pipeDelimited", explode: false },
        point: { style: "form", explode: false },
      },
    });
    const { body } = await send(op, {
      body: {
        tags: ["a", "b,c"],
        words: ["x", "y"],
        codes: [1, 2, 3],
        point: { x: 1, y: 2 },
        plain: ["p", "q"],
      },
    });
    const params = new URLSearchParams(body);
    expect(params.getAll("tags")).toEqual(["a,b,c"]);
    expect(params.getAll("words")).toEqual(["x y"]);
    expect(params.getAll("codes")).toEqual(["1|2|3"]);
    expect(params.getAll("point")).toEqual(["x,1,y,2"]);
    // a field without a style stays exploded
    expect(params.getAll("plain")).toEqual(["p", "q"]);
  });

  it("indexes the arrays of deepObject fields at every level, as Stripe reads them (tax_rates[0]=)", async () => {
    const op = post({
      formStyles: {
        tax_rates: { style: "deepObject", explode: true },
        payment_settings: { style: "deepObject", explode: true },
      },
    });
    const { body } = await send(op, {
      body: {
        tax_rates: ["t1", "t2"],
        payment_settings: { payment_method_types: ["card"], items: [{ id: "i" }] },
        expand: ["a", "b"],
      },
    });
    expect(decodeURIComponent(body).split("&")).toEqual([
      "tax_rates[0]=t1",
      "tax_rates[1]=t2",
      "payment_settings[payment_method_types][0]=card",
      "payment_settings[items][0][id]=i",
      // a field without a declared deepObject encoding keeps repeated names
      "expand=a",
      "expand=b",
    ]);
  });

  it("sends nothing for an empty object or array (a form cannot express them)", async () => {
    const { body } = await send(post({}), {
      body: { name: "n", metadata: {}, tags: [], nested: { inner: {} } },
    });
    expect(body).toBe("name=n");
  });
});

describe("client: header parameters in the simple style", () => {
  const get = (extra: Partial<ClientOperationDescriptor>): ClientOperationDescriptor => ({
    operationId: "headers",
    method: "get",
    path: "/h",
    secured: false,
    ...extra,
  });

  it("sends arrays comma-separated and objects as key,value pairs (key=value when exploded)", async () => {
    const { headers } = await send(get({ explodedHeaders: ["X-Exploded"] }), {
      header: {
        "X-List": ["a", "b"],
        "X-Object": { role: "admin", first: "Alex" },
        "X-Exploded": { role: "admin", first: "Alex" },
        "X-Plain": 5,
      },
    });
    expect(headers["x-list"]).toBe("a,b");
    expect(headers["x-object"]).toBe("role,admin,first,Alex");
    expect(headers["x-exploded"]).toBe("role=admin,first=Alex");
    expect(headers["x-plain"]).toBe("5");
  });

  it("accepts an object without a prototype (it used to throw 'Cannot convert object to primitive value')", async () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { a: "1" });
    const { headers } = await send(get({}), { header: { "X-Bare": bare } });
    expect(headers["x-bare"]).toBe("a,1");
  });
});

describe("client: path templates with RFC 6570 operators", () => {
  it("reads {.name} as label, {;name} as matrix and {name*} as exploded, the name without them", async () => {
    const op: ClientOperationDescriptor = {
      operationId: "styled",
      method: "get",
      path: "/p/{plain}/{obj*}/{.label}/{.labels*}/{;matrix}/{;point*}",
      secured: false,
    };
    const { url } = await sendPath(op, {
      plain: "a b",
      obj: { e: "1", g: "2" },
      label: "x",
      labels: [1, 2],
      matrix: [3, 4],
      point: { x: 5, y: 6 },
    });
    expect(url).toBe("/p/a%20b/e=1,g=2/.x/.1.2/;matrix=3,4/;x=5;y=6");
  });

  it("still names the parameter (without the operator) when it is missing", async () => {
    server = await startScriptedServer({ status: 204 });
    const runtime = createClientRuntime({ baseUrl: server.url, retry: false }, undefined);
    const op: ClientOperationDescriptor = {
      operationId: "styled",
      method: "get",
      path: "/p/{.label}",
      secured: false,
    };
    await expect(runtime.call(op, { path: {} })).rejects.toThrow('Missing path parameter "label"');
  });
});

async function sendPath(op: ClientOperationDescriptor, path: Record<string, unknown>) {
  server = await startScriptedServer({ status: 204 });
  const runtime = createClientRuntime({ baseUrl: server.url, retry: false }, undefined);
  // the untyped runtime's init types path values as scalars; generated methods type arrays and objects
  const result = await runtime.call(op, { path } as Parameters<typeof runtime.call>[1]);
  expect(result.status).toBe(204);
  return server.received[0]!;
}

describe("client: cookie parameters", () => {
  it("sends arrays comma-separated and objects as key,value pairs, each value encoded", async () => {
    const op: ClientOperationDescriptor = {
      operationId: "cookies",
      method: "get",
      path: "/c",
      secured: false,
    };
    server = await startScriptedServer({ status: 204 });
    const runtime = createClientRuntime({ baseUrl: server.url, retry: false }, undefined);
    await runtime.call(op, {
      cookie: { list: ["a", "b c"], object: { role: "admin", n: 2 }, plain: "x;y" },
    } as Parameters<typeof runtime.call>[1]);
    expect(server.received[0]!.headers.cookie).toBe(
      "list=a%2Cb%20c; object=role%2Cadmin%2Cn%2C2; plain=x%3By",
    );
  });
});

describe("client: query objects that nest", () => {
  it("sends a nested object of a form-exploded query object in brackets, and one inside a delimited style as JSON (never throws)", async () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { third: "x y" });
    const op: ClientOperationDescriptor = {
      operationId: "complex",
      method: "get",
      path: "/q",
      secured: false,
      queryStyles: { piped: { style: "pipeDelimited", explode: false } },
    };
    server = await startScriptedServer({ status: 204 });
    const runtime = createClientRuntime({ baseUrl: server.url, retry: false }, undefined);
    await runtime.call(op, {
      query: { parameterObject: { first: { second: bare } }, piped: [{ a: 1 }, "b"] },
    } as Parameters<typeof runtime.call>[1]);
    expect(decodeURIComponent(server.received[0]!.url)).toBe(
      '/q?first[second][third]=x y&piped={"a":1}|b',
    );
  });
});

describe("client: deepObject query arrays", () => {
  it("indexes objects in an array (their members would merge otherwise) and repeats scalars", async () => {
    const op: ClientOperationDescriptor = {
      operationId: "lines",
      method: "get",
      path: "/q",
      secured: false,
      queryStyles: {
        lines: { style: "deepObject", explode: true },
        expand: { style: "deepObject", explode: true },
      },
    };
    server = await startScriptedServer({ status: 204 });
    const runtime = createClientRuntime({ baseUrl: server.url, retry: false }, undefined);
    await runtime.call(op, {
      query: { lines: [{ amount: 1, id: "a" }, { amount: 2 }], expand: ["x", "y"] },
    } as Parameters<typeof runtime.call>[1]);
    expect(decodeURIComponent(server.received[0]!.url)).toBe(
      "/q?lines[0][amount]=1&lines[0][id]=a&lines[1][amount]=2&expand=x&expand=y",
    );
  });
});
