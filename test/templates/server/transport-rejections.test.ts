/**
 * Requests refused before routing, over raw TCP sockets to a real `serveNode` server on
 * 127.0.0.1: each gets a complete HTTP response with the spec's `Error` body and `X-RateLimit-*`
 * counted against the client address (127.0.0.1), never a closed socket or node's bare status.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveNode } from "../../../templates/server/adapters/node-adapter.js";
import { KEYS } from "./fixture-api.js";
import { isError } from "./helpers.js";
import { rawRequest, rawTestHandler, type RawReply } from "./raw-http.js";

let server: Server;
let port: number;
const key = KEYS.enterprise;

beforeAll(async () => {
  server = await serveNode(rawTestHandler({ maxBodyBytes: 64 }), { port: 0 });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function send(request: string | readonly string[], partDelayMs?: number): Promise<RawReply> {
  return rawRequest(port, request, partDelayMs === undefined ? {} : { partDelayMs });
}

function expectRefusal(reply: RawReply, status: number, code: string): void {
  expect(reply.status, reply.bodyText).toBe(status);
  expect(isError(JSON.parse(reply.bodyText), status, code), reply.bodyText).toBe(true);
  expect(reply.headers.get("content-type")).toBe("application/json");
  // Counted against the client address on the first plan.
  expect(reply.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
  expect(reply.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
  expect(reply.headers.get("x-ratelimit-reset")).toMatch(/^\d+$/);
}

describe("transport-level rejections (raw TCP)", () => {
  it("an unknown method gets 501 not_implemented; on a known path 405 with Allow", async () => {
    expectRefusal(await send("FOO /nowhere HTTP/1.1\r\nHost: a\r\n\r\n"), 501, "not_implemented");
    const known = await send("FOO /pets HTTP/1.1\r\nHost: a\r\n\r\n");
    expectRefusal(known, 405, "method_not_allowed");
    expect(known.headers.get("allow")).toBe("GET, HEAD, POST");
    expect(known.headers.get("connection")).toBe("close");
  });

  it("a lower-case method is not its upper-case twin: 405 with Allow, or 501 on an unknown path", async () => {
    const lower = await send(`get /pets HTTP/1.1\r\nHost: a\r\nX-API-Key: ${key}\r\n\r\n`);
    expectRefusal(lower, 405, "method_not_allowed");
    expect(lower.headers.get("allow")).toBe("GET, HEAD, POST");
    expectRefusal(await send("get /nowhere HTTP/1.1\r\nHost: a\r\n\r\n"), 501, "not_implemented");
  });

  it("a method node parses but no operation can have (PROPFIND) is 501 on an unknown path, 405 on a known one", async () => {
    expectRefusal(
      await send("PROPFIND /nowhere HTTP/1.1\r\nHost: a\r\n\r\n"),
      501,
      "not_implemented",
    );
    const known = await send("PROPFIND /pets/1 HTTP/1.1\r\nHost: a\r\n\r\n");
    expectRefusal(known, 405, "method_not_allowed");
    expect(known.headers.get("allow")).toBe("GET, HEAD, DELETE");
  });

  it("CONNECT gets an answer (501), not a closed socket", async () => {
    const reply = await send("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
    expectRefusal(reply, 501, "not_implemented");
  });

  it("a target over maxUrlLength gets 414, whether the handler or node's parser sees it first", async () => {
    const long = `/pets?pad=${"a".repeat(9_000)}`;
    expectRefusal(await send(`GET ${long} HTTP/1.1\r\nHost: a\r\n\r\n`), 414, "uri_too_long");
    const huge = `/pets?pad=${"a".repeat(20_000)}`;
    expectRefusal(await send(`GET ${huge} HTTP/1.1\r\nHost: a\r\n\r\n`), 414, "uri_too_long");
  });

  it("headers over node's limit get 431 headers_too_large", async () => {
    const reply = await send(
      `GET /pets HTTP/1.1\r\nHost: a\r\nX-Pad: ${"b".repeat(20_000)}\r\n\r\n`,
    );
    expectRefusal(reply, 431, "headers_too_large");
    expect(reply.headers.get("connection")).toBe("close");
  });

  it("a missing or repeated Host gets 400 (HTTP/1.1); HTTP/1.0 needs none", async () => {
    expectRefusal(
      await send(`GET /pets HTTP/1.1\r\nX-API-Key: ${key}\r\n\r\n`),
      400,
      "validation_failed",
    );
    const twice = await send(
      `GET /pets HTTP/1.1\r\nHost: a\r\nHost: b\r\nX-API-Key: ${key}\r\n\r\n`,
    );
    expectRefusal(twice, 400, "validation_failed");
    expect(JSON.parse(twice.bodyText).message).toMatch(/Several Host headers/);
    const old = await send(`GET /pets HTTP/1.0\r\nX-API-Key: ${key}\r\n\r\n`);
    expect(old.status).toBe(200);
  });

  it("Content-Length with Transfer-Encoding, or Content-Length twice, gets 400", async () => {
    const smuggle =
      `POST /pets HTTP/1.1\r\nHost: a\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\n` +
      "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n";
    const both = "Content-Length and Transfer-Encoding must not both be sent (RFC 9112 §6.3)";
    const smuggled = await send(smuggle);
    expectRefusal(smuggled, 400, "validation_failed");
    expect(JSON.parse(smuggled.bodyText).message).toBe(both);
    // The other order: llhttp names it another way, the message is the same.
    const reversed = await send(
      `POST /pets HTTP/1.1\r\nHost: a\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\n` +
        "Transfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n0\r\n\r\n",
    );
    expect(JSON.parse(reversed.bodyText).message).toBe(both);
    const twice =
      `POST /pets HTTP/1.1\r\nHost: a\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\n` +
      "Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}";
    const duplicated = await send(twice);
    expectRefusal(duplicated, 400, "validation_failed");
    expect(JSON.parse(duplicated.bodyText).message).toBe("Content-Length is sent more than once");
    const malformed = await send(
      `POST /pets HTTP/1.1\r\nHost: a\r\nX-API-Key: ${key}\r\nContent-Length: 2x\r\n\r\n{}`,
    );
    expect(JSON.parse(malformed.bodyText).message).toBe(
      "Content-Length is malformed: expected one decimal number of bytes",
    );
  });

  it("rejections are counted against the client address: Remaining goes down", async () => {
    const first = await send("FOO /nowhere HTTP/1.1\r\nHost: a\r\n\r\n");
    const second = await send("FOO /nowhere HTTP/1.1\r\nHost: a\r\n\r\n");
    expect(Number(second.headers.get("x-ratelimit-remaining"))).toBeLessThan(
      Number(first.headers.get("x-ratelimit-remaining")) || 1,
    );
  });
});

describe("HEAD over node:http", () => {
  it("sends the GET's status, headers and Content-Length, and no body", async () => {
    const base = `http://127.0.0.1:${port}`;
    const get = await fetch(`${base}/pets`, { headers: { "x-api-key": key } });
    const getText = await get.text();
    const head = await fetch(`${base}/pets`, { method: "HEAD", headers: { "x-api-key": key } });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(getText)));
    expect(head.headers.get("content-type")).toBe("application/json");
    expect(await head.text()).toBe("");
  });
});

describe("request semantics (raw TCP)", () => {
  it("Expect: 100-continue with a Content-Length over the limit gets 413 without 100 Continue", async () => {
    const head =
      `POST /pets HTTP/1.1\r\nHost: a\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\n` +
      "Content-Length: 1000\r\nExpect: 100-continue\r\n\r\n";
    const reply = await send(head);
    expect(reply.interim).toEqual([]);
    expect(reply.status).toBe(413);
    expect(isError(JSON.parse(reply.bodyText), 413, "payload_too_large")).toBe(true);
  });

  it("Expect: 100-continue within the limit gets 100 Continue, then the answer", async () => {
    const body = JSON.stringify({ name: "Rex" });
    const head =
      `POST /pets HTTP/1.1\r\nHost: a\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`;
    const reply = await send([head, body], 100);
    expect(reply.interim).toEqual([100]);
    expect(reply.status).toBe(201);
  });

  it("Expect: 100-continue without a valid key gets 401 without 100 Continue", async () => {
    const head =
      "POST /pets HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n" +
      "Content-Length: 10\r\nExpect: 100-continue\r\n\r\n";
    const reply = await send(head);
    expect(reply.interim).toEqual([]);
    expect(reply.status).toBe(401);
  });
});
