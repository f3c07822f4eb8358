/**
 * Per-call options (issue 34 item 1): `timeoutMs` and `retry` on a call of the typed client
 * compile (this file is type-checked) and override the client's, over real HTTP against
 * purpose-built servers on 127.0.0.1.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createPetStoreClient } from "../../generated/client.js";
import {
  startScriptedServer,
  startSilentServer,
  type PurposeServer,
} from "../templates/client/purpose-servers.js";

const servers: PurposeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
async function track(server: Promise<PurposeServer>): Promise<PurposeServer> {
  const started = await server;
  servers.push(started);
  return started;
}

const unavailable = {
  status: 503,
  headers: { "content-type": "application/json" },
  body: '{"code":"down","message":"down"}',
};
const fast = { baseDelayMs: 1, maxDelayMs: 1 };
const quiet = { onDeprecation: () => undefined };

describe("per-call retry", () => {
  it("retry: false on a call turns off the client's retries", async () => {
    const server = await track(startScriptedServer(unavailable));
    const api = createPetStoreClient({
      baseUrl: server.url,
      apiKey: "k",
      retry: { maxRetries: 3, ...fast },
      ...quiet,
    });
    const result = await api.listPets({ query: { limit: 1 }, retry: false });
    expect(result.status).toBe(503);
    expect(server.received).toHaveLength(1);
  });

  it("a call's partial policy replaces only the fields it gives", async () => {
    const server = await track(startScriptedServer(unavailable));
    const api = createPetStoreClient({
      baseUrl: server.url,
      apiKey: "k",
      retry: { maxRetries: 0, ...fast },
      ...quiet,
    });
    const result = await api.listPets({ retry: { maxRetries: 2 } });
    expect(result.status).toBe(503);
    expect(server.received).toHaveLength(3); // 1 + 2 retries, with the client's 1 ms delays
    expect((await api.listPets()).status).toBe(503);
    expect(server.received).toHaveLength(4); // the client's own policy is unchanged
  });
});

describe("per-call timeoutMs", () => {
  it("bounds the call's attempts, over the client's", async () => {
    const server = await track(startSilentServer());
    const api = createPetStoreClient({
      baseUrl: server.url,
      apiKey: "k",
      timeoutMs: 60_000,
      retry: false,
      ...quiet,
    });
    const started = performance.now();
    const error = await api
      .listPets({ query: { limit: 1 }, timeoutMs: 100 })
      .catch((e: unknown) => e);
    expect((error as DOMException).name).toBe("TimeoutError");
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("deadlineMs: the whole call", () => {
  const limited = {
    status: 429,
    headers: { "content-type": "application/json", "retry-after": "3" },
    body: '{"code":"rate_limited","message":"slow down"}',
  };

  it("a retry whose Retry-After wait would pass the deadline is not made: the 429 comes back at once", async () => {
    const server = await track(startScriptedServer(limited));
    const api = createPetStoreClient({
      baseUrl: server.url,
      apiKey: "k",
      rateLimitState: "own",
      ...quiet,
    });
    const started = performance.now();
    const result = await api.listPets({ timeoutMs: 1_000, deadlineMs: 1_000 });
    expect(result.status).toBe(429);
    expect(performance.now() - started).toBeLessThan(900);
    expect(server.received).toHaveLength(1);
  });

  it("bounds the rate-limit hold: a held call rejects with a TimeoutError naming deadlineMs", async () => {
    const server = await track(startScriptedServer(limited));
    const api = createPetStoreClient({
      baseUrl: server.url,
      apiKey: "k",
      rateLimitState: "own",
      retry: false,
      ...quiet,
    });
    expect((await api.listPets()).status).toBe(429); // the state now holds every call for 3 s
    const started = performance.now();
    const error = await api.listPets({ deadlineMs: 300 }).catch((e: unknown) => e);
    const elapsed = performance.now() - started;
    expect((error as DOMException).name).toBe("TimeoutError");
    expect((error as DOMException).message).toMatch(
      /^listPets \(GET http:\/\/127\.0\.0\.1:\d+\/pets, deadlineMs\) was aborted due to timeout \(300 ms\)/,
    );
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(1_500);
    expect(server.received).toHaveLength(1);
  });

  it("bounds attempts and retries together (client option)", async () => {
    const server = await track(startSilentServer());
    const api = createPetStoreClient({
      baseUrl: server.url,
      apiKey: "k",
      timeoutMs: 200,
      deadlineMs: 500,
      retry: { maxRetries: 10, ...fast },
      ...quiet,
    });
    const started = performance.now();
    const error = await api.listPets().catch((e: unknown) => e);
    expect((error as DOMException).name).toBe("TimeoutError");
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(server.received.length).toBeLessThanOrEqual(3);
  });
});
