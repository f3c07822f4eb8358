import { describe, expect, it } from "vitest";
import { apiWithoutLimits, handlers, KEYS, type Caller } from "./fixture-api.js";
import { answer, BASE, isError, testServer as limitedServer } from "./helpers.js";
import type { HandlerMap } from "../../../templates/server/core/handler-api.js";

const key = KEYS.pro;

/** These tests are not about rate limits. */
const testServer = (options: Parameters<typeof limitedServer>[0] = {}) =>
  limitedServer({ api: apiWithoutLimits, ...options });

function messageOf(body: unknown): string {
  return (body as { message: string }).message;
}

/** A body stream that counts the bytes it was asked for; `total` undefined = endless. */
function countingStream(chunkSize: number, total?: number) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (total !== undefined && state.pulled >= total) {
        controller.close();
        return;
      }
      state.pulled += chunkSize;
      controller.enqueue(new Uint8Array(chunkSize).fill(32));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

function streamingRequest(
  path: string,
  stream: ReadableStream<Uint8Array>,
  headers: Record<string, string>,
) {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { "x-api-key": key, ...headers },
    body: stream,
    duplex: "half",
  } as RequestInit);
}

describe("request bodies", () => {
  it("413 payload_too_large from Content-Length, before reading anything", async () => {
    const server = testServer({ maxBodyBytes: 100 });
    const { stream, state } = countingStream(10, 1000);
    const res = await answer(
      await server.handler(
        streamingRequest("/pets", stream, {
          "content-type": "application/json",
          "content-length": "1000",
        }),
      ),
    );
    expect(res.status).toBe(413);
    expect(isError(res.body, 413, "payload_too_large")).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual(10); // at most what the stream pre-buffers
  });

  it("413 payload_too_large while streaming, stopping as soon as the cap is passed", async () => {
    const server = testServer({ maxBodyBytes: 1024 });
    const { stream, state } = countingStream(256); // endless
    const res = await answer(
      await server.handler(
        streamingRequest("/pets", stream, { "content-type": "application/json" }),
      ),
    );
    expect(res.status).toBe(413);
    expect(isError(res.body, 413, "payload_too_large")).toBe(true);
    expect(state.pulled).toBeLessThan(4096);
    expect(state.cancelled).toBe(true);
  });

  it("accepts a body of exactly the cap", async () => {
    const server = testServer({ maxBodyBytes: 18 });
    const json = { name: "abcdefgh" }; // 19 bytes
    expect((await server.call("POST", "/pets", { key, json })).status).toBe(413);
    const exact = { name: "abcdefg" }; // 18 bytes
    expect((await server.call("POST", "/pets", { key, json: exact })).status).toBe(201);
  });

  it("415 unsupported_media_type for a wrong or missing content type", async () => {
    const server = testServer();
    const wrong = await server.call("POST", "/pets", {
      key,
      body: "name=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(wrong.status).toBe(415);
    expect(isError(wrong.body, 415, "unsupported_media_type")).toBe(true);
    expect(messageOf(wrong.body)).toContain("application/json");
    const missing = await server.call("POST", "/pets", {
      key,
      body: new TextEncoder().encode('{"name":"x"}'),
    });
    expect(missing.status).toBe(415);
    expect(messageOf(missing.body)).toContain("missing");
  });

  it("ignores content-type parameters and honours wildcards from the spec", async () => {
    const server = testServer();
    const charset = await server.call("POST", "/pets", {
      key,
      body: '{"name":"Rex"}',
      headers: { "content-type": "Application/JSON; charset=UTF-8" },
    });
    expect(charset.status).toBe(201);
    const xml = await server.call("POST", "/anything", {
      body: "<a/>",
      headers: { "content-type": "application/xml" },
    });
    expect(xml.status).toBe(200);
    expect((xml.body as { body: unknown }).body).toEqual({ 0: 60, 1: 97, 2: 47, 3: 62 }); // bytes
    const text = await server.call("POST", "/anything", {
      body: "hi",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
  });

  it("400 validation_failed with the parser's message for malformed JSON", async () => {
    const res = await testServer().call("POST", "/pets", {
      key,
      body: '{"name": "Rex",',
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(isError(res.body, 400, "validation_failed")).toBe(true);
    expect(messageOf(res.body)).toMatch(/^body is not valid JSON: /);
  });

  it("400 for invalid UTF-8", async () => {
    const res = await testServer().call("POST", "/pets", {
      key,
      body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]),
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(messageOf(res.body)).toBe("body is not valid UTF-8");
  });

  it("refuses __proto__ keys anywhere (even escaped) and constructor.prototype, naming the key", async () => {
    const seen: unknown[] = [];
    const spy: HandlerMap<Caller> = {
      ...handlers,
      postAnything: ({ body }) => {
        seen.push(body);
        Object.assign({}, body);
        return { status: 200, body: {} };
      },
    };
    const server = testServer({ handlers: spy });
    const cases: Array<[string, string]> = [
      ['{"__proto__": {"polluted": true}}', "body.__proto__"],
      ['{"a": {"b": [1, {"__proto__": {"polluted": true}}]}}', "body.a.b[1].__proto__"],
      ['{"\\u005f_proto__": {"polluted": true}}', "body.__proto__"],
      ['{"x": {"constructor": {"prototype": {"polluted": true}}}}', "body.x.constructor"],
    ];
    for (const [text, name] of cases) {
      const res = await server.call("POST", "/anything", {
        body: text,
        headers: { "content-type": "application/json" },
      });
      expect(res.status, text).toBe(400);
      expect(isError(res.body, 400, "validation_failed")).toBe(true);
      expect(messageOf(res.body)).toBe(`${name} is a forbidden key (prototype pollution guard)`);
    }
    expect(seen).toEqual([]);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    // A plain "constructor" field is data, not an attack.
    const fine = await server.call("POST", "/anything", {
      body: '{"constructor": "Ada", "note": "caf\\u00e9"}',
      headers: { "content-type": "application/json" },
    });
    expect(fine.status).toBe(200);
    expect(seen).toEqual([{ constructor: "Ada", note: "café" }]);
  });

  it("400 when a required body is missing or empty", async () => {
    const server = testServer();
    const none = await server.call("POST", "/pets", { key });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      code: "validation_failed",
      message: "body is required",
      status: 400,
    });
    const empty = await server.call("POST", "/pets", {
      key,
      body: "",
      headers: { "content-type": "application/json" },
    });
    expect(empty.status).toBe(400);
    expect(messageOf(empty.body)).toBe("body is required");
    // An optional body may be left out.
    expect((await server.call("POST", "/notes")).status).toBe(204);
  });

  it("400 naming the field and the rule when the body breaks the schema", async () => {
    const server = testServer();
    const cases: Array<[unknown, string]> = [
      [{ name: "x".repeat(65) }, "body.name must NOT have more than 64 characters (maxLength)"],
      [{}, "body must have required property 'name' (required)"],
      [{ name: "Rex", foo: 1 }, "body has unknown property 'foo' (additionalProperties)"],
      [{ name: 5 }, "body.name must be string (type)"],
      [[], "body must be object (type)"],
    ];
    for (const [json, message] of cases) {
      const res = await server.call("POST", "/pets", { key, json });
      expect(res.body).toEqual({ code: "validation_failed", message, status: 400 });
    }
    const note = await server.call("POST", "/notes", {
      body: "x".repeat(21),
      headers: { "content-type": "text/plain" },
    });
    expect(messageOf(note.body)).toBe("body must NOT have more than 20 characters (maxLength)");
  });

  it("passes octet-stream bodies as bytes and forms as objects", async () => {
    const received: unknown[] = [];
    const server = testServer({
      handlers: {
        ...handlers,
        uploadPhoto: ({ body }) => (received.push(body), { status: 204 }),
        submitForm: ({ body }) => (received.push(body), { status: 200, body: {} }),
      },
    });
    const upload = await server.call("PUT", "/pets/1/photo", {
      key,
      body: new Uint8Array([1, 2, 3]),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(upload.status).toBe(204);
    expect(received[0]).toBeInstanceOf(Uint8Array);
    expect([...(received[0] as Uint8Array)]).toEqual([1, 2, 3]);

    const form = await server.call("POST", "/forms", {
      body: "name=Rex&tag=a&tag=b&toString=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(200);
    expect(received[1]).toEqual({ name: "Rex", tag: ["a", "b"], toString: "x" });
    const hostile = await server.call("POST", "/forms", {
      body: "name=Rex&__proto__=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(hostile.status).toBe(400);
    expect(messageOf(hostile.body)).toContain("__proto__");
  });
});
