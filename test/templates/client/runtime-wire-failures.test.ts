/**
 * What a failed call says, over real HTTP against purpose-built servers: connection resets and
 * refusals (retried for retry-safe calls, then a `RequestFailedError` with the original error as
 * `cause`, naming the operation and the URL without its query); a 503 then 201 on an
 * idempotency-keyed POST (retried with the same key); non-JSON and empty error bodies
 * (`UnexpectedResponseBody`); `throwOnError` (`ApiError`); `validateResponse`; `apiKey` as a
 * function (called per attempt).
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  ApiError,
  RequestFailedError,
  UnexpectedResponseBody,
  createClientRuntime,
  type ClientOperationDescriptor,
  type ResponseValidationContext,
} from "../../../templates/client/index.js";
import {
  activeTimers,
  closedPortUrl,
  startResettingServer,
  startScriptedServer,
  type PurposeServer,
} from "./purpose-servers.js";

const listPets: ClientOperationDescriptor = {
  operationId: "listPets",
  method: "get",
  path: "/pets",
  secured: true,
};
const createPet: ClientOperationDescriptor = {
  operationId: "createPet",
  method: "post",
  path: "/pets",
  bodyMediaType: "application/json",
  secured: true,
};
const createPetKeyed: ClientOperationDescriptor = {
  ...createPet,
  idempotencyKeyHeader: "Idempotency-Key",
};
const API_KEY = { in: "header", name: "X-API-Key" } as const;
const quick = { maxRetries: 2, baseDelayMs: 5, maxDelayMs: 5 };

const servers: PurposeServer[] = [];
async function track(server: Promise<PurposeServer>): Promise<PurposeServer> {
  const started = await server;
  servers.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const created = {
  status: 201,
  headers: { "content-type": "application/json" },
  body: '{"id":7,"name":"Rex"}',
};
const unavailable = { status: 503, headers: { "retry-after": "0" } };

describe("network errors", () => {
  it("retries a GET on connection resets, then rejects naming the operation, with the reset as cause", async () => {
    const server = await track(startResettingServer());
    const runtime = createClientRuntime(
      { baseUrl: server.url, apiKey: "secret-key", retry: quick },
      API_KEY,
    );
    const error = await runtime
      .call(listPets, { query: { token: "query-secret" } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestFailedError);
    const failure = error as RequestFailedError;
    expect(failure.message).toMatch(
      new RegExp(
        `^listPets \\(GET ${server.url}/pets\\) failed after 3 attempts: fetch failed \\(`,
      ),
    );
    expect(failure.message).not.toContain("query-secret");
    expect(failure.cause).toBeInstanceOf(TypeError); // undici's "fetch failed"
    expect(failure.attempts).toBe(3);
    expect(server.received).toHaveLength(3);
  });

  it("rejects on a refused connection (ECONNREFUSED named), after the retries", async () => {
    const url = await closedPortUrl();
    const runtime = createClientRuntime({ baseUrl: url, retry: quick });
    const error = (await runtime.call(listPets).catch((e: unknown) => e)) as RequestFailedError;
    expect(error.message).toContain("ECONNREFUSED");
    expect(error.attempts).toBe(3);
  });

  it("never retries a POST without an idempotency key after a reset", async () => {
    const server = await track(startResettingServer());
    const runtime = createClientRuntime({ baseUrl: server.url, retry: quick });
    const error = (await runtime
      .call(createPet, { body: { name: "Rex" } })
      .catch((e: unknown) => e)) as RequestFailedError;
    expect(error.message).toMatch(/^createPet \(POST .*\/pets\) failed: fetch failed/);
    expect(server.received).toHaveLength(1);
  });

  it("retries an idempotency-keyed POST after resets, with the same key each time", async () => {
    const server = await track(startResettingServer());
    const runtime = createClientRuntime({ baseUrl: server.url, retry: quick });
    await expect(runtime.call(createPetKeyed, { body: { name: "Rex" } })).rejects.toBeInstanceOf(
      RequestFailedError,
    );
    expect(server.received).toHaveLength(3);
    expect(new Set(server.received.map((request) => request.headers["idempotency-key"])).size).toBe(
      1,
    );
  });
});

describe("idempotent POST: 503 then 201", () => {
  it("retries with the same Idempotency-Key and gets the 201; a new call gets a new key", async () => {
    const server = await track(startScriptedServer(unavailable, created, created));
    const timersBefore = activeTimers();
    const runtime = createClientRuntime({ baseUrl: server.url, retry: quick, timeoutMs: 60_000 });
    const result = await runtime.call(createPetKeyed, { body: { name: "Rex" } });
    expect(result).toMatchObject({
      status: 201,
      ok: true,
      data: { id: 7, name: "Rex" },
      error: undefined,
    });
    const [first, second] = server.received;
    expect(first?.headers["idempotency-key"]).toBeDefined();
    expect(second?.headers["idempotency-key"]).toBe(first?.headers["idempotency-key"]);
    expect(second?.body).toBe(first?.body);
    await runtime.call(createPetKeyed, { body: { name: "Rex" } });
    expect(server.received[2]?.headers["idempotency-key"]).not.toBe(
      first?.headers["idempotency-key"],
    );
    expect(activeTimers()).toBeLessThanOrEqual(timersBefore); // the 60 s attempt timers were cleared
  });

  it("sends the caller's key (header parameter or header) instead of a new one", async () => {
    const server = await track(startScriptedServer(unavailable, created, created));
    const runtime = createClientRuntime({ baseUrl: server.url, retry: quick });
    await runtime.call(createPetKeyed, {
      body: { name: "Rex" },
      header: { "Idempotency-Key": "mine-1" },
    });
    await runtime.call(createPetKeyed, {
      body: { name: "Rex" },
      headers: { "idempotency-key": "mine-2" },
    });
    expect(server.received.map((request) => request.headers["idempotency-key"])).toEqual([
      "mine-1",
      "mine-1",
      "mine-2",
    ]);
  });

  it("does not retry the same POST on 503 when the operation declares no idempotency key", async () => {
    const server = await track(startScriptedServer(unavailable, created));
    const runtime = createClientRuntime({ baseUrl: server.url, retry: quick });
    const result = await runtime.call(createPet, { body: { name: "Rex" } });
    expect(result.status).toBe(503);
    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.headers["idempotency-key"]).toBeUndefined();
  });
});

describe("a failed call always says so", () => {
  it.each([
    [
      "an empty 503 from a proxy",
      { status: 503 },
      null,
      "503 Service Unavailable: empty response body",
    ],
    [
      "a 502 HTML page",
      {
        status: 502,
        headers: { "content-type": "text/html" },
        body: "<html><h1>Bad Gateway</h1></html>",
      },
      "text/html",
      "502 Bad Gateway: <html><h1>Bad Gateway</h1></html>",
    ],
    [
      "a JSON null",
      { status: 500, headers: { "content-type": "application/json" }, body: "null" },
      "application/json",
      "500 Internal Server Error: null",
    ],
  ] as const)(
    "%s gives an UnexpectedResponseBody error",
    async (_name, answer, contentType, message) => {
      const server = await track(startScriptedServer(answer));
      const runtime = createClientRuntime({ baseUrl: server.url, retry: false });
      const result = await runtime.call(listPets);
      expect(result.ok).toBe(false);
      expect(result.data).toBeUndefined();
      expect(result.error).toBeInstanceOf(UnexpectedResponseBody);
      expect(result.error).toMatchObject({ status: answer.status, contentType, message });
    },
  );

  it("caps the kept text at 64 KiB", async () => {
    const server = await track(
      startScriptedServer({
        status: 502,
        headers: { "content-type": "text/html" },
        body: "x".repeat(200_000),
      }),
    );
    const result = await createClientRuntime({ baseUrl: server.url, retry: false }).call(listPets);
    const error = result.error as UnexpectedResponseBody;
    expect(error.text).toHaveLength(65_536);
    expect(error.message).toBe(`502 Bad Gateway: ${"x".repeat(200)}…`);
  });

  it("throwOnError (client or call) rejects with an ApiError carrying the result", async () => {
    const body = '{"code":"not_found","message":"no pet 9","status":404}';
    const server = await track(
      startScriptedServer({
        status: 404,
        headers: {
          "content-type": "application/json",
          "x-ratelimit-limit": "60",
          "x-ratelimit-remaining": "59",
          "x-ratelimit-reset": "4102444800",
        },
        body,
      }),
    );
    const throwing = createClientRuntime({ baseUrl: server.url, throwOnError: true });
    const error = (await throwing.call(listPets).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      operationId: "listPets",
      status: 404,
      error: { code: "not_found" },
      rateLimit: { limit: 60, remaining: 59, reset: 4102444800 },
      message: "listPets failed with 404 Not Found: no pet 9",
    });
    expect(error.response.status).toBe(404);
    const perCall = createClientRuntime({ baseUrl: server.url });
    await expect(perCall.call(listPets, { throwOnError: true })).rejects.toBeInstanceOf(ApiError);
    expect((await perCall.call(listPets)).status).toBe(404);
    expect((await throwing.call(listPets, { throwOnError: false })).status).toBe(404);
  });

  it("validateResponse sees each final result once, after the body is read; a throw rejects", async () => {
    const server = await track(startScriptedServer(unavailable, created, created));
    const seen: ResponseValidationContext[] = [];
    const runtime = createClientRuntime({
      baseUrl: server.url,
      retry: quick,
      validateResponse: (context) => {
        seen.push(context);
        if (seen.length === 2) throw new Error("body does not match the spec");
      },
    });
    await runtime.call(createPetKeyed, { body: { name: "Rex" } });
    expect(seen).toHaveLength(1); // not the retried 503
    expect(seen[0]).toMatchObject({
      operationId: "createPet",
      status: 201,
      body: { id: 7, name: "Rex" },
    });
    expect(seen[0]?.response.bodyUsed).toBe(true);
    await expect(runtime.call(createPetKeyed, { body: { name: "Rex" } })).rejects.toThrow(
      "body does not match the spec",
    );
  });
});

describe("apiKey as a function", () => {
  it("is called per attempt, so a retry carries the rotated key", async () => {
    const server = await track(
      startScriptedServer(
        { status: 503 },
        { status: 200, headers: { "content-type": "application/json" }, body: "[]" },
      ),
    );
    let n = 0;
    const runtime = createClientRuntime(
      { baseUrl: server.url, retry: quick, apiKey: async () => `key-${++n}` },
      API_KEY,
    );
    expect((await runtime.call(listPets)).status).toBe(200);
    expect(server.received.map((request) => request.headers["x-api-key"])).toEqual([
      "key-1",
      "key-2",
    ]);
  });

  it("a function in the query is put there per attempt; a bad return value rejects clearly", async () => {
    const server = await track(
      startScriptedServer({
        status: 200,
        headers: { "content-type": "application/json" },
        body: "[]",
      }),
    );
    const runtime = createClientRuntime(
      { baseUrl: server.url, apiKey: () => "q k" },
      { in: "query", name: "api_key" },
    );
    await runtime.call(listPets, { query: { limit: 2 } });
    expect(server.received[0]?.url).toBe("/pets?limit=2&api_key=q%20k");
    const bad = createClientRuntime({ baseUrl: server.url, apiKey: () => "" }, API_KEY);
    await expect(bad.call(listPets)).rejects.toThrow(
      "The apiKey function returned an empty string",
    );
  });
});
