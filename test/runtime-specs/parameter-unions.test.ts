/**
 * OpenAPI 3.1 parameters whose schema is a union: the first branch that matches keeps its
 * coercion (Ajv 2020 would otherwise run the later branches too and coerce `true` back to "true"),
 * and 2020-12 keywords (`prefixItems`) still hold.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFixture, type GeneratedFixture } from "./serve-fixture.js";

let fixture: GeneratedFixture;
let server: { baseUrl: string; close(): Promise<void> };
beforeAll(async () => {
  fixture = await generateFixture("parameter-unions.yaml");
  server = await fixture.serve({
    listSessions: (request: { query: unknown }) => ({
      status: 200,
      body: { query: request.query },
    }),
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
  fixture?.remove();
});

async function get(
  query: string,
): Promise<{ status: number; body: { query?: unknown; detail?: string } }> {
  const response = await fetch(`${server.baseUrl}/sessions?${query}`);
  return {
    status: response.status,
    body: (await response.json()) as { query?: unknown; detail?: string },
  };
}

describe("OpenAPI 3.1 union parameters", () => {
  it("keep the coercion of the first branch that matches", async () => {
    expect((await get("roots=true&limit=5")).body.query).toEqual({ roots: true, limit: 5 });
    expect((await get("roots=false&limit=all")).body.query).toEqual({ roots: false, limit: "all" });
  });

  it("still apply 2020-12 keywords inside an object parameter", async () => {
    expect((await get("since[gt]=1.5&since[ids][]=7&since[ids][]=x")).body.query).toEqual({
      since: { gt: 1.5, ids: [7, "x"] },
    });
    const bad = await get("since[ids][]=x");
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe("query.since.ids[0] must be integer (type)");
    expect((await get("limit=some")).status).toBe(400);
  });
});
