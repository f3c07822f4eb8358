/**
 * A rate-limit store that is down, failing closed: every operation answers 503
 * `service_unavailable` with `Retry-After` and the `X-RateLimit-*` headers the spec declares
 * (Remaining 0, Reset at the retry), never a 500 and without running the handler. The store is
 * the real Redis store on a real ioredis client, pointed at a port where nothing listens.
 */
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATIONS } from "../../generated/client.js";
import { createRedisStore } from "../../generated/runtime/server/stores/redis-store.js";
import { startContractServer, type ContractServer } from "./harness.js";

/** A port on 127.0.0.1 where nothing listens (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

let h: ContractServer;
let store: ReturnType<typeof createRedisStore>;
let handlerCalls = 0;

beforeAll(async () => {
  store = createRedisStore({
    url: `redis://127.0.0.1:${await closedPort()}`,
    onUnavailable: "closed",
    timeoutMs: 50,
  });
  h = await startContractServer({
    rateLimitStore: store,
    wrapHandlers: (handlers) => {
      const counted = { ...handlers };
      for (const name of Object.keys(counted)) {
        const original = (handlers as unknown as Record<string, (...args: unknown[]) => unknown>)[
          name
        ]!;
        (counted as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
          handlerCalls += 1;
          return original.apply(handlers, args);
        };
      }
      return counted;
    },
  });
});

afterAll(async () => {
  await h?.close();
  await store?.close();
});

describe("the rate-limit store is down and the server fails closed", () => {
  it("every operation answers 503 service_unavailable with Retry-After and the declared headers", async () => {
    const key = h.key("free");
    for (const operation of Object.values(OPERATIONS)) {
      const path = operation.path.replace(/\{[^}]+\}/g, "1");
      const answer = await h.send(operation.method.toUpperCase(), path, {
        key,
        ...("bodyMediaType" in operation ? { json: {} } : {}),
      });
      expect(answer.status, operation.operationId).toBe(503);
      expect(answer.body, operation.operationId).toMatchObject({
        code: "service_unavailable",
        status: 503,
      });
      const retryAfter = Number(answer.headers.get("retry-after"));
      expect(retryAfter, operation.operationId).toBeGreaterThanOrEqual(1);
      expect(answer.headers.get("x-ratelimit-remaining"), operation.operationId).toBe("0");
      expect(answer.headers.get("x-ratelimit-limit"), operation.operationId).toBe("60");
      expect(Number(answer.headers.get("x-ratelimit-reset")), operation.operationId).toBe(
        Math.ceil(h.clock / 1000) + retryAfter,
      );
    }
    // every answer is checked against the spec (status declared, headers, Error body)
    h.log.expectNoViolations();
    const seen = h.log.statusesSeen();
    for (const operation of Object.values(OPERATIONS))
      expect(seen.get(operation.operationId)?.has(503), operation.operationId).toBe(true);
    expect(handlerCalls).toBe(0);
    expect(h.serverErrors).toEqual([]);
  }, 60_000);
});
