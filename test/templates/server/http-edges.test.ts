/**
 * HTTP/1.1 framing that node's parser lets through (http-edges.ts), and serveNode's transport
 * bounds, over raw TCP sockets to a real `serveNode` server on 127.0.0.1: each refusal is a
 * complete response with the spec's `Error` body and `X-RateLimit-*`, never node's bare status
 * line, a silently dropped header or a body read wrongly.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  serveNode,
  type ServeNodeOptions,
} from "../../../templates/server/adapters/node-adapter.js";
import { KEYS } from "./fixture-api.js";
import { isError } from "./helpers.js";
import { rawRequest, rawTestHandler, type RawReply } from "./raw-http.js";

const key = KEYS.enterprise;
const servers: Server[] = [];

async function start(options: ServeNodeOptions = {}): Promise<number> {
  const server = await serveNode(rawTestHandler(), { port: 0, ...options });
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

let port: number;
beforeAll(async () => {
  port = await start();
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

function expectRefusal(reply: RawReply, status: number, code: string, message: RegExp): void {
  expect(reply.status, reply.bodyText).toBe(status);
  const body = JSON.parse(reply.bodyText) as { message: string };
  expect(isError(body, status, code), reply.bodyText).toBe(true);
  expect(body.message).toMatch(message);
  expect(reply.headers.get("content-type")).toBe("application/json");
  expect(reply.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
  expect(reply.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
  expect(reply.headers.get("x-ratelimit-reset")).toMatch(/^\d+$/);
}

const get = (headers: string) =>
  rawRequest(port, `GET /pets HTTP/1.1\r\n${headers}X-API-Key: ${key}\r\n\r\n`);

describe("HTTP edges node lets through", () => {
  it("an Expect other than 100-continue gets 417 expectation_failed with the Error body, not node's bare 417", async () => {
    const reply = await get("Host: a\r\nExpect: foo\r\n");
    expectRefusal(reply, 417, "expectation_failed", /Expect "foo" cannot be met/);
    // 100-continue is still understood.
    expect((await get("Host: a\r\nExpect: 100-Continue\r\n")).status).toBe(200);
  });

  it("a transfer coding other than chunked gets 501, the body unread and the connection closed", async () => {
    const reply = await rawRequest(
      port,
      `POST /pets HTTP/1.1\r\nHost: a\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\n` +
        "Transfer-Encoding: gzip, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
    );
    expectRefusal(reply, 501, "not_implemented", /Transfer-Encoding "gzip" is not supported/);
    expect(reply.headers.get("connection")).toBe("close");
  });

  it("an invalid Host value gets 400 (RFC 9112 §3.2); valid forms are served", async () => {
    for (const host of ["a b", "exa mple.com:80", "x/y", "host:port", "[::1"]) {
      expectRefusal(
        await get(`Host: ${host}\r\n`),
        400,
        "validation_failed",
        /Invalid Host header/,
      );
    }
    for (const host of ["api.example.com", "api.example.com:8443", "127.0.0.1:1", "[::1]:80", ""]) {
      expect((await get(`Host: ${host}\r\n`)).status, host).toBe(200);
    }
  });

  it("more than 2000 header lines get 431, not a request whose API key was dropped (401)", async () => {
    const many = Array.from({ length: 2_001 }, (_, i) => `a${i}: 1\r\n`).join("");
    const reply = await get(`Host: a\r\n${many}`);
    expectRefusal(reply, 431, "headers_too_large", /at most 2000/);
    const fewer = Array.from({ length: 1_990 }, (_, i) => `a${i}: 1\r\n`).join("");
    expect((await get(`Host: a\r\n${fewer}`)).status).toBe(200);
  });

  it("a malformed Content-Type is reported as malformed, not as missing", async () => {
    const post = (type: string) =>
      rawRequest(
        port,
        `POST /pets HTTP/1.1\r\nHost: a\r\nX-API-Key: ${key}\r\nContent-Type: ${type}\r\n` +
          'Content-Length: 12\r\n\r\n{"name":"a"}',
      );
    for (const type of [";charset=utf-8", "json", "application/", "application json"]) {
      const reply = await post(type);
      expectRefusal(reply, 415, "unsupported_media_type", /^Content-Type .* is malformed/);
    }
    const missing = await rawRequest(
      port,
      `POST /pets HTTP/1.1\r\nHost: a\r\nX-API-Key: ${key}\r\nContent-Length: 12\r\n\r\n{"name":"a"}`,
    );
    expectRefusal(missing, 415, "unsupported_media_type", /^Content-Type is missing/);
  });
});

describe("HTTP edges in front of any web handler", () => {
  it("answers them with the Error body (without X-RateLimit-*: nothing counts) before the handler runs", async () => {
    let calls = 0;
    const server = await serveNode(
      async () => {
        calls += 1;
        return new Response("ok");
      },
      { port: 0 },
    );
    servers.push(server);
    const plain = (server.address() as AddressInfo).port;
    const expectation = await rawRequest(plain, "GET / HTTP/1.1\r\nHost: a\r\nExpect: foo\r\n\r\n");
    expect(expectation.status).toBe(417);
    expect(isError(JSON.parse(expectation.bodyText), 417, "expectation_failed")).toBe(true);
    expect(expectation.headers.get("x-ratelimit-limit")).toBeNull();
    const host = await rawRequest(plain, "GET / HTTP/1.1\r\nHost: a b\r\n\r\n");
    expect(isError(JSON.parse(host.bodyText), 400, "validation_failed")).toBe(true);
    expect(calls).toBe(0);
    expect(await (await fetch(`http://127.0.0.1:${plain}/`)).text()).toBe("ok");
  });
});

describe("serveNode transport bounds", () => {
  it("a chunked body that never ends is answered 408 and closed after requestTimeoutMs", async () => {
    const quick = await start({ headersTimeoutMs: 500, requestTimeoutMs: 1_000 });
    const started = performance.now();
    const reply = await rawRequest(quick, [
      `POST /pets HTTP/1.1\r\nHost: a\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\n` +
        "Transfer-Encoding: chunked\r\n\r\n1\r\n{\r\n",
    ]);
    const elapsed = performance.now() - started;
    expectRefusal(reply, 408, "request_timeout", /did not arrive in time/);
    expect(reply.headers.get("connection")).toBe("close");
    // Node's default would have held it 300 s (plus up to 30 s until its next check).
    expect(elapsed).toBeGreaterThan(900);
    expect(elapsed).toBeLessThan(4_000);
  }, 10_000);

  it("refuses bad bounds at start, saying which and why", async () => {
    await expect(start({ requestTimeoutMs: 0 })).rejects.toThrow(
      "serveNode: requestTimeoutMs must be a whole number ≥ 1 (got 0)",
    );
    await expect(start({ headersTimeoutMs: 5_000, requestTimeoutMs: 1_000 })).rejects.toThrow(
      "serveNode: headersTimeoutMs (5000) must not exceed requestTimeoutMs (1000)",
    );
    await expect(start({ maxConnections: 1.5 })).rejects.toThrow(/maxConnections/);
  });

  it("uses safe defaults: 10 s headers, 30 s request, 72 s keep-alive, 10,000 connections", () => {
    const server = servers[0] as Server;
    expect(server.headersTimeout).toBe(10_000);
    expect(server.requestTimeout).toBe(30_000);
    expect(server.keepAliveTimeout).toBe(72_000);
    expect(server.maxConnections).toBe(10_000);
  });
});
