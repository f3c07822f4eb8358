/**
 * A validator that calls two copies of one recursive component (a direct `$ref` and a `$ref` to a
 * path pointer that leads to it): the module compiles, and both roads validate what they should.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFixture, type GeneratedFixture } from "./serve-fixture.js";

let fixture: GeneratedFixture;
let server: { baseUrl: string; close(): Promise<void> };
let answer: unknown;
beforeAll(async () => {
  fixture = await generateFixture("ref-copies.yaml");
  server = await fixture.serve(
    {
      getZone: () => ({ status: 200, body: answer }),
      createZone: () => ({ status: 204 }),
    },
    { validateResponses: true },
  );
}, 120_000);
afterAll(async () => {
  await server?.close();
  fixture?.remove();
});

const deep = (id: unknown) => ({ id: "a", rules: { transitions: [{ after: { id } }] } });

describe("a validator calling two copies of one recursive component", () => {
  it("validates through the direct ref and through the path pointer", async () => {
    answer = { after: deep("b"), before: deep("c") };
    expect((await fetch(`${server.baseUrl}/zones`)).status).toBe(200);
    for (const broken of [{ after: deep(1) }, { before: deep(1) }, { before: { rules: {} } }]) {
      answer = broken;
      expect((await fetch(`${server.baseUrl}/zones`)).status, JSON.stringify(broken)).toBe(500);
    }
  });

  it("validates request bodies that use the same component", async () => {
    const post = (body: unknown) =>
      fetch(`${server.baseUrl}/zones`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await post({ offset: deep("x") })).status).toBe(204);
    expect((await post({ offset: deep(2) })).status).toBe(400);
  });
});
