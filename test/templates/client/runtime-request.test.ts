import { describe, expect, it } from "vitest";
import {
  UnexpectedResponseBody,
  createClientRuntime,
  createClientRuntimeWith,
  encodeOtherBody,
  serializeFormQuery,
  serializeQuery,
  setCookieParams,
  writeBody,
  type ApiKeyLocation,
  type ClientOperationDescriptor,
  type ClientOptions,
} from "../../../templates/client/index.js";
import { empty, json, scriptedFetch, type Step } from "./fake-fetch.js";

const op = (extra: Partial<ClientOperationDescriptor> = {}): ClientOperationDescriptor => ({
  operationId: "op",
  method: "get",
  path: "/pets",
  secured: false,
  ...extra,
});

function client(steps: Step[], options: Partial<ClientOptions> = {}, apiKey?: ApiKeyLocation) {
  const scripted = scriptedFetch(...steps);
  const runtime = createClientRuntime(
    { baseUrl: "https://api.test/v1/", fetch: scripted.fetch, retry: false, ...options },
    apiKey,
  );
  return { runtime, ...scripted };
}

describe("client runtime: URL", () => {
  it("joins the base URL (trailing slash trimmed) and the path, and calls fetch(url, init)", async () => {
    const { runtime, calls } = client([json(200, [])]);
    await runtime.call(op());
    expect(calls[0]?.url).toBe("https://api.test/v1/pets");
    expect(calls[0]?.init.method).toBe("GET");
    expect(typeof calls[0]?.url).toBe("string");
  });

  it("fills and encodes path parameters", async () => {
    const { runtime, calls } = client([json(200, {}), json(200, {})]);
    const photo = op({ path: "/pets/{petId}/photos/{name}" });
    await runtime.call(photo, { path: { petId: 42, name: "a b/c?d#é" } });
    expect(calls[0]?.url).toBe("https://api.test/v1/pets/42/photos/a%20b%2Fc%3Fd%23%C3%A9");
    await runtime.call(photo, { path: { petId: "x", name: true } });
    expect(calls[1]?.url).toBe("https://api.test/v1/pets/x/photos/true");
  });

  it("rejects with a clear error when a path parameter is missing, without fetching", async () => {
    const { runtime, calls } = client([]);
    const getPet = op({ operationId: "getPet", path: "/pets/{petId}" });
    await expect(runtime.call(getPet, { path: {} })).rejects.toThrow(
      'Missing path parameter "petId" for operation "getPet" (GET /pets/{petId})',
    );
    await expect(runtime.call(getPet)).rejects.toThrow(/petId/);
    expect(calls).toHaveLength(0);
  });

  it("serializes the query: undefined skipped, arrays as repeated keys, values encoded", async () => {
    const { runtime, calls } = client([json(200, [])]);
    await runtime.call(op(), {
      query: {
        status: "available",
        limit: 10,
        cursor: undefined,
        tags: ["a b", "c&d"],
        flag: false,
      },
    });
    expect(calls[0]?.url).toBe(
      "https://api.test/v1/pets?status=available&limit=10&tags=a%20b&tags=c%26d&flag=false",
    );
  });

  it("serializes deepObject and the other styles from queryStyles", async () => {
    const { runtime, calls } = client([json(200, [])]);
    await runtime.call(
      op({
        queryStyles: {
          filter: { style: "deepObject", explode: true },
          ids: { style: "form", explode: false },
          sizes: { style: "pipeDelimited", explode: false },
          words: { style: "spaceDelimited", explode: false },
        },
      }),
      {
        query: {
          filter: { name: "Rex", age: { min: 2 }, skip: undefined },
          ids: [1, 2, 3],
          sizes: ["s", "m"],
          words: ["x", "y"],
          plain: "z",
        },
      },
    );
    expect(calls[0]?.url).toBe(
      "https://api.test/v1/pets?filter[name]=Rex&filter[age][min]=2&ids=1,2,3&sizes=s|m&words=x%20y&plain=z",
    );
  });

  it("serializes form objects (exploded and not)", () => {
    expect(serializeQuery({ color: { r: 1, g: 2 } })).toBe("r=1&g=2");
    expect(
      serializeQuery({ color: { r: 1, g: 2 } }, { color: { style: "form", explode: false } }),
    ).toBe("color=r,1,g,2");
    expect(serializeQuery({ empty: [] })).toBe("");
    expect(serializeQuery({ when: new Date("2025-01-01T00:00:00Z") })).toBe(
      "when=2025-01-01T00%3A00%3A00.000Z",
    );
  });
});

describe("client runtime: API key", () => {
  const secured = op({ secured: true });

  it("sends the key in the spec's header on secured operations only", async () => {
    const { runtime, headersOf } = client(
      [json(200, []), json(200, [])],
      { apiKey: "k-123" },
      {
        in: "header",
        name: "X-API-Key",
      },
    );
    await runtime.call(secured);
    await runtime.call(op());
    expect(headersOf(0).get("x-api-key")).toBe("k-123");
    expect(headersOf(1).get("x-api-key")).toBeNull();
  });

  it("sends the key as a query parameter, after the other parameters", async () => {
    const { runtime, calls } = client(
      [json(200, []), json(200, [])],
      { apiKey: "k 1" },
      {
        in: "query",
        name: "api_key",
      },
    );
    await runtime.call(secured, { query: { limit: 5 } });
    await runtime.call(secured);
    expect(calls[0]?.url).toBe("https://api.test/v1/pets?limit=5&api_key=k%201");
    expect(calls[1]?.url).toBe("https://api.test/v1/pets?api_key=k%201");
  });

  it("sends the key as a cookie, merged with cookie parameters", async () => {
    const { runtime, headersOf } = client(
      [json(200, [])],
      { apiKey: "k1" },
      { in: "cookie", name: "session" },
    );
    await runtime.call(secured, { cookie: { theme: "dark" } });
    expect(headersOf(0).get("cookie")).toBe("session=k1; theme=dark");
  });

  it("sends nothing when no key is configured", async () => {
    const { runtime, headersOf } = client([json(200, [])], {}, { in: "header", name: "X-API-Key" });
    await runtime.call(secured);
    expect(headersOf(0).get("x-api-key")).toBeNull();
  });
});

describe("client runtime: headers and bodies", () => {
  it("merges default headers, header parameters and per-call headers (per-call wins)", async () => {
    const { runtime, headersOf } = client([json(200, [])], {
      headers: { "User-Agent": "test", "X-A": "default" },
    });
    await runtime.call(op(), {
      header: { "X-Trace": "t1", "X-List": ["a", "b"], "X-None": undefined },
      headers: { "x-a": "call" },
    });
    const headers = headersOf(0);
    expect(headers.get("user-agent")).toBe("test");
    expect(headers.get("x-trace")).toBe("t1");
    expect(headers.get("x-list")).toBe("a,b");
    expect(headers.has("x-none")).toBe(false);
    expect(headers.get("x-a")).toBe("call");
  });

  it("does not leak per-call headers into later calls", async () => {
    const { runtime, headersOf } = client([json(200, []), json(200, [])], {
      headers: { "X-A": "1" },
    });
    await runtime.call(op(), { headers: { "X-B": "2" } });
    await runtime.call(op());
    expect(headersOf(1).get("x-b")).toBeNull();
    expect(headersOf(1).get("x-a")).toBe("1");
  });

  it("sends a JSON body as JSON with its content type", async () => {
    const { runtime, calls, headersOf } = client([json(201, { id: 1 })]);
    await runtime.call(op({ method: "post", bodyMediaType: "application/json" }), {
      body: { name: "Rex", tags: ["a"] },
    });
    expect(calls[0]?.init.body).toBe('{"name":"Rex","tags":["a"]}');
    expect(headersOf(0).get("content-type")).toBe("application/json");
  });

  it("keeps a +json media type as the content type", async () => {
    const { runtime, calls, headersOf } = client([json(200, {})]);
    await runtime.call(op({ method: "patch", bodyMediaType: "application/merge-patch+json" }), {
      body: { a: null },
    });
    expect(calls[0]?.init.body).toBe('{"a":null}');
    expect(headersOf(0).get("content-type")).toBe("application/merge-patch+json");
  });

  it("passes non-JSON bodies through untouched with the content type (except FormData)", async () => {
    const { runtime, calls, headersOf } = client([
      json(200, {}),
      json(200, {}),
      json(200, {}),
      json(200, {}),
    ]);
    const text = op({ method: "put", bodyMediaType: "text/plain" });
    await runtime.call(text, { body: "hello" });
    expect(calls[0]?.init.body).toBe("hello");
    expect(headersOf(0).get("content-type")).toBe("text/plain");

    const blob = new Blob(["x"]);
    await runtime.call(op({ method: "put", bodyMediaType: "application/octet-stream" }), {
      body: blob,
    });
    expect(calls[1]?.init.body).toBe(blob);
    expect(headersOf(1).get("content-type")).toBe("application/octet-stream");

    const form = new FormData();
    form.append("photo", blob);
    await runtime.call(op({ method: "post", bodyMediaType: "multipart/form-data" }), {
      body: form,
    });
    expect(calls[2]?.init.body).toBe(form);
    expect(headersOf(2).has("content-type")).toBe(false);

    const params = new URLSearchParams({ a: "1" });
    await runtime.call(op({ method: "post", bodyMediaType: "application/x-www-form-urlencoded" }), {
      body: params,
    });
    expect(calls[3]?.init.body).toBe(params);
    expect(headersOf(3).get("content-type")).toBe("application/x-www-form-urlencoded");
  });

  it("encodes a plain object for form media types", async () => {
    const { runtime, calls } = client([json(200, {}), json(200, {})]);
    await runtime.call(op({ method: "post", bodyMediaType: "application/x-www-form-urlencoded" }), {
      body: { name: "Rex", tags: ["a", "b"], skip: undefined },
    });
    expect(String(calls[0]?.init.body)).toBe("name=Rex&tags=a&tags=b");
    await runtime.call(op({ method: "post", bodyMediaType: "multipart/form-data" }), {
      body: { name: "Rex" },
    });
    const form = calls[1]?.init.body;
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get("name")).toBe("Rex");
  });

  it("encodes nested form objects in brackets (a[b][c]=, items[0][price]=), as Stripe reads them", async () => {
    const { runtime, calls } = client([json(200, {})]);
    await runtime.call(op({ method: "post", bodyMediaType: "application/x-www-form-urlencoded" }), {
      body: {
        metadata: { order: { id: 7 } },
        items: [{ price: "p_1", quantity: 2 }],
        expand: ["a", "b"],
        flag: false,
      },
    });
    expect(decodeURIComponent(String(calls[0]?.init.body))).toBe(
      "metadata[order][id]=7&items[0][price]=p_1&items[0][quantity]=2&expand=a&expand=b&flag=false",
    );
  });

  it("sends no body and no content type when there is none", async () => {
    const { runtime, calls, headersOf } = client([json(200, {})]);
    await runtime.call(op());
    expect(calls[0]?.init.body).toBeUndefined();
    expect(headersOf(0).has("content-type")).toBe(false);
  });
});

describe("client runtime: responses", () => {
  it("puts a 2xx JSON body in data, with the rate limit", async () => {
    const { runtime } = client([
      json(200, [{ id: 1 }], {
        "x-ratelimit-limit": "100",
        "x-ratelimit-remaining": "99",
        "x-ratelimit-reset": "1700000000",
      }),
    ]);
    const result = await runtime.call(op());
    expect(result).toMatchObject({ data: [{ id: 1 }], error: undefined });
    expect(result.response.status).toBe(200);
    expect(result.rateLimit).toEqual({ limit: 100, remaining: 99, reset: 1700000000 });
  });

  it("puts a non-2xx body in error (the spec's Error object), including problem+json", async () => {
    const { runtime } = client([
      json(404, { code: "not_found", message: "no pet" }),
      new Response('{"code":"invalid","message":"bad"}', {
        status: 400,
        headers: { "content-type": "application/problem+json; charset=utf-8" },
      }),
    ]);
    const notFound = await runtime.call(op());
    expect(notFound).toMatchObject({
      data: undefined,
      error: { code: "not_found", message: "no pet" },
    });
    expect(notFound.rateLimit).toBeUndefined();
    expect((await runtime.call(op())).error).toEqual({ code: "invalid", message: "bad" });
  });

  it("gives an UnexpectedResponseBody for an error body that claims JSON but does not parse", async () => {
    const { runtime } = client([
      new Response("<html>bad gateway</html>", {
        status: 502,
        statusText: "Bad Gateway",
        headers: { "content-type": "application/json" },
      }),
    ]);
    const result = await runtime.call(op({ method: "post" }));
    expect(result.error).toBeInstanceOf(UnexpectedResponseBody);
    expect(result.error).toMatchObject({
      status: 502,
      contentType: "application/json",
      text: "<html>bad gateway</html>",
      message: "502 Bad Gateway: <html>bad gateway</html>",
    });
    expect(result).toMatchObject({ status: 502, ok: false, data: undefined });
  });

  it("reads text/* as text and other media types as a Blob", async () => {
    const { runtime } = client([
      new Response("hello", {
        status: 200,
        headers: { "content-type": "text/plain; charset=utf-8" },
      }),
      new Response(new Uint8Array([1, 2, 3]), {
        status: 200,
        headers: { "content-type": "image/png" },
      }),
    ]);
    expect((await runtime.call(op())).data).toBe("hello");
    const blob = (await runtime.call(op())).data;
    expect(blob).toBeInstanceOf(Blob);
    expect((blob as Blob).size).toBe(3);
  });

  it("gives undefined data for 204, HEAD and Content-Length: 0", async () => {
    const { runtime } = client([
      empty(204),
      new Response("ignored", { status: 200, headers: { "content-type": "application/json" } }),
      new Response("", {
        status: 200,
        headers: { "content-type": "application/json", "content-length": "0" },
      }),
    ]);
    const deleted = await runtime.call(op({ method: "delete" }));
    expect(deleted).toMatchObject({ data: undefined, error: undefined });
    expect(deleted.response.status).toBe(204);
    expect((await runtime.call(op({ method: "head" }))).data).toBeUndefined();
    expect((await runtime.call(op())).data).toBeUndefined();
  });

  it("fails (ok: false, an UnexpectedResponseBody naming the call) when a 2xx JSON body does not parse", async () => {
    const { runtime } = client([
      new Response("{", { status: 200, headers: { "content-type": "application/json" } }),
    ]);
    const result = await runtime.call(op());
    expect(result.ok).toBe(false);
    expect(result.data).toBeUndefined();
    expect(result.error).toBeInstanceOf(UnexpectedResponseBody);
    expect(result.error).toMatchObject({ reason: "invalid JSON", status: 200, text: "{" });
  });
});

describe("client runtime: signal", () => {
  it("passes the signal to fetch", async () => {
    const { runtime, calls } = client([json(200, [])]);
    const controller = new AbortController();
    await runtime.call(op(), { signal: controller.signal });
    expect(calls[0]?.init.signal).toBe(controller.signal);
  });

  it("does not fetch when the signal has already aborted", async () => {
    const { runtime, calls } = client([json(200, [])]);
    const reason = new Error("too late");
    await expect(runtime.call(op(), { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(calls).toHaveLength(0);
  });
});

describe("client runtime: result", () => {
  it("parses rateLimit on first access only, and keeps it", async () => {
    const { runtime } = client([
      json(200, [], {
        "x-ratelimit-limit": "5",
        "x-ratelimit-remaining": "4",
        "x-ratelimit-reset": "99",
      }),
    ]);
    const result = await runtime.call(op());
    const first = result.rateLimit;
    expect(first).toEqual({ limit: 5, remaining: 4, reset: 99 });
    expect(result.rateLimit).toBe(first);
    expect(Object.keys(result)).toEqual(["data", "error", "status", "ok", "response"]);
  });
});

describe("client runtime: optional serializers (createClientRuntimeWith)", () => {
  const styled = op({ queryStyles: { ids: { style: "pipeDelimited", explode: false } } });
  const form = op({ method: "post", bodyMediaType: "application/x-www-form-urlencoded" });
  const runtimeWith = (codecs: Parameters<typeof createClientRuntimeWith>[2], steps: Step[]) => {
    const scripted = scriptedFetch(...steps);
    const runtime = createClientRuntimeWith(
      { baseUrl: "https://api.test", fetch: scripted.fetch, retry: false },
      undefined,
      codecs,
    );
    return { runtime, ...scripted };
  };

  it("without any, serves a call without parameters or body", async () => {
    const { runtime, calls } = runtimeWith({}, [json(200, {})]);
    expect((await runtime.call(op())).status).toBe(200);
    expect(calls[0]?.url).toBe("https://api.test/pets");
  });

  it("with query and body, serves plain queries and JSON bodies", async () => {
    const { runtime, calls } = runtimeWith({ query: serializeFormQuery, body: writeBody }, [
      json(200, {}),
    ]);
    await runtime.call(op({ method: "post", bodyMediaType: "application/json" }), {
      query: { tags: ["a", "b"] },
      body: { name: "Rex" },
    });
    expect(calls[0]?.url).toBe("https://api.test/pets?tags=a&tags=b");
    expect(calls[0]?.init.body).toBe('{"name":"Rex"}');
  });

  it("refuses, before sending anything, an operation that needs one it was not given", async () => {
    const { runtime, calls } = runtimeWith({}, [json(200, {})]);
    await expect(runtime.call(styled, { query: { ids: [1, 2] } })).rejects.toThrow(
      /Operation "op" needs the styled query serializer.*createClientRuntimeWith/,
    );
    // a non-JSON body needs its writer besides the body codec
    const bodyOnly = runtimeWith({ body: writeBody }, []).runtime;
    await expect(bodyOnly.call(form, { body: { a: 1 } })).rejects.toThrow(
      /"application\/x-www-form-urlencoded" body serializer/,
    );
    await expect(runtime.call(op(), { cookie: { theme: "dark" } })).rejects.toThrow(
      /needs the cookie parameter serializer/,
    );
    await expect(runtime.call(op(), { query: { tags: ["a"] } })).rejects.toThrow(
      /Operation "op" needs the query parameter serializer/,
    );
    await expect(runtime.call(op(), { header: { "x-trace": "1" } })).rejects.toThrow(
      /needs the header parameter serializer/,
    );
    await expect(runtime.call(op({ method: "post" }), { body: { a: 1 } })).rejects.toThrow(
      /needs the request body serializer/,
    );
    expect(calls).toHaveLength(0);
  });

  it("uses the ones it was given", async () => {
    const { runtime, calls } = runtimeWith(
      {
        styledQuery: serializeQuery,
        body: writeBody,
        otherBody: encodeOtherBody,
        cookies: setCookieParams,
      },
      [json(200, {}), json(200, {}), json(200, {})],
    );
    await runtime.call(styled, { query: { ids: [1, 2] } });
    expect(calls[0]?.url).toBe("https://api.test/pets?ids=1|2");
    await runtime.call(form, { body: { a: 1 } });
    expect(String(calls[1]?.init.body)).toBe("a=1");
    await runtime.call(op(), { cookie: { theme: "dark", ids: [1, 2] } });
    expect(new Headers(calls[2]?.init.headers).get("cookie")).toBe("theme=dark; ids=1%2C2");
  });
});
