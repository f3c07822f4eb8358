import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveNode, toNodeListener } from "../../../templates/server/adapters/node-adapter.js";
import { createRuntimeRequestHandler } from "../../../templates/server/core/request-handler.js";
import { api, authenticate, handlers, KEYS, type Caller } from "./fixture-api.js";
import { isError } from "./helpers.js";

const key = KEYS.enterprise;
let server: Server;
let base: string;
let port: number;
const received: Array<{ url: string; host: string | null; bodyText: string | null }> = [];

/** A raw HTTP exchange, for what fetch cannot send (lying Content-Length, endless chunks). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  write: (req: ReturnType<typeof httpRequest>) => void,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, method, path, headers, agent: false },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", (error) => {
      if (
        (error as NodeJS.ErrnoException).code !== "EPIPE" &&
        (error as NodeJS.ErrnoException).code !== "ECONNRESET"
      )
        reject(error);
    });
    write(req);
  });
}

beforeAll(async () => {
  const handler = createRuntimeRequestHandler<Caller>(
    api,
    {
      ...handlers,
      postAnything: async ({ body, request }) => {
        received.push({
          url: request.url,
          host: request.headers.get("host"),
          bodyText: request.body === null ? null : await request.text(),
        });
        return { status: 200, body: { body } };
      },
    },
    {
      authenticate,
      planLimits: { enterprise: { perMinute: 1000, perDay: 100_000 } },
      validateResponses: true,
      maxBodyBytes: 1024,
      onError: () => undefined,
    },
  );
  server = await serveNode(handler, { port: 0 });
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("node adapter over real HTTP", () => {
  it("serves JSON with Content-Length and X-RateLimit-* headers", async () => {
    const res = await fetch(`${base}/pets/1`, { headers: { "x-api-key": key } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ id: 1, name: "Rex", tag: "dog" });
    expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("x-ratelimit-limit")).toBe("1000");
  });

  it("reads JSON bodies, and answers validation errors", async () => {
    const created = await fetch(`${base}/pets`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify({ name: "Tom" }),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ id: 3, name: "Tom" });
    const invalid = await fetch(`${base}/pets`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: "{",
    });
    expect(invalid.status).toBe(400);
    expect(isError(await invalid.json(), 400, "validation_failed")).toBe(true);
  });

  it("answers 204 without a body and 405 with Allow", async () => {
    const deleted = await fetch(`${base}/pets/1`, {
      method: "DELETE",
      headers: { "x-api-key": key },
    });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    const head = await fetch(`${base}/pets`, { method: "PATCH", headers: { "x-api-key": key } });
    expect(head.status).toBe(405);
    expect(head.headers.get("allow")).toBe("GET, HEAD, POST");
  });

  it("builds the web Request lazily from the Host header, with the body already read", async () => {
    const res = await fetch(`${base}/anything?x=1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"a":1}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ body: { a: 1 } });
    expect(received.at(-1)).toEqual({
      url: `http://127.0.0.1:${port}/anything?x=1`,
      host: `127.0.0.1:${port}`,
      bodyText: '{"a":1}',
    });
    const spoofed = await raw(
      "POST",
      "/anything",
      { host: "evil/x?", "content-type": "application/json", "content-length": "2" },
      (req) => req.end("{}"),
    );
    // Not a host[:port]: refused before any handler sees it (RFC 9112 §3.2).
    expect(spoofed.status).toBe(400);
    expect(received.at(-1)?.url).toBe(`http://127.0.0.1:${port}/anything?x=1`);
  });

  it("413 from a lying Content-Length without reading, and closes the connection", async () => {
    const res = await raw(
      "POST",
      "/pets",
      { "x-api-key": key, "content-type": "application/json", "content-length": "1000000" },
      (req) => req.write("{"),
    );
    expect(res.status).toBe(413);
    expect(isError(JSON.parse(res.body), 413, "payload_too_large")).toBe(true);
    expect(res.headers["connection"]).toBe("close");
  });

  it("413 while streaming a chunked body past the cap", async () => {
    const res = await raw(
      "POST",
      "/pets",
      { "x-api-key": key, "content-type": "application/json", "transfer-encoding": "chunked" },
      (req) => {
        const chunk = "x".repeat(512);
        let sent = 0;
        const timer = setInterval(() => {
          if (req.destroyed || sent > 1000) return clearInterval(timer);
          req.write(chunk);
          sent++;
        }, 1);
        req.on("close", () => clearInterval(timer));
      },
    );
    expect(res.status).toBe(413);
    expect(isError(JSON.parse(res.body), 413, "payload_too_large")).toBe(true);
  });

  it("keeps the connection alive after a 401 that left a small body unread", async () => {
    const res = await fetch(`${base}/pets`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Tom" }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("connection")).not.toBe("close");
    await res.text();
  });

  it("keeps the connection alive across requests", async () => {
    const a = await fetch(`${base}/health`, { headers: { "x-api-key": key } });
    const b = await fetch(`${base}/health`, { headers: { "x-api-key": key } });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.headers.get("connection")).not.toBe("close");
  });
});

describe("node adapter with any web handler", () => {
  it("streams the request body in and the Response out, with every Set-Cookie", async () => {
    const listener = toNodeListener(async (request) => {
      const text = await request.text();
      const headers = new Headers({ "content-type": "text/plain" });
      headers.append("set-cookie", "a=1");
      headers.append("set-cookie", "b=2");
      const url = new URL(request.url);
      return new Response(`${request.method} ${url.pathname}${url.search} ${text}`, {
        status: 202,
        headers,
      });
    });
    const { createServer } = await import("node:http");
    const plain = createServer(listener);
    await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
    try {
      const address = plain.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${address.port}/echo?q=1`, {
        method: "PUT",
        body: "hello",
      });
      expect(res.status).toBe(202);
      expect(await res.text()).toBe("PUT /echo?q=1 hello");
      expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    } finally {
      plain.closeAllConnections();
      await new Promise((resolve) => plain.close(resolve));
    }
  });
});
