/**
 * Middleware over real HTTP. The same middleware objects run on the typed client's runtime and
 * on the raw openapi-fetch client (`createPetStoreRawClient`), and the hooks must be called in the
 * same order with the same effect: that is the parity with openapi-fetch 0.17. Then what only
 * the typed client has: `onRequest` on every attempt (a refreshed token on the retry), the same
 * call id across attempts, and `use`/`eject` on the generated client.
 */
import type { Middleware as OpenapiFetchMiddleware } from "openapi-fetch";
import { afterEach, describe, expect, expectTypeOf, it } from "vitest";
import { createPetStoreClient } from "../../../generated/client.js";
import { createPetStoreRawClient } from "../../../generated/raw-client.js";
import {
  createClientRuntime,
  type ClientMiddlewareApi,
  type ClientOperationDescriptor,
  type Middleware,
} from "../../../templates/client/index.js";
import {
  startResettingServer,
  startScriptedServer,
  type PurposeServer,
  type ScriptedAnswer,
} from "./purpose-servers.js";

const getPetById: ClientOperationDescriptor = {
  operationId: "getPetById",
  method: "get",
  path: "/pets/by-id/{petId}",
  secured: true,
};
const API_KEY = { in: "header", name: "X-API-Key" } as const;
const pet = (id: number): ScriptedAnswer => ({
  status: 200,
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ id, name: "Rex", categoryId: 1 }),
});

const servers: PurposeServer[] = [];
async function track(server: Promise<PurposeServer>): Promise<PurposeServer> {
  const started = await server;
  servers.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Middleware that logs its hooks into `log` under `name`, optionally doing more. */
function logging(name: string, log: string[], extra: Partial<Middleware> = {}): Middleware {
  return {
    onRequest: (params) => {
      log.push(
        `${name}.onRequest ${params.request.method} ${new URL(params.request.url).pathname} ${params.schemaPath}`,
      );
      return extra.onRequest?.(params);
    },
    onResponse: (params) => {
      log.push(`${name}.onResponse ${params.response.status}`);
      return extra.onResponse?.(params);
    },
    onError: (params) => {
      log.push(
        `${name}.onError ${params.error instanceof Error ? params.error.message : String(params.error)}`,
      );
      return extra.onError?.(params);
    },
  };
}

/** Runs the same scenario on both clients: returns each client's log and outcome. */
async function onBoth(
  server: PurposeServer,
  middleware: (log: string[]) => Middleware[],
): Promise<Record<"typed" | "raw", { log: string[]; outcome: unknown }>> {
  const out = {} as Record<"typed" | "raw", { log: string[]; outcome: unknown }>;
  const typedLog: string[] = [];
  const typed = createClientRuntime({ baseUrl: server.url, apiKey: "k", retry: false }, API_KEY);
  typed.use(...middleware(typedLog));
  out.typed = {
    log: typedLog,
    outcome: await typed.call(getPetById, { path: { petId: 1 } }).then(
      (result) => ({ status: result.response.status, data: result.data }),
      (error: unknown) => ({ thrown: error instanceof Error ? error.message : String(error) }),
    ),
  };
  const rawLog: string[] = [];
  const raw = createPetStoreRawClient({ baseUrl: server.url, apiKey: "k" });
  raw.use(...middleware(rawLog));
  out.raw = {
    log: rawLog,
    outcome: await raw.GET("/pets/by-id/{petId}", { params: { path: { petId: 1 } } }).then(
      (result) => ({ status: result.response.status, data: result.data }),
      (error: unknown) => ({ thrown: error instanceof Error ? error.message : String(error) }),
    ),
  };
  return out;
}

describe("middleware: the same order and effects as openapi-fetch 0.17", () => {
  it("onRequest in order of use, onResponse in reverse; a returned Request is sent", async () => {
    const server = await track(startScriptedServer(pet(1)));
    const both = await onBoth(server, (log) => [
      logging("a", log, {
        onRequest: ({ request }) => {
          const next = new Request(request);
          next.headers.set("x-trace", "t-1");
          return next;
        },
      }),
      logging("b", log),
    ]);
    const expected = [
      "a.onRequest GET /pets/by-id/1 /pets/by-id/{petId}",
      "b.onRequest GET /pets/by-id/1 /pets/by-id/{petId}",
      "b.onResponse 200",
      "a.onResponse 200",
    ];
    expect(both.typed.log).toEqual(expected);
    expect(both.raw.log).toEqual(expected);
    expect(both.typed.outcome).toEqual(both.raw.outcome);
    expect(
      server.received.map((request) => [request.headers["x-trace"], request.headers["x-api-key"]]),
    ).toEqual([
      ["t-1", "k"],
      ["t-1", "k"],
    ]);
  });

  it("an onRequest Response answers without the network: later onRequest and every onResponse are skipped", async () => {
    const server = await track(startScriptedServer(pet(1)));
    const both = await onBoth(server, (log) => [
      logging("a", log),
      logging("b", log, {
        onRequest: () => Response.json({ id: 99, name: "Cached", categoryId: 1 }),
      }),
      logging("c", log),
    ]);
    const expected = [
      "a.onRequest GET /pets/by-id/1 /pets/by-id/{petId}",
      "b.onRequest GET /pets/by-id/1 /pets/by-id/{petId}",
    ];
    expect(both.typed.log).toEqual(expected);
    expect(both.raw.log).toEqual(expected);
    expect(both.typed.outcome).toEqual({
      status: 200,
      data: { id: 99, name: "Cached", categoryId: 1 },
    });
    expect(both.raw.outcome).toEqual(both.typed.outcome);
    expect(server.received).toHaveLength(0);
  });

  it("onResponse may replace the response", async () => {
    const server = await track(startScriptedServer(pet(1)));
    const both = await onBoth(server, (log) => [
      logging("a", log),
      logging("b", log, {
        onResponse: () => Response.json({ id: 2, name: "Swapped", categoryId: 1 }),
      }),
    ]);
    expect(both.typed.outcome).toEqual({
      status: 200,
      data: { id: 2, name: "Swapped", categoryId: 1 },
    });
    expect(both.raw.outcome).toEqual(both.typed.outcome);
    expect(both.typed.log).toEqual(both.raw.log);
  });

  it("onError in reverse: an Error replaces the error, a Response recovers (then onResponse runs)", async () => {
    const server = await track(startResettingServer());
    const both = await onBoth(server, (log) => [
      logging("a", log),
      logging("b", log, {
        onError: () => Response.json({ id: 5, name: "Fallback", categoryId: 1 }),
      }),
      logging("c", log, { onError: () => new Error("wrapped by c") }),
    ]);
    const expected = [
      "a.onRequest GET /pets/by-id/1 /pets/by-id/{petId}",
      "b.onRequest GET /pets/by-id/1 /pets/by-id/{petId}",
      "c.onRequest GET /pets/by-id/1 /pets/by-id/{petId}",
      "c.onError fetch failed",
      "b.onError wrapped by c",
      "c.onResponse 200",
      "b.onResponse 200",
      "a.onResponse 200",
    ];
    expect(both.typed.log).toEqual(expected);
    expect(both.raw.log).toEqual(expected);
    expect(both.typed.outcome).toEqual({
      status: 200,
      data: { id: 5, name: "Fallback", categoryId: 1 },
    });
    expect(both.raw.outcome).toEqual(both.typed.outcome);
  });

  it("an Error from onError is thrown as is when nothing recovers", async () => {
    const server = await track(startResettingServer());
    const both = await onBoth(server, (log) => [
      logging("a", log, { onError: () => new Error("offline, try later") }),
    ]);
    expect(both.typed.outcome).toEqual({ thrown: "offline, try later" });
    expect(both.raw.outcome).toEqual(both.typed.outcome);
  });

  it("eject removes middleware; use rejects a non-middleware", async () => {
    const server = await track(startScriptedServer(pet(1)));
    const log: string[] = [];
    const runtime = createClientRuntime({ baseUrl: server.url, retry: false });
    const a = logging("a", log);
    runtime.use(a);
    runtime.eject(a);
    await runtime.call(getPetById, { path: { petId: 1 } });
    expect(log).toEqual([]);
    expect(() => runtime.use({} as Middleware)).toThrow(TypeError);
  });

  it("has openapi-fetch's types: its Middleware is ours and ours is its", () => {
    expectTypeOf<OpenapiFetchMiddleware>().toExtend<Middleware>();
    expectTypeOf<Middleware>().toExtend<OpenapiFetchMiddleware>();
  });
});

describe("middleware on every attempt", () => {
  it("runs onRequest again on a retry (a refreshed token), with the same call id", async () => {
    const server = await track(startScriptedServer({ status: 503 }, pet(1)));
    let token = 0;
    const ids: string[] = [];
    const runtime = createClientRuntime({
      baseUrl: server.url,
      retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 1 },
    });
    runtime.use({
      onRequest: ({ request, id }) => {
        ids.push(id);
        request.headers.set("authorization", `Bearer token-${++token}`);
        return request;
      },
    });
    expect((await runtime.call(getPetById, { path: { petId: 1 } })).status).toBe(200);
    expect(server.received.map((request) => request.headers["authorization"])).toEqual([
      "Bearer token-1",
      "Bearer token-2",
    ]);
    expect(new Set(ids).size).toBe(1);
  });

  it("the generated client exposes use and eject", async () => {
    const server = await track(startScriptedServer(pet(3), pet(3), pet(3)));
    const client = createPetStoreClient({ baseUrl: server.url, apiKey: "k" }) as ReturnType<
      typeof createPetStoreClient
    > &
      ClientMiddlewareApi;
    const seen: string[] = [];
    const middleware: Middleware = {
      onResponse: ({ response, params }) =>
        void seen.push(`${response.status} ${JSON.stringify(params.path)}`),
    };
    client.use(middleware);
    expect((await client.getPetById({ path: { petId: 3 } })).data).toEqual({
      id: 3,
      name: "Rex",
      categoryId: 1,
    });
    client.eject(middleware);
    await client.getPetById({ path: { petId: 3 } });
    expect(seen).toEqual(['200 {"petId":3}']);
    // params are the parameter groups only, as openapi-fetch passes them
    const params: unknown[] = [];
    client.use({ onRequest: ({ params: given }) => void params.push(given) });
    await client.getPetById({
      path: { petId: 3 },
      signal: new AbortController().signal,
      headers: { "x-a": "1" },
    });
    expect(params).toEqual([{ path: { petId: 3 } }]);
  });
});
