/**
 * Handlers are found by the name the generated `Handlers` interface and stubs use (the camelCase
 * of the operationId), whatever the operationId's casing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFixture, type GeneratedFixture } from "./serve-fixture.js";

let fixture: GeneratedFixture;
beforeAll(async () => {
  fixture = await generateFixture("operation-id-casing.yaml");
}, 120_000);
afterAll(() => fixture?.remove());

const CALLS = [
  ["POST", "/services", "CreateService", "createService"],
  ["POST", "/payments", "post-payments", "postPayments"],
  ["GET", "/responses/r1", "beta_getResponse", "betaGetResponse"],
  ["GET", "/pets", "pets.list", "petsList"],
  ["GET", "/things", "listThings", "listThings"],
  ["GET", "/SHOUT", "GET_SHOUTING_THING", "getShoutingThing"],
] as const;

describe("operationIds in every casing", () => {
  it("the generated stubs use the camelCase names, and the descriptor records them", () => {
    const stubs = (fixture.server["createFixtureStubs"] as () => Record<string, unknown>)();
    expect(Object.keys(stubs).sort()).toEqual(CALLS.map((call) => call[3]).sort());
    for (const [, , operationId, name] of CALLS) {
      const operation = fixture.server.API.operations.find(
        (candidate) => candidate.operationId === operationId,
      );
      expect(operation?.handlerName ?? operation?.operationId).toBe(name);
    }
  });

  it("a handler written under its generated name is called (no 501)", async () => {
    const stubs = (fixture.server["createFixtureStubs"] as () => Record<string, unknown>)();
    const handlers: Record<string, unknown> = { ...stubs };
    for (const [, , , name] of CALLS)
      handlers[name] = () => ({ status: 200, body: { handler: name } });
    const server = await fixture.serve(handlers, { validateResponses: true });
    try {
      for (const [method, path, , name] of CALLS) {
        const response = await fetch(`${server.baseUrl}${path}`, { method });
        expect(response.status, `${method} ${path}`).toBe(200);
        expect(await response.json()).toEqual({ handler: name });
      }
    } finally {
      await server.close();
    }
  });

  it("a stub still answers 501 naming the operationId as the spec writes it", async () => {
    const stubs = (fixture.server["createFixtureStubs"] as () => Record<string, unknown>)();
    const server = await fixture.serve(stubs);
    try {
      const response = await fetch(`${server.baseUrl}/payments`, { method: "POST" });
      expect(response.status).toBe(501);
      expect(JSON.stringify(await response.json())).toContain("post-payments");
    } finally {
      await server.close();
    }
  });
});
