/**
 * HTTP semantics of the request handler, called as a web handler: HEAD (RFC 9110 §9.3.2), CORS,
 * the request target (414, 501, case-sensitive methods), a single-valued query parameter sent
 * twice, `Content-Encoding`, and response headers checked against the spec.
 */
import { describe, expect, it } from "vitest";
import type {
  ApiDescriptor,
  ResponseDescriptor,
  ServerOperationDescriptor,
} from "../../../templates/server/core/descriptor.js";
import type { HandlerMap, HandlerResponse } from "../../../templates/server/core/handler-api.js";
import { api, handlers, KEYS, pets, type Caller } from "./fixture-api.js";
import { isError, testServer } from "./helpers.js";

const key = KEYS.enterprise;

/** The fixture with declared response headers on listPets (200) and createPet (201). */
function withHeaders(
  operationId: string,
  status: string,
  headers: NonNullable<ResponseDescriptor["headers"]>,
): (op: ServerOperationDescriptor) => ServerOperationDescriptor {
  return (op) =>
    op.operationId !== operationId
      ? op
      : { ...op, responses: { ...op.responses, [status]: { ...op.responses[status], headers } } };
}

const headerApi: ApiDescriptor = {
  ...api,
  operations: api.operations
    .map(
      withHeaders("listPets", "200", {
        "X-Total-Count": { required: true, type: "integer" },
        "X-RateLimit-Limit": { required: false, type: "integer" },
      }),
    )
    .map(withHeaders("createPet", "201", { Location: { required: true, type: "string" } })),
};

describe("HEAD", () => {
  it("is answered like GET without a body, with the GET's Content-Length and headers", async () => {
    const server = testServer();
    const get = await server.call("GET", "/pets", { key });
    const head = await server.handler(
      new Request("http://api.test/pets", { method: "HEAD", headers: { "x-api-key": key } }),
    );
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(get.text)));
    expect(head.headers.get("content-type")).toBe("application/json");
    expect(head.headers.get("x-ratelimit-limit")).toBe("50");
  });

  it("errors too lose their body; HEAD is listed in Allow", async () => {
    const server = testServer();
    const missing = await server.handler(new Request("http://api.test/pets", { method: "HEAD" }));
    expect(missing.status).toBe(401);
    expect(await missing.text()).toBe("");
    const wrong = await server.call("PUT", "/pets/mine", { key });
    expect(wrong.headers.get("allow")).toBe("GET, HEAD, DELETE");
  });
});

describe("request target and methods", () => {
  it("a target over maxUrlLength is 414 uri_too_long, with X-RateLimit-*", async () => {
    const server = testServer({ maxUrlLength: 100 });
    const ok = await server.call("GET", `/pets?limit=1&pad=${"a".repeat(70)}`, { key });
    expect(ok.status).toBe(200);
    const long = await server.call("GET", `/pets?pad=${"a".repeat(100)}`, { key });
    expect(long.status).toBe(414);
    expect(isError(long.body, 414, "uri_too_long")).toBe(true);
    expect(long.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
    expect(() => testServer({ maxUrlLength: 0 })).toThrow(/maxUrlLength/);
  });

  it("an unimplemented method is 501 on an unknown path, 405 with Allow on a known one", async () => {
    const server = testServer();
    const unknown = await server.call("PROPFIND", "/nowhere", { key });
    expect(isError(unknown.body, 501, "not_implemented")).toBe(true);
    const known = await server.call("PROPFIND", "/pets", { key });
    expect(isError(known.body, 405, "method_not_allowed")).toBe(true);
    expect(known.headers.get("allow")).toBe("GET, HEAD, POST");
    // A standard method on an unknown path stays a 404.
    expect((await server.call("DELETE", "/nowhere", { key })).status).toBe(404);
  });
});

describe("request semantics", () => {
  it("a single-valued query parameter sent twice is a 400; an array parameter takes both", async () => {
    const server = testServer();
    const twice = await server.call("GET", "/pets?limit=1&limit=abc", { key });
    expect(twice.status).toBe(400);
    expect(isError(twice.body, 400, "validation_failed")).toBe(true);
    expect((twice.body as { message: string }).message).toBe(
      "query.limit was given 2 times; it takes one value",
    );
    expect((await server.call("GET", "/pets?tags=a&tags=b", { key })).status).toBe(200);
  });

  it("a body with a Content-Encoding the server does not decode is 415 with Accept-Encoding: identity", async () => {
    const server = testServer();
    for (const encoding of ["gzip", "br, gzip", "x-custom"]) {
      const res = await server.call("POST", "/pets", {
        key,
        json: { name: "Rex" },
        headers: { "content-encoding": encoding },
      });
      expect(res.status, encoding).toBe(415);
      expect(isError(res.body, 415, "unsupported_media_type")).toBe(true);
      expect(res.headers.get("accept-encoding")).toBe("identity");
    }
    const identity = await server.call("POST", "/pets", {
      key,
      json: { name: "Rex" },
      headers: { "content-encoding": "identity" },
    });
    expect(identity.status).toBe(201);
  });
});

describe("response headers checked against the spec (validateResponses)", () => {
  function serverAnswering(listPets: HandlerResponse, createPet: HandlerResponse) {
    const custom: HandlerMap<Caller> = {
      ...handlers,
      listPets: () => listPets,
      createPet: () => createPet,
    };
    return testServer({ api: headerApi, handlers: custom });
  }

  it("accepts declared headers of the declared types (numbers for integer headers)", async () => {
    const server = serverAnswering(
      { status: 200, body: pets, headers: { "X-Total-Count": 2 } },
      { status: 201, body: { id: 3, name: "Rex" }, headers: { location: "/pets/3" } },
    );
    const list = await server.call("GET", "/pets", { key });
    expect(list.status).toBe(200);
    expect(list.headers.get("x-total-count")).toBe("2");
    const created = await server.call("POST", "/pets", { key, json: { name: "Rex" } });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe("/pets/3");
    expect(server.logged).toEqual([]);
  });

  it("a missing required header or a value of the wrong type is a 500 naming the header", async () => {
    const server = serverAnswering(
      { status: 200, body: pets, headers: { "X-Total-Count": "two" } },
      { status: 201, body: { id: 3, name: "Rex" } },
    );
    const list = await server.call("GET", "/pets", { key });
    expect(list.status).toBe(500);
    const created = await server.call("POST", "/pets", { key, json: { name: "Rex" } });
    expect(created.status).toBe(500);
    expect(server.logged.map((entry) => String(entry.error))).toEqual([
      'ContractViolationError: listPets answered 200 with a X-Total-Count header of "two", which is not of type integer',
      "ContractViolationError: createPet answered 201 with no Location header, which the spec requires",
    ]);
  });
});

describe("CORS", () => {
  const origin = "https://app.example";

  function preflight(server: ReturnType<typeof testServer>, path: string, from = origin) {
    return server.call("OPTIONS", path, {
      headers: {
        origin: from,
        "access-control-request-method": "POST",
        "access-control-request-headers": "x-api-key, content-type",
      },
    });
  }

  it("answers a preflight to a known path from the spec's methods, before auth and rate limits", async () => {
    const server = testServer({ cors: { origins: [origin], maxAgeSeconds: 300 } });
    const res = await preflight(server, "/pets");
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(res.headers.get("access-control-allow-origin")).toBe(origin);
    expect(res.headers.get("access-control-allow-methods")).toBe("GET, HEAD, POST");
    expect(res.headers.get("access-control-allow-headers")).toBe(
      "Content-Type, X-API-Key, X-Request-Id",
    );
    expect(res.headers.get("access-control-max-age")).toBe("300");
    expect(res.headers.get("vary")).toMatch(/^Origin\b/);
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    // An unknown path keeps its 404, an OPTIONS that is not a preflight its 405.
    expect((await preflight(server, "/nowhere")).status).toBe(404);
    const plain = await server.call("OPTIONS", "/pets", { key, headers: { origin } });
    expect(plain.status).toBe(405);
    expect(plain.headers.get("access-control-allow-origin")).toBe(origin);
  });

  it("exposes every declared response header and varies on Origin; credentials when asked", async () => {
    const server = testServer({
      api: headerApi,
      cors: { origins: (o) => o.endsWith(".example"), credentials: true },
    });
    const res = await server.call("GET", "/pets", { key, headers: { origin } });
    expect(res.headers.get("access-control-allow-origin")).toBe(origin);
    expect(res.headers.get("access-control-allow-credentials")).toBe("true");
    expect(res.headers.get("access-control-expose-headers")).toBe(
      "X-Total-Count, X-RateLimit-Limit, Location",
    );
    expect(res.headers.get("vary")).toBe("Origin");
    // Error answers carry them too (a browser must read a 401 or 429).
    const missing = await server.call("GET", "/pets", { headers: { origin } });
    expect(missing.status).toBe(401);
    expect(missing.headers.get("access-control-allow-origin")).toBe(origin);
  });

  it("a disallowed origin gets no CORS headers and is rate limited as usual", async () => {
    const server = testServer({ cors: { origins: [origin] } });
    const evil = "https://evil.example";
    const pre = await preflight(server, "/pets", evil);
    expect(pre.status).toBe(204);
    expect([...pre.headers.keys()].filter((name) => name.startsWith("access-control-"))).toEqual(
      [],
    );
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await server.call("GET", "/pets", { key: KEYS.free, headers: { origin: evil } });
      statuses.push(res.status);
      expect([...res.headers.keys()].filter((name) => name.startsWith("access-control-"))).toEqual(
        [],
      );
      expect(res.headers.get("x-ratelimit-limit")).toBe("3");
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('origins "*" without credentials answers "*" and needs no Vary; CORS off sends nothing', async () => {
    const any = testServer({ cors: { origins: "*" } });
    const res = await any.call("GET", "/pets", { key, headers: { origin } });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("vary")).toBeNull();
    const off = testServer();
    const plain = await off.call("GET", "/pets", { key, headers: { origin } });
    expect(plain.headers.get("access-control-allow-origin")).toBeNull();
    expect((await preflight(off, "/pets")).status).toBe(405);
    expect(() =>
      testServer({ cors: { origins: "https://one.example" as unknown as string[] } }),
    ).toThrow(/cors.origins/);
  });
});
