/**
 * The generic contract tests: every operation of spec/openapi.yaml, found in the spec rather than
 * listed by hand, is sent a request derived from the spec (example-requests.ts) over real HTTP
 * against the reference server, and every answer is checked by the independent validator. An
 * operation the spec adds is routed, authenticated, rate-limited and answers `501
 * not_implemented` from its generated stub until the reference server implements it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, startContractServer, type ContractServer } from "./harness.js";
import { exampleRequests } from "./example-requests.js";

const MINUTE = 60_000;
const requests = exampleRequests();
let h: ContractServer;

beforeAll(async () => {
  h = await startContractServer({
    seed: true,
    planLimits: {
      enterprise: { perMinute: 100_000, perDay: 1_000_000 },
      tiny: { perMinute: 1, perDay: 10_000 },
    },
    extraKeys: [{ key: "tiny-every-op", plan: "tiny", caller: { name: "tiny", plan: "tiny" } }],
  });
});

afterAll(async () => {
  await h.close();
});

describe("every operation of the spec", () => {
  it("derives a request for each operation", () => {
    expect(requests.length).toBeGreaterThan(0);
    expect(new Set(requests.map((request) => request.operationId)).size).toBe(requests.length);
  });

  it("answers its example request with a status it declares (501 when not implemented), as the spec says", async () => {
    const key = h.key("enterprise");
    for (const request of requests) {
      const answer = await h.send(request.method, request.path, { key, json: request.json });
      const where = `${request.operationId} ${request.method} ${request.path} → ${answer.status}`;
      expect(h.log.exchanges.at(-1)?.operationId, where).toBe(request.operationId);
      expect(answer.violations, where).toEqual([]);
      expect([...request.declared, "501"], where).toContain(String(answer.status));
    }
    expect(h.serverErrors).toEqual([]);
  });

  it("answers 401 unauthorized without a key and with an unknown key", async () => {
    for (const request of requests) {
      for (const key of [undefined, "pk_not-a-real-key"]) {
        const answer = await h.send(request.method, request.path, { key, json: request.json });
        expect(answer.violations, request.operationId).toEqual([]);
        expectError(answer, 401, "unauthorized");
      }
    }
  });

  it("answers 429 rate_limited once the key's minute is used up", async () => {
    for (const request of requests) {
      h.clock = h.clock - (h.clock % MINUTE) + MINUTE + 20_000; // 20 s into a new minute
      const first = requests[0];
      if (first === undefined) throw new Error("no operation");
      await h.send(first.method, first.path, { key: "tiny-every-op", json: first.json });
      const answer = await h.send(request.method, request.path, {
        key: "tiny-every-op",
        json: request.json,
      });
      expect(answer.violations, request.operationId).toEqual([]);
      expectError(answer, 429, "rate_limited");
      expect(answer.headers.get("retry-after"), request.operationId).toBe("40");
    }
  });
});
