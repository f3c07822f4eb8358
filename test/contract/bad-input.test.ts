/**
 * A table of malformed and hostile requests against the reference server over real HTTP: each
 * gets the documented 4xx with a valid `Error` body (checked by the independent spec validator),
 * none gets a 5xx, and none changes the store or pollutes prototypes.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startContractServer, type ContractServer, type RawAnswer } from "./harness.js";

const MIB = 1_048_576;

let h: ContractServer;
let key: string;
let petId: number;

beforeAll(async () => {
  h = await startContractServer({
    planLimits: { enterprise: { perMinute: 100_000, perDay: 1_000_000 } },
  });
  key = h.key("enterprise");
  const api = h.client();
  const category = await api.createCategory({ body: { name: "Dogs" } });
  const pet = await api.createPet({ body: { name: "Rex", categoryId: category.data?.id ?? 0 } });
  petId = pet.data?.id ?? 0;
  await api.setInventoryStock({ path: { petId }, body: { quantity: 10 } });
});

afterAll(async () => {
  await h.close();
});

interface Case {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  /** Raw body text (sent as is) or bytes. */
  readonly body?: string | Uint8Array;
  /** JSON body (serialized). */
  readonly json?: unknown;
  /** Headers; `content-type` defaults to application/json when a body is given. */
  readonly headers?: Record<string, string>;
  /** The API key to send; default: a valid enterprise key. `null`: none. */
  readonly key?: string | null;
  readonly status: number;
  readonly code: string;
  /** Words the message must contain (it names the field and the rule). */
  readonly message?: RegExp;
}

const ok = { name: "Ok", categoryId: 1 };

function bodyCases(): Case[] {
  const post = (
    name: string,
    path: string,
    extra: Omit<Case, "name" | "method" | "path">,
  ): Case => ({
    name,
    method: "POST",
    path,
    ...extra,
  });
  return [
    // Malformed JSON.
    post("truncated JSON", "/categories", {
      body: '{"name": "Dogs"',
      status: 400,
      code: "validation_failed",
      message: /JSON/,
    }),
    post("trailing comma", "/categories", {
      body: '{"name": "Fish",}',
      status: 400,
      code: "validation_failed",
      message: /JSON/,
    }),
    post("two JSON values", "/categories", {
      body: '{"name":"Fish"} {"name":"Cat"}',
      status: 400,
      code: "validation_failed",
      message: /JSON/,
    }),
    post("single quotes", "/categories", {
      body: "{'name': 'Fish'}",
      status: 400,
      code: "validation_failed",
      message: /JSON/,
    }),
    post("JSON null", "/categories", {
      body: "null",
      status: 400,
      code: "validation_failed",
      message: /body/,
    }),
    post("JSON array", "/categories", {
      body: '[{"name":"Fish"}]',
      status: 400,
      code: "validation_failed",
      message: /body/,
    }),
    post("JSON string", "/categories", {
      body: '"Fish"',
      status: 400,
      code: "validation_failed",
      message: /body/,
    }),
    post("empty body", "/categories", {
      body: "",
      status: 400,
      code: "validation_failed",
      message: /body/,
    }),
    post("invalid UTF-8", "/categories", {
      body: new Uint8Array([
        0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d,
      ]),
      status: 400,
      code: "validation_failed",
      message: /UTF-8/,
    }),
    // Wrong types.
    post("name is a number", "/pets", {
      json: { name: 123, categoryId: 1 },
      status: 400,
      code: "validation_failed",
      message: /name/,
    }),
    post("categoryId is a string", "/pets", {
      json: { name: "Rex", categoryId: "1" },
      status: 400,
      code: "validation_failed",
      message: /categoryId/,
    }),
    post("categoryId is a fraction", "/pets", {
      json: { name: "Rex", categoryId: 1.5 },
      status: 400,
      code: "validation_failed",
      message: /categoryId/,
    }),
    post("categoryId above 2^53-1", "/pets", {
      json: { name: "Rex", categoryId: 2 ** 53 },
      status: 400,
      code: "validation_failed",
      message: /categoryId/,
    }),
    post("status not in the enum", "/pets", {
      json: { name: "Rex", categoryId: 1, status: "lost" },
      status: 400,
      code: "validation_failed",
      message: /status/,
    }),
    post("blank name", "/pets", {
      json: { name: "   ", categoryId: 1 },
      status: 400,
      code: "validation_failed",
      message: /name/,
    }),
    post("name too long", "/pets", {
      json: { name: "n".repeat(101), categoryId: 1 },
      status: 400,
      code: "validation_failed",
      message: /name/,
    }),
    post("name is null", "/categories", {
      json: { name: null },
      status: 400,
      code: "validation_failed",
      message: /name/,
    }),
    post("description is a number", "/categories", {
      json: { name: "Fish", description: 5 },
      status: 400,
      code: "validation_failed",
      message: /description/,
    }),
    post("quantity is a string", "/store/orders", {
      json: { petId: 1, quantity: "2" },
      status: 400,
      code: "validation_failed",
      message: /quantity/,
    }),
    post("quantity 0", "/store/orders", {
      json: { petId: 1, quantity: 0 },
      status: 400,
      code: "validation_failed",
      message: /quantity/,
    }),
    post("quantity 1001", "/store/orders", {
      json: { petId: 1, quantity: 1001 },
      status: 400,
      code: "validation_failed",
      message: /quantity/,
    }),
    post("quantity 2.5", "/store/orders", {
      json: { petId: 1, quantity: 2.5 },
      status: 400,
      code: "validation_failed",
      message: /quantity/,
    }),
    post("petId 0", "/store/orders", {
      json: { petId: 0, quantity: 1 },
      status: 400,
      code: "validation_failed",
      message: /petId/,
    }),
    {
      name: "stock -1",
      method: "PUT",
      path: "/store/inventory/1",
      json: { quantity: -1 },
      status: 400,
      code: "validation_failed",
      message: /quantity/,
    },
    {
      name: "stock 1000001",
      method: "PUT",
      path: "/store/inventory/1",
      json: { quantity: 1_000_001 },
      status: 400,
      code: "validation_failed",
      message: /quantity/,
    },
    {
      name: "stock null",
      method: "PUT",
      path: "/store/inventory/1",
      json: { quantity: null },
      status: 400,
      code: "validation_failed",
      message: /quantity/,
    },
    // Missing required fields.
    post("empty object for a pet", "/pets", {
      json: {},
      status: 400,
      code: "validation_failed",
      message: /name|categoryId/,
    }),
    post("pet without categoryId", "/pets", {
      json: { name: "Rex" },
      status: 400,
      code: "validation_failed",
      message: /categoryId/,
    }),
    post("category without name", "/categories", {
      json: { description: "d" },
      status: 400,
      code: "validation_failed",
      message: /name/,
    }),
    post("order without quantity", "/store/orders", {
      json: { petId: 1 },
      status: 400,
      code: "validation_failed",
      message: /quantity/,
    }),
    {
      name: "stock without quantity",
      method: "PUT",
      path: "/store/inventory/1",
      json: {},
      status: 400,
      code: "validation_failed",
      message: /quantity/,
    },
    // Unknown fields (additionalProperties: false).
    post("pet with an id", "/pets", {
      json: { ...ok, id: 5 },
      status: 400,
      code: "validation_failed",
      message: /id/,
    }),
    post("category with an extra field", "/categories", {
      json: { name: "Fish", color: "blue" },
      status: 400,
      code: "validation_failed",
      message: /color/,
    }),
    post("order with complete", "/store/orders", {
      json: { petId: 1, quantity: 1, complete: true },
      status: 400,
      code: "validation_failed",
      message: /complete/,
    }),
    {
      name: "stock with delta",
      method: "PUT",
      path: "/store/inventory/1",
      json: { quantity: 1, delta: 2 },
      status: 400,
      code: "validation_failed",
      message: /delta/,
    },
    {
      name: "pet replacement with an extra field",
      method: "PUT",
      path: "/pets/1",
      json: { ...ok, color: "brown" },
      status: 400,
      code: "validation_failed",
      message: /color/,
    },
    // Prototype pollution attempts.
    post("__proto__ key", "/categories", {
      body: '{"name":"Proto","__proto__":{"polluted":"yes"}}',
      status: 400,
      code: "validation_failed",
      message: /__proto__/,
    }),
    post("nested __proto__", "/pets", {
      body: '{"name":"P","categoryId":1,"status":{"__proto__":{"polluted":"yes"}}}',
      status: 400,
      code: "validation_failed",
    }),
    post("escaped __proto__", "/categories", {
      body: '{"name":"Proto","\\u005f_proto__":{"polluted":"yes"}}',
      status: 400,
      code: "validation_failed",
    }),
    post("constructor.prototype", "/categories", {
      body: '{"name":"Proto","constructor":{"prototype":{"polluted":"yes"}}}',
      status: 400,
      code: "validation_failed",
    }),
    // Content types.
    post("text/plain", "/categories", {
      body: '{"name":"Fish"}',
      headers: { "content-type": "text/plain" },
      status: 415,
      code: "unsupported_media_type",
    }),
    post("no content type", "/categories", {
      body: new TextEncoder().encode('{"name":"Fish"}'),
      headers: {},
      status: 415,
      code: "unsupported_media_type",
    }),
    post("application/jsonp", "/categories", {
      body: '{"name":"Fish"}',
      headers: { "content-type": "application/jsonp" },
      status: 415,
      code: "unsupported_media_type",
    }),
    post("form encoded", "/pets", {
      body: "name=Rex&categoryId=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      status: 415,
      code: "unsupported_media_type",
    }),
    {
      name: "XML replacement",
      method: "PUT",
      path: "/categories/1",
      body: "<category><name>Dogs</name></category>",
      headers: { "content-type": "application/xml" },
      status: 415,
      code: "unsupported_media_type",
    },
    // Sizes.
    post("2 MiB body", "/categories", {
      json: { name: "Big", description: "d".repeat(2 * MIB) },
      status: 413,
      code: "payload_too_large",
    }),
    post("1 MiB + 1 byte", "/categories", {
      body: padded('{"name":"Big"}', MIB + 1),
      status: 413,
      code: "payload_too_large",
    }),
  ];
}

/** `json` padded with spaces to exactly `bytes` bytes (still valid JSON). */
function padded(json: string, bytes: number): string {
  return json + " ".repeat(bytes - Buffer.byteLength(json));
}

function pathAndQueryCases(): Case[] {
  const get = (path: string, message: RegExp): Case => ({
    name: `GET ${path}`,
    method: "GET",
    path,
    status: 400,
    code: "validation_failed",
    message,
  });
  return [
    get("/pets/by-id/abc", /petId/),
    get("/pets/by-id/1.5", /petId/),
    get("/pets/by-id/-1", /petId/),
    get("/pets/by-id/0", /petId/),
    get("/pets/by-id/9007199254740992", /petId/),
    get("/pets/by-id/%20", /petId/),
    get("/pets/by-id/%ZZ", /petId/),
    get("/pets/by-id/99999999999999999999999", /petId/),
    get("/categories/NaN", /categoryId/),
    get("/categories/Infinity", /categoryId/),
    get("/store/orders/abc", /orderId/),
    {
      name: "PUT /store/inventory/abc",
      method: "PUT",
      path: "/store/inventory/abc",
      json: { quantity: 1 },
      status: 400,
      code: "validation_failed",
      message: /petId/,
    },
    {
      name: "DELETE /pets/true",
      method: "DELETE",
      path: "/pets/true",
      status: 400,
      code: "validation_failed",
      message: /petId/,
    },
    get("/pets?limit=0", /limit/),
    get("/pets?limit=101", /limit/),
    get("/pets?limit=abc", /limit/),
    get("/pets?limit=1.5", /limit/),
    get("/pets?offset=-1", /offset/),
    get("/pets?offset=2147483648", /offset/),
    get("/pets?status=lost", /status/),
    get("/pets?categoryId=0", /categoryId/),
    get("/pets?categoryId=abc", /categoryId/),
    get("/categories?limit=-5", /limit/),
    get("/store/orders?complete=maybe", /complete/),
    get("/store/orders?petId=abc", /petId/),
    get("/store/orders?petId=0", /petId/),
  ];
}

/**
 * Texts that are not decimal integers, which `Number()` would still read as one (hex, binary,
 * octal, surrounding spaces). The spec: "A path identifier that is not a positive integer is
 * `400 validation_failed`"; `limit` is an integer too.
 */
function nonDecimalCases(): Case[] {
  return [
    "/pets/by-id/0x10",
    "/pets/by-id/0b1",
    "/pets/by-id/0o7",
    "/pets/by-id/%201",
    "/store/orders/1%20",
    "/pets?limit=0x10",
  ].map((path) => ({
    name: `GET ${path}`,
    method: "GET",
    path,
    status: 400,
    code: "validation_failed",
    message: path.includes("limit") ? /limit/ : /petId|orderId/,
  }));
}

function keyCases(): Case[] {
  const unicode = Buffer.from("ключ-🔑-鍵", "utf8").toString("latin1"); // UTF-8 bytes on the wire
  return [
    { name: "no key", method: "GET", path: "/pets", key: null, status: 401, code: "unauthorized" },
    { name: "empty key", method: "GET", path: "/pets", key: "", status: 401, code: "unauthorized" },
    {
      name: "8000-character key",
      method: "GET",
      path: "/pets",
      key: "k".repeat(8000),
      status: 401,
      code: "unauthorized",
    },
    {
      name: "unicode key",
      method: "GET",
      path: "/pets",
      key: unicode,
      status: 401,
      code: "unauthorized",
    },
    {
      name: "key with a tab",
      method: "GET",
      path: "/pets",
      key: "pk_free\tx",
      status: 401,
      code: "unauthorized",
    },
    {
      name: "injection-looking key",
      method: "GET",
      path: "/pets",
      key: "' OR 1=1 --",
      status: 401,
      code: "unauthorized",
    },
    {
      name: "a valid key's prefix",
      method: "GET",
      path: "/pets",
      key: "pk_enterprise_",
      status: 401,
      code: "unauthorized",
    },
    {
      name: "a valid key sent twice",
      method: "GET",
      path: "/pets",
      key: "TWICE",
      status: 401,
      code: "unauthorized",
    },
  ];
}

async function send(testCase: Case): Promise<RawAnswer> {
  const headers: Record<string, string> = { ...testCase.headers };
  const hasBody = testCase.body !== undefined || testCase.json !== undefined;
  if (hasBody && testCase.headers === undefined) headers["content-type"] = "application/json";
  let sentKey = testCase.key === undefined ? key : testCase.key;
  if (sentKey === "TWICE") sentKey = `${key}, ${key}`;
  return h.send(testCase.method, testCase.path, {
    ...(sentKey === null ? {} : { key: sentKey }),
    headers,
    ...(testCase.json !== undefined ? { body: JSON.stringify(testCase.json) } : {}),
    ...(testCase.body !== undefined ? { body: testCase.body as BodyInit } : {}),
  });
}

function expectDocumentedError(answer: RawAnswer, testCase: Case): void {
  expect(answer.status, testCase.name).toBeLessThan(500);
  expect({ status: answer.status, body: answer.body }, testCase.name).toMatchObject({
    status: testCase.status,
    body: { code: testCase.code, status: testCase.status },
  });
  if (testCase.message !== undefined) {
    expect((answer.body as { message: string }).message, testCase.name).toMatch(testCase.message);
  }
  // Status declared for the operation (or Error for 404/405), headers and body per the spec.
  expect(answer.violations, testCase.name).toEqual([]);
}

describe("bad input gets the documented 4xx and an Error body, never a 5xx", () => {
  it.each(bodyCases().map((testCase) => [testCase.name, testCase] as const))(
    "body: %s",
    async (_name, testCase) => {
      expectDocumentedError(await send(testCase), testCase);
    },
  );

  it.each(pathAndQueryCases().map((testCase) => [testCase.name, testCase] as const))(
    "%s",
    async (_name, testCase) => {
      expectDocumentedError(await send(testCase), testCase);
    },
  );

  it("texts that are not decimal integers (0x10, 0b1, 0o7, spaces) are 400, not read as numbers", async () => {
    const answers: string[] = [];
    for (const testCase of nonDecimalCases()) {
      const answer = await send(testCase);
      expect(answer.status, testCase.name).toBeLessThan(500);
      answers.push(
        `${testCase.name} → ${answer.status}${answer.status === 400 ? "" : ` ${answer.text}`}`,
      );
    }
    expect(answers).toEqual(nonDecimalCases().map((testCase) => `${testCase.name} → 400`));
  });

  it.each(keyCases().map((testCase) => [testCase.name, testCase] as const))(
    "key: %s",
    async (_name, testCase) => {
      expectDocumentedError(await send(testCase), testCase);
    },
  );

  it("GET /pets/%ZZ (getPet, deprecated): 400 that still carries Deprecation and Sunset", async () => {
    const answer = await send({
      name: "getPet bad escape",
      method: "GET",
      path: "/pets/%ZZ",
      status: 400,
      code: "validation_failed",
    });
    expectDocumentedError(answer, {
      name: "getPet bad escape",
      method: "GET",
      path: "/pets/%ZZ",
      status: 400,
      code: "validation_failed",
    });
  });

  it("a body streamed without Content-Length is cut off at 1 MiB (413)", async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Bounded: at most 4 MiB, whatever the server does.
        if (sent >= 4 * MIB) controller.close();
        else {
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        }
      },
    });
    let answer: Response | undefined;
    try {
      answer = await fetch(`${h.baseUrl}/categories`, {
        method: "POST",
        headers: { "x-api-key": key, "content-type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit);
    } catch (error) {
      // The server may close the connection while the upload is still going: also a refusal.
      expect(String(error)).toMatch(/fetch failed|socket|reset|closed/i);
      return;
    }
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ code: "payload_too_large", status: 413 });
  });

  it("exactly 1 MiB is accepted (the limit is inclusive)", async () => {
    const answer = await h.send("POST", "/categories", {
      key,
      headers: { "content-type": "application/json" },
      body: padded('{"name":"Exactly 1 MiB"}', MIB),
    });
    expect(answer.status).toBe(201);
    expect(answer.violations).toEqual([]);
  });

  it("media types: parameters and case are accepted", async () => {
    const charset = await h.send("POST", "/categories", {
      key,
      headers: { "content-type": "application/json; charset=utf-8" },
      body: '{"name":"Charset"}',
    });
    expect(charset.status).toBe(201);
    const upper = await h.send("POST", "/categories", {
      key,
      headers: { "content-type": "Application/JSON" },
      body: '{"name":"Upper"}',
    });
    expect(upper.status).toBe(201);
  });

  it("unknown query parameters are ignored", async () => {
    const answer = await h.send("GET", "/pets?foo=bar&__proto__=x&constructor=y", { key });
    expect(answer.status).toBe(200);
    expect(answer.violations).toEqual([]);
  });

  it("nothing was polluted and nothing refused was stored", async () => {
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    const names = h.server.state.listCategories().map((category) => category.name);
    expect(names).not.toContain("Proto");
    expect(names).not.toContain("Fish");
    expect(h.server.state.listPets().map((pet) => pet.name)).toEqual(["Rex"]);
    expect(h.server.state.inventory()).toEqual([{ petId, quantity: 10, status: "available" }]);
    expect(h.serverErrors).toEqual([]);
  });
});

/** One raw HTTP/1.1 exchange over a socket, for bytes `fetch` and `node:http` refuse to send. */
function rawExchange(request: Buffer): Promise<{ status: number; head: string; body: string }> {
  const { port } = new URL(h.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.setTimeout(5000, () => socket.destroy(new Error("no answer within 5 s")));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const [head = "", body = ""] = text.split("\r\n\r\n", 2);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body });
    });
  });
}

describe("keys that HTTP parsers refuse", () => {
  it("keys with control characters (\\x01, DEL, NUL) get 400 with a JSON Error body", async () => {
    const answers: unknown[] = [];
    for (const hostile of ["pk_\x01free", "pk_\x7ffree", "pk_\x00free"]) {
      const answer = await rawExchange(
        Buffer.from(
          `GET /pets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${hostile}\r\nConnection: close\r\n\r\n`,
          "latin1",
        ),
      );
      expect(answer.status, JSON.stringify(hostile)).toBe(400);
      let body: unknown;
      try {
        body = JSON.parse(answer.body);
      } catch {
        body = answer.body;
      }
      answers.push({ key: JSON.stringify(hostile), head: answer.head.split("\r\n"), body });
    }
    // The spec: every 4xx has a JSON `Error` body (and the X-RateLimit-* headers).
    for (const answer of answers) {
      expect(answer).toMatchObject({ body: { code: "validation_failed", status: 400 } });
    }
  });

  it("a key larger than Node's header limit (16 KiB) is refused with a 4xx, not a 5xx", async () => {
    const answer = await rawExchange(
      Buffer.from(
        `GET /pets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${"k".repeat(20_000)}\r\nConnection: close\r\n\r\n`,
        "latin1",
      ),
    );
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });
});
