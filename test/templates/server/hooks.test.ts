/**
 * onRequest / onResponse and the extra response headers declared once (`responseHeaders`):
 * through the whole handler, as a server team would use them (the request-id recipe of
 * docs/server.md included).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { describe, expect, it } from "vitest";
import { createRuntimeRequestHandler } from "../../../templates/server/core/request-handler.js";
import type { RequestEvent, ResponseEvent } from "../../../templates/server/core/hooks.js";
import { api, handlers, KEYS, type Caller } from "./fixture-api.js";
import { testServer } from "./helpers.js";

describe("onRequest", () => {
  it("sees the routed operation and the caller, and may answer early", async () => {
    const seen: Array<Pick<RequestEvent<Caller>, "operationId" | "path" | "caller">> = [];
    const server = testServer({
      onRequest(event) {
        seen.push({ operationId: event.operationId, path: event.path, caller: event.caller });
        if (event.header("x-maintenance") === "on") {
          return {
            status: 503,
            body: { code: "maintenance", message: "back soon", status: 503 },
            headers: { "retry-after": "30" },
          };
        }
        return undefined;
      },
    });
    expect((await server.call("GET", "/pets", { key: KEYS.pro })).status).toBe(200);
    const early = await server.call("GET", "/pets", {
      key: KEYS.pro,
      headers: { "x-maintenance": "on" },
    });
    expect(early.status).toBe(503);
    expect(early.body).toEqual({ code: "maintenance", message: "back soon", status: 503 });
    expect(early.headers.get("retry-after")).toBe("30");
    expect(early.headers.get("x-ratelimit-limit")).toBe("10"); // the headers every answer carries
    expect(seen[0]).toEqual({ operationId: "listPets", path: "/pets", caller: { id: "bob" } });
  });

  it("may wait, and a hook that throws is a 500 through onError", async () => {
    const server = testServer({
      async onRequest(event) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (event.operationId === "health") throw new Error("hook failed");
      },
    });
    expect((await server.call("GET", "/pets", { key: KEYS.pro })).status).toBe(200);
    expect((await server.call("GET", "/health")).status).toBe(500);
    expect(String(server.logged[0]?.error)).toContain("hook failed");
  });
});

describe("the request-id recipe", () => {
  it("puts one id on every response, errors included, and on each log line", async () => {
    const lines: string[] = [];
    let next = 0;
    const idOf = (event: RequestEvent<Caller> | ResponseEvent) =>
      (event.locals["requestId"] ??= `req-${++next}`) as string;
    const server = testServer({
      responseHeaders: ["X-Request-Id"],
      onRequest(event) {
        event.locals["requestId"] = event.header("x-request-id") ?? `req-${++next}`;
      },
      onResponse(event) {
        const id = idOf(event);
        event.headers.set("X-Request-Id", id);
        lines.push(`${id} ${event.method} ${event.path} ${event.status}`);
      },
    });
    const given = await server.call("GET", "/pets", {
      key: KEYS.pro,
      headers: { "x-request-id": "abc" },
    });
    const missing = await server.call("GET", "/nowhere");
    expect(given.headers.get("x-request-id")).toBe("abc");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-request-id")).toBe("req-1");
    expect(lines).toEqual(["abc GET /pets 200", "req-1 GET /nowhere 404"]);
  });

  it("refuses a header neither the spec nor responseHeaders allows, reported through onError", async () => {
    const server = testServer({
      onResponse(event) {
        event.headers.set("X-Secret-Debug", "1");
      },
    });
    const answer = await server.call("GET", "/health");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-secret-debug")).toBeNull();
    expect(String(server.logged[0]?.error)).toContain("onResponse cannot set X-Secret-Debug");
  });
});

describe("responseHeaders: extra headers declared once", () => {
  const withHeaders = {
    ...handlers,
    health: () => ({
      status: 200,
      body: { ok: true },
      headers: { "X-Request-Id": "r1", "X-Undeclared": "u" },
    }),
  };

  it("with validateResponses, an undeclared handler header is a 500 naming it", async () => {
    const server = testServer({ handlers: withHeaders, responseHeaders: ["X-Request-Id"] });
    expect((await server.call("GET", "/health")).status).toBe(500);
    expect(String(server.logged[0]?.error)).toContain(
      "the header x-undeclared, which the spec does not declare",
    );
  });

  it("without it, the undeclared header is dropped and reported once; the allowed one is sent", async () => {
    const server = testServer({
      handlers: withHeaders,
      responseHeaders: ["X-Request-Id"],
      validateResponses: false,
    });
    const first = await server.call("GET", "/health");
    await server.call("GET", "/health");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-request-id")).toBe("r1");
    expect(first.headers.get("x-undeclared")).toBeNull();
    expect(server.logged).toHaveLength(1);
  });

  it("refuses a name that cannot be a header when the handler is made", () => {
    expect(() =>
      createRuntimeRequestHandler(
        { title: "t", version: "1", operations: [] },
        {},
        { responseHeaders: ["X Request"] },
      ),
    ).toThrow(/responseHeaders: "X Request" is not a header name/);
  });
});

describe("the request-id recipe for every log line (Node.js: AsyncLocalStorage)", () => {
  it("gives onError's lines the id of the request that failed, and its response the header", async () => {
    const requestId = new AsyncLocalStorage<string>();
    const lines: string[] = [];
    let next = 0;
    const inner = createRuntimeRequestHandler<Caller>(
      api,
      {
        ...handlers,
        health: () => {
          throw new Error("disk full");
        },
      },
      {
        responseHeaders: ["X-Request-Id"],
        onResponse(event) {
          event.headers.set("X-Request-Id", requestId.getStore() ?? "-");
        },
        onError(error, context) {
          lines.push(`${requestId.getStore()} ${context.operationId} ${String(error)}`);
        },
      },
    );
    const handler = (request: Request) =>
      requestId.run(request.headers.get("x-request-id") ?? `req-${++next}`, () => inner(request));
    const failed = await handler(new Request("http://api.test/health"));
    const given = await handler(
      new Request("http://api.test/health", { headers: { "x-request-id": "abc" } }),
    );
    expect([failed.status, given.status]).toEqual([500, 500]);
    expect(failed.headers.get("x-request-id")).toBe("req-1");
    expect(given.headers.get("x-request-id")).toBe("abc");
    expect(lines).toEqual(["req-1 health Error: disk full", "abc health Error: disk full"]);
  });
});
