/**
 * A `oneOf` with a discriminator picks its branch by the tag (mapping, then schema names), so a body
 * that several branches accept is not refused; without a discriminator, "exactly one" still holds.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFixture, type GeneratedFixture } from "./serve-fixture.js";

let fixture: GeneratedFixture;
let server: { baseUrl: string; close(): Promise<void> };
beforeAll(async () => {
  fixture = await generateFixture("discriminated-bodies.yaml");
  const echo = (request: { body: unknown }) => ({ status: 200, body: { received: request.body } });
  server = await fixture.serve({ postMapped: echo, postNamed: echo, postPlain: echo });
}, 120_000);
afterAll(async () => {
  await server?.close();
  fixture?.remove();
});

async function post(
  path: string,
  body: unknown,
): Promise<{ status: number; body: { received?: unknown; detail?: string } }> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { received?: unknown; detail?: string },
  };
}

describe("discriminated oneOf bodies", () => {
  it("accept a body several branches match, picking the branch by the mapping", async () => {
    expect(await post("/mapped", { kind: "card payment", note: "n" })).toEqual({
      status: 200,
      body: { received: { kind: "card payment", note: "n" } },
    });
    expect((await post("/mapped", { kind: "bank", note: "n" })).status).toBe(200);
  });

  it("validate against the picked branch only", async () => {
    const card = await post("/mapped", { kind: "card payment", last4: "12x4" });
    expect(card.status).toBe(400);
    expect(card.body.detail).toMatch(/^body\.last4 must match pattern/);
    // valid for Card, but the tag picks Bank, whose iban rule it breaks
    const bank = await post("/mapped", { kind: "bank", iban: "x" });
    expect(bank.status).toBe(400);
    expect(bank.body.detail).toMatch(/^body\.iban must NOT have fewer than 5 characters/);
  });

  it("pick by schema name without a mapping, and refuse an unknown or missing tag", async () => {
    expect((await post("/named", { kind: "Card", note: "n" })).status).toBe(200);
    expect((await post("/named", { kind: "Bank", note: "n" })).status).toBe(200);
    const unknown = await post("/named", { kind: "Cash" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe('body.kind must be one of "Card", "Bank" (enum)');
    const missing = await post("/named", { note: "n" });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe("body must have required property 'kind' (required)");
  });

  it("keep JSON Schema's exactly-one rule without a discriminator", async () => {
    const both = await post("/plain", { kind: "Card", note: "n" });
    expect(both.status).toBe(400);
    expect(both.body.detail).toBe("body must match exactly one schema in oneOf (oneOf)");
  });
});
