import { describe, expect, it } from "vitest";
import { createRuntimeRequestHandler } from "../../../templates/server/core/request-handler.js";
import { NotImplementedError } from "../../../templates/server/core/errors.js";
import { presentedKey } from "../../../templates/server/core/auth.js";
import { api, apiWithoutLimits, handlers, KEYS, operations, type Caller } from "./fixture-api.js";
import { answer, isError, request, testServer } from "./helpers.js";
import type { HandlerMap } from "../../../templates/server/core/handler-api.js";

const key = KEYS.enterprise;

describe("request handler: routing, auth and parameters", () => {
  it("answers a handler's response as JSON with the declared content type", async () => {
    const server = testServer();
    const res = await server.call("GET", "/pets/1", { key });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.body).toEqual({ id: 1, name: "Rex", tag: "dog" });
    expect(server.logged).toEqual([]);
  });

  it("coerces parameters to their schema types and collects arrays", async () => {
    const seen: unknown[] = [];
    const server = testServer({
      handlers: {
        ...handlers,
        listPets: (req) => {
          seen.push(req.query, req.caller, req.operationId);
          return { status: 200, body: [] };
        },
      },
    });
    const res = await server.call("GET", "/pets?limit=2&tags=a&tags=b&other=x", { key });
    expect(res.status).toBe(200);
    expect(seen).toEqual([{ limit: 2, tags: ["a", "b"] }, { id: "carol" }, "listPets"]);
    // One tag still arrives as an array.
    seen.length = 0;
    await server.call("GET", "/pets?tags=solo", { key });
    expect(seen[0]).toEqual({ tags: ["solo"] });
  });

  it("404 not_found for an unknown path, 405 with Allow for a wrong method", async () => {
    const server = testServer();
    const missing = await server.call("GET", "/unknown", { key });
    expect(missing.status).toBe(404);
    expect(isError(missing.body, 404, "not_found")).toBe(true);
    const wrong = await server.call("PATCH", "/pets", { key });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET, HEAD, POST");
    expect(isError(wrong.body, 405, "method_not_allowed")).toBe(true);
  });

  it("400 for a malformed percent-escape in a path parameter", async () => {
    const res = await testServer().call("GET", "/pets/%E2%82", { key });
    expect(res.status).toBe(400);
    expect(isError(res.body, 400, "validation_failed")).toBe(true);
    expect((res.body as { message: string }).message).toContain("path.petId");
  });

  it("401 unauthorized without a key or with an unknown key, never echoing the key", async () => {
    const server = testServer();
    const none = await server.call("GET", "/pets");
    expect(none.status).toBe(401);
    expect(isError(none.body, 401, "unauthorized")).toBe(true);
    expect((none.body as { message: string }).message).toContain("X-API-Key header");
    const wrong = await server.call("GET", "/pets", { key: "guess-me-123" });
    expect(wrong.status).toBe(401);
    expect(wrong.text).not.toContain("guess-me-123");
    // Unsecured operations need no key.
    expect((await server.call("GET", "/health")).status).toBe(200);
  });

  it("reads the key from a query parameter or a cookie when the spec says so", async () => {
    for (const apiKey of [
      { in: "query", name: "api_key" },
      { in: "cookie", name: "apikey" },
    ] as const) {
      // a cookie is read by the fixture descriptor's readers.cookies (cookies.ts)
      const server = testServer({ api: { ...api, apiKey } });
      const path = apiKey.in === "query" ? `/pets/1?api_key=${key}` : "/pets/1";
      const headers: Record<string, string> =
        apiKey.in === "cookie" ? { cookie: `a=1; apikey=${key}; b=2` } : {};
      expect((await server.call("GET", path, { headers })).status).toBe(200);
      expect((await server.call("GET", "/pets/1")).status).toBe(401);
    }
  });

  it("applies the API's security to an operation that leaves out its own, never to one with []", async () => {
    const guarded = operations.map((operation) =>
      operation.operationId === "health"
        ? { ...operation, secured: true, security: undefined }
        : operation.operationId === "stub"
          ? { ...operation, secured: false, security: [] }
          : operation,
    );
    const server = testServer({
      api: { ...api, security: [{ apiKey: [] }], operations: guarded },
    });
    expect((await server.call("GET", "/health")).status).toBe(401);
    expect((await server.call("GET", "/health", { key })).status).toBe(200);
    expect((await server.call("GET", "/stub")).status).toBe(501); // reached its handler
  });

  it("supports asynchronous authenticate functions", async () => {
    const server = testServer({
      authenticate: async (credentials) =>
        presentedKey(credentials) === "async-key"
          ? { caller: { id: "z" }, plan: "pro" }
          : undefined,
    });
    expect((await server.call("GET", "/pets/1", { key: "async-key" })).status).toBe(200);
    expect((await server.call("GET", "/pets/1", { key: "other" })).status).toBe(401);
  });

  it("400 validation_failed naming the parameter and the rule", async () => {
    const server = testServer();
    const cases: Array<[string, string]> = [
      ["/pets?limit=0", "query.limit must be >= 1 (minimum)"],
      ["/pets?limit=abc", "query.limit must be integer (type)"],
      ["/pets/0", "path.petId must be >= 1 (minimum)"],
      ["/pets/abc", "path.petId must be integer (type)"],
    ];
    for (const [path, message] of cases) {
      const res = await server.call("GET", path, { key });
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual({ code: "validation_failed", message, status: 400 });
    }
    const header = await server.call("GET", "/pets/1", {
      key,
      headers: { "X-Request-Id": "far-too-long" },
    });
    expect(header.body).toEqual({
      code: "validation_failed",
      message: "header.x-request-id must NOT have more than 8 characters (maxLength)",
      status: 400,
    });
    const cookie = await server.call("GET", "/session");
    expect((cookie.body as { message: string }).message).toBe(
      "cookie must have required property 'session' (required)",
    );
    const ok = await server.call("GET", "/session", { headers: { cookie: "session=abc%20d" } });
    expect(ok.body).toEqual({ session: "abc d" });
  });

  it("strips basePath before routing, and 404s outside it", async () => {
    const server = testServer({ basePath: "/v1/" });
    expect((await server.call("GET", "/v1/pets/1", { key })).status).toBe(200);
    expect((await server.call("GET", "/pets/1", { key })).status).toBe(404);
    expect((await server.call("GET", "/v1pets/1", { key })).status).toBe(404);
  });
});

describe("request handler: handler outcomes", () => {
  it("501 not_implemented from notImplemented() and from a missing handler", async () => {
    const server = testServer();
    const stub = await server.call("GET", "/stub");
    expect(stub.status).toBe(501);
    expect(isError(stub.body, 501, "not_implemented")).toBe(true);
    const missing = await server.call("GET", "/missing");
    expect(missing.status).toBe(501);
    expect(isError(missing.body, 501, "not_implemented")).toBe(true);
    expect(server.logged).toEqual([]);
    expect(new NotImplementedError("x").operationId).toBe("x");
  });

  it("500 internal on a throw: no message or stack in the body, onError told", async () => {
    const server = testServer();
    const res = await server.call("GET", "/boom");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: "internal", message: "Internal server error", status: 500 });
    expect(res.text).not.toContain("hunter2");
    expect(res.text).not.toContain("at ");
    expect(server.logged).toHaveLength(1);
    expect(server.logged[0]?.context).toEqual({ operationId: "boom", status: 500 });
    expect((server.logged[0]?.error as Error).message).toContain("hunter2");
  });

  it("logs through console.error by default, with the operationId and never the key", async () => {
    const lines: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => lines.push(args.map(String).join(" "));
    try {
      const handler = createRuntimeRequestHandler(apiWithoutLimits, handlers, {});
      await handler(request("GET", "/boom", { key: "secret-key-xyz" }));
    } finally {
      console.error = original;
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("boom");
    expect(lines[0]).toContain("hunter2");
    expect(lines[0]).not.toContain("secret-key-xyz");
  });

  it("merges handler headers but keeps X-RateLimit-* and framing the runtime's", async () => {
    const server = testServer({
      handlers: {
        ...handlers,
        health: () => ({
          status: 200,
          body: { ok: true },
          headers: {
            "X-Trace": "t-1",
            "X-RateLimit-Remaining": "999",
            "Content-Length": "1",
            "Set-Cookie": ["a=1", "b=2"],
            "X-Count": 3,
          },
        }),
      },
    });
    const res = await server.call("GET", "/health", { key });
    expect(res.headers.get("x-trace")).toBe("t-1");
    expect(res.headers.get("x-count")).toBe("3");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("49");
    expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(res.text).toBe('{"ok":true}');
  });

  it("sends no body for 204, and text bodies for text media types", async () => {
    const server = testServer();
    const deleted = await server.call("DELETE", "/pets/1", { key });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect(deleted.headers.get("content-type")).toBeNull();
    const note = await server.call("POST", "/notes", {
      body: "hello",
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
    expect(note.status).toBe(201);
    expect(note.headers.get("content-type")).toBe("text/plain");
    expect(note.text).toBe("noted: hello");
  });

  it("gives handlers the web Request", async () => {
    const res = await testServer().call("POST", "/anything", {
      body: '{"a":1}',
      headers: { "content-type": "application/vnd.test+json" },
    });
    expect(res.body).toEqual({ type: "application/vnd.test+json", body: { a: 1 } });
  });
});

describe("request handler: response validation", () => {
  const lying: HandlerMap<Caller> = {
    ...handlers,
    getPet: ({ path }) =>
      path["petId"] === 1
        ? { status: 200, body: { id: 1, name: "x".repeat(65) } }
        : path["petId"] === 2
          ? { status: 418, body: { code: "teapot", message: "", status: 418 } }
          : { status: 200, body: { id: 3, name: "Ok", extra: true } },
    deletePet: () => ({ status: 200, body: { surprise: true } }),
    health: () => ({ status: 0 }) as never,
  };

  it("turns an undeclared status into a 500 with a clear log line", async () => {
    const server = testServer({ handlers: lying });
    const res = await server.call("GET", "/pets/2", { key });
    expect(res.status).toBe(500);
    expect(isError(res.body, 500, "internal")).toBe(true);
    expect(server.logged[0]?.context).toEqual({ operationId: "getPet", status: 418 });
    expect((server.logged[0]?.error as Error).message).toBe(
      "getPet answered 418, a status the spec does not declare for it",
    );
  });

  it("turns a body that breaks the schema into a 500 naming the rule", async () => {
    const server = testServer({ handlers: lying });
    expect((await server.call("GET", "/pets/1", { key })).status).toBe(500);
    expect((await server.call("GET", "/pets/3", { key })).status).toBe(500);
    expect(server.logged.map((l) => (l.error as Error).message)).toEqual([
      "getPet answered 200 with a body that breaks the spec: response body.name must NOT have more than 64 characters (maxLength)",
      "getPet answered 200 with a body that breaks the spec: response body has unknown property 'extra' (additionalProperties)",
    ]);
  });

  it("flags undeclared statuses found by range, and invalid statuses even when off", async () => {
    const server = testServer({ handlers: lying });
    expect((await server.call("DELETE", "/pets/1", { key })).status).toBe(500);
    const off = testServer({ handlers: lying, validateResponses: false });
    expect((await off.call("GET", "/pets/2", { key })).status).toBe(418);
    expect((await off.call("GET", "/health")).status).toBe(500);
    expect(off.logged).toHaveLength(1);
  });

  it("matches 4XX ranges and default", async () => {
    const server = testServer({
      handlers: {
        ...handlers,
        createPet: () => ({
          status: 409,
          body: { code: "conflict", message: "taken", status: 409 },
        }),
        listLegacyPets: () => ({
          status: 503,
          body: { code: "down", message: "later", status: 503 },
        }),
      },
    });
    expect((await server.call("POST", "/pets", { key, json: { name: "A" } })).status).toBe(409);
    expect((await server.call("GET", "/legacy/pets")).status).toBe(503);
    expect(server.logged).toEqual([]);
  });
});

describe("request handler: deprecation and rate-limit headers on every response", () => {
  it("sends Deprecation (RFC 9745) and Sunset (RFC 8594) on every response of a deprecated operation", async () => {
    const server = testServer();
    const ok = await server.call("GET", "/legacy/pets");
    expect(ok.headers.get("deprecation")).toBe(`@${Date.UTC(2025, 0, 1) / 1000}`);
    expect(ok.headers.get("sunset")).toBe("Mon, 30 Jun 2031 00:00:00 GMT");
    const sunsetOnly = await server.call("GET", "/legacy/sunset-only");
    expect(sunsetOnly.headers.get("deprecation")).toBeNull();
    expect(sunsetOnly.headers.get("sunset")).toBe("Mon, 30 Jun 2031 00:00:00 GMT");
    const failing = testServer({
      handlers: { ...handlers, listLegacyPets: () => ({ status: 200, body: "nope" }) },
    });
    const broken = await failing.call("GET", "/legacy/pets");
    expect(broken.status).toBe(500);
    expect(broken.headers.get("sunset")).toBe("Mon, 30 Jun 2031 00:00:00 GMT");
    expect((await server.call("GET", "/health")).headers.get("sunset")).toBeNull();
  });

  it("sends them on 429s too, which are answered before routing", async () => {
    const server = testServer();
    for (let i = 0; i < 3; i++) await server.call("GET", "/legacy/pets");
    const limited = await server.call("GET", "/legacy/pets");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("deprecation")).toBe(`@${Date.UTC(2025, 0, 1) / 1000}`);
    expect(limited.headers.get("sunset")).toBe("Mon, 30 Jun 2031 00:00:00 GMT");
    expect((await server.call("GET", "/health")).headers.get("sunset")).toBeNull();
  });

  it("refuses malformed deprecation dates at start-up", () => {
    const bad = {
      ...apiWithoutLimits,
      operations: [{ ...operations[0]!, deprecated: { sunset: "2026-02-30" } }],
    };
    expect(() => createRuntimeRequestHandler(bad, handlers)).toThrow(/ISO date/);
  });

  it("adds X-RateLimit-* to 200/400/401/404/405/413/415/500/501 responses alike", async () => {
    const server = testServer({ maxBodyBytes: 10 });
    const calls: Array<[string, string, Parameters<typeof server.call>[2], number]> = [
      ["GET", "/pets/1", { key }, 200],
      ["GET", "/pets/abc", { key }, 400],
      ["GET", "/pets", { key: "unknown-key" }, 401],
      ["GET", "/nowhere", { key }, 404],
      ["PUT", "/pets", { key }, 405],
      ["POST", "/pets", { key, json: { name: "far too long for ten bytes" } }, 413],
      ["POST", "/pets", { key, body: "x", headers: { "content-type": "text/plain" } }, 415],
      ["GET", "/boom", { key }, 500],
      ["GET", "/stub", { key }, 501],
    ];
    for (const [method, path, init, status] of calls) {
      const res = await server.call(method, path, init);
      expect(res.status, `${method} ${path}`).toBe(status);
      expect(res.headers.get("x-ratelimit-limit"), `${method} ${path}`).not.toBeNull();
      expect(res.headers.get("x-ratelimit-remaining"), `${method} ${path}`).not.toBeNull();
      expect(res.headers.get("x-ratelimit-reset"), `${method} ${path}`).not.toBeNull();
      if (status >= 400)
        expect(isError(res.body, status, (res.body as { code: string }).code)).toBe(true);
    }
  });

  it("sends no X-RateLimit-* when the spec has no rate limits", async () => {
    const res = await answer(
      await createRuntimeRequestHandler(apiWithoutLimits, handlers)(request("GET", "/health")),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-limit")).toBeNull();
  });
});
